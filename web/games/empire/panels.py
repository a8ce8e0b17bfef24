"""Draw the game panels from an observation: players, era, forecast, Sun board, hand, log, end.

Every function here reads the engine's observation (``docs/empire/observation.md``) and builds DOM
nodes;
none of them decides anything about the rules. Names go in as text only.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import dom

from games.empire import texts as T
from games.empire.moments import AUTOMATIC
from inca_core.empire import components as C
from inca_core.empire.svg import SUYU_COLOURS, SUYU_PATTERNS
from inca_core.empire.svg_play import ROAD_DASHES

PHASE_NAMES = C.PHASE_NAMES | {"over": "Game over"}
CARD_KINDS = {k.id: k for k in C.CARD_KINDS}
MARKERS = {m.code: m for m in C.MARKER_TYPES}
SOURCE_NAMES = {
    "conquest": "Conquests",
    "city": "Cities founded",
    "garrison": "Garrisons built",
    "temple": "Temples built",
    "terrace": "Terraces built",
    "pilgrimage": "Pilgrimages",
    "scoring_terrace": "Sapa Inca: terraces",
    "scoring_garrison": "Sapa Inca: garrisons",
    "scoring_city": "Sapa Inca: cities",
    "scoring_temple": "Sapa Inca: temples",
}
SEAT_TYPE_NAMES = {
    "human": "person",
    "easy": "easy bot",
    "medium": "medium bot",
    "hard": "hard bot",
}


def seat_colour(obs: dict, seat: int) -> str:
    return SUYU_COLOURS[obs["seats"][seat]["suyu"]]


def seat_pattern(obs: dict, seat: int) -> str:
    return SUYU_PATTERNS[obs["seats"][seat]["suyu"]]


def card_name(card: str | None) -> str:
    if card is None:
        return "Face-down card"
    kind = CARD_KINDS.get(card)
    return kind.name if kind else card


def card_effect(card: str) -> str:
    kind = CARD_KINDS.get(card)
    return kind.text if kind else ""


#: Drawn swatches by (suyu, size): each new one is a copy (one call instead of a dozen).
_SWATCHES: dict[tuple[str, int], Any] = {}


def swatch(obs: dict, seat: int, size: int = 28) -> Any:
    """A square in the seat's colour with its pattern on it (seats differ even in greyscale)."""
    key = (obs["seats"][seat]["suyu"], size)
    if key not in _SWATCHES:
        _SWATCHES[key] = _draw_swatch(seat_colour(obs, seat), seat_pattern(obs, seat), size)
    return _SWATCHES[key].cloneNode(True)


def _draw_swatch(colour: str, pattern: str, size: int) -> Any:
    svg = dom.svg_el(
        "svg",
        {
            "viewBox": "0 0 28 28",
            "width": size,
            "height": size,
            "class": "swatch",
            "aria-hidden": "true",
            "focusable": "false",
        },
    )
    svg.appendChild(
        dom.svg_el(
            "rect",
            {
                "x": 1,
                "y": 1,
                "width": 26,
                "height": 26,
                "rx": 4,
                "fill": colour,
                "stroke": "#1b1208",
                "stroke-width": 1.5,
            },
        )
    )
    mark: dict[str, str | float] = {"stroke": "#ffffff", "stroke-width": 2.2, "fill": "none"}
    if pattern == "stripes":
        svg.appendChild(dom.svg_el("path", {"d": "M3 13L13 3M3 23L23 3M13 25L25 13", **mark}))
    elif pattern == "dots":
        for x, y in ((8, 8), (20, 8), (14, 14), (8, 20), (20, 20)):
            svg.appendChild(dom.svg_el("circle", {"cx": x, "cy": y, "r": 2.6, "fill": "#ffffff"}))
    elif pattern.startswith("cross"):
        svg.appendChild(dom.svg_el("path", {"d": "M5 5L23 23M23 5L5 23", **mark}))
    else:
        svg.appendChild(
            dom.svg_el("path", {"d": "M3 10Q8 5 14 10T25 10M3 19Q8 14 14 19T25 19", **mark})
        )
    return svg


def status_text(obs: dict, seat_types: tuple[str, ...], thinking: bool) -> str:
    """One line naming the player to move and the phase."""
    if obs["over"]:
        leader = obs["ranking"][0]
        return f"Game over: {obs['names'][leader]} wins with {obs['scores'][leader]} VP"
    seat = obs["current_player"]
    name = obs["names"][seat]
    phase = PHASE_NAMES.get(obs["phase"], obs["phase"])
    where = f"Round {obs['round']}, {phase}"
    if seat_types[seat] != "human":
        doing = "is thinking" if thinking else "is to move"
        return f"{where}: {name} ({SEAT_TYPE_NAMES[seat_types[seat]]}) {doing}"
    return f"{where}: {name} to {prompt_verb(obs)}"


