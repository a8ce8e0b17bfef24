"""What a seat may know: the observation (:mod:`.determinize` deals full states that agree with
one).

Hidden: the order of the Technology pile, and the dice still to be rolled (the seed). Everything
else (tokens, dice, resources, crystals, relics, cards) is on the table for all to see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from inca_core.typedstate import to_json

if TYPE_CHECKING:
    from inca_core.wiraqocha.game import Wiraqocha

#: Fields everyone sees, copied as they are.
PUBLIC = ("edition", "n", "opts", "layout", "round", "turn", "first", "phase", "where", "guard",
          "weak_base", "dice", "resources", "somnium", "bank_resources", "bank_somnium",
          "relics", "relic_on", "cards", "market", "used", "rerolls", "shield", "fortress",
          "hostages", "pending", "ray_fired", "rayed", "winner", "win_reason", "names")


def observe(g: Wiraqocha, seat: int | None) -> dict:
    """The observation of ``seat`` (None: a spectator) as JSON data."""
    obs: dict = {name: to_json(getattr(g, name)) for name in PUBLIC}
    obs.update(game="wiraqocha", viewer=seat, players=g.n, current_player=g.current_player,
               over=g.is_over, pile_size=len(g.pile), log=list(g.log_entries),
               protection={t: g.protection(t) for t in g.occupants()})
    if g.is_over:
        obs["scores"] = list(g.scores)
        obs["ranking"] = list(g.ranking)
        obs["tie_rule"] = g.tie_rule
    return obs
