"""Inca Empire's guided first game (``views.Script``, shown by ``web/tutorial.py``): three players,
you in green against two easy bots, the first three rounds: roads, a garrison, a conquest, a Sun
Event card, a terrace. Text in our own words."""

from __future__ import annotations

from views import Script, Step

#: The guided game (its seed is the tutorial's: the same board, cards and bot moves every time).
SCRIPT = Script(
    seed=2,
    seats=("human", "easy", "easy"),
    names=("Inti", "Amaru", "Killa"),
    steps=(
        Step(
            "Welcome! You are Inti (green), against two easy bots. You grow an empire out of "
            "Cuzco, in the middle of the map: roads first, then cities, garrisons and conquered "
            "lands that score victory points (VP). Most VP after four eras wins."
        ),
        Step(
            "Each round has a People phase: you build roads, then make one construction. Two "
            "roads a turn are free. Start with a road out of Cuzco.",
            "road c066",
        ),
        Step(
            "Roads must join your network. Take your second free road on to Pikillaqta.",
            "road c070",
        ),
        Step(
            "Now one construction, paid in labor (your labor is in the Players panel). A "
            "garrison at a site your roads reach scores VP every round it stays joined to "
            "Cuzco.",
            "garrison pikillaqta",
        ),
        Step(
            "The bots took their turns: their moves are marked on the map and listed in the "
            "log. In the first round everyone gets a second turn: two more free roads. Head "
            "east, towards Paucartambo.",
            "road c112",
        ),
        Step(
            "One more road, to Pilcopata: now your roads touch the land of Anti.",
            "road c004",
        ),
        Step(
            "Conquering a region your roads reach makes it yours: it gives labor every round "
            "and counts for the cities and terraces you build there. Conquer Anti.",
            "conquer anti",
        ),
        Step(
            "Round 2 begins: you got labor (the Inca phase), and now comes the Sun phase. "
            "Everyone lays one card from their hand on the Sun board; a card acts on the two "
            "players beside its quadrant. Solar Eclipse only limits temples: choose it in your "
            "hand, then the one free quadrant.",
            "sun solar_eclipse q0",
        ),
        Step(
            "Back to the People phase. Extend your network: a road to Raqchi.",
            "road c113",
        ),
        Step(
            "And your last free road, to Ollantaytambo. More roads can be bought with labor.",
            "road c131",
        ),
        Step(
            "A terrace in your own region gives 1 VP every round and more labor. Build one in "
            "Anti. When everyone is done, the Sapa Inca phase scores the round.",
            "terrace anti",
        ),
        Step(
            "That is the whole rhythm: Sun cards, then roads and one construction, then scoring. "
            "You are on your own now: the game goes on against the bots. Rules and Hint are "
            "in the top bar and beside the board whenever you need them."
        ),
    ),
)
