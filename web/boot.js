// Start-up helper for the Inca Empire page. It shows what is loading in #loading while Python
// starts (main.py hides it once the page is interactive) and registers the offline service worker
// once the page is ready, so the precache does not compete with the first load.
(() => {
  "use strict";
  // The board's names are drawn from the frame after the first one (style.css hides them until
  // then): text is the costliest part of the board to lay out and paint, so the map shows sooner.
  requestAnimationFrame(() => requestAnimationFrame(() => {
    document.documentElement.dataset.names = "1";
    performance.mark("board-names");
  }));
  // Start downloading the code of the game the page opens first: the one a start link names
  // (?game=, if the site has it), else the default game (views.DEFAULT_GAME). main.py fetches
  // it again once Python is up and gets these bytes.
  const archives = document.querySelector("meta[name=game-archives]");
  const games = archives ? archives.content.split(" ") : [];
  const named = new URLSearchParams(location.search).get("game");
  const first = games.includes(named) ? named : "empire";
  if (games.includes(first)) {
    const link = document.createElement("link");
    Object.assign(link, { rel: "preload", as: "fetch", href: `games/${first}.zip` });
    link.crossOrigin = "anonymous";
    link.setAttribute("fetchpriority", "low");
    document.head.appendChild(link);
  }
  const loading = document.getElementById("loading");
  // Each stage begins once all of its files have been downloaded (the page preloads them all, so
  // only the runtime's are waited for) or once PyScript reports its step (`py:progress`).
  const stages = [
    ["Loading PyScript", []],
    ["Downloading Python", ["pyscript/core.js"]],
    ["Starting Python", ["pyodide.asm.wasm", "python_stdlib.zip"]],
    ["Loading the game engine", ["py:Loading files"]],
    ["Starting the game", ["py:Loaded Pyodide"]],
  ];
  const done = new Set();
  let shown = -1;
  const update = () => {
    let stage = 0;
    while (stage + 1 < stages.length && stages[stage + 1][1].every((f) => done.has(f))) {
      stage += 1;
    }
    if (!loading || stage <= shown) return;
    shown = stage;
    loading.dataset.stage = String(stage + 1);
    loading.textContent = `${stages[stage][0]}\u2026 (step ${stage + 1} of ${stages.length})`;
  };
  const onResource = (entry) => {
    const path = entry.name.split("?")[0];
    for (const [, files] of stages) {
      for (const file of files) if (path.endsWith(file)) done.add(file);
    }
  };
  update();
  if ("PerformanceObserver" in window) {
    new PerformanceObserver((list) => {
      list.getEntries().forEach(onResource);
      update();
    }).observe({ type: "resource", buffered: true });
  }
  addEventListener("py:progress", (event) => {
    performance.mark(`py:${event.detail}`); // PyScript's steps, timed by bench/load.py
    done.add(`py:${event.detail}`);
    update();
  });

  const registerWorker = () => {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register("sw.js").catch((error) => {
      console.warn("Offline play is not available:", error);
    });
  };
  const whenReady = () => {
    if (document.body.dataset.ready === "1") {
      performance.mark("interactive"); // read by bench/load.py in every browser
      registerWorker();
      return true;
    }
    return false;
  };
  if (!whenReady()) {
    const observer = new MutationObserver(() => {
      if (whenReady()) observer.disconnect();
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  }
})();
