"""Rules of Wiraqocha, one test per rule; sections are those of the 2011 rulebook
(`../shared/rules/wiraqocha-rulebook-2011.txt`) and the readings of docs/wiraqocha/WIRAQOCHA.md."""

import random
from collections import Counter

import pytest

from inca_core.protocol import IllegalAction
from inca_core.wiraqocha.actions import (
    Buy,
    Conquer,
    End,
    Lift,
    Lower,
    Probe,
    Protect,
    Raise,
    Ray,
    Roll,
    Sacrifice,
    Swap,
    parse_action,
)
from inca_core.wiraqocha.data import CARDS, EDITIONS, NEIGHBOURS, ROUND_CAP, TILE_ORDER, TILES
from inca_core.wiraqocha.determinize import determinize
from inca_core.wiraqocha.game import Wiraqocha
from inca_core.wiraqocha.spec import SPEC


def act(players: int = 2, dice=(), seat: int = 0, edition: int = EDITIONS[-1],
        **tokens) -> Wiraqocha:
    """A game of rules ``edition`` in Phase II of seat ``seat`` with ``dice`` unused, the
    valley in printed order, and ``tokens`` placed (``x0B="5"``: seat digit + token id)."""
    g = SPEC.new_game(players, seed=1, edition=edition)
    g.layout = TILE_ORDER
    g.turn, g.first, g.phase, g.round = seat, 0, "act", 2
    g.dice = sorted(dice)
    for key, place in tokens.items():
        g.where[int(key[1])][key[2:]] = place
    return g


# ----- components ("Contents", "The tiles and their effects"; components page) -----

def test_the_valley_has_12_numbers_6_doubles_4_straights_in_rows_4_5_4_5_4():
    kinds = Counter(t.kind for t in TILES.values())
    assert kinds == {"sum": 12, "double": 6, "straight": 4}
    assert sum(t.feature == "ruins" for t in TILES.values()) == 4
    assert TILES["11"].ground == "mountain"  # the rulebook's example
    for i, near in enumerate(NEIGHBOURS):
        assert all(i in NEIGHBOURS[j] for j in near)


def test_twelve_cards_four_buildings_eight_inventions():
    kinds = Counter(c.kind for c in CARDS.values())
    assert kinds == {"building": 4, "invention": 8}


def test_text_forms_round_trip():
    for text in ("conquer 9 Z1 4+5 beat 3 take relic:12", "conquer 11 B 5+6", "protect 7 4",
                 "swap Z1 D2", "end", "raise 6"):
        assert str(parse_action(text)) == text


# ----- Phase II: "To conquer a territory" -----

def test_sums_are_exact_and_7_to_12_need_two_dice():
    g = act(dice=(6, 5, 4, 1), x0B="1")
    g.where[0]["E1"] = "reserve"
    assert g.why_not(Conquer("11", "B", (5,))) is not None
    assert g.why_not(Conquer("11", "B", (5,))) == "11 needs two dice or more."
    assert g.why_not(Conquer("6", "E1", (1, 4))) == "Dice 1 and 4 add up to 5, not 6."
    assert g.why_not(Conquer("5", "B", (1, 4))) is None
    assert g.why_not(Conquer("5", "B", (5,))) is None


def test_doubles_and_straights_need_exactly_those_faces():
    g = act(dice=(3, 3, 1, 2), x0B="3-3")
    assert g.why_not(Conquer("1-2-3", "B", (1, 2, 3))) is None
    assert g.why_not(Conquer("1-1", "B", (1, 1))) == "You have no such unused dice."
    g = act(dice=(3, 4, 2, 1), x0B="4")
    assert g.why_not(Conquer("3-3", "B", (2, 4))) == "3-3 needs exactly two dice showing 3 and 3."


def test_a_reserve_token_needs_an_adjoining_territory_a_board_token_goes_anywhere():
    g = act(dice=(1, 2, 3, 6), x0B="1")
    far = next(t for t in TILE_ORDER if t not in g.adjacent("1") and t != "1"
               and TILES[t].kind == "sum" and TILES[t].ground == "valley"
               and int(t) in (2, 3, 6))
    assert "does not adjoin" in g.why_not(Conquer(far, "E1", (int(far),)))
    near = next(t for t in g.adjacent("1") if TILES[t].kind == "sum"
                and TILES[t].ground == "valley" and int(t) <= 6 and int(t) in (2, 3, 6))
    assert g.why_not(Conquer(near, "E1", (int(near),))) is None
    assert g.why_not(Conquer(far, "B", (int(far),))) is None  # B is already on the board


def test_only_zeppelins_enter_mountains_and_challenge_zeppelins():
    g = act(dice=(5, 6, 4, 2), x0B="1", x0Z1="2", x1Z1="4", x1B="5")
    assert "mountain" in g.why_not(Conquer("11", "E1", (5, 6)))
    assert g.why_not(Conquer("11", "Z1", (5, 6))) is None
    assert "Zeppelin" in g.why_not(Conquer("4", "B", (4,)))
    assert g.why_not(Conquer("4", "Z1", (4,))) is None


