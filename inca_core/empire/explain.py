"""Plain-words reasons why an action is not legal now.

The move generator (:mod:`~inca_core.empire.movegen`) is the one statement of what is legal; this
module states no rule of its own. It asks the generator again on copies of the game with facts of
the position supposed otherwise (the turn's actions still to take, the place free, the card beside
the player's line, the road system reaching every site, more labor...): with all of them the
action is legal, and the first of them (in the order a player meets them) without which it is not
stands in its way. Its words are the reason; costs in them come from :meth:`Game.price`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from inca_core.empire import components as C
from inca_core.empire import movegen
from inca_core.empire.actions import ARITY, Action
from inca_core.empire.codes import ACTIVE, CITY, DONE, EMPIRE, GARRISON, NONE, TODO, UNCONQUERED
from inca_core.empire.tables import SITE_CITY, SITE_GARRISON, wild_crossings

if TYPE_CHECKING:
    from inca_core.empire.game import Game

_SITES = ("city", "garrison", "temple", "upgrade")
_REGIONS = ("conquer", "rapid", "terrace")
_ROADS = ("road", "xroad")
_ALL = tuple(kind for kind in ARITY if kind != "sun")
_FINISH_ROADS = "Finish road building first: one action is finished before the other starts."
_FINISH_BUILD = "Finish construction first: one action is finished before the other starts."
_BUILD_USED = "You have already used your construction action this turn."


def reason(g: Game, a: Action) -> str:
    """Why ``a`` is not legal in ``g`` now."""
    if g.over:
        return "The game is over."
    if a.kind not in ARITY:
        return f"Unknown action {a.kind!r}."
    unknown = _unknown_target(g, a)
    if unknown:
        return unknown
    if a.kind == "sun":
        if g.phase != C.SUN:
            return "Sun Event cards are placed only in the Sun phase."
        return _first_change(g, a, _SUN_CHANGES)
    if g.phase != C.PEOPLE:
        return "Now is the Sun phase: place one of your Sun Event cards on a free quadrant."
    return _first_change(g, a, _PEOPLE_CHANGES)


class _Change(NamedTuple):
    """One fact of the position supposed otherwise, for the action kinds it can matter to."""

    kinds: tuple[str, ...]
    make: Callable[[Game, Action, int], None]  # changes the copy for the player to move
    words: Callable[[Game, Action, int], str]  # says what stood in the way, from the real game


def _first_change(g: Game, a: Action, changes: tuple[_Change, ...]) -> str:
    seat = g.order[g.turn_pos]
    wanted = [c for c in changes if a.kind in c.kinds]

    def legal_with(used: list[_Change]) -> bool:
        h = g.copy()
        for change in used:
            change.make(h, a, seat)
        return a in movegen.legal_actions(h)

    if not legal_with(wanted):
        return _fixed(g, a)
    for change in wanted:
        if not legal_with([c for c in wanted if c is not change]):
            return change.words(g, a, seat)
    # Only changes that stand in for one another: the first that is enough on its own.
    for change in wanted:
        if legal_with([change]):
            return change.words(g, a, seat)
    return "That is not possible now."


def _unknown_target(g: Game, a: Action) -> str | None:
    """The words for an id that names nothing of its kind on this board."""
    t = g.t
    if a.kind == "sun":
        if a.target not in C.CARD_INDEX:
            return f"There is no Sun Event card {a.target!r}."
        if a.extra not in g.quadrants:
            return f"There is no quadrant {a.extra!r}."
    elif a.kind in _SITES and a.target not in t.site_index:
        return f"There is no site {a.target!r}."
    elif a.kind in _REGIONS and a.target not in t.region_index:
        return f"There is no region {a.target!r}."
    elif a.kind in _ROADS and a.target not in t.link_index:
        return f"There is no connection {a.target!r}."
    elif a.kind == "pilgrim" and C.CARD_INDEX.get(a.target) not in C.PILGRIMAGES:
        return f"{a.target!r} is not a pilgrimage card."
    return None


def _fixed(g: Game, a: Action) -> str:
    """The words when no change of the position helps: the place is not of the right kind."""
    if a.kind in ("city", "garrison"):
        s = g.t.site_index[a.target]
        wanted = SITE_CITY if a.kind == "city" else SITE_GARRISON
        if g.t.site_kind[s] != wanted:
            return f"{g.t.site_names[s]} is not a {a.kind} site."
    if a.kind == "upgrade":
        return f"There is no garrison at {g.t.site_names[g.t.site_index[a.target]]}."
    return "That is not possible now."


# --- the Sun phase ---------------------------------------------------------------------------


def _give_card(h: Game, a: Action, seat: int) -> None:
    h.hands[seat] = sorted([*h.hands[seat], C.CARD_INDEX[a.target]])


def _free_quadrant(h: Game, a: Action, seat: int) -> None:
    h.placed[int(a.extra[1:])] = False


_SUN_CHANGES = (
    _Change(("sun",), _give_card, lambda g, a, seat: (
        f"{g.names[seat]} has no {C.CARD_KINDS[C.CARD_INDEX[a.target]].name} in hand.")),
    _Change(("sun",), _free_quadrant, lambda g, a, seat: (
        f"A card was already placed on {g.quadrant_label(int(a.extra[1:]))} in this Sun "
        "phase.")),
)


# --- the People phase -----------------------------------------------------------------------


def _more_labor(h: Game, a: Action, seat: int) -> None:
    h.labor[seat] = 10**6


def _labor_words(g: Game, a: Action, seat: int) -> str:
    cost = g.price(a.kind, a.target, g.bs == ACTIVE)[0]
    have = f"{g.names[seat]} has {g.labor[seat]}."
    if a.kind == "xroad" and g.bs == TODO:
        return f"An additional road costs {cost} labor; {have}"
    return f"That costs {cost} labor; {have}"


def _no_eclipse(h: Game, a: Action, seat: int) -> None:
    h.eff[C.SOLAR_ECLIPSE] = 0


def _eclipse_words(g: Game, a: Action, seat: int) -> str:
    if a.kind == "temple":
        return ("Solar Eclipse: a temple means skipping road building, and no pilgrimage in "
                "the same turn.")
    return "Solar Eclipse: no pilgrimage in a turn with a temple."


def _turn_ahead(h: Game, a: Action, seat: int) -> None:
    """Both actions of the turn still to take."""
    h.rs = h.bs = TODO
    h.re_first = 0


def _stage_words(g: Game, a: Action, seat: int) -> str:
    kind = a.kind
    if kind == "end":
        return "There is nothing to end: choose your construction or pass."
    if g.bs == DONE and kind not in ("road", "pilgrim"):
        return _BUILD_USED
    if g.rs == ACTIVE:
        if kind == "road":
            return "You have placed every road of this road building: choose End."
        return _FINISH_ROADS
    if g.construction_begun:
        if kind == "pass":
            return ("Your construction is under way after Rapid Expansion's conquest: choose "
                    "what to build, or End.")
        if kind == "rapid":
            return "Each Rapid Expansion card gives one extra conquest, and yours are used."
        return _FINISH_BUILD if kind in ("road", "pilgrim") else _BUILD_USED
    if g.bs == ACTIVE:
        if kind in ("road", "pilgrim"):
            return _FINISH_BUILD
        if kind == "rapid":
            return ("Your construction is taken: Rapid Expansion's extra conquest after it is "
                    "a plain conquer.")
        if kind == "pass":
            return _BUILD_USED
        return ("Your construction action is taken: only the optional extra build or End "
                "is left.")
    if kind == "road":
        return "Road building is over for this turn."
    if kind == "pilgrim":
        part = "Road building" if a.extra == "roads" else "Construction"
        return f"{part} is already under way or done: a pilgrimage replaces a whole action."
    return _BUILD_USED


def _pilgrimage_ahead(h: Game, a: Action, seat: int) -> None:
    h.pilgrim = False


def _give_effect(h: Game, a: Action, seat: int) -> None:
    """The card the action needs lying next to the player's line."""
    if a.kind == "upgrade":
        h.eff[C.KEY_OUTPOST] = 1
    elif a.kind == "rapid":
        h.eff[C.RAPID_EXPANSION] = max(h.eff[C.RAPID_EXPANSION], 1)
    elif a.kind == "pilgrim":
        h.eff[C.CARD_INDEX[a.target]] = 1
    elif a.kind == "temple":
        h.eff[C.RELIGIOUS_FERVOR] = 1
    else:
        h.wild_left = 1


