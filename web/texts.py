"""Player-facing reference text, written in our own words: card effects, phases, costs, seat types."""

from __future__ import annotations

import re

#: Sun Event kinds: (name, copies with 4 players, effect).
CARDS: dict[str, tuple[str, int, str]] = {
    "rural_unrest": (
        "Rural Unrest", 2,
        "When the cards are turned up, every road lying inside a region nobody has conquered yet is "
        "removed. Roads along the edge of such a region stay.",
    ),
    "expert_surveyors": (
        "Expert Surveyors", 1,
        "If your Construction is a terrace, you may pay for a second terrace in the same action.",
    ),
    "workers_press_on": (
        "Workers Press On", 2,
        "If your Construction is an additional road, a second additional road comes free.",
    ),
    "wilderness_road": (
        "Wilderness Road", 4,
        "One road you build this People phase may join two sites with no printed connection, even "
        "beside an existing road. It may not cross a printed connection, touch the sea or cross more "
        "than one border.",
    ),
    "extra_road_crew": (
        "Extra Road Crew", 2,
        "Road Building gives you one more free road.",
    ),
    "el_nino_flooding": (
        "El Nino Flooding", 2,
        "Road Building gives you one free road fewer, but always at least one.",
    ),
    "epidemic": (
        "Epidemic", 2,
        "Founding a city costs 2 more labor.",
    ),
    "key_outpost": (
        "Key Outpost", 1,
        "As your Construction you may turn an existing garrison into a city for 4 labor; it scores 4 VP.",
    ),
    "urban_renewal": (
        "Urban Renewal", 1,
        "Each city you found scores 2 more VP.",
    ),
    "building_project": (
        "Building Project", 1,
        "If your Construction is a garrison, you may build a second one, paying for each.",
    ),
    "harsh_weather": (
        "Harsh Weather", 1,
        "Each garrison you build costs 1 more labor.",
    ),
    "stores_stop_famine": (
        "Stores Stop Famine", 1,
        "Each garrison you build scores 1 more VP.",
    ),
    "military_superiority": (
        "Military Superiority", 1,
        "Conquering a region costs 1 labor less; a resistance 1 region costs nothing.",
    ),
    "popular_support": (
        "Popular Support", 2,
        "When the cards are turned up, you gain 1 labor for each marker you hold with resistance 1 or "
        "less.",
    ),
    "rapid_expansion": (
        "Rapid Expansion", 2,
        "Alongside your Construction you may also conquer one more region, at 2 labor above its usual "
        "cost.",
    ),
    "resistance": (
        "Resistance", 2,
        "Conquering a region costs 1 more labor.",
    ),
    "religious_fervor": (
        "Religious Fervor", 1,
        "You may put a temple on a garrison as well as on a city.",
    ),
    "solar_eclipse": (
        "Solar Eclipse", 1,
        "If you build a temple, you give up your Road Building this People phase. No temple and "
        "pilgrimage together.",
    ),
    "great_pilgrimage": (
        "Great Pilgrimage", 1,
        "With a temple at Pucara de Andagala or Ranchillo joined to your roads, you may give up Road "
        "Building or Construction to score 7 VP. One pilgrimage per People phase. Four players only.",
    ),
    "annual_pilgrimage": (
        "Annual Pilgrimage", 1,
        "With a temple at Chiquitoy Viejo or Pachacamac joined to your roads, you may give up Road "
        "Building or Construction to score 5 VP. One pilgrimage per People phase. Four players only.",
    ),
    "local_pilgrimage": (
        "Local Pilgrimage", 1,
        "With a temple at Machu Picchu or Huanuco Pampa joined to your roads, you may give up Road "
        "Building or Construction to score 4 VP. One pilgrimage per People phase. Four players only.",
    ),
}

