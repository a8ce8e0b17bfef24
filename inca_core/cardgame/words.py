"""The card game's actions, cards and places in plain words, for buttons, captions, hover and
the log.

A card is named by what it is ("the coast city (fame 2, temple)", "the Extra Workforce: build up
to two roads"), a place on the table by its card and where it lies from the nearest named card
("Quito", "the wild colca above Cuzco", "the empty coast place 2 up from Quito"); never by the
ids and cells of the text form (``build A07 0,1 from 1,0``), which stays for saves. Up is north,
right is toward the mountains, as the table is drawn.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from inca_core.cardgame.actions import (
    Action,
    Build,
    Cell,
    Done,
    Lay,
    Pass,
    Restrict,
    Road,
    Stock,
    Take,
    Temple,
    Terrace,
    Trade,
    Workforce,
)
from inca_core.cardgame.cards import CARDS, COLUMNS

if TYPE_CHECKING:
    from inca_core.cardgame.game import CardGame

#: A neighbouring cell's offset (column, row) to where it lies from the card there.
NEXT_TO: dict[tuple[int, int], str] = {
    (0, 1): "above", (0, -1): "below", (1, 0): "right of", (-1, 0): "left of",
    (1, 1): "above and right of", (-1, 1): "above and left of",
    (1, -1): "below and right of", (-1, -1): "below and left of",
}


def card_kind(card_id: str) -> str:
    """``coast city``, ``wild colca``, ``Trade Agreement``, ``Extra Workforce``."""
    card = CARDS[card_id]
    if card.kind == "trade":
        return "Trade Agreement"
    if card.kind == "work":
        return "Extra Workforce"
    return f"{card.column} {card.kind}"


def card_title(card_id: str) -> str:
    """A hand or draft card as a player tells it from the others: ``the coast city (fame 2,
    temple)``, ``the wild colca (corn, potato)``, ``the Trade Agreement "Each road costs one
    token less"``; a Start card or Cuzco by its name."""
    card = CARDS[card_id]
    if card.name:
        return card.name
    if card.effect:
        return f'the {card_kind(card_id)} "{card.text.rstrip(".")}"'
    notes = []
    if card.fame:
        notes.append(f"fame {card.fame}")
    if card.temple:
        notes.append("temple")
    notes.extend(card.huts)
    return f"the {card_kind(card_id)}" + (f" ({', '.join(notes)})" if notes else "")


def anchors_of(table: dict[str, str]) -> list[tuple[Cell, str]]:
    """The named cards on ``table`` (Cuzco first, then the Start cards) and their cells."""
    out = []
    for key, card_id in table.items():
        card = CARDS[card_id]
        if card.name:
            c, r = key.split(",")
            out.append(((int(c), int(r)), card_id))
    out.sort(key=lambda item: (CARDS[item[1]].kind != "cuzco", item[1]))
    return out


def where(game: CardGame, cell: Cell) -> str:
    """Where ``cell`` lies from the nearest named card: ``above Quito``, ``2 up from Quito``,
    ``2 up and 1 left from Cuzco``."""
    return where_on(game.table, cell)


def where_on(table: dict[str, str], cell: Cell,
             anchors: list[tuple[Cell, str]] | None = None) -> str:
    """:func:`where` on a table of cards by cell text (an observation's ``table``); ``anchors``:
    its named cards (:func:`anchors_of`), when the caller names many places of one table."""
    if anchors is None:
        anchors = anchors_of(table)
    if not anchors:
        return "on the table"

    def distance(item: tuple[Cell, str]) -> tuple[int, int]:
        (c, r), _ = item
        dc, dr = cell[0] - c, cell[1] - r
        # the nearest first; beside it rather than across a corner
        return max(abs(dc), abs(dr)), abs(dc) + abs(dr)

    (c, r), card_id = min(anchors, key=distance)
    name = CARDS[card_id].name
    dc, dr = cell[0] - c, cell[1] - r
    if (dc, dr) in NEXT_TO:
        return f"{NEXT_TO[(dc, dr)]} {name}"
    parts = []
    if not (dc or dr):
        return f"at {name}"
    if dr:
        parts.append(f"{abs(dr)} {'up' if dr > 0 else 'down'}")
    if dc:
        parts.append(f"{abs(dc)} {'right' if dc > 0 else 'left'}")
    return f"{' and '.join(parts)} from {name}"


def place_name(game: CardGame, cell: Cell) -> str:
    """A place as a player reads it: ``Cuzco``, a Start card's name, ``the coast city above
    Quito``, ``the empty plateau place 2 up from Quito``."""
    return place_on(game.table, cell)