def prompt_verb(obs: dict) -> str:
    """What the player to move does now, as the status line says it (the same steps as
    :func:`prompt_text`)."""
    if obs["phase"] == "sun":
        return "place a Sun Event card"
    turn = obs.get("turn") or {}
    if turn.get("roads") == "active":
        left = turn.get("free_roads_left", 0)
        return f"build roads ({left} free left)"
    if turn.get("build") == "active":
        return "take a follow-up or finish construction"
    if turn.get("extra_conquests_first") and turn.get("build") == "todo":
        return "construct"
    todo = [
        verb
        for step, verb in (("roads", "build roads"), ("build", "construct"))
        if turn.get(step) == "todo"
    ]
    return " or ".join(todo) or "finish the turn"


#: Follow-up counters of a People-phase turn (``obs["turn"]``) and the card giving each.
FOLLOWUPS = (
    ("second_garrisons", "building_project", "a second garrison"),
    ("second_terraces", "expert_surveyors", "a second terrace"),
    ("free_additional_roads", "workers_press_on", "a free additional road"),
    ("extra_conquests", "rapid_expansion", "a conquest for 2 more labor"),
)


def followup_text(turn: dict) -> str:
    """The follow-ups open now, each with the card that gives it."""
    open_now = [f"{card_name(card)} gives {what}" for key, card, what in FOLLOWUPS if turn.get(key)]
    return "; ".join(open_now)


def prompt_text(obs: dict) -> str:
    """What the player to move is asked to do, in a sentence."""
    if obs["over"]:
        return "The game is over."
    if obs["phase"] == "sun":
        return (
            "Choose a card from your hand, then a quadrant of the Sun Event board that has no "
            "new card yet."
        )
    turn = obs.get("turn") or {}
    parts = []
    if turn.get("roads") == "active":
        parts.append(
            f"Road Building: {turn.get('free_roads_left', 0)} free road(s) left. "
            "Click a highlighted road."
        )
    elif turn.get("build") == "active":
        offers = followup_text(turn)
        parts.append(
            f"Construction: {offers}. Click it on the board, or finish."
            if offers
            else "Construction: finish it."
        )
    elif turn.get("extra_conquests_first") and turn.get("build") == "todo":
        parts.append(
            "Construction: Rapid Expansion's conquest is made; now build (click a highlighted "
            "site or region), or finish."
        )
    else:
        todo = []
        if turn.get("roads") == "todo":
            todo.append("Road Building (click a highlighted road)")
        if turn.get("build") == "todo":
            todo.append("one Construction (click a highlighted site or region, or a button)")
        parts.append("Still to do: " + " and ".join(todo) + "." if todo else "")
    return " ".join(p for p in parts if p)


def players_panel(obs: dict, seat_types: tuple[str, ...], thinking: bool) -> list[Any]:
    """One list item per seat, in seat order (so nobody's entry moves when the turn order
    changes; each entry says its place in the turn order)."""
    items = []
    conquered: dict[int, list[str]] = {s: [] for s in range(obs["players"])}
    terraces = dict.fromkeys(range(obs["players"]), 0)
    for region in obs["regions"].values():
        owner = region.get("owner")
        if owner is not None and region.get("marker"):
            conquered[owner].append(region["marker"])
            if region.get("terrace"):
                terraces[owner] += 1
    order = list(obs["turn_order"])
    for seat in range(obs["players"]):
        position = order.index(seat)
        info = obs["seats"][seat]
        to_move = obs["current_player"] == seat
        markers = sorted(conquered[seat])
        stats = dom.el(
            "div",
            cls="stats",
            children=[
                dom.el(
                    "span", children=[dom.el("b", str(obs["scores"][seat])), dom.el("span", " VP")]
                ),
                dom.el(
                    "span",
                    children=[dom.el("b", str(obs["labor"][seat])), dom.el("span", " labor")],
                ),
                dom.el(
                    "span",
                    f"markers {len(markers)}" + (f" ({' '.join(markers)})" if markers else ""),
                ),
                dom.el("span", f"terraces {terraces[seat]}"),
                dom.el("span", f"hand {obs['hand_sizes'][seat]}"),
            ],
        )
        kind = seat_types[seat]
        label = f"{info['colour'].capitalize()} · {SEAT_TYPE_NAMES[kind]} · turn {position + 1}"
        stats.insertBefore(dom.el("span", label, cls="who"), stats.firstChild)
        name_row = dom.el("div", info["name"], cls="name")
        if to_move and kind != "human" and thinking:
            name_row.appendChild(dom.el("span", "  thinking…", cls="thinking"))
        item = dom.el(
            "li",
            cls="player to-move" if to_move else "player",
            attrs={"data-seat": seat, "aria-current": "true" if to_move else None},
            children=[swatch(obs, seat), name_row, stats],
        )
        items.append(item)
    return items


