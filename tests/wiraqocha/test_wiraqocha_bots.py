"""Wiraqocha's bots: each strength plays legal actions from an observation alone; and (issue 64)
they play the game instead of stalling it: no action that changes nothing the game scores over
ending the turn, the end of the turn judged by what it does for the bot, a camp holding relics
defended, and hard's search stronger with a larger budget."""

import random
from dataclasses import replace

import pytest

from inca_core.wiraqocha.actions import End, Protect
from inca_core.wiraqocha.bots import (
    FULL,
    STRENGTHS,
    UNBOUNDED,
    Greedy,
    changes_nothing,
    evaluate,
    make_bot,
    value,
)
from inca_core.wiraqocha.data import TILE_ORDER
from inca_core.wiraqocha.determinize import determinize
from inca_core.wiraqocha.game import Wiraqocha
from inca_core.wiraqocha.spec import SPEC


@pytest.mark.parametrize("strength", list(STRENGTHS))
def test_each_strength_plays_legal_actions_from_an_observation(strength):
    g = SPEC.new_game(3, seed=4)
    bot = make_bot(strength, seed=1)
    for _ in range(40):
        if g.is_over:
            break
        seat = g.current_player
        action = bot.choose(g.observation(seat), g.legal_actions())
        assert action in g.legal_actions()
        g.play(action)


def test_a_bot_refuses_a_state_or_another_seats_observation():
    g = SPEC.new_game(2, seed=2)
    bot = make_bot("medium", 0)
    with pytest.raises(TypeError):
        bot.choose(g, g.legal_actions())
    with pytest.raises(ValueError):
        bot.choose(g.observation(1), g.legal_actions())


def test_the_observation_hides_the_pile_order_and_the_dice_to_come():
    g = SPEC.new_game(2, seed=6)
    obs = g.observation(0)
    assert "pile" not in obs and "seed" not in obs and "rolls" not in obs
    assert obs["pile_size"] == 9
    a, b = determinize(obs, random.Random(1)), determinize(obs, random.Random(2))
    assert sorted(a.pile) == sorted(b.pile) == sorted(g.pile)
    assert a.seed != b.seed


def test_medium_changes_a_die_when_the_change_wins_a_relic_and_easy_does_not():
    # Dice 3 and 5 with 2 Resources: a raise makes 4+5 = 9, the Ruins holding a relic.
    from inca_core.wiraqocha.actions import Raise
    from inca_core.wiraqocha.data import TILE_ORDER
    g = SPEC.new_game(2, seed=1)
    g.layout = TILE_ORDER
    g.turn, g.phase, g.round = 0, "act", 2
    g.where[0].update(B="1", E1="2")
    g.where[1].update(B="12")
    g.dice, g.resources[0] = [3, 5], 2
    medium = make_bot("medium", 0).choose(g.observation(0), g.legal_actions())
    easy = make_bot("easy", 0).choose(g.observation(0), g.legal_actions())
    assert medium == Raise(3)
    assert easy != Raise(3)


def _planned(bot, g, seat):
    """Hard's plan search on ``seat``'s decision in ``g``, once its greedy comparison is done
    (the plan search itself not yet run)."""
    search = bot.start(g.observation(seat), g.legal_actions())
    while not search.greedy.finished:
        search.greedy.step(3600.0)
    return bot.then(search.greedy, search.rng, search.budget)


def _busy_position():
    """Seat 0 to act with more than eight legal actions (medium bots played up to here)."""
    from inca_core.wiraqocha.actions import Roll
    g = SPEC.new_game(4, seed=3)
    medium = make_bot("medium", 1)
    while g.current_player != 0 or g.phase != "act" or len(g.legal_actions()) <= 8:
        seat = g.current_player
        g.play(Roll() if g.phase == "prep" else medium.choose(g.observation(seat),
                                                               g.legal_actions()))
    return g


