"""Inca Empire: The Card Game's guided first game (``views.Script``, shown by
``web/tutorial.py``): two players, you against an easy bot, the whole first Era: the draft, builds,
a Terrace with its hut, a Trade Agreement, passing and the free action when it closes. Text in our
own words. A step's target is a card, a place, a hut or a button, never a road: a road along a row
or column is a line the browser gives no area, so the guide could not mark it."""

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
            "victory point (VP), and your best three goals add more. You have 70 tokens in all."
        ),
        Step(
            "Each Era starts with a draft. Everyone lays two hand cards face down; then the "
            "laid cards are taken one at a time. Lay the two you need least: choose the mountain "
            "city and the Extra Workforce that builds two roads, then press the Lay button.",
            "lay A57 A79",
        ),
        Step(
            "The laid cards are face up in the Draft panel. You take first: take the coast city.",
            "take A51",
        ),
        Step(
            "Amaru took two; the one card left, your own Extra Workforce, comes back to you (the "
            "page takes it for you).",
            "take A79",
        ),
        Step(
            "Now the actions, one each in turn. Building a card costs tokens from your Active "
            "Pool: the road numbers where it meets the table, plus its fame. Build your Start "
            "card Titicaca below Cuzco: choose it in your hand, then its place.",
            "build S3 1,-1 from 1,0",
        ),
        Step(
            "A Trade Agreement sits between two neighbours and binds both for this Era; with two "
            "players there is one place for it. When the Era ends it gives you a card and a free "
            "action. Play the one that lets storage huts hold two tokens.",
            "trade A68 0",
        ),
        Step(
            "Cards stay in their column (coast, plateau, mountain); a wild colca fits in any. "
            "Build your wild colca right of Titicaca.",
            "build A67 2,-1 from 1,-1",
        ),
        Step(
            "Your Active Pool is nearly empty. Any card can be laid as a Terrace instead: it "
            "adds one active token (and every two Terraces add one to each later Era) and gives "
            "a small follow-up. Lay the other Trade Agreement, about roads, as a Terrace.",
            "terrace A70",
        ),
        Step(
            "The follow-up: put a token in the fish hut of your new colca.",
            "stock 2,-1 0",
        ),
        Step(
            "That is enough for this Era: pass. You may pass once you have taken two actions.",
            "pass",
        ),
        Step(
            "The Era is over and your Trade Agreement closes: its token is back in your Active "
            "Pool, you drew a card and may take one free action of any kind but a Trade "
            "Agreement. Your two Active Pool tokens pay for no build yet, so keep your cards for "
            "Era II: take no free action.",
            "pass",
        ),
        Step(
            "Era II begins with a new draft, and the game goes on like this for four Eras. "
            "Keep an eye on Your goals. You are on your own now: Rules and Hint are there "
            "whenever you need them."
        ),
    ),
)
