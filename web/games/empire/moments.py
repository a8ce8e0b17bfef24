"""What an Inca Empire action did, for showing it as it happens: a caption, the board elements it
changed and a summary of the automatic phases it set off (``views.Moment``).

Everything comes from the engine's log: the entries of action ``k`` carry ``n == k`` and the
automatic steps carry their figures in ``event`` (``docs/empire/observation.md``); the game is
read through the protocol only. Nothing is worked out here.
"""

from __future__ import annotations

from views import Moment, entries_of

from inca_core.empire import components as C
from inca_core.empire import targets
from inca_core.protocol import State

CARDS = {k.id: k for k in C.CARD_KINDS}
#: Event kinds of the automatic phases (they make a summary).
AUTOMATIC = ("income", "aid", "card", "unrest", "support", "scoring", "returned")
#: Event kinds that only head a phase (left out of the summary).
HEADINGS = ("round", "phase", "marker")
PHASE_TITLES = {
    "inca": "Inca phase: labor",
    "sun": "Sun phase",
    "sapa_inca": "Sapa Inca phase: scoring",
    "people": "People phase",
}


def moment(game: State) -> Moment | None:
    """What the latest action of ``game`` did; ``None`` before the first action."""
    count = len(game.actions)
    if not count:
        return None
    entries = entries_of(game.log, count)
    own = [e for e in entries if "event" not in e and e["seat"] is not None]
    seat = own[0]["seat"] if own else None
    revealed = [e for e in entries if _kind(e) == "marker"]
    caption = " ".join(e["text"] for e in [*own[:1], *revealed])
    marks = list(targets.elements(game.actions[-1]))
    marks = [m for m in marks if not m.startswith("card:")]
    for entry in entries:
        event = entry.get("event") or {}
        if event.get("kind") == "marker":
            marks.append(f"region:{event['region']}")
        elif event.get("kind") == "unrest":
            marks.extend(f"connection:{road}" for road in event["roads"])
        elif event.get("kind") == "card":
            marks.append(f"quadrant:{event['quadrant']}")
    return Moment(seat, caption, tuple(dict.fromkeys(marks)), summary(entries, game.names))


def _kind(entry: dict) -> str | None:
    event = entry.get("event")
    return event.get("kind") if event else None


def summary(entries: list[dict], names: tuple[str, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The automatic phases among ``entries`` as (heading, lines), with the engine's figures;
    empty when none ran."""
    if not any(_kind(e) in AUTOMATIC for e in entries):
        return ()
    parts: list[tuple[str, list[str]]] = []
    current = None
    for entry in entries:
        kind = _kind(entry)
        automatic = kind in AUTOMATIC or (kind not in HEADINGS and entry["seat"] is None)
        if not automatic:
            continue
        key = (entry["round"], entry["phase"])
        if key != current:
            current = key
            title = PHASE_TITLES.get(entry["phase"], "Setup")
            parts.append((f"Round {entry['round']}, {title}", []))
        parts[-1][1].append(line(entry, names))
    return tuple((heading, tuple(lines)) for heading, lines in parts)


def line(entry: dict, names: tuple[str, ...]) -> str:
    """One summary line: the figures of an event in short, else the engine's text."""
    event = entry.get("event") or {}
    kind = event.get("kind")
    who = names[entry["seat"]] if entry["seat"] is not None else ""
    if kind == "income":
        return (
            f"{who}: +{event['total']} labor ({event['era']} from the era, {event['markers']} "
            f"from markers, {event['terraces']} from terraces)"
        )
    if kind == "aid":
        return f"Aid: {who} gives {event['labor']} labor to {names[event['to']]}"
    if kind == "card":
        card = CARDS[event["card"]]
        a, b = (names[s] for s in event["seats"])
        return f"{card.name} on {a} and {b} (placed by {names[event['by']]}): {card.text}"
    if kind == "scoring":
        sources = (
            ("terrace", "terraces"),
            ("garrison", "garrisons"),
            ("city", "cities"),
            ("temple", "temples"),
        )
        split = ", ".join(f"{event[s]} from {many}" for s, many in sources if event[s])
        return f"{who}: +{event['total']} VP" + (f" ({split})" if split else "")
    if kind == "returned":
        return f"{who} returns {event['labor']} labor above the era's limit"
    return str(entry["text"])
