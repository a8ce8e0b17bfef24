"""Bots of Wiraqocha: random, easy, medium, hard. Each sees only its observation.

``easy`` and ``medium`` play the action whose result scores best under an evaluation (``easy``
counts territories and crystals only), on one state sampled from the observation. ``hard``
takes medium's best twelve actions and plays each out: the rest of its turn greedily (harvest
included), then every rival's next turn and its own next turn on sampled rolls. It does this
on eight sampled worlds (pile order and dice to come drawn again), the same worlds for every
action: all twelve on the first two, then only the four best on the other six. It keeps the
action with the best total (:class:`PlanSearch`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from inca_core.search import Fixed, Search, SeededBot, check_strength
from inca_core.wiraqocha.actions import (
    Cave,
    Conquer,
    End,
    Exo,
    Factory,
    Lift,
    Lower,
    Protect,
    Raise,
    Reroll,
    Roll,
    Salvage,
    Swap,
    Tunnel,
)
from inca_core.wiraqocha.data import (
    BASE_PROTECTION,
    CARDS_OF,
    LEVIATHAN,
    SOMNIUM_WIN,
    TOKEN_KIND,
)
from inca_core.wiraqocha.determinize import determinize
from inca_core.wiraqocha.game import LOST, OFF_BOARD, Wiraqocha

STRENGTHS = {
    "random": "plays any legal action",
    "easy": "takes territories and crystals greedily",
    "medium": "weighs the three victories, protection, tokens, Resources and income",
    "hard": ("plays medium's best actions out through its turn, every rival's next turn and "
             "its own next turn, on several sampled dice rolls, and keeps the best on average"),
}


#: Phase I lifts a protecting die above 3 only when fewer than this many dice would be rolled
#: (three until issue 64: the high die lifted to make three often went back on its tile no
#: higher, which changes nothing the game scores; with one, medium won 29 of 40 games against
#: three easy bots, with two 34 of 40, with three 36 of 40, the same seeds).
MIN_ROLL = 2
#: The playout budget of a move bounded by time only.
UNBOUNDED = 1 << 40


@dataclass(frozen=True)
class Weights:
    territory: float = 1.0
    somnium: float = 1.0
    relic: float = 0.0
    cards: float = 0.0
    guard: float = 0.0
    resources: float = 0.0
    lost_token: float = 0.0
    base: float = 0.0
    #: Per Resource the seat gathers each Phase I (its Jungles, the Production Tanks).
    income: float = 0.0
    #: Times the square of the share of the Somnium win held (a near win weighs more). A
    #: screening option, 0 in ``FULL`` (tried and not kept: docs/wiraqocha/WIRAQOCHA.md).
    somnium_near: float = 0.0
    #: Per pip of the Base Camp's protection, per relic the camp holds (a plunder takes one).
    defend: float = 0.0


CRUDE = Weights()
#: Medium's and hard's. ``income``: half a point per Resource the seat's territories and
#: Production Tanks gather each Phase I (from 26 November 2026: without it the bots saw a Jungle
#: as a plain territory and spent each Resource as they got it, and between medium bots the
#: Leviathan won 5% of the 3-player games; docs/wiraqocha/WIRAQOCHA.md, "Bots").
#: ``defend`` (issue 64): a camp holding relics is worth guarding.
FULL = Weights(territory=0.8, somnium=1.0, relic=1.0, cards=1.0, guard=0.25, resources=0.3,
               lost_token=1.0, base=2.0, income=0.5, defend=0.2)


@dataclass(frozen=True)
class Settings:
    """How easy, medium and hard choose: the evaluation's weights ``w``; for hard, ``top``: the
    candidates it plays out (0: none, the greedy comparison decides); ``samples``: its greedy
    steps per turn; ``replies``: the other seats' turns it plays after its own; ``worlds``:
    sampled states (pile order and dice to come) each candidate is played on, the same for all
    candidates; after ``prune_after`` worlds only the ``keep`` best candidates go on."""

    w: Weights
    top: int = 0
    samples: int = 0
    replies: int = 1
    worlds: int = 1
    prune_after: int = 0
    keep: int = 0


EASY = Settings(CRUDE)
MEDIUM = Settings(FULL)
#: Hard's: medium's best twelve actions played out on eight worlds, the four best after two.
HARD = Settings(FULL, top=12, samples=6, replies=3, worlds=8, prune_after=2, keep=4)


def value(g: Wiraqocha, seat: int, w: Weights = FULL) -> float:
    """An estimate of how close ``seat`` is to a win (a won game: 1000)."""
    if g.is_over:
        return 1000.0 if g.winner == seat else 0.0
    n = g.n
    # One pass over the seat's tokens and cards (the figures are all whole numbers; the
    # weighted terms are added below in a fixed order).
    tiles = drill = guard = lost = camp = 0
    base = False
    for tok, p in g.where[seat].items():
        if p in OFF_BOARD:
            lost += p in LOST
            continue
        tiles += 1
        if TOKEN_KIND[tok] == "drill":
            drill += 2 if g.feature(p) == "vein" else 1
        protect = g.guard.get(p, 0)
        if tok == "B":
            base = True
            protect = max(protect, 1 if seat in g.weak_base else BASE_PROTECTION)
            camp = protect
        guard += protect
    r = s = buildings = 0
    info = CARDS_OF[g.edition]
    for c in g.cards[seat]:
        card = info[c]
        r += card.resources
        s += card.somnium
        buildings += card.kind == "building"
    v = w.territory * tiles
    v += w.somnium * 10.0 * g.somnium[seat] / SOMNIUM_WIN[n]
    if w.somnium_near:
        v += w.somnium_near * (g.somnium[seat] / SOMNIUM_WIN[n]) ** 2
    if w.somnium and tiles:
        v += 0.4 * w.somnium * drill
    v += w.relic * (2.5 * len(g.relics[seat]) + 10.0 * (len(g.relics[seat]) / 4) ** 2)
    need_r, need_s = LEVIATHAN[n]
    v += w.cards * (13.0 * min(r, need_r) / need_r + 2.0 * min(s, need_s) / need_s)
    v += w.guard * guard
    v += w.resources * min(g.resources[seat], 3)
    v -= w.lost_token * lost
    v += w.base * (1 if base else 0)
    v += 0.2 * w.cards * buildings
    if w.income:
        v += w.income * g.income(seat)
    v += w.defend * camp * len(g.relics[seat])
    return v


def lifted_this_turn(observation: dict) -> dict[str, int]:
    """The protecting dice the seat to move took back this turn, tile to value, read from the
    log's latest entries (those of the seat, back to the previous player's)."""
    seat, out = observation["viewer"], {}
    for entry in reversed(observation.get("log") or []):
        if entry.get("seat") != seat:
            break
        if "lifted" in entry:
            tile, value = entry["lifted"]
            out[tile] = value
    return out


def changes_nothing(g: Wiraqocha, action: Any, lifted: dict[str, int] | None = None) -> bool:
    """Whether ``action`` of the player to move changes nothing the game scores: a protecting
    die that adds no protection (no higher than the tile's, the Base Camp's own 2 included, or
    under the Force Field), or one that puts back no more than the die taken back from the same
    tile this turn (``lifted``: tile to the value taken back, when known)."""
    if not isinstance(action, Protect):
        return False
    if action.tile == g.shield or action.value <= g.protection(action.tile):
        return True
    return lifted is not None and action.value <= lifted.get(action.tile, 0)


def evaluate(g: Wiraqocha, seat: int, w: Weights = FULL, rivals: Wiraqocha | None = None) -> float:
    """``seat``'s value less the best other seat's (read in ``rivals`` when given: the end of
    a turn is judged by what it does for ``seat``, not by the next player's gathering)."""
    mine = value(g, seat, w)
    if g.is_over:
        rivals = None
    other = g if rivals is None else rivals
    return mine - max(value(other, s, w) for s in range(g.n) if s != seat)


class Greedy(Search):
    """Plays each legal action on one sampled state and keeps the best evaluation
    (``iterations``: the actions compared so far)."""

    def __init__(self, state: Wiraqocha, legal: tuple[Any, ...], seat: int, w: Weights, *,
                 look: bool = True, lifted: dict[str, int] | None = None) -> None:
        super().__init__(legal)
        self.state, self.seat, self.w = state, seat, w
        #: The protecting dice taken back this turn (tile to value), for :func:`changes_nothing`.
        self.lifted = lifted
        #: Score die changes and re-rolls by the conquest they allow (not with CRUDE weights).
        self.look = look and w is not CRUDE
        self.scores: list[float] = []
        #: _follow's results by (dice, Resources, re-rolls): die changes and re-rolls of one
        #: state often lead to the same dice.
        self._seen: dict[tuple, float] = {}

    def _follow(self, g: Wiraqocha) -> float:
        """The best evaluation after one more conquest or plunder (or none) in ``g``, a state
        that differs from :attr:`state` only by its dice, Resources and re-rolls."""
        key = (tuple(g.dice), g.resources[self.seat], g.somnium[self.seat], g.rerolls, g.phase)
        if key in self._seen:
            return self._seen[key]
        best = evaluate(g, self.seat, self.w)
        if not g.is_over and g.current_player == self.seat:
            for a in g.legal_actions():
                if isinstance(a, Conquer | Tunnel):
                    after = g.copy()
                    after.play(a, trusted=True)
                    best = max(best, evaluate(after, self.seat, self.w))
        self._seen[key] = best
        return best

    def score(self, a: Any) -> float:
        """``a``'s evaluation; a die change is worth what it lets the next conquest do, and a
        re-roll or the Android Factory's extra die the mean of that over the six faces."""
        if isinstance(a, Reroll) and self.look:
            total = 0.0
            for face in range(1, 7):
                after = self.state.copy()
                after.dice.remove(a.value)
                after.dice = sorted([*after.dice, face])
                after.rerolls -= 1
                total += self._follow(after)
            return total / 6
        if changes_nothing(self.state, a, self.lifted):
            return -1e9  # never over ending the turn or anything that does something
        after = self.state.copy()
        after.play(a, trusted=True)
        if isinstance(a, Factory) and self.look and after.phase == "act":
            total = 0.0
            for face in range(1, 7):
                one = after.copy()
                one.dice = sorted([*self.state.dice, face])
                total += self._follow(one)
            return total / 6
        if isinstance(a, Raise | Lower | Exo) and self.look:
            return self._follow(after)
        if isinstance(a, End):
            # Judged by what it does for the bot (harvest, Resources given back), the rivals as
            # they stand; a little over an action that changes nothing.
            return evaluate(after, self.seat, self.w, self.state) + 0.05
        return evaluate(after, self.seat, self.w)

    def _work(self, deadline: float) -> None:
        while len(self.scores) < len(self.legal):
            self.scores.append(self.score(self.legal[len(self.scores)]))
            self.iterations += 1
            if time.perf_counter() >= deadline:
                break
        best = max(range(len(self.scores)), key=lambda i: self.scores[i])
        self._best = self.legal[best]
        if len(self.scores) == len(self.legal):
            self.finished = True


class GreedyBot(SeededBot):
    """easy, medium and hard (see the module's docstring), by their :class:`Settings`."""

    def __init__(self, strength: str, seed: int, settings: Settings) -> None:
        super().__init__(strength, seed)
        self.settings = settings

    @property
    def w(self) -> Weights:
        """The evaluation's weights."""
        return self.settings.w

    def budget_of(self, iterations: int | None,
                  seconds: float | None) -> tuple[int | None, float | None]:
        """A time budget alone: hard searches until the time is up."""
        if seconds is not None and iterations is None:
            iterations = UNBOUNDED
        return iterations, seconds

    def _prepare(self, state: Wiraqocha, legal: tuple[Any, ...], seat: int) -> Any:
        return _prep_choice(self.w, state, legal, seat)

    def search(self, observation: dict, legal: tuple[Any, ...], rng: random.Random,
               iterations: int | None) -> Search:
        # Easy rolls at once when the roll has one alternative; medium and hard always take
        # Phase I by their rule (_prep_choice), a lone protecting die to lift included.
        if len(legal) == 1 or (self.w is CRUDE and len(legal) <= 2 and Roll() in legal):
            return Fixed(legal, Roll() if Roll() in legal else legal[0])
        seat = int(observation["viewer"])
        state = determinize(observation, rng)
        if self.settings.top:
            # The log and the history never change a rule; hard copies states thousands of
            # times a move, and copying a long game's log was most of its time.
            state.log_entries, state.actions = [], []
        if state.phase == "prep" and self.w is not CRUDE:
            return Fixed(legal, self._prepare(state, legal, seat))
        # Hard's playouts this decision: its fixed worlds, and more worlds up to ``iterations``.
        return Staged(self, state, legal, seat, observation, rng, iterations or 0)

    def then(self, greedy: Greedy, rng: random.Random, budget: int) -> Search | None:
        """What follows the greedy comparison ``greedy`` (done): hard's plan search over its
        best ``top`` actions while the turn leaves a choice (its worlds drawn with ``rng``, the
        decision's numbers, up to ``budget`` playouts); ``None``: greedy's best stands."""
        top = self.settings.top
        if not top:
            return None
        legal = greedy.legal
        order = sorted(range(len(legal)), key=lambda i: -greedy.scores[i])[:top]
        short = tuple(legal[i] for i in order)
        if len(short) == 1 or greedy.state.phase != "act":
            return None
        return self._plan(greedy.state, short, greedy.seat, rng, budget)

    def _plan(self, state: Wiraqocha, short: tuple[Any, ...], seat: int,
              rng: random.Random, budget: int) -> PlanSearch:
        s = self.settings
        worlds = [state] + [_resample(state, rng) for _ in range(s.worlds - 1)]
        return PlanSearch(state, short, seat, self.w, s.samples, s.replies,
                          worlds=worlds, prune_after=s.prune_after, keep=s.keep,
                          budget=budget, rng=rng)


class Staged(Search):
    """Medium's and hard's decision in steps: the greedy comparison of every legal action, a few
    actions a step and always to its end (no budget cuts it short), then hard's plan search
    (:meth:`GreedyBot.then`), which is anytime. So a page's slices stay short; the choices are
    those of the comparison and the search run in one go. ``iterations``: the actions compared
    and the playouts finished."""

    anytime = False

    def __init__(self, bot: GreedyBot, state: Wiraqocha, legal: tuple[Any, ...],
                 seat: int, observation: dict, rng: random.Random, budget: int) -> None:
        super().__init__(legal)
        self.bot = bot
        #: The decision's numbers, and hard's playouts (see :meth:`GreedyBot.then`).
        self.rng, self.budget = rng, budget
        self.greedy = Greedy(state, legal, seat, bot.w, lifted=lifted_this_turn(observation))
        #: The search after the comparison (hard), once the comparison is done.
        self.plan: Search | None = None

    def _work(self, deadline: float) -> None:
        if self.plan is None:
            self.greedy.step(max(0.0, deadline - time.perf_counter()))
            self._best = self.greedy.best()
            self.iterations = self.greedy.iterations
            if not self.greedy.finished:
                return
            plan = self.bot.then(self.greedy, self.rng, self.budget)
            if plan is None:
                self.finished = True
                return
            self.plan, self.anytime = plan, True
        self.finished = self.plan.step(max(0.0, deadline - time.perf_counter()))
        self._best = self.plan.best()
        self.iterations = self.greedy.iterations + self.plan.iterations


class PlanSearch(Search):
    """Each candidate is played, then the turn is finished with greedy choices (at most
    ``chain`` more actions, then ``end``), then the next ``replies`` turns of the other seats
    and the seat's own next turn (greedy, sampled rolls); the candidate whose position scores
    best after them wins. With several ``worlds`` every candidate is played on each of them
    (the same worlds for all candidates) and its scores are averaged. ``iterations``: the
    playouts finished."""

    def __init__(self, state: Wiraqocha, legal: tuple[Any, ...], seat: int, w: Weights,
                 chain: int, replies: int = 1, *, worlds: Sequence[Wiraqocha] = (),
                 prune_after: int = 0, keep: int = 0, budget: int = 0,
                 rng: random.Random | None = None) -> None:
        super().__init__(legal)
        self.state, self.seat, self.w, self.chain = state, seat, w, chain
        self.replies = replies
        self.worlds = list(worlds) or [state]
        self.totals = [0.0] * len(legal)
        self.scores: list[float] = []
        #: After ``prune_after`` worlds only the ``keep`` best candidates are played on.
        self.prune_after, self.keep = prune_after, keep
        self.alive = list(range(len(legal)))
        self._world = self._pos = 0
        #: The playout under way (paused between two of its actions).
        self._running: Iterator[float | None] | None = None
        #: Playouts to reach: once the given worlds are done, new worlds are drawn with ``rng``
        #: for the candidates still in the running while a whole world fits in the budget.
        self.budget, self.rng = budget, rng

    def _more_worlds(self) -> bool:
        """Whether a new world was drawn (the budget holds one more for every candidate)."""
        if self.rng is None or self.iterations + len(self.alive) > self.budget:
            return False
        self.worlds.append(_resample(self.state, self.rng))
        return True

    def _play_turn(self, g: Wiraqocha) -> None:
        """Play the current seat's turn to its end: roll, then greedy steps (one-ply, for
        speed), ending after ``chain`` of them when the rules allow."""
        for _ in self._turn_steps(g):
            pass

    def _turn_steps(self, g: Wiraqocha) -> Iterator[None]:
        """:meth:`_play_turn`, pausing after each action chosen."""
        seat = g.current_player
        if g.is_over or seat is None:
            return
        steps = 0
        while not g.is_over and g.current_player == seat:
            if g.phase == "prep":
                g.play(Roll())
                continue
            legal = g.legal_actions()
            if steps >= self.chain and End() in legal:
                g.play(End())
                return
            greedy = Greedy(g, legal, seat, self.w, look=False)
            while not greedy.step(3600.0):
                pass
            g.play(greedy.best(), trusted=True)
            steps += 1
            yield

    def finish(self, g: Wiraqocha) -> None:
        """Play on from a candidate just played in ``g``: the rest of the turn, the next
        ``replies`` turns of the other seats, then the seat's own next turn (a victory is
        checked at the end of a turn, so this is where the position's wins show)."""
        for _ in self._finish_steps(g):
            pass

    def _finish_steps(self, g: Wiraqocha) -> Iterator[None]:
        """:meth:`finish`, pausing after each action chosen."""
        yield from self._turn_steps(g)
        for _ in range(self.replies):
            if g.is_over or g.current_player == self.seat:
                break
            yield from self._turn_steps(g)
        if not g.is_over and g.current_player == self.seat:
            yield from self._turn_steps(g)

    def _playout(self, world: Wiraqocha, action: Any) -> Iterator[float | None]:
        """``action`` played in ``world`` and played on (:meth:`finish`), pausing (``None``)
        after each action chosen; last, the judgement."""
        after = world.copy()
        after.play(action, trusted=True)
        yield from self._finish_steps(after)
        yield evaluate(after, self.seat, self.w)

    def _work(self, deadline: float) -> None:
        while self._world < len(self.worlds) or self._more_worlds():
            i = self.alive[self._pos]
            if self._running is None:
                self._running = self._playout(self.worlds[self._world], self.legal[i])
            judged = next(self._running)
            if judged is None:
                if time.perf_counter() >= deadline:
                    break
                continue
            self._running = None
            self.iterations += 1
            self.totals[i] += judged
            self._pos += 1
            if self._pos == len(self.alive):
                self._pos = 0
                self._world += 1
                self.scores = list(self.totals)
                if self._world == self.prune_after and self.keep:
                    ranked = sorted(self.alive, key=lambda i: -self.totals[i])
                    self.alive = sorted(ranked[:self.keep])
            if time.perf_counter() >= deadline:
                break
        if self.scores:
            best = max(self.alive, key=lambda i: self.scores[i])
            self._best = self.legal[best]
        if self._world == len(self.worlds) and not self._more_worlds():
            self.finished = True


def _resample(state: Wiraqocha, rng: random.Random) -> Wiraqocha:
    """``state`` with the hidden part drawn again: the pile shuffled, the dice to come re-seeded."""
    g = state.copy()
    rng.shuffle(g.pile)
    g.seed = rng.getrandbits(62)
    return g


def _prep_choice(w: Weights, state: Wiraqocha, legal: tuple[Any, ...], seat: int) -> Any:
    """Phase I by rule: re-roll protecting dice of 3 or less, keep at least ``MIN_ROLL`` dice
    to roll, take a Zeppelin swap or a trip through the Caves only when it clearly pays, then
    roll."""
    lifts = sorted(((state.guard[a.tile], a) for a in legal if isinstance(a, Lift)),
                   key=lambda x: x[0])
    if lifts and (lifts[0][0] <= 3 or state.dice_allowed(seat) < MIN_ROLL):
        return lifts[0][1]
    base = evaluate(state, seat, w)
    best: Roll | Swap | Salvage | Cave = Roll()
    gain = 0.5
    for a in legal:
        if isinstance(a, Swap | Salvage | Cave):
            after = state.copy()
            after.play(a)
            g = evaluate(after, seat, w) - base
            if g > gain:
                best, gain = a, g
    return best


def make_bot(strength: str, seed: int = 0) -> GreedyBot:
    """A bot of ``strength`` (see :data:`STRENGTHS`)."""
    check_strength(strength, STRENGTHS)
    return GreedyBot(strength, seed, {"medium": MEDIUM, "hard": HARD}.get(strength, EASY))
