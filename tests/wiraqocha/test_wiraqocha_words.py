"""Wiraqocha's words for a player (issue 64 and issue 59 item 4): one choice per distinct
plunder, the camp's own protection named as the camp's, the refusal to end the turn naming what
still places the camp, plunders logged with their dice, the end of the turn saying why Resources
go back, and a prompt that always names something that moves the game on while the Base Camp
is off the board."""

from inca_core.wiraqocha import words
from inca_core.wiraqocha.actions import Conquer, End, Probe, Tunnel
from inca_core.wiraqocha.data import TILE_ORDER
from inca_core.wiraqocha.game import Wiraqocha
from inca_core.wiraqocha.spec import SPEC


def act(dice=(), **tokens) -> Wiraqocha:
    """Seat 0 in Phase II of round 2 under the newest rules, the valley in printed order, with
    ``dice`` unused and ``tokens`` placed (``x0B="5"``: seat digit + token id)."""
    g = SPEC.new_game(2, seed=1)
    g.layout = TILE_ORDER
    g.turn, g.first, g.phase, g.round = 0, 0, "act", 2
    g.dice = sorted(dice)
    for key, place in tokens.items():
        g.where[int(key[1])][key[2:]] = place
    return g


def test_a_plunder_is_one_choice_whatever_token_could_reach_the_camp():
    # Explorer, Drilling token and Mechanical Miner of seat 0 could all reach seat 1's camp on
    # 6; a plunder moves none of them, so each plunder is listed once, in words of its own.
    g = act(dice=(3, 6), x0B="1", x0E1="2", x0D1="5", x0MM="7", x1B="6")
    g.somnium[1] = 1
    plunders = [a for a in g.legal_actions() if isinstance(a, Conquer) and a.take]
    assert [a.take for a in plunders] == ["crystal"]
    texts = [g.describe(a) for a in g.legal_actions()]
    assert len(texts) == len(set(texts))
    # The same plunder with another token is refused in words (rules edition 7); an earlier
    # edition keeps every token legal, as its saves and links were made.
    other = Conquer("6", "D1", (6,), beat=3, take="crystal")
    assert g.why_not(other) == "A plunder moves no token: make it with your Base Camp."
    g.edition = 6
    assert g.why_not(other) is None and other in g.legal_actions()


def test_the_camps_own_protection_is_named_as_the_camps():
    g = act(dice=(3, 6), x0B="1", x0E1="2", x1B="6", x1D1="5")
    g.names = ("Ana", "Bo")
    text = g.describe(Conquer("6", "E1", (6,), beat=3))
    assert "beating Bo's Base Camp's own 2 with a 3" in text
    g.guard["5"] = 2
    g.dice = [3, 5]
    assert "beating Bo's protecting 2 with a 3" in g.describe(Conquer("5", "E1", (5,), beat=3))


def test_a_plunder_is_logged_with_its_dice_like_a_conquest():
    g = act(dice=(3, 6), x0B="1", x0E1="2", x1B="6")
    g.names = ("Ana", "Bo")
    g.somnium[1] = 1
    g.play(next(a for a in g.legal_actions() if isinstance(a, Conquer) and a.take == "crystal"))
    assert g.log[-1]["text"] == ("Ana plunders Bo's Base Camp on the Jungle 6 with a 6: a Somnium "
                                 "crystal.")
    g = act(dice=(4,), x0B="1", x1B="4")
    g.names, g.cards[0], g.somnium[1] = ("Ana", "Bo"), ["tunneller"], 1
    g.play(Tunnel("4", (4,), "crystal"))
    assert "with the Transport Tunneller and a 4: a Somnium crystal." in g.log[-1]["text"]


def test_ending_the_turn_says_why_resources_go_back():
    g = act(x0B="1")
    g.resources[0] = 5
    assert g.preview(End())["text"] == ("End the turn (you keep 3 Resources and give back 2 "
                                        "Resources)")
    g.resources[0] = 4
    assert g.preview(End())["text"] == ("End the turn (you keep 3 Resources and give back 1 "
                                        "Resource)")
    g.resources[0] = 3
    assert g.preview(End())["text"] == "End the turn"


def camp_lost(dice, resources=0, **tokens) -> Wiraqocha:
    """Seat 0's camp in the reserve, its Explorer on 4 (neighbours 3, 8, 9), seat 1's camp on 10
    and Zeppelins on 3 and 9, so only tile 8 may take the camp."""
    g = act(dice=dice, x0E1="4", x1B="10", x1Z1="3", x1Z2="9", **tokens)
    g.where[0]["B"], g.resources[0] = "reserve", resources
    return g


def test_the_refusal_to_end_names_what_can_still_place_the_camp():
    g = camp_lost((2, 5), resources=2)
    assert g.why_not(End()) == ("Place your Base Camp first: dice changed with Resources can "
                                "place it.")
    g = camp_lost((2, 6))
    assert g.why_not(End()) == "Place your Base Camp first: these dice as they are can place it."
    g = camp_lost((2, 6), x1D1="8")
    g.guard["8"], g.cards[0], g.dice = 6, ["probe"], [2, 6, 6]
    assert g.why_not(End()) == "Place your Base Camp first: the Psychic Probe can place it."
    g.cards[0] = ["exo"]
    g.guard["8"], g.dice = 0, [1, 2]
    assert g.why_not(End()) == "Place your Base Camp first: the Battle Exoskeleton can place it."


def test_the_prompt_names_what_moves_the_game_on_while_the_camp_is_off_the_board():
    # The dice place it: pick, then a tile. Every die picked (a sum of 11 here) fits no tile:
    # un-pick. A change of a die would: the tray. Nothing can: end the turn.
    g = camp_lost((2, 6))
    legal = g.legal_actions()
    assert words.camp_prompt(g, legal) == ("Place your Base Camp first: pick dice in the tray, "
                                           "then a highlighted tile.")
    assert "take a highlighted tile" in words.camp_prompt(g, legal, (2, 6))
    g.dice = [2, 3, 6]
    assert "Un-pick them" in words.camp_prompt(g, g.legal_actions(), (2, 3, 6))
    g = camp_lost((2, 5), resources=2)
    legal = g.legal_actions()
    assert words.camp_prompt(g, legal) == ("No tile takes your Base Camp with these dice yet: "
                                           "change a die in the tray (2 Resources a step).")
    g = camp_lost((1, 1), x1D1="8")
    g.guard["8"], g.cards[0] = 6, ["probe"]
    legal = g.legal_actions()
    assert Probe("8") not in legal and End() in legal
    assert words.camp_prompt(g, legal) == ("Nothing can place your Base Camp this turn: end the "
                                           "turn.")
    g = act(dice=(2,), x0B="1")
    assert words.camp_prompt(g, g.legal_actions()) == ""
