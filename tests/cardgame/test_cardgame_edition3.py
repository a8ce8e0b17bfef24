"""Rules edition 3 of the card game: the corrections of issue 22, each as the 2020 rulebook
(`/work/shared/rules/cardgame-rulebook-2020.txt`) says it; docs/cardgame/CARDGAME.md's rules
register
names the rulebook line of each. Every test here fails under edition 2 (``EDITION_UNDER_TEST``
set to 2 shows it)."""

import cardgame_positions
import pytest
from cardgame_positions import with_roads

from inca_core.cardgame.actions import (
    Build,
    Done,
    Lay,
    Pass,
    Road,
    Stock,
    Terrace,
    Trade,
    Workforce,
)
from inca_core.cardgame.cards import CARDS, ERA, STARTS
from inca_core.cardgame.game import EDITION, CardGame, link_cost, link_key
from inca_core.cardgame.goals import MEASURES
from inca_core.cardgame.spec import SPEC

EDITION_UNDER_TEST = 3
CUZCO = (1, 0)


def effect_card(effect: str) -> str:
    return next(c.id for c in ERA.values() if c.effect == effect)


def position(players: int = 4, seed: int = 1, **fields) -> CardGame:
    """Era I's action phase of a game of edition ``EDITION_UNDER_TEST``, ``fields`` replaced."""
    return cardgame_positions.position(EDITION_UNDER_TEST, players, seed, **fields)


def test_new_games_are_edition_3_or_later():
    assert EDITION >= 3 and SPEC.new_game(4, 1, edition=3).edition == 3


# --- 1. A Terrace's and an Extra Workforce card's own token lies on the card during its action
#        (rulebook 4b "Place a token from your SUPPLY on to the Workforce card ... Move token from
#        the card to the ACTIVE POOL"; 4d "After taking the action Move token to the ACTIVE POOL")

def test_a_cards_own_token_waits_on_it_during_the_action():
    table = {**SPEC.new_game(4, 1).table, "0,1": "A01", "0,2": "A10"}
    g = position(hands=[["A05"], [], [], []], supply=[60] * 4, active=[0] * 4, table=table,
                 huts={"0,2": [[], []]})
    g = with_roads(g, 0, ((0, 1), CUZCO), ((0, 1), (0, 2)))
    g.play(Terrace("A05"))
    assert (g.supply[0], g.active[0], g.held(0)) == (59, 0, 1)
    assert g.why_not(Stock((0, 2), 0)) == "You have no token in your Active Pool."
    assert g.tokens_in_play(0) == 70 - 60  # the token on the card is not on the table
    g.play(Done())
    assert (g.supply[0], g.active[0], g.held(0)) == (59, 1, 0) and g.turn == 1


def test_an_extra_workforce_cards_own_token_cannot_pay_its_roads():
    card = effect_card("EW_ROADS2")
    table = {**SPEC.new_game(4, 1).table, "0,1": "A01"}
    road = link_cost((0, 1), "A01", CUZCO, "CZ", True)
    assert road is not None
    g = position(hands=[[card], [], [], []], supply=[60] * 4, active=[road - 1] * 4, table=table)
    g.play(Workforce(card))
    assert Road((0, 1), CUZCO) not in g.legal_actions()
    g.play(Done())
    assert g.active[0] == road and g.supply[0] == 59 and g.terraces[0] == [card]


# --- 2. The FAQ: "Stock three storage huts" under "huts may hold two" places six tokens

def test_stock_three_huts_takes_six_tokens_when_huts_hold_two():
    card = effect_card("EW_STOCK3")
    table = {**SPEC.new_game(4, 1).table, "0,1": "A01", "0,2": "D10", "0,-1": "A02", "0,-2": "A10"}
    g = position(hands=[[card], [], [], []], active=[20] * 4, table=table,
                 huts={"0,2": [[], [], []], "0,-2": [[], []]},
                 trades=[[effect_card("TA_HUTS2"), 1, 0, 1]])
    g = with_roads(g, 0, ((0, 1), CUZCO), ((0, 1), (0, 2)), ((0, -1), CUZCO),
                   ((0, -2), (0, -1)))
    g.play(Workforce(card))
    g.play(Stock((0, 2), 0))
    g.play(Stock((0, 2), 0))
    g.play(Stock((0, 2), 1))
    g.play(Stock((0, 2), 2))
    assert g.turn == 0  # four tokens so far; up to six
    assert g.why_not(Stock((0, -2), 0)) == "This card stocks at most 3 huts."
    g.play(Stock((0, 2), 1))
    g.play(Stock((0, 2), 2))
    assert g.huts["0,2"] == [[0, 0], [0, 0], [0, 0]] and g.turn == 1


