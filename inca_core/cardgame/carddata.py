"""The card set of Inca Empire: The Card Game as data (our design; see docs/cardgame/CARDGAME.md).

Edit this file to change a card; ``tools/cardgame_table.py`` writes the table of
docs/cardgame/CARDGAME.md
from it and ``bench/cardgame_balance.py`` measures it.

Era card rows: id, type, column, the eight connectors (N NE E SE S SW W NW; 0 = none, 1-3 = road
tokens on that side), fame box, temple square (T or -), huts (foods, or -), effect (action cards).
"""

from __future__ import annotations

ERA_CARDS = """
A01 city   coast    1 2 2 2 1 0 0 0  1 - -
A02 city   coast    0 1 2 3 0 0 0 0  2 - -
A03 city   coast    1 2 0 3 0 0 0 0  2 T -
A04 city   plateau  1 2 1 2 0 2 3 3  1 - -
A05 city   plateau  0 1 0 2 0 1 1 2  1 - -
A06 city   plateau  2 0 3 1 2 0 2 3  2 - -
A07 city   mountain 0 0 0 0 2 1 0 1  2 - -
A08 city   mountain 2 0 0 0 1 1 3 2  1 - -
A09 city   mountain 1 0 0 0 2 1 1 1  1 - -
A10 colca  coast    3 0 2 0 3 0 0 0  0 - fish,corn
A11 colca  plateau  0 0 2 0 3 0 2 0  0 - fish,potato
A12 colca  mountain 0 0 0 0 1 0 2 0  0 - potato,corn
A13 colca  coast    0 0 1 0 2 0 0 0  0 - corn
A14 colca  plateau  1 0 2 0 1 0 2 0  0 - corn,fish
A15 colca  mountain 3 0 0 0 1 0 2 0  0 - potato
A16 colca  wild     0 0 1 2 2 1 1 0  0 - corn,potato
A17 colca  wild     2 1 1 0 0 0 0 3  0 - fish
A18 trade  -        0 0 0 0 0 0 0 0  0 - - TA_HUTS2
A19 trade  -        0 0 0 0 0 0 0 0  0 - - TA_SHARED
A20 trade  -        0 0 0 0 0 0 0 0  0 - - TA_CHEAP_ROADS
A21 trade  -        0 0 0 0 0 0 0 0  0 - - TA_FAME
A22 trade  -        0 0 0 0 0 0 0 0  0 - - TA_SUPPLY_BUILD
A23 trade  -        0 0 0 0 0 0 0 0  0 - - TA_TERRACE
A24 trade  -        0 0 0 0 0 0 0 0  0 - - TA_TEMPLE_SUPPLY
A25 work   -        0 0 0 0 0 0 0 0  0 - - EW_STOCK3
A26 work   -        0 0 0 0 0 0 0 0  0 - - EW_ROAD_SUPPLY
A27 work   -        0 0 0 0 0 0 0 0  0 - - EW_TEMPLE_SUPPLY
A28 work   -        0 0 0 0 0 0 0 0  0 - - EW_ACTIVATE
A29 work   -        0 0 0 0 0 0 0 0  0 - - EW_ROADS2
A30 work   -        0 0 0 0 0 0 0 0  0 - - EW_RESTRICT
B01 city   coast    3 1 0 1 2 0 0 0  2 - -
B02 city   coast    3 3 1 2 2 0 0 0  1 - -
B03 city   coast    1 1 3 1 3 0 0 0  2 - -
B04 city   plateau  2 1 3 1 1 0 1 1  1 - -
B05 city   plateau  0 2 0 1 1 1 1 3  2 T -
B06 city   plateau  0 1 1 2 1 0 0 3  1 - -
B07 city   mountain 2 0 0 0 2 1 1 2  1 T -
B08 city   mountain 0 0 0 0 0 1 3 1  2 - -
B09 city   mountain 0 0 0 0 0 1 1 1  2 - -
B10 colca  coast    2 0 3 0 2 0 0 0  1 - fish,corn
B11 colca  plateau  2 0 2 0 1 0 1 0  0 - potato,potato
B12 colca  mountain 3 0 0 0 2 0 1 0  1 - potato,potato
B13 colca  coast    1 0 0 0 3 0 0 0  0 - fish,fish
B14 colca  plateau  1 0 1 0 1 0 1 0  1 - corn,fish
B15 colca  mountain 3 0 0 0 2 0 3 0  0 - potato,corn
B16 colca  wild     0 2 2 0 0 3 2 0  1 - corn,fish
B17 colca  wild     2 1 1 0 1 2 3 0  0 - potato,fish
B18 trade  -        0 0 0 0 0 0 0 0  0 - - TA_OPEN_ROADS
B19 trade  -        0 0 0 0 0 0 0 0  0 - - TA_HUTS2
B20 trade  -        0 0 0 0 0 0 0 0  0 - - TA_SHARED
B21 trade  -        0 0 0 0 0 0 0 0  0 - - TA_CHEAP_ROADS
B22 trade  -        0 0 0 0 0 0 0 0  0 - - TA_FAME
B23 work   -        0 0 0 0 0 0 0 0  0 - - EW_DRAW
B24 work   -        0 0 0 0 0 0 0 0  0 - - EW_BUILD
B25 work   -        0 0 0 0 0 0 0 0  0 - - EW_STOCK3
B26 work   -        0 0 0 0 0 0 0 0  0 - - EW_ROAD_SUPPLY
B27 work   -        0 0 0 0 0 0 0 0  0 - - EW_TEMPLE_SUPPLY
C01 city   coast    1 2 2 3 0 0 0 0  2 T -
C02 city   coast    0 3 0 1 3 0 0 0  2 - -
C03 city   coast    0 3 3 3 0 0 0 0  3 - -
C04 city   plateau  2 1 1 2 0 2 0 1  2 T -
C05 city   plateau  2 1 0 2 2 1 1 2  2 - -
C06 city   plateau  1 1 3 3 0 0 0 1  3 T -
C07 city   mountain 2 0 0 0 2 1 1 1  2 - -
C08 city   mountain 1 0 0 0 0 3 2 1  3 - -
C09 city   mountain 0 0 0 0 1 1 2 3  2 - -
C10 colca  coast    2 0 2 0 1 0 0 0  1 - fish,fish
C11 colca  plateau  2 0 2 0 2 0 2 0  1 - fish,fish,corn
C12 colca  mountain 0 0 0 0 1 0 1 0  1 - potato,corn,potato
C13 colca  coast    2 0 0 0 1 0 0 0  1 - fish,corn,fish
C14 colca  plateau  3 0 0 0 1 0 3 0  1 - corn,corn
C15 colca  mountain 1 0 0 0 0 0 2 0  1 - potato,potato,potato
C16 colca  wild     1 2 2 3 1 0 1 0  1 - corn,fish,fish
C17 colca  wild     3 0 1 1 0 1 0 0  1 - corn,fish
C18 trade  -        0 0 0 0 0 0 0 0  0 - - TA_SUPPLY_BUILD
C19 trade  -        0 0 0 0 0 0 0 0  0 - - TA_TERRACE
C20 trade  -        0 0 0 0 0 0 0 0  0 - - TA_TEMPLE_SUPPLY
C21 trade  -        0 0 0 0 0 0 0 0  0 - - TA_OPEN_ROADS
C22 trade  -        0 0 0 0 0 0 0 0  0 - - TA_HUTS2
C23 work   -        0 0 0 0 0 0 0 0  0 - - EW_ACTIVATE
C24 work   -        0 0 0 0 0 0 0 0  0 - - EW_ROADS2
C25 work   -        0 0 0 0 0 0 0 0  0 - - EW_RESTRICT
C26 work   -        0 0 0 0 0 0 0 0  0 - - EW_DRAW
C27 work   -        0 0 0 0 0 0 0 0  0 - - EW_BUILD
D01 city   coast    3 3 0 2 0 0 0 0  2 T -
D02 city   coast    1 1 1 2 0 0 0 0  2 - -
D03 city   coast    1 1 1 1 3 0 0 0  2 - -
D04 city   plateau  1 1 1 1 3 2 1 2  3 T -
D05 city   plateau  2 1 0 0 1 1 0 1  3 T -
D06 city   plateau  2 0 1 1 0 2 2 3  3 - -
D07 city   mountain 0 0 0 0 0 2 1 3  3 - -
D08 city   mountain 0 2 0 0 2 3 2 1  3 T -
D09 city   mountain 0 0 0 0 1 3 2 1  2 - -
D10 colca  coast    3 0 2 0 0 0 0 0  2 - fish,fish,fish
D11 colca  plateau  1 0 1 0 3 0 3 0  2 - corn,corn,potato
D12 colca  mountain 3 0 0 0 0 0 1 0  2 - potato,potato,potato
D13 colca  coast    2 0 0 0 1 0 0 0  1 - fish,corn,fish
D14 colca  plateau  2 0 2 0 1 0 3 0  2 - corn,corn,corn
D15 colca  mountain 2 0 0 0 3 0 1 0  2 - potato,corn,corn
D16 colca  wild     1 0 3 0 0 1 3 1  2 - fish,fish,potato
D17 colca  wild     3 0 2 0 0 1 1 1  1 - potato,potato,corn
D18 trade  -        0 0 0 0 0 0 0 0  0 - - TA_SHARED
D19 trade  -        0 0 0 0 0 0 0 0  0 - - TA_CHEAP_ROADS
D20 trade  -        0 0 0 0 0 0 0 0  0 - - TA_FAME
D21 trade  -        0 0 0 0 0 0 0 0  0 - - TA_SUPPLY_BUILD
D22 trade  -        0 0 0 0 0 0 0 0  0 - - TA_TERRACE
D23 work   -        0 0 0 0 0 0 0 0  0 - - EW_STOCK3
D24 work   -        0 0 0 0 0 0 0 0  0 - - EW_ROAD_SUPPLY
D25 work   -        0 0 0 0 0 0 0 0  0 - - EW_TEMPLE_SUPPLY
D26 work   -        0 0 0 0 0 0 0 0  0 - - EW_ACTIVATE
D27 work   -        0 0 0 0 0 0 0 0  0 - - EW_ROADS2
"""

