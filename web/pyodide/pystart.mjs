// PyScript's interpreter module (build.py's config names it): Pyodide's loadPyodide, started from
// a memory snapshot of Python kept on this device when a good one is there (docs/PAGE.md,
// "Start-up"). After a normal start, once the page is interactive and idle, a worker makes the
// snapshot (Python with the shared engine imported) and it is kept in Cache Storage under a URL
// named by SNAPSHOT_KEY, a hash of the runtime and of our code: a new deploy or a new Pyodide
// never restores an old one. Any failure (no snapshot, a stale, corrupt or too large one, storage
// refused, no Cache Storage or workers) gives a normal start, and nothing is shown.
// <html data-python-start="snapshot|normal"> says which start it was; data-snapshot="kept" once
// a snapshot was stored.
import { loadPyodide as loadNormally, version } from "./pyodide.mjs";

export { version };

const SNAPSHOT_KEY = "build.py:snapshot-key";
// Not "inca-...": the service worker deletes every such cache but its own.
const CACHE = "python-snapshot";
// A snapshot is Python's whole heap (about 31 MB with the engine imported); anything much larger
// is not one of ours.
const LIMIT = 48 * 1024 * 1024;
const ENTRY = new URL(`snapshot-${SNAPSHOT_KEY}.bin`, import.meta.url).href;
const root = document.documentElement;

export async function loadPyodide(options) {
  const snapshot = await kept();
  if (snapshot) {
    try {
      const pyodide = await loadNormally({ ...options, _loadSnapshot: snapshot });
      // The snapshot froze the generator's state: every restore would draw the same numbers.
      pyodide.runPython("import random; random.seed()");
      root.dataset.pythonStart = "snapshot";
      return pyodide;
    } catch (error) {
      console.warn("Starting Python without its snapshot:", error);
      await forget(() => true);
    }
  }
  const pyodide = await loadNormally(options);
  root.dataset.pythonStart = "normal";
  afterStart(makeSnapshot);
  return pyodide;
}

/** The kept snapshot's bytes, or null; drops stale and oversized entries. */
async function kept() {
  try {
    if (!self.caches) return null;
    await forget((url) => url !== ENTRY);
    const response = await (await caches.open(CACHE)).match(ENTRY);
    if (!response) return null;
    const blob = await response.blob();
    if (blob.size > LIMIT) {
      await forget(() => true);
      return null;
    }
    return new Uint8Array(await blob.arrayBuffer());
  } catch {
    return null;
  }
}

/** Delete the kept entries whose URL passes ``which``. */
async function forget(which) {
  try {
    const cache = await caches.open(CACHE);
    for (const request of await cache.keys()) {
      if (which(request.url)) await cache.delete(request);
    }
  } catch {
    // Storage refused: nothing is kept, so nothing is restored.
  }
}

/** Run ``task`` once the page is interactive and the browser is idle. */
function afterStart(task) {
  const idle = self.requestIdleCallback || ((f) => setTimeout(f, 1000));
  const wait = () => {
    if (document.body && document.body.dataset.ready === "1") idle(() => task(), { timeout: 5000 });
    else setTimeout(wait, 500);
  };
  wait();
}

/** Make the snapshot in a worker (the page goes on meanwhile) and keep it. */
function makeSnapshot() {
  if (!self.caches || typeof Worker === "undefined") return;
  let worker;
  try {
    worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
  } catch {
    return;
  }
  worker.onerror = () => worker.terminate();
  worker.onmessage = async ({ data }) => {
    worker.terminate();
    if (!data.bytes || data.bytes.byteLength > LIMIT) return;
    try {
      await (await caches.open(CACHE)).put(ENTRY, new Response(data.bytes));
      root.dataset.snapshot = "kept";
    } catch {
      // Storage full or refused: the next start is a normal one.
    }
  };
}
