"""Plain words everywhere a person reads, in every game: ``describe(action)``, the preview's
text, the reasons an action is refused and every log text, over random and bot games, carry
none of the engine's syntax (the action's own text form, cells such as ``0,-1``, ids such as
``E2`` or ``D08``, notation such as ``beat 3``, prefixes such as ``roll:``) and are never
empty."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from inca_core import hint
from inca_core.search import bot_seed
from inca_core.shelf import GAMES, INFOS

GAME_IDS = list(INFOS)

#: What engine syntax looks like, whatever the game: name, pattern.
SYNTAX = (
    ("a cell", re.compile(r"\d+,-?\d+")),
    ("a card or token id", re.compile(r"\b[A-Z]{1,2}\d{1,2}\b")),
    ("a board id", re.compile(r"\b[a-z]\d{2,}\b|\bq\d\b")),
    ("dice as a sum", re.compile(r"\d\+\d")),
    ("a notation word", re.compile(r"\b(beat \d|xroad|lay [A-Z]|take [A-Z]\d)\b")),
    ("a notation prefix", re.compile(r"^[a-z]+:")),
    ("a command", re.compile(r"(^|; )[a-z]+ [A-Z]?\d")),
    # "None of ..." is English; a bare None is Python's.
    ("Python's repr", re.compile(r"Action\(|\(\d+, -?\d+\)|\[\]|\bNone\b(?! of\b)")),
)


def syntax_in(text: Any, action: Any = None) -> str | None:
    """What engine syntax ``text`` shows (``None``: none; it is plain words)."""
    if not isinstance(text, str) or not text.strip():
        return "no words at all"
    if action is not None:
        form = str(action)
        if " " in form and form in text:
            return f"the text form {form!r}"
        if text == form or text.startswith((form + ":", form + " ")):
            return f"the text form {form!r}"
    for name, pattern in SYNTAX:
        found = pattern.search(text)
        if found:
            return f"{name} ({found.group(0)!r})"
    return None


def _check_choices(state: Any, legal: tuple, limit: int, rng: random.Random) -> int:
    """Check ``describe`` and the preview of (up to ``limit`` of) the legal actions."""
    chosen = legal if len(legal) <= limit else rng.sample(legal, limit)
    for action in chosen:
        words = state.describe(action)
        problem = syntax_in(words, action)
        assert problem is None, f"describe({action}) = {words!r} shows {problem}"
        text = state.preview(action)["text"]
        problem = syntax_in(text, action)
        assert problem is None, f"preview({action}) text {text!r} shows {problem}"
    return len(chosen)


def _check_log(state: Any) -> None:
    actions = list(state.actions)
    for entry in state.log:
        n = entry.get("n", 0)
        action = actions[n - 1] if 0 < n <= len(actions) else None
        problem = syntax_in(entry["text"], action)
        assert problem is None, f"log text {entry['text']!r} (after {action}) shows {problem}"


def _options(game_id: str, seed: int) -> list[str]:
    options = list(GAMES[game_id].options)
    random.Random(seed).shuffle(options)
    return options[: seed % (len(options) + 1)]


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_speak_plain_words(game_id, seed):
    spec = GAMES[game_id]
    players = spec.players[seed % len(spec.players)]
    state = spec.new_game(players, seed, options=_options(game_id, seed))
    rng = random.Random(seed)
    checked = 0
    earlier: list = []
    while not state.is_over:
        legal = state.legal_actions()
        checked += _check_choices(state, legal, 12, rng)
        # a click the page turns into an action that is not legal now shows the reason
        for action in rng.sample(earlier, min(4, len(earlier))):
            reason = state.why_not(action)
            problem = None if reason is None else syntax_in(reason, action)
            assert problem is None, f"why_not({action}) = {reason!r} shows {problem}"
        earlier = [*legal[:20], *earlier][:200]
        state.play(rng.choice(legal))
    _check_log(state)
    assert checked > len(state.actions)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bot_games_speak_plain_words(game_id):
    spec = GAMES[game_id]
    strengths = [s for s in ("easy", "medium") if s in spec.strengths] or list(spec.strengths)
    players = spec.players[-1]
    seed = 7
    state = spec.new_game(players, seed, options=_options(game_id, 2))
    bots = [spec.make_bot(strengths[i % len(strengths)], bot_seed(seed, i))
            for i in range(players)]
    rng = random.Random(seed)
    while not state.is_over and len(state.actions) < 400:
        seat = state.current_player
        legal = state.legal_actions()
        _check_choices(state, legal, 6, rng)
        state.play(bots[seat].choose(state.observation(seat), legal, iterations=1))
    _check_log(state)


def test_the_check_finds_engine_syntax():
    """The patterns catch what issue 24 saw on the page, and pass plain words."""
    seen = ["roll: roll 3 dice", "conquer 2 E2 2 beat 3 take crystal: +1 somnium",
            "protect 9 2; protect 9 6", "Player 1 builds a road 1,0 to 1,1",
            "Build wild colca A16 at 0,-1", "Take D08", "Build a free road on c089", "",
            "Your score: None", "None"]
    assert all(syntax_in(text) for text in seen)
    assert syntax_in("end", "end") and syntax_in("protect 9 2: +1", "protect 9 2")
    plain = ["Take the Jungle 3-4-5 with an Explorer from the reserve and dice 3, 4 and 5, "
             "beating Blue's 3 with a 6: +1 Somnium", "End the turn", "Sends the Explorer",
             "Build the coast city (fame 2, temple) above Quito, with a road from Cuzco",
             "Player 1 rolls 5, 5, 6.", "None of your Cities fits beside your route now."]
    assert not any(syntax_in(text, "end") for text in plain)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hints_speak_plain_words(game_id):
    spec = GAMES[game_id]
    state = spec.new_game(spec.players[0], 4)
    rng = random.Random(4)
    hints = 0
    while not state.is_over and len(state.actions) < 150:
        legal = state.legal_actions()
        if len(state.actions) % 10 == 0:
            seat = state.current_player
            action = rng.choice(legal)
            text = hint.explain(spec, state.observation(seat), seat, action)
            problem = syntax_in(text, action)
            assert problem is None, f"the hint {text!r} for {action} shows {problem}"
            hints += 1
        state.play(rng.choice(legal))
    assert hints >= 5