# --- 3. Start cards are hand cards (SETUP 6 and the note of 2. DEAL CARDS: "Each player should
#        be starting with a Trade Agreement and a Start card"; 4a "Starting City cards may NOT be
#        turned into Terraces")

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_start_cards_are_hand_cards(players):
    g = SPEC.new_game(players, seed=3, edition=EDITION_UNDER_TEST)
    dealt = (6 if players <= 3 else 5) - 1
    assert [len(h) for h in g.hands] == [2 + dealt] * players
    mine = [[c for c in h if CARDS[c].kind == "start"] for h in g.hands]
    assert all(len(m) == 1 for m in mine)
    on_table = {g.table[k]: g.owner[k] for k in g.table if CARDS[g.table[k]].kind == "start"}
    assert set(on_table.values()) <= {-1} and len(on_table) == max(0, 4 - players)
    assert {m[0] for m in mine} | set(on_table) == set(STARTS) - ({"S5"} if players < 5 else set())
    assert not g.roads and g.supply == [70 - 6] * players
    assert all(g.network(s) == {CUZCO} for s in range(players))


def test_a_start_card_is_built_by_its_owner_and_never_a_terrace():
    g = position(seed=2)
    seat = g.turn
    start = next(c for c in g.hands[seat] if CARDS[c].kind == "start")
    cell = STARTS[start].cell
    assert g.why_not(Terrace(start)) == "A Start card cannot be a Terrace."
    assert Terrace(start) not in g.legal_actions()
    build = Build(start, cell, CUZCO)
    assert build in g.legal_actions()
    cost = link_cost(cell, start, CUZCO, "CZ", True)
    active = g.active[seat]
    g.play(build)
    assert g.active[seat] == active - cost and g.roads[link_key(cell, CUZCO)][seat] == cost
    assert g.owner[f"{cell[0]},{cell[1]}"] == seat and cell in g.network(seat)


def test_a_start_card_stays_in_hand_in_the_draft_and_keeps_its_place():
    g = SPEC.new_game(4, seed=2, edition=EDITION_UNDER_TEST)
    start = next(c for c in g.hands[0] if CARDS[c].kind == "start")
    other = next(c for c in g.hands[0] if c != start)
    assert "stays in your hand" in g.why_not(Lay(*sorted((start, other))))
    assert all(start not in (a.a, a.b) for a in g.legal_actions())
    g = position(seed=2)
    seat = g.turn
    cities = [c for c in ERA if CARDS[c].kind == "city" and CARDS[c].column == "plateau"]
    g.hands[seat] = cities
    # Nothing but a Start card may lie edge to edge with Cuzco, even before it is built.
    held = [STARTS[c].cell for c in STARTS if c != "S5" and STARTS[c].cell not in g.grid()]
    assert held and all(a.cell not in held for a in g.legal_actions() if isinstance(a, Build))


def test_machu_picchu_is_built_for_its_one_road():
    g = position(5, seed=4)
    owner = next(s for s in range(5) if "S5" in g.hands[s])
    g.turn = owner
    g.active[owner] = 3
    assert Build("S5", (3, 2), CUZCO) in g.legal_actions()
    g.play(Build("S5", (3, 2), CUZCO))
    assert g.active[owner] == 2 and (3, 2) in g.network(owner)


# --- 4. A Trade Agreement goes in any empty space between two adjacent players (4c)

def test_a_trade_agreement_goes_between_any_two_neighbours():
    ta = effect_card("TA_FAME")
    g = position(hands=[[ta], [], ["A01"], []], active=[10] * 4)
    assert {a.slot for a in g.legal_actions() if isinstance(a, Trade)} == {0, 1, 2, 3}
    g.play(Trade(ta, 1))  # between seats 1 and 2, played by seat 0
    assert ta not in g.hands[0] and g.trades[-1][1:3] == [0, 1]
    assert "TA_FAME" not in g.effects(0) and "TA_FAME" in g.effects(2)


# --- 5. Machu Picchu: no City or Colca connections, its own column (Machu Picchu 1-2)