def test_rules_edition_2_lays_the_straight_4_5_6_in_the_valley():
    # Our design (docs/wiraqocha/WIRAQOCHA.md, "Rules editions"): in edition 1 the 4-5-6 is a
    # mountain
    # vein only Zeppelins may enter; from edition 2 it is a valley vein a Drilling token can use.
    take = Conquer("4-5-6", "D1", (4, 5, 6))
    old = act(dice=(4, 5, 6), edition=1, x0B="1", x0D1="2")
    assert "mountain" in old.why_not(take)
    new = act(dice=(4, 5, 6), edition=2, x0B="1", x0D1="2")
    assert new.why_not(take) is None
    new.play(take)
    assert new.where[0]["D1"] == "4-5-6"
    # The edition travels with what a player sees: a bot's sampled state plays by the same rules.
    assert determinize(new.observation(1), random.Random(1)).edition == 2
    assert SPEC.new_game(2).edition == EDITIONS[-1] == 7
    with pytest.raises(ValueError, match="edition"):
        SPEC.new_game(2, edition=8)


def test_the_rulebooks_example_of_a_zeppelin_reaching_a_far_mountain_in_two_steps():
    # "To conquer a territory", John's example: a reserve token cannot go to a territory that
    # adjoins none of his, so his Zeppelin first takes a tile next to his own, then flies on
    # from the board to the mountain with the dice left. (The example's own dice are lost in
    # the text we have; these dice make the same two steps.)
    g = act(dice=(5, 5, 6), x0B="1", x1B="12")
    assert "11" not in g.adjacent("1") and "5" in g.adjacent("1") and "11" in g.adjacent("6")
    assert "adjoin" in g.why_not(parse_action("conquer 11 Z1 5+6"))
    g.play(parse_action("conquer 5 Z1 5"))
    g.play(parse_action("conquer 11 Z1 5+6"))
    assert g.where[0]["Z1"] == "11" and g.dice == []


def test_the_rulebooks_base_camp_attack_example():
    # "To conquer an occupied territory", Kathy's example: with 1, 2, 3, 4 she drives both of
    # John's Drilling tokens to the Graveyard (dice 1 and 2), then takes his Base Camp's tile
    # with the 4, beating its natural protection of 2 with the 3; the Base Camp goes back to
    # John's reserve, not to the Graveyard.
    g = act(dice=(1, 2, 3, 4), x0B="8", x0E1="10", x1D1="1", x1D2="2", x1B="4")
    g.play(parse_action("conquer 1 E1 1"))  # a token on the board goes anywhere
    g.play(parse_action("conquer 2 E2 2"))  # 2 adjoins 1, now hers: from the reserve
    assert g.why_not(parse_action("conquer 4 D1 4")) is not None  # the Base Camp's 2 stands
    g.play(parse_action("conquer 4 D1 4 beat 3"))
    assert (g.where[1]["D1"], g.where[1]["D2"], g.where[1]["B"]) == ("grave", "grave", "reserve")
    assert (g.where[0]["E1"], g.where[0]["E2"], g.where[0]["D1"]) == ("1", "2", "4")
    assert g.dice == []


def test_one_cannot_attack_ones_own_token():
    g = act(dice=(2, 3), x0B="5", x0E1="3")
    assert g.why_not(Conquer("3", "B", (3,))) == "You cannot attack your own token."


def test_an_occupied_territory_falls_to_the_requirement_and_the_token_goes_to_the_graveyard():
    g = act(dice=(2, 3), x0B="5", x1B="1", x1D1="2")
    g.play(Conquer("2", "B", (2,)))
    assert g.where[0]["B"] == "2" and g.where[1]["D1"] == "grave"


# ----- "To conquer an occupied territory", "To protect the Base Camp" -----

def test_a_protecting_die_needs_one_higher_die_and_a_base_camp_has_a_natural_2():
    g = act(dice=(2, 3, 2, 1), x0B="5", x1B="1", x1D1="2")
    g.guard["2"] = 2
    assert "protected by a 2" in g.why_not(Conquer("2", "B", (2,)))
    assert g.why_not(Conquer("2", "B", (2,), beat=2)) == "A 2 does not beat the protecting 2."
    assert g.why_not(Conquer("2", "B", (2,), beat=3)) is None
    assert g.protection("1") == 2  # the Base Camp's own protection
    g.play(Conquer("1", "B", (1,), beat=3))
    assert g.where[1]["B"] == "reserve"  # a Base Camp goes back to the reserve


def test_a_protecting_die_is_an_unused_die_and_leaves_with_its_token():
    g = act(dice=(4, 6), x0B="5", x0E1="4")
    g.play(Protect("4", 6))
    assert g.guard == {"4": 6} and g.dice == [4]
    assert g.why_not(Protect("4", 4)) == "The Jungle 4 already has a protecting die."
    g2 = act(dice=(1,), x0B="5", x0E1="4")
    g2.guard["4"] = 6
    g2.play(Conquer("1", "E1", (1,)))
    assert "4" not in g2.guard


# ----- "To use Resource cubes to modify dice results" -----

def test_two_resources_change_a_die_by_one_and_a_7_only_beats():
    g = act(dice=(6, 5), x0B="1", x1B="2")
    g.resources[0] = 4
    g.guard["2"] = 6
    g.play(Raise(6))
    assert g.dice == [5, 7] and g.resources[0] == 2
    assert g.why_not(Conquer("12", "B", (5, 7))) == \
        "A die showing 7 can only beat a protecting die."
    g.play(Lower(5))
    assert g.dice == [4, 7] and g.resources[0] == 0
    assert g.why_not(Raise(4)) == "Changing a die costs 2 Resources."


