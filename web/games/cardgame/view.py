"""Inca Empire: The Card Game's page: the table of cards, the panels, clicks to actions (``VIEW``).

What an action acts on, what a click where nothing is legal means and every action's words come
from the engine (``inca_core.cardgame.targets``); the table is the engine's drawing
(``inca_core.cardgame.svg.table_group``). This module only keeps the chosen hand cards.

The board is the table itself: its cards lie in fixed board units, and when the table's extent
changes (a row added, the empty places shown while building) the view sets the board SVG's
``data-extent`` and sends it ``board-extent``, so the page's pan and zoom take the new extent
as the whole board (``boardview.BoardView.on_extent``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import dom
from movedisplay import Marker
from pyscript import document, window
from views import Click, GameView, Marks, Moment, Panel, Turn

from games.cardgame import example, moments, panels
from games.cardgame.texts import TEXTS
from inca_core.cardgame import targets, words
from inca_core.cardgame.actions import Build, Done, Lay, Pass, Take
from inca_core.cardgame.spec import SPEC
from inca_core.cardgame.svg import CARD_H, CARD_W, table_group, xy
from inca_core.protocol import NOT_YOUR_TURN, State

if TYPE_CHECKING:
    from inca_core.cardgame.game import CardGame
    from inca_core.protocol import State

#: The frame of the example table the board holds before a game's own table is drawn.
FRAME = 1000
#: Board elements a click acts on, with the element kind they name.
BOARD_ATTRS = (("data-hut", "hut"), ("data-temple", "temple"), ("data-link", "link"),
               ("data-cell", "cell"))
#: Element kind to the attribute that names it on the table.
ATTR_OF = {kind: attr for attr, kind in BOARD_ATTRS}
#: What may stay chosen in the hand in each phase.
CHOOSE_TWO = "lay"
#: How long the one laid card left stays on screen before it is taken for the person (ms).
FORCED_TAKE_MS = 500


class CardGameView:
    """The card game's page of one open game: the table on the board and the chosen cards."""

    game_id = "cardgame"
    spec = SPEC
    targets = "[data-hut],[data-temple],[data-link],[data-cell],[data-card]"
    texts = TEXTS

    def __init__(self) -> None:
        self.layer: Any = None
        self.drawn = ""
        #: The table's extent the board was last told (``data-extent``).
        self.extent = ""
        #: Hand cards chosen: two to lay in the draft, else the one card to act with.
        self.selected: list[str] = []
        self.by_element: dict[str, list[Any]] = {}
        self.hand_cards: set[str] = set()
        #: The marks of moves on the table (``data-last``, ``data-since``, ``data-hover``).
        self.marker = Marker()
        #: The game drawn last (its log is the one the log panel shows), and its phase.
        self.game: State | None = None
        self.phase = ""
        #: The game and action count where the one card left was last taken for the person: an
        #: undo back to it leaves the take to the person (else Undo would seem to do nothing).
        self.forced_at: tuple[int, int] | None = None

    def reset(self) -> None:
        self.selected = []

    def options(self) -> dict[str, tuple[str, str]]:
        return {}

    # -- the game -------------------------------------------------------------------------------

    def progress(self, game: State) -> int:
        return int(game.observation(None)["era"])

    # -- drawing --------------------------------------------------------------------------------

    def board_svg(self, players: int) -> str:
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {FRAME} {FRAME}" '
            f'class="cardboard" data-players="{players}" role="group" '
            f'aria-label="The table of cards">'
            f'<rect x="-{20 * FRAME}" y="-{20 * FRAME}" width="{40 * FRAME}" '
            f'height="{40 * FRAME}" fill="#e9dcc3"/>'
            f'<g class="pieces">{example.table_svg(FRAME)}</g></svg>'
        )

    def attach(self, svg: Any, players: int) -> tuple[float, float]:
        self.layer = dom.query(svg, "g.pieces")
        self.drawn = ""
        self.extent = ""
        # Cuzco's middle, where the table starts.
        x, y = xy((1, 0))
        return x + CARD_W / 2, y + CARD_H / 2

    def draw_board(self, turn: Turn) -> None:
        legal = turn.legal
        self.game = turn.game
        self.phase = str(turn.obs["phase"])
        self.hand_cards = {c for a in legal if (c := targets.card_of(a)) is not None}
        if turn.obs["phase"] == CHOOSE_TWO:
            self.hand_cards = {c for a in legal if isinstance(a, Lay) for c in (a.a, a.b)}
        self.selected = [c for c in self.selected if c in self.hand_cards]
        marked = self.marked(legal)
        self.by_element = targets.by_element(marked)
        if self.layer is None:
            return
        building = any(isinstance(a, Build) for a in legal)
        ghosts = targets.open_cells(_engine(turn)) if building else []
        # The moves a review marks are drawn before they are played: a card's empty place, a
        # connection with no road yet.
        review = [e.partition(":") for m in (turn.marks.review if turn.marks else ())
                  for e in m.elements]
        ghosts += [value for kind, _, value in review if kind == "cell"]
        links = [value for kind, _, value in review if kind == "link"]
        markup, box = table_group(turn.obs, marked, ghosts, links)
        extent = " ".join(str(v) for v in box)
        if extent != self.extent:
            self.extent = extent
            svg = self.layer.ownerSVGElement
            svg.setAttribute("data-extent", extent)
            svg.dispatchEvent(window.Event.new("board-extent", dom.js_options(bubbles=True)))
        if markup != self.drawn:
            focused = _focused_target()
            self.layer.innerHTML = markup
            self.drawn = markup
            if focused is not None:
                node = dom.query(self.layer, f'[{focused[0]}="{focused[1]}"][data-legal="1"]')
                if node is not None:
                    node.focus()
        self.mark_last(turn.marks or Marks())
        at = (id(turn.game), len(turn.game.actions))
        forced = len(legal) == 1 and isinstance(legal[0], Take)
        if turn.human and not turn.replay and forced and self.forced_at != at:
            self.forced_at = at
            self.take_forced(legal[0].card, at[1])

    def take_forced(self, card: str, actions: int) -> None:
        """The one laid card left goes to the person without a click (the prompt says so):
        clicked for them a moment later, if the game is still where it was."""

        def take() -> None:
            if document.body.dataset.actions != str(actions):
                return
            node = document.querySelector(f'#draft [data-card="{card}"][data-legal="1"]')
            if not dom.is_null(node):
                node.click()

        dom.later(take, FORCED_TAKE_MS)

    def mark_last(self, marks: Marks) -> None:
        """Mark the table elements of ``marks`` (``cell:C,R``, ``link:...``, ``hut:...``,
        ``temple:...``): ``data-last="1"`` on the latest move's, ``data-since`` and
        ``data-hover`` (``movedisplay.Marker``)."""
        if self.layer is not None:
            self.marker.apply(self.layer.ownerSVGElement, marks, self.nodes_of)

    def nodes_of(self, name: str) -> list[Any]:
        kind, _, value = name.partition(":")
        if kind not in ATTR_OF:
            return []
        return list(self.layer.querySelectorAll(f'[{ATTR_OF[kind]}="{value}"]'))

    def moment(self, game: State) -> Moment | None:
        return moments.moment(game)

    def elements_of(self, action: Any) -> tuple[str, ...]:
        name = targets.element(action)
        return (name,) if name is not None and name.partition(":")[0] in ATTR_OF else ()

    def marked(self, legal: Sequence[Any]) -> list[Any]:
        """The legal actions shown on the table: builds of the chosen card only, if one is."""
        if len(self.selected) != 1:
            return list(legal)
        card = self.selected[0]
        return [a for a in legal if not isinstance(a, Build) or a.card == card]

    def status(self, obs: dict, seats: tuple[str, ...], thinking: bool) -> str:
        return panels.status_text(obs, seats, thinking)

    def prompt(self, turn: Turn) -> str:
        idle = words.idle_note(_engine(turn)) if turn.human and turn.legal else None
        return panels.prompt_text(turn.obs, self.selected, idle)

    def panels(self, turn: Turn) -> dict[str, Panel]:
        obs, seats, thinking = turn.obs, turn.seats, turn.thinking
        private = None if turn.hide_private else turn.viewer
        hand = obs["hand"] if private is not None else None
        selected, playable = list(self.selected), sorted(self.hand_cards)
        pool_legal = sorted(k.partition(":")[2] for k in self.by_element if k.startswith("pool:"))
        public = [obs[k] for k in ("supply", "active", "passed", "done_actions", "hand_sizes",
                                   "terrace_counts", "tokens_in_play", "first", "turn",
                                   "laid_counts", "phase", "era")]
        return {
            "players": Panel(
                [public, thinking, seats, obs["names"]],
                lambda: panels.players_panel(obs, seats, thinking),
            ),
            "era": Panel(
                [obs["era"], obs["phase"], obs["first"], obs["deck_sizes"], obs["restricted"],
                 len(obs["discard"]), obs["over"]],
                lambda: panels.era_panel(obs),
            ),
            "draft": Panel(
                [obs["pool"], pool_legal, obs["laid_counts"], obs["trades"], obs["order"],
                 obs["phase"], obs["laid"] if private is not None else None],
                lambda: panels.draft_panel(obs, pool_legal, private),
            ),
            "goals": Panel(
                [private, obs.get("goal_scores") if private is not None else None],
                lambda: panels.goals_panel(obs, private),
            ),
            "hand": Panel(
                [private, hand, playable, selected, obs["terraces"] if private is not None
                 else None],
                lambda: panels.hand_panel(obs, private, playable, selected),
            ),
        }

    def choices(self, legal: Sequence[Any]) -> list[Any]:
        out: list[Any] = []
        if len(self.selected) == 2:
            out += [a for a in legal if isinstance(a, Lay) and [a.a, a.b] == sorted(self.selected)]
        elif len(self.selected) == 1:
            card = self.selected[0]
            out += [a for a in legal
                    if targets.card_of(a) == card and not isinstance(a, Build)]
        return out + [a for a in legal if isinstance(a, (Pass, Done))]

    def cost_text(self, preview: dict) -> str:
        return ""

    def end_screen(self, obs: dict) -> dict[str, Any]:
        items, note = panels.ranking_panel(obs)
        return {
            "ranking": items,
            "tie-break": note,
            "breakdown": panels.breakdown_parts(obs),
            "chart": [panels.score_chart(obs)],
            "end-title": "Era IV is over: the game is over",
            "breakdown-title": "Where the points came from, goal by goal",
            "chart-title": "Victory points: tokens and goals",
        }

    def log_items(self, entries: list[dict], before: dict | None) -> list[Any]:
        return panels.log_items(entries, before["era"] if before else None, self.last_take)

    def last_take(self, entry: dict) -> bool:
        """The log ``entry`` tells of the one laid card left taken at the end of a draft."""
        game = self.game
        n = entry.get("n", 0)
        if game is None or entry.get("seat") is None or not 0 < n <= len(game.actions):
            return False
        actions = game.actions
        if not isinstance(actions[n - 1], Take):
            return False
        return not isinstance(actions[n], Take) if n < len(actions) else self.phase != "take"

    def rules(self) -> list[Any]:
        return panels.rules_parts()

    # -- clicks ---------------------------------------------------------------------------------

    def element(self, node: Any) -> str | None:
        """The element a clicked node stands for (``cell:1,2``, ``card:A07``, ...), if any."""
        if not dom.is_null(node.closest("#board")):
            for attr, kind in BOARD_ATTRS:
                value = dom.attr(node, attr)
                if value:
                    return f"{kind}:{value}"
            return None
        card = dom.attr(node, "data-card")
        if card and not dom.is_null(node.closest("#hand")):
            return f"card:{card}"
        if card and not dom.is_null(node.closest("#draft")):
            return f"pool:{card}"
        return None

    def click(self, node: Any, turn: Turn) -> Click | None:
        name = self.element(node)
        if name is None:
            return None
        kind, _, value = name.partition(":")
        if not turn.human:
            return Click(refuse=NOT_YOUR_TURN)
        if kind == "card":
            return self.choose_card(value, turn)
        actions = self.by_element.get(name, [])
        if len(actions) == 1:
            return Click(play=actions[0])
        if actions:
            return Click(choose=tuple(actions))
        chosen = self.selected[0] if len(self.selected) == 1 else None
        action = targets.usual_action(_engine(turn), name, chosen)
        if action is None:
            return Click(refuse=panels.nothing_there(turn.obs, kind))
        return Click(ask=action)

    def choose_card(self, card: str, turn: Turn) -> Click:
        """Choose or drop a hand card (two for the draft's lay, else one to act with)."""
        if card not in self.hand_cards:
            return Click(ask=targets.usual_action(_engine(turn), f"card:{card}"))
        if card in self.selected:
            self.selected.remove(card)
        elif turn.obs["phase"] == CHOOSE_TWO:
            self.selected = [*self.selected[-1:], card]
        else:
            self.selected = [card]
        return Click()

    def target_of(self, action: Any, turn: Turn) -> str | None:
        if isinstance(action, Lay):
            missing = [c for c in (action.a, action.b) if c not in self.selected]
            return f'#hand [data-card="{missing[0]}"]' if missing else None
        card = targets.card_of(action)
        if card is not None and self.selected != [card]:
            return f'#hand [data-card="{card}"]'
        name = targets.element(action)
        if name is None:
            return None
        kind, _, value = name.partition(":")
        if kind == "pool":
            return f'#draft [data-card="{value}"]'
        if kind in ATTR_OF:
            return f'#board [{ATTR_OF[kind]}="{value}"]'
        return None

    def hover(self, node: Any, turn: Turn) -> list[Any]:
        name = self.element(node)
        if name is None or name.startswith("card:"):
            return []
        return self.by_element.get(name, [])


def _focused_target() -> tuple[str, str] | None:
    """The board target that has the keyboard focus (attribute and value), to focus it again
    after the table is redrawn."""
    node = document.activeElement
    if dom.is_null(node) or dom.is_null(node.closest("#board")):
        return None
    for attr, _ in BOARD_ATTRS:
        value = dom.attr(node, attr)
        if value:
            return attr, value
    return None


#: The view the shell loads for ``cardgame`` (``views.VIEW_MODULES``).
VIEW: GameView = CardGameView()


def _engine(turn: Turn) -> CardGame:
    """The state on screen, handed only to the engine's own words about it (``targets``,
    ``words``): the view itself reads the observation and the legal actions."""
    return cast("CardGame", turn.game)
