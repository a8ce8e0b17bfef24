"""axe-core on every screen of every game that has a page: no serious or critical violation.

axe-core is a pinned npm devDependency (package.json); the test injects
``node_modules/axe-core/axe.min.js`` into the page, so nothing of it goes into the site. The
screens: start, hand-over (an all-human game just opened), game, rules panel, end and replay.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from page_helpers import new_game_url, open_page, ready_for_next_player, state

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
sys.path.insert(0, str(ROOT / "web"))
from views import VIEW_MODULES  # noqa: E402  (the page's registry: games that have a page)

from inca_core.shelf import GAMES  # noqa: E402

RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}\\n    `
      + v.nodes.slice(0, 4).map((n) => n.target.join(" ") + " " + n.failureSummary
          .replace(/\\s+/g, " ")).join("\\n    "));
}"""


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    """The site's Content Security Policy forbids inline scripts, which is how Playwright adds
    axe's: this module's pages ignore it (tests/browser/test_site_csp.py checks the policy)."""
    return {**browser_context_args, "bypass_csp": True}


def serious_violations(page) -> list[str]:
    """axe's serious and critical violations on the page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE)


def finished_save(game_id: str) -> str:
    """The save of a whole game of ``game_id`` played with seeded random legal actions."""
    from inca_core import save

    spec = GAMES[game_id]
    game = spec.new_game(max(spec.players), 3, frozenset(), None)
    rng = random.Random(3)
    for _ in range(20_000):
        if game.is_over:
            break
        game.play(rng.choice(list(game.legal_actions())))
    assert game.is_over
    return save.dumps(game)


def test_axe_core_is_pinned_for_the_tests_only():
    assert AXE.exists(), "run `npm ci`: axe-core is a devDependency"


@pytest.mark.parametrize("game_id", sorted(VIEW_MODULES))
def test_no_serious_axe_violation_on_any_screen(page, site_url, game_id):
    found: dict[str, list[str]] = {}
    open_page(page, f"{site_url}?game={game_id}")
    assert state(page)["screen"] == "start"
    found["start"] = serious_violations(page)

    players = max(GAMES[game_id].players)
    url = new_game_url(site_url, players=players, seats=",".join(["human"] * players))
    open_page(page, f"{url}&game={game_id}")
    assert page.locator("#pass-screen").is_visible()
    found["hand-over"] = serious_violations(page)
    ready_for_next_player(page)
    assert state(page)["screen"] == "game"
    found["game"] = serious_violations(page)
    page.click("[data-ui=rules]")
    assert page.locator("#rules-panel").is_visible()
    found["rules"] = serious_violations(page)
    page.keyboard.press("Escape")

    page.click("[data-ui=menu]")
    page.set_input_files(
        "#import-file",
        files=[{"name": "game.json", "mimeType": "application/json",
                "buffer": finished_save(game_id).encode("utf-8")}],
    )
    page.click("#messages button:has-text('Open it')")
    page.wait_for_selector("body[data-screen='end']")
    page.evaluate("document.getElementById('messages').replaceChildren()")
    found["end"] = serious_violations(page)
    page.click("#screen-end [data-ui=replay]")
    page.click("[data-replay=back]")
    assert page.locator("#replay-bar").is_visible()
    found["replay"] = serious_violations(page)
    page.click("[data-replay=close]")
    page.click("#screen-end [data-ui=menu]")
    assert page.locator("#saved-list li[data-entry]").count() == 2
    found["start with saved games"] = serious_violations(page)

    problems = [f"{screen}: {v}" for screen, vs in found.items() for v in vs]
    assert not problems, "\n".join(problems)
