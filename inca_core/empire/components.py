"""Every printed or decided constant of the game, in one place.

Values follow ``rulebook-2010.txt`` and ``board-and-components.md``; rows that the sources leave
open are decided here (see ``docs/empire/RULES.md``). Rule code reads these tables and never repeats
a number.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- Phases and the era track -------------------------------------------------------------------

INCA = "inca"
SUN = "sun"
PEOPLE = "people"
SAPA_INCA = "sapa_inca"

PHASE_NAMES: dict[str, str] = {
    INCA: "Inca phase",
    SUN: "Sun phase",
    PEOPLE: "People phase",
    SAPA_INCA: "Sapa Inca phase",
}


@dataclass(frozen=True, slots=True)
class Era:
    """One of the four eras: its number, ruler, years and labor box."""

    number: int
    ruler: str
    years: str
    #: Income of each Inca phase and the labor a player may keep at a Sapa Inca phase.
    labor_box: int


ERAS: tuple[Era, ...] = (
    Era(1, "Pachacuti", "1438-1471", 5),
    Era(2, "Topa Inca Yupanqui", "1471-1493", 3),
    Era(3, "Huayna Capac", "1493-1528", 1),
    Era(4, "Huascar and Atahualpa", "1528-1533", 0),
)


@dataclass(frozen=True, slots=True)
class Round:
    """One column of the era track: the round number, its era and its phases in order."""

    number: int
    era: int
    phases: tuple[str, ...]

    @property
    def labor_box(self) -> int:
        """The labor box of this round's era."""
        return ERAS[self.era - 1].labor_box


_ERA2 = (INCA, SUN, PEOPLE, SUN, PEOPLE, SAPA_INCA)
_ERA3 = (INCA, SUN, PEOPLE, SUN, PEOPLE, SUN, PEOPLE, SAPA_INCA)
_ERA4 = (INCA, SUN, PEOPLE, SUN, PEOPLE, SUN, PEOPLE, SUN, PEOPLE, SAPA_INCA)

#: The full era track: 7 rounds in 4 eras.
ROUNDS: tuple[Round, ...] = (
    Round(1, 1, (INCA, PEOPLE, PEOPLE)),
    Round(2, 2, _ERA2),
    Round(3, 2, _ERA2),
    Round(4, 2, _ERA2),
    Round(5, 3, _ERA3),
    Round(6, 3, _ERA3),
    Round(7, 4, _ERA4),
)

#: Rounds left out by the Early Downfall variant (third column of era II, second of era III).
EARLY_DOWNFALL_SKIPPED_ROUNDS: tuple[int, ...] = (4, 6)

#: Aid in the Inca phase by era: (giver rank, receiver rank, amount); ranks count from 0 = leader,
#: -1 = last place. The second entry (second gives third) applies only with 4 players.
AID: dict[int, tuple[tuple[int, int, int], ...]] = {
    1: (),
    2: ((0, -1, 1),),
    3: ((0, -1, 2), (1, 2, 1)),
    4: ((0, -1, 2), (1, 2, 1)),
}
#: Aid rules that apply with 3 players (the second-place aid is ignored).
AID_PLAYERS_MIN: dict[tuple[int, int, int], int] = {(1, 2, 1): 4}

# --- Players -------------------------------------------------------------------------------------

#: Suyus in their order around Cuzco, with the colour of their player.
SUYU_COLOURS: dict[str, str] = {
    "Chinchaysuyu": "blue",
    "Antisuyu": "green",
    "Collasuyu": "brown",
    "Cuntisuyu": "orange",
}
#: Default player names by colour.
COLOUR_NAMES: dict[str, str] = {
    "blue": "Blue",
    "green": "Green",
    "brown": "Brown",
    "orange": "Orange",
}

HAND_SIZE = 3
#: Longest player name (also enforced when a save is read).
MAX_NAME_CHARS = 100
#: Largest seed, in bits (also enforced when a save is read).
MAX_SEED_BITS = 128

# --- Local Culture markers -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MarkerType:
    """A type of Local Culture marker: what conquering it costs and gives."""

    code: str
    resistance: int
    vp: int
    labor: int
    count4: int
    count3: int