#: Start cards: id, name, cell (column,row), connectors, fame box, temple, players it is used at.
#: The cell is the arrow printed on the card: which side of Cuzco it lies on.
START_CARDS = """
S1 Pachacamac   0,0  1 2 1 2 1 0 0 0  0 T
S2 Quito        1,1  1 2 1 1 1 1 1 2  0 -
S3 Titicaca     1,-1 1 1 1 2 1 2 1 1  0 -
S4 Vilcabamba   2,0  1 0 0 0 1 2 1 2  0 T
S5 Machu_Picchu 3,2  0 0 0 0 0 1 0 0  0 T
"""

#: Cuzco: the plateau card of row 0; edges lead to the Start cards, corners to diagonal cities.
CUZCO = "CZ Cuzco 1,0  1 2 1 2 1 2 1 2  0 -"

#: Effect id to (token source, the text on the card).
EFFECTS: dict[str, tuple[str, str]] = {
    # Trade Agreements: both players beside the card, for the rest of the Era.
    "TA_HUTS2": ("supply", "Storage huts may hold two tokens."),
    "TA_SHARED": ("supply", "You may stock huts and stack temples on your partner's route too."),
    "TA_CHEAP_ROADS": ("supply", "Each road costs one token less (at least one)."),
    "TA_FAME": ("supply", "Each City or Colca you build takes one more fame token."),
    "TA_SUPPLY_BUILD": ("supply", "Builds and roads take their tokens from your Supply."),
    "TA_TERRACE": ("supply", "Each Terrace moves one more token from Supply to Active Pool."),
    "TA_TEMPLE_SUPPLY": ("supply", "Temple tokens come from your Supply."),
    "TA_OPEN_ROADS": ("supply", "Road Restriction tokens do not stop your roads."),
    # Extra Workforce: the player who plays it, once.
    "EW_STOCK3": ("active", "Stock up to three storage huts on your route from Cuzco."),
    "EW_ROAD_SUPPLY": ("supply", "Build one road; its tokens come from your Supply."),
    "EW_TEMPLE_SUPPLY": ("supply", "Stack up to three tokens from your Supply on one temple."),
    "EW_ACTIVATE": ("supply", "Move three tokens from your Supply to your Active Pool."),
    "EW_ROADS2": ("active", "Build up to two roads."),
    "EW_RESTRICT": ("supply", "Put a Road Restriction token on a place on your route."),
    "EW_DRAW": ("supply", "Draw two cards from this Era's deck."),
    "EW_BUILD": ("active", "Build a City or Colca from your hand."),
}