def _effect_words(g: Game, a: Action, seat: int) -> str:
    if a.kind == "upgrade":
        return "Turning a garrison into a city needs the Key Outpost card."
    if a.kind == "rapid":
        return "No Rapid Expansion card lies next to your line."
    if a.kind == "pilgrim":
        return f"No {C.CARD_KINDS[C.CARD_INDEX[a.target]].name} card lies next to your line."
    if a.kind == "temple":
        return _TEMPLE_WORDS
    return "Off the printed connections you need a Wilderness Road card."


_TEMPLE_WORDS = "A temple is built on a city (on a garrison only with Religious Fervor)."


def _place_free(h: Game, a: Action, seat: int) -> None:
    t = h.t
    if a.kind in ("city", "garrison"):
        h.improv[t.site_index[a.target]] = NONE
    elif a.kind == "temple":
        h.temple[t.site_index[a.target]] = False
    elif a.kind == "terrace":
        h.terrace[t.region_index[a.target]] = False
    elif a.kind in _ROADS:
        h.road[t.link_index[a.target]] = ()
    else:
        h.owner[t.region_index[a.target]] = UNCONQUERED


def _taken_words(g: Game, a: Action, seat: int) -> str:
    t = g.t
    if a.kind in _SITES:
        place = t.site_names[t.site_index[a.target]]
        if a.kind == "temple":
            return f"{place} already has a temple."
        return f"{place} is already built on."
    if a.kind == "terrace":
        return "That marker already has a terrace (one per marker)."
    if a.kind in _ROADS:
        link = t.link_index[a.target]
        own = g.road[link]
        if seat in own:
            return f"You already have a {'Wilderness Road' if t.link_wild[link] else 'road'} there."
        return f"That connection already has a road of {g.names[own[0]]}."
    return f"{t.region_names[t.region_index[a.target]]} is already part of the empire."


