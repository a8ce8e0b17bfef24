"""Rules edition 3 on the page: moves a person makes by clicking (docs/empire/RULES.md, Rules
editions)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from page_helpers import act, click_board, open_page, press_at_centre, ready_for_next_player, state

import inca_core

pytestmark = pytest.mark.browser

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "web"))
import sharelink  # noqa: E402  (the page's own link format, pure standard library)


def _rapid_expansion_save() -> str:
    """A game (seed 6, 26 random actions) where the player to move holds Rapid Expansion and may
    take Cana with it (4 labor of their 6) and then build a terrace there (2)."""
    game = inca_core.new_game(4, seed=6)
    rng = random.Random(6)
    for _ in range(26):
        game.play(rng.choice(game.legal_actions()))
    legal = {str(a) for a in game.legal_actions()}
    assert {"rapid cana", "conquer cana"} <= legal and "terrace cana" not in legal
    return inca_core.dumps(game)


def test_rapid_expansion_conquest_then_a_terrace_there_by_clicks(page, site_url):
    text = _rapid_expansion_save()
    open_page(page, site_url + "#" + sharelink.encode(text))
    page.click("#messages button:has-text('Import')")
    page.click("#messages button:has-text('Open it')")
    page.wait_for_selector("body[data-screen='game']")
    assert state(page)["fingerprint"] == json.loads(text)["fingerprint"]
    ready_for_next_player(page)
    conquests = page.locator("#board g.conquest").count()
    cana = "#board [data-region='cana'][data-legal='1']"
    # A click on Cana offers both conquests; the preview names Rapid Expansion and its cost.
    press_at_centre(page, page.locator(cana).first)
    rapid = page.locator("#actions [data-action='rapid cana']")
    rapid.wait_for()
    assert page.locator("#actions [data-action='conquer cana']").count() == 1
    rapid.focus()
    page.wait_for_function(
        "document.getElementById('preview').textContent.includes('with Rapid Expansion')"
    )
    assert "costs 4 labor" in page.locator("#preview").inner_text()
    act(page, lambda: rapid.click())
    assert page.locator("#board g.conquest").count() == conquests + 1
    assert "Rapid Expansion" in page.locator("#prompt").inner_text()
    # The construction follows on the region just taken: a terrace there, by a click.
    act(page, lambda: click_board(page, cana))
    assert page.locator("#board g.terrace").count() == 1
    log = page.locator("#log").inner_text()
    assert "with Rapid Expansion" in log and "terrace in Cana" in log
    assert page.locator(".py-error").count() == 0
