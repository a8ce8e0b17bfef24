"""Load and response times of the built site in Chromium (Playwright), Firefox and WebKit.

    .venv/bin/python bench/load.py [--runs 3] [--clicks 30] [--query '?new=1&game=wiraqocha']
                                   [--browsers chromium,firefox,webkit]

(`python3 build.py test` or `serve` creates .venv.) Builds dist/ when needed, serves it like
Netlify (gzip, netlify.toml headers) on 127.0.0.1 and prints, as the median of the runs:

- board on screen: first contentful paint of a cold load (the pre-rendered board SVG is in the
  HTML, so the first paint shows it), and when its names follow (the frame after);
- interactive cold: navigation start to `body[data-ready="1"]` in a new browser profile, with
  when the runtime's files were downloaded, when Python was up (PyScript's "Loaded interpreter")
  and when the game's Python was unpacked (PyScript's "Loaded Pyodide", main.py runs next), and
  the CPU time the page's renderer process used until interactive;
- interactive warm: the same in that profile once the service worker is installed and the page
  has kept its memory snapshot of Python, online and offline (a fresh context never caches the
  wasm, so warm needs a persistent profile); each start says whether it restored the snapshot;
- bytes transferred cold: compressed (gzip) body bytes of the responses the page requested
  before it was interactive (its resource timing), and the bytes the server sent including the
  service worker's precache that follows;
- click to redraw: from a click on a legal road to the next frame after the page handled it
  (p50 and p95 over `--clicks` clicks of an all-human game);
- warm against first paint: interactive warm divided by the cold first paint of the same run.

Firefox and WebKit (where installed: tests/browser/cross/drivers.py drives them) get the load
figures that their own performance timeline gives: first paint, interactive cold, warm (the
same tab again once the service worker is active) and offline (the server stopped), read from
the page's `interactive` mark (boot.js) and paint timing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchlib import on_path, percentile

on_path("tests/browser", "tests/browser/cross")

import drivers  # noqa: E402
from page_helpers import new_game_url, play_roads  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from sitebuild import CHROMIUM, CHROMIUM_ARGS, build  # noqa: E402

# Records when the page became interactive and how long each click took to reach the screen.
PROBE = """
window.__bench = { ready: null, clicks: [], board: false, progress: {} };
addEventListener("py:progress", (event) => {
  window.__bench.progress[event.detail] = performance.now();
});
document.addEventListener("DOMContentLoaded", () => {
  const board = document.querySelector("#board svg");
  const box = board ? board.getBoundingClientRect() : null;
  window.__bench.board = !!box && box.width > 0 && box.height > 0;
});
new MutationObserver(() => {
  if (window.__bench.ready === null && document.body && document.body.dataset.ready === "1") {
    window.__bench.ready = performance.now();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
document.addEventListener("click", (event) => {
  const start = event.timeStamp;
  requestAnimationFrame(() => setTimeout(() => {
    window.__bench.clicks.push(performance.now() - start);
  }, 0));
}, true);
"""
# Bytes of the responses the page requested before it was interactive: the service worker's
# precache starts at that moment, so the server's own count would race with it.
FIRST_PAINT = """() => {
  const bytesUntil = (ready) => {
    const early = performance.getEntriesByType("resource").filter((e) => e.startTime < ready);
    const entries = [...performance.getEntriesByType("navigation"), ...early];
    return { sent: entries.reduce((sum, e) => sum + e.encodedBodySize, 0),
             raw: entries.reduce((sum, e) => sum + e.decodedBodySize, 0) };
  };
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const end = (suffix) => Math.max(...performance.getEntriesByType("resource")
    .filter((e) => e.name.endsWith(suffix)).map((e) => e.responseEnd));
  const names = performance.getEntriesByName("board-names")[0];
  return { fcp: paint ? paint.startTime : null, board: window.__bench.board,
           names: names ? names.startTime : null,
           downloaded: Math.max(end("pyodide.asm.wasm"), end("python_stdlib.zip")),
           python: window.__bench.progress["Loaded interpreter"],
           files: window.__bench.progress["Loaded Pyodide"],
           ...bytesUntil(window.__bench.ready) };
}"""

PYTHON_UP = "window.__bench.progress['Loaded interpreter']"


def wait_ready(page, timeout: float = 120_000) -> float:
    page.wait_for_function("() => window.__bench && window.__bench.ready !== null",
                           timeout=timeout)
    return page.evaluate("window.__bench.ready")


def launch(playwright, profile: Path):
    options = {"args": CHROMIUM_ARGS, "viewport": {"width": 1366, "height": 800}}
    if CHROMIUM.exists():
        options["executable_path"] = str(CHROMIUM)
    context = playwright.chromium.launch_persistent_context(str(profile), **options)
    context.add_init_script(PROBE)
    return context


def one_run(playwright, server, query: str = "") -> dict[str, float]:
    """Cold, warm and offline loads (of the page with ``query``) in one new profile."""
    with tempfile.TemporaryDirectory(prefix="inca-bench-") as profile:
        context = launch(playwright, Path(profile))
        page = context.pages[0] if context.pages else context.new_page()
        sent = server.bytes_sent
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
        page.goto(server.url + query)
        cold = wait_ready(page)
        metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        first = page.evaluate(FIRST_PAINT)
        cold_steps = steps(page.evaluate(TIMELINE))
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # precache done
        page.evaluate(SNAPSHOT_KEPT)
        time.sleep(0.5)
        precache_bytes = server.bytes_sent - sent
        warm = []
        for _ in range(2):
            page.goto("about:blank")
            page.goto(server.url + query)
            ready = wait_ready(page)
            warm.append((ready, page.evaluate(PYTHON_UP), steps(page.evaluate(TIMELINE))))
        context.set_offline(True)
        page.goto("about:blank")
        page.goto(server.url + query)
        offline = wait_ready(page)
        context.close()
    assert first["board"], "the pre-rendered board is not on screen"
    return {
        "board_ms": first["fcp"],
        "names_ms": first["names"],
        "cold_ms": cold,
        "cold_cpu_ms": metrics.get("ProcessTime", float("nan")) * 1000,
        "runtime_downloaded_ms": first["downloaded"],
        "python_up_ms": first["python"],
        "game_loaded_ms": first["files"],
        "warm_ms": min(warm)[0],
        "warm_python_up_ms": min(warm)[1],
        "offline_ms": offline,
        "cold_bytes": first["sent"],
        "cold_bytes_uncompressed": first["raw"],
        "cold_bytes_with_precache": precache_bytes,
        "cold_steps": cold_steps,
        "warm_steps": min(warm)[2],
    }


def click_latencies(playwright, server, clicks: int) -> list[float]:
    """Click-to-redraw times of `clicks` road clicks in an all-human 4-player game."""
    with tempfile.TemporaryDirectory(prefix="inca-bench-") as profile:
        context = launch(playwright, Path(profile))
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(new_game_url(server.url))
        wait_ready(page)
        page.evaluate("window.__bench.clicks = []")
        play_roads(page, clicks)
        result = page.evaluate("window.__bench.clicks")
        context.close()
    return result


# The page's own timeline, in any browser: its `interactive` mark, the first paint and the marks
# of PyScript's steps (boot.js): Python asked for, Python up, main.py starts.
TIMELINE = """() => {
  const at = (name) => {
    const entry = performance.getEntriesByName(name)[0];
    return entry ? entry.startTime : null;
  };
  const ready = at("interactive");
  return ready === null ? null : {
    ready, fcp: at("first-contentful-paint"), asked: at("py:Loading interpreter"),
    up: at("py:Loaded interpreter"), main: at("py:Loaded Pyodide"),
    start: document.documentElement.dataset.pythonStart || "normal" };
}"""
# Once the page has kept its memory snapshot of Python (web/pyodide/pystart.mjs), or 90 s.
SNAPSHOT_KEPT = """() => new Promise((resolve) => {
  const end = performance.now() + 90000;
  const check = () => document.documentElement.dataset.snapshot === "kept"
    || performance.now() > end ? resolve(true) : setTimeout(check, 200);
  check();
})"""
STEPS = (("asked", "Python asked for"), ("up", "Python up"), ("main", "main.py starts"),
         ("ready", "interactive"))


def steps(timeline: dict) -> str:
    """Where a start's time went: when each of PyScript's steps was reached."""
    return f"{timeline['start']} start: " + ", ".join(
        f"{label} {timeline[key]:.0f}" for key, label in STEPS if timeline.get(key) is not None)


WORKER_ACTIVE = "() => navigator.serviceWorker.ready.then((r) => r.active !== null)"


def other_browser_run(name: str, dist: Path, query: str) -> dict:
    """Cold, warm (better of two) and offline loads in ``name`` (firefox, webkit), one device."""
    server = build.SiteServer(dist).start()
    with drivers.launched(name) as browser:
        tab = browser.new_device()
        tab.goto(server.url + query)
        cold = tab.wait(TIMELINE, timeout=180)
        tab.wait(WORKER_ACTIVE, timeout=180)
        tab.wait(SNAPSHOT_KEPT, timeout=180)
        time.sleep(0.5)
        warm = []
        for _ in range(2):
            tab.goto("about:blank")
            tab.goto(server.url + query)
            warm.append(tab.wait(TIMELINE, timeout=180))
        server.shutdown()
        server.server_close()
        tab.goto("about:blank")
        tab.goto(server.url + query)
        offline = tab.wait(TIMELINE, timeout=180)["ready"]
    best = min(warm, key=lambda w: w["ready"])
    return {"board_ms": cold["fcp"] if cold["fcp"] is not None else float("nan"),
            "cold_ms": cold["ready"], "warm_ms": best["ready"], "offline_ms": offline,
            "cold_steps": steps(cold), "warm_steps": steps(best)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--query", default="",
                        help="appended to the site's URL for the loads (e.g. a start link)")
    parser.add_argument("--browsers", default="chromium,firefox,webkit",
                        help="comma-separated; Firefox and WebKit run where installed")
    args = parser.parse_args()
    names = args.browsers.split(",")
    dist = build.build_if_needed(Path(sys.executable))
    raw = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    server = build.SiteServer(dist).start()
    for path in dist.rglob("*"):  # compress once up front, as a host does, not in the first run
        if path.suffix in build.COMPRESSED_SUFFIXES:
            server.gzipped(path.resolve(), path.stat().st_mtime)
    print(f"site: {raw / 1e6:.2f} MB in dist/, {len(list(dist.rglob('*')))} entries; "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; "
          f"median of {args.runs} runs; query {args.query!r}")
    for name in (n for n in names if n != "chromium"):
        reason = drivers.missing(name)
        if reason:
            print(f"{name}: not measured ({reason})")
            continue
        other = [other_browser_run(name, dist, args.query) for _ in range(args.runs)]
        mid = {k: statistics.median(r[k] for r in other) for k in other[0] if k.endswith("_ms")}
        print(f"{name}: board on screen {mid['board_ms']:.0f} ms, interactive cold "
              f"{mid['cold_ms']:.0f} ms, warm {mid['warm_ms']:.0f} ms, offline "
              f"{mid['offline_ms']:.0f} ms; warm / first paint "
              f"{statistics.median(r['warm_ms'] / r['board_ms'] for r in other):.2f}x")
        for i, r in enumerate(other, 1):
            print(f"  run {i}: cold: {r['cold_steps']}; warm: {r['warm_steps']}; "
                  f"offline {r['offline_ms']:.0f} ms")
    if "chromium" not in names:
        server.shutdown()
        return 0
    with sync_playwright() as playwright:
        runs = [one_run(playwright, server, args.query) for _ in range(args.runs)]
        clicks = click_latencies(playwright, server, args.clicks) if args.clicks else []
    server.shutdown()

    def median(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    print("chromium:")
    print(f"board on screen (first paint)   {median('board_ms'):7.0f} ms   target <= 300")
    print(f"  names on the board from         {median('names_ms'):7.0f} ms   (the next frame)")
    print(f"interactive, cold               {median('cold_ms'):7.0f} ms   target <= 3000")
    print(f"  CPU time of the page's renderer process until then {median('cold_cpu_ms'):.0f} ms")
    print(f"  runtime downloaded {median('runtime_downloaded_ms'):.0f} ms, Python up "
          f"{median('python_up_ms'):.0f} ms, game.zip unpacked (main.py starts) "
          f"{median('game_loaded_ms'):.0f} ms")
    print(f"interactive, warm (SW)          {median('warm_ms'):7.0f} ms   target <= 1500")
    print(f"  Python up {median('warm_python_up_ms'):.0f} ms")
    print(f"interactive, offline (SW)       {median('offline_ms'):7.0f} ms")
    ratio = statistics.median(r["warm_ms"] / r["board_ms"] for r in runs)
    print(f"warm / first paint (same run)   {ratio:7.2f}x     target <= 1.5")
    print(f"bytes cold until interactive    {median('cold_bytes') / 1e6:7.2f} MB   target <= 7")
    print(f"  same files uncompressed       {median('cold_bytes_uncompressed') / 1e6:7.2f} MB")
    print(f"bytes cold with SW precache     {median('cold_bytes_with_precache') / 1e6:7.2f} MB")
    if clicks:
        print(f"click to redraw ({len(clicks)} clicks)    p50 {percentile(clicks, 50):5.1f} ms, "
              f"p95 {percentile(clicks, 95):5.1f} ms   target p95 <= 50")
    for i, r in enumerate(runs, 1):
        print(f"  run {i}: " + ", ".join(f"{k} {v:.0f}" for k, v in r.items()
                                         if not isinstance(v, str)))
        print(f"    cold: {r['cold_steps']}; warm: {r['warm_steps']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
