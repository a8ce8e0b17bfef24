"""The printed components as data: the 22 territory tiles and the 12 Technology cards.

The rulebook gives each tile's requirement (12 numbers, 6 doubles, 4 straights) and the kinds and
effects of the cards; grounds, features and costs are ours (docs/wiraqocha/WIRAQOCHA.md gives the
reason of
each value).
"""

from __future__ import annotations

from typing import NamedTuple


class Tile(NamedTuple):
    id: str
    #: "sum" (exact sum of any dice), "double" (two dice showing the pair) or "straight".
    kind: str
    #: The dice faces a double or a straight needs; the number for a "sum" tile.
    need: tuple[int, ...]
    #: "valley" or "mountain".
    ground: str
    #: "", "jungle", "ruins", "village" or "vein".
    feature: str
    #: Resource symbols (Jungle only).
    resources: int = 0


def _tile(tid: str, ground: str, feature: str = "", resources: int = 0) -> Tile:
    if "-" not in tid:
        return Tile(tid, "sum", (int(tid),), ground, feature, resources)
    faces = tuple(int(x) for x in tid.split("-"))
    kind = "double" if len(faces) == 2 else "straight"
    return Tile(tid, kind, faces, ground, feature, resources)


V, M = "valley", "mountain"
#: The 22 territories. Easy tiles (1-6) are plain or poor Jungle; the better features sit on
#: doubles, straights and high numbers; the four Ruins are valley tiles of two sums (9, 10)
#: and two doubles (3-3, 4-4), so Explorers reach all four (docs/wiraqocha/WIRAQOCHA.md).
TILES: dict[str, Tile] = {t.id: t for t in (
    _tile("1", V),
    _tile("2", V, "jungle", 1),
    _tile("3", V),
    _tile("4", V, "jungle", 1),
    _tile("5", V),
    _tile("6", V, "jungle", 1),
    _tile("7", V, "vein"),
    _tile("8", V, "village"),
    _tile("9", V, "ruins"),
    _tile("10", V, "ruins"),
    _tile("11", M, "jungle", 2),
    _tile("12", M, "jungle", 2),
    _tile("1-1", V, "vein"),
    _tile("2-2", V, "jungle", 2),
    _tile("3-3", V, "ruins"),
    _tile("4-4", V, "ruins"),
    _tile("5-5", M, "vein"),
    _tile("6-6", M, "village"),
    _tile("1-2-3", V, "village"),
    _tile("2-3-4", V, "vein"),
    _tile("3-4-5", M, "jungle", 2),
    _tile("4-5-6", M, "vein"),
)}
TILE_ORDER: tuple[str, ...] = tuple(TILES)
#: Rules editions (docs/wiraqocha/WIRAQOCHA.md, "Rules editions"); new games use the last.
# ``TILES`` is
#: edition 1's valley; a game reads its own edition's from ``TILES_OF``.
EDITIONS = (1, 2, 3, 4, 5, 6, 7)
#: The grounds each later edition changes. Edition 2: the straight 4-5-6 lies in the valley
#: (as a mountain Vein it needed a Zeppelin, then a swap to bring a Drilling token, and medium
#: bots never took it in 740 games). Edition 4 changes rules, not data (game.py); edition 5 the
#: market (``COST_CHANGES``). Edition 6: the straight 3-4-5 lies in the valley too (as a
#: mountain only a Zeppelin could take it, on a roll that comes once in 36, and medium bots took
#: it in no game of 100 at three and four players: docs/wiraqocha/WIRAQOCHA.md, "Rules editions").
#: Edition 7 changes rules, not data: the Base Camp's placement (game.py).
GROUND_CHANGES: dict[int, dict[str, str]] = {2: {"4-5-6": V}, 6: {"3-4-5": V}}


def _edition_tiles(edition: int) -> dict[str, Tile]:
    out = dict(TILES)
    for e in EDITIONS[1:edition]:
        for tid, ground in GROUND_CHANGES.get(e, {}).items():
            out[tid] = out[tid]._replace(ground=ground)
    return out


TILES_OF: dict[int, dict[str, Tile]] = {e: _edition_tiles(e) for e in EDITIONS}
#: Rows of the valley (4-5-4-5-4).
ROWS = (4, 5, 4, 5, 4)
#: Our first-game valley of edition 1 (option ``first_layout``), row by row: the four Ruins in
#: the four corners, the Villages in the middle, Veins and Jungles spread so every start has some
#: near. A game reads its own edition's from ``FIRST_LAYOUT_OF``.
FIRST_LAYOUT = ("9", "1-1", "4", "4-4",
                "2", "1", "1-2-3", "3", "5-5",
                "2-2", "8", "7", "3-4-5",
                "2-3-4", "5", "6-6", "12", "11",
                "3-3", "6", "4-5-6", "10")
#: The places each later edition swaps in the first-game valley. Edition 3: the straight 3-4-5
#: and the plain 3 (on the row's edge, the mountain Jungle 3-4-5 was never taken by medium bots
#: in 2,000 games at two and three players).
FIRST_LAYOUT_SWAPS: dict[int, tuple[tuple[str, str], ...]] = {3: (("3-4-5", "3"),)}


def _edition_first_layout(edition: int) -> tuple[str, ...]:
    out = list(FIRST_LAYOUT)
    for e in EDITIONS[1:edition]:
        for a, b in FIRST_LAYOUT_SWAPS.get(e, ()):
            i, j = out.index(a), out.index(b)
            out[i], out[j] = b, a
    return tuple(out)


FIRST_LAYOUT_OF: dict[int, tuple[str, ...]] = {e: _edition_first_layout(e) for e in EDITIONS}


