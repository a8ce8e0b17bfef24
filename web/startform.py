"""The start screen's form and a game started from the URL (``?new=1&...``)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import dom
import formmemory
import ui
import views
from movedisplay import PACES
from pyscript import window
from session import SEAT_TYPES, Session
from turnlink import device_from_params

from inca_core.shelf import INFOS

if TYPE_CHECKING:
    from page import Shown
    from remote import Remote

MAX_NAME = 40


class StartForm:
    """The start form and the URL start."""

    def __init__(
        self,
        shown: Shown,
        params: dict[str, list[str]],
        embed: bool,
        remote: Remote,
        use_view: Callable[[views.GameView], None],
        opened: Callable[[Session], None],
    ) -> None:
        self._shown = shown
        #: The page's URL parameters and whether it is embedded (``?embed=1``).
        self._params = params
        self._embed = embed
        self._remote = remote
        #: Makes a view the page's game view (``App.use_view``).
        self._use_view = use_view
        #: Puts a new game on screen and saves it (``App.after_action``).
        self._opened = opened
        #: The names and setups remembered from the last visits (``formmemory.py``).
        self._memory = formmemory.Memory()

    def build(self) -> None:
        """The game chooser (games of the shelf that have a page), then the chosen game's rows;
        the game and setup started last are chosen again unless a start link names its own."""
        self._memory = load_form(lambda: window.localStorage)
        remembered = self._memory.game
        params = self._params
        if remembered and remembered != self._shown.view.game_id and not (
            "game" in params or "new" in params
        ):
            # Its code missing (offline before it was ever fetched): the form stays as it is.
            with contextlib.suppress(ImportError, OSError):
                self._use_view(views.load(remembered))
        rows = dom.by_id("game-rows")
        playable = [info for gid, info in INFOS.items() if gid in views.VIEW_MODULES]
        for info in playable:
            radio = dom.el(
                "input",
                attrs={"type": "radio", "name": "game", "value": info.id, "id": f"game-{info.id}"},
            )
            radio.checked = info.id == self._shown.view.game_id
            rows.appendChild(
                dom.el(
                    "label",
                    cls="game-choice",
                    attrs={"for": f"game-{info.id}"},
                    children=[radio, dom.el("span", f" {info.title}")],
                )
            )
        rows.appendChild(dom.el("p", cls="game-about", attrs={"id": "game-about"}))
        self.build_game_rows()

    def build_game_rows(self) -> None:
        """What the chosen game is, its player counts, seats and options."""
        view = self._shown.view
        dom.by_id("game-about").textContent = view.spec.info.blurb
        counts = view.spec.info.players
        rows = dom.by_id("player-counts")
        checked = dom.query(rows, "input[name=players]:checked")
        players = int(checked.value) if checked is not None else max(counts)
        setup = self._memory.setups.get(view.game_id)
        if setup is not None:
            players = setup.players
        if players not in counts:
            players = max(counts)
        boxes = []
        for count in counts:
            radio = dom.el("input", attrs={"type": "radio", "name": "players", "value": count})
            radio.checked = count == players
            boxes.append(dom.el("label", children=[radio, dom.el("span", f" {count} players")]))
        dom.fill(rows, boxes)
        self.render_seat_rows(players, setup.seats if setup is not None else ())
        options = []
        for vid, (name, desc) in view.options().items():
            box = dom.el(
                "input",
                attrs={"type": "checkbox", "name": "variant", "value": vid, "id": f"variant-{vid}"},
            )
            box.checked = setup is not None and vid in setup.variants
            options.append(
                dom.el(
                    "label",
                    cls="variant",
                    attrs={"for": f"variant-{vid}"},
                    children=[box, dom.el("span", f" {name}"), dom.el("small", desc)],
                )
            )
        dom.fill(dom.by_id("variant-rows"), options)
        dom.by_id("variant-choice").hidden = not options

    def render_seat_rows(self, players: int, kinds: tuple[str, ...] = ()) -> None:
        """``players`` seat rows, keeping the names and kinds shown (else the remembered ones,
        else the defaults); ``kinds``: the seat kinds to show instead (a game's remembered)."""
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
        names = self._memory.names
        for seat in range(players):
            name, kind = (
                old[seat]
                if seat < len(old)
                else (
                    names[seat] if seat < len(names) else f"Player {seat + 1}",
                    "human" if seat == 0 else "medium",
                )
            )
            if seat < len(kinds):
                kind = kinds[seat]
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
            select = seat_select(f"seat-{seat}", f"Who plays seat {seat + 1}", kind)
            desc = dom.el(
                "p", self.seat_text(kind), cls="seat-desc", attrs={"id": f"seat-desc-{seat}"}
            )
            rows.appendChild(
                dom.el("li", children=[dom.el("span", f"{seat + 1}."), name_input, select, desc])
            )

    def on_change(self, event: Any) -> None:
        target = event.target
        if target.name == "game":
            self._use_view(views.load(str(target.value)))
            self.build_game_rows()
        elif target.name == "players":
            self.render_seat_rows(int(target.value))
        elif str(target.name).startswith("seat-"):
            seat = str(target.name).split("-")[1]
            dom.by_id(f"seat-desc-{seat}").textContent = self.seat_text(str(target.value))

    def seat_text(self, kind: str) -> str:
        """What a seat type means: a person, or the chosen game's bot of that strength."""
        if kind == "human":
            return "A person at this device."
        return str(self._shown.view.spec.strengths.get(kind, ""))

    def on_submit(self, event: Any) -> None:
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
        try:
            device = self._remote.device_from_form(seats[:players])
        except ValueError as error:
            ui.notify(str(error), error=True)
            return
        self._memory = self._memory.remember(
            self._shown.view.game_id, players, names[:players], seats[:players], variants
        )
        formmemory.save(lambda: window.localStorage, self._memory)
        self.start_game(
            self._shown.view, players, None, variants, names[:players], seats[:players], 1.0, device
        )

    def start_from_url(self) -> bool:
        """Start the game described by the URL (``?new=1&players=..``); report bad parameters."""
        p = self._params
        try:
            game_id = p.get("game", [views.DEFAULT_GAME])[0]
            if game_id not in views.VIEW_MODULES or game_id not in INFOS:
                known = ", ".join(g for g in INFOS if g in views.VIEW_MODULES)
                raise ValueError(f"unknown game {game_id[:40]!r} (games: {known})")
            view = views.load(game_id)
            counts = view.spec.info.players
            players = int(p.get("players", [str(max(counts))])[0])
            if players not in counts:
                raise ValueError("players must be " + " or ".join(str(c) for c in counts))
            seats = tuple(s.strip() for s in p.get("seats", [""])[0].split(",") if s.strip())
            seats = seats or ("human",) * players
            if len(seats) != players or any(s not in SEAT_TYPES for s in seats):
                raise ValueError(f"seats must list {players} of: {', '.join(SEAT_TYPES)}")
            device = device_from_params(p, seats)
            seed = int(p["seed"][0]) if "seed" in p else None
            variants = frozenset(v for v in p.get("variants", [""])[0].split(",") if v)
            unknown = variants - set(view.options())
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
        # The page's own settings stay in the URL (a reload keeps them); the game's go.
        kept = ["embed=1"] if self._embed else []
        if p.get("pace", [""])[0] in PACES:
            kept.append(f"pace={p['pace'][0]}")
        path = str(window.location.pathname) + ("?" + "&".join(kept) if kept else "")
        window.history.replaceState(None, "", path)
        return self.start_game(view, players, seed, variants, names, seats, bot_time, device)

    def start_game(
        self,
        view: views.GameView,
        players: int,
        seed: int | None,
        variants: frozenset[str],
        names: tuple[str, ...],
        seats: tuple[str, ...],
        bot_time: float,
        device: tuple[int, ...] | None = None,
    ) -> bool:
        """Start a game; ``device``: the seats this device plays in a game played by link."""
        try:
            session = Session.new(view, players, seed, variants, names, seats, bot_time)
        except ValueError as error:
            ui.notify(f"The game could not start: {error}", error=True)
            return False
        session.device = device
        self._opened(session)
        return True


def known_games() -> list[str]:
    """The games of the shelf that have a page."""
    return [gid for gid in INFOS if gid in views.VIEW_MODULES]


def load_form(storage: Any) -> formmemory.Memory:
    """What the start form remembers, read from ``storage()`` (never raises)."""
    return formmemory.load(storage, known_games(), SEAT_TYPES)


def _clean_name(raw: str, seat: int) -> str:
    """A player name as plain text: trimmed, single-line, at most ``MAX_NAME`` characters."""
    name = " ".join(str(raw).split())[:MAX_NAME]
    return name or f"Player {seat + 1}"


def seat_select(name: str, label: str, kind: str) -> Any:
    """A select of who plays a seat (a person or a bot of a strength), set to ``kind``."""
    select = dom.el("select", attrs={"name": name, "aria-label": label})
    for value in SEAT_TYPES:
        text = "Person" if value == "human" else f"Bot: {value}"
        select.appendChild(dom.el("option", text, attrs={"value": value}))
    select.value = kind
    return select