# ----- Phase I: Preparation -----

def test_phase_one_jungle_resources_and_villages_add_dice_protecting_dice_count():
    g = act(x0B="2", x0E1="2-2", x0E2="8", x1B="1")
    g.play(End())  # seat 1 plays
    g.play(Roll())
    g.play(End())
    assert g.turn == 0 and g.phase == "prep"
    assert g.resources[0] == 3  # Jungle 2 (1) + Jungle 2-2 (2)
    assert g.dice_allowed(0) == 4  # 3 + the Village 8
    g.guard["8"] = 3
    assert g.dice_allowed(0) == 3
    g.play(Lift("8"))
    g.play(Roll())
    assert len(g.dice) == 4


def test_a_zeppelin_is_replaced_by_another_token_in_phase_one():
    g = act(x0B="1", x0Z1="11")
    g.phase = "prep"
    g.play(Swap("Z1", "D1"))
    assert g.where[0]["D1"] == "11" and g.where[0]["Z1"] == "reserve"


# ----- Phase III: harvest, Resource limit, new card -----

def test_harvest_two_points_a_crystal_veins_count_two_limit_three_resources():
    g = act(x0B="1", x0D1="7", x0D2="3")
    g.resources[0] = 5
    g.play(End())
    assert g.somnium[0] == 1  # 2 + 1 points: one crystal, the last point lost
    assert g.resources[0] <= 3
    assert len(g.market) == 3


def test_the_rulebooks_harvest_example():
    # "Phase III: Harvest", its example: two Drilling tokens on Jungles make 2 points (one
    # crystal), on two Veins 4 points (two), on a Vein and another tile 3 points (one; the
    # last point is lost).
    for d1, d2, crystals in (("2", "4", 1), ("7", "1-1", 2), ("7", "4", 1)):
        g = act(x0B="1", x0D1=d1, x0D2=d2)
        g.play(End())
        assert g.somnium[0] == crystals, (d1, d2)


def test_no_harvest_without_the_base_camp():
    g = act(x0D1="7", x0D2="1-1")
    g.play(End())
    assert g.somnium[0] == 0


def test_without_a_base_camp_it_must_be_placed_first():
    g = act(dice=(3, 4), x0E1="1")
    assert g.why_not(Conquer("3", "E1", (3,))) == "Place your Base Camp first."
    assert all(a.token == "B" for a in g.legal_actions() if isinstance(a, Conquer))


# ----- "Explorer", "End of the game & how to win" -----

def test_an_explorer_on_ruins_takes_the_relic_and_four_relics_win():
    g = act(dice=(4, 5), x0B="5", x0E1="3")
    g.relics[0] = ["10", "4-4", "3-3"]
    g.relic_on = ["9"]
    g.play(Conquer("9", "E1", (4, 5)))
    assert g.is_over and g.winner == 0 and g.win_reason == "relics"


def test_a_cargo_of_somnium_wins_by_player_count():
    for players, need in ((2, 11), (3, 9), (4, 7)):
        g = act(players, x0B="1", x0D1="7")
        g.somnium[0] = need - 1
        g.play(End())
        assert g.is_over and g.win_reason == "somnium"


def test_the_leviathan_sums_the_costs_of_owned_cards():
    g = act(edition=4, x0B="1")
    g.cards[0] = ["ray", "field", "tunneller", "fortress", "tanks"]  # 21 R, 4 S (edition 4)
    g.market = [c for c in g.market if c not in g.cards[0]]
    g.play(End())
    assert g.is_over and g.win_reason == "leviathan"


# ----- "To steal", "Plundering" -----

def test_plundering_a_base_camp_takes_a_crystal_or_an_invention_with_its_token():
    g = act(dice=(1, 3, 2, 3), x0B="5", x1B="1", x1MM="2")
    g.cards[1] = ["miner", "workshop"]
    g.somnium[1] = 2
    legal = {str(a) for a in g.legal_actions()}
    assert "conquer 1 B 1 beat 3 take card:workshop" not in legal  # Buildings stay
    g.play(Conquer("1", "B", (1,), beat=3, take="card:miner"))
    assert g.cards[0] == ["miner"] and g.where[0]["MM"] == "2" and "MM" not in g.where[1]
    assert g.where[1]["B"] == "1" and g.where[0]["B"] == "5"


# ----- Technology cards -----

def test_buying_once_a_turn_and_paying_the_cost():
    g = act(x0B="1")
    g.market = ["tanks", "probe", "exo"]
    g.resources[0] = 9
    g.play(Buy("tanks"))
    assert g.resources[0] == 9 - g.card_info["tanks"].resources
    assert g.why_not(Buy("probe")) == "You may build once a turn."


def test_the_psychic_probe_turns_protection_into_a_1():
    g = act(x0B="1", x1B="2")
    g.cards[0] = ["probe"]
    g.play(Probe("2"))
    assert g.protection("2") == 1