MARKER_TYPES: tuple[MarkerType, ...] = (
    MarkerType("A", 1, 1, 1, 10, 9),
    MarkerType("B", 2, 2, 1, 9, 8),
    MarkerType("C", 3, 1, 2, 8, 7),
    MarkerType("D", 3, 3, 1, 7, 6),
    MarkerType("E", 4, 4, 1, 6, 5),
    MarkerType("F", 4, 1, 3, 5, 4),
)
MARKER_CODES: tuple[str, ...] = tuple(m.code for m in MARKER_TYPES)

#: The Gods Agree: this many markers of this type go face up on the Hand of God regions.
GODS_AGREE_MARKER = "F"
GODS_AGREE_COUNT = 4

# --- Costs and victory points --------------------------------------------------------------------

CITY_COST = 6
CITY_VP = 4
TEMPLE_COST = 5
TEMPLE_VP = 4
GARRISON_COST = 4
GARRISON_VP = 3
TERRACE_COST = 2
TERRACE_VP = 1
TERRACE_INCOME = 1
EXTRA_ROAD_COST = 1
FREE_ROADS = 2
MIN_FREE_ROADS = 1

#: Sapa Inca phase scoring per item.
SCORE_TERRACE = 1
SCORE_GARRISON = 2
SCORE_CITY = 3
SCORE_TEMPLE = 1

# --- Sun Event cards -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardKind:
    """A kind of Sun Event card: its id, name, copies in the deck and effect in our own words."""

    id: str
    name: str
    count: int
    #: Copies left after the 3-player removals.
    count3: int
    text: str


CARD_KINDS: tuple[CardKind, ...] = (
    CardKind("rural_unrest", "Rural Unrest", 2, 1,
             "At the end of each Sun phase, your roads that lie in a region not yet conquered are "
             "destroyed."),
    CardKind("expert_surveyors", "Expert Surveyors", 1, 1,
             "After building a terrace you may build a second one, paying its cost."),
    CardKind("workers_press_on", "Workers Press On", 2, 2,
             "After buying an additional road as your construction, you may build one more for "
             "free."),
    CardKind("wilderness_road", "Wilderness Road", 4, 3,
             "One road you build this People phase may join two sites off the printed "
             "connections, or run beside another player's road (it crosses at most one border "
             "and no connection)."),
    CardKind("extra_road_crew", "Extra Road Crew", 2, 2,
             "Road building gives you one more free road."),
    CardKind("el_nino", "El Nino Flooding", 2, 2,
             "Road building gives you one free road fewer (never fewer than one)."),
    CardKind("epidemic", "Epidemic", 2, 2, "Each city you found costs 2 more labor."),
    CardKind("key_outpost", "Key Outpost", 1, 1,
             "As your construction you may turn a garrison on your roads into a city for 4 labor "
             "(4 VP)."),
    CardKind("urban_renewal", "Urban Renewal", 1, 1, "Each city you found scores 2 more VP."),
    CardKind("building_project", "Building Project", 1, 1,
             "After building a garrison you may build a second one, paying its cost."),
    CardKind("harsh_weather", "Harsh Weather", 1, 1, "Each garrison you build costs 1 more labor."),
    CardKind("stores_stop_famine", "Stores Stop Famine", 1, 1,
             "Each garrison you build scores 1 more VP."),
    CardKind("military_superiority", "Military Superiority", 1, 1,
             "Each region you conquer costs 1 labor less (never below 0)."),
    CardKind("popular_support", "Popular Support", 2, 2,
             "At the end of each Sun phase, take 1 labor for each of your conquered markers with "
             "resistance 1."),
    CardKind("rapid_expansion", "Rapid Expansion", 2, 2,
             "After your construction you may also conquer a region, paying 2 labor more."),
    CardKind("resistance", "Resistance", 2, 2, "Each region you conquer costs 1 labor more."),
    CardKind("religious_fervor", "Religious Fervor", 1, 1,
             "You may build a temple on a garrison instead of a city."),
    CardKind("solar_eclipse", "Solar Eclipse", 1, 1,
             "You may build a temple only by skipping road building, and not in a turn with a "
             "pilgrimage."),
    CardKind("great_pilgrimage", "Great Pilgrimage", 1, 0,
             "If your roads reach a temple at Pucara de Andagala or Ranchillo, you may skip road "
             "building or construction to score 7 VP."),
    CardKind("annual_pilgrimage", "Annual Pilgrimage", 1, 0,
             "If your roads reach a temple at Chiquitoy Viejo or Pachacamac, you may skip road "
             "building or construction to score 5 VP."),
    CardKind("local_pilgrimage", "Local Pilgrimage", 1, 0,
             "If your roads reach a temple at Machu Picchu or Huanuco Pampa, you may skip road "
             "building or construction to score 4 VP."),
)
CARD_IDS: tuple[str, ...] = tuple(k.id for k in CARD_KINDS)
CARD_INDEX: dict[str, int] = {k.id: i for i, k in enumerate(CARD_KINDS)}