def test_machu_picchu_connects_to_cuzco_only():
    assert link_cost((2, 1), "D08", (3, 2), "S5", True, EDITION_UNDER_TEST) is None
    table = {**SPEC.new_game(5, 4).table, "3,2": "S5", "2,1": "A08"}
    g = position(5, seed=4, table=table, owner={**SPEC.new_game(5, 4).owner, "3,2": 0},
                 hands=[["D08", "A05"], [], [], [], []], active=[20] * 5)
    g = with_roads(g, 0, (CUZCO, (3, 2)))
    assert all(a.via != (3, 2) for a in g.legal_actions() if isinstance(a, Build))
    assert g.why_not(Build("D08", (2, 1), (3, 2))) in ("That place is taken.",
                                                       "Those two cards do not connect there.")
    g.play(Terrace("A05"))
    assert Road((2, 1), (3, 2)) not in g.legal_actions()
    assert g.why_not(Road((2, 1), (3, 2))) == "Those two places do not connect."


def test_machu_picchu_is_no_mountain_city_for_the_goals():
    table = {**SPEC.new_game(5, 4).table, "3,2": "S5"}
    g = position(5, seed=4, table=table)
    g = with_roads(g, 0, (CUZCO, (3, 2)))
    assert MEASURES["mountain_cities"][1](g, 0) == 0
    assert MEASURES["three_columns"][1](g, 0) == 0


# --- 6. Ties: the rulebook has no tie-break, so tied players share the place

def test_tied_players_share_the_place():
    g = position(supply=[50, 55, 50, 60], active=[10, 5, 10, 10], goals=[[], [], [], []])
    assert g.scores == (10, 10, 10, 0)
    assert g.places == (0, 0, 0, 3)
    assert g.ranking == (0, 1, 2, 3)  # seat order among the tied
    g.supply[1] = 51
    assert g.places == (1, 0, 1, 3)


def test_the_end_says_who_shares_a_place():
    g = position(era=4, turn=0, passed=[False, True, True, True], done_actions=[2, 2, 2, 2],
                 trades=[], supply=[60] * 4, active=[0] * 4, goals=[[], [], [], []])
    g.play(Pass())
    assert g.is_over and g.places == (0, 0, 0, 0)
    obs = g.observation(None)
    assert obs["places"] == [0, 0, 0, 0]
    assert g.log[-1]["event"]["places"] == [0, 0, 0, 0]


def test_a_tournament_counts_a_shared_win_as_a_fraction(monkeypatch):
    from inca_core import tournament
    result = tournament.GameResult(0, ("hard", "medium", "medium", "medium"), (10, 10, 5, 1),
                                   (0, 1, 2, 3), [[], [], [], []], places=(0, 0, 2, 3))
    monkeypatch.setattr(tournament, "_results", lambda work, jobs: iter([result]))
    stats = tournament.run_tournament(["hard", "medium", "medium", "medium"], 1, 0,
                                      game_id="cardgame")
    assert stats["hard"].wins == pytest.approx(0.5)
    assert stats["medium"].wins == pytest.approx(0.5)


def test_a_game_result_names_every_winner_of_a_shared_win():
    from inca_core.tournament import GameResult
    shared = GameResult(0, ("hard", "medium", "medium"), (10, 10, 5), (0, 1, 2), [[], [], []],
                        places=(0, 0, 2))
    assert shared.winners == (0, 1) and not hasattr(shared, "winner")
    # A game whose own rule breaks every tie: its ranking gives each seat's place.
    alone = GameResult(0, ("hard", "medium", "medium"), (10, 10, 5), (1, 0, 2), [[], [], []])
    assert alone.places == (1, 0, 2) and alone.winners == (1,)


def test_the_verbose_tournament_line_says_when_a_win_is_shared(monkeypatch, capsys):
    from inca_core import tournament
    from inca_core.__main__ import main
    result = tournament.GameResult(0, ("hard", "medium", "medium", "medium"), (10, 10, 5, 1),
                                   (0, 1, 2, 3), [[], [], [], []], places=(0, 0, 2, 3))
    monkeypatch.setattr(tournament, "_results", lambda work, jobs: iter([result]))
    assert main(["tournament", "--game", "cardgame", "--games", "1", "--verbose"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("game 1:"))
    assert line.endswith("scores [10, 10, 5, 1] winner shared winners hard,medium")
