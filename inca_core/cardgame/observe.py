"""What a seat may know: the observation (:mod:`.determinize` deals full states that agree with
one).

Hidden: hands, the undealt decks, Goal cards, the cards laid in the draft until all have laid,
and which card a Terrace is (unless it was an Extra Workforce, played face up first). A Start
card still in a hand (rules edition 3) is public: the setup names each player's (``start_cards``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from inca_core.cardgame.cards import CARDS, GOALS
from inca_core.cardgame.goals import MEASURES, best_goals, goal_value
from inca_core.typedstate import to_json

if TYPE_CHECKING:
    from inca_core.cardgame.game import CardGame

#: Fields everyone sees, copied as they are.
PUBLIC = ("edition", "n", "era", "first", "phase", "turn", "supply", "active", "table", "owner",
          "roads", "fame", "temples", "huts", "restricted", "trades", "discard", "pool", "order",
          "passed", "done_actions", "pending", "closing", "names")


def observe(g: CardGame, seat: int | None) -> dict:
    """The observation of ``seat`` (None: a spectator) as JSON data."""
    obs: dict = {name: to_json(getattr(g, name)) for name in PUBLIC}
    obs.update(
        game="cardgame", viewer=seat, players=g.n, current_player=g.current_player,
        over=g.is_over,
        hand_sizes=[len(h) for h in g.hands], deck_sizes=[len(d) for d in g.decks],
        laid_counts=[len(x) for x in g.laid],
        terraces_open=[[c for c, o in zip(t, op, strict=True) if o]
                       for t, op in zip(g.terraces, g.terrace_open, strict=True)],
        terrace_counts=[len(t) for t in g.terraces],
        start_cards=[next((c for c in h if CARDS[c].kind == "start"), None) for h in g.hands],
        tokens_in_play=[g.tokens_in_play(s) for s in range(g.n)],
        hand=sorted(g.hands[seat]) if seat is not None else [],
        goals=list(g.goals[seat]) if seat is not None else [],
        laid=list(g.laid[seat]) if seat is not None else [],
        terraces=list(g.terraces[seat]) if seat is not None else [],
        log=list(g.log_entries),
    )
    if g.is_over or seat is not None:
        shown: Sequence[int] = range(g.n) if g.is_over or seat is None else [seat]
        obs["goal_scores"] = {
            str(s): {"goals": {gid: goal_value(g, s, gid) for gid in g.goals[s]},
                     "best": best_goals(g, s)[0], "total": best_goals(g, s)[1],
                     "progress": {gid: MEASURES[GOALS[gid].measure][1](g, s)
                                  for gid in g.goals[s]}}
            for s in shown}
    obs["score_now"] = score_now(g, seat)
    if g.is_over:
        obs["scores"] = list(g.scores)
        obs["ranking"] = list(g.ranking)
        obs["places"] = list(g.places)
        obs["tie_rule"] = g.tie_rule
    return obs


def score_now(g: CardGame, seat: int | None) -> dict[str, list]:
    """The live score of every seat as ``seat`` may know it: ``tokens`` on the table (public),
    ``goals`` the VP of the best three Goal cards met now (``None`` where the goals are hidden:
    another player's before the end, everyone's for a spectator) and ``total``, the two added
    (tokens alone where the goals are hidden)."""
    tokens = [g.tokens_in_play(s) for s in range(g.n)]
    goals: list[int | None] = [
        best_goals(g, s)[1] if g.is_over or s == seat else None for s in range(g.n)]
    total = [t + (v or 0) for t, v in zip(tokens, goals, strict=True)]
    return {"tokens": tokens, "goals": goals, "total": total}