def era_panel(obs: dict) -> list[Any]:
    """The era track: every round with the current one marked, and the phases of this round."""
    track = obs["era_track"]
    ri, pi = obs["round_index"], obs["phase_index"]
    rounds = dom.el("div", cls="era-track", attrs={"role": "list"})
    for i, rnd in enumerate(track):
        cls = "era-round current" if i == ri else ("era-round done" if i < ri else "era-round")
        rounds.appendChild(
            dom.el(
                "span",
                f"R{rnd['round']}",
                cls=cls,
                attrs={
                    "role": "listitem",
                    "title": f"Round {rnd['round']}, era {rnd['era']}, "
                    f"labor box {rnd['labor_box']}",
                    "aria-current": "step" if i == ri else None,
                },
            )
        )
    out = [rounds]
    if ri < len(track):
        rnd = track[ri]
        era = C.ERAS[rnd["era"] - 1]
        out.append(
            dom.el(
                "p",
                f"Era {era.number}: {era.ruler} ({era.years}), labor box {era.labor_box}",
                cls="note",
            )
        )
        phases = dom.el("ol", cls="phase-list")
        for j, phase in enumerate(rnd["phases"]):
            cls = (
                "current"
                if j == pi and not obs["over"]
                else ("done" if j < pi or obs["over"] else "")
            )
            phases.appendChild(dom.el("li", PHASE_NAMES.get(phase, phase), cls=cls or None))
        out.append(phases)
        out.append(dom.el("p", "Next: " + next_step(obs), cls="note"))
    invasion = obs.get("invasion") or {}
    if invasion.get("markers"):
        shown = [m if m else "hidden" for m in invasion["markers"]]
        out.append(dom.el("p", "Invasion markers: " + ", ".join(shown), cls="note"))
    return out


def next_step(obs: dict) -> str:
    """What follows the current phase on the era track."""
    if obs["over"]:
        return "nothing: the game is over."
    track = obs["era_track"]
    ri, pi = obs["round_index"], obs["phase_index"]
    phases = track[ri]["phases"]
    if pi + 1 < len(phases):
        return PHASE_NAMES.get(phases[pi + 1], phases[pi + 1])
    if ri + 1 < len(track):
        return f"round {track[ri + 1]['round']} begins with the Inca phase"
    return "the end of the game"


def forecast_panel(obs: dict, split: dict[str, int] | None) -> list[Any]:
    """Labor income at the next Inca phase, for the player to move first and then the others.

    ``split`` is the engine's income of the player to move by source
    (``inca_core.empire.targets.income_split``)."""
    forecast = obs.get("income_forecast")
    if forecast is None:
        return [dom.el("p", "No Inca phase is left: labor no longer comes in.", cls="note")]
    seat = obs["current_player"]
    out = []
    if seat is not None and split is not None:
        out.append(
            dom.el(
                "p",
                f"{obs['names'][seat]}: +{split['total']} labor at the next Inca phase "
                f"(era box {split['era']} + markers {split['markers']} + terraces "
                f"{split['terraces']}, before aid).",
            )
        )
    others = [f"{obs['names'][s]} +{forecast[s]}" for s in obs["turn_order"] if s != seat]
    if others:
        out.append(dom.el("p", "Others: " + ", ".join(others), cls="note"))
    return out


