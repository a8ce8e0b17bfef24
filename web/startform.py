"""The start screen's form and a game started from the URL (``?new=1&...``)."""

from __future__ import annotations

from typing import Any

import dom
import texts
import ui
from pyscript import window
from session import SEAT_TYPES, Session

from inca_core import components as C

MAX_NAME = 40


class StartForm:
    """The start form and the URL start (part of :class:`app.App`)."""

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


def _clean_name(raw: str, seat: int) -> str:
    """A player name as plain text: trimmed, single-line, at most ``MAX_NAME`` characters."""
    name = " ".join(str(raw).split())[:MAX_NAME]
    return name or f"Player {seat + 1}"
