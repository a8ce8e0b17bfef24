"""The page's controller: screens, clicks to engine actions, saves, bots, undo, replay.

Contract for outside tests (see ``docs/PAGE.md``): ``body[data-ready="1"]`` once interactive,
``body[data-screen]`` is ``start``, ``game`` or ``end``; ``#status`` names the player to move and
the phase; board elements carry ``data-region`` / ``data-site`` / ``data-connection``, cards
``data-card``, quadrants ``data-quadrant``, choice buttons ``data-action``; legal targets carry
``data-legal="1"``. ``?new=1&players=4&seats=human,easy,medium,hard&seed=7`` (plus
``&variants=...&bot_time=0.05``) starts a game directly.
"""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import parse_qs

import boardpieces
import dom
import gameview
import sharelink
import texts
import ui
from boardview import BoardView
from pyscript import document, window
from session import SEAT_TYPES, Session
from store import Entry, Store, StoreError, Unreadable

import inca_core
from inca_core.empire import components as C
from inca_core.empire.svg import render_board_svg

#: Which action kinds a click on each kind of board element may mean (first: the usual one).
TARGET_KINDS = {
    "data-connection": ("road", "xroad"),
    "data-site": ("city", "garrison", "temple", "upgrade"),
    "data-region": ("conquer", "terrace"),
}
BOARD_TARGETS = "[data-connection],[data-site],[data-region]"
MAX_NAME = 40
#: Longest piece of bot work between two chances for the browser to paint and take input (s).
BOT_SLICE = 0.02
#: Shortest time a bot is shown thinking, unless its budget (``bot_time``) is shorter (s).
MIN_THINKING = 0.4