def test_medium_and_hard_decide_in_short_steps_and_choose_as_in_one_go():
    # A page runs a bot in slices of ~20 ms: the greedy comparison goes a few actions a step and
    # is never cut short by the budget (not anytime), then hard's plan search pauses between
    # the actions of a playout. Stepped with no time at all, each bot chooses what it chooses
    # in one go.
    g = _busy_position()
    legal = g.legal_actions()
    for strength in ("medium", "hard"):
        whole = make_bot(strength, 0).start(g.observation(0), legal)
        while not whole.step(3600.0):
            pass
        stepped = make_bot(strength, 0).start(g.observation(0), legal)
        assert not stepped.anytime
        steps = 0
        while not stepped.step(0.0):
            steps += 1
            if strength == "hard" and stepped.greedy.finished:
                assert stepped.anytime
        assert stepped.best() == whole.best()
        assert steps >= len(legal) - 1  # at least one step per action compared
        # Its work: every action compared, then (hard) every playout of its plan search.
        assert stepped.iterations == whole.iterations
        assert whole.iterations == len(legal) + (
            whole.plan.iterations if strength == "hard" else 0)
    # Hard's playouts pause: far more steps than candidates times worlds.
    plan = _planned(make_bot("hard", 0), g, 0)
    playouts = 0
    while not plan.step(0.0):
        playouts += 1
    assert playouts > 2 * len(plan.legal) * 2
    # One iteration a playout: every candidate on the first worlds, then the ones kept.
    kept = min(plan.keep or len(plan.legal), len(plan.legal))
    before = min(plan.prune_after, len(plan.worlds)) if plan.keep else len(plan.worlds)
    assert plan.iterations == before * len(plan.legal) + (len(plan.worlds) - before) * kept


def test_hard_plays_the_rivals_turns_and_its_own_next_turn_before_judging():
    # The hard bot's candidates are judged after its turn, the three rivals' turns and its own
    # next turn (a victory is checked at the end of a turn).
    from inca_core.wiraqocha.actions import Roll
    from inca_core.wiraqocha.bots import GreedyBot, PlanSearch
    g = SPEC.new_game(4, seed=3)
    bot = make_bot("hard", 0)
    assert isinstance(bot, GreedyBot) and bot.settings.replies == 3
    first = g.turn  # drawn from the seed (rules edition 4)
    g.play(Roll())
    search = _planned(bot, g, first)
    assert isinstance(search, PlanSearch) and search.replies == 3
    after = search.state.copy()
    after.play(search.legal[0])
    assert (after.round, after.turn) == (1, first)
    search.finish(after)
    # The first seat (the rest of its turn), the three others, then the first again: the
    # second seat of round 2 is next.
    assert (after.round, after.turn, after.phase) == (2, (first + 1) % 4, "prep")


def test_the_bots_value_counts_a_cards_somnium_toward_the_leviathan():
    # Under rules edition 4 the Death Ray costs 5 Resources and 1 Somnium; exo costs 4 Resources
    # and no Somnium. With the Somnium half of the Leviathan counted, the ray is worth clearly
    # more than the one Resource it costs above the exoskeleton.
    from inca_core.wiraqocha.bots import value
    g = SPEC.new_game(2, seed=1, edition=4)
    base = value(g, 0)
    ray, exo = g.copy(), g.copy()
    ray.cards[0] = ["ray"]
    exo.cards[0] = ["exo"]
    assert value(ray, 0) - value(exo, 0) > 1.5
    assert value(exo, 0) > base
    # Under edition 5 both cost 4 Resources: the ray's crystal alone still counts.
    g = SPEC.new_game(2, seed=1, edition=5)
    ray, exo = g.copy(), g.copy()
    ray.cards[0] = ["ray"]
    exo.cards[0] = ["exo"]
    assert value(ray, 0) - value(exo, 0) > 0.5


def test_hard_judges_a_candidate_that_ends_the_game():
    # A candidate that wins at once leaves no turn to play out; the plan search must not fail.
    from inca_core.wiraqocha.actions import End
    from inca_core.wiraqocha.bots import FULL, PlanSearch
    g = SPEC.new_game(2, seed=1)
    g.turn, g.phase, g.round = 0, "over", 2
    g.where[0].update(B="1")
    g.winner, g.win_reason = 0, "relics"
    assert g.is_over
    search = PlanSearch(g, (End(),), 0, FULL, chain=6)
    search._play_turn(g)
    assert g.winner == 0


