"""The card game's entry on the shelf: ``SPEC``."""

from __future__ import annotations

import hashlib

from inca_core.cardgame import carddata, hints
from inca_core.cardgame.actions import parse_action
from inca_core.cardgame.bots import STRENGTHS, make_bot
from inca_core.cardgame.determinize import determinize
from inca_core.cardgame.game import EDITION, CardGame
from inca_core.protocol import GameSpec
from inca_core.shelf import INFOS


def data_digest(players: int, edition: int) -> str:
    """A short digest of the card set a game of ``edition`` plays with (saves check it)."""
    parts = [carddata.ERA_CARDS, carddata.START_CARDS, carddata.CUZCO, carddata.GOAL_CARDS,
             repr(sorted(carddata.EFFECTS.items()))]
    if edition >= 2:
        parts.append(carddata.GOAL_NEEDS)
    if edition >= 4:
        parts += [carddata.ERA_CARDS_4, repr(sorted(carddata.EFFECTS_4.items())),
                  carddata.GOAL_NEEDS_4, f"{carddata.TOKENS_4} {carddata.ACTIVATION_4}"]
    if edition >= 5:
        parts += [carddata.COLCAS_5, carddata.GOAL_NEEDS_5,
                  f"{sorted(carddata.TOKENS_5.items())} {sorted(carddata.ACTIVATION_5.items())}"]
    if edition >= 6:
        parts.append(f"tokens {sorted(carddata.TOKENS_6.items())}")
    if edition >= 7:
        parts.append(f"tokens {sorted(carddata.TOKENS_7.items())}")
    if edition >= 9:
        parts += [carddata.ERA_CARDS_9, carddata.GOAL_NEEDS_9,
                  f"tokens {carddata.TOKENS_9} activation {carddata.ACTIVATION_9}"]
    text = "\n".join(parts)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _create(players: int, seed: int, options: frozenset[str], names: tuple[str, ...] | None,
            edition: int) -> CardGame:
    """A new game set up as the rulebook's Setup says, from :meth:`GameSpec.new_game`'s checked
    values (the game has no options)."""
    game = CardGame(edition=edition, seed=seed, n=players,
                    names=names or tuple(f"Player {i + 1}" for i in range(players)))
    game.set_up()
    return game


SPEC = GameSpec(
    info=INFOS["cardgame"],
    edition=EDITION,
    create=_create,
    parse_action=parse_action,
    determinize=determinize,
    make_bot=make_bot,
    strengths=STRENGTHS,
    data_digest=data_digest,
    explain=hints.explain,
)
