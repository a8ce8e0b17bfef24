"""The page's review at its default (``review.PAGE_SETTINGS``, docs/REVIEW.md "On the page"):
one seat of a game between ``--rivals`` bots reviewed in 15 ms steps as the page runs it (the
collector's full passes off, the young generations collected before each step), in CPython;
with ``--page``, then on the page itself in headless Chromium.

    nice -n 10 python3 bench/review_page.py --players 4 --games 1
    nice -n 10 .venv/bin/python bench/review_page.py --players 4 --games 1 --page

Prints per game: its actions, the seat's decisions, the seconds of the whole review, per
decision, and of its decisions and luck phases, and the longest step (the unit a step cannot
cut). With ``--page`` (needs Playwright: ``python3 build.py test`` installs it) the site is built
and served as the tests do, the game is imported as a save (seat 0 a person, the others bots),
its end screen's "Review the game" is clicked, and a second line gives the seconds from the
click to the review screen, per decision, the page's ``review-slice`` measures (how many, the
longest, how many over 50 ms) and the page's main-thread tasks over 50 ms while it ran (the
Long Tasks API's wall time, and Chromium's trace's CPU time, which other processes on the
machine do not inflate), with the load average."""

from __future__ import annotations

import argparse
import gc
import json
import os
import pathlib
import sys
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from inca_core import review, save
from inca_core.shelf import GAMES

SLICE = 0.015
#: The longest a review on the page may take before the bench gives up (ms).
PAGE_TIMEOUT = 900_000


class OnThePage:
    """The built site served as the tests serve it, and headless Chromium (``page_bots.py``'s
    set-up); :meth:`review` times one review there."""

    def __init__(self) -> None:
        here = pathlib.Path(__file__).resolve().parent
        sys.path[:0] = [str(here), str(here.parent / "tests" / "browser")]
        from page_bots import OBSERVE, main_thread_cpu
        from playwright.sync_api import sync_playwright
        from sitebuild import CHROMIUM, CHROMIUM_ARGS, build

        self.observe, self.cpu = OBSERVE, main_thread_cpu
        self.server = build.SiteServer(build.build_if_needed(pathlib.Path(sys.executable)))
        self.server.start()
        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                       args=CHROMIUM_ARGS)

    def review(self, text: str) -> dict[str, Any]:
        """Open the save ``text`` of a finished game in a fresh context, click "Review the
        game" on its end screen and wait for the review screen."""
        context = self.browser.new_context(viewport={"width": 1440, "height": 900})
        page = context.new_page()
        page.add_init_script(self.observe)
        page.goto(self.server.url + "?pace=instant")
        page.wait_for_selector("body[data-ready='1']", timeout=120_000)
        page.set_input_files("#import-file", files=[{
            "name": "game.json", "mimeType": "application/json", "buffer": text.encode()}])
        page.click("#messages button:has-text('Open it')")
        page.wait_for_selector("body[data-screen='end']")
        begin = page.evaluate("performance.now()")
        self.browser.start_tracing(page=page, categories=["toplevel"])
        start = time.perf_counter()
        page.click("#screen-end [data-ui=review]")
        page.wait_for_selector("body[data-screen='review']", timeout=PAGE_TIMEOUT)
        seconds = time.perf_counter() - start
        end = page.evaluate("performance.now()")
        trace = json.loads(self.browser.stop_tracing())
        slices = page.evaluate("performance.getEntriesByName('review-slice')"
                               ".map((e) => e.duration)")
        tasks = [d for t, d in page.evaluate("window.__long") if begin <= t <= end]
        decisions = page.locator("#review-decisions [data-review-label]").count()
        context.close()
        return {"seconds": seconds, "decisions": decisions, "slices": sorted(slices),
                "tasks": sorted(tasks), "cpu": self.cpu(trace)}

    def close(self) -> None:
        self.browser.close()
        self.playwright.stop()
        self.server.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game id (default: every game)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--rivals", default="medium")
    parser.add_argument("--page", action="store_true",
                        help="also review each game on the page, in headless Chromium")
    args = parser.parse_args()
    browser = OnThePage() if args.page else None
    for game_id in args.game or list(GAMES):
        spec = GAMES[game_id]
        for seed in range(11, 11 + args.games):
            game = spec.new_game(args.players, seed=seed)
            bots = {s: spec.make_bot(args.rivals, seed * 8 + s) for s in range(args.players)}
            while not game.is_over:
                legal = game.legal_actions()
                seat = game.current_player
                game.play(legal[0] if len(legal) == 1 or seat is None
                          else bots[seat].choose(game.observation(seat), legal))
            gc.disable()
            reviewer = review.Reviewer(game, 0, **review.PAGE_SETTINGS)
            phases: dict[str, float] = {}
            longest = 0.0
            begin = time.perf_counter()
            while True:
                start = time.perf_counter()
                gc.collect(1)
                done = reviewer.step(SLICE)
                spent = time.perf_counter() - start
                longest = max(longest, spent)
                phases[reviewer.phase] = phases.get(reviewer.phase, 0.0) + spent
                if done:
                    break
            total = time.perf_counter() - begin
            gc.enable()
            gc.collect()
            print(f"{game_id} {args.players} players seed {seed}: {len(game.actions)} actions, "
                  f"{reviewer.decisions} decisions of seat 0, {total:.1f} s "
                  f"(decisions {phases.get('decisions', 0):.1f}, luck "
                  f"{phases.get('luck', 0):.1f}), longest step {1000 * longest:.0f} ms; "
                  f"{total / max(1, reviewer.decisions):.2f} s per decision", flush=True)
            if browser is not None:
                seats = ["human"] + [args.rivals] * (args.players - 1)
                shown = browser.review(save.dumps(game, seats))
                slices, tasks, cpu = shown["slices"], shown["tasks"], shown["cpu"]
                print(f"  on the page: {shown['seconds']:.1f} s from the click to the review "
                      f"screen, {shown['decisions']} decisions, "
                      f"{shown['seconds'] / max(1, shown['decisions']):.2f} s per decision; "
                      f"{len(slices)} slices, longest {max(slices, default=0):.0f} ms, "
                      f"{sum(d > 50 for d in slices)} over 50 ms; main-thread tasks over 50 ms: "
                      f"{len(tasks)}, longest {max(tasks, default=0):.0f} ms; with over 50 ms "
                      f"of CPU time: {sum(t > 50 for t in cpu)}, longest "
                      f"{max(cpu, default=0):.0f} ms; load average "
                      f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} cores", flush=True)
    if browser is not None:
        browser.close()


if __name__ == "__main__":
    main()
