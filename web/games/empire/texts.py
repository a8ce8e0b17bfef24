"""Player-facing reference text in our own words: phases, costs, roads, variants, seat types.

Numbers come from ``inca_core.empire.components``; Sun Event card texts are the engine's own
(``components.CARD_KINDS``).
"""

from __future__ import annotations

from views import GameTexts, Slot

from inca_core.empire import components as C
from inca_core.empire.bots import STRENGTHS

#: Phase summaries for the reference panel: (phase, what happens).
PHASES: tuple[tuple[str, str], ...] = (
    (
        "Inca phase",
        "Everyone collects the labor shown for the current era, plus the labor printed on each "
        "conquered marker and 1 for each of their terraces. From the second era on, the leader "
        "hands labor to the player in last place (1 in era II, 2 later), and in eras III and IV "
        "the second player gives 1 to the third (not with 3 players).",
    ),
    (
        "Sun phase",
        "Turn order is set again: the player furthest behind goes first. In that order each "
        "player lays one hand card face down on a quadrant that has no new card yet this phase "
        "and draws a new one. Then all cards are turned up. A card acts on the two players whose "
        "lines border its quadrant, and stays until the next Sapa Inca phase. Rural Unrest and "
        "Popular Support act straight away.",
    ),
    (
        "People phase",
        "In turn order, each player does Road Building (2 free roads, changed by cards) and one "
        "Construction, in either order, finishing one before starting the other.",
    ),
    (
        "Sapa Inca phase",
        "The Sun board is cleared. Leader first, each player scores 1 VP per own terrace and, for "
        "improvements joined to their roads back to Cuzco: 2 per garrison, 3 per city, 1 per "
        "temple, whoever built them. Then each player keeps at most the era's labor and returns "
        "the rest.",
    ),
)

#: Construction options: (name, cost, VP when built, note); the numbers are the engine's.
COSTS: tuple[tuple[str, str, str, str], ...] = (
    (
        "City",
        f"{C.CITY_COST} labor",
        f"{C.CITY_VP} VP",
        "On a city site joined to your roads, lying in conquered land only.",
    ),
    (
        "Garrison",
        f"{C.GARRISON_COST} labor",
        f"{C.GARRISON_VP} VP",
        "On a garrison site joined to your roads, touching conquered land.",
    ),
    (
        "Temple",
        f"{C.TEMPLE_COST} labor",
        f"{C.TEMPLE_VP} VP + site bonus",
        "On any city joined to your roads.",
    ),
    (
        "Terrace",
        f"{C.TERRACE_COST} labor",
        f"{C.TERRACE_VP} VP",
        f"Beside one of your markers, one per marker; +{C.TERRACE_INCOME} labor each Inca phase.",
    ),
    ("Conquest", "marker's resistance", "marker's VP", "A region next to a site your roads reach."),
    (
        "Extra road",
        f"{C.EXTRA_ROAD_COST} labor",
        "none",
        "One more road, placed by the usual road rules.",
    ),
    ("Pass", "nothing", "none", "Take no Construction this turn."),
)

#: Road rules in short.
ROADS: tuple[str, ...] = (
    "Your roads form one network that starts at your first road out of Cuzco.",
    "Each printed connection holds one road, of one player.",
    "A road inside an unconquered region needs one end on a site touching conquered land.",
    "Reaching a site on the border of a hidden marker's region turns that marker up.",
    f"A construction may buy one more road for {C.EXTRA_ROAD_COST} labor. A road clicked before "
    "road building is built free (you are asked only if a pilgrimage could replace road "
    "building); to buy one, click it once road building is over.",
)

#: Sapa Inca scoring per improvement (what each scores at every Sapa Inca phase).
SAPA_SCORES: tuple[tuple[str, str], ...] = (
    ("Your terrace", f"{C.SCORE_TERRACE} VP"),
    ("Garrison joined to your roads", f"{C.SCORE_GARRISON} VP"),
    ("City joined to your roads", f"{C.SCORE_CITY} VP"),
    ("Temple joined to your roads", f"{C.SCORE_TEMPLE} VP"),
)

VARIANTS: dict[str, tuple[str, str]] = {
    "pizarro": (
        "Pizarro's Arrival",
        "The last era may end early: after each of its People phases a hidden marker is turned, "
        "and Pizarro's marker sends the game straight to the final scoring.",
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
    **{kind: text for kind, text in STRENGTHS.items() if kind != "random"},
}

TIE_BREAK = (
    "Ties are broken on the scoring track: of two players on the same score, the one who got "
    "there first stands closer to the centre and ranks ahead."
)

#: The page's texts of this game outside its panels (``views.GameTexts``).
TEXTS = GameTexts(
    file_stem="inca-empire",
    how_to_play=(
        "Each round has four phases. Inca phase: everyone takes labor (the era's share, plus "
        "what conquered regions and terraces bring).",
        "Sun phase: each player lays a Sun Event card on a quadrant of the Sun board; it "
        "changes costs and rules for the two players beside that quadrant.",
        "People phase, in turn: build your free roads out from Cuzco, and one construction "
        "paid with labor: conquer a region, found a city or a garrison, raise a temple or a "
        "terrace.",
        "Roads only run through conquered land, and cities, garrisons and temples must join "
        "your roads back to Cuzco. Conquests pay labor every round; buildings and terraces "
        "pay victory points (VP) every Sapa Inca phase.",
        "After the last round of the fourth era, the most VP wins.",
        "On the board, what you may do now is outlined dark with a light dashed line: click "
        "or tap it. Hover or focus shows what it costs and scores; Hint shows the strongest "
        "bot's move and why.",
    ),
    slots=(
        Slot("players", "Players", "left", "ol", "players", 3),
        Slot("forecast", "Labor forecast", "left", phone_order=7),
        Slot("era", "Era track", "left", phone_order=8),
        Slot("sun", "Sun Event board", "right", phone_order=5),
        Slot("hand", "Hand", "right", "ul", "hand", 4),
    ),
)