def test_hard_judges_its_candidates_on_the_same_sampled_worlds_and_keeps_the_best_four():
    # Hard plays each of medium's best twelve actions on two sampled worlds, then the four
    # best of them on six more. The public position is the same in every world, only the pile
    # order and the dice to come differ, and every candidate meets the same worlds: its score
    # is the sum of its judgements there.
    from inca_core.wiraqocha.bots import FULL, PlanSearch, evaluate
    g = _busy_position()
    search = _planned(make_bot("hard", 0), g, 0)
    assert isinstance(search, PlanSearch)
    assert len(search.legal) == min(12, len(g.legal_actions()))
    assert len(search.worlds) == 8 and search.worlds[0] is search.state
    assert len({w.seed for w in search.worlds}) == 8
    public = search.state.observation(0)
    for w in search.worlds:
        assert w.observation(0) == public and sorted(w.pile) == sorted(search.state.pile)
    while not search.step(3600.0):
        pass

    def judged(i: int, world) -> float:
        after = world.copy()
        after.play(search.legal[i])
        search.finish(after)
        return evaluate(after, 0, FULL)

    first = [sum(judged(i, w) for w in search.worlds[:2]) for i in range(len(search.legal))]
    kept = sorted(range(len(first)), key=lambda i: -first[i])[:4]
    assert search.alive == sorted(kept)
    for i in range(len(first)):
        if i not in kept:
            assert search.scores[i] == pytest.approx(first[i])
    best = kept[0]
    total = first[best] + sum(judged(best, w) for w in search.worlds[2:])
    assert search.scores[best] == pytest.approx(total)
    assert search.best() == search.legal[max(kept, key=lambda i: search.scores[i])]


def test_a_copy_is_the_same_position_and_shares_nothing_that_changes():
    # The state's fields say how each is copied (shared, shallow, nested): hard copies by the
    # thousand. Playing on copies of copies must leave the original as it was.
    g = SPEC.new_game(4, seed=5)
    bots = [make_bot("medium", s) for s in range(4)]
    for _ in range(150):
        if g.is_over:
            break
        before = g.to_dict()
        c = g.copy()
        assert c.to_dict() == before
        for a in c.legal_actions()[:4]:
            c.copy().play(a)
        assert g.to_dict() == before == c.to_dict()
        g.play(bots[g.current_player].choose(g.observation(g.current_player), g.legal_actions()))


def test_the_bots_value_counts_protection_like_the_rules():
    # value counts each territory's protection in one pass over the seat's tokens: the same as
    # the rules' protection (a Base Camp's own, a weakened camp's 1, a protecting die).
    from inca_core.wiraqocha.bots import Weights, value
    only_guard = Weights(territory=0.0, somnium=0.0, guard=1.0)
    g = SPEC.new_game(3, seed=2)
    bots = [make_bot("medium", s) for s in range(3)]
    seen = 0
    while not g.is_over:
        for s in range(3):
            want = sum(g.protection(t) for t in g.territories(s))
            assert value(g, s, only_guard) == want
            seen += want > 0
        g.play(bots[g.current_player].choose(g.observation(g.current_player), g.legal_actions()))
    assert seen


def test_medium_and_hard_take_phase_one_by_their_stated_rule_in_real_games():
    # docs/wiraqocha/WIRAQOCHA.md, "Bots": re-roll (lift) protecting dice of 3 or less, and keep at
    # least two dice to roll; otherwise no lift. Checked on every Phase I decision with a protecting
    # die on the board in a few medium games (the positions of real play).
    from inca_core.wiraqocha.actions import Lift
    checked = 0
    for seed in range(3):
        g = SPEC.new_game(3, seed=seed)
        bots = [make_bot("medium", seed * 10 + s) for s in range(3)]
        hard = make_bot("hard", seed)
        while not g.is_over and g.round <= 12:
            seat = g.turn
            obs, legal = g.observation(seat), g.legal_actions()
            choice = bots[seat].choose(obs, legal)
            guards = [g.guard[a.tile] for a in legal if isinstance(a, Lift)]
            if g.phase == "prep" and guards:
                must = min(guards) <= 3 or g.dice_allowed(seat) < 2
                for pick in (choice, hard.choose(obs, legal)):
                    if must:
                        assert isinstance(pick, Lift) and g.guard[pick.tile] == min(guards)
                    else:
                        assert not isinstance(pick, Lift)
                checked += 1
            g.play(choice)
    assert checked >= 20


