"""Print the card tables of docs/cardgame/CARDGAME.md from the card data.

    .venv/bin/python tools/cardgame_table.py > /tmp/tables.md   # paste between the markers
    .venv/bin/python tools/cardgame_table.py --write            # rewrite docs/cardgame/CARDGAME.md
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from inca_core.cardgame.carddata import ACTIVATION_9, TOKENS_9
from inca_core.cardgame.cards import (
    CUZCO,
    EFFECTS,
    ERA_9,
    GOAL_NEEDS_9,
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


def _era_table(cards: dict[str, Card]) -> list[str]:
    """The table of ``cards``."""
    out = ["| id | era | type | column | roads (side+tokens) | fame | temple | huts | text |",
           "|---" * 9 + "|"]
    for c in cards.values():
        text = c.text if c.effect else ""
        pays = _pays(c.effect) if c.effect else ""
        src = f" (places from the {pays})" if pays else ""
        out.append(f"| {c.id} | {['I', 'II', 'III', 'IV'][c.era - 1]} | {c.kind} | "
                   f"{c.column or '-'} | {_roads(c) if c.is_place else '-'} | "
                   f"{c.fame if c.is_place else '-'} | {'yes' if c.temple else ''} | "
                   f"{', '.join(c.huts)} | {text}{src} |")
    return out


def tables() -> str:
    """The tables of the current card set (rules edition 9) as Markdown."""
    out = ["### Era cards", "",
           f"{len(ERA_9)} cards; each player has {TOKENS_9} tokens and each Era's activation "
           f"moves {ACTIVATION_9} plus one per two Terraces. Every action card's own token "
           "comes from the Supply (rulebook 4b and 4c); the text says where what it places "
           "comes from.", ""]
    out += _era_table(ERA_9)
    out += ["", "### Start cards and Cuzco", "",
            "| id | name | cell (column,row) | roads | temple |", "|---|---|---|---|---|"]
    for c in [*STARTS.values(), CUZCO]:
        assert c.cell is not None
        out.append(f"| {c.id} | {c.name} | {c.cell[0]},{c.cell[1]} | {_roads(c)} | "
                   f"{'yes' if c.temple else ''} |")
    used = [c.effect for c in ERA_9.values() if c.effect]
    out += ["", "### Action effects", "",
            "| effect | cards | tokens placed from | text |", "|---|---|---|---|"]
    for eid in sorted(set(used), key=list(EFFECTS).index):
        out.append(f"| {eid} | {used.count(eid)} | {_pays(eid) or '-'} | {EFFECTS[eid][1]} |")
    out += ["", "### Goal cards", "",
            "N is the threshold at 2, 3, 4 and 5 players.", "",
            "| id | VP | condition | N at 2 | N at 3 | N at 4 | N at 5 |",
            "|---|---|---|---|---|---|---|"]
    for g in GOALS.values():
        needs = " | ".join(str(GOAL_NEEDS_9[g.id][p]) for p in (2, 3, 4, 5))
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
