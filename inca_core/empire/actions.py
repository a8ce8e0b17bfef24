"""Player actions: small frozen values with a compact text form that round-trips.

An action names what is done and the stable ids it is done to (connection, site, region, card kind,
quadrant); it never refers to a position in a list. ``Action.parse(str(action)) == action``.

=====================  ==========================================================================
text                   meaning
=====================  ==========================================================================
``sun CARD QUADRANT``  Sun phase: place a card of kind CARD face down on QUADRANT (``q0``...)
``road LINK``          road building: build a free road on LINK (a connection or Wilderness id)
``end``                end road building now (also: skip it), or finish an optional second build
``xroad LINK``         construction: buy an additional road on LINK
``city SITE``          construction: found a city
``garrison SITE``      construction: build a garrison
``conquer REGION``     construction: conquer a region (after a construction: Rapid Expansion's)
``rapid REGION``       Rapid Expansion's extra conquest before the construction (rules edition 3)
``temple SITE``        construction: build a temple
``terrace REGION``     construction: build a terrace beside the marker of a conquered REGION
``upgrade SITE``       construction (Key Outpost): turn a garrison into a city
``pass``               construction: do nothing
``pilgrim CARD PART``  go on the pilgrimage of CARD instead of PART (``roads`` or ``build``)
=====================  ==========================================================================
"""

from __future__ import annotations

from typing import NamedTuple

from inca_core.protocol import ActionSyntaxError

#: Action kinds and the number of ids each takes.
ARITY: dict[str, int] = {
    "sun": 2,
    "road": 1,
    "end": 0,
    "xroad": 1,
    "city": 1,
    "garrison": 1,
    "conquer": 1,
    "rapid": 1,
    "temple": 1,
    "terrace": 1,
    "upgrade": 1,
    "pass": 0,
    "pilgrim": 2,
}

#: Which part of the People phase a pilgrimage replaces.
PILGRIM_PARTS: tuple[str, ...] = ("roads", "build")


#: The error of text that is not an action in the notation (unknown kind, wrong number of ids):
#: the shared :class:`~inca_core.protocol.ActionSyntaxError` under its first name.
InvalidAction = ActionSyntaxError


class Action(NamedTuple):
    """One decision of the player to move, e.g. ``Action("road", "c12")``.

    An immutable value (a named tuple, so comparing and hashing are fast).
    """

    kind: str
    target: str = ""
    extra: str = ""

    def __str__(self) -> str:
        if self.extra:
            return f"{self.kind} {self.target} {self.extra}"
        if self.target:
            return f"{self.kind} {self.target}"
        return self.kind

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the text form; raises :class:`InvalidAction` if it is not well formed."""
        if not isinstance(text, str):
            raise InvalidAction(f"an action is text, not {type(text).__name__}")
        parts = text.split()
        if not parts:
            raise InvalidAction("empty action")
        kind = parts[0]
        arity = ARITY.get(kind)
        if arity is None:
            raise InvalidAction(f"unknown action {kind!r}")
        if len(parts) != arity + 1:
            raise InvalidAction(f"{kind!r} takes {arity} id(s), got {len(parts) - 1}")
        if kind == "pilgrim" and parts[2] not in PILGRIM_PARTS:
            raise InvalidAction("a pilgrimage replaces 'roads' or 'build'")
        return cls(kind, *parts[1:])  # type: ignore[arg-type]


END = Action("end")
PASS = Action("pass")
