"""Wiraqocha's guided first game (``views.Script``, shown by ``web/tutorial.py``): two players,
you against an easy bot on the first game's valley, three turns: rolling, the Base Camp on a
Village, an Explorer on a Vein, protecting with a die, a relic from the Ruins. Text in our own
words."""

from __future__ import annotations

from views import Script, Step

#: The guided game (its seed is the tutorial's: the same valley, dice and bot moves every time).
SCRIPT = Script(
    seed=6,
    seats=("human", "easy"),
    names=("Inti", "Amaru"),
    options=frozenset({"first_layout"}),
    steps=(
        Step(
            "Welcome! You are Inti, against one easy bot. Each turn you roll dice and spend "
            "them to take tiles of the valley. The first to hold four relics, a full load of "
            "Somnium or the Leviathan wins at once."
        ),
        Step("Your turn starts with a roll: three dice, one more for each Village you hold.",
             "roll"),
        Step(
            "Your Base Camp goes down first. A tile shows what it takes: the Village 1-2-3 wants "
            "the straight 1, 2, 3. Pick those dice in the tray, then the tile. A Village gives "
            "you an extra die every turn.",
            "conquer 1-2-3 B 1+2+3",
        ),
        Step(
            "No dice left: end your turn. When a turn ends, your tiles pay out: Jungles give "
            "Resources, Veins give Somnium crystals.",
            "end",
        ),
        Step("Amaru has played. Roll again: four dice now, thanks to the Village.", "roll"),
        Step(
            "Other tokens come from your reserve. The Vein 7 wants dice adding up to 7: pick 1, "
            "2 and 4, then the tile, then choose the Explorer.",
            "conquer 7 E1 1+2+4",
        ),
        Step(
            "A die left on your own tile protects it: a rival has to beat it to take the tile. "
            "Pick the last 2 and protect your Village.",
            "protect 1-2-3 2",
        ),
        Step("End your turn.", "end"),
        Step("Roll.", "roll"),
        Step(
            "Ruins hold relics: four relics win the game. The Ruins 3-3 want a double 3, and "
            "your Explorer can fly there from the Vein. Pick both 3s, the Ruins, then the "
            "Explorer.",
            "conquer 3-3 E1 3+3",
        ),
        Step(
            "Keep your relic safe: protect the Ruins with the 5.",
            "protect 3-3 5",
        ),
        Step(
            "End your turn when you are ready. Resources buy Market cards (right panel); the "
            "Victory race panel shows how close everyone is to winning. You are on your own "
            "now: Rules and Hint are there whenever you need them."
        ),
    ),
)