def sun_panel(obs: dict, legal_quadrants: set[str]) -> list[Any]:
    """The Sun Event board: each quadrant with the two players it affects and its cards."""
    board = dom.el("div", cls="sun-board three" if obs["players"] == 3 else "sun-board")
    for quadrant in obs["quadrants"]:
        qid = quadrant["id"]
        a, b = quadrant["seats"]
        who = f"{obs['names'][a]} & {obs['names'][b]}"
        cards = dom.el("ul", cls="cards")
        for placed in quadrant["cards"]:
            owner = obs["names"][placed["owner"]]
            if placed["card"] is None:
                text = f"Face-down card from {owner}"
            else:
                state = "" if placed["face_up"] else " (face down, yours)"
                text = f"{card_name(placed['card'])}{state}"
            item = dom.el("li", text)
            if placed["card"]:
                item.setAttribute("title", card_effect(placed["card"]))
            cards.appendChild(item)
        if not quadrant["cards"]:
            cards.appendChild(dom.el("li", "empty", cls="note"))
        new = " New card placed this phase." if quadrant.get("placed_this_phase") else ""
        # Named by its visible text (players and cards), with the rest for screen readers.
        button = dom.el(
            "button",
            cls="quadrant",
            attrs={
                "type": "button",
                "data-quadrant": qid,
                "data-legal": "1" if qid in legal_quadrants else None,
            },
            children=[
                dom.el("span", children=[swatch(obs, a, 14), swatch(obs, b, 14)]),
                dom.el("span", "Quadrant affecting ", cls="sr-only"),
                dom.el("span", who, cls="who"),
                cards,
                dom.el("span", new, cls="sr-only") if new else None,
            ],
        )
        board.appendChild(button)
    out = [board]
    effects = obs["effects"]
    seat = obs["current_player"]
    if seat is not None and effects[seat]:
        names = ", ".join(
            f"{card_name(c)}" + (f" x{n}" if n > 1 else "") for c, n in effects[seat].items()
        )
        out.append(dom.el("p", f"In effect for {obs['names'][seat]}: {names}.", cls="note"))
    out.append(
        dom.el("p", f"Deck {obs['deck_size']} cards, discard {len(obs['discard'])}.", cls="note")
    )
    return out


def hand_panel(
    obs: dict,
    viewer: int | None,
    legal_cards: set[str],
    selected: str | None,
    wild: bool | None = None,
) -> list[Any]:
    """The viewer's hand, each card with its effect; playable cards are buttons. ``wild`` (not
    ``None`` while a Wilderness Road may be built) adds the button that shows or hides the
    Wilderness Roads on the map (pressed: shown)."""
    if viewer is None:
        return [dom.el("li", "Hands are hidden.", cls="note")]
    toggle = None
    if wild is not None:
        label = "Hide the Wilderness Roads" if wild else "Use Wilderness Road: show its roads"
        toggle = dom.el(
            "li",
            children=[
                dom.el(
                    "button",
                    label,
                    cls="wild-toggle",
                    attrs={"type": "button", "data-wild": "1", "aria-pressed": str(wild).lower()},
                )
            ],
        )
    hand = obs["hands"][viewer] or []
    items = []
    for index, card in enumerate(hand):
        legal = card in legal_cards
        button = dom.el(
            "button",
            attrs={
                "type": "button",
                "data-card": card,
                "data-index": index,
                "data-legal": "1" if legal else None,
                "aria-pressed": "true" if selected == card else "false",
                "title": card_effect(card),
            },
            children=[
                dom.el("span", card_name(card), cls="card-name"),
                dom.el("span", ": ", cls="sr-only"),
                dom.el("span", card_effect(card), cls="card-effect"),
            ],
        )
        items.append(dom.el("li", children=[button]))
    if not items:
        items.append(dom.el("li", "No cards.", cls="note"))
    title = f"Hand of {obs['names'][viewer]}"
    return [dom.el("li", title, cls="note"), toggle, *items]


def cost_text(preview: dict) -> str:
    """What an action costs and scores, why a card changed that, and what it brings later."""
    parts = []
    if preview.get("labor"):
        parts.append(f"costs {preview['labor']} labor")
    if preview.get("vp"):
        parts.append(f"scores {preview['vp']} VP")
    if preview.get("income"):
        parts.append(f"+{preview['income']} labor each Inca phase")
    if preview.get("round_vp"):
        parts.append(f"{preview['round_vp']} VP each Sapa Inca phase")
    text = ", ".join(parts)
    if preview.get("notes"):
        text += f" ({'; '.join(preview['notes'])})"
    return text


