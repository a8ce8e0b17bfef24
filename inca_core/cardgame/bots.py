"""Bots of the card game: random, easy, medium, hard. Each sees only its observation.

``easy`` plays the action whose result scores best under a crude evaluation (tokens only), on
one state sampled from the observation; an action with steps (a Terrace, an Extra Workforce) is
valued by its best step. ``medium`` evaluates its actions the same way with a fuller evaluation
and compares its best three by where its next three greedy actions of the Era would lead
(:class:`PlanSearch`); it drafts by what each card shows. ``hard`` weighs goals more, counts
each part done of a goal that asks for several things, values its Trade Agreements in play and
an Era IV Active Pool only as far as its hand can empty it, drafts by where its next greedy
actions of the Era would lead with the hand each take or lay leaves, and compares medium's best
few actions the same way (:class:`PlanSearch`, an anytime :class:`inca_core.search.Search`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from inca_core.cardgame.actions import Lay, Take, Terrace, Workforce
from inca_core.cardgame.cards import CARDS, GOALS, activation, goal_need
from inca_core.cardgame.determinize import determinize
from inca_core.cardgame.game import CardGame
from inca_core.cardgame.goals import goal_progress
from inca_core.search import Fixed, Search, SeededBot, check_strength

T = TypeVar("T")

STRENGTHS = {
    "random": "plays any legal action",
    "easy": "places as many tokens as it can now; drafts at random and sometimes slips",
    "medium": "weighs tokens, goals, its Active Pool and its hand, and looks a few actions "
              "ahead",
    "hard": "also plans the rest of its Era, both in the draft and for its actions, plays its "
            "Trade Agreements and counts each part done of a goal",
}


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights."""

    active: float = 0.95
    #: A Supply token the coming activations will move to the Active Pool.
    supply: float = 0.85
    #: A Supply token beyond those (only Terraces and Extra Workforce move it).
    spare: float = 0.3
    goals: float = 1.0
    #: Exponent of a goal's progress (1: linear) in Era I ...
    curve: float = 1.0
    #: ... plus this much per Era after the first (a half-done goal is worth less late).
    late_curve: float = 0.0
    hand_place: float = 0.5
    hand_action: float = 0.3
    route: float = 0.2
    #: How much the best other seat's value counts against one's own (one-ply choices).
    rival: float = 0.25
    #: How much a City or Colca's worth (see _card_worth) counts against terracing it.
    keep: float = 0.0
    #: Lay and take draft cards at random (the easy bot).
    draft_at_random: bool = False
    #: How often the bot plays a random legal action instead (the easy bot's slips).
    slips: float = 0.0
    #: Value a draft card by its best build now (else by what it shows).
    draft_by_build: bool = True
    #: Worth of an own Trade Agreement in play beyond its token: the card it draws and the
    #: free action when it closes.
    trade: float = 0.0
    #: In Era IV, Active Pool tokens beyond this many per card in hand are worth nothing
    #: (no action is left to place them; 0: no such limit).
    capacity: float = 0.0
    #: In Era IV, a goal not yet met counts only as far as the seat has actions left to meet
    #: it: its credit times (cards in hand + own Trade Agreements in play) / this (at most
    #: 1; 0: no such limit). With no action left only the goals met count.
    endgame: float = 0.0
    #: A goal not yet met counts this share less in Era IV (its part of that in the Eras
    #: before): meeting a goal that is nearly done gains more.
    finish: float = 0.0
    #: Measure a goal that asks for several things at once (each food, north and south, each
    #: column) by each part done, not only by the part furthest behind.
    parts: bool = False
    #: Draft by planning: value a card to take (or two to lay) by the seat's next greedy
    #: actions of the Era with the hand it leaves (this many actions; 0: by each card alone).
    draft_plan: int = 0
    #: How much of what its next greedy actions of the Era add counts in a plan (1: all;
    #: less prefers a gain now, as the other seats may take a place, hut or temple first).
    patience: float = 1.0
    #: Value an Extra Workforce card in the draft by the gain of playing it now (else a
    #: fixed worth).
    draft_work: bool = False
    #: A Start card still in hand (rules edition 3): its route is not open yet, so it counts
    #: this much (a negative worth makes building it early pay).
    start: float = 0.0