def test_the_death_ray_destroys_closes_and_fires_once():
    g = act(x0B="1", x1B="9", x1E1="12")
    g.cards[0] = ["ray"]
    g.play(Ray("9"))
    assert g.where[1]["B"] == "reserve" and "9" in g.rayed and "9" not in g.relic_on
    assert g.why_not(Ray("12")) == "The Death Ray fires once a game."


# ----- protocol: undo, replay, round cap -----

def test_undo_never_goes_back_past_a_roll():
    g = SPEC.new_game(2, seed=3)
    g.play(Roll())
    assert g.undoable() == 0
    with pytest.raises(IllegalAction):
        g.undo()
    rolled = list(g.dice)
    move = next(a for a in g.legal_actions() if not isinstance(a, End | Sacrifice))
    g.play(move)
    assert g.undoable() == 1
    g.undo()
    assert g.undoable() == 0 and g.dice == rolled
    assert len(g.actions) == 1


def test_the_round_cap_ends_the_game():
    g = act(x0B="1")
    g.round, g.turn = ROUND_CAP, 1
    g.play(End())
    assert g.is_over and g.win_reason == "rounds"


# ----- property test -----

def test_random_games_keep_one_token_per_territory_and_conserve_pieces():
    # A small sample; bench/wiraqocha_balance.py invariants runs thousands.
    for k in range(12):
        players = 2 + k % 3
        options = (set(), {"prisoners", "caves"}, {"first_layout"}, {"prisoners"})[k % 4]
        g = SPEC.new_game(players, seed=100 + k, options=options)
        rng = random.Random(k)
        while not g.is_over:
            legal = g.legal_actions()
            assert legal
            action = rng.choice(legal)
            fast = g.copy()  # bots skip the legality check of an action they know is legal
            fast.play(action, trusted=True)
            g.play(action)
            assert g.problems() == []
            assert fast.fingerprint() == g.fingerprint()


def test_each_invariant_is_checked():
    g = act(x0B="1", x1B="9")
    assert g.problems() == []
    broken = []
    for breakage in (
        lambda g: g.where[0].update(E1="9"),                 # two tokens on 9
        lambda g: g.rayed.append("1"),                       # a token on a rayed tile
        lambda g: g.where[0].pop("D2"),                      # a token lost
        lambda g: g.where[0].update(AE="reserve"),           # a card token without its card
        lambda g: g.market.pop(),                            # a card lost
        lambda g: g.resources.__setitem__(0, 1),             # a cube from nowhere
        lambda g: g.somnium.__setitem__(1, -1),              # crystals below zero
        lambda g: g.relics[1].append(g.relic_on[0]),         # a relic in two places
        lambda g: g.guard.update({"5": 3}),                  # a guard on an empty tile
        lambda g: g.dice.append(8),                          # a die showing 8
    ):
        bad = g.copy()
        breakage(bad)
        broken.append(bool(bad.problems()))
    assert all(broken), broken


def test_the_force_field_is_placed_at_once_and_stops_conquest_until_its_token_leaves():
    # "Force Field": placed immediately on one's territory; lost when the token leaves.
    from inca_core.wiraqocha.actions import Field
    g = act(dice=(3, 4), x0B="1", x0E1="3")
    g.market = ["field", "probe", "exo"]
    g.resources[0], g.somnium[0] = 5, 1
    g.play(Buy("field"))
    assert g.legal_actions() == (Field("1"), Field("3"))
    assert g.why_not(End()) == "Place the Force Field first."
    g.play(Field("3"))
    g.play(End())
    g.phase, g.dice = "act", [3, 3]
    g.where[1]["B"] = "5"
    assert g.why_not(Conquer("3", "B", (3,))) == "The Force Field protects 3."
    g.turn = 0
    g.dice = [4]
    g.play(Conquer("4", "E1", (4,)))
    assert g.shield == ""


def test_the_transport_tunneller_plunders_ignoring_protection():
    # "Transport Tunneller": the tile's dice only; steals, never destroys.
    from inca_core.wiraqocha.actions import Tunnel
    g = act(dice=(4, 1), x0B="1", x1B="4")
    g.guard["4"] = 6
    g.cards[0] = ["tunneller"]
    g.somnium[1] = 1
    assert Tunnel("4", (4,), "crystal") in g.legal_actions()
    g.play(Tunnel("4", (4,), "crystal"))
    assert g.somnium == [1, 0] and g.where[1]["B"] == "4"
    assert g.why_not(Tunnel("4", (1,), "crystal")) == \
        "The Transport Tunneller works once a turn."


def test_the_flying_fortress_needs_two_dice_beating_the_protection_and_goes_home_when_taken():
    # "Flying Fortress": the protecting die is copied; conquered, the token goes to the reserve.
    from inca_core.wiraqocha.actions import Fortress
    g = act(dice=(2, 3, 4, 4), x0B="1", x0E1="2")
    g.cards[0] = ["fortress"]
    g.guard["2"] = 3
    g.play(Fortress("2"))
    assert g.why_not(Fortress("1")) == "The Flying Fortress moves once a turn."
    g.play(End())
    g.play(Roll())
    g.dice = [2, 4, 4, 5]
    g.where[1]["B"] = "5"
    assert "two dice" in g.why_not(Conquer("2", "B", (2,), beat=4))
    assert Conquer("2", "B", (2,), 4, "", 4) in g.legal_actions()
    assert str(Conquer("2", "B", (2,), 4, "", 5)) == "conquer 2 B 2 beat 4+5"
    g.play(parse_action("conquer 2 B 2 beat 4+5"))
    assert g.where[0]["E1"] == "grave" and g.fortress == ""


