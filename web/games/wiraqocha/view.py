"""Wiraqocha's page: the valley, the dice tray, the market, clicks to actions (``VIEW``).

A person picks dice in the tray, then a tile: the tiles those dice take carry ``data-legal``.
Which actions a pick and a tile mean comes from the engine's legal actions
(``inca_core.wiraqocha.targets``); a refused click asks the engine why. This module only draws
and looks things up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import dom
from movedisplay import Marker
from views import Click, GameView, Marks, Moment, Panel, Turn

from games.wiraqocha import moments, panels
from games.wiraqocha.texts import TEXTS
from inca_core.protocol import NOT_YOUR_TURN, State
from inca_core.wiraqocha import svg, targets, words
from inca_core.wiraqocha.actions import (
    Buy,
    End,
    Factory,
    Ransom,
    Recover,
    Roll,
    Sacrifice,
    Salvage,
    Swap,
)
from inca_core.wiraqocha.spec import SPEC

if TYPE_CHECKING:
    from inca_core.wiraqocha.game import Wiraqocha

#: Actions always offered as buttons (the others are clicks on tiles, dice and cards).
CHOICES = (Roll, Swap, Salvage, Sacrifice, Factory, Recover, Ransom, End)
#: A click on a tile with no dice picked offers its actions as buttons up to this many.
MAX_OFFER = 6
#: How many of the latest positions' tiles the view keeps to mark what a move changed.
SEEN = 8


class Valley:
    """The parts of the valley drawing in the board's ``pieces`` layer, each replaced only
    when its markup changed."""

    def __init__(self) -> None:
        self.svg: Any = None
        self.layer: Any = None
        self.parts: dict[str, str] = {}
        self.nodes: dict[str, Any] = {}
        #: The marks of moves on the valley (``data-last``, ``data-since``, ``data-hover``).
        self.marker = Marker()

    def attach(self, svg_node: Any) -> None:
        self.svg = svg_node
        self.layer = dom.query(svg_node, "g.pieces")
        self.parts, self.nodes = {}, {}

    def draw(self, parts: list[tuple[str, str]]) -> None:
        if self.layer is None:
            return
        if [k for k, _ in parts] != list(self.parts):
            self.layer.innerHTML = "".join(markup for _, markup in parts)
            children = self.layer.children
            self.nodes = {key: children.item(i) for i, (key, _) in enumerate(parts)}
        else:
            for key, markup in parts:
                if self.parts[key] != markup:
                    old = self.nodes[key]
                    old.insertAdjacentHTML("afterend", markup)
                    self.nodes[key] = old.nextElementSibling
                    old.remove()
        self.parts = dict(parts)

    def mark_last(self, marks: Marks) -> None:
        """Mark the valley tiles of ``marks``: ``data-last="1"`` on the latest move's,
        ``data-since`` and ``data-hover`` (``movedisplay.Marker``)."""
        if self.layer is not None:
            self.marker.apply(self.svg, marks, self.tile_nodes)

    def tile_nodes(self, tile: str) -> list[Any]:
        node = dom.query(self.layer, f'.wq-tile[data-tile="{tile}"]')
        return [node] if node is not None else []


class WiraqochaView:
    """The Wiraqocha page of one open game: its valley and the dice a person picked."""

    game_id = "wiraqocha"
    spec = SPEC
    targets = "[data-tile],[data-die],[data-card]"
    texts = TEXTS

    def __init__(self) -> None:
        self.valley = Valley()
        #: The unused dice on screen and the indices of those the person picked.
        self.dice: tuple[int, ...] = ()
        self.chosen: set[int] = set()
        #: The games (setup and actions) of the latest moments and their tiles as drawn then,
        #: newest first (an undo or a step back in the replay finds the position before).
        self.seen: list[tuple[Any, list[Any], dict[str, tuple]]] = []

    def reset(self) -> None:
        self.chosen = set()

    def options(self) -> dict[str, tuple[str, str]]:
        return dict(panels.OPTIONS)

    # -- the game -------------------------------------------------------------------------------

    def progress(self, game: State) -> int:
        return int(game.observation(None)["round"])

    def picked_indices(self) -> set[int]:
        return {i for i in self.chosen if i < len(self.dice)}

    def picked(self) -> tuple[int, ...]:
        """The values of the picked dice, sorted."""
        return tuple(sorted(self.dice[i] for i in self.picked_indices()))

    # -- drawing --------------------------------------------------------------------------------

    def board_svg(self, players: int) -> str:
        """The valley's frame holding the sample table of "How to play" (``svg.sample_parts``);
        a game's own valley replaces it when it is attached."""
        return svg.frame_svg("".join(markup for _, markup in svg.sample_parts()))

    def attach(self, svg_node: Any, players: int) -> tuple[float, float]:
        if self.valley.svg is not svg_node:
            self.valley.attach(svg_node)
            if self.valley.layer is not None:
                self.valley.layer.innerHTML = ""
        return svg.WIDTH / 2, svg.HEIGHT / 2

    def draw_board(self, turn: Turn) -> None:
        dice = tuple(turn.obs["dice"]) if turn.human else ()
        if dice != self.dice:
            self.dice, self.chosen = dice, set()
        legal = targets.legal_tiles(turn.legal, self.picked()) if turn.human else set()
        self.valley.draw(svg.render_parts(turn.obs, legal))
        self.mark_last(turn.marks or Marks())
        self.mark_dice()

    def moment(self, game: State) -> Moment | None:
        """The latest action's moment; the tiles as they were before it are those this view
        saw at the previous action of the same game (else the engine replays them)."""
        if not game.actions:
            return None
        key = (game.seed, game.players, tuple(game.names), sorted(game.options))
        actions = list(game.actions)
        before = next((parts for k, done, parts in self.seen
                       if k == key and done == actions[:-1]), None)
        now = moments.tile_parts(game)
        self.seen = [(key, actions, now), *self.seen[:SEEN - 1]]
        return moments.moment(game, before, now)

    def mark_last(self, marks: Marks) -> None:
        self.valley.mark_last(marks)

    def elements_of(self, action: Any) -> tuple[str, ...]:
        tile = targets.tile_of(action)
        return (tile,) if tile is not None else ()

    def mark_dice(self) -> None:
        """Show which dice of the tray are picked (in place, so keyboard focus stays)."""
        for node in dom.by_id("dice").querySelectorAll("[data-die]"):
            index = int(dom.attr(node, "data-die") or -1)
            picked = index in self.chosen
            node.setAttribute("aria-pressed", "true" if picked else "false")
            node.classList.toggle("picked", picked)
        note = dom.query(dom.by_id("dice"), "#tray-note")
        if note is not None:
            note.textContent = panels.tray_note(self.picked())

    def status(self, obs: dict, seats: tuple[str, ...], thinking: bool) -> str:
        return panels.status_text(obs, seats, thinking)

    def prompt(self, turn: Turn) -> str:
        return (words.camp_prompt(_engine(turn), turn.legal, self.picked())
                or panels.prompt_text(turn.obs))

    def panels(self, turn: Turn) -> dict[str, Panel]:
        obs, seats, thinking, legal = turn.obs, turn.seats, turn.thinking, turn.legal
        human = turn.human

        def tray() -> list[Any]:
            return panels.tray_panel(obs, legal, human, roll_dice, self.picked_indices())

        roll = next((a for a in legal if isinstance(a, Roll)), None)
        roll_dice = turn.game.preview(roll).get("dice") if roll is not None else None
        board = [obs["where"], obs["resources"], obs["somnium"], obs["relics"], obs["cards"]]
        return {
            "players": Panel([obs["names"], obs["current_player"], thinking, seats, board],
                             lambda: panels.players_panel(obs, seats, thinking)),
            "race": Panel([obs["names"], obs["relics"], obs["somnium"], obs["cards"]],
                          lambda: panels.victory_table(obs)),
            "valley": Panel([obs["round"], obs["bank_resources"], obs["bank_somnium"],
                            obs["pile_size"], sorted(obs["opts"])],
                            lambda: panels.valley_panel(obs)),
            "dice": Panel([obs["phase"], obs["dice"], human, roll_dice,
                          [str(a) for a in legal if isinstance(a, targets.DIE_ACTIONS)],
                          obs["over"]],
                          tray),
            "market": Panel([obs["market"], [str(a) for a in legal if isinstance(a, Buy)]],
                            lambda: panels.market_panel(obs, legal)),
        }

    def choices(self, legal: Sequence[Any]) -> list[Any]:
        return [a for a in legal if isinstance(a, CHOICES)]

    def cost_text(self, preview: dict) -> str:
        return ""

    def end_screen(self, obs: dict) -> dict[str, Any]:
        return panels.end_parts(obs)

    def log_items(self, entries: list[dict], before: dict | None) -> list[Any]:
        return panels.log_items(entries, before["round"] if before else None)

    def rules(self) -> list[Any]:
        return panels.rules_parts()

    # -- clicks ---------------------------------------------------------------------------------

    def click(self, node: Any, turn: Turn) -> Click | None:
        die = dom.attr(node, "data-die")
        if die is not None:
            if not turn.human:
                return Click(refuse=NOT_YOUR_TURN)
            index = int(die)
            self.chosen ^= {index}
            return Click()
        card = dom.attr(node, "data-card")
        if card is not None:
            return Click(ask=Buy(card))
        tile = dom.attr(node, "data-tile")
        if tile is None:
            return None
        if not turn.human:
            return Click(refuse=NOT_YOUR_TURN)
        picked = self.picked()
        actions = targets.tile_actions(turn.legal, tile, picked)
        # A move that takes the Base Camp or a protecting token off its tile is never a side
        # effect of a click: it is offered as a choice in words that say what it leaves.
        if len(actions) == 1 and not words.departure(_engine(turn), actions[0]):
            return Click(play=actions[0])
        if actions and (picked or len(actions) <= MAX_OFFER):
            return Click(choose=tuple(actions))
        if actions:
            return Click(refuse=f"pick the dice to use on {tile} in the tray first.")
        if turn.obs["phase"] == "act" and not picked:
            if self.dice:
                return Click(refuse=f"none of your dice can act on {tile} now.")
            return Click(refuse="you have no unused dice left: end your turn.")
        return Click(ask=targets.usual_action(_engine(turn), tile, picked))

    def target_of(self, action: Any, turn: Turn) -> str | None:
        tile = targets.tile_of(action)
        if tile is None:
            return None
        needed = list(targets.dice_of(action))
        picked = sorted(self.picked_indices())
        for index in picked:
            if self.dice[index] in needed:
                needed.remove(self.dice[index])
            else:
                return f'#dice [data-die="{index}"]'
        for value in needed:
            free = [i for i, v in enumerate(self.dice) if v == value and i not in self.chosen]
            if free:
                return f'#dice [data-die="{free[0]}"]'
        return f'#board .wq-tile[data-tile="{tile}"]'

    def hover(self, node: Any, turn: Turn) -> list[Any]:
        tile = dom.attr(node, "data-tile")
        if tile is None:
            return []
        return targets.tile_actions(turn.legal, tile, self.picked())[:MAX_OFFER]


#: The view the shell loads for ``wiraqocha`` (``views.VIEW_MODULES``).
VIEW: GameView = WiraqochaView()


def _engine(turn: Turn) -> Wiraqocha:
    """The state on screen, handed only to the engine's own words about it (``targets``,
    ``words``): the view itself reads the observation and the legal actions."""
    return cast("Wiraqocha", turn.game)
