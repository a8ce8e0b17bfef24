"""The game review (inca_core/review.py, docs/REVIEW.md) in every game: the command's contract,
labels on planted random moves, judgement from the observation only, determinism, and saves
of every format and edition. Budgets are tiny: these pin behaviour, bench/review.py measures."""

from __future__ import annotations

import json
import pathlib
import random

import pytest

from inca_core import replay, review, save
from inca_core.__main__ import main
from inca_core.shelf import GAMES, INFOS

GAME_IDS = list(INFOS)
SAVES = sorted((pathlib.Path(__file__).parent.parent / "fixtures" / "saves").glob("*.json"))
#: A cheap review: few worlds, random playouts, a short search.
CHEAP = {"worlds": 4, "policy": "random", "bots": ("medium", "easy")}


def _game(game_id: str, actions: int, seed: int = 3):
    """A game of ``game_id`` at its most players, ``actions`` random actions in."""
    spec = GAMES[game_id]
    state = spec.new_game(spec.players[-1], seed=seed)
    rng = random.Random(seed)
    while not state.is_over and len(state.actions) < actions:
        state.play(rng.choice(state.legal_actions()))
    return state


def _decisions(game, count: int, wide: int = 2) -> list[int]:
    """The first ``count`` action numbers where the mover had ``wide`` or more legal actions."""
    state = GAMES[game.game_id].new_game(game.players, game.seed, game.options, game.names,
                                         game.edition)
    out = []
    for n, action in enumerate(game.actions):
        if len(state.legal_actions()) >= wide and len(out) < count:
            out.append(n)
        state.play(action)
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_review_command_prints_the_json_contract(game_id, tmp_path, capsys):
    game = _game(game_id, 24)
    path = tmp_path / "game.json"
    path.write_text(save.dumps(game))
    seat = game.current_player if game.current_player is not None else 0
    assert main(["review", str(path), "--seat", str(seat), "--seconds", "0.05", "--worlds",
                 "2", "--policy", "random", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"game", "seat", "accuracy", "luck", "key_moments", "decisions"}
    assert out["game"] == game_id and out["seat"] == seat
    assert 0 <= out["accuracy"] <= 100 and isinstance(out["luck"], float)
    movers = [n for n in range(len(game.actions))
              if _mover(game, n) == seat and _width(game, n) > 1]
    assert [d["n"] for d in out["decisions"]] == movers
    for d in out["decisions"]:
        assert set(d) == {"n", "played", "best", "loss", "label"}
        assert d["label"] in review.LABELS and 0 <= d["loss"] <= 1
        assert d["played"] and d["best"] and "_" not in d["played"]
    assert set(out["key_moments"]) <= set(movers) and len(out["key_moments"]) <= 5


def _mover(game, n):
    return replay.position(game, n).current_player


def _width(game, n):
    return len(replay.position(game, n).legal_actions())


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_review_command_prints_a_table_and_refuses_a_bad_seat(game_id, tmp_path, capsys):
    game = _game(game_id, 12)
    path = tmp_path / "game.json"
    path.write_text(save.dumps(game))
    assert main(["review", str(path), "--seat", "0", "--seconds", "0.05", "--worlds", "2",
                 "--policy", "random"]) == 0
    text = capsys.readouterr().out
    assert "accuracy" in text and "luck" in text and "Key moments" in text
    with pytest.raises(SystemExit):
        main(["review", str(path), "--seat", str(game.players)])


def test_labels_follow_the_bands_and_need_two_standard_errors():
    assert review.label(0.0, 0.0) == "best"
    assert review.label(0.01, 0.0) == "excellent"
    assert review.label(0.03, 0.0) == "good"
    assert review.label(0.06, 0.0) == "inaccuracy"
    assert review.label(0.12, 0.0) == "mistake"
    assert review.label(0.3, 0.0) == "blunder"
    # The same losses within noise of the band below are not called worse than good.
    assert review.label(0.3, 0.1) == "mistake"
    assert review.label(0.3, 0.2) == "good"
    assert review.move_accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    assert review.move_accuracy(0.1) < review.move_accuracy(0.05) < 100


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_planted_random_moves_lose_and_the_bots_own_are_best(game_id):
    # Late positions of a bot game (short playouts), a random move planted against the
    # bot's own at each; bench/review.py measures this with the strongest bots at scale.
    spec = GAMES[game_id]
    state = spec.new_game(spec.players[0], seed=11)
    bots = [spec.make_bot("easy", s) for s in range(state.players)]
    states = []
    while not state.is_over:
        seat = state.current_player
        legal = state.legal_actions()
        if len(legal) >= 4:
            states.append(state.copy())
        state.play(bots[seat].choose(state.observation(seat), legal))
    planted = []
    for state in states[-40::10]:
        seat = state.current_player
        legal = state.legal_actions()
        args = {"n": 0, "worlds": 8, "policy": "random", "bots": ("medium",)}
        bot = review.candidates(spec, state.observation(seat), legal, seed=1, bots=("medium",))
        own = review.judge(spec, state, bot[0], **args)
        assert (own.loss, own.label, own.best) == (0.0, "best", own.played)
        worst = random.Random(len(state.actions)).choice([a for a in legal if a != bot[0]])
        planted.append(review.judge(spec, state, worst, **args))
    assert sum(d.loss for d in planted) > 0
    assert all(d.best != d.played for d in planted if d.loss > 0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_decision_is_judged_on_the_observation_only(game_id):
    spec = GAMES[game_id]
    game = _game(game_id, 60, seed=5)
    n = _decisions(game, 3)[-1]
    real = replay.position(game, n)
    seat = real.current_player
    dealt = spec.determinize(real.observation(seat), random.Random(99))
    assert dealt.fingerprint() != real.fingerprint(), "the rivals' hidden part differs"
    played = game.actions[n]
    one = review.judge(spec, real, played, n=n, **CHEAP)
    two = review.judge(spec, dealt, played, n=n, **CHEAP)
    assert one == two


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_review_repeats_exactly_for_a_seed(game_id):
    game = _game(game_id, 40, seed=8)
    only = _decisions(game, 6)
    first = review.review(game, 0, only=only, luck_worlds=4, **CHEAP)
    again = review.review(game, 0, only=only, luck_worlds=4, **CHEAP)
    assert first.details() == again.details()
    other = review.review(game, 0, only=only, seed=1, luck_worlds=4, **CHEAP)
    assert [d.n for d in other.decisions] == [d.n for d in first.decisions]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_luck_is_measured_at_chance_events_only(game_id):
    game = _game(game_id, 60, seed=4)
    window = range(36, 60)
    result = review.review(game, 0, decisions=False, luck_worlds=4, only=window, **CHEAP)
    assert result.luck_events, "every game has chance in these actions"
    assert {e.n for e in result.luck_events} < set(window), "not every action is chance"
    assert result.luck == pytest.approx(sum(e.value - e.expected for e in result.luck_events))


@pytest.mark.parametrize("path", SAVES, ids=[p.stem for p in SAVES])
def test_saves_of_every_format_and_edition_can_be_reviewed(path):
    game = save.loads(path.read_text())
    only = _decisions(game, 2)
    result = review.review(game, _mover(game, only[0]), only=only[:1], **CHEAP)
    assert len(result.decisions) == 1 and result.decisions[0].label in review.LABELS


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_review_in_small_steps_is_the_same_review(game_id):
    game = _game(game_id, 30)
    kw = {"worlds": 2, "policy": "random", "bots": ("easy",), "luck_worlds": 2}
    whole = review.review(game, 0, **kw)
    reviewer = review.Reviewer(game, 0, **kw)
    steps = 0
    while not reviewer.step(0.0):
        steps += 1
    assert steps > len(whole.decisions)
    assert reviewer.result is not None
    assert reviewer.result.to_json() == whole.to_json()
    assert review.table(reviewer.result) == review.table(whole)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_review_kept_in_a_save_comes_back_and_a_bad_one_is_refused(game_id):
    game = _game(game_id, 30)
    kept = review.review(game, 1, worlds=2, policy="random", bots=("easy",), luck_worlds=2)
    text = save.dumps(game, reviews=[review.record(kept)])

    def load(text: str) -> list[review.Review]:
        state, _, records = save.load_all(text)
        return review.kept(records, state)

    assert [review.record(r) for r in load(text)] == json.loads(json.dumps([review.record(kept)]))
    assert load(save.dumps(game)) == []
    data = json.loads(text)
    first = data["reviews"][0]
    bad = [("seat", 9), ("game", "other"), ("luck_events", "x"), ("extra", 1)]
    if first["decisions"]:
        row = first["decisions"][0]
        bad += [("decisions", [{**row, "label": "<b>"}]), ("decisions", [{**row, "n": -1}]),
                ("decisions", [{**row, "loss": float("nan")}]),
                ("decisions", [{**row, "why": "x" * 5000}]), ("decisions", [row, row])]
    for name, value in bad:
        broken = json.loads(text)
        broken["reviews"][0][name] = value
        with pytest.raises(save.SaveError, match="review"):
            load(json.dumps(broken))
    broken = json.loads(text)
    broken["reviews"] = [first, first]
    with pytest.raises(save.SaveError, match="one per seat"):
        load(json.dumps(broken))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_any_legal_move_is_weighed_against_the_same_playouts(game_id):
    game = _game(game_id, 40, seed=6)
    n = _decisions(game, 4, wide=4)[-1]
    state = replay.position(game, n)
    first = review.review(game, state.current_player, only=[n], luck=False, **CHEAP)
    decision = first.decisions[0]
    valued = {text for text, _words, _value in decision.tried}
    move = next(m for m in state.legal_actions() if str(m) not in valued)
    weigher = review.weigh(game, n, move, **CHEAP, luck_worlds=2)
    while not weigher.step(0.0):
        pass
    again = weigher.result
    assert again is not None
    assert [t[0] for t in again.tried] == [t[0] for t in decision.tried] + [str(move)]
    assert again.tried[-1][1] == state.describe(move)
    # The same worlds and playouts: the played move's results are unchanged.
    assert (again.played_margin, again.played_wins) == (decision.played_margin,
                                                         decision.played_wins)
    with pytest.raises(ValueError, match="not legal"):
        review.weigh(game, n, object(), **CHEAP)
    with pytest.raises(ValueError, match="no action"):
        review.weigh(game, len(game.actions), move, **CHEAP)