def test_the_first_game_layout_option_fixes_the_valley_and_is_saved():
    # "Setting": random valley, or the recommended one for a first game (ours).
    from inca_core import dumps, loads
    from inca_core.wiraqocha.data import FIRST_LAYOUT_OF
    g = SPEC.new_game(3, seed=9, options={"first_layout"})
    assert g.layout == FIRST_LAYOUT_OF[3] and sorted(g.layout) == sorted(TILE_ORDER)
    assert SPEC.new_game(3, seed=9).layout != g.layout
    g.play(Roll())
    back = loads(dumps(g))
    assert back.options == frozenset({"first_layout"}) and back.fingerprint() == g.fingerprint()
    with pytest.raises(ValueError):
        SPEC.new_game(2, seed=1, options={"no_such_option"})


def test_rules_edition_3_swaps_the_3_4_5_and_the_3_on_the_first_game_valley():
    # Our design (docs/wiraqocha/WIRAQOCHA.md, "Rules editions"): on the edge of the row the
    # mountain
    # Jungle 3-4-5 was never taken; edition 3 puts it where the plain 3 was, in the second row.
    from inca_core import dumps, loads
    from inca_core.wiraqocha.data import FIRST_LAYOUT
    from inca_core.wiraqocha.spec import data_digest
    first = {e: SPEC.new_game(2, seed=3, options={"first_layout"}, edition=e).layout
             for e in EDITIONS}
    assert first[1] == first[2] == FIRST_LAYOUT
    changed = [(i, a, b) for i, (a, b) in enumerate(zip(first[2], first[3], strict=True)) if a != b]
    assert changed == [(7, "3", "3-4-5"), (12, "3-4-5", "3")]
    # Random valleys do not change, and the digest of edition 3 covers its first-game valley.
    assert SPEC.new_game(2, seed=3, edition=2).layout == SPEC.new_game(2, seed=3, edition=3).layout
    assert data_digest(2, 3) != data_digest(2, 2)
    # A first-game valley saved under edition 2 loads back with edition 2's valley.
    old = SPEC.new_game(2, seed=3, options={"first_layout"}, edition=2)
    old.play(Roll())
    back = loads(dumps(old))
    assert back.edition == 2 and back.layout == FIRST_LAYOUT


def test_the_caves_send_an_explorer_to_a_free_mountain_at_the_start_of_a_turn():
    # "Variations: The Caves tile": replaces 7; Phase I, an Explorer there goes to a free mountain.
    from inca_core.wiraqocha.actions import Cave
    g = SPEC.new_game(2, seed=5, options={"caves"})
    g.where[0].update(B="1", E1="7")
    g.where[1].update(Z1="11")
    assert g.feature("7") == "caves" and SPEC.new_game(2, seed=5).feature("7") == "vein"
    caves = {a for a in g.legal_actions() if isinstance(a, Cave)}
    assert Cave("12") in caves and Cave("11") not in caves and Cave("5") not in caves
    assert g.why_not(Cave("11")) == "The Jungle 11 is not free."
    g.play(Cave("12"))
    assert g.where[0]["E1"] == "12" and g.where[0]["B"] == "1"
    assert g.why_not(Cave("5-5")) == "You have no Explorer on the Caves."


def test_an_explorer_swapped_onto_ruins_takes_the_relic():
    # "Zeppelin" (Phase I swap) and "Explorer": an Explorer arriving on a Ruins still holding its
    # relic takes it, also by taking a Zeppelin's place.
    g = act(x0B="1", x0Z1="9", x0E1="5")
    g.phase = "prep"
    g.play(Swap("Z1", "E1"))
    assert g.where[0]["E1"] == "9" and g.where[0]["Z1"] == "reserve" and g.relics[0] == ["9"]
    assert "9" not in g.relic_on


def test_prisoners_are_taken_ransomed_or_freed_by_plundering_the_racketeer():
    # "Variations: The prisoner token": one hostage each; 3 Resources, a crystal or a plunder.
    from inca_core.wiraqocha.actions import Ransom
    g = SPEC.new_game(2, seed=5, options={"prisoners"})
    g.layout = TILE_ORDER
    g.turn, g.phase, g.round, g.dice = 0, "act", 2, [2, 3, 3]
    g.where[0].update(B="1")
    g.where[1].update(B="5", D1="2", D2="3")
    g.play(Conquer("2", "B", (2,), take="hostage"))
    assert g.where[1]["D1"] == "held" and g.hostages[0] == [1, "D1"]
    g.where[0]["E1"] = "4"
    g.play(Conquer("3", "E1", (3,), take="hostage"))  # the first hostage goes home
    assert g.where[1]["D1"] == "reserve" and g.where[1]["D2"] == "held"
    g.play(End())
    g.play(Roll())
    g.resources[1] = 3
    assert Ransom(0, "resources") in g.legal_actions()
    assert g.why_not(Ransom(0, "crystal")) == "You have no Somnium crystal."
    g.play(Ransom(0, "resources"))
    assert g.where[1]["D2"] == "reserve" and g.resources == [3, 0] and g.hostages[0] == []