CRUDE = Weights(active=0.5, supply=0.0, goals=0.0, hand_place=0.0, hand_action=0.0, route=0.0,
                draft_at_random=True, slips=0.15)
FULL = Weights(start=-3.0)
#: The medium bot's: FULL without drafting by the best build.
MEDIUM = Weights(draft_by_build=False, start=-3.0)
#: The hard bot's: FULL with more weight on goals, more credit for a goal half done early and
#: less late, each part of a goal of several things counted, its Trade Agreements in play
#: valued, no worth for an Active Pool it cannot empty in Era IV, and drafting by a plan of
#: its next six actions of the Era.
HARD = Weights(curve=0.7, late_curve=0.4, goals=1.3, trade=2.5, capacity=3.0, parts=True,
               draft_plan=6, start=-3.0)


@dataclass(frozen=True)
class Plan:
    """How a planning bot chooses: its evaluation's ``weights``, and its best ``top`` actions
    compared by where its next ``chain`` greedy actions of the Era lead (:class:`PlanSearch`)."""

    weights: Weights
    top: int
    chain: int


#: Medium's: its best 3 actions planned 3 greedy actions deep (one ply alone won 51% against
#: three easy bots under rules edition 5; docs/cardgame/CARDGAME.md).
MEDIUM_PLAN = Plan(MEDIUM, top=3, chain=3)
#: Hard's: its best 12 actions planned 8 deep.
HARD_PLAN = Plan(HARD, top=12, chain=8)


def _rows(g: CardGame, seat: int) -> list[int]:
    rows = [r for _, r in g.network(seat)]
    return [max(rows), -min(rows)]


#: The goals that ask for several things at once: measure to the count of each thing.
SEVERAL: dict[str, Callable[[CardGame, int], list[int]]] = {
    "each_food": lambda g, seat: list(g.food_tokens(seat).values()),
    "north_and_south": _rows,
    "three_columns": lambda g, seat: [sum(1 for c in g.network(seat) if c[0] == col)
                                      for col in range(3)],
}


