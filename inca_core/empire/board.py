"""The game board: regions, sites, printed connections and Wilderness Road candidates.

A board side is committed data (``inca_core/empire/data/board-<players>.json``) produced by the map
generator in ``tools/mapgen``; loading it does no geometry at all. Coordinates are SVG user units
(x to the east, y to the south) in a ``width`` x ``height`` frame.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Literal

Point = tuple[float, float]
RegionKind = Literal["cuzco", "start", "standard"]
SiteKind = Literal["city", "garrison", "plain"]

#: The four suyus in their order around Cuzco; this is also the order of the player colours.
SUYUS: tuple[str, ...] = ("Chinchaysuyu", "Antisuyu", "Collasuyu", "Cuntisuyu")


@dataclass(frozen=True, slots=True)
class Region:
    """An area of the map: Cuzco, a starting region (one per suyu) or a standard region."""

    id: str
    name: str
    kind: RegionKind
    suyu: str | None
    hand_of_god: bool
    outline: tuple[Point, ...]
    neighbours: frozenset[str]
    #: Where the name is drawn (inside the region, clear of its sites).
    label: Point
    #: Font size of the name in user units, chosen so the name fits the region.
    label_size: float = 12.0


@dataclass(frozen=True, slots=True)
class Site:
    """A point roads meet at: a city, garrison or plain site, touching 1 to 3 regions."""

    id: str
    name: str
    kind: SiteKind
    pos: Point
    regions: frozenset[str]
    temple_bonus: int = 0


@dataclass(frozen=True, slots=True)
class Connection:
    """A printed connection between two sites, located in exactly one region.

    ``start_of`` names the suyu whose player's first road this is (``None`` for all others).
    """

    id: str
    ends: tuple[str, str]
    region: str
    start_of: str | None = None


@dataclass(frozen=True, slots=True)
class WildernessRoad:
    """A pair of sites a Wilderness Road may join, and the 1 or 2 regions its line passes.

    ``doubles`` names the printed connection with the same two ends, if there is one: the
    Wilderness Road then runs beside that connection and may be built even when it is claimed.
    """

    id: str
    ends: tuple[str, str]
    regions: frozenset[str]
    doubles: str | None = None


@dataclass(frozen=True, slots=True)
class Board:
    """One side of the game board."""

    players: int
    width: float
    height: float
    regions: Mapping[str, Region]
    sites: Mapping[str, Site]
    connections: Mapping[str, Connection]
    wilderness: tuple[WildernessRoad, ...]
    #: Land outlines (closed rings) as drawn: everything else in the frame is sea.
    land: tuple[tuple[Point, ...], ...]
    #: Land that is not in play on this side (the 3-player side's missing wedge), as closed rings.
    out_of_play: tuple[tuple[Point, ...], ...] = ()
    #: Outline of the land in play, exactly the union of the region outlines (even-odd rings:
    #: the outer boundary plus holes such as Lake Titicaca).
    play_area: tuple[tuple[Point, ...], ...] = ()
    #: Mountain crest lines, drawn as decoration only (the Andes).
    relief: tuple[tuple[Point, ...], ...] = ()

    @property
    def suyus(self) -> tuple[str, ...]:
        """The suyus with a starting region on this side, in seating order around Cuzco."""
        present = {r.suyu for r in self.regions.values() if r.kind == "start"}
        return tuple(s for s in SUYUS if s in present)

    def start_region(self, suyu: str) -> Region:
        """The starting region of ``suyu``."""
        for region in self.regions.values():
            if region.kind == "start" and region.suyu == suyu:
                return region
        raise KeyError(suyu)

    def start_connection(self, suyu: str) -> Connection:
        """The printed connection that holds the first road of the player of ``suyu``."""
        for connection in self.connections.values():
            if connection.start_of == suyu:
                return connection
        raise KeyError(suyu)


def _points(raw: list[list[float]]) -> tuple[Point, ...]:
    return tuple((float(x), float(y)) for x, y in raw)


def board_from_dict(data: dict) -> Board:
    """Build a :class:`Board` from its JSON form (see ``docs/empire/RULES.md``, board model)."""
    regions = {
        r["id"]: Region(
            id=r["id"],
            name=r["name"],
            kind=r["kind"],
            suyu=r.get("suyu"),
            hand_of_god=bool(r.get("hand_of_god", False)),
            outline=_points(r["outline"]),
            neighbours=frozenset(r["neighbours"]),
            label=(float(r["label"][0]), float(r["label"][1])),
            label_size=float(r.get("label_size", 12.0)),
        )
        for r in data["regions"]
    }
    sites = {
        s["id"]: Site(
            id=s["id"],
            name=s["name"],
            kind=s["kind"],
            pos=(float(s["pos"][0]), float(s["pos"][1])),
            regions=frozenset(s["regions"]),
            temple_bonus=int(s.get("temple_bonus", 0)),
        )
        for s in data["sites"]
    }
    connections = {
        c["id"]: Connection(
            id=c["id"],
            ends=(c["ends"][0], c["ends"][1]),
            region=c["region"],
            start_of=c.get("start_of"),
        )
        for c in data["connections"]
    }
    wilderness = tuple(
        WildernessRoad(
            id=w["id"],
            ends=(w["ends"][0], w["ends"][1]),
            regions=frozenset(w["regions"]),
            doubles=w.get("doubles"),
        )
        for w in data["wilderness"]
    )
    return Board(
        players=int(data["players"]),
        width=float(data["width"]),
        height=float(data["height"]),
        regions=MappingProxyType(regions),
        sites=MappingProxyType(sites),
        connections=MappingProxyType(connections),
        wilderness=wilderness,
        land=tuple(_points(ring) for ring in data["land"]),
        out_of_play=tuple(_points(ring) for ring in data.get("out_of_play", [])),
        play_area=tuple(_points(ring) for ring in data.get("play_area", [])),
        relief=tuple(_points(line) for line in data.get("relief", [])),
    )


@cache
def board_for(players: int) -> Board:
    """The board side for ``players`` (3 or 4), loaded from the committed data."""
    if players not in (3, 4):
        raise ValueError(f"Inca Empire is played by 3 or 4 players, not {players}")
    data = resources.files("inca_core.empire").joinpath(f"data/board-{players}.json")
    text = data.read_text("utf-8")
    return board_from_dict(json.loads(text))


@cache
def board_digest(players: int) -> str:
    """A short hash of what the rules read from the printed board for ``players``: ids, kinds,
    adjacency, connections, Wilderness candidates, temple bonuses and site names. Drawing data
    (outlines, positions, labels) is left out, so redrawing the map keeps saves loadable."""
    b = board_for(players)
    data = {
        "regions": [[r.id, r.kind, r.suyu, r.hand_of_god, sorted(r.neighbours)]
                    for r in b.regions.values()],
        "sites": [[s.id, s.name, s.kind, sorted(s.regions), s.temple_bonus]
                  for s in b.sites.values()],
        "connections": [[c.id, list(c.ends), c.region, c.start_of]
                        for c in b.connections.values()],
        "wilderness": [[w.id, list(w.ends), sorted(w.regions), w.doubles] for w in b.wilderness],
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
