"""The game views: what the page shell asks of each game's page, and the registry of them.

The shell (start form, saves, bots, undo, replay, hand-over, panels, rules panel) is the same for
every game; a game's :class:`GameView` draws that game and turns clicks into its actions. The
shell looks a view up here by game id and never branches on a game id otherwise. Adding a game's
page is one entry in :data:`VIEW_MODULES` and a package ``games/<id>/`` whose ``view`` module
holds ``VIEW``, a :class:`GameView` (see ``docs/PAGE.md``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from inca_core import protocol

#: Game id to the page module holding its ``VIEW`` (imported when that game is opened).
VIEW_MODULES: dict[str, str] = {
    "empire": "games.empire.view",
    "cardgame": "games.cardgame.view",
    "wiraqocha": "games.wiraqocha.view",
}

#: An illegal action and an unreadable save, as every engine raises them.
ILLEGAL: tuple[type[protocol.IllegalAction], ...] = (protocol.IllegalAction,)
SAVE_ERRORS: tuple[type[protocol.SaveError], ...] = (protocol.SaveError,)

#: The game a start link or a save without a game id means.
DEFAULT_GAME = "empire"


@dataclass(frozen=True)
class Turn:
    """What the shell knows of the position on screen, given to the view to draw it."""

    #: The game state on screen (the replay's position during a replay). A view reads ``obs``
    #: and ``legal``; the state it uses only through the protocol's methods (``actions``,
    #: ``preview``...) and hands to its engine's own words about it (``targets``, ``words``),
    #: never reading its fields.
    game: protocol.State
    #: ``game.observation(viewer)`` (``viewer`` ``None``: the spectator's, public facts only).
    obs: dict
    #: The seat whose view is drawn (``None``: no person plays).
    viewer: int | None
    #: The legal actions the person to move may take now (empty: bot's turn, replay, hand-over).
    legal: tuple[Any, ...]
    #: Seat types: ``"human"`` or a bot strength.
    seats: tuple[str, ...]
    #: A person is to move (and may act).
    human: bool
    #: The bot to move is thinking.
    thinking: bool
    #: The viewer's private panels must stay hidden (hand-over screen, a bot's seat).
    hide_private: bool
    #: A replay is on screen.
    replay: bool
    #: What the latest action did (from the view's optional ``moment``): the view marks its
    #: ``marks`` with ``data-last="1"`` on the board until the next action.
    last: Moment | None = None
    #: The board elements to mark (the view's :meth:`GameView.mark_last`): the latest action's,
    #: every action's since the viewer's last turn, the log entry hovered.
    marks: Marks | None = None


@dataclass(frozen=True)
class Moment:
    """What one action did, for showing it as it happens (see ``GameView.moment``)."""

    #: Who acted (``None``: nobody, e.g. the setup).
    seat: int | None
    #: A short caption of the move (``Bo builds a road Cuzco - Pisac.``).
    caption: str
    #: The view's names of the board elements the action changed (placed, removed, revealed).
    marks: tuple[str, ...] = ()
    #: The automatic phases the action set off, as (heading, lines) with the engine's figures;
    #: empty when none ran.
    summary: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class Marks:
    """The board elements the view marks (element names as in :attr:`Moment.marks`)."""

    #: The latest action's elements: ``data-last="1"``.
    last: tuple[str, ...] = ()
    #: The elements of every action since the viewer's last turn, with the number of the newest
    #: action that changed each (1: the oldest of those actions): ``data-since="<number>"``.
    since: tuple[tuple[str, int], ...] = ()
    #: The elements of the log entry under the pointer or the keyboard focus:
    #: ``data-hover="1"``.
    hover: tuple[str, ...] = ()
    #: The latest action's pieces grow in as they are marked (not the viewer's own move: the
    #: person knows where they played, and the click's answer is drawn sooner).
    grow_last: bool = True
    #: The moves a review marks in the position before them (a decision opened from the review
    #: screen): the move played and the better one, each ``data-review`` on its elements and a
    #: badge naming it.
    review: tuple[ReviewMark, ...] = ()


@dataclass(frozen=True)
class ReviewMark:
    """A move a review marks on the board before it is played (see :attr:`Marks.review`)."""

    #: ``played`` or ``better``: the element's ``data-review`` and the badge's word.
    role: str
    #: The move in words (the badge's accessible name).
    words: str
    #: The view's names of the board elements the move acts on (:meth:`GameView.elements_of`).
    elements: tuple[str, ...]


def entries_of(log: list[dict], count: int) -> list[dict]:
    """The log entries of action ``count`` (they end the log)."""
    start = len(log)
    while start and log[start - 1].get("n") == count:
        start -= 1
    return log[start:]


def since_start(log: list[dict], seat: int) -> int:
    """The first action after ``seat``'s last turn (1 if it never had one), from the game's log:
    the actions of a turn it is taking now (and the automatic ones among them) do not end the
    span, so the others' moves stay marked while it plays on."""
    in_turn = True  # still inside the seat's turn in progress
    for n, mover in _movers(log):
        if in_turn and mover in (seat, None):
            continue
        in_turn = False
        if mover == seat:
            return n + 1
    return 1


