"""axe-core on every screen of every game of the shelf: no serious or critical violation.

axe-core is a pinned npm devDependency (package.json); the test injects
``node_modules/axe-core/axe.min.js`` into the page, so nothing of it goes into the site. The
screens: start, hand-over (an all-human game just opened), game, rules panel, end and replay.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from page_helpers import (
    SHELF,
    finished_save,
    import_save,
    open_page,
    ready_for_next_player,
    start_from_form,
    state,
)

from inca_core.shelf import INFOS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[3]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

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
    axe's: this module's pages ignore it (site/test_site_csp.py checks the policy)."""
    return {**browser_context_args, "bypass_csp": True}


def serious_violations(page) -> list[str]:
    """axe's serious and critical violations on the page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE)


def test_axe_core_is_pinned_for_the_tests_only():
    assert AXE.exists(), "run `npm ci`: axe-core is a devDependency"


@pytest.mark.parametrize("game_id", SHELF)
def test_no_serious_axe_violation_on_any_screen(page, site_url, game_id):
    found: dict[str, list[str]] = {}
    open_page(page, f"{site_url}?game={game_id}")
    assert state(page)["screen"] == "start"
    found["start"] = serious_violations(page)

    players = max(INFOS[game_id].players)
    start_from_form(page, site_url, game_id, ["human"] * players, reopen=False)
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
    import_save(page, finished_save(game_id))
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