#: Phase summaries for the reference panel: (phase, what happens).
PHASES: tuple[tuple[str, str], ...] = (
    (
        "Inca phase",
        "Everyone collects the labor shown for the current era, plus the labor printed on each "
        "conquered marker and 1 for each of their terraces. From the second era on, the leader hands "
        "labor to the player in last place (1 in era II, 2 later), and in eras III and IV the second "
        "player gives 1 to the third (not with 3 players).",
    ),
    (
        "Sun phase",
        "Turn order is set again: the player furthest behind goes first. In that order each player "
        "lays one hand card face down on a quadrant that has no new card yet this phase and draws a "
        "new one. Then all cards are turned up. A card acts on the two players whose lines border its "
        "quadrant, and stays until the next Sapa Inca phase. Rural Unrest and Popular Support act "
        "straight away.",
    ),
    (
        "People phase",
        "In turn order, each player does Road Building (2 free roads, changed by cards) and one "
        "Construction, in either order, finishing one before starting the other.",
    ),
    (
        "Sapa Inca phase",
        "The Sun board is cleared. Leader first, each player scores 1 VP per own terrace and, for "
        "improvements joined to their roads back to Cuzco: 2 per garrison, 3 per city, 1 per temple, "
        "whoever built them. Then each player keeps at most the era's labor and returns the rest.",
    ),
)

#: Construction options: (name, cost, VP when built, note).
COSTS: tuple[tuple[str, str, str, str], ...] = (
    ("City", "6 labor", "4 VP", "On a city site joined to your roads, lying in conquered land only."),
    ("Garrison", "4 labor", "3 VP", "On a garrison site joined to your roads, touching conquered land."),
    ("Temple", "5 labor", "4 VP + site bonus", "On any city joined to your roads."),
    ("Terrace", "2 labor", "1 VP", "Beside one of your markers, one per marker; +1 labor each Inca phase."),
    ("Conquest", "marker's resistance", "marker's VP", "A region next to a site your roads reach."),
    ("Extra road", "1 labor", "none", "One more road, placed by the usual road rules."),
    ("Pass", "nothing", "none", "Take no Construction this turn."),
)

#: Road rules in short.
ROADS: tuple[str, ...] = (
    "Your roads form one network that starts at your first road out of Cuzco.",
    "Each printed connection holds one road, of one player.",
    "A road inside an unconquered region needs one end on a site touching conquered land.",
    "Reaching a site on the border of a hidden marker's region turns that marker up.",
)

#: Sapa Inca scoring per improvement (what each scores at every Sapa Inca phase).
SAPA_SCORES: tuple[tuple[str, str], ...] = (
    ("Your terrace", "1 VP"),
    ("Garrison joined to your roads", "2 VP"),
    ("City joined to your roads", "3 VP"),
    ("Temple joined to your roads", "1 VP"),
)

VARIANTS: dict[str, tuple[str, str]] = {
    "pizarro": (
        "Pizarro's Arrival",
        "The last era may end early: after each of its People phases a hidden marker is turned, and "
        "Pizarro's marker sends the game straight to the final scoring.",
    ),
    "early_downfall": (
        "Early Downfall",
        "A shorter game: one round fewer in era II and in era III, and no pilgrimage cards.",
    ),
    "gods_agree": (
        "The Gods Agree",
        "The four Hand of God regions start with face-up markers worth 3 labor.",
    ),
}

SEAT_TYPES: dict[str, str] = {
    "human": "A person at this device.",
    "easy": "Easy bot: plays sensibly but plainly.",
    "medium": "Medium bot: greedy, weighs VP, labor and connections.",
    "hard": "Hard bot: looks ahead over likely hidden cards.",
}

TIE_BREAK = (
    "Ties are broken on the scoring track: of two players on the same score, the one who got there "
    "first stands closer to the centre and ranks ahead."
)


def card_key(name: str) -> str:
    """The key of a Sun Event kind from its name or id (``"El Nino Flooding"`` -> ``el_nino_flooding``)."""
    slug = re.sub(r"[^a-z0-9]+", "_", name.lower().replace("ñ", "n")).strip("_")
    return re.sub(r"_\d+$", "", slug)


def card_text(name: str) -> tuple[str, str]:
    """The display name and effect of a Sun Event card named or keyed ``name``."""
    known = CARDS.get(card_key(name))
    if known is None:
        return name, "No description for this card."
    return known[0], known[2]