def _movers(log: list[dict]) -> Iterator[tuple[int, int | None]]:
    """Each action of ``log``, newest first, with its seat: that of its first log entry that is
    no automatic event (as the views' ``moment`` say who acted; ``None``: an automatic one)."""
    current: int | None = None
    mover: int | None = None
    for entry in reversed(log):
        n = entry.get("n")
        if not isinstance(n, int) or n < 1:
            break
        if n != current:
            if current is not None:
                yield current, mover
            current, mover = n, None
        if "event" not in entry and entry.get("seat") is not None:
            mover = entry["seat"]
    if current is not None:
        yield current, mover


@dataclass(frozen=True)
class Click:
    """What a click on the game screen means, as the view says.

    Exactly one of the fields is set; all empty means the click only changed the view's own
    selection (the shell redraws).
    """

    #: Play this action.
    play: Any = None
    #: Offer these actions as choice buttons.
    choose: Sequence[Any] = ()
    #: Ask the engine about this action: play it if legal, else show the engine's reason.
    ask: Any = None
    #: Show this reason (the click is refused; nothing changes).
    refuse: str = ""


@dataclass(frozen=True)
class Slot:
    """A place on the game screen that a game's panel fills: the shell makes a section for it,
    ``<section class="slot sec-ID"><h2 id="ID-title">title</h2><TAG id="ID"></TAG></section>``."""

    #: The element id of the panel (named after what it holds: ``hand``, ``dice``, ...).
    id: str
    #: The heading above it.
    title: str
    #: The side of the board it stands on.
    side: Literal["left", "right"]
    #: The element that holds the panel's nodes (a list when the panel gives list items).
    tag: Literal["div", "ol", "ul"] = "div"
    #: Class names of that element (the page's styles: ``players``, ``hand``).
    cls: str = ""
    #: Its place among the sections on a phone, where the panels stack in one column (the
    #: choices are 2, the log 6, "This game" 9).
    phone_order: int = 5


@dataclass(frozen=True)
class GameTexts:
    """What a game's page says outside its panels (``games/<id>/texts.py``)."""

    #: The first part of the names of its export files (the stem, then the players' names:
    #: ``STEM-Ana-Bo.json``).
    file_stem: str
    #: The "How to play" dialog's steps, first to last (what a turn is, how to score, how the
    #: game ends, how to play on the page).
    how_to_play: tuple[str, ...]
    #: The panels' places on the game screen, in page order on each side.
    slots: tuple[Slot, ...]


@dataclass(frozen=True)
class Panel:
    """One panel of the game screen: redrawn by ``build()`` only when ``key`` changed; ``title``
    replaces the panel's heading (``None``: the page's own heading)."""

    key: Any
    build: Callable[[], list[Any]]
    title: str | None = None


