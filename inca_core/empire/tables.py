"""Index tables of a board for the rules: regions, sites and links as small ints.

Built once per board (cached) so that rule code works on flat tuples of ints. A *link* is a place a
road can stand: first every printed connection, then every Wilderness Road candidate.
"""

from __future__ import annotations

from inca_core.empire.actions import Action
from inca_core.empire.board import Board
from inca_core.empire.components import PILGRIMAGES
from inca_core.empire.validate import crossing_pairs

KIND_CUZCO, KIND_START, KIND_STANDARD = 0, 1, 2
SITE_CITY, SITE_GARRISON, SITE_PLAIN = 0, 1, 2
_REGION_KIND = {"cuzco": KIND_CUZCO, "start": KIND_START, "standard": KIND_STANDARD}
_SITE_KIND = {"city": SITE_CITY, "garrison": SITE_GARRISON, "plain": SITE_PLAIN}


class Tables:
    """Flat, read-only lookup tables for one board."""

    def __init__(self, board: Board) -> None:
        self.board = board
        suyus = board.suyus
        self.suyus: tuple[str, ...] = suyus
        regions = list(board.regions.values())
        self.region_ids: tuple[str, ...] = tuple(r.id for r in regions)
        self.region_index: dict[str, int] = {rid: i for i, rid in enumerate(self.region_ids)}
        self.region_names: tuple[str, ...] = tuple(r.name for r in regions)
        self.region_kind: tuple[int, ...] = tuple(_REGION_KIND[r.kind] for r in regions)
        self.region_neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(self.region_index[n] for n in r.neighbours if n in self.region_index))
            for r in regions
        )
        self.standard_regions: tuple[int, ...] = tuple(
            i for i, k in enumerate(self.region_kind) if k == KIND_STANDARD
        )
        self.hand_of_god: tuple[int, ...] = tuple(
            i for i, r in enumerate(regions) if r.hand_of_god and r.kind == "standard"
        )
        self.start_region: tuple[int, ...] = tuple(
            self.region_index[board.start_region(s).id] for s in suyus
        )
        cuzco = [i for i, k in enumerate(self.region_kind) if k == KIND_CUZCO]
        self.cuzco: int = cuzco[0] if cuzco else -1

        sites = list(board.sites.values())
        self.site_ids: tuple[str, ...] = tuple(s.id for s in sites)
        self.site_index: dict[str, int] = {sid: i for i, sid in enumerate(self.site_ids)}
        self.site_names: tuple[str, ...] = tuple(s.name for s in sites)
        self.site_kind: tuple[int, ...] = tuple(_SITE_KIND[s.kind] for s in sites)
        self.site_regions: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(self.region_index[r] for r in s.regions)) for s in sites
        )
        self.site_bonus: tuple[int, ...] = tuple(s.temple_bonus for s in sites)

        links_ids: list[str] = []
        ends: list[tuple[int, int]] = []
        link_regions: list[tuple[int, ...]] = []
        wild: list[bool] = []
        for c in board.connections.values():
            links_ids.append(c.id)
            ends.append((self.site_index[c.ends[0]], self.site_index[c.ends[1]]))
            link_regions.append((self.region_index[c.region],))
            wild.append(False)
        self.printed_links: int = len(links_ids)
        printed_index = {lid: i for i, lid in enumerate(links_ids)}
        doubles: list[int] = [-1] * len(links_ids)
        for w in board.wilderness:
            doubles.append(printed_index.get(w.doubles, -1) if w.doubles else -1)
            links_ids.append(w.id)
            ends.append((self.site_index[w.ends[0]], self.site_index[w.ends[1]]))
            link_regions.append(tuple(sorted(self.region_index[r] for r in w.regions)))
            wild.append(True)
        self.link_ids: tuple[str, ...] = tuple(links_ids)
        self.link_index: dict[str, int] = {lid: i for i, lid in enumerate(links_ids)}
        self.link_ends: tuple[tuple[int, int], ...] = tuple(ends)
        self.link_regions: tuple[tuple[int, ...], ...] = tuple(link_regions)
        self.link_wild: tuple[bool, ...] = tuple(wild)
        #: For a Wilderness Road beside a printed connection: that connection's link, else -1.
        self.link_doubles: tuple[int, ...] = tuple(doubles)
        #: Regions touched by either end of each link (for the conquered-region rule).
        self.link_end_regions: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(set(self.site_regions[a]) | set(self.site_regions[b]))) for a, b in ends
        )
        #: Bit masks of each link's regions and of the regions its ends touch.
        self.link_region_mask: tuple[int, ...] = tuple(
            sum(1 << r for r in regs) for regs in self.link_regions)
        self.link_end_mask: tuple[int, ...] = tuple(
            sum(1 << r for r in regs) for regs in self.link_end_regions)
        by_region: list[list[int]] = [[] for _ in regions]
        for i in range(len(links_ids)):
            for r in sorted(set(link_regions[i]) | set(self.link_end_regions[i])):
                by_region[r].append(i)
        #: The links whose conquered-region rule depends on each region.
        self.region_links: tuple[tuple[int, ...], ...] = tuple(tuple(x) for x in by_region)
        printed: list[list[int]] = [[] for _ in sites]
        wilds: list[list[int]] = [[] for _ in sites]
        for i, (a, b) in enumerate(ends):
            target = wilds if wild[i] else printed
            target[a].append(i)
            target[b].append(i)
        self.site_printed: tuple[tuple[int, ...], ...] = tuple(tuple(x) for x in printed)
        self.site_wild: tuple[tuple[int, ...], ...] = tuple(tuple(x) for x in wilds)
        self.site_links: tuple[tuple[int, ...], ...] = tuple(
            tuple(p + w) for p, w in zip(printed, wilds, strict=True)
        )

        self.start_link: tuple[int, ...] = tuple(
            self.link_index[board.start_connection(s).id] for s in suyus
        )
        roots = []
        for link in self.start_link:
            a, b = self.link_ends[link]
            roots.append(b if self.cuzco in self.site_regions[b] and
                         self.cuzco not in self.site_regions[a] else a)
        #: The Cuzco end of each suyu's first road: where that player's road system starts.
        self.root_site: tuple[int, ...] = tuple(roots)

        by_name = {s.name: i for i, s in enumerate(sites)}
        #: Pilgrimage card index -> site indices whose temple enables it (missing names skipped).
        self.pilgrim_sites: dict[int, tuple[int, ...]] = {
            card: tuple(by_name[n] for n in names if n in by_name)
            for card, (_vp, names) in PILGRIMAGES.items()
        }

        self.road_action = tuple(Action("road", lid) for lid in links_ids)
        self.xroad_action = tuple(Action("xroad", lid) for lid in links_ids)
        self.city_action = tuple(Action("city", sid) for sid in self.site_ids)
        self.garrison_action = tuple(Action("garrison", sid) for sid in self.site_ids)
        self.temple_action = tuple(Action("temple", sid) for sid in self.site_ids)
        self.upgrade_action = tuple(Action("upgrade", sid) for sid in self.site_ids)
        self.conquer_action = tuple(Action("conquer", rid) for rid in self.region_ids)
        self.rapid_action = tuple(Action("rapid", rid) for rid in self.region_ids)
        self.terrace_action = tuple(Action("terrace", rid) for rid in self.region_ids)


_CACHE: dict[int, tuple[Board, Tables]] = {}
_CROSSINGS: dict[int, tuple[tuple[int, ...], ...]] = {}


def wild_crossings(t: Tables) -> tuple[tuple[int, ...], ...]:
    """For each link, the Wilderness Road candidates whose straight line crosses it, if it is
    a Wilderness Road candidate itself (printed connections: empty). Computed on first use."""
    hit = _CROSSINGS.get(id(t))
    if hit is None:
        pos = [t.board.sites[sid].pos for sid in t.site_ids]
        seg = {i: (pos[t.link_ends[i][0]], pos[t.link_ends[i][1]])
               for i, w in enumerate(t.link_wild) if w}
        out: list[list[int]] = [[] for _ in t.link_ids]
        for i, j in crossing_pairs(seg):
            out[i].append(j)
            out[j].append(i)
        hit = tuple(tuple(sorted(x)) for x in out)
        _CROSSINGS[id(t)] = hit
    return hit


def tables_for(board: Board) -> Tables:
    """The (cached) tables of ``board``."""
    hit = _CACHE.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    tables = Tables(board)
    _CACHE[id(board)] = (board, tables)
    return tables
