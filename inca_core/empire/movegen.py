"""Legal action generation: which actions the player to move may take now.

Candidates come from the player's road network (its sites, in the order they joined), so the
order is stable and generation stays proportional to the network, not to the board.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from inca_core.empire import components as C
from inca_core.empire import sun
from inca_core.empire.actions import END, PASS, Action
from inca_core.empire.codes import ACTIVE, CITY, GARRISON, NONE, TODO, UNCONQUERED
from inca_core.empire.tables import SITE_CITY, SITE_GARRISON, wild_crossings

if TYPE_CHECKING:
    from inca_core.empire.game import Game

#: Sun placements by player count, card kind and quadrant.
SUN_ACTIONS: dict[int, tuple[tuple[Action, ...], ...]] = {
    n: tuple(tuple(Action("sun", card, f"q{q}") for q in range(n)) for card in C.CARD_IDS)
    for n in (3, 4)
}
#: Pilgrimage actions by (card kind index, replaced part).
PILGRIM_ACTIONS: dict[tuple[int, str], Action] = {
    (card, part): Action("pilgrim", C.CARD_IDS[card], part)
    for card in C.PILGRIMAGES for part in ("roads", "build")
}


def legal_actions(g: Game) -> tuple[Action, ...]:
    """Every legal action of the player to move (empty once the game is over)."""
    if g.over:
        return ()
    if g.phase == C.SUN:
        return sun_actions(g)
    return tuple(people_actions(g))


def sun_actions(g: Game) -> tuple[Action, ...]:
    """Sun phase: each card kind in hand on each quadrant without a new card."""
    seat = g.order[g.turn_pos]
    table = SUN_ACTIONS[g.n]
    free = [q for q in range(g.n) if not g.placed[q]]
    out: list[Action] = []
    last = -1
    for card in g.hands[seat]:
        if card != last:
            row = table[card]
            out.extend(row[q] for q in free)
            last = card
    return tuple(out)


def open_links(g: Game, seat: int) -> list[int]:
    """The links where ``seat`` may place a road now: free, joined to its road system, allowed
    by the conquered-region rule (``Game.buildable``); Wilderness candidates only with the card,
    beside a printed connection only when another player holds it, (from rules edition 2)
    never across a Wilderness Road already built, and (from rules edition 3) also where other
    players already have a Wilderness Road."""
    t = g.t
    road = g.road
    innet = g.innet[seat]
    buildable = g.buildable
    printed = t.printed_links
    wild_ok = g.wild_left > 0
    ends = t.link_ends
    links = t.site_links if wild_ok else t.site_printed
    doubles = t.link_doubles
    crossings = wild_crossings(t) if wild_ok and g.edition >= 2 else None
    shared = g.edition >= 3
    out: list[int] = []
    for s in g.net[seat]:
        for link in links[s]:
            own = road[link]
            if (own and (link < printed or not shared or seat in own)) or not buildable[link]:
                continue
            a, b = ends[link]
            if innet[b if a == s else a] and (b if a == s else a) < s:
                continue  # offered from the other end
            if link >= printed:
                double = doubles[link]
                if double >= 0 and (not road[double] or seat in road[double]):
                    continue
                if crossings is not None and any(road[x] for x in crossings[link]):
                    continue  # edition 2: it would cross a Wilderness Road already built
            out.append(link)
    return out


def conquered_mask(g: Game) -> int:
    """The conquered regions as a bit mask (bit r set: region r is part of the empire)."""
    mask = 0
    for r, owner in enumerate(g.owner):
        if owner != UNCONQUERED:
            mask |= 1 << r
    return mask


def update_buildable(g: Game, links: Iterable[int]) -> None:
    """Re-check the conquered-region rule for ``links`` into ``g.buildable``: a road in an
    unconquered region needs an end touching a conquered region (a Wilderness Road: if any
    region it passes is unconquered)."""
    conquered = conquered_mask(g)
    inside = g.t.link_region_mask
    ends = g.t.link_end_mask
    buildable = g.buildable
    for link in links:
        buildable[link] = not inside[link] & ~conquered or bool(ends[link] & conquered)


def people_actions(g: Game) -> list[Action]:
    """People phase: the choices at the current stage of the turn."""
    t = g.t
    seat = g.order[g.turn_pos]
    out: list[Action] = []
    if g.rs == ACTIVE:
        if g.free_left > 0:
            out.extend(t.road_action[link] for link in open_links(g, seat))
        out.append(END)
        return out
    if g.bs == ACTIVE:
        followups(g, seat, out)
        out.append(END)
        return out
    links = open_links(g, seat)
    if g.construction_begun:
        # Rules edition 3: a Rapid Expansion conquest opened the construction; it is finished
        # before road building may start.
        construction(g, seat, links, out)
        rapid_options(g, seat, out)
        out.append(END)
        return out
    if g.rs == TODO:
        out.extend(t.road_action[link] for link in links)
        out.append(END)
    if g.bs == TODO:
        construction(g, seat, links, out)
        rapid_options(g, seat, out)
        out.append(PASS)
    pilgrimages(g, seat, out)
    return out


def construction(g: Game, seat: int, links: list[int], out: list[Action]) -> None:
    """Append every construction action ``seat`` can afford now."""
    t = g.t
    eff = g.eff
    labor = g.labor[seat]
    owner = g.owner
    improv = g.improv
    kinds = t.site_kind
    net = g.net[seat]
    if labor >= C.EXTRA_ROAD_COST:
        out.extend(t.xroad_action[link] for link in links)
    city_cost = sun.city_cost(g.eff)
    if labor >= city_cost:
        for s in net:
            if kinds[s] == SITE_CITY and improv[s] == NONE and all(
                owner[r] != UNCONQUERED for r in t.site_regions[s]
            ):
                out.append(t.city_action[s])
    garrison_options(g, seat, out)
    conquer_options(g, seat, 0, out)
    if labor >= C.TEMPLE_COST and sun.temple_allowed(g.eff, g.roads_built, g.pilgrim):
        fervor = eff[C.RELIGIOUS_FERVOR] > 0
        temple = g.temple
        for s in net:
            if not temple[s] and (improv[s] == CITY or (fervor and improv[s] == GARRISON)):
                out.append(t.temple_action[s])
    terrace_options(g, seat, out)
    if eff[C.KEY_OUTPOST] and labor >= sun.upgrade_cost(g.eff):
        for s in net:
            if improv[s] == GARRISON and kinds[s] == SITE_GARRISON:
                out.append(t.upgrade_action[s])


def garrison_options(g: Game, seat: int, out: list[Action]) -> None:
    """Append the garrisons ``seat`` can build."""
    t = g.t
    if g.labor[seat] < sun.garrison_cost(g.eff):
        return
    owner = g.owner
    improv = g.improv
    kinds = t.site_kind
    for s in g.net[seat]:
        if kinds[s] == SITE_GARRISON and improv[s] == NONE and any(
            owner[r] != UNCONQUERED for r in t.site_regions[s]
        ):
            out.append(t.garrison_action[s])


def conquer_options(g: Game, seat: int, extra: int, out: list[Action],
                    actions: tuple[Action, ...] | None = None) -> None:
    """Append the regions ``seat`` can conquer, paying ``extra`` on top (as ``actions`` by
    region, by default the ``conquer`` actions)."""
    t = g.t
    table = t.conquer_action if actions is None else actions
    owner = g.owner
    labor = g.labor[seat]
    seen: list[int] = []
    for s in g.net[seat]:
        for r in t.site_regions[s]:
            if owner[r] == UNCONQUERED and r not in seen:
                seen.append(r)
                if g.conquer_cost(r, extra) <= labor:
                    out.append(table[r])


def rapid_options(g: Game, seat: int, out: list[Action]) -> None:
    """Append Rapid Expansion's extra conquests that may come before the construction (from
    rules edition 3): one per Rapid Expansion card, 2 more labor each."""
    if g.edition >= 3 and g.re_first < g.eff[C.RAPID_EXPANSION]:
        conquer_options(g, seat, C.RAPID_EXPANSION_EXTRA_COST, out, g.t.rapid_action)


def terrace_options(g: Game, seat: int, out: list[Action]) -> None:
    """Append the terraces ``seat`` can build."""
    if g.labor[seat] < C.TERRACE_COST:
        return
    t = g.t
    owner = g.owner
    terrace = g.terrace
    for r in t.standard_regions:
        if owner[r] == seat and not terrace[r]:
            out.append(t.terrace_action[r])


def followups(g: Game, seat: int, out: list[Action]) -> None:
    """Append the optional second builds left after the construction action."""
    if g.bp_left:
        garrison_options(g, seat, out)
    if g.es_left:
        terrace_options(g, seat, out)
    if g.wpo_left:
        xroad = g.t.xroad_action
        out.extend(xroad[link] for link in open_links(g, seat))
    if g.re_left:
        conquer_options(g, seat, C.RAPID_EXPANSION_EXTRA_COST, out)


def pilgrimages(g: Game, seat: int, out: list[Action]) -> None:
    """Append the pilgrimages open to ``seat``."""
    if g.pilgrim or g.rs == ACTIVE or g.bs == ACTIVE:
        return
    if g.temple_built and g.eff[C.SOLAR_ECLIPSE]:
        return
    parts = [p for p, state in (("roads", g.rs), ("build", g.bs)) if state == TODO]
    if not parts:
        return
    innet = g.innet[seat]
    temple = g.temple
    for card, sites in g.t.pilgrim_sites.items():
        if g.eff[card] and any(innet[s] and temple[s] for s in sites):
            out.extend(PILGRIM_ACTIONS[(card, p)] for p in parts)