class GameView(Protocol):
    """One game's page: drawing and clicks (one instance per game, kept while the page lives)."""

    #: The game id (a key of ``inca_core.shelf.GAMES``).
    game_id: str
    #: The game's spec: ``new_game``, ``parse_action``, ``make_bot``, ``strengths``, ``info``.
    spec: protocol.GameSpec
    #: CSS selector of the clickable elements the view draws (board and panels).
    targets: str
    #: Its texts: export file names, "How to play", the panels' places and titles.
    texts: GameTexts

    def reset(self) -> None:
        """Forget any selection: a game was opened."""
        ...

    def options(self) -> dict[str, tuple[str, str]]:
        """Option id to its name and a one-line description, for the start form."""
        ...

    # -- the game -----------------------------------------------------------------------------

    def progress(self, game: protocol.State) -> int:
        """The round (or other count of progress) shown in the saved games list, from the
        game's public observation."""
        ...

    # -- drawing ------------------------------------------------------------------------------

    def board_svg(self, players: int) -> str:
        """The static board for ``players`` as SVG markup (drawn into ``#board`` once)."""
        ...

    def attach(self, svg: Any, players: int) -> tuple[float, float]:
        """Take the board's ``<svg>`` element; the point the view first centres on."""
        ...

    def draw_board(self, turn: Turn) -> None:
        """Bring the pieces on the board and the legal marks (``data-legal``) up to date."""
        ...

    def status(self, obs: dict, seats: tuple[str, ...], thinking: bool) -> str:
        """The ``#status`` line: who is to move and in which phase."""
        ...

    def prompt(self, turn: Turn) -> str:
        """The line above the choice buttons for a person to move."""
        ...

    def panels(self, turn: Turn) -> dict[str, Panel]:
        """The panels by element id (the ids of :attr:`texts`' ``slots``)."""
        ...

    def choices(self, legal: Sequence[Any]) -> list[Any]:
        """The legal actions shown as buttons at all times (end, pass, ...)."""
        ...

    def cost_text(self, preview: dict) -> str:
        """What an action costs and scores, from the engine's ``preview``; empty if nothing."""
        ...

    def end_screen(self, obs: dict) -> dict[str, list[Any]]:
        """The end screen's parts by element id (``ranking``, ``tie-break``, ``breakdown``,
        ``chart``; a string value is set as text; ``end-title``, ``breakdown-title`` and
        ``chart-title`` replace those headings)."""
        ...

    def log_items(self, entries: list[dict], before: dict | None) -> list[Any]:
        """List items for new log ``entries`` (``before``: the entry shown last, if any)."""
        ...

    def rules(self) -> list[Any]:
        """The rules panel's content (our own words)."""
        ...

    # -- clicks -------------------------------------------------------------------------------

    def click(self, node: Any, turn: Turn) -> Click | None:
        """What a click on ``node`` (matched by :attr:`targets`) means; ``None``: nothing."""
        ...

    def hover(self, node: Any, turn: Turn) -> list[Any]:
        """The actions to preview while ``node`` is hovered or focused."""
        ...

    def moment(self, game: protocol.State) -> Moment | None:
        """What the latest action of ``game`` did (``None``: no action yet): its caption, the
        board elements to mark, the summary of the automatic phases it set off; read through the
        protocol (its actions, log, names and public observation) only."""
        ...

    def target_of(self, action: Any, turn: Turn) -> str | None:
        """The CSS selector of the one element to click next on the way to playing the legal
        ``action`` (a board element, a hand card, a die: given the view's own selection, e.g.
        the card to choose first), or ``None`` when a choice button plays it (the guided game
        looks for ``[data-action]`` buttons itself)."""
        ...

    def mark_last(self, marks: Marks) -> None:
        """Mark the board elements of ``marks`` (``data-last``, ``data-since``, ``data-hover``,
        ``data-review``) and unmark the others; called by ``draw_board`` and when a log entry
        is hovered."""
        ...

    def elements_of(self, action: Any) -> tuple[str, ...]:
        """The board elements ``action`` acts on, named as :attr:`Moment.marks` names them,
        from the engine's ``targets`` (empty: a move made with a button or a hand card, not on
        the board). ``draw_board`` draws them in the position before the move when a review
        marks it (:attr:`Marks.review`), an empty place included."""
        ...


# -- the guided first game (``tutorial.py``; each game's ``games/<id>/tutorial.py``) -------------

#: A step's ``action`` that takes any legal action (a free step).
ANY = "any"


@dataclass(frozen=True)
class Step:
    """One step of a guided game: what the guide says, and what the person does to go on."""

    #: What to do now and why, in a few short sentences of our own.
    text: str
    #: The action the step waits for, in its text form (``str(action)``); :data:`ANY`: any
    #: legal action; ``None``: nothing to play, the person reads and presses the guide's button.
    action: str | None = None


@dataclass(frozen=True)
class Script:
    """A game's guided first game: a fixed game (its seed is the tutorial's), the person in seat
    1 and bots in the others, and the steps in order. The bots play as on any page (one per seat,
    ``search.bot_seed``), so the same steps meet the same positions every time."""

    seed: int
    #: Seat kinds: ``"human"`` first, then bot strengths that decide at once (``easy``).
    seats: tuple[str, ...]
    names: tuple[str, ...]
    steps: tuple[Step, ...]
    options: frozenset[str] = frozenset()

    def wants(self, index: int, action: Any) -> bool:
        """Whether playing ``action`` carries out step ``index`` (a free step takes any)."""
        wanted = self.steps[index].action
        return wanted == ANY or (wanted is not None and wanted == str(action))


def load_script(game_id: str) -> Script | None:
    """The guided first game of game ``game_id`` (its ``games.<id>.tutorial.SCRIPT``), if it
    has one."""
    module = VIEW_MODULES.get(game_id)
    if module is None:
        return None
    try:
        script: Script = importlib.import_module(module.rsplit(".", 1)[0] + ".tutorial").SCRIPT
    except ModuleNotFoundError:
        return None
    return script


def load(game_id: str) -> GameView:
    """The view of game ``game_id`` (one per game); ``KeyError`` when the page has none."""
    module = VIEW_MODULES.get(game_id)
    if module is None:
        raise KeyError(game_id)
    view: GameView = importlib.import_module(module).VIEW
    return view