#: Goal cards: id, VP, measure, at least; the measures are defined in inca_core/cardgame/goals.py.
GOAL_CARDS = """
G01 10 coast_cities     5
G02 10 plateau_cities   5
G03 10 mountain_cities  4
G04 8  colcas           4
G05 14 colcas           6
G06 10 wild_colcas      2
G07 10 fish             2
G08 10 corn             2
G09 10 potato           2
G10 12 each_food        1
G11 10 huts             3
G12 10 temple_tokens    8
G13 12 temples          2
G14 10 north            4
G15 10 south            5
G16 12 north_and_south  3
G17 8  roads            17
G18 12 roads            20
G19 8  terraces         18
G20 12 terraces         19
G21 10 cities_built     3
G22 10 colcas_built     3
G23 10 fame             7
G24 10 three_columns    5
G25 14 huts             4
G26 10 places           16
"""

#: Goal thresholds from rules edition 2, by player count (columns: 2, 3, 4 and 5 players). With
#: fewer players each has more cards and more room, so one threshold cannot suit every count
#: (docs/cardgame/CARDGAME.md, "Rules editions"). Edition 1 games use GOAL_CARDS' column at every
# count.
GOAL_NEEDS = """
G01  5  5  5  5
G02  5  5  5  5
G03  4  4  4  5
G04  4  4  4  4
G05  6  6  6  6
G06  2  2  2  2
G07  2  2  2  2
G08  2  2  2  2
G09  2  2  2  2
G10  1  1  1  1
G11  3  3  3  3
G12 16 10  8 10
G13  2  2  2  2
G14  4  4  4  4
G15  4  5  5  5
G16  3  3  3  3
G17 16 16 15 16
G18 18 18 17 18
G19 20 20 18 18
G20 22 22 19 19
G21  3  3  3  3
G22  3  3  3  3
G23  9  7  7  7
G24  4  5  5  5
G25  4  4  4  4
G26 14 16 16 16
"""


# ----- Rules edition 4: the card set of issue 22 (docs/cardgame/CARDGAME.md, "Rules editions",
# gives each change, its reason and the figure it moved). Editions 1-3 read the
# data above, unchanged; edition 4 reads what follows. Its cards have ids of their own (the
# number 51 up), so a card id always names one card.

#: Tokens of each player (editions 1-3: 70).
TOKENS_4 = 85
#: Tokens each activation at the start of an Era moves to the Active Pool, before the Terrace
#: bonus (editions 1-3: 6).
ACTIVATION_4 = 6

