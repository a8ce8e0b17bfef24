"""The guided first game: a game's script (``games/<id>/tutorial.py``, a ``views.Script``) played
with a guide beside the board that says what to do next and why, and marks the one element to
click.

Game-neutral: the step wants an action in its text form; the element that leads to it is a
choice button carrying that ``data-action``, else what the view's ``target_of`` names (a board
element, a hand card, a die). While a step wants a particular action, a click on anything else
of the game is not played: the guide says what to click instead. The last step lets the person
play on: the guided game is a normal game against the bots from then on.

Contract (``docs/PAGE.md``): ``[data-ui="tutorial"][data-game=ID]`` starts it (start screen,
How to play), ``?tutorial=ID`` too; ``body[data-tutorial-step]`` holds the step shown (from 1)
while the guide runs; the element to click carries ``data-tutorial-target="1"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import dom
import ui
import views
from inview import in_view
from pyscript import document, window

from inca_core.shelf import INFOS

if TYPE_CHECKING:
    from collections.abc import Callable

    from boardview import BoardView
    from focus import Focus
    from page import Shown
    from panels import Panels
    from replay import Replay
    from session import Session
    from startform import StartForm

#: The attribute on the one element to click now.
MARK = "data-tutorial-target"
#: Where choice buttons of the game screen are (the hint's own button is not one).
ACTION_BUTTON = '#screen-game [data-action="{}"]:not([data-hint])'
#: The summary's Continue button (the bots wait until it is pressed).
SUMMARY_BUTTON = "#phase-summary:not([hidden]) button"
#: The guide's own button for a step with nothing to play.
NEXT_BUTTON = "#guide [data-ui=tutorial-next]"
#: The room (CSS px) kept between the step's target and what would lie over it.
GAP = 8.0


class Guide:
    """The guide of the guided first game on screen (at most one)."""

    def __init__(
        self,
        shown: Shown,
        panels: Panels,
        focus: Focus,
        replay: Replay,
        form: StartForm,
        board: BoardView,
        params: dict[str, list[str]],
        embed: bool,
        unfold: Callable[[], None],
    ) -> None:
        self._shown = shown
        self._panels = panels
        self._focus = focus
        self._replay = replay
        self._form = form
        self._board = board
        #: The page's URL parameters and whether it is embedded (``?embed=1``).
        self._params = params
        self._embed = embed
        #: Opens the phone's sheet of choices.
        self._unfold = unfold
        self._script: views.Script | None = None
        #: The session the guide leads (another session on screen ends the guide).
        self._session: Session | None = None
        #: The step shown (0-based).
        self._step = 0
        #: What was marked last (selector and step), to move focus only when it changes.
        self._marked: tuple[str, int] | None = None
        #: The element marked last.
        self._node: Any = None

    # -- building --------------------------------------------------------------------------------

    def build(self) -> None:
        """The guide panel (hidden until a guided game runs), first on the right of the board
        (first on a phone), and a start button per game on the start screen."""
        panel = dom.el(
            "section",
            cls="sec-guide guide",
            attrs={"id": "guide", "aria-labelledby": "guide-title", "hidden": ""},
            children=[
                dom.el("h2", "Guided game", cls="panel-title", attrs={"id": "guide-title"}),
                dom.el(
                    "div",
                    attrs={"id": "guide-live", "aria-live": "polite", "aria-atomic": "true"},
                    children=[
                        dom.el("p", cls="guide-text", attrs={"id": "guide-text"}),
                        dom.el("p", cls="guide-cue", attrs={"id": "guide-cue"}),
                        dom.el("p", cls="guide-note", attrs={"id": "guide-note"}),
                    ],
                ),
                dom.el(
                    "p",
                    cls="guide-buttons",
                    children=[
                        dom.el(
                            "button",
                            "Next",
                            cls="primary",
                            attrs={"type": "button", "data-ui": "tutorial-next", "hidden": ""},
                        ),
                        dom.el(
                            "button",
                            "Leave the guide",
                            attrs={"type": "button", "data-ui": "tutorial-leave"},
                        ),
                    ],
                ),
            ],
        )
        right = dom.by_id("right-panel")
        right.insertBefore(panel, right.firstChild)
        # Every game with a page has a guided game (tests/page/test_page_tutorial.py); its script
        # is imported only when it starts, so no game's code is fetched for these buttons.
        buttons = [
            start_button(gid, f"Learn {info.title}")
            for gid, info in INFOS.items()
            if gid in views.VIEW_MODULES
        ]
        if buttons:
            row = dom.el(
                "div",
                cls="tutorial-row",
                attrs={"role": "group", "aria-labelledby": "tutorial-row-title"},
                children=[
                    dom.el(
                        "p",
                        "New to a game? Play a short guided game first:",
                        attrs={"id": "tutorial-row-title"},
                    ),
                    *buttons,
                ],
            )
            form = dom.by_id("new-game")
            form.insertBefore(row, dom.query(form, "#game-choice").nextSibling)

    # -- starting and leaving -------------------------------------------------------------------

    def active(self) -> bool:
        return self._script is not None

    def start(self, game_id: str) -> bool:
        """Start the guided game of ``game_id``; False (and a message) when there is none."""
        script = views.load_script(game_id) if game_id in INFOS else None
        if script is None:
            ui.notify(f"There is no guided game for {game_id[:40]!r}.", error=True)
            return False
        self.stop()
        view = views.load(game_id)
        seats = script.seats
        started = self._form.start_game(
            view, len(seats), script.seed, script.options, script.names, seats, 1.0
        )
        if not started:
            return False
        self._script, self._session, self._step = script, self._shown.session, 0
        self._marked = None
        dom.by_id("guide").hidden = False
        self.refresh()
        return True

    def start_from_url(self) -> bool:
        """Start the guided game a start link names (``?tutorial=ID``); the URL keeps only the
        page's own settings."""
        params = self._params
        game_id = params.get("tutorial", [""])[0]
        kept = ["embed=1"] if self._embed else []
        if params.get("pace", [""])[0]:
            kept.append(f"pace={params['pace'][0]}")
        path = str(window.location.pathname) + ("?" + "&".join(kept) if kept else "")
        window.history.replaceState(None, "", path)
        return self.start(game_id)

    def stop(self) -> None:
        """End the guide (the game on screen goes on as a normal game)."""
        self._script, self._session, self._marked, self._node = None, None, None, None
        document.body.removeAttribute("data-tutorial-step")
        _unmark()
        guide = dom.by_id("guide")
        if guide is not None:
            guide.hidden = True

    # -- the steps --------------------------------------------------------------------------------

    def step(self) -> views.Step | None:
        script = self._script
        return script.steps[self._step] if script is not None else None

    def played(self, action: Any) -> None:
        """The person played ``action`` (it was legal): the step is done if it wanted it."""
        script = self._script
        if script is None or self._shown.session is not self._session:
            return
        if script.wants(self._step, action):
            self._step += 1
            if self._step >= len(script.steps):
                self.stop()

    def next(self) -> None:
        """The guide's button: go on from a step with nothing to play (the last one ends the
        guide)."""
        script = self._script
        if script is None:
            return
        self._step += 1
        if self._step >= len(script.steps):
            self.stop()
            self._focus.keep()
            return
        self.refresh()

    # -- what the page shows ----------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the step, and mark the one element to click (called after every drawing)."""
        script = self._script
        if script is None:
            return
        session = self._shown.session
        if session is None or session is not self._session:
            self.stop()
            return
        step = script.steps[self._step]
        document.body.dataset.tutorialStep = str(self._step + 1)
        dom.by_id("guide-title").textContent = (
            f"Guided game: step {self._step + 1} of {len(script.steps)}"
        )
        dom.by_id("guide-text").textContent = step.text
        last = self._step == len(script.steps) - 1
        nxt = dom.query(document, NEXT_BUTTON)
        nxt.hidden = step.action is not None
        nxt.textContent = "Play on by myself" if last else "Next"
        selector, cue = self.target(step)
        node = dom.query(document, selector) if selector else None
        _unmark()
        dom.by_id("guide-cue").textContent = cue
        key = (selector or "", self._step) if node is not None else None
        if key != self._marked:
            # Something new to click: a word about the last wrong click no longer applies.
            dom.by_id("guide-note").textContent = ""
        if node is None:
            self._marked, self._node = None, None
            return
        node.setAttribute(MARK, "1")
        fresh = key != self._marked
        # The target drawn again (its panel redrawn, a card added to a row that scrolls
        # sideways) keeps the focus it had; off the board it is brought back into view whenever
        # a redraw left it out (its panel scrolled, content above it grown or shrunk).
        redrawn = self._node is not None and not bool(self._node.isConnected)
        if fresh or redrawn:
            self._marked = key
            node.focus(dom.js_options(preventScroll=True))
        if dom.is_null(node.closest("#board")) and (fresh or redrawn or not in_view(node)):
            node.scrollIntoView(dom.js_options(block="nearest", inline="nearest"))
        self._node = node
        self.uncover(node, fresh)

    def uncover(self, node: Any, fresh: bool) -> None:
        """Bring the step's target ``node`` into view with nothing of the page over it: when it
        is new (``fresh``), the phone's sheet unfolded if it holds the target and the board
        panned to it (later the person may pan and fold freely); always, the sheet scrolled so
        the guide's own box (which stays at the sheet's top) does not lie over it, the page
        scrolled so the sheet does not."""
        sheet = dom.by_id("right-panel")
        in_sheet = bool(sheet.contains(node))
        if fresh and in_sheet and dom.attr(document.body, "data-sheet") == "folded":
            self._unfold()
            node.scrollIntoView(dom.js_options(block="nearest"))
        if fresh and not dom.is_null(node.closest("#board")):
            self._board.show(node)
        guide = dom.by_id("guide")
        box = node.getBoundingClientRect()
        if in_sheet and not bool(guide.contains(node)):
            over = guide.getBoundingClientRect()
            if _overlap(over, box):
                sheet.scrollTop = float(sheet.scrollTop) - (float(over.bottom) + GAP - box.top)
        elif not in_sheet and str(window.getComputedStyle(sheet).position) == "fixed":
            over = sheet.getBoundingClientRect()
            if _overlap(over, box):
                window.scrollBy(0, float(box.bottom) + GAP - float(over.top))

    def target(self, step: views.Step) -> tuple[str | None, str]:
        """The selector of the element to click for ``step`` now, and the cue that names it."""
        session = self._shown.session
        turn = self._panels.turn()
        if step.action is None:
            return NEXT_BUTTON, "Press the highlighted button to go on."
        if dom.query(document, SUMMARY_BUTTON) is not None:
            return SUMMARY_BUTTON, "Read what happened, then press the highlighted Continue."
        if session is None or turn is None or not turn.human or self._replay.active():
            current = session.game.current_player if session is not None else None
            who = session.names()[current] if session is not None and current is not None else ""
            return None, f"Watch {who} play: your turn comes next." if who else ""
        if step.action == views.ANY:
            return None, "Your choice: anything highlighted on the board or the buttons."
        action = next((a for a in turn.legal if str(a) == step.action), None)
        if action is None:
            return None, "This move cannot be played here: play on as you like."
        words = _short(str(session.game.preview(action)["text"]))
        button = ACTION_BUTTON.format(step.action)
        if dom.query(document, button) is not None:
            return button, f"Click the highlighted button: {words}."
        selector = self._shown.view.target_of(action, turn)
        if selector is None:
            return None, f"Next: {words}."
        node = dom.query(document, selector)
        if node is None or not dom.is_null(node.closest("#board")):
            return selector, f"Click the highlighted place on the board: {words}."
        label = dom.attr(node, "aria-label")
        what = f"highlighted {_lower(label)}" if label else "highlighted one"
        section = node.closest("section")
        heading = None if dom.is_null(section) else dom.query(section, "h2")
        where = f" in {heading.textContent}" if heading is not None else ""
        return selector, f"Click the {what}{where}. This step: {_lower(words)}."

    def allows(self, node: Any) -> bool:
        """Whether a click on ``node`` (a game target or a choice button) may go on: while a step
        wants a particular action only the marked element may; otherwise the guide says what to
        click instead."""
        script = self._script
        if script is None or self._shown.session is not self._session:
            return True
        step = script.steps[self._step]
        if step.action is None:
            if self._step == len(script.steps) - 1:
                # Playing on from the last step ends the guide.
                self.stop()
                return True
            self.say("First read the guide, then press Next.")
            return False
        if step.action == views.ANY or dom.attr(node, "data-action") == step.action:
            return True
        marked = dom.query(document, f"[{MARK}]")
        if marked is None:
            return True
        if marked == node or bool(marked.contains(node)):
            return True
        self.say("Not that one now. " + str(dom.by_id("guide-cue").textContent))
        marked.focus(dom.js_options(preventScroll=True))
        return False

    def allows_undo(self) -> bool:
        """Undo is off while the guide leads (the steps follow the game as scripted)."""
        if self._script is None or self._shown.session is not self._session:
            return True
        self.say("Undo is off in the guided game: press Leave the guide to play freely.")
        return False

    def say(self, text: str) -> None:
        """A short word from the guide about the last click (read out by screen readers)."""
        dom.by_id("guide-note").textContent = text


def start_button(game_id: str, label: str) -> Any:
    """A button that starts the guided game of ``game_id``."""
    return dom.el(
        "button",
        label,
        cls="tutorial-start",
        attrs={"type": "button", "data-ui": "tutorial", "data-game": game_id},
    )


def _unmark() -> None:
    for node in document.querySelectorAll(f"[{MARK}]"):
        node.removeAttribute(MARK)


def _overlap(a: Any, b: Any) -> bool:
    """Whether two client rectangles share some area."""
    return bool(a.left < b.right and b.left < a.right and a.top < b.bottom and b.top < a.bottom)


def _short(words: str) -> str:
    """An action's words without the figures the engine adds after a colon (``: +1 VP``)."""
    head, _, tail = words.rpartition(": ")
    return head if head and len(tail) < 40 and any(c.isdigit() for c in tail) else words


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]
