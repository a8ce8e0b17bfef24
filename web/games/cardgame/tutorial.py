"""Inca Empire: The Card Game's guided first game (``views.Script``, shown by
``web/tutorial.py``): two players, you against an easy bot, the whole first Era: the draft, builds,
a Terrace with its hut, a Trade Agreement, passing and the free action when it closes. Text in our
own words."""

from __future__ import annotations

from views import Script, Step

#: The guided game (its seed is the tutorial's: the same cards and bot moves every time).
SCRIPT = Script(
    seed=1,
    seats=("human", "easy"),
    names=("You", "Amaru"),
    steps=(
        Step(
            "Welcome! You play against one easy bot. You build a table of cards out from Cuzco "
            "and put your tokens on it: every token on the table at the end of Era IV is a "
            "victory point (VP), and your best three goals add more."
        ),
        Step(
            "Each Era starts with a draft. Everyone lays two hand cards face down; then the "
            "laid cards are taken one at a time. Lay the two you need least: choose the coast "
            "colca and the Extra Workforce, then press the Lay button.",
            "lay A13 A27",
        ),
        Step(
            "The laid cards are face up in the Draft panel. You take first: the Extra Workforce "
            "that moves three tokens into your Active Pool will be handy.",
            "take A28",
        ),
        Step(
            "Amaru took two; the one card left is yours (the page takes it for you).",
            "take A24",
        ),
        Step(
            "Now the actions, one each in turn. Building a card costs tokens from your Active "
            "Pool: the road numbers where it meets the table, plus its fame. Build your Start "
            "card Titicaca below Cuzco: choose it in your hand, then its place.",
            "build S3 1,-1 from 1,0",
        ),
        Step(
            "Cards stay in their column (coast, plateau, mountain); a wild colca fits in any. "
            "Build the wild colca right of Titicaca.",
            "build A16 2,-1 from 1,-1",
        ),
        Step(
            "Your Active Pool is nearly empty. Any card can be laid as a Terrace instead: it "
            "adds one active token now (and every later Era) and gives a small follow-up. Lay "
            "the plateau city as a Terrace.",
            "terrace A04",
        ),
        Step(
            "The follow-up: put a token in the potato hut of your new colca.",
            "stock 2,-1 1",
        ),
        Step(
            "A Trade Agreement sits between two neighbours and binds both. When the Era ends it "
            "gives its token back, a card and a free action. Play it.",
            "trade A21 0",
        ),
        Step(
            "That is enough for this Era: pass. You may pass once you have taken two actions.",
            "pass",
        ),
        Step(
            "The Era is over and your Trade Agreement closes: you drew a card and get a free "
            "action. Build the new plateau colca below Titicaca.",
            "build A14 1,-2 from 1,-1",
        ),
        Step(
            "Era II begins with a new draft, and the game goes on like this for four Eras. "
            "Keep an eye on Your goals. You are on your own now: Rules and Hint are there "
            "whenever you need them."
        ),
    ),
)