def test_with_every_option_legal_actions_agree_with_why_not_and_replay():
    # The generic protocol checks, with the options on (they run without in test_games_protocol).
    options = {"prisoners", "caves", "first_layout"}
    g = SPEC.new_game(4, seed=8, options=options)
    rng = random.Random(8)
    seen: list = []
    while not g.is_over:
        legal = g.legal_actions()
        for a in legal:
            assert parse_action(str(a)) == a and g.why_not(a) is None
        for a in rng.sample(seen, min(4, len(seen))):
            if a not in legal:
                assert g.why_not(a)
        seen.extend(a for a in legal if a not in seen)
        g.play(rng.choice(legal))
    again = SPEC.new_game(4, seed=8, options=options)
    for a in g.actions:
        again.play(a)
    assert again.fingerprint() == g.fingerprint()


def test_a_base_camp_that_cannot_be_placed_even_with_resources_stops_the_turn():
    # "Base Camp", "Destruction": if the dice (changed with Resources) cannot place it, the turn
    # stops; whether they can is worked out by cheapest_change.
    from inca_core.wiraqocha.game import cheapest_change
    assert cheapest_change("2", [3, 3, 3], 0) == 1
    assert cheapest_change("11", [6, 1], 0) == 4
    assert cheapest_change("3-3", [1, 6], 0) == 5
    assert cheapest_change("5", [5], 2) is None  # no die left to beat the protection
    g = act(x0E1="1", x1Z1="2", x1Z2="5", x1JG="6")  # every neighbour of 1 holds a Zeppelin
    g.where[0]["B"] = "reserve"
    g.phase, g.turn = "prep", 0
    g.play(Roll())
    assert g.turn == 1 and g.phase == "prep"
    assert any("cannot place the Base Camp" in e["text"] for e in g.log)
    g = act(x0E1="1", x1Z2="5", x1JG="6")
    g.where[0]["B"] = "reserve"
    g.phase, g.turn = "prep", 0
    g.resources[0] = 10
    g.play(Roll())
    assert g.turn == 0 and g.phase == "act"  # any die can be changed into a 2 for tile 2


def test_the_base_camp_check_asks_two_beating_dice_under_a_flying_fortress():
    # "Base Camp", "Destruction" with "Flying Fortress": the protection is copied, so placing the
    # Base Camp there needs the tile's dice and two more dice beating it.
    from inca_core.wiraqocha.game import cheapest_change
    assert cheapest_change("2", [2, 4, 1], 3, beaters=2) == 3  # the 1 must become a 4
    assert cheapest_change("2", [2, 4, 1], 3) == 0
    assert cheapest_change("2", [2, 6], 3, beaters=2) is None  # only one die left to beat
    # Tiles 2, 5 and 6 adjoin 1; 5 and 6 hold Zeppelins, 2 a Drilling guarded by a 4 that the
    # Flying Fortress doubles. The roll is 1, 4, 6 and one change is paid for: the 1 becomes
    # the 2, the 6 beats the 4, but the 4 does not, so the turn stops.
    g = act(x0E1="1", x1B="10", x1D1="2", x1Z2="5", x1JG="6")
    g.cards[1] = ["fortress"]
    g.fortress, g.guard["2"] = "2", 4
    g.where[0]["B"] = "reserve"
    g.phase, g.resources[0] = "prep", 2
    g.play(Roll())
    assert any(e["text"].endswith("rolls 6, 4, 1.") for e in g.log)
    assert g.turn == 1 and g.phase == "prep"  # the turn stopped after the roll
    # With Resources enough to turn the dice into a 2 and two 6s, the turn goes on.
    g = act(x0E1="1", x1B="10", x1D1="2", x1Z2="5", x1JG="6")
    g.cards[1] = ["fortress"]
    g.fortress, g.guard["2"] = "2", 4
    g.where[0]["B"] = "reserve"
    g.phase, g.resources[0] = "prep", 4
    g.play(Roll())
    assert g.turn == 0 and g.phase == "act"


def test_a_base_camp_that_can_be_placed_must_be_placed():
    # "Base Camp", "Destruction": the first Phase II action is placing the Base Camp; the
    # opponents may point out where, so a player who can place it cannot end the turn instead.
    g = act(dice=(3,), x0E1="1")
    g.resources[0] = 2
    assert "Place your Base Camp first" in g.why_not(End())
    assert End() not in g.legal_actions()
    assert Lower(3) in g.legal_actions()  # a 2 takes tile 2, next to tile 1
    # Spending the Resources on the wrong change leaves no way to place it: the turn stops.
    g.play(Raise(3))
    assert g.turn == 1 and g.phase == "prep"
    assert any("cannot place the Base Camp" in e["text"] for e in g.log)
    g = act(dice=(2,), x0E1="1")
    g.play(Conquer("2", "B", (2,)))
    assert g.why_not(End()) is None


