"""The start form's memory (web/formmemory.py) in CPython: what is kept, and that broken, full or
hostile storage changes nothing and never raises (the browser test checks the form itself)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
import formmemory
from formmemory import KEY, Memory, Setup, load, parse, save

GAMES = ("empire", "cardgame", "wiraqocha")
SEATS = ("human", "easy", "medium", "hard")


class Storage:
    """Web Storage in memory; ``full`` fails writes as a full quota does."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}
        self.full = False

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.full:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value


def remembered() -> Memory:
    first = Memory().remember("cardgame", 3, ("Ana", "Bo", "Cy"), ("human", "easy", "hard"), ())
    return first.remember("empire", 4, ("Ana", "Bo", "Cy", "Di"),
                          ("human", "hard", "human", "medium"), {"pizarro"})


def test_the_last_game_names_and_each_games_setup_are_kept() -> None:
    storage = Storage()
    assert save(lambda: storage, remembered())
    memory = load(lambda: storage, GAMES, SEATS)
    assert memory.game == "empire"
    assert memory.names == ("Ana", "Bo", "Cy", "Di")
    assert memory.setups == {
        "cardgame": Setup(3, ("human", "easy", "hard"), ()),
        "empire": Setup(4, ("human", "hard", "human", "medium"), ("pizarro",)),
    }


def test_disabled_or_full_storage_forgets_quietly() -> None:
    def disabled():
        raise RuntimeError("SecurityError: The operation is insecure.")

    assert load(disabled, GAMES, SEATS) == Memory()
    assert not save(disabled, remembered())
    full = Storage()
    full.full = True
    assert not save(lambda: full, remembered())
    assert load(lambda: full, GAMES, SEATS) == Memory()
    assert load(lambda: None, GAMES, SEATS) == Memory()


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "not json",
        "[" * 5000,
        json.dumps({"kind": "other", "version": 1, "game": "empire"}),
        json.dumps({"kind": formmemory.KIND, "version": 99, "game": "empire"}),
        "x" * (formmemory.MAX_TEXT + 1),
    ],
)
def test_unreadable_text_is_the_empty_memory(text) -> None:
    assert parse(text, GAMES, SEATS) == Memory()


def test_hostile_parts_are_left_out_and_the_rest_kept() -> None:
    data = json.loads(remembered().to_json())
    data["game"] = "<img src=x onerror=alert(1)>"
    data["names"] = ["Ana", 7]
    data["setups"]["cardgame"]["seats"] = ["human", "god"]
    data["setups"]["wiraqocha"] = {"players": True, "seats": ["human"]}
    data["setups"]["chess"] = {"players": 2, "seats": ["human", "human"]}
    memory = parse(json.dumps(data), GAMES, SEATS)
    assert memory.game is None
    assert memory.names == ()
    assert set(memory.setups) == {"empire"}
    long = json.loads(remembered().to_json())
    long["names"] = ["N" * 500]
    assert parse(json.dumps(long), GAMES, SEATS).names == ("N" * formmemory.MAX_NAME,)


@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=20,
))
def test_any_stored_json_reads_without_raising(value) -> None:
    wrapped = {"kind": formmemory.KIND, "version": 1, "game": value, "names": value,
               "setups": {"empire": value, "cardgame": {"players": value, "seats": value}}}
    for text in (json.dumps(value), json.dumps(wrapped)):
        memory = parse(text, GAMES, SEATS)
        assert memory.game in (None, *GAMES)
        assert all(isinstance(n, str) and len(n) <= formmemory.MAX_NAME for n in memory.names)
        for gid, setup in memory.setups.items():
            assert gid in GAMES and set(setup.seats) <= set(SEATS)
            assert type(setup.players) is int


def test_the_key_is_the_pages_but_not_a_saved_games() -> None:
    import store

    # A key under the saved games' prefix would be listed as an unreadable saved game.
    assert KEY.startswith("inca-empire:") and not KEY.startswith(store.PREFIX)
