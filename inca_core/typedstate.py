"""The base of every game's typed state: copy, dict form and fingerprint from the fields.

A game's state is a slotted dataclass deriving from :class:`TypedState`. Its fields are the whole
position; adding a field is one edit. Field metadata (``dataclasses.field(metadata=...)``) says
how a field takes part:

- ``{"copy": "share"}``: immutable or replaced whole, never mutated in place (shared by copies);
- ``{"copy": "shallow"}``: a container of immutable values (the container is new, its items
  shared);
- ``{"copy": "nested"}``: a list of containers of immutable values (both levels new);
- ``{"state": False}``: a cache or derived value, left out of the dict form and the fingerprint
  (copies share it; the state must clear or rebuild it when it changes);
- ``{"fingerprint": False}``: in the dict form but not in the fingerprint (the log text);
- ``{"form": "actions"}``: a list of action values (the game's history); the dict form holds
  their text forms, read back with the class's :attr:`~TypedState.parse_action`;
- anything else is copied deeply (lists, dicts, sets and bytearrays inside it are new).

The dict form holds JSON values only: tuples and frozensets become lists, bytearrays lists of
ints; :meth:`from_dict` turns them back by the type of the field's default. It is the public
position format each game documents, so tests set positions up through it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable
from typing import Any, ClassVar, Self

_IMMUTABLE = (int, str, bool, float, type(None))

#: Metadata of a game's list of actions played: text forms in the dict form, left out of the
#: fingerprint (the position is what counts), the list copied (actions are frozen values).
ACTIONS = {"form": "actions", "fingerprint": False, "copy": "shallow"}


def clone(value: Any) -> Any:
    """A copy of ``value`` that shares no mutable container with it."""
    t = type(value)
    if t in _IMMUTABLE:
        return value
    if t is list:
        if all(type(x) in _IMMUTABLE for x in value):
            return value[:]
        return [clone(x) for x in value]
    if t is dict:
        return {k: clone(v) for k, v in value.items()}
    if t is bytearray:
        return bytearray(value)
    if t is set:
        return {clone(x) for x in value}
    if t is tuple:
        return tuple(clone(x) for x in value)
    return value  # frozen values (frozenset, frozen dataclasses, NamedTuples of immutables)


def to_json(value: Any) -> Any:
    """``value`` as JSON data (tuples and sets as lists; sets sorted)."""
    t = type(value)
    if t in _IMMUTABLE:
        return value
    if t in (list, tuple):
        return [to_json(x) for x in value]
    if t is dict:
        return {str(k): to_json(v) for k, v in value.items()}
    if t is bytearray or t is bytes:
        return list(value)
    if t in (set, frozenset):
        return sorted(to_json(x) for x in value)
    if hasattr(value, "_asdict"):  # NamedTuple
        return [to_json(x) for x in value]
    raise TypeError(f"{t.__name__} has no JSON form")


class TypedState:
    """Mixin for a ``@dataclass(slots=True)`` game state."""

    __slots__ = ()
    #: Version of the dict form (bump when a field changes meaning).
    STATE_VERSION: ClassVar[int] = 1

    @staticmethod
    def parse_action(text: str) -> Any:
        """The action of a text form: how a ``{"form": "actions"}`` field is read back from the
        dict form (a game whose state records its actions sets its own)."""
        raise NotImplementedError

    def copy(self) -> Self:
        """An independent copy: no mutable part is shared."""
        copier = _COPIERS.get(type(self))
        if copier is None:
            copier = _COPIERS[type(self)] = _copier(type(self))
        return copier(self)

    def to_dict(self) -> dict[str, Any]:
        """The full position as JSON data (hidden information included)."""
        return {f.name: _field_json(f, getattr(self, f.name))
                for f in dataclasses.fields(self)  # type: ignore[arg-type]
                if f.metadata.get("state", True)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """A state from :meth:`to_dict`'s form; missing fields take their defaults."""
        new = cls()
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            if f.name in data and f.metadata.get("state", True):
                if f.metadata.get("form") == "actions":
                    value: Any = [cls.parse_action(text) for text in data[f.name]]
                else:
                    value = _like(getattr(new, f.name), data[f.name])
                object.__setattr__(new, f.name, value)
        return new

    def become(self, other: Self) -> None:
        """Take every field of ``other`` (which must not be used afterwards)."""
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            object.__setattr__(self, f.name, getattr(other, f.name))

    def fingerprint(self) -> str:
        """sha256 of the dict form as sorted-keys JSON, less fields marked not to count."""
        d = {f.name: _field_json(f, getattr(self, f.name))
             for f in dataclasses.fields(self)  # type: ignore[arg-type]
             if f.metadata.get("state", True) and f.metadata.get("fingerprint", True)}
        text = json.dumps(d, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


_COPIERS: dict[type, Callable[[Any], Any]] = {}


def _field_json(f: dataclasses.Field, value: Any) -> Any:
    if f.metadata.get("form") == "actions":
        return [str(action) for action in value]
    return to_json(value)

#: How a field is copied, by its ``copy`` metadata (``{v}`` is the field's value).
_COPY_EXPR = {"share": "{v}", "shallow": "{v}.copy()", "nested": "[x.copy() for x in {v}]",
              "deep": "clone({v})"}


#: Field types whose values are immutable, so a deep copy shares them (as :func:`clone` would).
_SCALARS = frozenset({"int", "bool", "str", "float", int, bool, str, float})


def _copier(cls: type) -> Callable[[Any], Any]:
    """A function copying a ``cls`` field by field, written out once per class (as
    :mod:`dataclasses` writes ``__init__``): a game's bots copy states by the thousand."""
    lines = ["def copy(self):", "    new = new_object(cls)"]
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        how = "share" if not f.metadata.get("state", True) else f.metadata.get("copy", "deep")
        if how == "deep" and f.type in _SCALARS:
            how = "share"
        lines.append(f"    new.{f.name} = " + _COPY_EXPR[how].format(v=f"self.{f.name}"))
    lines.append("    return new")
    scope: dict[str, Any] = {"cls": cls, "new_object": object.__new__, "clone": clone}
    exec("\n".join(lines), scope)
    return scope["copy"]


def _like(default: Any, value: Any) -> Any:
    """``value`` (JSON data) in the container type of ``default``."""
    t = type(default)
    if t is tuple:
        return tuple(_freeze(x) for x in value)
    if t is frozenset:
        return frozenset(_freeze(x) for x in value)
    if t is set:
        return {_freeze(x) for x in value}
    if t is bytearray:
        return bytearray(value)
    return clone(value)


def _freeze(value: Any) -> Any:
    return tuple(_freeze(x) for x in value) if type(value) is list else value
