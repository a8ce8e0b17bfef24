"""What a player reads about an action (issue 60): previews count only what the action itself
places and scores, log lines name where a build connects from, a road's ends from the builder's
route and the Trade Agreement that closes."""

from cardgame_positions import position

from inca_core.cardgame.actions import Build, Done, Pass, Road, Terrace, Trade, Workforce
from inca_core.cardgame.game import EDITION, link_key
from inca_core.cardgame.words import card_title

CUZCO = (1, 0)


def closing(hands, trades=(("A18", 0, 0, 1), ("A19", 0, 2, 1)), **fields):
    """Seat 0 in the closing phase of Era I, its first Trade Agreement just closed and its
    second (``A19``) still to close after this free action."""
    g = position(EDITION, first=0, turn=0, passed=[False, True, True, True],
                 done_actions=[2, 2, 2, 2], trades=[list(t) for t in trades],
                 hands=[list(hands), [], [], []], **fields)
    g.play(Pass())
    assert g.phase == "close" and g.turn == 0 and g.closing == ["A19"]
    return g


def test_a_free_action_previews_what_it_places_not_the_next_cards_returning_token():
    g = closing(["A01"], active=[10] * 4)
    build = g.preview(Build("A01", (0, 1), CUZCO))
    assert build["tokens"] == 5 and build["vp"] == 5, build  # road 4 and fame 1
    assert "5 tokens placed, +5 VP" in build["text"]
    nothing = g.preview(Pass())
    assert nothing["tokens"] == 0 and nothing["vp"] == 0
    assert nothing["text"] == "Take no free action: 0 tokens placed, +0 VP"


def test_a_road_of_three_in_the_closing_phase_previews_three_tokens():
    g = closing(["A05"], active=[10] * 4, table={**position(EDITION).table, "0,1": "A01"})
    g.play(Terrace("A05"))
    road = Road((0, 1), CUZCO)
    assert road in g.legal_actions()
    preview = g.preview(road)
    g.play(road)
    cost = g.roads[link_key((0, 1), CUZCO)][0]
    assert (preview["tokens"], preview["vp"]) == (cost, cost) and cost >= 3


def test_finishing_an_action_says_nothing_more_is_placed():
    g = closing(["A79"], active=[10] * 4, table={**position(EDITION).table, "0,1": "A01"})
    g.play(Workforce("A79"))  # build up to two roads
    g.play(Road((0, 1), CUZCO))
    assert Done() in g.legal_actions()
    assert g.preview(Done())["text"] == "Finish this action: nothing more is placed"


def test_playing_a_trade_agreement_previews_no_token_placed():
    g = position(EDITION, first=0, turn=0, hands=[["A68"], [], [], []])
    preview = g.preview(Trade("A68", 0))
    assert (preview["tokens"], preview["vp"]) == (0, 0)
    supply = g.supply[0]
    g.play(Trade("A68", 0))
    assert g.supply[0] == supply - 1  # the token lies on the card until it closes


def test_a_build_line_names_the_place_it_connects_from():
    g = position(EDITION, first=0, turn=0, hands=[["A01"], [], [], []], active=[10] * 4)
    g.play(Build("A01", (0, 1), CUZCO))
    assert g.log[-1]["text"].endswith(", with a road from Cuzco (4 tokens on the road, 1 fame).")


def test_a_road_line_names_its_ends_from_the_builders_route():
    g = position(EDITION, first=0, turn=0, hands=[["A01"], ["A05"], [], []], active=[10] * 4)
    g.play(Build("A01", (0, 1), CUZCO))
    g.play(Terrace("A05"))
    road = Road((0, 1), CUZCO)  # cells in grid order; seat 1's route holds only Cuzco
    assert g.preview(road)["text"].startswith("Build a road from Cuzco to ")
    g.play(road)
    assert "builds a road from Cuzco to " in g.log[-1]["text"]


def test_the_closing_line_names_the_trade_agreement():
    g = closing([])
    line = next(e["text"] for e in reversed(g.log) if e.get("event", {}).get("kind") == "close")
    assert f"closes {card_title('A18')}, draws a card" in line


def test_the_saved_games_list_names_the_era_not_a_round():
    # The page saves the Era as the game's progress (web/games/cardgame/view.py); the list
    # reads its words from the shelf, which names no round in the card game.
    from inca_core.cardgame.game import ERA_NAMES
    from inca_core.shelf import INFOS
    info = INFOS["cardgame"]
    assert [info.progress_label(e) for e in (1, 2, 3, 4)] == [f"Era {n}" for n in ERA_NAMES]
    assert INFOS["empire"].progress_label(2) == "round 2"
