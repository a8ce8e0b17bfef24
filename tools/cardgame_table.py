"""Print the card tables of docs/cardgame/CARDGAME.md from the card data.

    .venv/bin/python tools/cardgame_table.py > /tmp/tables.md   # paste between the markers
    .venv/bin/python tools/cardgame_table.py --write            # rewrite docs/cardgame/CARDGAME.md
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from inca_core.cardgame.carddata import ACTIVATION_5, TOKENS_4, TOKENS_5, TOKENS_6, TOKENS_7
from inca_core.cardgame.cards import (
    COLCAS_5,
    CUZCO,
    EFFECTS,
    ERA,
    ERA_4,
    GOAL_NEEDS_4,
    GOAL_NEEDS_5,
    GOALS,
    SLOTS,
    STARTS,
    Card,
)
from inca_core.cardgame.game import WORKFORCE_CHAINS, WORKFORCE_STEPS
from inca_core.cardgame.goals import MEASURES

POOLS = {"active": "Active Pool", "supply": "Supply"}

BEGIN, END = "<!-- cards:begin -->", "<!-- cards:end -->"


def _pays(effect: str) -> str:
    """Where the tokens an Extra Workforce card's action places come from ("" if none)."""
    step = WORKFORCE_STEPS.get(effect) or WORKFORCE_CHAINS.get(effect, ((None, None, 0),))[0]
    if step[0] is None or step[0] == "restrict":
        return ""
    return POOLS[step[1]]


def _roads(card: Card) -> str:
    return " ".join(f"{s}{n}" for s, n in zip(SLOTS, card.conn, strict=True) if n) or "-"


def _era_table(cards: dict[str, Card], was: list[str] | None = None) -> list[str]:
    """The table of ``cards``; ``was``: the card each one replaces (a column of its own)."""
    head = "| id | era | type | column | roads (side+tokens) | fame | temple | huts | text |"
    out = [head.replace("| id |", "| id | replaces |") if was else head,
           "|---" * (10 if was else 9) + "|"]
    for i, c in enumerate(cards.values()):
        text = c.text if c.effect else ""
        pays = _pays(c.effect) if c.effect else ""
        src = (f" (its own token from the Supply; what it places from the {pays})" if pays
               else " (its own token from the Supply)") if c.effect else ""
        out.append(f"| {c.id} | {was[i] + ' | ' if was else ''}"
                   f"{['I', 'II', 'III', 'IV'][c.era - 1]} | {c.kind} | "
                   f"{c.column or '-'} | {_roads(c) if c.is_place else '-'} | "
                   f"{c.fame if c.is_place else '-'} | {'yes' if c.temple else ''} | "
                   f"{', '.join(c.huts)} | {text}{src} |")
    return out


def tables() -> str:
    """The tables as Markdown."""
    counts = (2, 3, 4, 5)
    old = [c.id for c in ERA_4.values() if c.kind == "colca" and c.column != "wild"]
    out = ["### Era cards of rules editions 5-8 (new games: edition 8)", "",
           "Editions 5-8 play the cards of edition 4 (the next table) with these Colcas in "
           "place of edition 4's Colcas (not Wild). Under editions 7 and 8 each player has "
           + ", ".join(f"{TOKENS_7[p]}" for p in counts) + " tokens at "
           + ", ".join(str(p) for p in counts) + " players (the reason is in \"Card set "
           "(edition 7)\" above); under edition 6 "
           + ", ".join(f"{TOKENS_6[p]}" for p in counts) + " tokens; under edition 5 "
           + ", ".join(f"{TOKENS_5[p]}" for p in counts) + " tokens at "
           + ", ".join(str(p) for p in counts) + " players, and each Era's activation moves "
           + ", ".join(f"{ACTIVATION_5[p]}" for p in counts) + " tokens (plus one per two "
           "Terraces) under all four. The reasons are in \"Card set (edition 5)\" above.", ""]
    out += _era_table(COLCAS_5, old)
    out += ["", "### Era cards of rules edition 4", "",
            f"Each player has {TOKENS_4} tokens. The reasons for each change from the cards of "
            "editions 1-3 are in \"Card set (edition 4)\" above.", ""]
    out += _era_table(ERA_4)
    out += ["", "### Era cards of rules editions 1-3", "", "Each player has 70 tokens.", ""]
    out += _era_table(ERA)
    out += ["", "### Start cards and Cuzco", "",
            "| id | name | cell (column,row) | roads | temple |", "|---|---|---|---|---|"]
    for c in [*STARTS.values(), CUZCO]:
        out.append(f"| {c.id} | {c.name} | {c.cell[0]},{c.cell[1]} | {_roads(c)} | "
                   f"{'yes' if c.temple else ''} |")
    out += ["", "### Action effects", "",
            "Every action card's own token comes from the Supply (rulebook 4b and 4c); the "
            "third column says where the tokens its action places come from.", "",
            "| effect | own token | tokens placed from | text |", "|---|---|---|---|"]
    for eid, (_, text) in EFFECTS.items():
        out.append(f"| {eid} | Supply | {_pays(eid) or '-'} | {text} |")
    out += ["", "### Goal cards", "",
            "The condition is shown with its 4-player threshold N; from rules edition 2 N "
            "depends on the player count (the columns N at 2-5), edition 1 used the 4-player "
            "N at every count; edition 4 kept edition 2's. Edition 5's thresholds, where they "
            "differ, follow in brackets.",
            "",
            "| id | VP | condition | N at 2 | N at 3 | N at 4 | N at 5 |",
            "|---|---|---|---|---|---|---|"]
    for g in GOALS.values():
        needs = " | ".join(
            str(GOAL_NEEDS_4[g.id][p]) + (f" [{GOAL_NEEDS_5[g.id][p]}]"
                                          if GOAL_NEEDS_5[g.id][p] != GOAL_NEEDS_4[g.id][p]
                                          else "")
            for p in (2, 3, 4, 5))
        out.append(f"| {g.id} | {g.vp} | {MEASURES[g.measure][0].format(n='N')} | {needs} |")
    return "\n".join(out)


def main() -> None:
    text = tables()
    if "--write" in sys.argv:
        path = Path(__file__).resolve().parent.parent / "docs" / "cardgame" / "CARDGAME.md"
        doc = path.read_text()
        head, rest = doc.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        path.write_text(f"{head}{BEGIN}\n{text}\n{END}{tail}")
    else:
        print(text)


if __name__ == "__main__":
    main()
