"""What the card game's actions act on, for a page: click targets, plain descriptions, goals.

No drawing and no rule of its own: legality and reasons stay with
:meth:`inca_core.cardgame.game.CardGame.why_not`. Elements are named ``cell:C,R`` (a place on the
table, built or empty), ``link:C,R|C,R`` (a connection), ``hut:C,R:I`` (storage hut ``I`` of a
Colca), ``temple:C,R``, ``card:ID`` (a card in the hand) and ``pool:ID`` (a laid draft card).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from inca_core.cardgame import words
from inca_core.cardgame.actions import (
    Action,
    Build,
    Cell,
    Restrict,
    Road,
    Stock,
    Take,
    Temple,
    Terrace,
    Trade,
    Workforce,
    cell_text,
    parse_cell,
)
from inca_core.cardgame.cards import CUZCO_CELL, GOALS, OFFSET_SLOT, goal_need
from inca_core.cardgame.goals import MEASURES

if TYPE_CHECKING:
    from inca_core.cardgame.game import CardGame

#: Cells a built card may touch (edges and corners).
NEIGHBOURS = tuple(OFFSET_SLOT)


def element(action: Action) -> str | None:
    """The element a click plays ``action`` on (``None``: a button only, e.g. pass)."""
    match action:
        case Build(card, cell, _):
            return f"cell:{cell_text(cell)}"
        case Restrict(cell):
            return f"cell:{cell_text(cell)}"
        case Road(a, b):
            return f"link:{cell_text(a)}|{cell_text(b)}"
        case Stock(cell, hut):
            return f"hut:{cell_text(cell)}:{hut}"
        case Temple(cell, _):
            return f"temple:{cell_text(cell)}"
        case Take(card):
            return f"pool:{card}"
        case Terrace(card) | Workforce(card) | Trade(card, _):
            return f"card:{card}"
    return None


def changed(action: Action) -> tuple[str, ...]:
    """The table elements ``action`` places or changes, named as :func:`element` names them
    (to mark the latest move): a built card's place and its road, a road, a stocked hut, a
    temple, a restricted place; none for the draft, hand cards, pass and done."""
    match action:
        case Build(_, cell, via):
            a, b = sorted((cell, via))
            return f"cell:{cell_text(cell)}", f"link:{cell_text(a)}|{cell_text(b)}"
        case Road() | Stock() | Temple() | Restrict():
            key = element(action)
            return (key,) if key is not None else ()
    return ()


def by_element(actions: Iterable[Action]) -> dict[str, list[Action]]:
    """The legal ``actions`` grouped by the element a click plays them on."""
    out: dict[str, list[Action]] = {}
    for action in actions:
        key = element(action)
        if key is not None:
            out.setdefault(key, []).append(action)
    return out


def card_of(action: Action) -> str | None:
    """The hand card an action plays (``None`` for steps, pass and done)."""
    match action:
        case Build(card, _, _) | Terrace(card) | Workforce(card) | Trade(card, _):
            return card
    return None


def open_cells(game: CardGame) -> list[str]:
    """Empty places beside the table (edge or corner of a card, columns coast to mountain)."""
    grid = game.grid()
    found = {
        (c + dc, r + dr)
        for c, r in grid
        for dc, dr in NEIGHBOURS
        if 0 <= c + dc <= 2 and (c + dc, r + dr) not in grid
    }
    return [cell_text(cell) for cell in sorted(found)]


def usual_action(game: CardGame, name: str, selected: str | None = None) -> Action | None:
    """The action a click on element ``name`` means where nothing is legal, so the engine can
    say why it is refused (``None``: no action is meant there, e.g. a built card with no hand
    card chosen)."""
    kind, _, rest = name.partition(":")
    seat = game.turn
    if kind == "cell":
        cell = parse_cell(rest)
        if game.pending and game.pending[0][0] == "restrict":
            return Restrict(cell)
        if selected is None:
            return None
        return Build(selected, cell, _via(game, seat, cell))
    if kind == "link":
        a, b = (parse_cell(t) for t in rest.split("|"))
        return Road(a, b)
    if kind == "hut":
        where, _, hut = rest.rpartition(":")
        return Stock(parse_cell(where), int(hut))
    if kind == "temple":
        return Temple(parse_cell(rest), 1)
    if kind == "pool":
        return Take(rest)
    if kind == "card":
        return Terrace(rest)
    return None


def _via(game: CardGame, seat: int, cell: Cell) -> Cell:
    """The place of ``seat``'s route a build at ``cell`` would most likely start from."""
    net = game.network(seat)
    near = [
        (cell[0] + dc, cell[1] + dr)
        for dc, dr in NEIGHBOURS
        if (cell[0] + dc, cell[1] + dr) in net
    ]
    return min(near) if near else CUZCO_CELL


#: A place and an action in plain words (:mod:`inca_core.cardgame.words`).
place_name = words.place_name
describe = words.describe


def goal_text(goal_id: str, players: int, edition: int) -> str:
    """What a Goal card asks in a game of ``players`` under rules ``edition``, as a player reads
    it (``12+ roads of yours``)."""
    return MEASURES[GOALS[goal_id].measure][0].format(n=goal_need(goal_id, players, edition))


def goal_lines(obs: dict, seat: int) -> list[dict[str, Any]]:
    """The Goal cards of ``seat`` that ``obs`` shows (its own, or everyone's at the end), each
    with its id, condition, VP, what the seat has now, whether it is met and scored (one of the
    best three); most VP scored first."""
    scores = obs.get("goal_scores", {}).get(str(seat))
    if scores is None:
        return []
    best = scores["best"]
    progress = scores.get("progress", {})
    lines = [
        {
            "id": gid,
            "text": goal_text(gid, obs["players"], obs["edition"]),
            "vp": GOALS[gid].vp,
            "need": goal_need(gid, obs["players"], obs["edition"]),
            "have": progress.get(gid),
            "met": value > 0,
            "scored": gid in best and value > 0,
            "value": value,
        }
        for gid, value in scores["goals"].items()
    ]
    lines.sort(key=lambda line: (not line["scored"], -line["value"], line["id"]))
    return lines