def test_each_ruins_held_at_the_start_of_the_turn_gives_one_re_roll():
    # "The Ruins": one re-roll of an unused die per Ruins occupied when the turn begins; the
    # same die may be rolled again; a re-roll is chance, so it cannot be undone.
    from inca_core.wiraqocha.actions import Reroll
    g = act(seat=1, x0B="1", x0E1="9", x0D1="4-4", x1B="10")
    g.play(End())
    assert g.turn == 0 and g.rerolls == 2 and g.observation(1)["rerolls"] == 2
    assert g.why_not(Reroll(g.dice[0] if g.dice else 1)) == "Roll the dice first (Phase I)."
    g.play(Roll())
    first = g.dice[0]
    assert Reroll(first) in g.legal_actions()
    g.play(Reroll(first))
    assert g.rerolls == 1 and len(g.dice) == 3 and g.undoable() == 0
    g.play(Reroll(g.dice[-1]))
    assert g.rerolls == 0 and not any(isinstance(a, Reroll) for a in g.legal_actions())
    assert "no re-roll left" in g.why_not(Reroll(g.dice[0]))
    assert parse_action("reroll 4") == Reroll(4) and str(Reroll(4)) == "reroll 4"
    # Without Ruins there is no re-roll.
    g = act(seat=1, x0B="1", x0E1="8", x1B="10")
    g.play(End())
    g.play(Roll())
    assert g.rerolls == 0 and not any(isinstance(a, Reroll) for a in g.legal_actions())


def test_a_re_roll_may_serve_to_place_the_base_camp():
    # "Base Camp", "Destruction": any solution the rules allow may place it, so a player
    # holding Ruins keeps the turn while a re-roll is left, and may re-roll before placing.
    from inca_core.wiraqocha.actions import Reroll
    def camp_lost() -> Wiraqocha:
        g = act(seat=1, x0E1="9", x1B="10", x1Z1="4", x1Z2="8", x1JG="1-1")
        g.where[0]["B"] = "reserve"  # 4, 8 and 1-1 (next to 9) hold Zeppelins
        g.play(End())
        return g
    g = camp_lost()
    assert g.rerolls == 1
    g.play(Roll())
    assert g.turn == 0 and g.phase == "act"  # the re-roll could still help
    assert End() in g.legal_actions() and Reroll(g.dice[0]) in g.legal_actions()
    g.play(Reroll(g.dice[0]))
    assert g.turn == 1  # it did not: the turn stops
    g = camp_lost()
    g.rerolls = 0
    g.play(Roll())
    assert g.turn == 1


# ----- rules edition 4: the rulebook's letter where editions 1-3 departed from it -----

def test_rules_edition_4_places_the_base_camp_before_any_plunder():
    # "Phase II", Important: without a Base Camp on the board, placing it comes before any
    # other action. Editions 1-3 let its owner plunder first (the camp stayed in the reserve).
    plunder = Conquer("1", "B", (1,), beat=3, take="crystal")
    for edition in (3, 4):
        g = act(dice=(1, 3), edition=edition, x0E1="2", x1B="1")
        g.somnium[1] = 1
        if edition == 3:
            assert plunder in g.legal_actions() and g.why_not(plunder) is None
            continue
        assert plunder not in g.legal_actions()
        assert "plunder leaves it in your reserve" in g.why_not(plunder)
        place = Conquer("1", "B", (1,), beat=3)
        assert place in g.legal_actions()
        g.play(place)
        assert g.where[0]["B"] == "1" and g.where[1]["B"] == "reserve"


@pytest.mark.parametrize("card", ["field", "fortress"])
def test_rules_edition_4_keeps_the_force_field_and_the_flying_fortress_with_their_owner(card):
    # "Force Field": it protects its owner's territory against opponents; "Flying Fortress":
    # it doubles its owner's protection and goes home when the territory is taken. Seat 1's
    # Juggernaut stands on 11 under seat 1's card; seat 0 plunders the Juggernaut card, and with
    # it the territory. Editions 1-3 left the Force Field and the Fortress on 11 for the thief.
    from inca_core.wiraqocha.actions import Fortress
    from inca_core.wiraqocha.data import EDITIONS as ALL
    for edition in (3, 4):
        g = act(dice=(1, 3, 5, 6), edition=edition, x0B="5", x0Z1="12",
                x1B="1", x1JG="11", x1Z1="3-4-5")
        g.cards[1] = ["juggernaut", card]
        for c in g.cards[1]:
            (g.market if c in g.market else g.pile).remove(c)
        if card == "field":
            g.shield = "11"
        else:
            g.fortress, g.guard["11"] = "11", 4
        assert g.problems() == []
        g.play(Conquer("1", "B", (1,), beat=3, take="card:juggernaut"))
        assert g.where[0]["JG"] == "11" and "11" not in g.guard
        held = g.shield if card == "field" else g.fortress
        if edition == 3:
            assert held == "11"  # protecting the thief
            g.edition = 4  # which edition 4's invariant reports
            assert g.problems() == [f"the {CARDS[card].name} on a territory its owner does "
                                    "not hold"]
            continue
        assert held == "" and g.problems() == []
        # The owner may take 11 back with a Zeppelin and the tile's dice alone.
        g.play(End())
        g.phase, g.dice = "act", [5, 6]
        assert g.why_not(Conquer("11", "Z1", (5, 6))) is None
        if card == "fortress":  # and the Fortress is back in the owner's reserve
            assert g.why_not(Fortress("1")) is None
    assert ALL[-1] >= 4  # later editions keep edition 4's rule


