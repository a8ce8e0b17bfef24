"""Play by link: a game between people on their own devices, each turn sent as a link or file.

A game played by link is a saved game whose entry names the seats this device plays
(``Entry.device``, never in the save). When the next seat to act is a person on another device,
the page offers the turn link (``a#send-link``, ``turnlink.py``). A received link (or turn file)
updates the same saved game, is refused with a message when it is damaged or older, or is kept
as a second game when it went another way; a device that never saw the game asks who it plays.
Everything here goes through the shell and the engine protocol, for every game on the shelf.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import dom
import turnlink
import ui
import views
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window
from session import DEFAULT_BOT_TIME, Session
from store import Entry, Store, StoreError
from turnlink import TurnLink, TurnLinkError

from inca_core import links, save
from inca_core import replay as positions
from inca_core.shelf import INFOS

if TYPE_CHECKING:
    from page import Shown
    from replay import Replay
    from savedlist import SavedList

#: Pace of the play-back of what others did: per action, and at most for all of it (ms).
PLAYBACK_STEP_MS = 500
PLAYBACK_MAX_MS = 4000


class Remote:
    """Play by link."""

    def __init__(
        self,
        shown: Shown,
        store: Store,
        replay: Replay,
        saved: SavedList,
        opened: Callable[[Session], None],
    ) -> None:
        self._shown = shown
        self._store = store
        self._replay = replay
        self._saved = saved
        #: Puts a received game on screen and saves it (``App.after_action``).
        self._opened = opened
        #: The turn link on offer: ``(game, number of actions, link, seat it goes to)``.
        self._sent: tuple[Any, int, str, int | None] | None = None
        #: A received game waiting for "Which player are you?": ``(game, view, seats, entry id,
        #: bot time, play back from)``; the entry id and play-back start are ``None`` for a new
        #: game.
        self._claim: (
            tuple[Any, views.GameView, tuple[str, ...], str | None, float, int | None] | None
        ) = None

    def bind(self) -> None:
        form = dom.by_id("new-game")
        dom.on(form, "change", lambda _e: self.refresh_remote_seats())
        dom.on(form, "input", lambda _e: self.refresh_remote_seats())
        dom.on(dom.by_id("send-turn"), "click", self.on_send_click)
        dom.on(dom.by_id("claim-buttons"), "click", self.on_claim_click)
        dom.on(dom.by_id("claim"), "close", self.on_claim_closed)

    # -- starting ---------------------------------------------------------------------------

    def refresh_remote_seats(self) -> None:
        """The start form's 'This device plays' boxes, one per person seat, when the game is to
        be played on several devices (rebuilt only when the people or their names change)."""
        remote = bool(dom.by_id("remote-play").checked)
        dom.by_id("remote-seats").hidden = not remote
        if not remote:
            return
        rows = dom.by_id("seat-rows")
        names = [str(n.value).strip() for n in rows.querySelectorAll("input[type=text]")]
        kinds = [str(s.value) for s in rows.querySelectorAll("select")]
        people = [
            (seat, names[seat] if seat < len(names) and names[seat] else f"Player {seat + 1}")
            for seat, kind in enumerate(kinds)
            if kind == "human"
        ]
        target = dom.by_id("remote-seat-rows")
        if dom.attr(target, "data-people") == repr(people):
            return
        boxes = list(target.querySelectorAll("input[name=me]"))
        checked = {str(b.value) for b in boxes if b.checked}
        if not boxes and people:
            checked = {str(people[0][0])}
        labels = []
        for seat, name in people:
            box_id = f"remote-me-{seat}"
            check = dom.el(
                "input", attrs={"type": "checkbox", "name": "me", "value": seat, "id": box_id}
            )
            check.checked = str(seat) in checked
            labels.append(
                dom.el("label", attrs={"for": box_id}, children=[check, dom.el("span", f" {name}")])
            )
        if not labels:
            labels.append(dom.el("p", "Make at least one seat a person.", cls="note"))
        target.setAttribute("data-people", repr(people))
        dom.fill(target, labels)

    def device_from_form(self, seats: tuple[str, ...]) -> tuple[int, ...] | None:
        """The seats this device plays, from the start form (``None``: not played by link);
        ``ValueError`` when none is chosen."""
        if not dom.by_id("remote-play").checked:
            return None
        mine = tuple(
            int(b.value)
            for b in dom.by_id("remote-seat-rows").querySelectorAll("input[name=me]:checked")
            if int(b.value) < len(seats) and seats[int(b.value)] == "human"
        )
        if not mine:
            raise ValueError("Choose which player or players this device plays.")
        return mine

    # -- sending ----------------------------------------------------------------------------

    def offer_send(self) -> None:
        """Offer the turn link when the game waits for a person on another device (or is over,
        in a game played by link); called after each render."""
        box = dom.by_id("send-turn")
        session = self._shown.session
        to = None
        waiting = False
        if session is not None and session.device is not None and not self._replay.active():
            seat = session.game.current_player
            if session.game.is_over:
                waiting = True
            elif seat is not None and session.seats[seat] == "human":
                waiting = not session.person_here(seat)
                to = seat
        if not waiting or session is None:
            box.hidden = True
            return
        game = session.game
        sent = self._sent
        if sent is not None and sent[0] is game and sent[1] == len(game.actions):
            self.show_send_box(session, sent[2], to)
            return
        # The link replays the whole game: made in a task of its own, after the board is drawn.
        box.hidden = True
        count = len(game.actions)
        dom.later(lambda: self.make_send_link(session, game, count, to), 0)

    def make_send_link(self, session: Session, game: Any, count: int, to: int | None) -> None:
        if (
            session is not self._shown.session
            or game is not session.game
            or count != len(game.actions)
        ):
            return
        turn = TurnLink(links.encode(game), to, session.seats, session.bot_time)
        link = turnlink.url(str(window.location.origin) + str(window.location.pathname), turn)
        self._sent = (game, count, link, to)
        if not self._replay.active():
            self.show_send_box(session, link, to)

    def show_send_box(self, session: Session, link: str, to: int | None) -> None:
        box = dom.by_id("send-turn")
        anchor = dom.by_id("send-link")
        anchor.setAttribute("href", link)
        if to is None:
            dom.by_id("send-title").textContent = "The game is over"
            anchor.textContent = "Send the result"
            dom.by_id(
                "send-note"
            ).textContent = "Send the final position to the other players, so they see the end too."
            end_actions = document.querySelector("#screen-end .end-actions")
            if not _same(box.nextElementSibling, end_actions):
                end_actions.before(box)
        else:
            name = session.names()[to]
            dom.by_id("send-title").textContent = f"{name} plays next, on their own device"
            anchor.textContent = f"Send to {name}"
            dom.by_id("send-note").textContent = (
                f"Send {name} this link (or the file): the game goes on when they open it. "
                "You can send it again at any time."
            )
            actions = dom.by_id("actions")
            if not _same(box.previousElementSibling, actions):
                actions.after(box)
        box.hidden = False

    def on_send_click(self, event: Any) -> None:
        node = dom.closest(event, "#send-link,[data-remote]")
        sent = self._sent
        session = self._shown.session
        if node is None or sent is None or session is None or sent[0] is not session.game:
            return
        event.preventDefault()
        _game, count, link, to = sent
        name = session.names()[to] if to is not None else None
        kind = dom.attr(node, "data-remote") or "send"
        if kind == "file":
            who = "".join(ch for ch in (name or "everyone") if ch.isalnum())[:16] or "player"
            ui.download(
                f"{session.game_id}-turn-{count}-for-{who}.json",
                turnlink.file_text(link, session.game_id, name),
            )
        elif kind == "copy" or not self.share_link(link, name):
            self.copy_link(link, name)

    def share_link(self, link: str, name: str | None) -> bool:
        """Open the system share sheet (Web Share API) with the link; ``False`` without one."""
        navigator = window.navigator
        if dom.is_null(getattr(navigator, "share", None)):
            return False
        session = self._shown.session
        if session is None:
            return False
        title = INFOS[session.game_id].title
        text = f"Your turn, {name}" if name else "The game is over"
        data = to_js(
            {"title": title, "text": f"{title}: {text}", "url": link},
            dict_converter=window.Object.fromEntries,
        )
        try:
            promise = navigator.share(data)
        except Exception:
            return False

        def failed(error: Any) -> None:
            if str(getattr(error, "name", "")) != "AbortError":
                self.copy_link(link, name)

        promise.then(create_proxy(lambda *_a: None), create_proxy(dom.guarded(failed)))
        return True

    def copy_link(self, link: str, name: str | None) -> None:
        field = dom.el(
            "input",
            attrs={
                "type": "text",
                "readonly": "readonly",
                "aria-label": "Turn link",
                "class": "share-link",
            },
        )
        field.value = link
        who = name or "the other players"

        def done(ok: bool) -> None:
            if ok:
                ui.notify(f"Link copied: paste it into a message to {who}.")
            else:
                ui.notify(f"Copy this link and send it to {who}:", extra=field, sticky=True)

        ui.copy_text(link, done)

    # -- receiving --------------------------------------------------------------------------

    def receive_turn_link(self, fragment: str) -> bool:
        """Take a turn link in the URL fragment; ``False`` when the fragment holds none."""
        try:
            turn = turnlink.parse(fragment)
        except TurnLinkError as error:
            ui.clear_hash()
            self.refuse_turn("link", str(error))
            return True
        if turn is None:
            return False
        ui.clear_hash()
        self.receive(turn, "link")
        return True

    def receive_turn_file(self, text: str, source: str) -> bool:
        """Take a turn file; ``False`` when ``text`` is no turn file (a save, say)."""
        try:
            turn = turnlink.parse_file(text)
        except TurnLinkError as error:
            self.refuse_turn(source, str(error))
            return True
        if turn is None:
            return False
        self.receive(turn, source)
        return True

    def refuse_turn(self, source: str, reason: str) -> None:
        ui.notify(
            f"This {source} was not used: {reason}. Your saved games are unchanged.", error=True
        )

    def receive(self, turn: TurnLink, source: str) -> None:
        """Bring a received game to the device: update its saved game, keep a diverging one as a
        second game, or ask who this device plays; refuse it with a message when it is damaged."""
        try:
            received = links.decode(turn.code)
            view = views.load(received.game_id)
        except views.SAVE_ERRORS as error:
            self.refuse_turn(source, str(error))
            return
        except KeyError:
            self.refuse_turn(source, "this site has no page for that game yet")
            return
        seats = turn.seats if turn.seats is not None else ("human",) * received.players
        if len(seats) != received.players:
            self.refuse_turn(source, "this link is damaged (its seats do not fit the game)")
            return
        match = self.find_local_game(received)
        if match is None:
            bot_time = DEFAULT_BOT_TIME if turn.bot_time is None else turn.bot_time
            self.ask_seat(received, view, seats, turn.to, None, bot_time, None)
            return
        (entry, local), outcome = match
        if outcome in ("same", "older"):
            current = self._shown.session
            if current is None or current.entry_id != entry.id:
                self._saved.open_entry(entry)
            # Said once that game is on screen: a passing message goes with the screen it is on.
            ui.notify(
                "You already have this turn: your saved game is as far or further. "
                "Nothing was changed."
            )
            return
        since = len(local.actions)
        if outcome == "diverged":
            since = turnlink.common_prefix(local.actions, received.actions)
            self.open_received(
                Session(received, entry.seats, None, entry.bot_time, view, entry.device), since
            )
            ui.notify(
                f"Two players answered the same turn: this {source} and your saved game went "
                f"different ways after action {since}. Both games are kept in your saved games; "
                f"the one from this {source} is open.",
                buttons=(("Open my other game", lambda: self._saved.open_by_id(entry.id)),),
            )
            return
        if entry.device is None:
            self.ask_seat(received, view, entry.seats, turn.to, entry.id, entry.bot_time, since)
            return
        self.open_received(
            Session(received, entry.seats, entry.id, entry.bot_time, view, entry.device), since
        )

    def find_local_game(self, received: Any) -> tuple[tuple[Entry, Any], str] | None:
        """The saved game a received one belongs to, with ``links.compare``'s outcome."""
        try:
            entries = self._store.entries()
        except StoreError:
            return None
        candidates = []
        for entry in entries:
            if (
                not isinstance(entry, Entry)
                or entry.game != received.game_id
                or not turnlink.same_setup(entry.save, received.seed, received.names)
            ):
                continue
            try:
                local = save.loads(entry.save)
            except views.SAVE_ERRORS:
                continue
            candidates.append(((entry, local), links.compare(local, received)))
        # Games played by link first: among equals, the game this device plays by link wins.
        candidates.sort(key=lambda c: c[0][0].device is None)
        return turnlink.best_match(candidates)

    def open_received(self, session: Session, since: int) -> None:
        """Open a received game, save it, and play back what happened from action ``since``."""
        self._opened(session)
        self.play_back(since)

    # -- "Which player are you?" ------------------------------------------------------------

    def ask_seat(
        self,
        received: Any,
        view: views.GameView,
        seats: tuple[str, ...],
        to: int | None,
        entry_id: str | None,
        bot_time: float,
        since: int | None,
    ) -> None:
        """Ask once which player this device plays in a received game; nothing is saved until
        the answer."""
        people = [s for s, kind in enumerate(seats) if kind == "human"]
        if to not in people:
            to = None
        self._claim = (received, view, tuple(seats), entry_id, bot_time, since)
        names = received.names
        title = INFOS[received.game_id].title
        dom.by_id("claim-text").textContent = (
            f"You were sent a game of {title} between {', '.join(names)}. "
            + (f"It is addressed to {names[to]}. " if to is not None else "")
            + "This device remembers your answer for this game."
        )
        buttons = []
        for seat in ([to] if to is not None else []) + [s for s in people if s != to]:
            attrs: dict[str, str | int | None] = {"type": "button", "data-claim": seat}
            if seat == to:
                attrs["id"] = "claim-seat"
            buttons.append(
                dom.el(
                    "button",
                    f"I am {names[seat]}",
                    attrs=attrs,
                    cls="primary" if seat == to else None,
                )
            )
        buttons.append(dom.el("button", "Not now", attrs={"type": "button", "data-claim": "no"}))
        dom.fill(dom.by_id("claim-buttons"), buttons)
        dialog = dom.by_id("claim")
        if not dialog.open:
            dialog.showModal()
        buttons[0].focus()

    def on_claim_click(self, event: Any) -> None:
        node = dom.closest(event, "[data-claim]")
        pending = self._claim
        if node is None or pending is None:
            return
        answer = str(dom.attr(node, "data-claim"))
        dom.by_id("claim").close()
        if answer == "no":
            ui.notify("Nothing was saved. Open the link again when you want to play.")
            return
        received, view, seats, entry_id, bot_time, since = pending
        seat = int(answer)
        if since is None:
            since = turnlink.playback_from(positions.movers(received), (seat,))
        self.open_received(Session(received, seats, entry_id, bot_time, view, (seat,)), since)

    def on_claim_closed(self, _event: Any) -> None:
        """Forget the question once its dialog is closed; a close event that arrives after
        another link has opened the dialog again belongs to the old question and is ignored."""
        if not dom.by_id("claim").open:
            self._claim = None

    # -- play-back --------------------------------------------------------------------------

    def play_back(self, since: int) -> None:
        """Show what happened from action ``since`` to now, one action at a time, with the
        shell's replay; ``body[data-playback]`` is set while it runs. (The one place to switch
        to a richer move display.)"""
        replay = self._replay
        session = self._shown.session
        if session is None:
            return
        total = len(session.game.actions)
        if since >= total:
            return
        replay.start()
        replay.show(since)
        watching = replay.token()
        body = document.body
        body.dataset.playback = "1"
        step_ms = min(PLAYBACK_STEP_MS, PLAYBACK_MAX_MS / (total - since))
        ui.notify(
            f"Playing back the {total - since} actions since you last saw this game. "
            "Close the replay to skip."
        )

        def step() -> None:
            if replay.token() is not watching or session is not self._shown.session:
                body.removeAttribute("data-playback")
                return
            pos, _total = replay.position()
            if pos >= total:
                body.removeAttribute("data-playback")
                replay.stop()
                return
            replay.show(pos + 1)
            dom.later(step, step_ms)

        dom.later(step, step_ms)


def _same(node: Any, other: Any) -> bool:
    """Whether two DOM references name the same node (``None``-safe)."""
    return not dom.is_null(node) and bool(node.isSameNode(other))