def test_a_screened_somnium_term_values_a_crystal_more_the_nearer_the_win():
    # ``Weights.somnium_near`` (a screening option, 0 in medium's and hard's weights): with
    # it, of the 11 crystals two players need, the tenth is worth more than the second by the
    # square of the share of the win; without it every crystal is worth the same.
    from dataclasses import replace

    from inca_core.wiraqocha.bots import FULL, value
    g = SPEC.new_game(2, seed=1)

    def worth(crystals, w):
        c = g.copy()
        c.somnium[0] = crystals
        return value(c, 0, w)

    near = replace(FULL, somnium_near=10.0)
    gain = (worth(10, near) - worth(9, near)) - (worth(2, near) - worth(1, near))
    assert gain == pytest.approx(10.0 * ((10**2 - 9**2) - (2**2 - 1**2)) / 11**2)
    assert worth(10, FULL) - worth(9, FULL) == pytest.approx(worth(2, FULL) - worth(1, FULL))


def test_the_bots_count_what_their_territories_and_tanks_gather():
    # A token on the Jungle 2 (one Resource each Phase I) against the same token on the plain
    # 1: the bots value the Jungle half a point more, and the Production Tanks' two Resources one
    # point more than a card of the same cost and kind; without the term, no difference.
    from dataclasses import replace

    from inca_core.wiraqocha.bots import FULL, value
    g = SPEC.new_game(2, seed=1)
    jungle, plain = g.copy(), g.copy()
    jungle.where[0]["E1"] = "2"
    plain.where[0]["E1"] = "1"
    assert g.tiles["2"].resources == 1 and g.tiles["1"].resources == 0
    assert value(jungle, 0) - value(plain, 0) == pytest.approx(0.5)
    without = replace(FULL, income=0.0)
    assert value(jungle, 0, without) == pytest.approx(value(plain, 0, without))
    tanks, probe = g.copy(), g.copy()
    tanks.cards[0] = ["tanks"]
    probe.cards[0] = ["probe"]
    assert value(tanks, 0) - value(probe, 0) == pytest.approx(1.0)
    assert make_bot("medium", 0).w is FULL and make_bot("hard", 0).w is FULL


# ----- issue 64: bots that play the game -----

def act(dice=(), **tokens) -> Wiraqocha:
    """Seat 0 of 2 in Phase II of round 2, the valley in printed order, ``dice`` unused and
    ``tokens`` placed (``x0B="5"``: seat digit + token id); seat 0's other tokens are in the
    Graveyard, so no conquest is on offer."""
    g = SPEC.new_game(2, seed=1)
    g.layout = TILE_ORDER
    g.turn, g.first, g.phase, g.round = 0, 0, "act", 2
    g.dice = sorted(dice)
    for token in g.where[0]:
        g.where[0][token] = "grave"
    for key, place in tokens.items():
        g.where[int(key[1])][key[2:]] = place
    return g


def choice(strength: str, g: Wiraqocha):
    return make_bot(strength, 0).choose(g.observation(0), g.legal_actions())


def test_a_protecting_die_that_adds_no_protection_changes_nothing():
    g = act(dice=(2, 3), x0B="1", x0E1="2")
    assert changes_nothing(g, Protect("1", 2))  # the camp's own 2 already
    assert not changes_nothing(g, Protect("1", 3))
    assert not changes_nothing(g, Protect("2", 2))
    g.shield = "2"
    assert changes_nothing(g, Protect("2", 3))  # the Force Field keeps it already
    # Put back no higher than the die taken back from the tile this turn.
    assert changes_nothing(g, Protect("1", 3), lifted={"1": 4})
    assert not changes_nothing(g, Protect("1", 3), lifted={"1": 2})
    assert not changes_nothing(g, End())


