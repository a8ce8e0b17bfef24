"""A first game's help for each game of the shelf: a few short steps, in our own words, shown
by a page's "How to play" beside a picture of the board."""

from __future__ import annotations

#: Game id to its steps, first to last (what a turn is, how to score, how the game ends).
HOW_TO_PLAY: dict[str, tuple[str, ...]] = {
    "empire": (
        "Each round has four phases. Inca phase: everyone takes labor (the era's share, plus "
        "what conquered regions and terraces bring).",
        "Sun phase: each player lays a Sun Event card on a quadrant of the Sun board; it changes "
        "costs and rules for the two players beside that quadrant.",
        "People phase, in turn: build your free roads out from Cuzco, and one construction paid "
        "with labor: conquer a region, found a city or a garrison, raise a temple or a terrace.",
        "Roads only run through conquered land, and cities, garrisons and temples must join "
        "your roads back to Cuzco. Conquests pay labor every round; buildings and terraces pay "
        "victory points (VP) every Sapa Inca phase.",
        "After the last round of the third era, the most VP wins.",
        "On the board, what you may do now is outlined dark with a light dashed line: click or "
        "tap it. Hover or focus shows what it costs and scores; Hint shows the strongest bot's "
        "move and why.",
    ),
    "cardgame": (
        "Four Eras. Each Era, players draft cards, then take turns laying them and acting.",
        "Cities, colcas (storehouses) and roads are laid out from Cuzco on a grid of cards; a "
        "road costs tokens, the sum of the two connector numbers it joins.",
        "Tokens placed on the table, fame, temples and the three goals you meet best score "
        "victory points.",
        "After the fourth Era the most VP wins; players with equal VP share the place.",
        "What you may do now is highlighted: click or tap it, or use the choice buttons; Hint "
        "shows the strongest bot's move and why.",
    ),
    "wiraqocha": (
        "On your turn, roll the dice (three, one more per Village you hold), then spend them to "
        "take tiles of the valley that match their sums, doubles or straights.",
        "Zeppelins, explorers and drills take tiles; Jungles give Resources, Veins Somnium "
        "crystals, Ruins relics. Protect tiles with dice and buy cards.",
        "The first to hold four relics, a full cargo of Somnium or the Leviathan wins at once.",
        "What you may do now is highlighted: click or tap it, or use the choice buttons; Hint "
        "shows the strongest bot's move and why.",
    ),
}