def place_on(table: dict[str, str], cell: Cell,
             anchors: list[tuple[Cell, str]] | None = None) -> str:
    """:func:`place_name` on a table of cards by cell text (an observation's ``table``)."""
    card_id = table.get(f"{cell[0]},{cell[1]}")
    if card_id is not None and CARDS[card_id].name:
        return CARDS[card_id].name
    column = COLUMNS[cell[0]] if 0 <= cell[0] < len(COLUMNS) else "mountain"
    if card_id is None:
        return f"the empty {column} place {where_on(table, cell, anchors)}"
    kind = card_kind(card_id)
    if not kind.startswith(column):
        kind += f" on the {column}"
    return f"the {kind} {where_on(table, cell, anchors)}"


def seat_name(game: CardGame, seat: int) -> str:
    return game.names[seat] if seat < len(game.names) else f"Player {seat + 1}"


def tokens(k: int) -> str:
    return f"{k} token{'' if k == 1 else 's'}"


def road_ends(game: CardGame, road: Road) -> tuple[Cell, Cell]:
    """The ends of ``road`` as its builder (the player to move) tells them: from the place on
    their route to the other (grid order when both or neither are on it)."""
    if road.a not in game.network(game.turn) and road.b in game.network(game.turn):
        return road.b, road.a
    return road.a, road.b


def describe(game: CardGame, action: Action) -> str:
    """``action`` of the player to move in plain words (no id or cell of the text form)."""
    match action:
        case Lay(a, b):
            return f"Lay {card_title(a)} and {card_title(b)} face down for the draft"
        case Take(card):
            return f"Take {card_title(card)}"
        case Build(card, cell, via):
            return (f"Build {card_title(card)} {where(game, cell)}, with a road from "
                    f"{place_name(game, via)}")
        case Workforce(card):
            return f"Play {card_title(card)}"
        case Trade(card, slot):
            left, right = game.slot_seats(slot)
            return (f"Play {card_title(card)}, between {seat_name(game, left)} and "
                    f"{seat_name(game, right)}")
        case Terrace(card):
            return f"Lay {card_title(card)} as a Terrace"
        case Road():
            start, end = road_ends(game, action)
            return f"Build a road from {place_name(game, start)} to {place_name(game, end)}"
        case Stock(cell, hut):
            card_id = game.card_at(cell)
            food = CARDS[card_id].huts[hut] if card_id and hut < len(CARDS[card_id].huts) \
                else "storage"
            return f"Stock the {food} hut of {place_name(game, cell)}"
        case Temple(cell, count):
            return f"Stack {tokens(count)} on the temple of {place_name(game, cell)}"
        case Restrict(cell):
            return f"Put a Road Restriction on {place_name(game, cell)}"
        case Done():
            return "Finish this action"
        case Pass():
            return "Take no free action" if game.phase == "close" else "Pass for this Era"
    return "Play this move"


_NEEDS = re.compile(r"needs (\d+) tokens from your (Supply|Active Pool)")


def idle_note(game: CardGame) -> str | None:
    """Why the player to move can build no City or Colca of their hand now (nothing lights up
    on the table), and what is left to do; ``None`` when a build is legal, or no main action is
    being chosen."""
    if game.phase not in ("act", "close") or game.pending or game.is_over:
        return None
    seat = game.turn
    legal = game.legal_actions()
    if any(isinstance(a, Build) for a in legal):
        return None
    hand = game.hands[seat]
    places = sorted({c for c in hand if CARDS[c].is_place})
    others = []
    if any(isinstance(a, Terrace) for a in legal):
        others.append("lay a card as a Terrace (one more active token, then a road, a temple "
                      "or a hut)")
    if any(isinstance(a, (Workforce, Trade)) for a in legal):
        others.append("play an action card")
    if any(isinstance(a, Pass) for a in legal):
        others.append("pass")
    rest = f" You may {_or(others)}." if others else ""
    if not places:
        return "You hold no City or Colca to build." + rest if hand else None
    cheapest: tuple[int, str] | None = None
    grid = game.grid()
    for via in sorted(game.network(seat)):
        for dc, dr in NEXT_TO:
            cell = (via[0] + dc, via[1] + dr)
            if cell in grid or (not 0 <= cell[0] <= 2 and not any(
                    CARDS[c].cell == cell for c in places)):
                continue
            for card in places:
                found = _NEEDS.search(game.why_not(Build(card, cell, via)) or "")
                if found:
                    found_need = (int(found.group(1)), found.group(2))
                    cheapest = found_need if cheapest is None else min(cheapest, found_need)
    if cheapest is not None:
        need, pool = cheapest
        have = game.supply[seat] if pool == "Supply" else game.active[seat]
        return (f"Too few tokens to build: your cheapest City or Colca needs {need} from your "
                f"{pool}, which holds {have}.{rest}")
    return "None of your Cities or Colcas fits beside your route now." + rest


def _or(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]