(RURAL_UNREST, EXPERT_SURVEYORS, WORKERS_PRESS_ON, WILDERNESS_ROAD, EXTRA_ROAD_CREW, EL_NINO,
 EPIDEMIC, KEY_OUTPOST, URBAN_RENEWAL, BUILDING_PROJECT, HARSH_WEATHER, STORES_STOP_FAMINE,
 MILITARY_SUPERIORITY, POPULAR_SUPPORT, RAPID_EXPANSION, RESISTANCE, RELIGIOUS_FERVOR,
 SOLAR_ECLIPSE, GREAT_PILGRIMAGE, ANNUAL_PILGRIMAGE, LOCAL_PILGRIMAGE) = range(len(CARD_KINDS))

#: Card effect sizes.
EPIDEMIC_EXTRA_COST = 2
URBAN_RENEWAL_EXTRA_VP = 2
HARSH_WEATHER_EXTRA_COST = 1
STORES_EXTRA_VP = 1
MILITARY_DISCOUNT = 1
RESISTANCE_EXTRA_COST = 1
RAPID_EXPANSION_EXTRA_COST = 2
KEY_OUTPOST_COST = 4
KEY_OUTPOST_VP = 4
POPULAR_SUPPORT_MAX_RESISTANCE = 1

#: Pilgrimage cards: VP and the two significant city sites (by name) whose temple enables them.
PILGRIMAGES: dict[int, tuple[int, tuple[str, str]]] = {
    GREAT_PILGRIMAGE: (7, ("Pucara de Andagala", "Ranchillo")),
    ANNUAL_PILGRIMAGE: (5, ("Chiquitoy Viejo", "Pachacamac")),
    LOCAL_PILGRIMAGE: (4, ("Machu Picchu", "Huanuco Pampa")),
}
#: Cards the Early Downfall variant removes.
EARLY_DOWNFALL_REMOVED: tuple[int, ...] = (GREAT_PILGRIMAGE, ANNUAL_PILGRIMAGE, LOCAL_PILGRIMAGE)

# --- Variants and invasion markers ---------------------------------------------------------------

PIZARRO = "pizarro"
EARLY_DOWNFALL = "early_downfall"
GODS_AGREE = "gods_agree"
VARIANTS: tuple[str, ...] = (PIZARRO, EARLY_DOWNFALL, GODS_AGREE)
VARIANT_NAMES: dict[str, str] = {
    PIZARRO: "Pizarro's Arrival",
    EARLY_DOWNFALL: "Early Downfall",
    GODS_AGREE: "The Gods Agree",
}

#: Pizarro's Arrival: the invasion markers (one Pizarro among them), one per People phase of the
#: final round.
INVASION_MARKERS: tuple[bool, ...] = (True, False, False, False)


def count(n: int, singular: str, plural: str | None = None) -> str:
    """``n`` and the noun in the right number: ``count(1, "road")`` -> ``"1 road"``."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"


def era_track(variants: frozenset[str] | set[str] = frozenset()) -> tuple[Round, ...]:
    """The rounds played with ``variants`` in order."""
    if EARLY_DOWNFALL in variants:
        return tuple(r for r in ROUNDS if r.number not in EARLY_DOWNFALL_SKIPPED_ROUNDS)
    return ROUNDS


def deck_counts(players: int, variants: frozenset[str] | set[str] = frozenset()) -> list[int]:
    """How many cards of each kind (by index in :data:`CARD_KINDS`) are in the game."""
    counts = [k.count if players == 4 else k.count3 for k in CARD_KINDS]
    if EARLY_DOWNFALL in variants:
        for kind in EARLY_DOWNFALL_REMOVED:
            counts[kind] = 0
    return counts


def marker_counts(players: int) -> list[int]:
    """How many markers of each type (by index in :data:`MARKER_TYPES`) are in the game."""
    return [m.count4 if players == 4 else m.count3 for m in MARKER_TYPES]
