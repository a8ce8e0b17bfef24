"""The automatic phases that bracket a round: the Inca phase and the Sapa Inca phase."""

from __future__ import annotations

from typing import TYPE_CHECKING

from inca_core.empire import components as C
from inca_core.empire.codes import CITY, GARRISON

if TYPE_CHECKING:
    from inca_core.empire.game import Game


def income(g: Game, seat: int, round_index: int) -> tuple[int, int, int]:
    """``seat``'s income at the Inca phase of round ``round_index``: labor from the era box, from
    conquered markers and from terraces."""
    return (g.track[round_index].labor_box, g.marker_income[seat],
            C.TERRACE_INCOME * g.terraces[seat])


def inca_phase(g: Game) -> None:
    """Income (era box, markers, terraces), then aid from leaders to trailing players."""
    for seat in range(g.n):
        box, markers, terr = income(g, seat, g.round_i)
        total = box + markers + terr
        g.labor[seat] += total
        g.note(f"{g.names[seat]} receives {total} labor: {box} from the era, {markers} from "
                f"markers, {terr} from terraces.", seat,
                {"kind": "income", "era": box, "markers": markers, "terraces": terr,
                 "total": total})
    rank = g.ranking
    for giver_rank, receiver_rank, amount in C.AID[g.era]:
        if g.n < C.AID_PLAYERS_MIN.get((giver_rank, receiver_rank, amount), 0):
            continue
        giver, receiver = rank[giver_rank], rank[receiver_rank]
        given = min(amount, g.labor[giver])
        # Edition 1 gave no aid between tied players; from edition 2 the track order (who got
        # there first) ranks them, and aid flows between them as between any others.
        if given <= 0 or (g.edition < 2 and g.score[giver] == g.score[receiver]):
            continue
        g.labor[giver] -= given
        g.labor[receiver] += given
        g.note(f"Aid: {g.names[giver]} gives {given} labor to {g.names[receiver]}.", giver,
                {"kind": "aid", "to": receiver, "labor": given})


def sapa_inca_phase(g: Game) -> None:
    """Clear the Sun board, score in track order (leader first), return labor above the box."""
    for q in range(g.n):
        g.discard.extend(c[0] for c in g.qcards[q])
        g.qcards[q] = []
    g.note("Sapa Inca phase: the Sun Event board is cleared.", event={"kind": "phase"})
    for seat in g.ranking:
        garrisons = cities = temples = 0
        for s in g.net[seat]:
            imp = g.improv[s]
            if imp == GARRISON:
                garrisons += 1
            elif imp == CITY:
                cities += 1
            if g.temple[s]:
                temples += 1
        parts = (
            (g.terraces[seat] * C.SCORE_TERRACE, "scoring_terrace"),
            (garrisons * C.SCORE_GARRISON, "scoring_garrison"),
            (cities * C.SCORE_CITY, "scoring_city"),
            (temples * C.SCORE_TEMPLE, "scoring_temple"),
        )
        g.add_vp(seat, parts)
        total = sum(p[0] for p in parts)
        items = [
            (g.terraces[seat], "terrace", "terraces", parts[0][0]),
            (garrisons, "connected garrison", "connected garrisons", parts[1][0]),
            (cities, "connected city", "connected cities", parts[2][0]),
            (temples, "connected temple", "connected temples", parts[3][0]),
        ]
        detail = ", ".join(f"{C.count(n, one, many)} ({vp} VP)" for n, one, many, vp in items
                           if n)
        event = {"kind": "scoring", "total": total,
                 **{source.removeprefix("scoring_"): vp for vp, source in parts}}
        if detail:
            g.note(f"{g.names[seat]} scores {total} VP: {detail}.", seat, event)
        else:
            g.note(f"{g.names[seat]} scores nothing: no terraces and no connected "
                    "improvements.", seat, event)
    box = g.track[g.round_i].labor_box
    for seat in range(g.n):
        if g.labor[seat] > box:
            g.note(f"{g.names[seat]} returns {g.labor[seat] - box} labor.", seat,
                    {"kind": "returned", "labor": g.labor[seat] - box})
            g.labor[seat] = box
    g.vp_history.append({"round": g.track[g.round_i].number, "scores": list(g.score)})
