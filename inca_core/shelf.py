"""The shelf: game id to game, loaded on demand.

``inca_core.games`` (this module's :data:`GAMES`) maps a game id to its
:class:`~inca_core.protocol.GameSpec`; only the game that is asked for is imported (the site
loads only the chosen game's code). :data:`INFOS` holds
each game's metadata without loading it, for the start screen and the commands. Adding a game is
one entry here and a subpackage holding a ``spec`` module with ``SPEC``.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from inca_core.protocol import GameInfo, GameSpec

#: Every game of the shelf, in the order the start screen lists them.
INFOS: dict[str, GameInfo] = {
    info.id: info
    for info in (
        GameInfo(
            id="empire",
            title="Inca Empire",
            players=(3, 4),
            options={
                "pizarro": "Pizarro's Arrival: hidden markers may end the last era early",
                "early_downfall": "Early Downfall: one round fewer in eras II and III, "
                                  "no pilgrimage cards",
                "gods_agree": "The Gods Agree: the Hand of God regions start face up",
            },
            blurb=("Build roads, conquer regions and raise temples for the Sapa Inca. "
                   "About 2 hours; the most victory points after the last round wins."),
            module="inca_core.empire.spec",
        ),
        GameInfo(
            id="cardgame",
            title="Inca Empire: The Card Game",
            players=(2, 3, 4, 5),
            blurb=("Draft cards and build cities, colcas and roads out from Cuzco over four "
                   "Eras. About an hour; tokens on the table and three goals score."),
            module="inca_core.cardgame.spec",
            progress_labels=("Era I", "Era II", "Era III", "Era IV"),
        ),
        GameInfo(
            id="wiraqocha",
            title="Wiraqocha",
            players=(2, 3, 4),
            options={"first_layout": "the recommended valley for a first game (else random)",
                     "caves": "the Caves replace tile 7: an Explorer there may fly to a mountain",
                     "prisoners": "a beaten token may be taken hostage and ransomed"},
            blurb=("Roll dice to take the tiles of a lost valley with Zeppelins, explorers and "
                   "drills. About 45 minutes; four relics, a cargo of Somnium or the Leviathan "
                   "wins at once."),
            module="inca_core.wiraqocha.spec",
        ),
    )
}


#: The game of version-1 saves, written when the site had one game (they name no game).
FORMAT_V1_GAME = "empire"


class _Shelf(Mapping[str, GameSpec]):
    """Read-only mapping of game id to spec; a game's module is imported on first use."""

    def __getitem__(self, game_id: str) -> GameSpec:
        info = INFOS.get(game_id)
        if info is None:
            raise KeyError(f"unknown game {game_id!r}: choose one of {', '.join(INFOS)}")
        spec: GameSpec = importlib.import_module(info.module).SPEC
        return spec

    def __iter__(self) -> Iterator[str]:
        return iter(INFOS)

    def __len__(self) -> int:
        return len(INFOS)


#: Game id to :class:`GameSpec` (``GAMES["empire"].new_game(4, seed=1)``).
GAMES: Mapping[str, GameSpec] = _Shelf()


def get(game_id: str) -> GameSpec:
    """The game ``game_id``; ``KeyError`` with the known ids when there is none."""
    return GAMES[game_id]
