"""Rules edition 7 of Wiraqocha (issue 64; docs/wiraqocha/WIRAQOCHA.md, "Rules editions"): while
the Base Camp is off the board the Psychic Probe acts only where it lets the camp be placed, and
the placement check counts a die raised to 7 right. Each change is pinned against edition 6,
whose saves replay as they were played."""

import itertools
import random
from collections import deque

from inca_core.wiraqocha.actions import Conquer, End, Probe, Raise
from inca_core.wiraqocha.data import EDITIONS, TILE_ORDER
from inca_core.wiraqocha.game import Wiraqocha, cheapest_change, requirement_options
from inca_core.wiraqocha.spec import SPEC, data_digest


def camp_lost(edition: int, explorer: str, dice=(), resources: int = 0, **tokens) -> Wiraqocha:
    """Seat 0 in Phase II of round 2 with its Base Camp in the reserve, its Explorer on
    ``explorer``, ``dice`` unused and ``resources``; seat 1's camp on 10 and ``tokens`` of seat 1
    (``Z1="3"``), the valley in printed order."""
    g = SPEC.new_game(2, seed=1, edition=edition)
    g.layout = TILE_ORDER
    g.turn, g.first, g.phase, g.round = 0, 0, "act", 2
    g.where[0]["E1"], g.where[0]["B"], g.where[1]["B"] = explorer, "reserve", "10"
    for token, tile in tokens.items():
        g.where[1][token] = tile
    g.dice, g.resources[0] = sorted(dice), resources
    return g


def test_new_games_use_edition_7_which_changes_rules_not_data():
    assert SPEC.new_game(2).edition == EDITIONS[-1] == 7
    for players in (2, 3, 4):
        assert data_digest(players, 7) == data_digest(players, 6)


def brute_force(tile: str, dice: tuple[int, ...], guard: int, beaters: int) -> int | None:
    """Fewest one-pip changes (dice 1-7) after which some dice meet ``tile`` and ``beaters``
    others beat ``guard``: a breadth-first walk over every die's value."""
    def done(values: tuple[int, ...]) -> bool:
        for k in range(1, len(values) + 1):
            for pick in itertools.combinations(range(len(values)), k):
                chosen = tuple(sorted(values[i] for i in pick))
                if chosen not in requirement_options(tile, chosen):
                    continue
                rest = sorted(values[i] for i in range(len(values)) if i not in pick)
                if not guard or (len(rest) >= beaters and all(v > guard
                                                               for v in rest[-beaters:])):
                    return True
        return False

    seen, queue = {dice: 0}, deque([dice])
    while queue:
        values = queue.popleft()
        if done(values):
            return seen[values]
        for i, step in itertools.product(range(len(values)), (-1, 1)):
            v = values[i] + step
            if 1 <= v <= 7:
                nxt = (*values[:i], v, *values[i + 1:])
                if nxt not in seen:
                    seen[nxt] = seen[values] + 1
                    queue.append(nxt)
    return None


def test_edition_7_counts_the_changes_of_a_die_raised_to_7_as_a_brute_force_does():
    # 1 and 7 on tile 8: the 7 comes down to 6 (one change), then the 1 goes up to 2 (two).
    assert cheapest_change("8", [1, 7], 0, edition=7) == 2
    assert cheapest_change("8", [1, 7], 0, edition=6) == 1  # editions 1-6's count, kept
    rng = random.Random(64)
    for _ in range(400):
        dice = tuple(rng.randint(1, 7) for _ in range(rng.randint(1, 3)))
        tile = rng.choice(TILE_ORDER)
        guard = rng.choice((0, 0, 2, 4, 5))
        beaters = rng.choice((1, 2)) if guard else 1
        assert cheapest_change(tile, dice, guard, beaters, edition=7) \
            == brute_force(tile, dice, guard, beaters), (tile, dice, guard, beaters)


def test_edition_7_stops_the_turn_when_a_7_leaves_too_few_resources_to_place_the_camp():
    # The Explorer on 4 (neighbours 3, 8, 9), Zeppelins of seat 1 on 3 and 9: only tile 8 takes
    # the camp. 1 and 6 with 4 Resources: turning the 1 into a 2 would do; raising the 6 to a 7
    # instead leaves 1 and 7 and 2 Resources, one change, and 8 needs two.
    for edition in (6, 7):
        g = camp_lost(edition, "4", dice=(1, 6), resources=4, Z1="3", Z2="9")
        assert End() not in g.legal_actions()
        g.play(Raise(6))
        if edition == 6:
            # Counted one change short: the turn goes on and the end of it is refused.
            assert g.turn == 0 and g.dice == [1, 7]
            assert "Resources" in g.why_not(End())
            continue
        assert g.turn == 1 and g.phase == "prep"
        assert any(e.get("event", {}).get("kind") == "stop" for e in g.log)


def test_edition_7_offers_the_probe_only_where_it_lets_the_base_camp_be_placed():
    # Seat 0's camp is off the board, its Explorer on 7 (neighbours 2, 3, 6, 8, 11, 12), its
    # dice 6 and 6. Seat 1 holds 6 guarded by a 6 (probed to a 1, a 6 takes it and the other 6
    # beats the 1), 2 guarded by a 5 (no die makes a 2: no help) and the mountain 11 guarded by
    # a 4 (no camp goes to a mountain); Zeppelins on 3, 8 and 12 keep the camp off them.
    helps, useless = Probe("6"), (Probe("2"), Probe("11"))
    for edition in (6, 7):
        g = camp_lost(edition, "7", dice=(6, 6), D1="6", D2="2", JG="11", Z1="3", Z2="8")
        g.where[1]["MM"] = "12"
        g.guard.update({"6": 6, "2": 5, "11": 4})
        g.cards[0] = ["probe"]
        legal = g.legal_actions()
        assert helps in legal and g.why_not(helps) is None
        for probe in useless:
            if edition == 6:
                assert probe in legal and g.why_not(probe) is None
            else:
                assert probe not in legal
                assert "lets you place the camp" in g.why_not(probe)
        g.play(helps)
        g.play(Conquer("6", "B", (6,), beat=6))
        assert g.where[0]["B"] == "6"