ERA_CARDS_4 = """
A51 city   coast    1 2 2 2 1 0 0 0  1 - -
A52 city   coast    0 1 2 3 0 0 0 0  2 - -
A53 city   coast    1 2 0 3 0 0 0 0  2 T -
A54 city   plateau  1 2 1 2 0 2 3 3  1 - -
A55 city   plateau  0 1 0 2 0 1 1 2  1 - -
A56 city   plateau  2 0 3 1 2 0 2 3  2 - -
A57 city   mountain 0 0 0 0 2 1 0 1  2 - -
A58 city   mountain 2 0 0 0 1 1 3 2  1 - -
A59 city   mountain 1 0 0 0 2 1 1 1  1 - -
A60 colca  coast    3 0 2 0 3 0 0 0  1 - fish,corn
A61 colca  plateau  1 0 2 0 3 0 2 0  1 - fish,potato
A62 colca  mountain 1 0 0 0 1 0 2 0  1 - potato,corn
A63 colca  coast    1 0 1 0 2 0 0 0  1 - corn
A64 colca  plateau  1 0 2 0 1 0 2 0  1 - corn,fish
A65 colca  mountain 3 0 0 0 1 0 2 0  1 - potato
A66 colca  wild     1 0 1 2 2 1 1 0  1 - corn,potato
A67 colca  wild     2 1 1 0 1 0 1 3  1 - fish
A68 trade  -        0 0 0 0 0 0 0 0  0 - - TA_HUTS2
A69 trade  -        0 0 0 0 0 0 0 0  0 - - TA_SHARED
A70 trade  -        0 0 0 0 0 0 0 0  0 - - TA_CHEAP_ROADS
A71 trade  -        0 0 0 0 0 0 0 0  0 - - TA_FAME
A72 trade  -        0 0 0 0 0 0 0 0  0 - - TA_SUPPLY_BUILD
A73 trade  -        0 0 0 0 0 0 0 0  0 - - TA_TERRACE
A74 trade  -        0 0 0 0 0 0 0 0  0 - - TA_TEMPLE_SUPPLY
A75 work   -        0 0 0 0 0 0 0 0  0 - - EW_STOCK3
A76 work   -        0 0 0 0 0 0 0 0  0 - - EW_ROAD_SUPPLY
A77 work   -        0 0 0 0 0 0 0 0  0 - - EW_TEMPLE_SUPPLY
A78 work   -        0 0 0 0 0 0 0 0  0 - - EW_ACTIVATE
A79 work   -        0 0 0 0 0 0 0 0  0 - - EW_ROADS2
A80 work   -        0 0 0 0 0 0 0 0  0 - - EW_ROAD_RESTRICT
A81 colca  coast    2 0 1 0 1 0 0 0  1 - fish,corn
A82 colca  plateau  1 0 1 0 2 0 1 0  1 - corn,potato
A83 colca  mountain 1 0 0 0 2 0 1 0  1 - potato,fish
A84 work   -        0 0 0 0 0 0 0 0  0 - - EW_STOCK3
A85 work   -        0 0 0 0 0 0 0 0  0 - - EW_BUILD
B51 city   coast    3 1 0 1 2 0 0 0  2 - -
B52 city   coast    3 3 1 2 2 0 0 0  1 - -
B53 city   coast    1 1 3 1 3 0 0 0  2 - -
B54 city   plateau  2 1 3 1 1 0 1 1  1 - -
B55 city   plateau  0 2 0 1 1 1 1 3  2 T -
B56 city   plateau  0 1 1 2 1 0 0 3  1 - -
B57 city   mountain 2 0 0 0 2 1 1 2  1 T -
B58 city   mountain 0 0 0 0 0 1 3 1  2 - -
B59 city   mountain 0 0 0 0 0 1 1 1  2 - -
B60 colca  coast    2 0 3 0 2 0 0 0  2 - fish,corn
B61 colca  plateau  2 0 2 0 1 0 1 0  1 - potato,potato
B62 colca  mountain 3 0 0 0 2 0 1 0  2 - potato,potato
B63 colca  coast    1 0 1 0 3 0 0 0  1 - fish,fish
B64 colca  plateau  1 0 1 0 1 0 1 0  2 - corn,fish
B65 colca  mountain 3 0 0 0 2 0 3 0  1 - potato,corn
B66 colca  wild     1 2 2 0 1 3 2 0  2 - corn,fish
B67 colca  wild     2 1 1 0 1 2 3 0  1 - potato,fish
B68 trade  -        0 0 0 0 0 0 0 0  0 - - TA_OPEN_ROADS
B69 trade  -        0 0 0 0 0 0 0 0  0 - - TA_HUTS2
B70 trade  -        0 0 0 0 0 0 0 0  0 - - TA_SHARED
B71 trade  -        0 0 0 0 0 0 0 0  0 - - TA_CHEAP_ROADS
B72 trade  -        0 0 0 0 0 0 0 0  0 - - TA_FAME
B73 work   -        0 0 0 0 0 0 0 0  0 - - EW_DRAW
B74 work   -        0 0 0 0 0 0 0 0  0 - - EW_BUILD
B75 work   -        0 0 0 0 0 0 0 0  0 - - EW_STOCK3
B76 work   -        0 0 0 0 0 0 0 0  0 - - EW_ROAD_SUPPLY
B77 work   -        0 0 0 0 0 0 0 0  0 - - EW_TEMPLE_SUPPLY
B78 colca  coast    1 0 2 0 1 0 0 0  2 - fish,fish
B79 colca  plateau  1 0 1 0 1 0 2 0  1 - corn,corn
B80 colca  mountain 2 0 0 0 1 0 1 0  2 - potato,corn
B81 work   -        0 0 0 0 0 0 0 0  0 - - EW_STOCK3
B82 work   -        0 0 0 0 0 0 0 0  0 - - EW_BUILD
C51 city   coast    1 2 2 3 0 0 0 0  2 T -
C52 city   coast    0 3 0 1 3 0 0 0  2 - -
C53 city   coast    0 3 3 3 0 0 0 0  3 - -
C54 city   plateau  2 1 1 2 0 2 0 1  2 T -
C55 city   plateau  2 1 0 2 2 1 1 2  2 - -
C56 city   plateau  1 1 3 3 0 0 0 1  3 T -
C57 city   mountain 2 0 0 0 2 1 1 1  2 - -
C58 city   mountain 1 0 0 0 0 3 2 1  3 - -
C59 city   mountain 0 0 0 0 1 1 2 3  2 - -
C60 colca  coast    2 0 2 0 1 0 0 0  2 - fish,fish
C61 colca  plateau  2 0 2 0 2 0 2 0  2 - fish,fish,corn
C62 colca  mountain 1 0 0 0 1 0 1 0  2 - potato,corn,potato
C63 colca  coast    2 0 1 0 1 0 0 0  2 - fish,corn,fish
C64 colca  plateau  3 0 1 0 1 0 3 0  2 - corn,corn
C65 colca  mountain 1 0 0 0 1 0 2 0  2 - potato,potato,potato
C66 colca  wild     1 2 2 3 1 0 1 0  2 - corn,fish,fish
C67 colca  wild     3 0 1 1 1 1 1 0  2 - corn,fish
C68 trade  -        0 0 0 0 0 0 0 0  0 - - TA_SUPPLY_BUILD
C69 trade  -        0 0 0 0 0 0 0 0  0 - - TA_TERRACE
C70 trade  -        0 0 0 0 0 0 0 0  0 - - TA_TEMPLE_SUPPLY
C71 trade  -        0 0 0 0 0 0 0 0  0 - - TA_OPEN_ROADS
C72 trade  -        0 0 0 0 0 0 0 0  0 - - TA_HUTS2
C73 work   -        0 0 0 0 0 0 0 0  0 - - EW_ACTIVATE
C74 work   -        0 0 0 0 0 0 0 0  0 - - EW_ROADS2
C75 work   -        0 0 0 0 0 0 0 0  0 - - EW_ROAD_RESTRICT
C76 work   -        0 0 0 0 0 0 0 0  0 - - EW_DRAW
C77 work   -        0 0 0 0 0 0 0 0  0 - - EW_BUILD
C78 colca  coast    1 0 1 0 2 0 0 0  2 - fish,corn,fish
C79 colca  plateau  2 0 1 0 1 0 1 0  2 - corn,potato,corn
C80 colca  mountain 1 0 0 0 1 0 2 0  2 - potato,fish,potato
C81 work   -        0 0 0 0 0 0 0 0  0 - - EW_STOCK3
C82 work   -        0 0 0 0 0 0 0 0  0 - - EW_BUILD
D51 city   coast    3 3 0 2 0 0 0 0  2 T -
D52 city   coast    1 1 1 2 0 0 0 0  2 - -
D53 city   coast    1 1 1 1 3 0 0 0  2 - -
D54 city   plateau  1 1 1 1 3 2 1 2  3 T -
D55 city   plateau  2 1 0 0 1 1 0 1  3 T -
D56 city   plateau  2 0 1 1 0 2 2 3  3 - -
D57 city   mountain 0 0 0 0 0 2 1 3  3 - -
D58 city   mountain 0 2 0 0 2 3 2 1  3 T -
D59 city   mountain 0 0 0 0 1 3 2 1  2 - -
D60 colca  coast    3 0 2 0 1 0 0 0  3 - fish,fish,fish
D61 colca  plateau  1 0 1 0 3 0 3 0  3 - corn,corn,potato
D62 colca  mountain 3 0 0 0 1 0 1 0  3 - potato,potato,potato
D63 colca  coast    2 0 1 0 1 0 0 0  2 - fish,corn,fish
D64 colca  plateau  2 0 2 0 1 0 3 0  3 - corn,corn,corn
D65 colca  mountain 2 0 0 0 3 0 1 0  3 - potato,corn,corn
D66 colca  wild     1 0 3 0 1 1 3 1  3 - fish,fish,potato
D67 colca  wild     3 0 2 0 1 1 1 1  2 - potato,potato,corn
D68 trade  -        0 0 0 0 0 0 0 0  0 - - TA_SHARED
D69 trade  -        0 0 0 0 0 0 0 0  0 - - TA_CHEAP_ROADS
D70 trade  -        0 0 0 0 0 0 0 0  0 - - TA_FAME
D71 trade  -        0 0 0 0 0 0 0 0  0 - - TA_SUPPLY_BUILD
D72 trade  -        0 0 0 0 0 0 0 0  0 - - TA_TERRACE
D73 work   -        0 0 0 0 0 0 0 0  0 - - EW_STOCK3
D74 work   -        0 0 0 0 0 0 0 0  0 - - EW_ROAD_SUPPLY
D75 work   -        0 0 0 0 0 0 0 0  0 - - EW_TEMPLE_SUPPLY
D76 work   -        0 0 0 0 0 0 0 0  0 - - EW_ACTIVATE
D77 work   -        0 0 0 0 0 0 0 0  0 - - EW_ROADS2
D78 colca  coast    1 0 1 0 1 0 0 0  3 - fish,corn,fish
D79 colca  plateau  1 0 2 0 1 0 1 0  3 - corn,fish,corn
D80 colca  mountain 1 0 0 0 2 0 1 0  3 - potato,potato,fish
D81 work   -        0 0 0 0 0 0 0 0  0 - - EW_STOCK3
D82 work   -        0 0 0 0 0 0 0 0  0 - - EW_BUILD
"""

