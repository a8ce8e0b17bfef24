"""The card types and the card set read from :mod:`inca_core.cardgame.carddata`.

A place on the table is a cell ``(column, row)``: columns 0 coast, 1 plateau, 2 mountain and 3
(Machu Picchu only); Cuzco lies at ``(1, 0)``, north is a higher row.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from inca_core.cardgame import carddata

#: Connector slots in the order the data lists them, with the offset each one faces.
SLOTS: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
SLOT_OFFSET: dict[str, tuple[int, int]] = {
    "N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1),
    "S": (0, -1), "SW": (-1, -1), "W": (-1, 0), "NW": (-1, 1),
}
#: Offset to the slot index that faces it.
OFFSET_SLOT: dict[tuple[int, int], int] = {SLOT_OFFSET[s]: i for i, s in enumerate(SLOTS)}
COLUMNS: tuple[str, ...] = ("coast", "plateau", "mountain")
FOODS: tuple[str, ...] = ("fish", "corn", "potato")
CUZCO_CELL = (1, 0)


@dataclass(frozen=True)
class Card:
    """One card: an Era card, a Start card, Cuzco or a Goal-free placeholder."""

    id: str
    #: "city", "colca", "trade", "work", "start" or "cuzco".
    kind: str
    #: "coast", "plateau", "mountain", "wild" (colcas) or "" (action cards).
    column: str
    #: Road tokens shown on each slot of :data:`SLOTS` (0: no connector).
    conn: tuple[int, ...]
    fame: int
    temple: bool
    huts: tuple[str, ...]
    #: Effect id of an action card (see ``carddata.EFFECTS``), else "".
    effect: str = ""
    #: Era 1-4 of an Era card, 0 for Start cards and Cuzco.
    era: int = 0
    name: str = ""
    #: Fixed place of a Start card or Cuzco.
    cell: tuple[int, int] | None = None
    #: The card set an Era card first belongs to: 1 (rules editions 1-3), 4 (edition 4, and
    #: edition 5 where it keeps the card), 5 (edition 5's own Colcas) or 9 (edition 9's own).
    cardset: int = 1

    @property
    def is_city(self) -> bool:
        """Cities, Start cards and Cuzco are all cities."""
        return self.kind in ("city", "start", "cuzco")

    @property
    def is_colca(self) -> bool:
        return self.kind == "colca"

    @property
    def is_place(self) -> bool:
        """A card that lies on the grid (not an action card)."""
        return self.kind in ("city", "colca", "start", "cuzco")

    @property
    def source(self) -> str:
        """Where an action card's own token comes from ("supply" or "active")."""
        return EFFECTS[self.effect][0] if self.effect else ""

    @property
    def text(self) -> str:
        """The card's text: its effect for an action card, else a short description."""
        if self.effect:
            return EFFECTS[self.effect][1]
        return describe(self)


def describe(card: Card) -> str:
    """One line a player reads: type, column, fame box, temple, huts, connectors."""
    parts = [card.name or f"{card.column} {card.kind}".strip()]
    if card.fame:
        parts.append(f"fame {card.fame}")
    if card.temple:
        parts.append("temple")
    if card.huts:
        parts.append("huts " + ", ".join(card.huts))
    conns = [f"{s}{n}" for s, n in zip(SLOTS, card.conn, strict=True) if n]
    parts.append("roads " + " ".join(conns))
    return "; ".join(parts)


def _conn(fields: list[str]) -> tuple[int, ...]:
    values = tuple(int(x) for x in fields)
    if len(values) != 8 or any(v not in (0, 1, 2, 3) for v in values):
        raise ValueError(f"bad connectors {fields}")
    return values


def _cell(text: str) -> tuple[int, int]:
    c, r = text.split(",")
    return int(c), int(r)


#: Every effect by id: those of editions 1-3 and those only edition-4 cards carry.
EFFECTS: dict[str, tuple[str, str]] = {**carddata.EFFECTS, **carddata.EFFECTS_4}


def _read_era(text: str, cardset: int) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for line in text.strip().splitlines():
        f = line.split()
        cid, kind, column = f[0], f[1], f[2]
        huts = () if f[13] == "-" else tuple(f[13].split(","))
        effect = f[14] if len(f) > 14 else ""
        cards[cid] = Card(cid, kind, "" if column == "-" else column, _conn(f[3:11]),
                          int(f[11]), f[12] == "T", huts, effect, era="ABCD".index(cid[0]) + 1,
                          cardset=cardset)
    return cards


def _read_starts() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for line in carddata.START_CARDS.strip().splitlines():
        f = line.split()
        cell = _cell(f[2])
        column = COLUMNS[cell[0]] if cell[0] < 3 else "mountain"
        cards[f[0]] = Card(f[0], "start", column, _conn(f[3:11]), int(f[11]), f[12] == "T", (),
                           name=f[1].replace("_", " "), cell=cell)
    return cards


def _read_cuzco() -> Card:
    f = carddata.CUZCO.split()
    return Card(f[0], "cuzco", "plateau", _conn(f[3:11]), int(f[11]), f[12] == "T", (),
                name=f[1], cell=_cell(f[2]))


@dataclass(frozen=True)
class Goal:
    """A Goal card: ``vp`` when the holder's ``measure`` is at least ``need`` at the end."""

    id: str
    vp: int
    measure: str
    need: int