def _printed_beside_held(h: Game, a: Action, seat: int) -> None:
    double = h.t.link_doubles[h.t.link_index[a.target]]
    if double >= 0:
        h.road[double] = ((seat + 1) % h.n,)


def _clear_crossings(h: Game, a: Action, seat: int) -> None:
    for x in wild_crossings(h.t)[h.t.link_index[a.target]]:
        h.road[x] = ()


def _crossing_words(g: Game, a: Action, seat: int) -> str:
    crossed = [x for x in wild_crossings(g.t)[g.t.link_index[a.target]] if g.road[x]]
    return f"It would cross the Wilderness Road {g.link_label(crossed[0])}."


def _own_marker(h: Game, a: Action, seat: int) -> None:
    h.owner[h.t.region_index[a.target]] = seat


def _all_conquered(h: Game, a: Action, seat: int) -> None:
    for r, owner in enumerate(h.owner):
        if owner == UNCONQUERED:
            h.owner[r] = EMPIRE
    movegen.update_buildable(h, range(len(h.t.link_ids)))


def _conquered_words(g: Game, a: Action, seat: int) -> str:
    if a.kind == "city":
        return "A city may only be founded in a conquered region."
    if a.kind == "garrison":
        return "A garrison must border at least one conquered region."
    return "A road in an unconquered region needs an end that touches a conquered region."


def _building_below(h: Game, a: Action, seat: int) -> None:
    """The building the action goes on: a garrison to turn into a city, a city for a temple on
    an empty site (on a garrison the card decides)."""
    s = h.t.site_index[a.target]
    if a.kind == "upgrade":
        h.improv[s] = GARRISON
    elif h.improv[s] == NONE:
        h.improv[s] = CITY


def _reach_everything(h: Game, a: Action, seat: int) -> None:
    h.innet[seat] = bytearray([1]) * len(h.t.site_ids)
    h.net[seat] = list(range(len(h.t.site_ids)))


def _unreached_words(g: Game, a: Action, seat: int) -> str:
    t = g.t
    if a.kind in _SITES:
        return f"{t.site_names[t.site_index[a.target]]} is not connected to your road system."
    if a.kind in _ROADS:
        return "A new road must join your road system that leads back to Cuzco."
    if a.kind == "pilgrim":
        return _pilgrim_words(g, a, seat)
    region = t.region_names[t.region_index[a.target]]
    return f"To conquer {region} your road system must reach a site touching it."


def _temples_there(h: Game, a: Action, seat: int) -> None:
    for s in h.t.pilgrim_sites[C.CARD_INDEX[a.target]]:
        h.temple[s] = True


def _pilgrim_words(g: Game, a: Action, seat: int) -> str:
    sites = " or ".join(C.PILGRIMAGES[C.CARD_INDEX[a.target]][1])
    return f"Your road system must reach a temple at {sites}."


def _later_edition(h: Game, a: Action, seat: int) -> None:
    h.edition = max(h.edition, 3)


def _edition_words(g: Game, a: Action, seat: int) -> str:
    return (f"In this game (rules edition {g.edition}) Rapid Expansion's extra conquest comes "
            "only after the construction.")


_PEOPLE_CHANGES = (  # in the order a player meets them
    _Change(("rapid",), _later_edition, _edition_words),
    _Change(("rapid",), _give_effect, _effect_words),
    _Change(_ALL, _turn_ahead, _stage_words),
    _Change(("pilgrim",), _pilgrimage_ahead,
            lambda g, a, seat: "Only one pilgrimage per People phase."),
    _Change(("terrace",), _own_marker,
            lambda g, a, seat: "A terrace goes beside one of your own conquered markers."),
    _Change((*_SITES[:3], *_REGIONS, *_ROADS), _place_free, _taken_words),
    _Change(("upgrade", "pilgrim", "temple", *_ROADS), _give_effect, _effect_words),
    _Change(_ROADS, _printed_beside_held, lambda g, a, seat: (
        "This Wilderness Road runs beside a printed connection: build that connection "
        "instead, unless another player holds it.")),
    _Change(_ROADS, _clear_crossings, _crossing_words),
    _Change(("city", "garrison", "temple", "upgrade", "conquer", "rapid", "pilgrim", *_ROADS),
            _reach_everything, _unreached_words),
    _Change(("pilgrim",), _temples_there, _pilgrim_words),
    _Change(("upgrade", "temple"), _building_below, lambda g, a, seat: (
        f"There is no garrison at {g.t.site_names[g.t.site_index[a.target]]}."
        if a.kind == "upgrade" else _TEMPLE_WORDS)),
    _Change(("city", "garrison", *_ROADS), _all_conquered, _conquered_words),
    _Change(("temple", "pilgrim"), _no_eclipse, _eclipse_words),
    _Change(_ALL, _more_labor, _labor_words),
)
