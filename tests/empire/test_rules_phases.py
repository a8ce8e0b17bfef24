"""Era track and game end (rulebook: PLAYING THE GAME, END OF THE GAME, VARIANTS)."""

import random

import pytest
from fixtures.helpers import advance_until, give_vp, play_random, small_game

from inca_core import new_game
from inca_core.empire import components as C


def _phase_trace(game, rng):
    """(round, phase) of every decision and automatic phase, from the log and decisions."""
    seen = []
    marks = set()
    while not game.is_over:
        key = (game.round, game.phase_i)
        if key not in marks:
            marks.add(key)
            seen.append((game.round, game.phase))
        game.play(rng.choice(game.legal_actions()))
    return seen


def test_era_track_rounds_and_phases():
    assert [r.number for r in C.ROUNDS] == [1, 2, 3, 4, 5, 6, 7]
    assert [r.era for r in C.ROUNDS] == [1, 2, 2, 2, 3, 3, 4]
    assert C.ROUNDS[0].phases == ("inca", "people", "people")
    assert C.ROUNDS[1].phases == ("inca", "sun", "people", "sun", "people", "sapa_inca")
    assert len(C.ROUNDS[6].phases) == 10
    assert sum(r.phases.count("sapa_inca") for r in C.ROUNDS) == 6
    assert [C.ROUNDS[i].labor_box for i in (0, 1, 4, 6)] == [5, 3, 1, 0]


@pytest.mark.parametrize("variants", [frozenset(), frozenset({"early_downfall"})])
def test_decision_phases_follow_the_era_track(variants):
    game = small_game(4, seed=3, variants=variants)
    trace = _phase_trace(game, random.Random(2))
    expected = [(r.number, p) for r in C.era_track(variants) for p in r.phases
                if p in ("sun", "people")]
    assert trace == expected
    assert game.is_over and game.current_player is None and game.legal_actions() == ()


def test_early_downfall_skips_rounds_4_and_6_and_pilgrimages():
    track = C.era_track({"early_downfall"})
    assert [r.number for r in track] == [1, 2, 3, 5, 7]
    game = new_game(4, seed=1, variants={"early_downfall"})
    cards = [*game.to_dict()["deck"], *(c for h in game.to_dict()["hands"] for c in h)]
    assert len(cards) == 29 and not any("pilgrimage" in c for c in cards)


def test_sapa_inca_phases_score_six_times_and_the_game_ends_after_the_last():
    game = small_game(4, seed=5)
    play_random(game, random.Random(5))
    assert [h["round"] for h in game.vp_history] == [2, 3, 4, 5, 6, 7]
    assert game.log[-1]["text"].startswith("Pizarro reaches Cuzco")
    assert game.phase == "over"


def test_round_one_has_no_sun_phase_and_keeps_labor_into_round_two():
    game = small_game(4, seed=2, edition=1)
    assert game.round == 1 and game.labor == [5] * 4
    advance_until(game, lambda g: g.round == 2)
    # nothing spent: 5 kept + era II income 3, no aid while all tie at 0 (edition 1)
    assert game.labor == [8] * 4
    assert game.phase == "sun"


def _pizarro_game(position: int):
    """A Pizarro's Arrival game whose Pizarro marker lies beside People phase ``position``."""
    for seed in range(200):
        game = small_game(4, seed=seed, variants={"pizarro"})
        if game.invasion.index(True) == position:
            return game
    raise AssertionError


@pytest.mark.parametrize("position", [0, 1, 2, 3])
def test_pizarros_arrival_ends_after_the_people_phase_with_his_marker(position):
    game = _pizarro_game(position)
    people_phases = []
    while not game.is_over:
        if game.round == 7 and game.phase == "people" and game.phase_i not in people_phases:
            people_phases.append(game.phase_i)
        from fixtures.helpers import passive
        passive(game)
    assert len(people_phases) == position + 1
    assert game.invasion_turned == position + 1
    assert [h["round"] for h in game.vp_history][-1] == 7
    texts = [e["text"] for e in game.log]
    assert any("Pizarro arrives" in t for t in texts)


def test_invasion_markers_hidden_until_turned():
    game = _pizarro_game(3)
    obs = game.observation(0)
    assert obs["invasion"] == {"markers": [None] * 4, "turned": 0}
    full = game.to_dict()["invasion"]["markers"]
    assert sorted(full) == ["calm", "calm", "calm", "pizarro"]


def test_final_ranking_tie_goes_to_whoever_reached_the_score_first():
    game = small_game(4, seed=1)
    give_vp(game, (2, 10), (1, 10), (0, 4), (0, 6))
    assert game.scores[0] == game.scores[1] == game.scores[2] == 10
    assert game.ranking[:3] == (2, 1, 0)


def test_final_log_explains_the_tie_break():
    game = small_game(4, seed=2)
    advance_until(game, lambda g: g.round == 7 and g.phase == "people" and g.phase_i == 8)
    first, second = game.ranking[0], game.ranking[1]
    # first reaches the same score later
    give_vp(game, (second, game.score[first] - game.score[second] + 5), (first, 5))
    advance_until(game, lambda g: g.is_over)
    assert game.score[first] == game.score[second]
    assert game.ranking[0] == second
    text = game.log[-1]["text"]
    assert (f"{game.names[second]} is ahead of {game.names[first]}: both have "
            f"{game.score[first]} VP and {game.names[second]} reached it first.") in text
