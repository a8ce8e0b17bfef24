"""Inca Empire: The Card Game's texts on the page outside its panels: export file names, "How
to play" (a first game's steps, in our own words) and the places and titles of its panels."""

from __future__ import annotations

from views import GameTexts, Slot

#: The page's texts of this game outside its panels (``views.GameTexts``).
TEXTS = GameTexts(
    file_stem="inca-empire-card-game",
    how_to_play=(
        "Four Eras. Each Era, players draft cards, then take turns laying them and acting.",
        "Cities, colcas (storehouses) and roads are laid out from Cuzco on a grid of cards; a "
        "road costs tokens, the sum of the two connector numbers it joins.",
        "Tokens placed on the table, fame, temples and the three goals you meet best score "
        "victory points.",
        "After the fourth Era the most VP wins; players with equal VP share the place.",
        "What you may do now is highlighted: click or tap it, or use the choice buttons; Hint "
        "shows the strongest bot's move and why.",
    ),
    slots=(
        Slot("players", "Players", "left", "ol", "players", 3),
        Slot("goals", "Your goals", "left", phone_order=7),
        Slot("era", "Era", "left", phone_order=8),
        Slot("draft", "Draft and trade", "right", phone_order=5),
        Slot("hand", "Hand", "right", "ul", "hand", 4),
    ),
)