#: Effects that only edition-4 cards carry (the table EFFECTS above stays as editions 1-3 read it).
EFFECTS_4: dict[str, tuple[str, str]] = {
    "EW_ROAD_RESTRICT": ("supply", "Build one road with tokens from your Supply, then put a Road "
                                   "Restriction token on a place on your route."),
}

#: Goal thresholds of edition 4 by player count: those of editions 2-3 (its own digest part).
GOAL_NEEDS_4 = GOAL_NEEDS


# ----- Rules edition 5: the card set of issue 22, second step (docs/cardgame/CARDGAME.md, "Rules
# editions", gives each change, its reason and the figure it moved). Edition 5 plays
# edition 4's cards with the Colcas below in place of edition 4's Colcas (not Wild): the same
# cards in the same order (A86-A94 are A60-A65 and A81-A83, B83-B91 are B60-B65 and B78-B80, and
# so on), each fame box one higher, with ids of their own. Editions 1-4 read the data above,
# unchanged.

#: Tokens of each player by player count (edition 4: 85 at every count). At 2 and 3 players each
#: player gets six cards an Era (five at 4-5), so strong players ran out of tokens first there.
TOKENS_5: dict[int, int] = {2: 95, 3: 95, 4: 85, 5: 85}
#: Tokens each activation at the start of an Era moves to the Active Pool by player count,
#: before the Terrace bonus (edition 4: 6 at every count).
ACTIVATION_5: dict[int, int] = {2: 7, 3: 6, 4: 6, 5: 6}