class App:
    """The whole page. One instance, created by ``main.py``."""

    def __init__(self) -> None:
        self.params = parse_qs(str(window.location.search).lstrip("?"))
        self.embed = self.params.get("embed", ["0"])[0] == "1"
        self.store = Store(lambda: window.localStorage)
        self.session: Session | None = None
        self.board_players: int | None = 4  # the prerendered board is the 4-player side
        self.view = BoardView(dom.by_id("board"))
        self.selected_card: str | None = None
        self.last_human: int | None = None
        self.hidden_for_pass = False
        self.thinking = False
        self.bot_pending = False
        self.save_warned = False
        self.replay: dict[str, Any] | None = None
        self.legal_by_target: dict[str, list[Any]] = {}
        self.obs: dict | None = None
        self.log_shown: tuple[int, int] | None = None
        self.panel_keys: dict[str, str] = {}
        self.pieces = boardpieces.Pieces()
        #: The panels of the last render, when they wait for :meth:`settle`.
        self.unsettled: Any = None
        #: The game last exposed by :meth:`publish`, and its number of actions then.
        self.published: tuple[Any, int] | None = None

    # -- start-up -----------------------------------------------------------------------------

    def start(self) -> None:
        if self.embed:
            document.documentElement.classList.add("embed")
            document.body.classList.add("embed")
        self.build_start_form()
        self.build_rules()
        self.bind()
        self.view.attach()
        opened = False
        if self.params.get("new", ["0"])[0] == "1":
            opened = self.start_from_url()
        if not opened:
            opened = self.resume_open_game()
        if not opened:
            self.show_start()
        self.offer_shared_game()
        dom.by_id("loading").hidden = True
        document.body.dataset.ready = "1"

    def bind(self) -> None:
        body = document.body
        dom.on(body, "click", self.on_click)
        dom.on(body, "keydown", self.on_keydown)
        dom.on(dom.by_id("board"), "mouseover", self.on_hover)
        dom.on(dom.by_id("board"), "focusin", self.on_hover)
        dom.on(dom.by_id("actions"), "mouseover", self.on_hover)
        dom.on(dom.by_id("actions"), "focusin", self.on_hover)
        dom.on(dom.by_id("sun"), "mouseover", self.on_hover)
        dom.on(dom.by_id("sun"), "focusin", self.on_hover)
        dom.on(dom.by_id("board"), "mouseleave", lambda _e: self.hide_preview())
        dom.on(dom.by_id("new-game"), "submit", self.on_new_game)
        dom.on(dom.by_id("new-game"), "change", self.on_form_change)
        dom.on(dom.by_id("import-file"), "change", self.on_file_chosen)
        zone = dom.by_id("drop-zone")
        dom.on(zone, "dragover", self.on_drag_over)
        dom.on(zone, "dragleave", lambda _e: zone.classList.remove("over"))
        dom.on(zone, "drop", self.on_drop)
        dom.on(window, "hashchange", lambda _e: self.offer_shared_game())

    # -- start screen -------------------------------------------------------------------------

    def build_start_form(self) -> None:
        self.render_seat_rows(4)
        rows = dom.by_id("variant-rows")
        for vid, (name, desc) in texts.VARIANTS.items():
            box = dom.el(
                "input",
                attrs={"type": "checkbox", "name": "variant", "value": vid, "id": f"variant-{vid}"},
            )
            rows.appendChild(
                dom.el(
                    "label",
                    cls="variant",
                    attrs={"for": f"variant-{vid}"},
                    children=[box, dom.el("span", f" {name}"), dom.el("small", desc)],
                )
            )

    def render_seat_rows(self, players: int) -> None:
        rows = dom.by_id("seat-rows")
        old = [
            (n.value, s.value)
            for n, s in zip(
                rows.querySelectorAll("input[type=text]"),
                rows.querySelectorAll("select"),
                strict=False,
            )
        ]
        dom.clear(rows)
        for seat in range(players):
            name, kind = (
                old[seat]
                if seat < len(old)
                else (f"Player {seat + 1}", "human" if seat == 0 else "medium")
            )
            name_input = dom.el(
                "input",
                attrs={
                    "type": "text",
                    "name": f"name-{seat}",
                    "maxlength": MAX_NAME,
                    "aria-label": f"Name of seat {seat + 1}",
                    "autocomplete": "off",
                },
            )
            name_input.value = name
            select = dom.el(
                "select", attrs={"name": f"seat-{seat}", "aria-label": f"Who plays seat {seat + 1}"}
            )
            for value in SEAT_TYPES:
                label = "Person" if value == "human" else f"Bot: {value}"
                select.appendChild(dom.el("option", label, attrs={"value": value}))
            select.value = kind
            desc = dom.el(
                "p", texts.SEAT_TYPES[kind], cls="seat-desc", attrs={"id": f"seat-desc-{seat}"}
            )
            rows.appendChild(
                dom.el("li", children=[dom.el("span", f"{seat + 1}."), name_input, select, desc])
            )

    def on_form_change(self, event: Any) -> None:
        target = event.target
        if target.name == "players":
            self.render_seat_rows(int(target.value))
        elif str(target.name).startswith("seat-"):
            seat = str(target.name).split("-")[1]
            dom.by_id(f"seat-desc-{seat}").textContent = texts.SEAT_TYPES.get(target.value, "")

    def on_new_game(self, event: Any) -> None:
        event.preventDefault()
        form = dom.by_id("new-game")
        players = int(dom.query(form, "input[name=players]:checked").value)
        names = tuple(
            _clean_name(n.value, i) for i, n in enumerate(form.querySelectorAll("input[type=text]"))
        )
        seats = tuple(str(s.value) for s in form.querySelectorAll("select"))
        variants = frozenset(
            str(v.value) for v in form.querySelectorAll("input[name=variant]:checked")
        )
        self.new_game(players, None, variants, names[:players], seats[:players], 1.0)

    def start_from_url(self) -> bool:
        """Start the game described by the URL (``?new=1&players=..``); report bad parameters."""
        p = self.params
        try:
            players = int(p.get("players", ["4"])[0])
            if players not in (3, 4):
                raise ValueError("players must be 3 or 4")
            seats = tuple(s.strip() for s in p.get("seats", [""])[0].split(",") if s.strip())
            seats = seats or ("human",) * players
            if len(seats) != players or any(s not in SEAT_TYPES for s in seats):
                raise ValueError(f"seats must list {players} of: {', '.join(SEAT_TYPES)}")
            seed = int(p["seed"][0]) if "seed" in p else None
            variants = frozenset(v for v in p.get("variants", [""])[0].split(",") if v)
            unknown = variants - set(C.VARIANTS)
            if unknown:
                raise ValueError("unknown variant " + ", ".join(sorted(unknown)))
            bot_time = float(p.get("bot_time", ["1"])[0])
            if not 0 <= bot_time <= 60:
                raise ValueError("bot_time must be between 0 and 60 seconds")
            raw_names = [n for n in p.get("names", [""])[0].split(",") if n]
            names = tuple(
                _clean_name(raw_names[i] if i < len(raw_names) else "", i) for i in range(players)
            )
        except (ValueError, KeyError) as error:
            ui.notify(f"This link cannot start a game: {error}.", error=True)
            return False
        path = str(window.location.pathname) + ("?embed=1" if self.embed else "")
        window.history.replaceState(None, "", path)
        return self.new_game(players, seed, variants, names, seats, bot_time)

    def new_game(
        self,
        players: int,
        seed: int | None,
        variants: frozenset[str],
        names: tuple[str, ...],
        seats: tuple[str, ...],
        bot_time: float,
    ) -> bool:
        try:
            session = Session.new(players, seed, variants, names, seats, bot_time)
        except ValueError as error:
            ui.notify(f"The game could not start: {error}", error=True)
            return False
        self.open_session(session)
        self.autosave()
        return True

    def resume_open_game(self) -> bool:
        entry_id = self.store.open_id()
        if not entry_id:
            return False
        try:
            entry = self.store.get(entry_id)
        except StoreError:
            return False
        if isinstance(entry, Unreadable):
            return False
        return self.open_entry(entry)

    def show_start(self) -> None:
        self.stop_replay()
        self.session = None
        self.store.set_open(None)
        document.body.dataset.screen = "start"
        dom.by_id("status").textContent = "Start a new game or continue a saved one."
        self.render_saved_list()

    def render_saved_list(self) -> None:
        target = dom.by_id("saved-list")
        try:
            entries = self.store.entries()
        except StoreError as error:
            dom.fill(target, [dom.el("li", str(error), cls="unreadable")])
            return
        items = []
        for entry in entries:
            if isinstance(entry, Unreadable):
                items.append(
                    dom.el(
                        "li",
                        cls="unreadable",
                        attrs={"data-key": entry.key},
                        children=[
                            dom.el("div", "Unreadable saved game", cls="name"),
                            dom.el(
                                "div",
                                f"{entry.reason} ({entry.size} characters, kept as it is.)",
                                cls="meta",
                            ),
                            dom.el(
                                "div",
                                cls="row-actions",
                                children=[
                                    dom.el(
                                        "button",
                                        "Export as it is",
                                        attrs={
                                            "type": "button",
                                            "data-ui": "export-raw",
                                            "data-key": entry.key,
                                            "aria-label": "Export this unreadable entry as it is",
                                        },
                                    ),
                                    dom.el(
                                        "button",
                                        "Delete",
                                        attrs={
                                            "type": "button",
                                            "data-ui": "delete",
                                            "data-key": entry.key,
                                            "aria-label": "Delete this unreadable entry",
                                        },
                                    ),
                                ],
                            ),
                        ],
                    )
                )
                continue
            who = ", ".join(
                f"{n} ({'person' if s == 'human' else s + ' bot'})"
                for n, s in zip(entry.names, entry.seats, strict=False)
            )
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.updated))
            state = "finished" if entry.finished else f"round {entry.round}"
            title = " vs ".join(entry.names)
            items.append(
                dom.el(
                    "li",
                    attrs={"data-entry": entry.id},
                    children=[
                        dom.el("div", title, cls="name"),
                        dom.el("div", f"{len(entry.names)} players: {who}", cls="meta"),
                        dom.el("div", f"{state}, last played {when}", cls="meta"),
                        dom.el(
                            "div",
                            cls="row-actions",
                            children=[
                                dom.el(
                                    "button",
                                    "Continue" if not entry.finished else "Open",
                                    attrs={
                                        "type": "button",
                                        "data-ui": "open",
                                        "data-entry": entry.id,
                                        "aria-label": f"Open the game {title}",
                                    },
                                ),
                                dom.el(
                                    "button",
                                    "Delete",
                                    attrs={
                                        "type": "button",
                                        "data-ui": "delete",
                                        "data-key": entry.key,
                                        "aria-label": f"Delete the game {title}",
                                    },
                                ),
                            ],
                        ),
                    ],
                )
            )
        if not items:
            items.append(dom.el("li", "No saved games yet.", cls="note"))
        dom.fill(target, items)

    # -- opening, importing, exporting --------------------------------------------------------

    def open_entry(self, entry: Entry) -> bool:
        try:
            session = Session.from_save(entry.save, entry.seats, entry.id, entry.bot_time)
        except inca_core.SaveError as error:
            ui.notify(
                f"This saved game cannot be opened: {error}. It is kept in the list.", error=True
            )
            return False
        self.open_session(session)
        return True

    def import_text(self, text: str, source: str) -> None:
        """Add the game in ``text`` as a new saved entry (never replacing one)."""
        try:
            session = Session.from_save(text)
        except inca_core.SaveError as error:
            ui.notify(f"The {source} was not imported: {error}. Nothing was changed.", error=True)
            return
        session.entry_id = self.store.new_id()
        entry = self.entry_for(session)
        try:
            self.store.put(entry)
        except StoreError as error:
            ui.notify(f"{error} The imported game is open in this tab.", error=True)
            self.open_session(session)
            return
        names = ", ".join(session.names())
        ui.notify(
            f"Imported the game of {names}.",
            buttons=(("Open it", lambda: self.open_by_id(entry.id)),),
        )
        if document.body.dataset.screen == "start":
            self.render_saved_list()

    def open_by_id(self, entry_id: str) -> None:
        try:
            entry = self.store.get(entry_id)
        except StoreError as error:
            ui.notify(str(error), error=True)
            return
        if isinstance(entry, Unreadable):
            ui.notify(f"This saved game cannot be read: {entry.reason}", error=True)
            return
        self.open_entry(entry)

    def offer_shared_game(self) -> None:
        fragment = str(window.location.hash)
        try:
            text = sharelink.decode(fragment)
        except sharelink.ShareError as error:
            ui.notify(str(error), error=True)
            self.clear_hash()
            return
        if text is None:
            return
        self.clear_hash()
        ui.notify(
            "This link carries a shared game. Import it as a new saved game?",
            buttons=(("Import", lambda: self.import_text(text, "shared game")),),
        )

    def clear_hash(self) -> None:
        window.history.replaceState(
            None, "", str(window.location.pathname) + str(window.location.search)
        )

    def on_file_chosen(self, event: Any) -> None:
        files = event.target.files
        if not dom.is_null(files) and files.length:
            self.read_import(files.item(0))
        event.target.value = ""

    def on_drag_over(self, event: Any) -> None:
        event.preventDefault()
        dom.by_id("drop-zone").classList.add("over")

    def on_drop(self, event: Any) -> None:
        event.preventDefault()
        dom.by_id("drop-zone").classList.remove("over")
        transfer = event.dataTransfer
        files = None if dom.is_null(transfer) else transfer.files
        if dom.is_null(files) or not files.length:
            ui.notify("Drop a save file (.json) to import it.", error=True)
            return
        self.read_import(files.item(0))

    def read_import(self, file: Any) -> None:
        ui.read_file(
            file,
            lambda text: self.import_text(text, "file"),
            lambda message: ui.notify(message, error=True),
        )

    def export(self) -> None:
        if self.session is None:
            return
        names = "-".join(
            "".join(ch for ch in n if ch.isalnum())[:12] or "player" for n in self.session.names()
        )
        ui.download(f"inca-empire-{names}.json", self.session.save_text())

    def share(self) -> None:
        if self.session is None:
            return
        link = (
            str(window.location.origin)
            + str(window.location.pathname)
            + "#"
            + sharelink.encode(self.session.save_text())
        )
        field = dom.el(
            "input",
            attrs={
                "type": "text",
                "readonly": "readonly",
                "aria-label": "Share link",
                "class": "share-link",
            },
        )
        field.value = link

        def done(ok: bool) -> None:
            note = "Link copied." if ok else "Copy the link below:"
            ui.notify(note, extra=field, sticky=True)

        ui.copy_text(link, done)

    # -- saving -------------------------------------------------------------------------------

    def entry_for(self, session: Session) -> Entry:
        game = session.game
        return Entry(
            id=session.entry_id or self.store.new_id(),
            save=session.save_text(),
            names=session.names(),
            seats=session.seats,
            round=game.round,
            updated=time.time(),
            finished=game.is_over,
            bot_time=session.bot_time,
        )

    def autosave(self) -> None:
        """Save the current game; on failure say so once and go on in memory."""
        session = self.session
        if session is None:
            return
        if session.entry_id is None:
            session.entry_id = self.store.new_id()
        state = dom.by_id("save-state")
        try:
            self.store.put(self.entry_for(session))
            self.store.set_open(session.entry_id)
        except StoreError as error:
            state.textContent = "Not saved: " + str(error)
            state.classList.add("warn")
            if not self.save_warned:
                self.save_warned = True
                ui.notify(str(error), error=True)
            return
        self.save_warned = False
        state.classList.remove("warn")
        state.textContent = f"Saved after {len(session.game.actions)} actions."

    # -- the game screen ----------------------------------------------------------------------

    def open_session(self, session: Session) -> None:
        self.stop_replay()
        self.session = session
        self.panel_keys.clear()
        self.selected_card = None
        self.last_human = None
        self.save_warned = False
        if session.entry_id:
            self.store.set_open(session.entry_id)
        self.ensure_board(session.players)
        self.render()
        cuzco = inca_core.board_for(session.players).sites.get("cuzco")
        board = inca_core.board_for(session.players)
        self.view.fit_width(cuzco.pos if cuzco else (board.width / 2, board.height / 2))

    def ensure_board(self, players: int) -> None:
        svg = dom.query(dom.by_id("board"), "svg")
        if self.board_players == players and svg is not None:
            if self.pieces.svg is None:
                self.pieces.attach(svg)  # the prerendered board
            return
        dom.by_id("board").innerHTML = render_board_svg(inca_core.board_for(players))
        self.pieces.attach(dom.query(dom.by_id("board"), "svg"))
        self.board_players = players
        self.view.attach()

    def viewer(self) -> int | None:
        """The seat whose view is drawn: the human to move, else the last human who moved."""
        session = self.session
        if session is None:
            return None
        seat = session.game.current_player
        if seat is not None and session.seats[seat] == "human":
            return seat
        if self.last_human is not None:
            return self.last_human
        humans = [s for s, kind in enumerate(session.seats) if kind == "human"]
        return humans[0] if humans else None

    def render(self, settle_later: bool = False) -> None:
        """Draw everything from the engine's observation and schedule a bot if one is to move.

        With ``settle_later`` only the board, the status line and the hand-over screen are drawn
        now; the panels and ``body[data-fingerprint]``/``body[data-actions]`` wait for
        :meth:`settle` (unless the game is over: the end screen comes at once)."""
        session = self.session
        if session is None:
            return
        started = window.performance.now()
        game = session.game
        if self.replay is not None:
            game = self.replay["game"]
        viewer = self.viewer()
        obs = game.observation(viewer)
        self.obs = obs
        current = obs["current_player"]
        human_to_move = (
            self.replay is None and current is not None and session.seats[current] == "human"
        )
        self.check_pass_screen(current, human_to_move)
        legal = tuple(game.legal_actions()) if human_to_move and not self.hidden_for_pass else ()
        self.index_legal(legal)
        document.body.dataset.screen = "end" if obs["over"] and self.replay is None else "game"
        dom.by_id("status").textContent = gameview.status_text(obs, session.seats, self.thinking)
        legal_cards = {a.target for a in legal if a.kind == "sun"}
        if self.selected_card not in legal_cards:
            self.selected_card = None
        if self.selected_card is None and len(legal_cards) == 1:
            self.selected_card = next(iter(legal_cards))
        quadrants = {a.extra for a in legal if a.kind == "sun" and a.target == self.selected_card}
        self.render_board(obs, legal, quadrants)

        def panels() -> None:
            self.render_panels(obs, viewer, legal, human_to_move, legal_cards, quadrants)
            if obs["over"] and self.replay is None:
                self.render_end(obs)
            undo = document.querySelector("[data-ui=undo]")
            steps = session.undo_steps() if human_to_move else 0
            undo.hidden = False
            undo.disabled = steps < 1
            undo.setAttribute(
                "aria-label", "Undo your last action" if steps else "Nothing to undo now"
            )

        if settle_later and not obs["over"]:
            self.unsettled = panels
        else:
            self.unsettled = None
            panels()
            self.publish()
        document.body.dataset.renderMs = f"{window.performance.now() - started:.0f}"
        self.maybe_schedule_bot()

    def shown_game(self) -> Any:
        """The game on screen: the replay's position, else the session's game (or ``None``)."""
        if self.replay is not None:
            return self.replay["game"]
        return self.session.game if self.session is not None else None

    def publish(self) -> None:
        """Expose the game on screen: ``body[data-fingerprint]`` and ``body[data-actions]``.

        A game changes only by appending actions, so the same game object with as many actions
        as last time needs no new fingerprint."""
        game = self.shown_game()
        if game is None or (
            self.published is not None
            and self.published[0] is game
            and self.published[1] == len(game.actions)
        ):
            return
        self.published = (game, len(game.actions))
        document.body.dataset.fingerprint = game.fingerprint()
        document.body.dataset.actions = str(len(game.actions))

    def index_legal(self, legal: tuple[Any, ...]) -> None:
        by_target: dict[str, list[Any]] = {}
        for action in legal:
            if action.kind == "sun":
                by_target.setdefault("card:" + action.target, []).append(action)
                by_target.setdefault("quadrant:" + action.extra, []).append(action)
            elif action.target and action.kind != "pilgrim":
                by_target.setdefault(action.target, []).append(action)
        self.legal_by_target = by_target

    def render_board(self, obs: dict, legal: tuple[Any, ...], quadrants: set[str]) -> None:
        if self.pieces.svg is None:
            return
        board = inca_core.board_for(obs["players"])
        targets = {a.target for a in legal if a.kind not in ("sun", "pilgrim") and a.target}
        self.pieces.draw(board, obs, targets | quadrants)
        self.pieces.mark_legal(targets)

    def render_panels(
        self,
        obs: dict,
        viewer: int | None,
        legal: tuple[Any, ...],
        human: bool,
        legal_cards: set[str],
        quadrants: set[str],
    ) -> None:
        session = self.session
        assert session is not None
        seats = session.seats
        players_key = [
            obs["names"],
            obs["scores"],
            obs["labor"],
            obs["hand_sizes"],
            obs["turn_order"],
            obs["current_player"],
            self.thinking,
            seats,
            [(r.get("owner"), r.get("terrace")) for r in obs["regions"].values()],
        ]
        self.panel(
            "players", players_key, lambda: gameview.players_panel(obs, seats, self.thinking)
        )
        self.panel(
            "era",
            [obs["round_index"], obs["phase_index"], obs["over"], obs["invasion"]],
            lambda: gameview.era_panel(obs),
        )
        self.panel(
            "forecast",
            [obs["income_forecast"], obs["current_player"], obs["turn_order"]],
            lambda: gameview.forecast_panel(obs),
        )
        self.panel(
            "sun",
            [
                obs["quadrants"],
                sorted(quadrants),
                obs["effects"],
                obs["current_player"],
                obs["deck_size"],
                len(obs["discard"]),
            ],
            lambda: gameview.sun_panel(obs, quadrants),
        )
        hidden = self.hidden_for_pass or (viewer is not None and seats[viewer] != "human")
        hand_viewer = None if hidden else viewer
        hand = obs["hands"][hand_viewer] if hand_viewer is not None else None
        self.panel(
            "hand",
            [hand_viewer, hand, sorted(legal_cards), self.selected_card],
            lambda: gameview.hand_panel(obs, hand_viewer, legal_cards, self.selected_card),
        )
        self.render_log(obs)
        dom.by_id("prompt").textContent = (
            gameview.prompt_text(obs)
            if human
            else "Replay: use the controls below."
            if self.replay
            else "Waiting for "
            + (
                obs["names"][obs["current_player"]]
                if obs["current_player"] is not None
                else "nobody"
            )
        )
        choices = [a for a in legal if a.kind in ("end", "pass", "pilgrim")]

        def buttons() -> list[Any]:
            out = []
            for action in choices:
                preview = session.game.preview(action)
                out.append(self.action_button(action, preview["text"], preview))
            return out

        self.panel("actions", [str(a) for a in choices] + [len(session.game.actions)], buttons)
        dom.by_id("actions-title").textContent = (
            "Your move" if human else "Replay" if self.replay else "Waiting"
        )

    def panel(self, element_id: str, key: Any, build: Any) -> None:
        """Redraw panel ``element_id`` with ``build()`` unless it was drawn from this ``key``."""
        text = repr(key)
        if self.panel_keys.get(element_id) == text:
            return
        self.panel_keys[element_id] = text
        dom.fill(dom.by_id(element_id), build())

    def render_log(self, obs: dict) -> None:
        """Append new log entries; redraw the whole log when it shrank (undo, replay)."""
        log = dom.by_id("log")
        entries = obs["log"]
        shown = self.log_shown
        if shown is None or shown[0] != self.log_owner() or shown[1] > len(entries):
            dom.clear(log)
            shown = (self.log_owner(), 0)
        if shown[1] < len(entries):
            last_round = entries[shown[1] - 1]["round"] if shown[1] else None
            fragment = document.createDocumentFragment()
            for node in gameview.log_items(entries[shown[1] :], last_round):
                fragment.appendChild(node)
            log.appendChild(fragment)
        self.log_shown = (self.log_owner(), len(entries))

    def log_owner(self) -> int:
        """Identifies the game whose log is on screen (a new game, undo or replay redraws it)."""
        return id(self.shown_game())

    def action_button(self, action: Any, label: str, preview: dict) -> Any:
        cost = _cost_text(preview)
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

    def render_end(self, obs: dict) -> None:
        items, note = gameview.ranking_panel(obs)
        dom.fill(dom.by_id("ranking"), items)
        dom.by_id("tie-break").textContent = note + " " + texts.TIE_BREAK
        dom.fill(dom.by_id("breakdown"), [gameview.breakdown_table(obs)])
        dom.fill(dom.by_id("chart"), [gameview.vp_chart(obs)])

    # -- hot-seat ---------------------------------------------------------------------------

    def check_pass_screen(self, current: int | None, human_to_move: bool) -> None:
        """Hide the hand behind 'pass the device' when a different person is to act."""
        session = self.session
        assert session is not None
        humans = sum(1 for kind in session.seats if kind == "human")
        overlay = dom.by_id("pass-screen")
        if human_to_move and humans > 1 and current != self.last_human:
            if not self.hidden_for_pass:
                self.hidden_for_pass = True
                name = session.names()[current]
                dom.by_id("pass-title").textContent = f"Pass the device to {name}"
                dom.by_id("pass-ready").textContent = f"I am {name}: show my cards"
                overlay.hidden = False
                dom.later(lambda: dom.by_id("pass-ready").focus(), 0)
            return
        if human_to_move:
            self.last_human = current
        self.hidden_for_pass = False
        overlay.hidden = True

    def pass_ready(self) -> None:
        session = self.session
        if session is None:
            return
        self.last_human = session.game.current_player
        self.hidden_for_pass = False
        dom.by_id("pass-screen").hidden = True
        self.render()

    # -- acting -------------------------------------------------------------------------------

    def play(self, action: Any) -> None:
        """Play a human's action, then save and redraw; an illegal one only shows the reason."""
        session = self.session
        if session is None or self.replay is not None:
            return
        seat = session.game.current_player
        try:
            session.play(action)
        except inca_core.IllegalAction as error:
            self.show_reason(error.reason)
            return
        if seat is not None and session.seats[seat] == "human":
            self.last_human = seat
        self.selected_card = None
        self.hide_preview()
        # The board answers the click in the next frame; panels and saving follow (before any
        # bot's first slice, which also waits for that frame).
        dom.after_frame(lambda: self.settle(session))
        self.render(settle_later=True)

    def settle(self, session: Session) -> None:
        """Draw the panels left by ``render(settle_later=True)``, save, then publish the game,
        if ``session`` is still the one on screen."""
        if session is not self.session:
            return
        panels, self.unsettled = self.unsettled, None
        if panels is not None:
            panels()
        self.autosave()
        self.publish()

    def show_reason(self, reason: str) -> None:
        preview = dom.by_id("preview")
        preview.textContent = "Not allowed: " + reason
        preview.hidden = False
        preview.dataset.kind = "illegal"
        ui.notify("Not allowed: " + reason, error=True, sticky=False)

    def hide_preview(self) -> None:
        preview = dom.by_id("preview")
        preview.hidden = True
        preview.textContent = ""

    def click_target(self, attr: str, target_id: str) -> None:
        """A click on a board element: play its legal action, offer a choice, or explain why not."""
        session = self.session
        if session is None or self.replay is not None or self.hidden_for_pass:
            return
        if session.is_bot_turn() or session.game.current_player is None:
            self.show_reason("it is not your turn.")
            return
        actions = self.legal_by_target.get(target_id, [])
        if len(actions) == 1:
            self.play(actions[0])
            return
        if len(actions) > 1:
            buttons = []
            for action in actions:
                preview = session.game.preview(action)
                buttons.append(self.action_button(action, preview["text"], preview))
            extra = [
                b
                for b in dom.by_id("actions").querySelectorAll("button")
                if (dom.attr(b, "data-action") or "").split()[0] in ("end", "pass", "pilgrim")
            ]
            self.panel_keys.pop("actions", None)
            dom.fill(dom.by_id("actions"), [*buttons, *extra])
            dom.by_id("prompt").textContent = "Choose what to do there:"
            buttons[0].focus()
            return
        self.explain(attr, target_id)

    def explain(self, attr: str, target_id: str) -> None:
        """Ask the engine why the usual action on this element is not legal, and show it."""
        session = self.session
        assert session is not None
        legal_kinds = {a.kind for a in session.legal()}
        kinds = TARGET_KINDS[attr]
        kind = next((k for k in kinds if k in legal_kinds), kinds[0])
        if attr == "data-region":
            region = (self.obs or {}).get("regions", {}).get(target_id, {})
            mover = session.game.current_player
            kind = "terrace" if region.get("owner") == mover and mover is not None else "conquer"
        if attr == "data-site":
            built = (self.obs or {}).get("sites", {}).get(target_id, {})
            site = inca_core.board_for(session.players).sites.get(target_id)
            if built.get("improvement"):
                kind = "temple"
            elif site is not None and site.kind in ("city", "garrison"):
                kind = site.kind
        try:
            session.game.preview(inca_core.Action(kind, target_id))
        except inca_core.IllegalAction as error:
            self.show_reason(error.reason)
            return
        self.play(inca_core.Action(kind, target_id))

    def click_card(self, card: str) -> None:
        if self.session is None or self.hidden_for_pass or self.replay is not None:
            return
        if "card:" + card not in self.legal_by_target:
            # The engine says why: the reason for placing this card on the first quadrant.
            quadrant = self.session.game.quadrants[0]
            try:
                self.session.game.preview(inca_core.Action("sun", card, quadrant))
            except inca_core.IllegalAction as error:
                self.show_reason(error.reason)
            return
        self.selected_card = None if self.selected_card == card else card
        self.render()

    def click_quadrant(self, quadrant: str) -> None:
        session = self.session
        if session is None or self.hidden_for_pass or self.replay is not None:
            return
        if session.game.phase != "sun" or session.is_bot_turn():
            self.show_reason("cards go on the Sun Event board only in your turn of the Sun phase.")
            return
        if self.selected_card is None:
            self.show_reason("choose a card from your hand first.")
            return
        self.play(inca_core.Action("sun", self.selected_card, quadrant))

    # -- bots -------------------------------------------------------------------------------

    def maybe_schedule_bot(self) -> None:
        """If a bot is to move, show it thinking and run its search in short slices."""
        session = self.session
        if session is None or self.replay is not None or self.bot_pending:
            return
        if session.game.is_over or not session.is_bot_turn():
            self.thinking = False
            return
        self.bot_pending = True
        if not self.thinking:
            self.thinking = True
            if self.obs is not None:
                dom.by_id("status").textContent = gameview.status_text(
                    self.obs, session.seats, True
                )
            for node in document.querySelectorAll(".player.to-move .name"):
                node.appendChild(dom.el("span", "  thinking…", cls="thinking"))
        search = session.bot_search()
        budget = max(0.0, session.bot_time)
        started = time.perf_counter()
        # A bot that decides at once still shows its thinking for a moment, so people can follow.
        shown = min(budget, MIN_THINKING)
        actions = len(session.game.actions)

        def work() -> None:
            if (
                session is not self.session
                or self.replay is not None
                or len(session.game.actions) != actions
            ):
                self.bot_pending = False
                return
            elapsed = time.perf_counter() - started
            done = search.step(min(BOT_SLICE, max(0.0, budget - elapsed)))
            elapsed = time.perf_counter() - started
            if (done and elapsed >= shown) or elapsed >= budget:
                self.bot_pending = False
                self.bot_play(session, search.best())
            else:
                dom.later(work, 0 if not done else (shown - elapsed) * 1000)

        # The first slice waits for the next frame, so the move before it is seen at once.
        dom.after_frame(work)

    def bot_play(self, session: Session, action: Any) -> None:
        session.play(action)
        self.thinking = session.is_bot_turn()
        self.render()
        # Saved in a task of its own, so drawing and saving never add up to one long task.
        dom.later(lambda: self.autosave() if session is self.session else None, 0)

    # -- undo and replay --------------------------------------------------------------------

    def undo(self) -> None:
        session = self.session
        if session is None or self.replay is not None:
            return
        if session.undo_steps() < 1:
            self.show_reason(
                "nothing to undo: undo stops at a new turn, a revealed marker or a drawn card."
            )
            return
        session.undo()
        self.selected_card = None
        self.autosave()
        self.render()
        ui.notify("Undone.")

    def start_replay(self) -> None:
        session = self.session
        if session is None:
            return
        actions = list(session.game.actions)
        self.replay = {"actions": actions, "pos": len(actions), "game": session.game.copy()}
        dom.by_id("replay-bar").hidden = False
        self.replay_to(len(actions))

    def replay_to(self, pos: int) -> None:
        replay = self.replay
        session = self.session
        if replay is None or session is None:
            return
        pos = max(0, min(pos, len(replay["actions"])))
        game = replay["game"]
        if pos < len(game.actions):
            game = session.fresh_game()
        for action in replay["actions"][len(game.actions) : pos]:
            game.play(action)
        replay["game"] = game
        replay["pos"] = pos
        dom.by_id("replay-pos").textContent = f"Action {pos} of {len(replay['actions'])}"
        self.render()
        document.body.dataset.screen = "game"

    def stop_replay(self) -> None:
        if self.replay is None:
            return
        self.replay = None
        dom.by_id("replay-bar").hidden = True
        if self.session is not None:
            self.render()

    # -- rules panel ------------------------------------------------------------------------

    def build_rules(self) -> None:
        body = dom.by_id("rules-body")
        parts = [dom.el("h3", "A round, phase by phase")]
        phases = dom.el("dl")
        for name, text in texts.PHASES:
            phases.appendChild(dom.el("dt", name))
            phases.appendChild(dom.el("dd", text))
        parts.append(phases)
        parts.append(dom.el("h3", "Roads"))
        parts.append(dom.el("ul", children=[dom.el("li", line) for line in texts.ROADS]))
        parts.append(dom.el("h3", "Construction: cost and VP when built"))
        parts.append(_table(("Build", "Cost", "Scores", "Where"), texts.COSTS))
        parts.append(dom.el("h3", "Sapa Inca scoring, every time"))
        parts.append(
            dom.el("ul", children=[dom.el("li", f"{a}: {b}") for a, b in texts.SAPA_SCORES])
        )
        parts.append(dom.el("h3", "Local Culture markers"))
        parts.append(
            _table(
                ("Type", "Resistance", "VP", "Labor"),
                [(m.code, m.resistance, m.vp, m.labor) for m in C.MARKER_TYPES],
            )
        )
        parts.append(
            dom.el("p", "On the board a face-up marker shows resistance·VP·labor.", cls="note")
        )
        parts.append(dom.el("h3", "Era track"))
        parts.append(
            dom.el(
                "ul",
                children=[
                    dom.el("li", f"Era {e.number} ({e.years}, {e.ruler}): labor box {e.labor_box}")
                    for e in C.ERAS
                ],
            )
        )
        parts.append(dom.el("h3", "Sun Event cards"))
        cards = dom.el("dl")
        for kind in C.CARD_KINDS:
            cards.appendChild(dom.el("dt", f"{kind.name} ({kind.count}x)"))
            cards.appendChild(dom.el("dd", kind.text))
        parts.append(cards)
        parts.append(dom.el("h3", "Variants"))
        parts.append(
            dom.el(
                "dl",
                children=[
                    node
                    for vid, (name, desc) in texts.VARIANTS.items()
                    for node in (dom.el("dt", name), dom.el("dd", desc))
                ],
            )
        )
        parts.append(dom.el("p", texts.TIE_BREAK, cls="note"))
        dom.fill(body, parts)

    def toggle_rules(self, show: bool | None = None) -> None:
        panel = dom.by_id("rules-panel")
        show = panel.hidden if show is None else show
        panel.hidden = not show
        document.querySelector("[data-ui=rules]").setAttribute(
            "aria-expanded", "true" if show else "false"
        )
        if show:
            dom.query(panel, "button").focus()

    # -- event dispatch ---------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        if str(getattr(event.target, "id", "")) == "drop-zone":
            dom.by_id("import-file").click()
            return
        node = dom.closest(
            event,
            "[data-ui],[data-confirm],[data-replay],[data-zoom],[data-action],"
            "[data-card],[data-quadrant]",
        )
        if node is None:
            board_node = dom.closest(event, BOARD_TARGETS)
            if board_node is not None and not dom.is_null(board_node.closest("#board")):
                if self.view.consume_drag():
                    return
                for attr in TARGET_KINDS:
                    if board_node.hasAttribute(attr):
                        self.click_target(attr, str(dom.attr(board_node, attr)))
                        return
            return
        data = {
            key: dom.attr(node, "data-" + key)
            for key in ("ui", "confirm", "replay", "zoom", "action", "card", "quadrant")
        }
        if data["ui"]:
            self.on_ui(data["ui"], node)
        elif data["confirm"]:
            ui.confirm_answer(data["confirm"] == "yes")
        elif data["replay"]:
            self.on_replay(data["replay"])
        elif data["zoom"]:
            {
                "in": lambda: self.view.zoom(1.25),
                "out": lambda: self.view.zoom(0.8),
                "reset": self.view.reset,
            }[data["zoom"]]()
        elif data["action"]:
            self.play(inca_core.Action.parse(data["action"]))
        elif data["card"] and not dom.is_null(node.closest("#hand")):
            self.click_card(data["card"])
        elif data["quadrant"]:
            self.click_quadrant(data["quadrant"])

    def on_ui(self, name: str, node: Any) -> None:
        if name == "open":
            self.open_by_id(str(dom.attr(node, "data-entry")))
        elif name == "delete":
            key = str(dom.attr(node, "data-key"))
            self.confirm_delete(key)
        elif name == "export-raw":
            key = str(dom.attr(node, "data-key"))
            try:
                ui.download(key.split(":")[-1] + "-unreadable.json", self.store.raw(key))
            except StoreError as error:
                ui.notify(str(error), error=True)
        elif name == "export":
            self.export()
        elif name == "share":
            self.share()
        elif name == "menu":
            self.show_start()
        elif name == "undo":
            self.undo()
        elif name == "replay":
            self.start_replay()
        elif name == "rules":
            self.toggle_rules()
        elif name == "rules-close":
            self.toggle_rules(False)
        elif name == "pass-ready":
            self.pass_ready()

    def confirm_delete(self, key: str) -> None:
        def delete() -> None:
            try:
                self.store.delete(key)
            except StoreError as error:
                ui.notify(str(error), error=True)
                return
            ui.notify("Deleted.")
            self.render_saved_list()

        ui.confirm("Delete this saved game for good? This cannot be undone.", "Delete", delete)

    def on_replay(self, name: str) -> None:
        if self.replay is None:
            return
        pos = self.replay["pos"]
        total = len(self.replay["actions"])
        if name == "close":
            self.stop_replay()
            return
        target = {"first": 0, "back": pos - 1, "forward": pos + 1, "last": total}[name]
        self.replay_to(target)

    def on_keydown(self, event: Any) -> None:
        key = str(event.key)
        if key == "Escape":
            if not dom.by_id("rules-panel").hidden:
                self.toggle_rules(False)
            return
        if key in ("Enter", " ") and str(getattr(event.target, "id", "")) == "drop-zone":
            event.preventDefault()
            dom.by_id("import-file").click()
            return
        if key in ("Enter", " "):
            node = dom.closest(event, BOARD_TARGETS)
            if node is not None and dom.attr(node, "role") == "button":
                event.preventDefault()
                for attr in TARGET_KINDS:
                    if node.hasAttribute(attr):
                        self.click_target(attr, str(dom.attr(node, attr)))
                        return
            return
        target = event.target
        tag = str(getattr(target, "tagName", "")).lower()
        if tag in ("input", "select", "textarea") or self.session is None:
            return
        if (event.ctrlKey or event.metaKey) and key == "z":
            event.preventDefault()
            self.undo()

    def on_hover(self, event: Any) -> None:
        """Show what the hovered or focused target's legal action would cost and score."""
        session = self.session
        if session is None or self.replay is not None:
            return
        node = dom.closest(event, "[data-action],[data-quadrant]," + BOARD_TARGETS)
        if node is None:
            return
        actions: list[Any] = []
        if node.hasAttribute("data-action"):
            actions = [inca_core.Action.parse(str(dom.attr(node, "data-action")))]
        elif node.hasAttribute("data-quadrant") and self.selected_card:
            actions = [
                a
                for a in self.legal_by_target.get(
                    "quadrant:" + str(dom.attr(node, "data-quadrant")), []
                )
                if a.target == self.selected_card
            ]
        else:
            for attr in TARGET_KINDS:
                if node.hasAttribute(attr):
                    actions = self.legal_by_target.get(str(dom.attr(node, attr)), [])
        lines = []
        for action in actions:
            try:
                preview = session.game.preview(action)
            except inca_core.IllegalAction:
                continue
            cost = _cost_text(preview)
            lines.append(preview["text"] + (f": {cost}" if cost else ""))
        box = dom.by_id("preview")
        if not lines:
            if dom.attr(box, "data-kind") != "illegal":
                self.hide_preview()
            return
        box.dataset.kind = "preview"
        box.textContent = "; ".join(lines)
        box.hidden = False


def _table(headers: tuple[str, ...], rows: Any) -> Any:
    """A table element: a header row, then one row per item of ``rows`` (cells as text)."""
    head = dom.el("tr", children=[dom.el("th", h, attrs={"scope": "col"}) for h in headers])
    body = [dom.el("tr", children=[dom.el("td", str(v)) for v in row]) for row in rows]
    return dom.el("table", children=[dom.el("tbody", children=[head, *body])])


def _cost_text(preview: dict) -> str:
    parts = []
    if preview.get("labor"):
        parts.append(f"costs {preview['labor']} labor")
    if preview.get("vp"):
        parts.append(f"scores {preview['vp']} VP")
    return ", ".join(parts)


def _clean_name(raw: str, seat: int) -> str:
    """A player name as plain text: trimmed, single-line, at most ``MAX_NAME`` characters."""
    name = " ".join(str(raw).split())[:MAX_NAME]
    return name or f"Player {seat + 1}"
