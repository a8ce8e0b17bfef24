"""Where the time of each click goes: click to redraw, click by click, with a Chromium trace.

    .venv/bin/python bench/click_trace.py [--clicks 40] [--runs 1] [--trace FILE]

Plays the clicks of `bench/load.py` (an all-human 4-player game: a legal road, the road choice
when one is offered, turn ends and the hot-seat hand-over) in Debian's Chromium at 1366x800,
measures each click the way `bench/load.py` does (event time stamp to the task after the next
animation frame) and records a trace (`devtools.timeline`, `cc`, user timing, GC). Prints,
per click: what was clicked, the total, the page's own handler (Python), when the click was
settled (the task after the frame that follows a change of `body[data-actions]`: panels drawn,
game saved) and the main thread's work until the frame by kind (style, layout, pre-paint, paint,
layerize, commit, hit tests, GC), plus the raster work on the other threads meanwhile; then the
p50/p95 and the mean per kind, and the p50 by kind of click (a road that plays, a road that
only offers a choice, a choice button, the hand-over confirmation) so pages whose click
sequences differ compare like for like. Tracing slows the page down a little: `--no-trace` times
the clicks alone; `--trace FILE` keeps the raw trace (open it in chrome://tracing or Perfetto).
`--runs N` plays the clicks in N fresh pages and pools them (the p95 of one run of about 30 clicks
is its second slowest click: pool runs for a steadier tail).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

from benchlib import on_path, percentile

on_path("tests/browser")

from page_helpers import new_game_url, play_roads  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from sitebuild import CHROMIUM, CHROMIUM_ARGS, build  # noqa: E402

# The click timing of bench/load.py, plus what was clicked, how long the page's own handlers
# took (a bubbling listener on window runs after the page's listener on body) and user-timing
# marks so each click can be found in the trace.
PROBE = """
window.__clicks = [];
document.addEventListener("click", (event) => {
  const start = event.timeStamp;
  const t = event.target;
  const road = t.closest && t.closest("[data-connection]");
  const action = t.closest && t.closest("[data-action]");
  const what = road ? "road " + road.getAttribute("data-connection")
    : action ? "action " + action.getAttribute("data-action")
    : t.id ? "#" + t.id : String(t.tagName);
  const record = { what, start, handler: null, total: null, settled: null };
  window.__clicks.push(record);
  const n = window.__clicks.length;
  performance.mark("click-start-" + n, { startTime: start });
  window.addEventListener("click", () => {
    record.handler = performance.now() - start;
  }, { once: true });
  requestAnimationFrame(() => setTimeout(() => {
    record.total = performance.now() - start;
    performance.mark("click-end-" + n);
  }, 0));
}, true);
// A click that plays an action is settled when body[data-actions] changes (after the save).
new MutationObserver((changes) => {
  const record = window.__clicks[window.__clicks.length - 1];
  const changed = changes.some((c) => c.oldValue !== c.target.getAttribute("data-actions"));
  if (record && record.settled === null && changed) {
    requestAnimationFrame(() => setTimeout(() => {
      record.settled = performance.now() - record.start;
    }, 0));
  }
}).observe(document, { attributes: true, subtree: true, attributeOldValue: true,
                         attributeFilter: ["data-actions"] });
"""
#: Light categories: `blink` and `v8` slow layout and script down several times over.
CATEGORIES = ",".join([
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "blink.user_timing",
    "cc",
    "disabled-by-default-v8.gc",
])
#: Main-thread trace events, by the kind of work they count as (the first match wins).
KINDS = {
    "UpdateLayoutTree": "style",
    "RecalculateStyles": "style",
    "Layout": "layout",
    "PrePaint": "prepaint",
    "Paint": "paint",
    "PaintImage": "paint",
    "Layerize": "layerize",
    "Commit": "commit",
    "HitTest": "hittest",
    "MinorGC": "gc",
    "MajorGC": "gc",
    "V8.GC_SCAVENGER": "gc",
    "V8.GCScavenger": "gc",
    "V8.GC_MARK_COMPACTOR": "gc",
    "V8.GCFinalizeMC": "gc",
    "BlinkGC.AtomicPhase": "gc",
    "ParseHTML": "parse",
    "EventDispatch": "events",
    "FunctionCall": "script",
    "TimerFire": "script",
    "FireAnimationFrame": "script",
}
RASTER = {"RasterTask", "RasterizerTaskImpl::RunOnWorkerThread", "TileManager::RasterTask"}
SHOWN = ("style", "layout", "prepaint", "paint", "layerize", "commit", "hittest", "gc")


def main_thread(events: list[dict]) -> tuple[int, int] | None:
    """(pid, tid) of the page's renderer main thread."""
    for e in events:
        if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain":
            return e["pid"], e["tid"]
    return None


def breakdown(events: list[dict], clicks: list[dict]) -> list[dict[str, float]]:
    """Per click: milliseconds of main-thread work by kind between its marks, and raster."""
    marks: dict[str, float] = {}
    for e in events:
        name = e.get("name", "")
        if name.startswith("click-") and e.get("ph") in ("R", "I", "n", "b", "e", "i"):
            marks.setdefault(name, e["ts"] / 1000)
    main = main_thread(events)
    complete = [e for e in events if e.get("ph") == "X" and "dur" in e]
    rows = []
    for n in range(1, len(clicks) + 1):
        start, end = marks.get(f"click-start-{n}"), marks.get(f"click-end-{n}")
        row: dict[str, float] = defaultdict(float)
        if start is None or end is None:
            rows.append(row)
            continue
        for e in complete:
            t0, dur = e["ts"] / 1000, e["dur"] / 1000
            if t0 < start or t0 > end:
                continue
            name = e["name"]
            if name in RASTER:
                row["raster"] += dur
            elif main is not None and (e["pid"], e["tid"]) == main:
                kind = KINDS.get(name)
                if kind is not None and not _nested(e, complete, main, kind):
                    row[kind] += dur
        rows.append(row)
    return rows