#: Edition 5's Colcas (not Wild): edition 4's in the same order, each fame box one higher.
COLCAS_5 = """
A86 colca  coast    3 0 2 0 3 0 0 0  2 - fish,corn
A87 colca  plateau  1 0 2 0 3 0 2 0  2 - fish,potato
A88 colca  mountain 1 0 0 0 1 0 2 0  2 - potato,corn
A89 colca  coast    1 0 1 0 2 0 0 0  2 - corn
A90 colca  plateau  1 0 2 0 1 0 2 0  2 - corn,fish
A91 colca  mountain 3 0 0 0 1 0 2 0  2 - potato
A92 colca  coast    2 0 1 0 1 0 0 0  2 - fish,corn
A93 colca  plateau  1 0 1 0 2 0 1 0  2 - corn,potato
A94 colca  mountain 1 0 0 0 2 0 1 0  2 - potato,fish
B83 colca  coast    2 0 3 0 2 0 0 0  3 - fish,corn
B84 colca  plateau  2 0 2 0 1 0 1 0  2 - potato,potato
B85 colca  mountain 3 0 0 0 2 0 1 0  3 - potato,potato
B86 colca  coast    1 0 1 0 3 0 0 0  2 - fish,fish
B87 colca  plateau  1 0 1 0 1 0 1 0  3 - corn,fish
B88 colca  mountain 3 0 0 0 2 0 3 0  2 - potato,corn
B89 colca  coast    1 0 2 0 1 0 0 0  3 - fish,fish
B90 colca  plateau  1 0 1 0 1 0 2 0  2 - corn,corn
B91 colca  mountain 2 0 0 0 1 0 1 0  3 - potato,corn
C83 colca  coast    2 0 2 0 1 0 0 0  3 - fish,fish
C84 colca  plateau  2 0 2 0 2 0 2 0  3 - fish,fish,corn
C85 colca  mountain 1 0 0 0 1 0 1 0  3 - potato,corn,potato
C86 colca  coast    2 0 1 0 1 0 0 0  3 - fish,corn,fish
C87 colca  plateau  3 0 1 0 1 0 3 0  3 - corn,corn
C88 colca  mountain 1 0 0 0 1 0 2 0  3 - potato,potato,potato
C89 colca  coast    1 0 1 0 2 0 0 0  3 - fish,corn,fish
C90 colca  plateau  2 0 1 0 1 0 1 0  3 - corn,potato,corn
C91 colca  mountain 1 0 0 0 1 0 2 0  3 - potato,fish,potato
D83 colca  coast    3 0 2 0 1 0 0 0  4 - fish,fish,fish
D84 colca  plateau  1 0 1 0 3 0 3 0  4 - corn,corn,potato
D85 colca  mountain 3 0 0 0 1 0 1 0  4 - potato,potato,potato
D86 colca  coast    2 0 1 0 1 0 0 0  3 - fish,corn,fish
D87 colca  plateau  2 0 2 0 1 0 3 0  4 - corn,corn,corn
D88 colca  mountain 2 0 0 0 3 0 1 0  4 - potato,corn,corn
D89 colca  coast    1 0 1 0 1 0 0 0  4 - fish,corn,fish
D90 colca  plateau  1 0 2 0 1 0 1 0  4 - corn,fish,corn
D91 colca  mountain 1 0 0 0 2 0 1 0  4 - potato,potato,fish
"""

#: Goal thresholds of edition 5 by player count (2, 3, 4 and 5 players): edition 4's with the
#: most-roads goal G18 and the fame goal G23 set anew from the holders' measures.
GOAL_NEEDS_5 = """
G01  5  5  5  5
G02  5  5  5  5
G03  4  4  4  5
G04  4  4  4  4
G05  6  6  6  6
G06  2  2  2  2
G07  2  2  2  2
G08  2  2  2  2
G09  2  2  2  2
G10  1  1  1  1
G11  3  3  3  3
G12 16 10  8 10
G13  2  2  2  2
G14  4  4  4  4
G15  4  5  5  5
G16  3  3  3  3
G17 16 16 15 16
G18 17 18 16 18
G19 20 20 18 18
G20 22 22 19 19
G21  3  3  3  3
G22  3  3  3  3
G23 11 10  9  8
G24  4  5  5  5
G25  4  4  4  4
G26 14 16 16 16
"""


# ----- Rules edition 6: the card set of issue 22, third step (docs/cardgame/CARDGAME.md, "Rules
# editions"). Edition 6 plays edition 5's cards, activation and goal thresholds; only the
# tokens at 2 and 3 players change. Editions 1-5 read the data above, unchanged.

#: Tokens of each player by player count (edition 5: 95 at 2 and 3 players). With hard bots in
#: every seat the actions, not the tokens, end a game at about 82 (2 players) and 88 (3 players)
#: placed per player, and with 95 a quarter of the players placed them all.
TOKENS_6: dict[int, int] = {2: 110, 3: 110, 4: 85, 5: 85}


# ----- Rules edition 7: the card set of issue 22, fourth step (docs/cardgame/CARDGAME.md, "Rules
# editions"). Edition 7 plays edition 6's cards, activation, goal thresholds and tokens at
# 2 and 3 players; only the tokens at 4 and 5 players change.

