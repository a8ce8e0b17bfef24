"""Wiraqocha's texts on the page outside its panels: export file names, "How to play" (a
first game's steps, in our own words) and the places and titles of its panels."""

from __future__ import annotations

from views import GameTexts, Slot

#: The page's texts of this game outside its panels (``views.GameTexts``).
TEXTS = GameTexts(
    file_stem="wiraqocha",
    how_to_play=(
        "On your turn, roll the dice (three, one more per Village you hold), then spend them "
        "to take tiles of the valley that match their sums, doubles or straights.",
        "Zeppelins, explorers and drills take tiles; Jungles give Resources, Veins Somnium "
        "crystals, Ruins relics. Protect tiles with dice and buy cards.",
        "The first to hold four relics, a full cargo of Somnium or the Leviathan wins at "
        "once.",
        "What you may do now is highlighted: click or tap it, or use the choice buttons; Hint "
        "shows the strongest bot's move and why.",
    ),
    slots=(
        Slot("players", "Players", "left", "ol", "players", 3),
        Slot("race", "Victory race", "left", phone_order=7),
        Slot("valley", "Valley", "left", phone_order=8),
        # On a phone the dice come before the Market: a roll's dice in view (issue 59).
        Slot("dice", "Dice tray", "right", phone_order=4),
        Slot("market", "Market", "right", "ul", "hand", 5),
    ),
)
