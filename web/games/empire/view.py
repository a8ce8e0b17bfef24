"""Inca Empire's page: the board and its pieces, the panels, clicks to actions (``VIEW``).

Which elements an action acts on, and what a click where nothing is legal means, come from the
engine (``inca_core.empire.targets``); this module only draws and looks things up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import dom
from views import Click, GameView, Marks, Moment, Panel, Turn

import inca_core
from games.empire import moments, panels, texts
from games.empire.pieces import Pieces
from games.empire.texts import TEXTS
from inca_core.empire import targets
from inca_core.empire.spec import SPEC
from inca_core.empire.svg import render_board_svg
from inca_core.protocol import NOT_YOUR_TURN, State

#: The map elements (with their data attribute) and the panel elements a click may act on.
MAP_KINDS = ("connection", "site", "region")
CHOICE_KINDS = ("end", "pass", "pilgrim")


class EmpireView:
    """The Inca Empire page of one open game: its board layer and the selected hand card."""

    game_id = "empire"
    spec = SPEC
    targets = "[data-connection],[data-site],[data-region],[data-card],[data-quadrant],[data-wild]"
    texts = TEXTS

    def __init__(self) -> None:
        self.pieces = Pieces()
        self.selected: str | None = None
        self.by_element: dict[str, list[Any]] = {}
        self.legal_cards: set[str] = set()
        self.quadrants: set[str] = set()
        #: The observation drawn last (the log's player marks need its seats).
        self.obs: dict | None = None
        #: Wilderness Roads may be built now (a card in effect), and the player chose to see them.
        self.wild_ready = False
        self.show_wild = False

    def reset(self) -> None:
        self.selected = None
        self.show_wild = False

    def options(self) -> dict[str, tuple[str, str]]:
        return dict(texts.VARIANTS)

    # -- the game -------------------------------------------------------------------------------

    def progress(self, game: State) -> int:
        return int(game.observation(None)["round"])

    # -- drawing --------------------------------------------------------------------------------

    def board_svg(self, players: int) -> str:
        return render_board_svg(inca_core.board_for(players))

    def attach(self, svg: Any, players: int) -> tuple[float, float]:
        if self.pieces.svg is not svg:
            self.pieces.attach(svg)
        board = inca_core.board_for(players)
        cuzco = board.sites.get("cuzco")
        return cuzco.pos if cuzco else (board.width / 2, board.height / 2)

    def draw_board(self, turn: Turn) -> None:
        self.obs = turn.obs
        legal = turn.legal
        self.by_element = targets.by_element(legal)
        self.legal_cards = {a.target for a in legal if a.kind == "sun"}
        if self.selected not in self.legal_cards:
            self.selected = None
        if self.selected is None and len(self.legal_cards) == 1:
            self.selected = next(iter(self.legal_cards))
        self.quadrants = {a.extra for a in legal if a.kind == "sun" and a.target == self.selected}
        if self.pieces.svg is None:
            return
        marks = {
            element.partition(":")[2]
            for element in self.by_element
            if element.partition(":")[0] in MAP_KINDS
        }
        board = inca_core.board_for(turn.obs["players"])
        # Wilderness Road candidates (40 or more) show only once the player asks for them.
        wild = marks & {road.id for road in board.wilderness}
        self.wild_ready = bool(wild)
        self.show_wild = self.show_wild and self.wild_ready
        if not self.show_wild:
            marks -= wild
        # A Wilderness Road a review marks is drawn before it is built.
        review = {e.partition(":")[2] for m in (turn.marks.review if turn.marks else ())
                  for e in m.elements if e.startswith("connection:")}
        wild_review = review & {road.id for road in board.wilderness}
        self.pieces.draw(board, turn.obs, marks | self.quadrants | wild_review)
        self.pieces.mark_legal(marks)
        self.mark_last(turn.marks or Marks())
        self.pieces.mark_asking(None)

    def moment(self, game: State) -> Moment | None:
        return moments.moment(game)

    def elements_of(self, action: Any) -> tuple[str, ...]:
        return tuple(e for e in targets.elements(action)
                     if e.partition(":")[0] in (*MAP_KINDS, "quadrant"))

    def mark_last(self, marks: Marks) -> None:
        self.pieces.mark_last(marks)

    def status(self, obs: dict, seats: tuple[str, ...], thinking: bool) -> str:
        return panels.status_text(obs, seats, thinking)

    def prompt(self, turn: Turn) -> str:
        if turn.obs["phase"] == "sun" and self.selected is not None and turn.legal:
            # The card is picked: what comes next is the quadrant (issue 59).
            return (
                f"{panels.card_name(self.selected)} chosen: now click a highlighted quadrant of "
                "the Sun Event board, or another card to change your mind."
            )
        return panels.prompt_text(turn.obs)

    def panels(self, turn: Turn) -> dict[str, Panel]:
        obs, seats, thinking = turn.obs, turn.seats, turn.thinking
        players_key = [
            obs["names"],
            obs["scores"],
            obs["labor"],
            obs["hand_sizes"],
            obs["turn_order"],
            obs["current_player"],
            thinking,
            seats,
            [(r.get("owner"), r.get("terrace")) for r in obs["regions"].values()],
        ]
        seat = obs["current_player"]
        split = (
            targets.income_split(turn.game, seat)
            if seat is not None and obs["income_forecast"] is not None
            else None
        )
        hand_viewer = None if turn.hide_private else turn.viewer
        hand = obs["hands"][hand_viewer] if hand_viewer is not None else None
        legal_cards, quadrants, selected = self.legal_cards, self.quadrants, self.selected
        wild = self.show_wild if self.wild_ready else None
        return {
            "players": Panel(players_key, lambda: panels.players_panel(obs, seats, thinking)),
            "era": Panel(
                [obs["round_index"], obs["phase_index"], obs["over"], obs["invasion"]],
                lambda: panels.era_panel(obs),
            ),
            "forecast": Panel(
                [obs["income_forecast"], seat, obs["turn_order"], split],
                lambda: panels.forecast_panel(obs, split),
            ),
            "sun": Panel(
                [
                    obs["quadrants"],
                    sorted(quadrants),
                    obs["effects"],
                    seat,
                    obs["deck_size"],
                    len(obs["discard"]),
                ],
                lambda: panels.sun_panel(obs, quadrants),
            ),
            "hand": Panel(
                [hand_viewer, hand, sorted(legal_cards), selected, wild],
                lambda: panels.hand_panel(obs, hand_viewer, legal_cards, selected, wild),
            ),
        }

    def choices(self, legal: Sequence[Any]) -> list[Any]:
        return [a for a in legal if a.kind in CHOICE_KINDS]

    def cost_text(self, preview: dict) -> str:
        return panels.cost_text(preview)

    def end_screen(self, obs: dict) -> dict[str, Any]:
        items, note = panels.ranking_panel(obs)
        return {
            "ranking": items,
            "tie-break": note,
            "breakdown": [panels.breakdown_table(obs)],
            "chart": [panels.vp_chart(obs)],
            "end-title": panels.end_title(obs),
            "breakdown-title": "Where the points came from",
            "chart-title": "Victory points over time",
        }

    def log_items(self, entries: list[dict], before: dict | None) -> list[Any]:
        return panels.log_items(entries, before["round"] if before else None, self.obs)

    def rules(self) -> list[Any]:
        return panels.rules_parts()

    # -- clicks ---------------------------------------------------------------------------------

    def element(self, node: Any) -> str | None:
        """The element a clicked node stands for (``site:cuzco``, ``card:...``), if any."""
        for kind in MAP_KINDS:
            value = dom.attr(node, "data-" + kind)
            if value and not dom.is_null(node.closest("#board")):
                return f"{kind}:{value}"
        card = dom.attr(node, "data-card")
        if card and not dom.is_null(node.closest("#hand")):
            return f"card:{card}"
        quadrant = dom.attr(node, "data-quadrant")
        if quadrant:
            return f"quadrant:{quadrant}"
        if dom.attr(node, "data-wild"):
            return "wild:"
        return None

    def click(self, node: Any, turn: Turn) -> Click | None:
        element = self.element(node)
        if element is None:
            return None
        kind, _, target = element.partition(":")
        if kind == "wild":
            self.show_wild = not self.show_wild
            return Click()
        if kind == "card":
            if element not in self.by_element:
                # The engine says why: the reason for placing this card on the first quadrant.
                first = turn.obs["quadrants"][0]["id"]
                return Click(ask=inca_core.Action("sun", target, first))
            self.selected = None if self.selected == target else target
            return Click()
        if kind == "quadrant":
            if turn.obs["phase"] != "sun" or not turn.human:
                return Click(
                    refuse="cards go on the Sun Event board only in your turn of the Sun phase."
                )
            if self.selected is None:
                return Click(refuse="choose a card from your hand first.")
            return Click(play=inca_core.Action("sun", self.selected, target))
        if not turn.human:
            return Click(refuse=NOT_YOUR_TURN)
        actions = targets.worth_asking(self.by_element.get(element, []), turn.legal)
        if len(actions) == 1:
            return Click(play=actions[0])
        if actions:
            self.pieces.mark_asking(target)
            return Click(choose=tuple(actions))
        return Click(ask=targets.usual_action(turn.game, element))

    def target_of(self, action: Any, turn: Turn) -> str | None:
        if action.kind == "sun":
            if self.selected != action.target:
                return f'#hand [data-card="{action.target}"]'
            return f'[data-quadrant="{action.extra}"]'
        found = targets.elements(action)
        if not found:
            return None
        kind, _, value = found[0].partition(":")
        board = inca_core.board_for(turn.obs["players"])
        if kind == "connection" and not self.show_wild and value in {
            road.id for road in board.wilderness
        }:
            return "[data-wild]"
        return f'#board [data-{kind}="{value}"]'

    def hover(self, node: Any, turn: Turn) -> list[Any]:
        element = self.element(node)
        if element is None:
            return []
        actions = self.by_element.get(element, [])
        if element.startswith("quadrant:"):
            return [a for a in actions if self.selected and a.target == self.selected]
        if element.startswith("card:"):
            return []
        return targets.worth_asking(actions, turn.legal)


#: The view the shell loads for ``empire`` (``views.VIEW_MODULES``).
VIEW: GameView = EmpireView()