def _nested(event: dict, complete: list[dict], main: tuple[int, int], kind: str) -> bool:
    """Whether ``event`` lies inside another main-thread event of the same kind (counted once)."""
    if kind not in ("script", "gc", "events", "paint"):
        return False
    t0, t1 = event["ts"], event["ts"] + event["dur"]
    for other in complete:
        if other is event or (other["pid"], other["tid"]) != main:
            continue
        if KINDS.get(other["name"]) == kind and other["ts"] <= t0 and t1 <= other["ts"] + other[
            "dur"
        ] and other["dur"] > event["dur"]:
            return True
    return False


def kind_of(click: dict) -> str:
    """What a click was, for comparing pages: a road that played, a road that only offered a
    choice (nothing settled), a choice button, the hand-over confirmation."""
    what = str(click["what"])
    if what.startswith("road "):
        return "road, plays" if click["settled"] is not None else "road, asks"
    if what.startswith("action road"):
        return "choice: road"
    if what.startswith("action "):
        return "choice: " + what.split()[1]
    return "hand-over" if what == "#pass-ready" else what


def one_run(playwright, server, clicks: int, trace_to: Path | None, keep: Path | None):
    """The clicks of one fresh page (and its trace events when ``trace_to`` is given)."""
    options = {"args": CHROMIUM_ARGS}
    if CHROMIUM.exists():
        options["executable_path"] = str(CHROMIUM)
    browser = playwright.chromium.launch(**options)
    context = browser.new_context(viewport={"width": 1366, "height": 800})
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(new_game_url(server.url))
    page.wait_for_selector("body[data-ready='1']", timeout=120_000)
    page.wait_for_timeout(500)
    page.evaluate("window.__clicks = []")
    if trace_to is not None:
        browser.start_tracing(page=page, path=str(trace_to), categories=CATEGORIES.split(","))
    play_roads(page, clicks)
    records = page.evaluate("window.__clicks")
    events: list[dict] = []
    if trace_to is not None:
        browser.stop_tracing()
        data = json.loads(trace_to.read_text())
        events = data["traceEvents"] if isinstance(data, dict) else data
        if keep is not None:
            keep.write_text(trace_to.read_text())
    browser.close()
    return records, events


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--runs", type=int, default=1, help="fresh pages, clicks pooled")
    parser.add_argument("--trace", type=Path, help="keep the raw trace (of the last run) here")
    parser.add_argument("--no-trace", action="store_true", help="time clicks only, no tracing")
    args = parser.parse_args()
    dist = build.build_if_needed(Path(sys.executable))
    server = build.SiteServer(dist).start()
    clicks: list[dict] = []
    rows: list[dict[str, float]] = []
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.runs):
            trace = None if args.no_trace else Path(tmp) / "trace.json"
            records, events = one_run(playwright, server, args.clicks, trace, args.trace)
            clicks.extend(records)
            rows.extend(breakdown(events, records) if events else
                        [defaultdict(float) for _ in records])
    server.shutdown()

    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; "
          f"{len(clicks)} clicks in {args.runs} run(s); trace {'off' if args.no_trace else 'on'}")
    head = f"{'#':>3} {'what':<28} {'total':>6} {'python':>6} {'settled':>7} " + " ".join(
        f"{k:>8}" for k in (*SHOWN, "raster")
    )
    print(head)
    for n, (click, row) in enumerate(zip(clicks, rows, strict=True), 1):
        total = click["total"] or float("nan")
        handler = click["handler"] if click["handler"] is not None else float("nan")
        settled = click["settled"] if click["settled"] is not None else float("nan")
        print(f"{n:>3} {click['what'][:28]:<28} {total:6.1f} {handler:6.1f} {settled:7.1f} "
              + " ".join(
            f"{row.get(k, 0.0):8.1f}" for k in (*SHOWN, "raster")
        ))
    totals = [c["total"] for c in clicks if c["total"] is not None]
    handlers = [c["handler"] for c in clicks if c["handler"] is not None]
    settled = [c["settled"] for c in clicks if c["settled"] is not None]
    print(f"click to redraw: p50 {percentile(totals, 50):.1f} ms, p95 {percentile(totals, 95):.1f}"
          f" ms, max {max(totals):.1f} ms; handler (Python) p50 {percentile(handlers, 50):.1f} ms,"
          f" p95 {percentile(handlers, 95):.1f} ms")
    if settled:
        print(f"click to the frame after the action was saved and published ({len(settled)} "
              f"actions): p50 {percentile(settled, 50):.1f} ms, "
              f"p95 {percentile(settled, 95):.1f} ms")
    kinds: dict[str, list[dict]] = defaultdict(list)
    for click in clicks:
        kinds[kind_of(click)].append(click)

    def p50(of: list[dict], key: str) -> float:
        values = [c[key] for c in of if c[key] is not None]
        return percentile(values, 50) if values else float("nan")

    print("by kind (p50 total / handler): " + "; ".join(
        f"{kind} x{len(of)} {p50(of, 'total'):.1f} / {p50(of, 'handler'):.1f} ms"
        for kind, of in sorted(kinds.items())
    ))
    if not args.no_trace:
        print("mean per click: " + ", ".join(
            f"{k} {statistics.mean(r.get(k, 0.0) for r in rows):.1f}" for k in (*SHOWN, "raster")
        ))
    return 0


if __name__ == "__main__":
    sys.exit(main())
