"""Sun Event card effects: what the face-up cards beside a player change, and the end of a Sun
phase (reveal, Rural Unrest, Popular Support).

``eff`` is a list of counts indexed like :data:`inca_core.empire.components.CARD_KINDS`: how
many face-up cards of each kind lie in the two quadrants bordering the player's line. Effects stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from inca_core.empire import components as C
from inca_core.empire.codes import UNCONQUERED

if TYPE_CHECKING:
    from inca_core.empire.game import Game


def effects(g: Game, seat: int) -> list[int]:
    """Counts of the face-up card kinds affecting ``seat``."""
    eff = [0] * len(C.CARD_KINDS)
    for q in g.seat_quadrants[seat]:
        for card, _owner, up in g.qcards[q]:
            if up:
                eff[card] += 1
    return eff


def free_roads(eff: list[int]) -> int:
    """Free roads of road building: 2, +1 per Extra Road Crew, -1 per El Nino, at least 1."""
    return max(C.MIN_FREE_ROADS, C.FREE_ROADS + eff[C.EXTRA_ROAD_CREW] - eff[C.EL_NINO])


def city_cost(eff: list[int]) -> int:
    """Labor to found a city (Epidemic)."""
    return C.CITY_COST + C.EPIDEMIC_EXTRA_COST * eff[C.EPIDEMIC]


def city_vp(eff: list[int]) -> int:
    """VP for founding a city (Urban Renewal)."""
    return C.CITY_VP + C.URBAN_RENEWAL_EXTRA_VP * eff[C.URBAN_RENEWAL]


def upgrade_cost(eff: list[int]) -> int:
    """Labor to turn a garrison into a city with Key Outpost (Epidemic applies)."""
    return C.KEY_OUTPOST_COST + C.EPIDEMIC_EXTRA_COST * eff[C.EPIDEMIC]


def upgrade_vp(eff: list[int]) -> int:
    """VP for a Key Outpost city (Urban Renewal applies)."""
    return C.KEY_OUTPOST_VP + C.URBAN_RENEWAL_EXTRA_VP * eff[C.URBAN_RENEWAL]


def garrison_cost(eff: list[int]) -> int:
    """Labor to build a garrison (Harsh Weather)."""
    return C.GARRISON_COST + C.HARSH_WEATHER_EXTRA_COST * eff[C.HARSH_WEATHER]


def garrison_vp(eff: list[int]) -> int:
    """VP for building a garrison (Stores Stop Famine)."""
    return C.GARRISON_VP + C.STORES_EXTRA_VP * eff[C.STORES_STOP_FAMINE]


def conquer_cost(resistance: int, eff: list[int], extra: int = 0) -> int:
    """Labor to conquer a region of ``resistance`` (Resistance, Military Superiority; ``extra``
    for Rapid Expansion), never below 0."""
    cost = (resistance + C.RESISTANCE_EXTRA_COST * eff[C.RESISTANCE]
            - C.MILITARY_DISCOUNT * eff[C.MILITARY_SUPERIORITY] + extra)
    return max(0, cost)


#: Follow-up construction kind to the card that allows it (while construction is active).
FOLLOWUP_CARDS: dict[str, int] = {
    "garrison": C.BUILDING_PROJECT,
    "terrace": C.EXPERT_SURVEYORS,
    "xroad": C.WORKERS_PRESS_ON,
    "conquer": C.RAPID_EXPANSION,
}


def modifiers(eff: list[int], kind: str, followup: bool = False) -> list[str]:
    """Why the cost or VP of a construction of ``kind`` differs from the printed one: one short
    phrase per card in effect that changes it (``"Epidemic: +2 labor"``)."""
    changes: list[tuple[int, int, str]] = []
    if kind in ("city", "upgrade"):
        changes += [(C.EPIDEMIC, C.EPIDEMIC_EXTRA_COST, "labor"),
                    (C.URBAN_RENEWAL, C.URBAN_RENEWAL_EXTRA_VP, "VP")]
    elif kind == "garrison":
        changes += [(C.HARSH_WEATHER, C.HARSH_WEATHER_EXTRA_COST, "labor"),
                    (C.STORES_STOP_FAMINE, C.STORES_EXTRA_VP, "VP")]
    elif kind == "conquer":
        changes += [(C.RESISTANCE, C.RESISTANCE_EXTRA_COST, "labor"),
                    (C.MILITARY_SUPERIORITY, -C.MILITARY_DISCOUNT, "labor")]
    out = [f"{C.CARD_KINDS[card].name}: {size * eff[card]:+d} {unit}"
           for card, size, unit in changes if eff[card]]
    if followup and kind == "conquer":
        out.append(f"Rapid Expansion: {C.RAPID_EXPANSION_EXTRA_COST:+d} labor")
    return out


def temple_allowed(eff: list[int], roads_built: int, pilgrim: bool) -> bool:
    """Solar Eclipse: a temple only in a turn without free roads and without a pilgrimage."""
    if eff[C.SOLAR_ECLIPSE]:
        return roads_built == 0 and not pilgrim
    return True


def resolve(g: Game) -> None:
    """End of a Sun phase: turn every card face up, then resolve every Rural Unrest and
    Popular Support on the board (placed now or earlier in the round)."""
    for q in range(g.n):
        cards = g.qcards[q]
        for i, (card, owner, up) in enumerate(cards):
            if not up:
                cards[i] = (card, owner, True)
                g.sealed = True
                g.note(f"Revealed on {g.quadrant_label(q)}: "
                        f"{C.CARD_KINDS[card].name} (placed by {g.names[owner]}).",
                        event={"kind": "card", "card": C.CARD_IDS[card], "quadrant": f"q{q}",
                               "by": owner, "seats": list(g.quadrant_seats[q])})
    for q in range(g.n):
        kinds = [c[0] for c in g.qcards[q]]
        if C.RURAL_UNREST in kinds:
            for seat in g.quadrant_seats[q]:
                _rural_unrest(g, seat)
        for _ in range(kinds.count(C.POPULAR_SUPPORT)):
            for seat in g.quadrant_seats[q]:
                gain = g.low_markers[seat]
                if gain:
                    g.labor[seat] += gain
                    g.note(f"Popular Support gives {g.names[seat]} {gain} labor.", seat,
                            {"kind": "support", "labor": gain})


def _rural_unrest(g: Game, seat: int) -> None:
    """Destroy ``seat``'s roads that lie (even partly) in an unconquered region."""
    link_regions = g.t.link_regions
    owner = g.owner
    lost = []
    for link, own in enumerate(g.road):
        if seat in own and any(owner[r] == UNCONQUERED for r in link_regions[link]):
            g.road[link] = tuple(s for s in own if s != seat)
            lost.append(link)
    if lost:
        g.rebuild_net(seat)
        g.note(f"Rural Unrest destroys {C.count(len(lost), 'road')} of {g.names[seat]}: "
                + ", ".join(g.link_label(link) for link in lost) + ".", seat,
                {"kind": "unrest", "roads": [g.t.link_ids[link] for link in lost]})
