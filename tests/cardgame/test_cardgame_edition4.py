"""Rules edition 4 of the card game: the card set of issue 22 (docs/cardgame/CARDGAME.md, "Rules
editions", gives each change and why). Each test pins one change of the data on a small
position; each fails under edition 3 (``EDITION_UNDER_TEST = 3`` shows it), whose games keep
their data."""

import json
import pathlib
import sys

import cardgame_positions
import pytest
from cardgame_positions import with_roads

from inca_core.cardgame import carddata
from inca_core.cardgame.actions import Done, Restrict, Road, Workforce
from inca_core.cardgame.cards import CARDS, era_cards
from inca_core.cardgame.game import EDITION, CardGame, link_cost
from inca_core.cardgame.spec import SPEC
from inca_core.save import loads

EDITION_UNDER_TEST = 4
CUZCO = (1, 0)
ROOT = pathlib.Path(__file__).resolve().parents[2]
#: The edges a Colca of each column may show (slots of N NE E SE S SW W NW): no west edge on the
#: coast, no east edge in the mountains.
EDGES = {"coast": (0, 2, 4), "plateau": (0, 2, 4, 6), "mountain": (0, 4, 6), "wild": (0, 2, 4, 6)}


def position(players: int = 4, seed: int = 1, **fields) -> CardGame:
    """Era I's action phase of a game of edition ``EDITION_UNDER_TEST``, ``fields`` replaced."""
    return cardgame_positions.position(EDITION_UNDER_TEST, players, seed, **fields)


def cards_of(kind: str, column: str | None = None) -> list[str]:
    return sorted(c.id for c in era_cards(EDITION_UNDER_TEST).values()
                  if c.kind == kind and (column is None or c.column == column))


def test_edition_4_games_may_still_be_set_up():
    assert EDITION >= 4 and SPEC.new_game(4, 1, edition=4).edition == 4


def test_an_edition_4_game_plays_its_own_cards_and_an_edition_3_game_keeps_its_own():
    mine = set(era_cards(EDITION_UNDER_TEST))
    for edition in (3, EDITION_UNDER_TEST):
        g = SPEC.new_game(5, 7, edition=edition)
        dealt = {c for deck in g.decks for c in deck} | {c for h in g.hands for c in h
                                                          if CARDS[c].kind != "start"}
        assert (dealt <= mine) == (edition == EDITION_UNDER_TEST)


# --- Tokens: more than anyone places, so the game stays a race to the end of Era IV ---

def test_each_player_has_more_tokens_than_seventy():
    g = SPEC.new_game(3, 1, edition=EDITION_UNDER_TEST)
    assert g.supply[0] + g.active[0] == g.tokens == carddata.TOKENS_4 > 70
    assert g.tokens_in_play(0) == 0


# --- Decks: five cards more in every Era, so draws at 5 players find a card ---

def test_at_five_players_every_era_deck_keeps_cards_after_the_deal():
    g = SPEC.new_game(5, 3, edition=EDITION_UNDER_TEST)
    # Era I is dealt at setup; Eras II-IV deal 5 cards to each of 5 players.
    assert len(g.decks[0]) >= 10
    assert all(len(deck) - 25 >= 7 for deck in g.decks[1:])


# --- Colcas: every edge their column allows, and a fame box from Era I ---

def test_every_colca_shows_each_edge_its_column_allows():
    for cid in cards_of("colca"):
        card = CARDS[cid]
        assert all(card.conn[slot] for slot in EDGES[card.column]), cid


def test_every_colca_has_a_fame_box():
    assert all(CARDS[cid].fame >= 1 for cid in cards_of("colca"))


def test_a_coast_colca_can_be_built_on_either_side_of_a_coast_city():
    # Every coast Colca joins a coast City above or below it, whichever is on the table.
    city = next(c for c in cards_of("city", "coast") if CARDS[c].conn[0] and CARDS[c].conn[4])
    for colca in cards_of("colca", "coast"):
        assert link_cost((0, 1), city, (0, 2), colca, True) is not None, colca
        assert link_cost((0, 1), city, (0, 0), colca, True) is not None, colca


# --- Road Restriction: the card also builds a road, so it is worth playing for its face ---

def test_the_road_restriction_card_builds_a_road_then_restricts():
    card = next(c.id for c in era_cards(EDITION_UNDER_TEST).values()
                if c.effect == "EW_ROAD_RESTRICT")
    table = {**SPEC.new_game(4, 1, edition=EDITION_UNDER_TEST).table, "0,1": "A51"}
    road = link_cost((0, 1), "A51", CUZCO, "CZ", True)
    assert road is not None
    g = position(hands=[[card], [], [], []], supply=[60] * 4, active=[0] * 4, table=table)
    g = with_roads(g, 0, ((0, 1), CUZCO))
    g = CardGame.from_dict({**g.to_dict(), "table": {**table, "0,2": "A60"}})
    g.play(Workforce(card))
    step = [a for a in g.legal_actions() if isinstance(a, Road)]
    assert step, "the card's first step is a road paid from the Supply"
    before = g.supply[0]
    g.play(step[0])
    assert g.supply[0] < before and g.active[0] == 0
    assert Restrict((0, 1)) in g.legal_actions()
    g.play(Restrict((0, 1)))
    assert g.restricted == ["0,1"] and g.turn == 1 and g.active[0] == 1


def test_the_road_restriction_card_may_skip_its_road():
    card = next(c.id for c in era_cards(EDITION_UNDER_TEST).values()
                if c.effect == "EW_ROAD_RESTRICT")
    g = position(hands=[[card], [], [], []])
    g.play(Workforce(card))
    g.play(Done())
    assert g.pending and g.pending[0][0] == "restrict"


# --- Saves: the fixture of edition 4 replays; edition 3's is untouched ---

@pytest.mark.parametrize("edition", [3, 4])
def test_the_fixture_of_each_edition_replays_under_its_own_data(edition):
    path = ROOT / "tests" / "fixtures" / "saves" / f"format-2-cardgame-e{edition}.json"
    text = path.read_text(encoding="utf-8")
    game = loads(text)
    assert game.edition == edition and game.is_over
    assert game.fingerprint() == json.loads(text)["fingerprint"]


# --- The bench: one command prints every figure of the issue ---

def test_the_report_prints_every_figure(capsys):
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import cardgame_balance as bench
    finally:
        sys.path.remove(str(ROOT / "bench"))
    bench.RULES["edition"] = EDITION_UNDER_TEST
    fig = bench.cardset(2, 1, 5, "random")
    out = capsys.readouterr().out
    for words in ("players with all", "shared win", "Era IV actions", "empty deck",
                  "road restriction", "seat win shares", "Start card win shares",
                  "Goal cards", "scored under 10%", "met over 90%", "hut tokens",
                  "storage huts on the table with a token", "CPU per move"):
        assert words in out, words
    assert 0 <= fig["all_placed"] <= 1 and set(fig["face"]) == set(bench.KINDS)
    assert set(fig["met"]) == set(fig["goals"]) and fig["move_ms"][1] >= fig["move_ms"][0]