def test_medium_and_hard_end_the_turn_rather_than_protect_for_nothing():
    # A 2 left, the camp on 1 (its own 2) and the Force Field's tile 2: either protecting die
    # adds nothing. Seat 1 gathers 2 Resources from its Jungle 11 at the start of its turn,
    # which the bots of before counted against ending the turn.
    g = act(dice=(2,), x0B="1", x0E1="2", x1B="10", x1Z1="11")
    g.cards[0], g.shield = ["field"], "2"
    legal = g.legal_actions()
    assert set(legal) == {Protect("1", 2), Protect("2", 2), End()}
    for strength in ("easy", "medium", "hard"):
        assert choice(strength, g) == End()


def test_the_end_of_the_turn_is_judged_without_the_next_players_gathering():
    g = act(dice=(1,), x0B="1", x1B="10", x1Z1="11")
    assert g.income(1) > 0
    greedy = Greedy(g, g.legal_actions(), 0, FULL)
    assert greedy.score(End()) == evaluate(g, 0, FULL) + 0.05
    after = g.copy()
    after.play(End())
    assert evaluate(after, 0, FULL) < evaluate(g, 0, FULL)  # the gathering, not counted above


def test_a_camp_holding_relics_is_defended_first():
    # One 6 to place: on the Explorer's tile (no protection) or on the camp (its own 2). With
    # no relic in the camp the open tile gains more; with two relics the camp does.
    g = act(dice=(6,), x0B="1", x0E1="5")
    assert choice("medium", g) == Protect("5", 6)
    g.relics[0] = ["9", "10"]
    g.relic_on = [t for t in g.relic_on if t not in ("9", "10")]
    assert choice("medium", g) == Protect("1", 6)
    guarded = g.copy()
    guarded.guard["1"] = 6
    gain = value(guarded, 0) - value(g, 0)
    assert gain == pytest.approx(4 * FULL.guard + 4 * 2 * FULL.defend)  # 4 pips, 2 relics
    blind = replace(FULL, defend=0.0)
    assert value(guarded, 0, blind) - value(g, 0, blind) < gain


def test_hard_plays_more_worlds_with_a_larger_budget_and_only_then():
    g = _busy_position()
    fixed = _planned(make_bot("hard", 0), g, 0)
    while not fixed.step(3600.0):
        pass
    assert len(fixed.worlds) == 8  # the page's hard: fixed work, as before
    bot = make_bot("hard", 0)
    search = bot.start(g.observation(0), g.legal_actions(), iterations=fixed.iterations + 40)
    while not search.step(3600.0):
        pass
    plan = search.plan
    assert len(plan.worlds) == 8 + 40 // len(plan.alive)
    assert plan.iterations == fixed.iterations + 40
    # The candidates kept are judged on every world, the new ones included.
    assert len({w.seed for w in plan.worlds}) == len(plan.worlds)
    assert UNBOUNDED > 10 ** 9  # a time budget alone lets hard search until the time is up


def test_medium_does_not_put_back_a_die_no_higher_than_the_one_it_took_back():
    # Phase I: the 6 protecting tile 5 is taken back, then the dice are a 1 and a 5. Putting the
    # 5 back on 5 changes nothing the game scores against the 6 taken back, so medium does not;
    # the bot reads what was taken back in the log.
    from inca_core.wiraqocha.actions import Lift
    from inca_core.wiraqocha.bots import lifted_this_turn
    g = act(x0B="1", x0E1="5", x1B="10")
    g.phase, g.guard["5"] = "prep", 6
    g.play(Lift("5"))
    assert lifted_this_turn(g.observation(0)) == {"5": 6}
    assert g.log[-1]["text"].endswith("takes back the protecting 6 of territory 5.")
    g.phase, g.dice = "act", [1, 5]
    assert Protect("5", 5) in g.legal_actions()
    assert changes_nothing(g, Protect("5", 5), lifted_this_turn(g.observation(0)))
    assert choice("medium", g) != Protect("5", 5)
    g.dice = [1, 6]
    assert not changes_nothing(g, Protect("5", 6), {"5": 5})