class Card(NamedTuple):
    id: str
    name: str
    #: "building" (never stolen) or "invention" (may be stolen by plundering a Base Camp).
    kind: str
    resources: int
    somnium: int
    effect: str


#: The 12 Technology cards of editions 1-4; costs are ours (sum: 45 Resources, 4 Somnium; in
#: edition 5, 42 and 4; from edition 6, 40 and 4: ``COST_CHANGES``).
CARDS: dict[str, Card] = {c.id: c for c in (
    Card("factory", "Android Factory", "building", 3, 0,
         "once a turn, discard 3 Resources to roll one more die"),
    Card("fortress", "Flying Fortress", "building", 4, 1,
         "copies the protecting die of its territory: two dice must beat it"),
    Card("field", "Force Field", "building", 5, 1,
         "its token makes one of the owner's territories unconquerable"),
    Card("workshop", "Recovery Workshop", "building", 3, 0,
         "from the next turn, recover one token from the Graveyard for free in Phase I"),
    Card("android", "Android Explorer", "invention", 3, 0, "an extra Explorer token"),
    Card("exo", "Battle Exoskeleton", "invention", 4, 0,
         "once a turn, turn one unused die into a 6"),
    Card("ray", "Death Ray", "invention", 5, 1,
         "once a game, destroy everything on one territory, which stays closed"),
    Card("juggernaut", "Juggernaut", "invention", 4, 0, "an extra Zeppelin token"),
    Card("miner", "Mechanical Miner", "invention", 4, 0, "an extra Drilling token"),
    Card("tanks", "Production Tanks", "invention", 2, 0, "two more Resources every Phase I"),
    Card("probe", "Psychic Probe", "invention", 3, 0,
         "once a turn, turn an opponent's protection into a 1"),
    Card("tunneller", "Transport Tunneller", "invention", 5, 1,
         "once a turn, plunders a Base Camp ignoring every protection"),
)}
CARD_ORDER: tuple[str, ...] = tuple(CARDS)
#: The card costs (Resources, Somnium) each later edition changes; ``CARDS`` is editions 1-4's,
#: and a game reads its own edition's from ``CARDS_OF``. Edition 5: the market redesign of issue
#: 23 (docs/wiraqocha/WIRAQOCHA.md, "Technology cards" gives each reason and its figure).
#: The Production Tanks were the cheapest card and bought whenever they were face up; the four
#: cards that cost a crystal were bought in a fifth of the games that offered them or less.
#: Edition 6: the Death Ray and the Transport Tunneller cost a Resource less (3 R + 1 S, the
#: Flying Fortress's cost): at 4 R + 1 S they were bought in under a fifth of the three- and
#: four-player games that offered them, since a player keeps 3 Resources between turns.
COST_CHANGES: dict[int, dict[str, tuple[int, int]]] = {
    5: {"tanks": (3, 0), "fortress": (3, 1), "field": (4, 1), "ray": (4, 1), "tunneller": (4, 1)},
    6: {"ray": (3, 1), "tunneller": (3, 1)}}


def _edition_cards(edition: int) -> dict[str, Card]:
    out = dict(CARDS)
    for e in EDITIONS[1:edition]:
        for cid, (r, s) in COST_CHANGES.get(e, {}).items():
            out[cid] = out[cid]._replace(resources=r, somnium=s)
    return out


CARDS_OF: dict[int, dict[str, Card]] = {e: _edition_cards(e) for e in EDITIONS}
#: With the option ``caves`` the Caves tile replaces tile 7 (taken with a 7 like it; our
#: reading), so the valley loses the Vein of 7.
CAVES = "7"

#: Token ids of each player's own set, and the shared tokens that come with a card.
OWN_TOKENS = ("B", "E1", "E2", "D1", "D2", "Z1", "Z2")
CARD_TOKENS = {"android": "AE", "miner": "MM", "juggernaut": "JG"}
#: Token id to kind.
TOKEN_KIND = {"B": "base", "E1": "explorer", "E2": "explorer", "AE": "explorer",
              "D1": "drill", "D2": "drill", "MM": "drill",
              "Z1": "zeppelin", "Z2": "zeppelin", "JG": "zeppelin"}
TOKEN_ORDER = ("B", "E1", "E2", "AE", "D1", "D2", "MM", "Z1", "Z2", "JG")

#: Victory thresholds by player count: Somnium crystals; Leviathan (Resources, Somnium).
SOMNIUM_WIN = {2: 11, 3: 9, 4: 7}
LEVIATHAN = {2: (21, 2), 3: (18, 2), 4: (15, 1)}
SUPPLY_RESOURCES = 25
SUPPLY_SOMNIUM = 25
BASE_DICE = 3
BASE_PROTECTION = 2
RESOURCE_LIMIT = 3
RECOVER_COST = 3
FACTORY_COST = 3
MODIFY_COST = 2
#: Our cap: after this many rounds the game ends and the most progress wins (random play ends).
ROUND_CAP = 40


def neighbours() -> list[list[int]]:
    """Adjacent positions of the 22 places of the 4-5-4-5-4 valley (rows of 4 sit indented)."""
    places = [(r, c) for r, n in enumerate(ROWS) for c in range(n)]
    index = {p: i for i, p in enumerate(places)}
    out: list[list[int]] = []
    for r, c in places:
        near = [(r, c - 1), (r, c + 1)]
        for dr in (-1, 1):
            if ROWS[r] == 4:
                near += [(r + dr, c), (r + dr, c + 1)]
            else:
                near += [(r + dr, c - 1), (r + dr, c)]
        out.append(sorted(index[p] for p in near if p in index))
    return out


NEIGHBOURS = neighbours()