def log_items(entries: list[dict], last_round: int | None, obs: dict | None) -> list[Any]:
    """List items for log ``entries``, with a heading whenever the round changes; an entry
    about a player starts with their mark (colour and pattern)."""
    items = []
    for entry in entries:
        if entry["round"] != last_round:
            last_round = entry["round"]
            items.append(dom.el("li", f"Round {last_round}", cls="round"))
        classes = ["entry"]
        if entry.get("phase") == "sapa_inca":
            classes.append("scoring")
        if entry.get("event", {}).get("kind") in AUTOMATIC:
            classes.append("auto")
        children = []
        seat = entry.get("seat")
        if seat is not None and obs is not None:
            children.append(seat_mark(obs, seat))
        children.append(dom.el("span", entry["text"]))
        items.append(dom.el("li", cls=" ".join(classes), children=children))
    return items


def seat_mark(obs: dict, seat: int) -> Any:
    """A small square in the seat's colour with its pattern (one element, drawn by CSS)."""
    return dom.el(
        "span",
        cls=f"seat-mark {seat_pattern(obs, seat)}",
        attrs={"style": f"background-color: {seat_colour(obs, seat)}", "aria-hidden": "true"},
    )


# --- end screen ---------------------------------------------------------------------------------


def end_title(obs: dict) -> str:
    """How the game ended: Pizarro's marker (the variant), else the last round of the last
    era."""
    invasion = obs["invasion"]
    if "pizarro" in invasion["markers"][: invasion["turned"]]:
        return "Pizarro has arrived: the game is over"
    return "The fourth era is over: the game is over"


def ranking_panel(obs: dict) -> tuple[list[Any], str]:
    """The final ranking and a sentence explaining any tie-break."""
    items = []
    ranking = obs["ranking"]
    for place, seat in enumerate(ranking):
        items.append(
            dom.el(
                "li",
                attrs={"data-seat": seat},
                children=[
                    swatch(obs, seat, 18),
                    dom.el("span", f" {obs['names'][seat]}: {obs['scores'][seat]} VP"),
                ],
            )
        )
        del place
    notes = []
    for a, b in pairwise(ranking):
        if obs["scores"][a] == obs["scores"][b]:
            notes.append(
                f"{obs['names'][a]} and {obs['names'][b]} both have {obs['scores'][a]} VP; "
                f"{obs['names'][a]} reached that score first, so stands nearer the centre of the "
                f"scoring track and ranks ahead."
            )
    if not notes:
        notes.append("No tie: the most VP wins.")
    return items, " ".join([*notes, T.TIE_BREAK])


def breakdown_table(obs: dict) -> Any:
    """VP by source (rows) and player (columns) over the whole game."""
    seats = obs["ranking"]
    head = dom.el(
        "tr",
        children=[dom.el("th", "Source", attrs={"scope": "col"})]
        + [dom.el("th", obs["names"][s], attrs={"scope": "col"}) for s in seats],
    )
    rows = [head]
    sources = list(SOURCE_NAMES)
    for source in sources:
        values = [obs["breakdown"][s].get(source, 0) for s in seats]
        if not any(values):
            continue
        rows.append(
            dom.el(
                "tr",
                children=[dom.el("th", SOURCE_NAMES[source], attrs={"scope": "row"})]
                + [dom.el("td", str(v)) for v in values],
            )
        )
    rows.append(
        dom.el(
            "tr",
            cls="total",
            children=[dom.el("th", "Total", attrs={"scope": "row"})]
            + [dom.el("td", str(obs["scores"][s])) for s in seats],
        )
    )
    return dom.el("table", children=[dom.el("tbody", children=rows)])


