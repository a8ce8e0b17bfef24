"""Drawing the game screen: the game's panel places, status, board, panels, log, end screen;
publishing the game.

What is drawn comes from the game's view (``views.GameView``); this module decides when.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import dom
import ui
import views
from pyscript import document, window
from views import Turn

if TYPE_CHECKING:
    from focus import Focus
    from inview import Sight
    from page import Screen

#: The sections a game's slots go before, by side (the shell's own sections stay put).
SLOTS_BEFORE = {"left": ".sec-save", "right": ".sec-log"}


#: The status line's second sentence while a summary waits for a person to close it.
SUMMARY_WAIT = "Press Continue to go on."
#: The prompt meanwhile (the game waits for the person, whoever is to move).
SUMMARY_PROMPT = (
    "Read what happened on the board, then press Continue (or Escape): the game waits for you."
)


class Panels:
    """Drawing the game screen."""

    def __init__(self, screen: Screen, focus: Focus, sight: Sight) -> None:
        #: What the screen shows, asked of the page (``page.Screen``).
        self._screen = screen
        self._focus = focus
        #: Brings the person's targets into view.
        self._sight = sight
        #: The position on screen as the view saw it at the last render.
        self._turn: Turn | None = None
        #: The game whose log is on screen (its id) and how many entries it shows.
        self._log_shown: tuple[int, int] | None = None
        #: The log's entries by action count, and the counts marked with a number (moves since
        #: the viewer's last one).
        self._log_nodes: dict[int, list[Any]] = {}
        self._log_numbers: dict[int, int] = {}
        #: Each panel's key when it was drawn last.
        self._keys: dict[str, str] = {}
        #: The panels of the last render, when they wait for :meth:`settle`.
        self._unsettled: Callable[[], None] | None = None
        #: The game last exposed by :meth:`publish`, and its number of actions then.
        self._published: tuple[Any, int] | None = None
        #: The game whose slots are on the game screen.
        self._slots_of: str | None = None

    # -- the game's places ------------------------------------------------------------------------

    def build_slots(self, view: views.GameView) -> None:
        """Make the sections of the game's panels (``view.texts.slots``), replacing another
        game's."""
        if self._slots_of == view.game_id:
            return
        for old in document.querySelectorAll("#screen-game section.slot"):
            old.remove()
        for slot in view.texts.slots:
            section = dom.el(
                "section",
                cls=f"slot sec-{slot.id}",
                attrs={"aria-labelledby": f"{slot.id}-title",
                       "style": f"--phone-order: {slot.phone_order}"},
                children=[
                    dom.el("h2", slot.title, cls="panel-title", attrs={"id": f"{slot.id}-title"}),
                    dom.el(slot.tag, cls=slot.cls or None, attrs={"id": slot.id}),
                ],
            )
            side = dom.by_id(f"{slot.side}-panel")
            side.insertBefore(section, dom.query(side, SLOTS_BEFORE[slot.side]))
        self._slots_of = view.game_id
        self._keys.clear()

    # -- what is on screen ------------------------------------------------------------------------

    def turn(self) -> Turn | None:
        """The position on screen as the view sees it (from the last :meth:`render`)."""
        return self._turn

    def forget(self) -> None:
        """Draw every panel and the log afresh at the next render (a game was opened, an action
        undone)."""
        self._keys.clear()
        self._log_shown = None

    def forget_panel(self, element_id: str) -> None:
        """Draw panel ``element_id`` afresh at the next render (something else filled it)."""
        self._keys.pop(element_id, None)

    def shown_game(self) -> Any:
        """The game on screen: the replay's position, else the session's game (or ``None``)."""
        replayed = self._screen.replayed()
        if replayed is not None:
            return replayed
        session = self._screen.session
        return session.game if session is not None else None

    # -- drawing ----------------------------------------------------------------------------------

    def render(self, settle_later: bool = False) -> None:
        """Draw everything from the engine's observation and schedule a bot if one is to move.

        With ``settle_later`` only the board, the status line and the hand-over screen are drawn
        now (the board too waits while the hand-over screen covers it); the panels and
        ``body[data-fingerprint]``/``body[data-actions]`` wait for :meth:`settle` (unless the
        game is over: the end screen comes at once)."""
        screen = self._screen
        session = screen.session
        if session is None:
            return
        started = window.performance.now()
        view = screen.view
        game = self.shown_game()
        viewer = screen.viewer()
        obs = game.observation(viewer)
        current = game.current_player
        over = bool(game.is_over)
        replay = screen.replayed() is not None
        human_to_move = not replay and session.person_here(current)
        hidden = screen.covered(current, human_to_move)
        legal = tuple(game.legal_actions()) if human_to_move and not hidden else ()
        hide_private = hidden or (viewer is not None and session.seats[viewer] != "human")
        thinking = screen.bot_thinking()
        turn = Turn(
            game=game,
            obs=obs,
            viewer=viewer,
            legal=legal,
            seats=session.seats,
            human=human_to_move,
            thinking=thinking,
            hide_private=hide_private,
            replay=replay,
            last=(last := screen.moment_of(game)),
            marks=screen.marks_of(game, last),
        )
        self._turn = turn
        ui.show_screen("end" if over and not replay else "game")
        self.show_status()
        covered = settle_later and hidden and not over
        parts: dict[str, float] = {"before": window.performance.now() - started}
        if not covered:
            view.draw_board(turn)
        parts["board"] = window.performance.now() - started - parts["before"]

        def panels() -> None:
            if covered:
                view.draw_board(turn)
            begun = window.performance.now()
            self.render_panels(turn)
            if over and not replay:
                self.render_end(obs)
            self.render_undo(human_to_move)
            parts["panels"] = window.performance.now() - begun
            self._sight.keep(turn)
            parts["sight"] = window.performance.now() - begun - parts["panels"]

        if settle_later and not over:
            self._unsettled = panels
        else:
            self._unsettled = None
            panels()
            self.publish()
        took = window.performance.now() - started
        document.body.dataset.renderMs = f"{took:.0f}"
        if took > dom.LONG_MS:
            dom.measure("page-render", started, actions=len(game.actions),
                        **{k: round(v) for k, v in parts.items()})
        screen.rendered()

    def settle(self) -> None:
        """Draw the panels left by ``render(settle_later=True)``."""
        panels, self._unsettled = self._unsettled, None
        if panels is not None:
            panels()

    def show_status(self, thinking: bool | None = None) -> None:
        """The status line: the view's, or, while a summary waits for a person to close it, that
        it waits for them (not a bot thinking)."""
        screen = self._screen
        session = screen.session
        if self._turn is None or session is None:
            return
        if self.summary_waits():
            status = screen.view.status(self._turn.obs, session.seats, False).rstrip(". ")
            dom.by_id("status").textContent = f"{status}. {SUMMARY_WAIT}"
            return
        if thinking is None:
            thinking = screen.bot_thinking()
        status = screen.view.status(self._turn.obs, session.seats, thinking)
        dom.by_id("status").textContent = status

    def summary_waits(self) -> bool:
        """Whether the open summary holds the game for a person (never at its end nor in a
        replay, where no Continue is shown)."""
        session = self._screen.session
        turn = self._turn
        return (
            self._screen.summary_open()
            and session is not None
            and "human" in session.seats
            and turn is not None
            and not turn.replay
            and not turn.game.is_over
        )

    def keep_in_sight(self) -> None:
        """Bring the person's targets into view (the summary over the board closed)."""
        self._sight.keep(self._turn)

    def show_prompt(self) -> None:
        """The line above the choice buttons: the view's for the person to move; else what the
        page waits for (the summary's Continue, the replay, another player)."""
        turn = self._turn
        if turn is None:
            return
        current = turn.game.current_player
        dom.by_id("prompt").textContent = (
            SUMMARY_PROMPT
            if self.summary_waits() and not turn.human
            else self._screen.view.prompt(turn)
            if turn.human
            else "Replay: use the controls below."
            if turn.replay
            else "Waiting for " + (turn.game.names[current] if current is not None else "nobody")
        )

    def show_thinking(self) -> None:
        """Show that the bot to move is thinking (status line and its name)."""
        self.show_status(thinking=True)
        for node in document.querySelectorAll(".player.to-move .name"):
            node.appendChild(dom.el("span", "  thinking…", cls="thinking"))

    def render_undo(self, human_to_move: bool) -> None:
        """The Undo button: enabled when the engine lets the person take an action back, else
        labelled with the engine's reason."""
        session = self._screen.session
        if session is None:
            return
        undo = document.querySelector("[data-ui=undo]")
        steps = session.undo_steps() if human_to_move else 0
        undo.hidden = False
        undo.disabled = steps < 1
        why = "" if steps or not human_to_move else session.undo_refusal()
        undo.title = why or ("Undo your last action" if steps else "Nothing to undo now")
        undo.setAttribute("aria-label", "Undo: " + why if why else undo.title)

    def publish(self) -> None:
        """Expose the game on screen: ``body[data-fingerprint]`` and ``body[data-actions]``.

        A game changes only by appending actions, so the same game object with as many actions
        as last time needs no new fingerprint."""
        game = self.shown_game()
        if game is None or (
            self._published is not None
            and self._published[0] is game
            and self._published[1] == len(game.actions)
        ):
            return
        self._published = (game, len(game.actions))
        document.body.dataset.fingerprint = game.fingerprint()
        document.body.dataset.actions = str(len(game.actions))
        self._screen.published()
        self._focus.keep()

    def render_panels(self, turn: Turn) -> None:
        """The view's panels (each only when its key changed), the log, prompt and choices."""
        session = self._screen.session
        assert session is not None
        view = self._screen.view
        for element_id, panel in view.panels(turn).items():
            self.heading(f"{element_id}-title", panel.title)
            self.panel(element_id, panel.key, panel.build)
        self.render_log(turn.obs)
        self.show_prompt()
        choices = view.choices(turn.legal)

        def buttons() -> list[Any]:
            return [self.action_button(session.game, action) for action in choices]

        self.panel("actions", [str(a) for a in choices] + [len(session.game.actions)], buttons)
        dom.by_id("actions-title").textContent = (
            "Your move" if turn.human else "Replay" if turn.replay else "Waiting"
        )

    def panel(self, element_id: str, key: Any, build: Callable[[], list[Any]]) -> None:
        """Redraw panel ``element_id`` with ``build()`` unless it was drawn from this ``key``."""
        text = repr(key)
        if self._keys.get(element_id) == text:
            return
        self._keys[element_id] = text
        dom.fill(dom.by_id(element_id), build())

    def render_log(self, obs: dict) -> None:
        """Append new log entries; redraw the whole log when it shrank (undo, replay).

        Each entry of an action carries its number (``data-n``) and takes the keyboard focus (the
        arrow keys move it, see ``movedisplay``); the entries of the moves since the viewer's last
        one carry their number on the board (``data-since``)."""
        log = dom.by_id("log")
        entries = obs.get("log", [])
        owner = id(self.shown_game())
        shown = self._log_shown
        if shown is None or shown[0] != owner or shown[1] > len(entries):
            # A redrawn log is not news: screen readers hear only entries added after it.
            log.setAttribute("aria-live", "off")
            dom.later(lambda: log.setAttribute("aria-live", "polite"), 0)
            dom.clear(log)
            self._log_nodes = {}
            shown = (owner, 0)
        if shown[1] < len(entries):
            before = entries[shown[1] - 1] if shown[1] else None
            fragment = document.createDocumentFragment()
            view = self._screen.view
            for entry in entries[shown[1] :]:
                # One entry at a time, so its item is known: the last (headings come first).
                items = view.log_items([entry], before)
                before = entry
                n = entry.get("n")
                if items and isinstance(n, int) and n > 0:
                    items[-1].setAttribute("data-n", str(n))
                    items[-1].setAttribute("tabindex", "-1")
                    number = self._log_numbers.get(n)
                    if number is not None:
                        items[-1].setAttribute("data-since", str(number))
                    self._log_nodes.setdefault(n, []).append(items[-1])
                for node in items:
                    fragment.appendChild(node)
            log.appendChild(fragment)
        self._log_shown = (owner, len(entries))

    def mark_log(self, numbers: dict[int, int]) -> None:
        """Number the log entries of the moves since the viewer's last turn (action count to
        number, as on the board) and unnumber the others."""
        for n in self._log_numbers.keys() - numbers.keys():
            for node in self._log_nodes.get(n, ()):
                node.removeAttribute("data-since")
        for n, number in numbers.items():
            if self._log_numbers.get(n) != number:
                for node in self._log_nodes.get(n, ()):
                    node.setAttribute("data-since", str(number))
        self._log_numbers = dict(numbers)

    def action_button(self, game: Any, action: Any) -> Any:
        """A choice button for a legal ``action`` of ``game``, labelled by the engine."""
        preview = game.preview(action)
        label = preview["text"]
        cost = self._screen.view.cost_text(preview)
        return dom.el(
            "button",
            label,
            attrs={
                "type": "button",
                "data-action": str(action),
                "data-legal": "1",
                "aria-label": label + (f" ({cost})" if cost else ""),
                "title": cost or None,
            },
        )

    def heading(self, element_id: str, text: str | None) -> None:
        """Set a heading the view may name (``None``: the page's own text, kept in
        ``data-default``)."""
        node = dom.by_id(element_id)
        if node is None:
            return
        default = dom.attr(node, "data-default")
        if default is None:
            default = str(node.textContent)
            node.setAttribute("data-default", default)
        wanted = text or default
        if str(node.textContent) != wanted:
            node.textContent = wanted

    def render_end(self, obs: dict) -> None:
        parts = self._screen.view.end_screen(obs)
        for element_id in ("end-title", "breakdown-title", "chart-title"):
            title = parts.pop(element_id, None)
            self.heading(element_id, title if isinstance(title, str) else None)
        for element_id, content in parts.items():
            if isinstance(content, str):
                dom.by_id(element_id).textContent = content
            else:
                dom.fill(dom.by_id(element_id), content)

    # -- the preview line -------------------------------------------------------------------------

    def show_reason(self, reason: str) -> None:
        """Say why a click was refused, in the preview line at the board's foot (a status that
        screen readers hear; no message box, which covered the hand on a phone)."""
        preview = dom.by_id("preview")
        preview.textContent = "Not allowed: " + reason
        preview.hidden = False
        preview.dataset.kind = "illegal"

    def show_preview(self, lines: list[str]) -> None:
        """Show what hovered actions would do (no lines: hide it, unless it shows a reason)."""
        box = dom.by_id("preview")
        if not lines:
            if dom.attr(box, "data-kind") != "illegal":
                self.hide_preview()
            return
        box.dataset.kind = "preview"
        box.textContent = "; ".join(lines)
        box.hidden = False

    def hide_preview(self) -> None:
        preview = dom.by_id("preview")
        preview.hidden = True
        preview.textContent = ""