def value(g: CardGame, seat: int, w: Weights = FULL) -> float:
    """An estimate of ``seat``'s final VP from this position."""
    if g.is_over:
        return float(g.scores[seat])
    late = (g.era - 1) / 3  # 0 in Era I, 1 in Era IV
    v = float(g.tokens_in_play(seat))
    active: float = g.active[seat]
    moves = len(g.hands[seat]) + sum(1 for t in g.trades if t[1] == seat)
    if w.capacity and g.era == 4:
        active = min(active, w.capacity * moves)
    v += active * w.active * (1 - 0.3 * late * late)
    eras_left = 4 - g.era
    coming = min(g.supply[seat],
                 eras_left * (activation(g.edition, g.n) + len(g.terraces[seat]) // 2))
    v += coming * w.supply + (g.supply[seat] - coming) * w.spare * (1 - late)
    if w.trade:
        for t in g.trades:
            if t[1] == seat:
                v += w.trade + t[3] * w.active
    if w.goals:
        curve = w.curve + w.late_curve * (g.era - 1)
        open_part = min(1.0, moves / w.endgame) if w.endgame and g.era == 4 else 1.0
        open_part *= 1 - w.finish * late
        parts = []
        for gid in g.goals[seat]:
            goal = GOALS[gid]
            p = goal_progress(g, seat, gid)
            if w.parts and p < 1 and goal.measure in SEVERAL:
                need = goal_need(gid, g.n, g.edition)
                counts = SEVERAL[goal.measure](g, seat)
                p = sum(min(max(0, k), need) for k in counts) / (need * len(counts))
            parts.append(goal.vp * (1.0 if p >= 1 else open_part * p ** curve))
        v += w.goals * sum(sorted(parts)[-3:])
    if w.hand_place or w.hand_action:
        for c in g.hands[seat]:
            v += (w.hand_place if CARDS[c].is_place else w.hand_action) * (1 - 0.6 * late)
    if w.start:
        v += w.start * sum(1 for c in g.hands[seat] if CARDS[c].kind == "start")
    if w.route:
        v += w.route * len(g.network(seat)) * (1 - late)
    return v


def evaluate(g: CardGame, seat: int, w: Weights = FULL) -> float:
    """``seat``'s estimated margin over the best other seat."""
    mine = value(g, seat, w)
    best = max(value(g, s, w) for s in range(g.n) if s != seat)
    return mine - best


def _printed_worth(g: CardGame, seat: int, card: str) -> float:
    """What a City or Colca shows (fame, huts, temple), plus a bonus for the seat's goals."""
    c = CARDS[card]
    goals = {GOALS[gid].measure for gid in g.goals[seat]}
    worth = 1.0 + 0.3 * c.fame + 0.3 * len(c.huts) + (0.5 if c.temple else 0)
    if c.is_colca and goals & {"colcas", "fish", "corn", "potato", "each_food", "huts"}:
        worth += 1.0
    if c.is_city and f"{c.column}_cities" in goals:
        worth += 1.0
    return worth


def _card_worth(g: CardGame, seat: int, card: str, w: Weights = FULL) -> float:
    """How much ``card`` is worth to ``seat`` in hand (for the draft): for a City or Colca,
    the gain of its best build now (or a little if it cannot be built yet)."""
    c = CARDS[card]
    if c.kind == "work" and w.draft_work:
        return _work_worth(g, seat, card, w)
    if not c.is_place:
        return 2.0 if c.kind == "work" else 1.5
    if not w.draft_by_build:
        return _printed_worth(g, seat, card)
    trial = g.copy()
    trial.hands[seat] = [card]
    base = value(trial, seat, w)
    best = 0.5
    for b in trial.builds(seat, "active"):
        after = trial.copy()
        after.build(seat, card, b.cell, b.via, "active")
        best = max(best, value(after, seat, w) - base)
    return best + 1.0


def _work_worth(g: CardGame, seat: int, card: str, w: Weights) -> float:
    """An Extra Workforce card's worth in the draft: the gain of playing it now (its steps
    done greedily) beside the rest of the hand, as :func:`_card_worth` values a build."""
    trial = g.copy()
    trial.phase, trial.turn, trial.pending = "act", seat, []
    trial.passed = [False] * trial.n
    hand = list(g.hands[seat])
    if card not in hand:
        hand.append(card)
    trial.hands[seat] = hand
    base = value(trial, seat, w)
    trial.apply(Workforce(card))
    while trial.pending and trial.turn == seat:
        trial.apply(greedy(trial, trial.legal_actions(), w)[0][1])
    return max(0.5, value(trial, seat, w) - base) + 1.0


def greedy(g: CardGame, legal: Sequence[Any], w: Weights) -> list[tuple[float, Any]]:
    """Legal actions with the evaluation of their result, best first (stable order)."""
    return _to_end(_rank_steps(g, legal, w))


def _rank_steps(g: CardGame, legal: Sequence[Any], w: Weights
                ) -> Generator[None, None, list[tuple[float, Any]]]:
    """:func:`greedy`, pausing between two actions it looks ahead from (actions and closes)."""
    seat = g.turn
    scored: list[tuple[float, Any]]
    if g.phase == "lay":
        worth = {c: _card_worth(g, seat, c, w) for c in set(g.hands[seat])}
        scored = [(-worth[a.a] - worth[a.b], a) for a in legal if isinstance(a, Lay)]
    elif g.phase == "take":
        scored = [(_card_worth(g, seat, a.card, w), a) for a in legal if isinstance(a, Take)]
    else:
        scored = []
        for i, a in enumerate(legal):
            if i:
                yield
            scored.append(((yield from _after_steps(g, a, seat, w, 1)), a))
        if w.keep:
            worth = {c: _card_worth(g, seat, c, w) for c in set(g.hands[seat])
                     if CARDS[c].is_place}
            scored = [(v - w.keep * worth[a.card], a) if isinstance(a, Terrace)
                      and a.card in worth else (v, a) for v, a in scored]
    order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
    return [scored[i] for i in order]


def _plan_value(g: CardGame, action: Any, w: Weights, chain: int) -> float:
    """The seat's score after ``action`` (its steps done greedily), or after its next
    ``chain`` greedy actions of the Era from there if that is better, the others idle."""
    return _to_end(_plan_steps(g, action, w, chain))


def _to_end(steps: Generator[None, None, T]) -> T:
    """The value ``steps`` ends with."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value


def _greedy_steps(c: CardGame, w: Weights) -> Generator[None, None, None]:
    """Plays the seat to move's best action by ``w`` in ``c``, pausing as :func:`_rank_steps`."""
    ranked = yield from _rank_steps(c, c.legal_actions(), w)
    c.apply(ranked[0][1])


def _plan_steps(g: CardGame, action: Any, w: Weights, chain: int
                ) -> Generator[None, None, float]:
    """:func:`_plan_value`, one greedy action at a time (it pauses after each)."""
    seat = g.turn
    c = g.copy()
    c.apply(action)
    while c.pending and c.turn == seat and not c.is_over:
        yield from _greedy_steps(c, w)
        yield
    if c.is_over:
        return float(c.scores[seat])
    best = _score(c, seat, w)
    for _ in range(chain):
        if c.phase != "act" or c.passed[seat] or not c.hands[seat]:
            break
        c.turn = seat
        yield from _greedy_steps(c, w)
        yield
        while c.pending and c.turn == seat and not c.is_over:
            yield from _greedy_steps(c, w)
            yield
    if not c.is_over:
        best += w.patience * max(0.0, _score(c, seat, w) - best)
    return best


def _draft_value(g: CardGame, action: Any, w: Weights, chain: int) -> float:
    """The seat's score after its next ``chain`` greedy actions of the Era, the draft ending
    with the hand ``action`` leaves (a card taken joins it, two cards laid leave it), the
    others idle."""
    return _to_end(_draft_steps(g, action, w, chain))


def _draft_steps(g: CardGame, action: Any, w: Weights, chain: int
                 ) -> Generator[None, None, float]:
    """:func:`_draft_value`, one greedy action at a time (it pauses after each)."""
    seat = g.turn
    c = g.copy()
    if isinstance(action, Take):
        c.hands[seat].append(action.card)
    else:
        c.hands[seat].remove(action.a)
        c.hands[seat].remove(action.b)
    c.phase, c.pending, c.pool, c.order = "act", [], [], []
    c.passed, c.done_actions = [False] * c.n, [0] * c.n
    for _ in range(int(chain)):
        if c.phase != "act" or c.passed[seat] or not c.hands[seat]:
            break
        c.turn = seat
        yield from _greedy_steps(c, w)
        yield
        while c.pending and c.turn == seat and not c.is_over:
            yield from _greedy_steps(c, w)
            yield
    return _score(c, seat, w)


class PlanSearch(Search):
    """Ranks the legal actions by the weights' evaluation (:func:`greedy`, in slices), then,
    anytime from that ranking's best, values its best ``top`` actions one after the other by
    :func:`_plan_value` (in the draft, when the weights ask for it, by :func:`_draft_value`)
    and keeps the best."""

    def __init__(self, g: CardGame, legal: tuple[Any, ...], w: Weights, top: int,
                 chain: int) -> None:
        super().__init__(legal)
        self.g, self.w, self.top, self.chain = g, w, top, chain
        #: The ranking of the legal actions by ``w`` (:func:`_rank_steps`), paused; None once
        #: ranked. Until then running out of time may not end the search.
        self.ranking: Generator[None, None, list[tuple[float, Any]]] | None = \
            _rank_steps(g, legal, w)
        self.anytime = False
        self.todo: list[Any] = []
        self.values: list[tuple[float, Any]] = []
        #: The action being valued and its valuation, paused between two greedy actions (a
        #: page's slice ends after one of them).
        self.running: tuple[Any, Generator[None, None, float]] | None = None

    def _rank(self, deadline: float) -> None:
        """Ranks the legal actions by the weights, until ``deadline`` or done."""
        assert self.ranking is not None
        while True:
            try:
                next(self.ranking)
            except StopIteration as end:
                ranked = end.value
                break
            if time.perf_counter() >= deadline:
                return
        self.ranking = None
        self.anytime = True
        self._best = ranked[0][1]
        if self.g.phase in ("act", "close") or (self.w.draft_plan
                                                and self.g.phase in ("lay", "take")):
            self.todo = [a for _, a in ranked[:self.top]]

    def _work(self, deadline: float) -> None:
        if self.ranking is not None:
            self._rank(deadline)
            if self.ranking is not None or time.perf_counter() >= deadline:
                self.finished = self.ranking is None and not self.todo
                return
        while self.todo or self.running is not None:
            if self.running is None:
                a = self.todo.pop(0)
                steps = (_draft_steps(self.g, a, self.w, self.w.draft_plan)
                         if self.g.phase in ("lay", "take")
                         else _plan_steps(self.g, a, self.w, self.chain))
                self.running = (a, steps)
            a, steps = self.running
            try:
                next(steps)
            except StopIteration as end:
                self.running = None
                self.values.append((float(end.value), a))
                self.iterations += 1
                self._best = max(self.values, key=lambda x: x[0])[1]
            if time.perf_counter() >= deadline:
                break
        self.finished = not self.todo and self.running is None


def _after_steps(g: CardGame, action: Any, seat: int, w: Weights, depth: int
                 ) -> Generator[None, None, float]:
    """``seat``'s score after ``action``, or after its best next step of the same action
    (``depth`` steps deep), pausing between two steps it tries."""
    c = g.copy()
    c.apply(action)
    if depth and c.pending and c.turn == seat and not c.is_over:
        best = -math.inf
        for i, a in enumerate(c.legal_actions()):
            if i:
                yield
            best = max(best, (yield from _after_steps(c, a, seat, w, depth - 1)))
        return best
    return _score(c, seat, w)


def _score(c: CardGame, seat: int, w: Weights) -> float:
    if not w.rival:
        return value(c, seat, w)
    return value(c, seat, w) - w.rival * max(value(c, s, w) for s in range(c.n) if s != seat)


class GreedyBot(SeededBot):
    """random and easy (and the probes of bench/cardgame_balance.py): the best action by an
    evaluation on one sampled state."""

    def __init__(self, strength: str, seed: int, weights: Weights) -> None:
        super().__init__(strength, seed)
        self.weights = weights

    def search(self, observation: dict, legal: tuple[Any, ...], rng: random.Random,
               iterations: int | None) -> Search:
        if len(legal) == 1:
            return Fixed(legal, legal[0])
        if self.weights.draft_at_random and isinstance(legal[0], (Lay, Take)):
            return Fixed(legal, rng.choice(legal))
        if rng.random() < self.weights.slips:
            return Fixed(legal, rng.choice(legal))
        return PlanSearch(determinize(observation, rng), legal, self.weights, 0, 0)


class PlanBot(GreedyBot):
    """medium and hard: an evaluation that plans the rest of its Era for its best few actions
    (and, with ``Weights.draft_plan``, draft choices) by :class:`PlanSearch`; ``iterations``
    (when given) replaces the actions it plans."""

    def __init__(self, strength: str, seed: int, plan: Plan) -> None:
        super().__init__(strength, seed, plan.weights)
        self.plan = plan

    def search(self, observation: dict, legal: tuple[Any, ...], rng: random.Random,
               iterations: int | None) -> Search:
        if len(legal) == 1:
            return Fixed(legal, legal[0])
        g = determinize(observation, rng)
        top = self.plan.top if iterations is None else max(1, iterations)
        return PlanSearch(g, legal, self.weights, top, self.plan.chain)


def make_bot(strength: str, seed: int = 0) -> GreedyBot:
    """A bot of ``strength`` (see :data:`STRENGTHS`)."""
    check_strength(strength, STRENGTHS)
    if strength == "medium":
        return PlanBot(strength, seed, MEDIUM_PLAN)
    if strength == "hard":
        return PlanBot(strength, seed, HARD_PLAN)
    return GreedyBot(strength, seed, CRUDE)
