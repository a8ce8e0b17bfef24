"""Write the save fixture of the card game's newest rules edition: a finished 4-player game of
medium bots, seed 2027, with names that need escaping on the page (editions 1-6: 3 players).

    .venv/bin/python tools/cardgame_fixture.py

writes tests/fixtures/saves/format-2-cardgame-eN.json (N: the newest edition).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from inca_core.cardgame.bots import make_bot  # noqa: E402
from inca_core.cardgame.game import EDITION  # noqa: E402
from inca_core.cardgame.spec import SPEC  # noqa: E402
from inca_core.save import dumps  # noqa: E402

NAMES = ("Ana", "<b>Bo</b>", 'Cy "the" Inca', "Dee & Eve")


def main() -> None:
    g = SPEC.new_game(len(NAMES), 2027, names=NAMES)
    bots = [make_bot("medium", seat) for seat in range(len(NAMES))]
    while not g.is_over:
        seat = g.current_player
        g.play(bots[seat].choose(g.observation(seat), g.legal_actions()))
    path = ROOT / "tests" / "fixtures" / "saves" / f"format-2-cardgame-e{EDITION}.json"
    path.write_text(dumps(g) + "\n", encoding="utf-8")
    print(f"{path.relative_to(ROOT)}: {len(g.actions)} actions, scores {g.scores}")


if __name__ == "__main__":
    main()
