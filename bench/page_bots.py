"""Measure how long the page's main thread is blocked while bots think, and how long they think.

    .venv/bin/python bench/page_bots.py [--seconds 60] [--bot-time 1.0] \
        [--seats hard,hard,medium,easy] [--game empire|cardgame|wiraqocha] [--pace instant]

Builds the site, serves it like the tests do, opens a game of bots in headless Chromium (one
player per seat of ``--seats``) and records every main-thread task longer than 50 ms (the
browser's Long Tasks API) for ``--seconds`` or until the game ends, then prints the longest
tasks, how many exceeded 50 and 100 ms, how far the game got, and per bot strength how long its
moves took to decide (the page's ``bot-move:STRENGTH`` measures) against ``--bot-time``, and the
search work each move did (``Search.iterations``: for Inca Empire's hard, positions evaluated).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from benchlib import on_path
from playwright.sync_api import sync_playwright

on_path("tests/browser")

from sitebuild import CHROMIUM, CHROMIUM_ARGS, build  # noqa: E402

OBSERVE = """
window.__long = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__long.push([entry.startTime, entry.duration]);
}).observe({type: "longtask", buffered: true});
"""


#: The trace events of one task run by a thread (Chromium's names, newer and older).
RUN_TASK = ("ThreadControllerImpl::RunTask", "RunTask")


def main_thread_cpu(trace: dict) -> list[float]:
    """The CPU time (ms, longest first) of each task of the page's main thread in a Chromium
    ``trace`` (its ``RunTask`` events' thread time): unlike a long task's wall time, it does not
    grow when other processes take the machine's cores."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    return sorted((e["tdur"] / 1000 for e in events if e.get("name") in RUN_TASK
                   and (e.get("pid"), e.get("tid")) in main and "tdur" in e), reverse=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--bot-time", type=float, default=1.0)
    parser.add_argument("--seats", default="hard,hard,medium,easy")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--pace", default="instant", choices=("instant", "normal", "slow"))
    parser.add_argument("--game", default="empire", help="the game's id (default empire)")
    args = parser.parse_args()
    players = len(args.seats.split(","))
    dist = build.build_if_needed(Path(sys.executable))
    server = build.SiteServer(dist).start()
    url = (f"{server.url}?new=1&game={args.game}&players={players}&seats={args.seats}"
           f"&seed={args.seed}&bot_time={args.bot_time}&pace={args.pace}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        page.add_init_script(OBSERVE)
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']", timeout=120_000)
        ready_at = page.evaluate("performance.now()")
        browser.start_tracing(page=page, categories=["toplevel"])
        start = time.perf_counter()
        while time.perf_counter() - start < args.seconds:
            if page.evaluate("document.body.dataset.screen") == "end":
                break
            page.wait_for_timeout(500)
        elapsed = time.perf_counter() - start
        tasks = [d for t, d in page.evaluate("window.__long") if t >= ready_at]
        actions = page.evaluate("Number(document.body.dataset.actions)")
        screen = page.evaluate("document.body.dataset.screen")
        render = page.evaluate("document.body.dataset.renderMs")
        measures = page.evaluate("performance.getEntriesByType('measure')"
                                 ".map(e => [e.name, e.duration, e.detail])")
        trace = json.loads(browser.stop_tracing())
        browser.close()
    server.shutdown()
    tasks.sort(reverse=True)
    print(f"{args.game}: seats {args.seats}, bot_time {args.bot_time} s, pace {args.pace}, "
          f"seed {args.seed}; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"played {actions} actions in {elapsed:.1f} s (screen: {screen}); "
          f"last redraw {render} ms")
    print(f"main-thread tasks over 50 ms after start-up: {len(tasks)}; "
          f"over 100 ms: {sum(d > 100 for d in tasks)}")
    print("longest tasks (ms): " + ", ".join(f"{d:.0f}" for d in tasks[:10]))
    busy = main_thread_cpu(trace)
    print(f"main-thread tasks with over 50 ms of CPU time: {sum(t > 50 for t in busy)}; "
          "longest (ms): " + ", ".join(f"{t:.0f}" for t in busy[:10]))
    moves = [(name[9:], d) for name, d, _ in measures if name.startswith("bot-move:")]
    slices = sorted(((d, name[10:], detail["collections"]) for name, d, detail in measures
                     if name.startswith("bot-slice:")), reverse=True)
    print(f"bot slices over 50 ms: {len(slices)}" + "".join(
        f", {d:.0f} ms ({strength}; garbage collections by generation {gens})"
        for d, strength, gens in slices[:10]))
    for part in ("render", "save"):
        times = sorted(((d, detail) for name, d, detail in measures if name == f"page-{part}"),
                       key=lambda t: -t[0])
        print(f"page {part}s over 50 ms: {len(times)}" + "".join(
            f", {d:.0f} ms {detail or ''}" for d, detail in times[:10]))
    for strength in sorted({name for name, _ in moves}):
        times = sorted(d for name, d in moves if name == strength)
        p95 = times[int(0.95 * (len(times) - 1))]
        over = sum(d > 1000 * args.bot_time for d in times)
        print(f"{strength} moves: {len(times)}, decided in mean {sum(times) / len(times):.0f} ms, "
              f"p95 {p95:.0f} ms, max {times[-1]:.0f} ms; over the {args.bot_time} s setting: "
              f"{over}")
        work = sorted(detail["iterations"] for name, _, detail in measures
                      if name == f"bot-move:{strength}")
        print(f"{strength} search work per move (Search.iterations): median "
              f"{work[len(work) // 2]}, max {work[-1]}")


if __name__ == "__main__":
    main()