def vp_chart(obs: dict) -> Any:
    """An SVG line chart of every player's VP after each Sapa Inca phase (and at the end)."""
    history = [{"round": 0, "scores": [0] * obs["players"]}, *obs["vp_history"]]
    if history[-1]["scores"] != obs["scores"]:
        history.append({"round": obs["round"], "scores": obs["scores"]})
    width, height, pad = 640, 300, 40
    top = max(1, max(max(h["scores"]) for h in history))
    steps = max(1, len(history) - 1)

    def x(i: int) -> float:
        return pad + (width - 2 * pad) * i / steps

    def y(v: int) -> float:
        return height - pad - (height - 2 * pad) * v / top

    svg = dom.svg_el(
        "svg",
        {
            "viewBox": f"0 0 {width} {height}",
            "role": "img",
            "aria-label": "Victory points of each player after each scoring",
        },
    )
    svg.appendChild(dom.svg_el("title", {}, "Victory points over time"))
    svg.appendChild(
        dom.svg_el(
            "line",
            {
                "x1": pad,
                "y1": height - pad,
                "x2": width - pad,
                "y2": height - pad,
                "stroke": "#5b4a3a",
            },
        )
    )
    svg.appendChild(
        dom.svg_el(
            "line", {"x1": pad, "y1": pad / 2, "x2": pad, "y2": height - pad, "stroke": "#5b4a3a"}
        )
    )
    for tick in range(0, top + 1, max(1, top // 5)):
        svg.appendChild(
            dom.svg_el(
                "text",
                {"x": pad - 6, "y": y(tick) + 4, "text-anchor": "end", "font-size": 11},
                str(tick),
            )
        )
    for i, point in enumerate(history):
        label = "start" if i == 0 else f"R{point['round']}"
        svg.appendChild(
            dom.svg_el(
                "text",
                {"x": x(i), "y": height - pad + 16, "text-anchor": "middle", "font-size": 11},
                label,
            )
        )
    markers = ("circle", "rect", "diamond", "triangle")
    for seat in range(obs["players"]):
        colour = seat_colour(obs, seat)
        points = " ".join(f"{x(i):.1f},{y(p['scores'][seat]):.1f}" for i, p in enumerate(history))
        group = dom.svg_el("g", {"data-seat": seat})
        group.appendChild(
            dom.svg_el("title", {}, f"{obs['names'][seat]}: {obs['scores'][seat]} VP")
        )
        group.appendChild(
            dom.svg_el(
                "polyline",
                {
                    "points": points,
                    "fill": "none",
                    "stroke": colour,
                    "stroke-width": 3,
                    "stroke-dasharray": ROAD_DASHES[obs["seats"][seat]["suyu"]],
                },
            )
        )
        shape = markers[seat % 4]
        for i, p in enumerate(history):
            group.appendChild(_marker(shape, x(i), y(p["scores"][seat]), colour))
        svg.appendChild(group)
        lx = pad + 10 + seat * ((width - 2 * pad) / obs["players"])
        svg.appendChild(_marker(shape, lx, 12, colour))
        svg.appendChild(
            dom.svg_el("text", {"x": lx + 9, "y": 16, "font-size": 12}, obs["names"][seat][:18])
        )
    return svg


def _marker(shape: str, cx: float, cy: float, colour: str) -> Any:
    common: dict[str, str | float] = {"fill": colour, "stroke": "#1b1208", "stroke-width": 1}
    if shape == "circle":
        return dom.svg_el("circle", {"cx": cx, "cy": cy, "r": 4.5, **common})
    if shape == "rect":
        return dom.svg_el("rect", {"x": cx - 4, "y": cy - 4, "width": 8, "height": 8, **common})
    if shape == "diamond":
        return dom.svg_el(
            "path",
            {"d": f"M{cx} {cy - 5.5}L{cx + 5.5} {cy}L{cx} {cy + 5.5}L{cx - 5.5} {cy}Z", **common},
        )
    return dom.svg_el(
        "path", {"d": f"M{cx} {cy - 5.5}L{cx + 5.5} {cy + 4.5}L{cx - 5.5} {cy + 4.5}Z", **common}
    )


# --- rules panel ---------------------------------------------------------------------------------


def rules_parts() -> list[Any]:
    """The rules panel's content: reference text in our own words, and the tables."""
    parts = [dom.el("h3", "A round, phase by phase")]
    phases = dom.el("dl")
    for name, text in T.PHASES:
        phases.appendChild(dom.el("dt", name))
        phases.appendChild(dom.el("dd", text))
    parts.append(phases)
    parts.append(dom.el("h3", "Roads"))
    parts.append(dom.el("ul", children=[dom.el("li", line) for line in T.ROADS]))
    parts.append(dom.el("h3", "Construction: cost and VP when built"))
    parts.append(_table(("Build", "Cost", "Scores", "Where"), T.COSTS))
    parts.append(dom.el("h3", "Sapa Inca scoring, every time"))
    parts.append(dom.el("ul", children=[dom.el("li", f"{a}: {b}") for a, b in T.SAPA_SCORES]))
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
                for vid, (name, desc) in T.VARIANTS.items()
                for node in (dom.el("dt", name), dom.el("dd", desc))
            ],
        )
    )
    parts.append(dom.el("p", T.TIE_BREAK, cls="note"))
    return parts


def _table(headers: tuple[str, ...], rows: Any) -> Any:
    """A table element: a header row, then one row per item of ``rows`` (cells as text)."""
    head = dom.el("tr", children=[dom.el("th", h, attrs={"scope": "col"}) for h in headers])
    body = [dom.el("tr", children=[dom.el("td", str(v)) for v in row]) for row in rows]
    return dom.el("table", children=[dom.el("tbody", children=[head, *body])])
