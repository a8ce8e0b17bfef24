"""The page's pure-Python parts in CPython: the saved-games store, share links, the JSON guard.

These modules import nothing from the browser, so every failure path is checked here directly,
with a fake Web Storage object; the browser tests check the same paths end to end.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
import safejson
import sharelink
import store


class FakeStorage:
    """Web Storage in memory; ``full`` makes writes fail as a full quota does."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}
        self.full = False

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if index < len(keys) else None

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.full:
            raise RuntimeError("QuotaExceededError: The quota has been exceeded.")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


def entry(entry_id: str = "g1", **changes) -> store.Entry:
    values = {
        "id": entry_id,
        "save": "{}",
        "names": ("Ana", "Bo", "Cy"),
        "seats": ("human", "easy", "hard"),
        "round": 2,
        "updated": 1000.0,
    }
    return store.Entry(**{**values, **changes})


def test_entries_round_trip_newest_first():
    storage = FakeStorage()
    saved = store.Store(lambda: storage)
    saved.put(entry("old", updated=1.0))
    saved.put(entry("new", updated=2.0))
    listed = saved.entries()
    assert [e.id for e in listed] == ["new", "old"]
    assert listed[0] == entry("new", updated=2.0)
    assert saved.get("old").names == ("Ana", "Bo", "Cy")


def test_an_entry_names_its_game_and_older_entries_are_inca_empire():
    card = entry("c", game="cardgame")
    assert store.parse_entry("k", card.to_json()).game == "cardgame"
    older = json.loads(entry("o").to_json())
    del older["game"]  # as the page wrote entries when it held one game
    parsed = store.parse_entry("k", json.dumps(older))
    assert isinstance(parsed, store.Entry)
    assert parsed.game == "empire"
    assert parsed == entry("o")


def test_unreadable_entries_are_listed_not_deleted():
    storage = FakeStorage()
    storage.items = {
        store.PREFIX + "a": "{broken",
        store.PREFIX + "b": json.dumps({"kind": "another-game"}),
        store.PREFIX + "c": json.dumps({"kind": store.ENTRY_KIND, "version": 99}),
        store.PREFIX + "d": json.dumps({"kind": store.ENTRY_KIND, "version": 1, "id": "d"}),
        store.PREFIX + "e": "[" * 10_000 + "]" * 10_000,
        "someone-else": "kept",
    }
    before = dict(storage.items)
    listed = store.Store(lambda: storage).entries()
    assert all(isinstance(e, store.Unreadable) for e in listed)
    reasons = {e.key.removeprefix(store.PREFIX): e.reason for e in listed}
    assert "not valid JSON" in reasons["a"]
    assert "not written by this game" in reasons["b"]
    assert "Unknown entry version" in reasons["c"]
    assert "missing parts" in reasons["d"]
    assert "nested" in reasons["e"]
    assert storage.items == before


@pytest.mark.parametrize(
    "bad",
    [
        {"names": "Ana"},
        {"names": [1, 2]},
        {"seats": ["robot"]},
        {"round": "2"},
        {"round": True},
        {"updated": "yesterday"},
        {"save": 7},
        {"game": 3},
    ],
)
def test_entries_with_wrong_parts_are_unreadable(bad):
    data = json.loads(entry().to_json()) | bad
    assert isinstance(store.parse_entry("k", json.dumps(data)), store.Unreadable)


def test_storage_full_and_disabled_raise_clear_errors_and_change_nothing():
    storage = FakeStorage()
    saved = store.Store(lambda: storage)
    saved.put(entry("kept"))
    storage.full = True
    with pytest.raises(store.StoreError, match="full"):
        saved.put(entry("new"))
    assert list(storage.items) == [store.PREFIX + "kept"]

    def disabled():
        raise RuntimeError("SecurityError: The operation is insecure.")

    off = store.Store(disabled)
    with pytest.raises(store.StoreError, match="does not allow saving"):
        off.entries()
    with pytest.raises(store.StoreError):
        off.put(entry())
    assert off.open_id() is None
    off.set_open("g1")  # ignored, never raises
    assert off.new_id().startswith("g")


def test_delete_only_touches_our_entries():
    storage = FakeStorage()
    storage.items = {"other": "x", store.PREFIX + "g": entry("g").to_json()}
    saved = store.Store(lambda: storage)
    with pytest.raises(store.StoreError):
        saved.delete("other")
    saved.delete(store.PREFIX + "g")
    assert storage.items == {"other": "x"}


def test_new_ids_never_collide():
    storage = FakeStorage()
    saved = store.Store(lambda: storage)
    ids = set()
    for _ in range(20):
        new = saved.put(entry(saved.new_id()))
        ids.add(new.id)
    assert len(ids) == 20


@given(st.text(max_size=3000))
def test_share_links_round_trip(text):
    fragment = sharelink.encode(text)
    assert fragment.startswith("save=")
    assert all(c.isalnum() or c in "-_=" for c in fragment)
    assert sharelink.decode("#" + fragment) == text


@pytest.mark.parametrize(
    "fragment", ["save=***", "save=" + "A" * 50, sharelink.encode("hello " * 40)[:-6]]
)
def test_damaged_share_links_raise_share_error(fragment):
    with pytest.raises(sharelink.ShareError):
        sharelink.decode(fragment)


def test_share_link_bombs_are_refused():
    bomb = sharelink.encode("x" * (sharelink.MAX_SAVE_CHARS + 10))
    with pytest.raises(sharelink.ShareError, match="too large"):
        sharelink.decode(bomb)
    assert sharelink.decode("#other=1") is None


def test_json_nesting_guard():
    assert not safejson.too_deep(json.dumps({"a": [[1, 2], {"b": "[[[[[[[[[[[[["}]}))
    assert safejson.too_deep("[" * 33 + "]" * 33)
    assert not safejson.too_deep("[" * 32 + "]" * 32)
    assert not safejson.too_deep('"\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["')
