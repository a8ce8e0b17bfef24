// Makes the memory snapshot that pystart.mjs keeps: a Pyodide of the page's build started for
// it, with the shared engine (game.zip, at the path the page gives it) and the standard-library
// modules it needs imported. Posts {bytes} or {error}. Page modules stay out: they hold the
// page's document and window, and a snapshot may hold no live JavaScript object.
import { loadPyodide } from "./pyodide.mjs";

try {
  const pyodide = await loadPyodide({
    indexURL: new URL("./", import.meta.url).href, _makeSnapshot: true,
  });
  const archive = await fetch(new URL("../game.zip", import.meta.url));
  if (!archive.ok) throw new Error(`game.zip: HTTP ${archive.status}`);
  pyodide.FS.writeFile("game.zip", new Uint8Array(await archive.arrayBuffer()));
  pyodide.runPython(`
import os, sys
sys.path.insert(0, os.path.abspath("game.zip"))
import asyncio, json
import inca_core, inca_core.shelf
`);
  const bytes = pyodide.makeMemorySnapshot();
  postMessage({ bytes }, [bytes.buffer]);
} catch (error) {
  postMessage({ error: String(error) });
}
