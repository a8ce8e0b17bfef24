// Start-up helper for the Inca Empire page. It marks embed mode (?embed=1) on <html data-embed>,
// shows what is loading in #loading while Python starts (main.py hides it once the page is
// interactive) and registers the offline service worker once the page is ready, so the precache
// does not compete with the first load.
(() => {
  "use strict";
  const params = new URLSearchParams(window.location.search);
  if (params.get("embed") === "1") document.documentElement.dataset.embed = "1";

  const loading = document.getElementById("loading");
  const stages = [
    ["pyscript/core.js", "Loading PyScript"],
    ["pyodide.asm.wasm", "Downloading Python"],
    ["python_stdlib.zip", "Loading Python's library"],
    [".whl", "Loading the game engine"],
    ["main.py", "Starting the game"],
  ];
  let reached = 0;
  const show = (stage, text) => {
    if (!loading || stage < reached) return;
    reached = stage;
    loading.dataset.stage = String(stage);
    loading.textContent = `${text}\u2026 (step ${stage} of ${stages.length})`;
  };
  show(1, stages[0][1]);
  // A finished download means the next stage has begun.
  const onResource = (entry) => {
    stages.forEach(([ending], index) => {
      if (entry.name.split("?")[0].endsWith(ending) && index + 1 < stages.length) {
        show(index + 2, stages[index + 1][1]);
      }
    });
  };
  if ("PerformanceObserver" in window) {
    new PerformanceObserver((list) => list.getEntries().forEach(onResource))
      .observe({ type: "resource", buffered: true });
  }

  const registerWorker = () => {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register("sw.js").catch((error) => {
      console.warn("Offline play is not available:", error);
    });
  };
  const whenReady = () => {
    if (document.body.dataset.ready === "1") {
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