#: Tokens of each player by player count (edition 6: 85 at 4 and 5 players). With hard bots in
#: every seat about 76 (4 players) and 75 (5 players) tokens a player get placed before the
#: actions run out, and with 85 an eighth (4 players) and a sixth (5 players) placed them all.
TOKENS_7: dict[int, int] = {2: 110, 3: 110, 4: 95, 5: 95}


# ----- Rules edition 9: the printed counts (issue 60; docs/cardgame/CARDGAME.md, "The card set
# of edition 9"). 70 tokens per player and the activation of 6 at every player count, 111 Era
# cards in decks of 30, 27, 27 and 27. Editions 1-8 read the data above, unchanged.

#: Each player's tokens at every player count (rulebook CONTENTS and SETUP 3: a set of 70).
TOKENS_9 = 70
#: Tokens each Era's activation moves before the Terrace bonus, at every count (rulebook
#: "1. ACTIVATE TOKENS": 6 plus one for each pair of Terraces).
ACTIVATION_9 = 6

#: Edition 9's 111 Era cards, deck by deck. A card whose id appears above is that card
#: unchanged (Cities and action cards of edition 8); the ordinary Colcas carry the corner
#: connectors their column allows (coast NE SE, plateau all four, mountain SW NW) so a Wild
#: Colca's corner can meet them, with ids of their own (A95-A101, B92-B98, C92-C98, D92-D98).
#: Each deck: 9 Cities (3 per column), 7 Colcas (2 coast, 3 plateau, 2 mountain), 2 Wild
#: Colcas; Era I 5 Trade Agreements and 7 Extra Workforce, Eras II-IV 3 and 6.
ERA_CARDS_9 = """
A51  city   coast    1 2 2 2 1 0 0 0  1 - -
A52  city   coast    0 1 2 3 0 0 0 0  2 - -
A53  city   coast    1 2 0 3 0 0 0 0  2 T -
A54  city   plateau  1 2 1 2 0 2 3 3  1 - -
A55  city   plateau  0 1 0 2 0 1 1 2  1 - -
A56  city   plateau  2 0 3 1 2 0 2 3  2 - -
A57  city   mountain 0 0 0 0 2 1 0 1  2 - -
A58  city   mountain 2 0 0 0 1 1 3 2  1 - -
A59  city   mountain 1 0 0 0 2 1 1 1  1 - -
A95  colca  coast    3 1 2 2 3 0 0 0  2 - fish,corn
A96  colca  plateau  1 2 2 1 3 2 2 1  2 - fish,potato
A97  colca  mountain 1 0 0 0 1 1 2 2  2 - potato,corn
A98  colca  plateau  1 2 2 1 1 2 2 1  2 - corn,fish
A66  colca  wild     1 0 1 2 2 1 1 0  1 - corn,potato
A67  colca  wild     2 1 1 0 1 0 1 3  1 - fish
A68  trade  -        0 0 0 0 0 0 0 0  0 - - TA_HUTS2
A69  trade  -        0 0 0 0 0 0 0 0  0 - - TA_SHARED
A70  trade  -        0 0 0 0 0 0 0 0  0 - - TA_CHEAP_ROADS
A71  trade  -        0 0 0 0 0 0 0 0  0 - - TA_FAME
A75  work   -        0 0 0 0 0 0 0 0  0 - - EW_STOCK3
A76  work   -        0 0 0 0 0 0 0 0  0 - - EW_ROAD_SUPPLY
A77  work   -        0 0 0 0 0 0 0 0  0 - - EW_TEMPLE_SUPPLY
A79  work   -        0 0 0 0 0 0 0 0  0 - - EW_ROADS2
A80  work   -        0 0 0 0 0 0 0 0  0 - - EW_ROAD_RESTRICT
A99  colca  coast    2 1 1 2 1 0 0 0  2 - fish,corn
A100 colca  plateau  1 2 1 1 2 2 1 1  2 - corn,potato
A101 colca  mountain 1 0 0 0 2 1 1 2  2 - potato,fish
A84  work   -        0 0 0 0 0 0 0 0  0 - - EW_STOCK3
A85  work   -        0 0 0 0 0 0 0 0  0 - - EW_BUILD
A102 trade  -        0 0 0 0 0 0 0 0  0 - - TA_OPEN_ROADS
B51  city   coast    3 1 0 1 2 0 0 0  2 - -
B52  city   coast    3 3 1 2 2 0 0 0  1 - -
B53  city   coast    1 1 3 1 3 0 0 0  2 - -
B54  city   plateau  2 1 3 1 1 0 1 1  1 - -
B55  city   plateau  0 2 0 1 1 1 1 3  2 T -
B56  city   plateau  0 1 1 2 1 0 0 3  1 - -
B57  city   mountain 2 0 0 0 2 1 1 2  1 T -
B58  city   mountain 0 0 0 0 0 1 3 1  2 - -
B59  city   mountain 0 0 0 0 0 1 1 1  2 - -
B92  colca  coast    2 2 3 1 2 0 0 0  3 - fish,corn
B93  colca  plateau  2 1 2 2 1 1 1 2  2 - potato,potato
B94  colca  mountain 3 0 0 0 2 2 1 1  3 - potato,potato
B95  colca  plateau  1 1 1 2 1 1 1 2  3 - corn,fish
B66  colca  wild     1 2 2 0 1 3 2 0  2 - corn,fish
B67  colca  wild     2 1 1 0 1 2 3 0  1 - potato,fish
B69  trade  -        0 0 0 0 0 0 0 0  0 - - TA_HUTS2
B70  trade  -        0 0 0 0 0 0 0 0  0 - - TA_SHARED
B71  trade  -        0 0 0 0 0 0 0 0  0 - - TA_CHEAP_ROADS
B74  work   -        0 0 0 0 0 0 0 0  0 - - EW_BUILD
B75  work   -        0 0 0 0 0 0 0 0  0 - - EW_STOCK3
B76  work   -        0 0 0 0 0 0 0 0  0 - - EW_ROAD_SUPPLY
B96  colca  coast    1 2 2 1 1 0 0 0  3 - fish,fish
B97  colca  plateau  1 1 1 2 1 1 2 2  2 - corn,corn
B98  colca  mountain 2 0 0 0 1 2 1 1  3 - potato,corn
B81  work   -        0 0 0 0 0 0 0 0  0 - - EW_STOCK3
B82  work   -        0 0 0 0 0 0 0 0  0 - - EW_BUILD
B99  work   -        0 0 0 0 0 0 0 0  0 - - EW_ROADS2
C51  city   coast    1 2 2 3 0 0 0 0  2 T -
C52  city   coast    0 3 0 1 3 0 0 0  2 - -
C53  city   coast    0 3 3 3 0 0 0 0  3 - -
C54  city   plateau  2 1 1 2 0 2 0 1  2 T -
C55  city   plateau  2 1 0 2 2 1 1 2  2 - -
C56  city   plateau  1 1 3 3 0 0 0 1  3 T -
C57  city   mountain 2 0 0 0 2 1 1 1  2 - -
C58  city   mountain 1 0 0 0 0 3 2 1  3 - -
C59  city   mountain 0 0 0 0 1 1 2 3  2 - -
C92  colca  coast    2 1 2 2 1 0 0 0  3 - fish,fish
C93  colca  plateau  2 2 2 1 2 2 2 1  3 - fish,fish,corn
C94  colca  mountain 1 0 0 0 1 1 1 2  3 - potato,corn,potato
C95  colca  plateau  3 2 1 1 1 2 3 1  3 - corn,corn
C66  colca  wild     1 2 2 3 1 0 1 0  2 - corn,fish,fish
C67  colca  wild     3 0 1 1 1 1 1 0  2 - corn,fish
C70  trade  -        0 0 0 0 0 0 0 0  0 - - TA_TEMPLE_SUPPLY
C71  trade  -        0 0 0 0 0 0 0 0  0 - - TA_OPEN_ROADS
C72  trade  -        0 0 0 0 0 0 0 0  0 - - TA_HUTS2
C74  work   -        0 0 0 0 0 0 0 0  0 - - EW_ROADS2
C75  work   -        0 0 0 0 0 0 0 0  0 - - EW_ROAD_RESTRICT
C76  work   -        0 0 0 0 0 0 0 0  0 - - EW_DRAW
C77  work   -        0 0 0 0 0 0 0 0  0 - - EW_BUILD
C96  colca  coast    1 1 1 2 2 0 0 0  3 - fish,corn,fish
C97  colca  plateau  2 2 1 1 1 2 1 1  3 - corn,potato,corn
C98  colca  mountain 1 0 0 0 1 1 2 2  3 - potato,fish,potato
C81  work   -        0 0 0 0 0 0 0 0  0 - - EW_STOCK3
C82  work   -        0 0 0 0 0 0 0 0  0 - - EW_BUILD
D51  city   coast    3 3 0 2 0 0 0 0  2 T -
D52  city   coast    1 1 1 2 0 0 0 0  2 - -
D53  city   coast    1 1 1 1 3 0 0 0  2 - -
D54  city   plateau  1 1 1 1 3 2 1 2  3 T -
D55  city   plateau  2 1 0 0 1 1 0 1  3 T -
D56  city   plateau  2 0 1 1 0 2 2 3  3 - -
D57  city   mountain 0 0 0 0 0 2 1 3  3 - -
D58  city   mountain 0 2 0 0 2 3 2 1  3 T -
D59  city   mountain 0 0 0 0 1 3 2 1  2 - -
D92  colca  coast    3 2 2 1 1 0 0 0  4 - fish,fish,fish
D93  colca  plateau  1 1 1 2 3 1 3 2  4 - corn,corn,potato
D94  colca  mountain 3 0 0 0 1 2 1 1  4 - potato,potato,potato
D95  colca  plateau  2 1 2 2 1 1 3 2  4 - corn,corn,corn
D66  colca  wild     1 0 3 0 1 1 3 1  3 - fish,fish,potato
D67  colca  wild     3 0 2 0 1 1 1 1  2 - potato,potato,corn
D70  trade  -        0 0 0 0 0 0 0 0  0 - - TA_FAME
D71  trade  -        0 0 0 0 0 0 0 0  0 - - TA_SUPPLY_BUILD
D72  trade  -        0 0 0 0 0 0 0 0  0 - - TA_TERRACE
D73  work   -        0 0 0 0 0 0 0 0  0 - - EW_STOCK3
D74  work   -        0 0 0 0 0 0 0 0  0 - - EW_ROAD_SUPPLY
D76  work   -        0 0 0 0 0 0 0 0  0 - - EW_ACTIVATE
D77  work   -        0 0 0 0 0 0 0 0  0 - - EW_ROADS2
D96  colca  coast    1 2 1 1 1 0 0 0  4 - fish,corn,fish
D97  colca  plateau  1 1 2 2 1 1 1 2  4 - corn,fish,corn
D98  colca  mountain 1 0 0 0 2 2 1 1  4 - potato,potato,fish
D81  work   -        0 0 0 0 0 0 0 0  0 - - EW_STOCK3
D82  work   -        0 0 0 0 0 0 0 0  0 - - EW_BUILD
"""

#: Goal thresholds of edition 9 by player count (2, 3, 4 and 5 players).
GOAL_NEEDS_9 = GOAL_NEEDS_5