def _read_goals() -> dict[str, Goal]:
    goals = {}
    for line in carddata.GOAL_CARDS.strip().splitlines():
        gid, vp, measure, need = line.split()
        goals[gid] = Goal(gid, int(vp), measure, int(need))
    return goals


def _read_needs(text: str) -> dict[str, dict[int, int]]:
    needs = {}
    for line in text.strip().splitlines():
        gid, *counts = line.split()
        needs[gid] = {players: int(v) for players, v in zip((2, 3, 4, 5), counts, strict=True)}
    return needs


#: The Era cards of rules editions 1-3.
ERA: dict[str, Card] = _read_era(carddata.ERA_CARDS, 1)
#: The Era cards of rules edition 4 (ids of their own).
ERA_4: dict[str, Card] = _read_era(carddata.ERA_CARDS_4, 4)
STARTS: dict[str, Card] = _read_starts()
CUZCO: Card = _read_cuzco()
GOALS: dict[str, Goal] = _read_goals()
#: Rules edition 2's goal thresholds: goal id to player count to threshold.
GOAL_NEEDS: dict[str, dict[int, int]] = _read_needs(carddata.GOAL_NEEDS)
#: Rules edition 4's goal thresholds.
GOAL_NEEDS_4: dict[str, dict[int, int]] = _read_needs(carddata.GOAL_NEEDS_4)
#: Rules edition 5's goal thresholds.
GOAL_NEEDS_5: dict[str, dict[int, int]] = _read_needs(carddata.GOAL_NEEDS_5)
assert set(GOAL_NEEDS) == set(GOALS) == set(GOAL_NEEDS_4) == set(GOAL_NEEDS_5)
#: Rules edition 5's own Colcas (ids of their own).
COLCAS_5: dict[str, Card] = _read_era(carddata.COLCAS_5, 5)


def _replaced(cards: dict[str, Card], new: dict[str, Card]) -> dict[str, Card]:
    """``cards`` with its Colcas (not Wild) replaced, in order, by ``new``: each new card takes
    the place of the one it replaces, so a deck in data order deals the same places."""
    fresh = iter(new.values())
    out = {}
    for cid, card in cards.items():
        if card.kind == "colca" and card.column != "wild":
            card = next(fresh)
            cid = card.id
        out[cid] = card
    assert next(fresh, None) is None
    return out


#: The Era cards of rules edition 5 in data order: edition 4's, its Colcas (not Wild) replaced
#: by COLCAS_5.
ERA_5: dict[str, Card] = _replaced(ERA_4, COLCAS_5)


def _reused(cards: dict[str, Card], earlier: dict[str, Card]) -> dict[str, Card]:
    """``cards`` with each card an earlier set already holds replaced by that card (which it
    must equal but for its set): a card id always names one card."""
    out = {}
    for cid, card in cards.items():
        old = earlier.get(cid)
        if old is not None:
            assert dataclasses.replace(old, cardset=card.cardset) == card, cid
            card = old
        out[cid] = card
    return out


#: The Era cards of rules edition 9 (the printed 111), in data order.
ERA_9: dict[str, Card] = _reused(_read_era(carddata.ERA_CARDS_9, 9), {**ERA_4, **COLCAS_5})
#: Rules edition 9's goal thresholds.
GOAL_NEEDS_9: dict[str, dict[int, int]] = _read_needs(carddata.GOAL_NEEDS_9)
assert set(GOAL_NEEDS_9) == set(GOALS)


def goal_need(goal_id: str, players: int, edition: int) -> int:
    """The threshold of a Goal card in a game of ``players`` under rules ``edition``: the
    printed one in edition 1, the one for the player count from edition 2 (editions 4 and 5:
    their own tables)."""
    if edition >= 9:
        return GOAL_NEEDS_9[goal_id][players]
    if edition >= 5:
        return GOAL_NEEDS_5[goal_id][players]
    if edition >= 4:
        return GOAL_NEEDS_4[goal_id][players]
    return GOAL_NEEDS[goal_id][players] if edition >= 2 else GOALS[goal_id].need


def era_cards(edition: int) -> dict[str, Card]:
    """The Era cards a game of rules ``edition`` plays with."""
    if edition >= 9:
        return ERA_9
    if edition >= 5:
        return ERA_5
    return ERA_4 if edition >= 4 else ERA


def tokens(edition: int, players: int) -> int:
    """Each player's tokens in a game of ``players`` under rules ``edition``."""
    if edition >= 9:
        return carddata.TOKENS_9
    if edition >= 7:
        return carddata.TOKENS_7[players]
    if edition >= 6:
        return carddata.TOKENS_6[players]
    if edition >= 5:
        return carddata.TOKENS_5[players]
    return carddata.TOKENS_4 if edition >= 4 else 70


def activation(edition: int, players: int) -> int:
    """Tokens each Era's activation moves to the Active Pool before the Terrace bonus, in a
    game of ``players`` under rules ``edition``."""
    if edition >= 9:
        return carddata.ACTIVATION_9
    if edition >= 5:
        return carddata.ACTIVATION_5[players]
    return carddata.ACTIVATION_4 if edition >= 4 else 6


#: Every card by id (Era cards of every edition, Start cards, Cuzco).
CARDS: dict[str, Card] = {**ERA, **ERA_4, **COLCAS_5, **ERA_9, **STARTS, CUZCO.id: CUZCO}
#: Machu Picchu: the fifth Start card, used only with five players.
MACHU_PICCHU = "S5"
