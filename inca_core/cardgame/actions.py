"""The actions of the card game as small frozen values with a text form that round-trips.

Cells are written ``column,row`` (``1,0`` is Cuzco). Texts: ``lay A01 A07``, ``take A07``,
``build A07 0,1 from 1,0``, ``workforce A23``, ``trade A18 2``, ``terrace A05``, ``road 0,1 1,0``,
``stock 1,2 0``, ``temple 0,1 2``, ``restrict 2,1``, ``done``, ``pass``.
"""

from __future__ import annotations

from dataclasses import dataclass

from inca_core.protocol import ActionSyntaxError

Cell = tuple[int, int]


_TEXTS: dict[Cell, str] = {}


def cell_text(cell: Cell) -> str:
    """``column,row``."""
    text = _TEXTS.get(cell)
    if text is None:
        text = _TEXTS[cell] = f"{cell[0]},{cell[1]}"
    return text


def parse_cell(text: str) -> Cell:
    c, r = text.split(",")
    return int(c), int(r)


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay two hand cards face down for the draft (``a`` < ``b``)."""

    a: str
    b: str

    def __str__(self) -> str:
        return f"lay {self.a} {self.b}"


@dataclass(frozen=True, slots=True)
class Take:
    """Take one of the laid draft cards into hand."""

    card: str

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True, slots=True)
class Build:
    """Build a City or Colca from hand at ``cell``, linked by road to ``via``."""

    card: str
    cell: Cell
    via: Cell

    def __str__(self) -> str:
        return f"build {self.card} {cell_text(self.cell)} from {cell_text(self.via)}"


@dataclass(frozen=True, slots=True)
class Workforce:
    """Play an Extra Workforce card (its effect follows as steps)."""

    card: str

    def __str__(self) -> str:
        return f"workforce {self.card}"


@dataclass(frozen=True, slots=True)
class Trade:
    """Play a Trade Agreement into slot ``slot`` (between seats ``slot`` and ``slot + 1``)."""

    card: str
    slot: int

    def __str__(self) -> str:
        return f"trade {self.card} {self.slot}"


@dataclass(frozen=True, slots=True)
class Terrace:
    """Lay a hand card face down as a Terrace (its action follows as a step)."""

    card: str

    def __str__(self) -> str:
        return f"terrace {self.card}"


@dataclass(frozen=True, slots=True)
class Road:
    """Build a road between two places on the table (``a`` < ``b``)."""

    a: Cell
    b: Cell

    def __str__(self) -> str:
        return f"road {cell_text(self.a)} {cell_text(self.b)}"


@dataclass(frozen=True, slots=True)
class Stock:
    """Put a token on storage hut ``hut`` of the Colca at ``cell``."""

    cell: Cell
    hut: int

    def __str__(self) -> str:
        return f"stock {cell_text(self.cell)} {self.hut}"


@dataclass(frozen=True, slots=True)
class Temple:
    """Stack ``count`` tokens on the temple square of the City at ``cell``."""

    cell: Cell
    count: int

    def __str__(self) -> str:
        return f"temple {cell_text(self.cell)} {self.count}"


@dataclass(frozen=True, slots=True)
class Restrict:
    """Put a Road Restriction token on the place at ``cell``."""

    cell: Cell

    def __str__(self) -> str:
        return f"restrict {cell_text(self.cell)}"


@dataclass(frozen=True, slots=True)
class Done:
    """End the current step of an action (or take nothing from a Terrace)."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Pass:
    """Take no more actions this Era (or decline a Trade Agreement's free action)."""

    def __str__(self) -> str:
        return "pass"


Action = (Lay | Take | Build | Workforce | Trade | Terrace | Road | Stock | Temple | Restrict
          | Done | Pass)


def parse_action(text: str) -> Action:
    """The action whose text form is ``text``; :class:`ActionSyntaxError` if there is none."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action is text, not {type(text).__name__}")
    words = text.split()
    try:
        match words:
            case ["lay", a, b]:
                return Lay(a, b)
            case ["take", c]:
                return Take(c)
            case ["build", c, cell, "from", via]:
                return Build(c, parse_cell(cell), parse_cell(via))
            case ["workforce", c]:
                return Workforce(c)
            case ["trade", c, slot]:
                return Trade(c, int(slot))
            case ["terrace", c]:
                return Terrace(c)
            case ["road", a, b]:
                return Road(parse_cell(a), parse_cell(b))
            case ["stock", cell, hut]:
                return Stock(parse_cell(cell), int(hut))
            case ["temple", cell, k]:
                return Temple(parse_cell(cell), int(k))
            case ["restrict", cell]:
                return Restrict(parse_cell(cell))
            case ["done"]:
                return Done()
            case ["pass"]:
                return Pass()
    except ValueError:
        pass
    raise ActionSyntaxError(f"not an action of the card game: {text!r}")