def _camp_lost(edition: int, *zeppelins: str, **tokens) -> Wiraqocha:
    """Seat 0 in Phase II with its Base Camp in the reserve and its Explorer on 1, whose
    neighbours are 2, 5 and 6; ``zeppelins`` of seat 1 stand on some of them."""
    extra = {f"x1{z}": t for z, t in zip(("Z1", "Z2", "JG"), zeppelins, strict=False)}
    g = act(edition=edition, x0E1="1", x1B="10", **extra, **tokens)
    g.where[0]["B"] = "reserve"
    return g


def test_rules_edition_4_places_a_lost_base_camp_by_any_solution_the_rules_allow():
    # "Base Camp", "Destruction": the camp is placed by any solution the rules allow. Editions
    # 1-3 refused the Battle Exoskeleton, a crystal's sacrifice, the Android Factory and the
    # Psychic Probe before the placement, and ended the turn though they would place it.
    from inca_core.wiraqocha.actions import Exo, Factory
    # The Exoskeleton: 1 and 1 cannot make the 6 next to 1; a 6 made of a 1 can.
    for edition in (3, 4):
        g = _camp_lost(edition, "2", "5")
        g.cards[0], g.dice = ["exo"], [1, 1]
        if edition == 3:
            assert g.legal_actions() == (End(),)
            continue
        assert Exo(1) in g.legal_actions() and End() not in g.legal_actions()
        g.play(Exo(1))
        g.play(Conquer("6", "B", (6,)))
        assert g.where[0]["B"] == "6"
    # The Probe: a 6 cannot beat the 6 guarding tile 6; probed to a 1, it can.
    for edition in (3, 4):
        g = _camp_lost(edition, "2", "5", x1D1="6")
        g.cards[0], g.dice, g.guard["6"] = ["probe"], [6, 6], 6
        if edition == 3:
            assert g.legal_actions() == (End(),)
            continue
        assert Probe("6") in g.legal_actions() and End() not in g.legal_actions()
        g.play(Probe("6"))
        g.play(Conquer("6", "B", (6,), beat=6))
        assert g.where[0]["B"] == "6"
    # A crystal's sacrifice and the Factory roll a die that may place it: the turn goes on
    # after the roll while they are left (every neighbour of 1 holds a Zeppelin here, so the
    # new die does not help and the turn then stops).
    for edition in (3, 4):
        for extra in (Sacrifice(), Factory()):
            g = _camp_lost(edition, "2", "5", "6")
            g.phase = "prep"
            if extra == Sacrifice():
                g.somnium[0] = 1
            else:
                g.cards[0], g.resources[0] = ["factory"], 3
            g.play(Roll())
            if edition == 3:
                assert g.turn == 1  # stopped at once
                continue
            assert g.turn == 0 and extra in g.legal_actions() and End() in g.legal_actions()
            g.play(extra)
            assert g.turn == 1 and g.somnium[0] + g.resources[0] == 0


def test_rules_edition_4_draws_the_first_player_from_the_seed():
    # "Description of a turn": the first player is drawn at random. Editions 1-3 always
    # started with seat 0. The draw comes from the game's own generator, so seed and actions
    # replay it; a round ends when play comes back to the first player.
    from inca_core import dumps, loads
    firsts = {SPEC.new_game(3, seed=s).first for s in range(30)}
    assert firsts == {0, 1, 2}
    assert {SPEC.new_game(3, seed=s, edition=3).turn for s in range(30)} == {0}
    g = next(SPEC.new_game(3, seed=s) for s in range(30) if SPEC.new_game(3, seed=s).first == 2)
    assert g.turn == 2 and g.current_player == 2
    assert SPEC.new_game(3, seed=g.seed, edition=3).layout == g.layout  # the same valley
    rng = random.Random(1)
    while g.round == 1:
        assert g.turn in (2, 0, 1)
        g.play(rng.choice(g.legal_actions()))
    assert g.turn == 2 and g.round == 2
    back = loads(dumps(g))
    assert back.first == 2 and back.fingerprint() == g.fingerprint()


def test_rules_edition_4_breaks_ties_in_the_ranking_by_the_turn_order_not_the_seat():
    # Ours: a tie in progress goes to the player later in the turn order (the first player
    # had the initiative); editions 1-3 gave it to the earlier seat, and seat 0 always started.
    g = SPEC.new_game(3, seed=next(s for s in range(30) if SPEC.new_game(3, seed=s).first == 1))
    assert g.scores == (0, 0, 0)
    assert g.ranking == (0, 2, 1)  # turn order 1, 2, 0: 0 plays last
    g.first = 0
    assert g.ranking == (2, 1, 0)
    old = SPEC.new_game(3, seed=g.seed, edition=3)
    assert old.ranking == (0, 1, 2)
    # The round cap's winner too.
    g = act(players=3, edition=4, x0B="1", x1B="9", x2B="4-4")
    g.first, g.round, g.turn = 1, ROUND_CAP, 0
    g.play(End())
    assert g.is_over and g.win_reason == "rounds" and g.winner == 0
