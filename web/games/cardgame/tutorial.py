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
    names=("Inti", "Amaru"),
    steps=(
        Step(
            "Welcome! You are Inti, against one easy bot. You build a table of cards out from "
            "Cuzco and put your tokens on it: every token on the table at the end of Era IV is a "
            "victory point (VP), and your best three goals add more."
        ),
        Step(
            "Each Era starts with a draft. Everyone lays two hand cards face down; then the "
            "laid cards are taken one at a time. Lay the two you need least: choose the coast "
            "city and the plateau city, then press the Lay button.",
            "lay A51 A54",
        ),
        Step(
            "The laid cards are face up in the Draft panel. You take first: the wild colca "
            "fits in any column, so take it.",
            "take A66",
        ),
        Step(
            "Amaru took two; the one card left, your own plateau city, comes back to you (the "
            "page takes it for you).",
            "take A54",
        ),
        Step(
            "Now the actions, one each in turn. Building a card costs tokens from your Active "
            "Pool: the road numbers where it meets the table, plus its fame. Build your Start "
            "card Pachacamac left of Cuzco: choose it in your hand, then its place.",
            "build S1 0,0 from 1,0",
        ),
        Step(
            "Cards stay in their column (coast, plateau, mountain); a wild colca fits in any. "
            "Build the coast colca above Pachacamac.",
            "build A92 0,1 from 0,0",
        ),
        Step(
            "A Trade Agreement sits between two neighbours and binds both. When the Era ends it "
            "gives you a card and a free action. You hold two: play the one that pays builds "
            "and roads from the Supply.",
            "trade A72 0",
        ),
        Step(
            "Your Active Pool is nearly empty. Any card can be laid as a Terrace instead: it "
            "adds one active token now (and every later Era) and gives a small follow-up. You "
            "hold another Trade Agreement, the one about fame: lay it as a Terrace.",
            "terrace A71",
        ),
        Step(
            "The follow-up: put a token in the fish hut of your new colca.",
            "stock 0,1 0",
        ),
        Step(
            "That is enough for this Era: pass. You may pass once you have taken two actions.",
            "pass",
        ),
        Step(
            "The Era is over and your Trade Agreement closes: you drew a card and get a free "
            "action. Play the Extra Workforce that moves three tokens from your Supply into your "
            "Active Pool, ready for Era II.",
            "workforce A78",
        ),
        Step(
            "Era II begins with a new draft, and the game goes on like this for four Eras. "
            "Keep an eye on Your goals. You are on your own now: Rules and Hint are there "
            "whenever you need them."
        ),
    ),
)
