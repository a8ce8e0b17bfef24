"""Plain-words reasons why an action is not legal now.

Legality itself is decided by ``Game.legal_actions``; this module only explains a refusal, checking
the usual causes in order and naming the first that applies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from inca_core.empire import components as C
from inca_core.empire.actions import ARITY, Action
from inca_core.empire.codes import ACTIVE, CITY, DONE, GARRISON, TODO, UNCONQUERED
from inca_core.empire.tables import KIND_STANDARD, SITE_CITY, SITE_GARRISON, wild_crossings

if TYPE_CHECKING:
    from inca_core.empire.game import Game

_CONSTRUCTION = ("xroad", "city", "garrison", "conquer", "temple", "terrace", "upgrade")


def reason(g: Game, a: Action) -> str:
    """Why ``a`` is not legal in ``g`` now."""
    if g.over:
        return "The game is over."
    if a.kind not in ARITY:
        return f"Unknown action {a.kind!r}."
    seat = g.order[g.turn_pos]
    name = g.names[seat]
    if a.kind == "sun":
        return _sun(g, a, seat, name)
    if g.phase != C.PEOPLE:
        return "Now is the Sun phase: place one of your Sun Event cards on a free quadrant."
    return _people(g, a, seat) or "That is not possible now."


def _sun(g: Game, a: Action, seat: int, name: str) -> str:
    if g.phase != C.SUN:
        return "Sun Event cards are placed only in the Sun phase."
    if a.target not in C.CARD_INDEX:
        return f"There is no Sun Event card {a.target!r}."
    if a.extra not in g.quadrants:
        return f"There is no quadrant {a.extra!r}."
    if C.CARD_INDEX[a.target] not in g.hands[seat]:
        return f"{name} has no {C.CARD_KINDS[C.CARD_INDEX[a.target]].name} in hand."
    return (f"A card was already placed on {g.quadrant_label(int(a.extra[1:]))} in this Sun "
            "phase.")


def _people(g: Game, a: Action, seat: int) -> str | None:
    t = g.t
    kind = a.kind
    labor = g.labor[seat]
    if kind == "end":
        return "There is nothing to end: choose your construction or pass."
    if kind == "pass":
        if g.construction_begun:
            return ("Your construction is under way after Rapid Expansion's conquest: choose "
                    "what to build, or End.")
        if g.rs == ACTIVE:
            return "Finish road building first: one action is finished before the other starts."
        return "You have already used your construction action this turn."
    if kind == "pilgrim":
        return _pilgrim(g, a, seat)
    if kind == "road":
        if g.rs == DONE:
            return "Road building is over for this turn."
        if g.bs == ACTIVE or g.construction_begun:
            return "Finish construction first: one action is finished before the other starts."
        return _road(g, a.target, seat)
    if kind == "rapid":
        return _rapid(g, a.target, seat)
    if kind in _CONSTRUCTION:
        if g.bs == DONE:
            return "You have already used your construction action this turn."
        if g.rs == ACTIVE:
            return "Finish road building first: one action is finished before the other starts."
        if g.bs == ACTIVE and not _followup_kind(g, kind):
            return ("Your construction action is taken: only the optional extra build or End "
                    "is left.")
    if kind == "xroad":
        if labor < C.EXTRA_ROAD_COST and g.bs == TODO:
            return (f"An additional road costs {C.EXTRA_ROAD_COST} labor; "
                    f"{g.names[seat]} has {labor}.")
        return _road(g, a.target, seat)
    if kind in ("city", "garrison", "temple", "upgrade"):
        return _site(g, kind, a.target, seat)
    if kind == "conquer":
        return _conquest(g, kind, a.target, seat)
    if kind == "terrace":
        r = t.region_index.get(a.target)
        if r is None:
            return f"There is no region {a.target!r}."
        if g.owner[r] != seat:
            return "A terrace goes beside one of your own conquered markers."
        if g.terrace[r]:
            return "That marker already has a terrace (one per marker)."
        return _afford(g, seat, g.price(kind, a.target, g.bs == ACTIVE)[0])
    return None


def _rapid(g: Game, target: str, seat: int) -> str:
    if g.edition < 3:
        return (f"In this game (rules edition {g.edition}) Rapid Expansion's extra conquest "
                "comes only after the construction.")
    if not g.eff[C.RAPID_EXPANSION]:
        return "No Rapid Expansion card lies next to your line."
    if g.bs == DONE:
        return "You have already used your construction action this turn."
    if g.rs == ACTIVE:
        return "Finish road building first: one action is finished before the other starts."
    if g.bs == ACTIVE:
        return ("Your construction is taken: Rapid Expansion's extra conquest after it is a "
                "plain conquer.")
    if g.re_first >= g.eff[C.RAPID_EXPANSION]:
        return "Each Rapid Expansion card gives one extra conquest, and yours are used."
    return _conquest(g, "rapid", target, seat)


def _conquest(g: Game, kind: str, target: str, seat: int) -> str:
    t = g.t
    r = t.region_index.get(target)
    if r is None:
        return f"There is no region {target!r}."
    if t.region_kind[r] != KIND_STANDARD or g.owner[r] != UNCONQUERED:
        return f"{t.region_names[r]} is already part of the empire."
    if not any(g.innet[seat][s] for s in range(len(t.site_ids)) if r in t.site_regions[s]):
        return (f"To conquer {t.region_names[r]} your road system must reach a site "
                "touching it.")
    return _afford(g, seat, g.price(kind, target, g.bs == ACTIVE)[0])


def _followup_kind(g: Game, kind: str) -> bool:
    return ((kind == "garrison" and g.bp_left > 0) or (kind == "terrace" and g.es_left > 0)
            or (kind == "xroad" and g.wpo_left > 0) or (kind == "conquer" and g.re_left > 0))


def _afford(g: Game, seat: int, cost: int) -> str:
    if g.labor[seat] < cost:
        return f"That costs {cost} labor; {g.names[seat]} has {g.labor[seat]}."
    return "That is not possible now."


def _road(g: Game, target: str, seat: int) -> str:
    t = g.t
    link = t.link_index.get(target)
    if link is None:
        return f"There is no connection {target!r}."
    own = g.road[link]
    if own and (not t.link_wild[link] or g.edition < 3):
        return f"That connection already has a road of {g.names[own[0]]}."
    if seat in own:
        return "You already have a Wilderness Road there."
    if t.link_wild[link] and g.wild_left <= 0:
        return "Off the printed connections you need a Wilderness Road card."
    double = t.link_doubles[link]
    if double >= 0 and (not g.road[double] or seat in g.road[double]):
        return ("This Wilderness Road runs beside a printed connection: build that connection "
                "instead, unless another player holds it.")
    if t.link_wild[link] and g.edition >= 2:
        crossed = [x for x in wild_crossings(t)[link] if g.road[x]]
        if crossed:
            return f"It would cross the Wilderness Road {g.link_label(crossed[0])}."
    a, b = t.link_ends[link]
    if not (g.innet[seat][a] or g.innet[seat][b]):
        return "A new road must join your road system that leads back to Cuzco."
    return ("A road in an unconquered region needs an end that touches a conquered region.")


def _site(g: Game, kind: str, target: str, seat: int) -> str:
    t = g.t
    s = t.site_index.get(target)
    if s is None:
        return f"There is no site {target!r}."
    place = t.site_names[s]
    if not g.innet[seat][s]:
        return f"{place} is not connected to your road system."
    if kind == "city":
        if t.site_kind[s] != SITE_CITY:
            return f"{place} is not a city site."
        if g.improv[s]:
            return f"{place} is already built on."
        if any(g.owner[r] == UNCONQUERED for r in t.site_regions[s]):
            return "A city may only be founded in a conquered region."
        return _afford(g, seat, g.price(kind, target, False)[0])
    if kind == "garrison":
        if t.site_kind[s] != SITE_GARRISON:
            return f"{place} is not a garrison site."
        if g.improv[s]:
            return f"{place} is already built on."
        if all(g.owner[r] == UNCONQUERED for r in t.site_regions[s]):
            return "A garrison must border at least one conquered region."
        return _afford(g, seat, g.price(kind, target, False)[0])
    if kind == "upgrade":
        if not g.eff[C.KEY_OUTPOST]:
            return "Turning a garrison into a city needs the Key Outpost card."
        if g.improv[s] != GARRISON:
            return f"There is no garrison at {place}."
        return _afford(g, seat, g.price(kind, target, False)[0])
    if g.temple[s]:
        return f"{place} already has a temple."
    fervor = g.eff[C.RELIGIOUS_FERVOR] > 0
    if g.improv[s] != CITY and not (fervor and g.improv[s] == GARRISON):
        return "A temple is built on a city (on a garrison only with Religious Fervor)."
    if g.eff[C.SOLAR_ECLIPSE] and (g.roads_built or g.pilgrim):
        return ("Solar Eclipse: a temple means skipping road building, and no pilgrimage in "
                "the same turn.")
    return _afford(g, seat, g.price(kind, target, False)[0])


def _pilgrim(g: Game, a: Action, seat: int) -> str:
    card = C.CARD_INDEX.get(a.target)
    if card not in C.PILGRIMAGES:
        return f"{a.target!r} is not a pilgrimage card."
    if not g.eff[card]:
        return f"No {C.CARD_KINDS[card].name} card lies next to your line."
    if g.pilgrim:
        return "Only one pilgrimage per People phase."
    sites = " or ".join(C.PILGRIMAGES[card][1])
    if not any(g.innet[seat][s] and g.temple[s] for s in g.t.pilgrim_sites[card]):
        return f"Your road system must reach a temple at {sites}."
    if g.temple_built and g.eff[C.SOLAR_ECLIPSE]:
        return "Solar Eclipse: no pilgrimage in a turn with a temple."
    if g.construction_begun:
        return "Finish construction first: one action is finished before the other starts."
    part = "Road building" if a.extra == "roads" else "Construction"
    return f"{part} is already under way or done: a pilgrimage replaces a whole action."
