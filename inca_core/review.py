"""Review of a finished game, for any game of the shelf: every decision of a seat rated against
the strongest bot on what that seat knew, the seat's accuracy, its luck and the key moments.

Everything is judged from ``observation(seat)`` at the time, never from the real hidden state:
the worlds a decision is valued on are dealt from that observation (``spec.determinize``), and
every generator is seeded from the review's seed and the observation, so two games that differ
only in what the seat could not see get the same review. docs/REVIEW.md says how and why.

- **Value**: a candidate move is played in each of ``worlds`` sampled worlds and the game is
  played on to its end by a cheap policy (:data:`DEFAULT_POLICY`); each playout gives the seat's
  final margin (its points less the best rival's), and a candidate's win chance is
  ``win_chance(mean margin, spread)``, a normal law fitted on the decision's own playouts.
- **Paired**: the played move and the candidates (the strongest bot's choice and the next
  strongest's) are valued on the same worlds with the same playout seeds; a decision's loss is
  the best candidate's win chance less the played move's, its standard error from the paired
  margin differences.
- **Labels** by win-chance points lost (:data:`BANDS`); a label worse than ``good`` only when the
  loss less two standard errors still clears the label's lower edge.
- **Accuracy**: the mean over the seat's decisions of lichess's per-move formula on win-chance
  percentage points lost (:func:`move_accuracy`).
- **Luck**: for every action after which the seat's observation depends on chance (dice, draws,
  shuffles, reveals), the seat's value just after it less its expected value over the outcomes
  (the same action played in worlds dealt from the observation before it); summed over the game.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Collection, Generator, Iterator, Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Generic, TypeVar, cast

from inca_core import hint, replay
from inca_core.protocol import GameSpec, SaveError, State
from inca_core.search import SEARCH_MARGIN, observation_key
from inca_core.shelf import GAMES

T = TypeVar("T")

#: The labels, best first.
LABELS = ("best", "excellent", "good", "inaccuracy", "mistake", "blunder")
#: Each label's upper edge in win-chance points lost (``blunder``: everything above ``mistake``).
BANDS = {"best": 0.005, "excellent": 0.02, "good": 0.04, "inaccuracy": 0.08, "mistake": 0.16}
#: Sampled worlds (and playouts per candidate) a decision is valued on.
DEFAULT_WORLDS = 24
#: Worlds a possible chance event is tried on (to tell whether the outcome varies).
PROBE_WORLDS = 4
#: The playout policy: ``"random"`` (a uniform legal action) or a bot strength of the game.
DEFAULT_POLICY = "easy"
#: The page's review (web/reviewscreen.py, docs/REVIEW.md "On the page"): few worlds, uniformly
#: random playouts, the medium bot's choice as the candidate, two worlds per chance event.
PAGE_SETTINGS: dict[str, Any] = {"worlds": 4, "policy": "random", "bots": ("medium",),
                                 "luck_worlds": 2, "luck_playouts": 2}
#: The least spread of final margins the win-chance mapping assumes (in points).
MIN_SPREAD = 1.0
#: Key moments shown: at most this many, and at least :data:`MIN_KEY_MOMENTS` when there are.
MAX_KEY_MOMENTS, MIN_KEY_MOMENTS = 5, 3


@dataclass
class Decision:
    """The review of one decision: ``n`` is the index of its action in the game's ``actions``."""

    n: int
    seat: int
    played: str
    best: str
    #: Win-chance points lost (0-1) and its standard error.
    loss: float
    se: float
    label: str
    #: Win chance and mean score margin of the played move and of the best candidate.
    played_value: float
    best_value: float
    played_margin: float
    best_margin: float
    #: The share of the playouts the seat won after the played move and after the best (the
    #: check of the win-chance mapping's calibration, bench/review.py).
    played_wins: float = 0.0
    best_wins: float = 0.0
    #: The best candidate's text form (``str(action)``) and why it is good, in the game's own
    #: words (the hint's sentence; key moments only).
    best_text: str = ""
    why: str = ""
    #: The played move's text form; every seat's win chance after it (from the same playouts,
    #: each seat's margin over its best rival); every candidate valued, as ``[text form, words,
    #: win chance]`` (the page's graph and "Find a better move").
    played_text: str = ""
    chances: list[float] = field(default_factory=list)
    tried: list[list[Any]] = field(default_factory=list)


@dataclass
class Luck:
    """One chance event for the seat: the value after it less its expected value."""

    n: int
    value: float
    expected: float

    @property
    def luck(self) -> float:
        return self.value - self.expected


@dataclass
class Review:
    """A seat's review of a finished game (:func:`review`)."""

    game: str
    seat: int
    decisions: list[Decision]
    luck_events: list[Luck] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def accuracy(self) -> float:
        """The mean of :func:`move_accuracy` over the decisions (100 when there are none)."""
        if not self.decisions:
            return 100.0
        return sum(move_accuracy(d.loss) for d in self.decisions) / len(self.decisions)

    @property
    def luck(self) -> float:
        """The seat's luck over the game, in win-chance points (0 means average luck)."""
        return float(sum(e.luck for e in self.luck_events))

    @property
    def key_moments(self) -> list[Decision]:
        """The costliest decisions, costliest first: every one labelled ``inaccuracy`` or worse
        up to :data:`MAX_KEY_MOMENTS`, filled up to :data:`MIN_KEY_MOMENTS` with the next
        costliest that lost anything."""
        ranked = sorted(self.decisions, key=lambda d: (-d.loss, d.n))
        bad = [d for d in ranked if LABELS.index(d.label) >= LABELS.index("inaccuracy")]
        out = bad[:MAX_KEY_MOMENTS]
        for d in ranked:
            if len(out) >= MIN_KEY_MOMENTS:
                break
            if d not in out and d.loss > 0:
                out.append(d)
        return out

    def to_json(self) -> dict[str, Any]:
        """The contract of ``python -m inca_core review --json`` (docs/REVIEW.md)."""
        return {
            "game": self.game,
            "seat": self.seat,
            "accuracy": round(self.accuracy, 2),
            "luck": round(self.luck, 4),
            "key_moments": [d.n for d in self.key_moments],
            "decisions": [{"n": d.n, "played": d.played, "best": d.best,
                           "loss": round(d.loss, 4), "label": d.label}
                          for d in self.decisions],
        }

    def details(self) -> dict[str, Any]:
        """Everything the review holds, as JSON data (for the page and benchmarks)."""
        return {**self.to_json(), "full": [asdict(d) for d in self.decisions],
                "luck_events": [asdict(e) for e in self.luck_events]}


def move_accuracy(loss: float) -> float:
    """lichess's per-move accuracy of a move that lost ``loss`` win-chance points (0-1):
    ``103.1668 * exp(-0.04354 * 100 * loss) - 3.1669``, clamped to 0-100."""
    return max(0.0, min(100.0, 103.1668 * math.exp(-4.354 * loss) - 3.1669))


def label(loss: float, se: float) -> str:
    """The label of a loss with standard error ``se``: by the band the loss falls in, but a
    label worse than ``good`` only when ``loss - 2 * se`` clears that label's lower edge."""
    if loss <= BANDS["best"]:
        return "best"
    if loss <= BANDS["excellent"]:
        return "excellent"
    sure = loss - 2 * se
    for name, lower in (("blunder", "mistake"), ("mistake", "inaccuracy"),
                        ("inaccuracy", "good")):
        if loss > BANDS[lower] and sure > BANDS[lower]:
            return name
    return "good"


# --- values -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """A finished playout from one seat's side: its share of the win and its score margin."""

    win: float
    margin: float


def outcome(state: State, seat: int) -> Outcome:
    """``seat``'s result in the finished ``state``: 1 for the winner (the first of the game's
    ranking, its tie rule included), 0 otherwise; the margin over the best rival."""
    scores = state.scores
    rivals = [s for i, s in enumerate(scores) if i != seat]
    return Outcome(float(state.ranking[0] == seat), float(scores[seat] - max(rivals)))


class Playout:
    """Plays a game on to its end: uniformly at random, or by a bot strength of the game for
    every seat (each seat's bot seeded from the playout's seed)."""

    def __init__(self, spec: GameSpec, policy: str = DEFAULT_POLICY) -> None:
        if policy != "random" and policy not in spec.strengths:
            policy = "random"
        self.spec, self.policy = spec, policy

    def finish(self, state: State, seed: int) -> State:
        """``state`` (changed in place) played to its end with the playout seeded by ``seed``."""
        return _drive(self.steps(state, seed))

    def steps(self, state: State, seed: int) -> Generator[None, None, State]:
        """:meth:`finish` one action at a time: yields after each action, returns the state."""
        rng = random.Random(seed)
        bots: dict[int, Any] = {}
        while not state.is_over:
            legal = state.legal_actions()
            seat = state.current_player
            if len(legal) == 1 or seat is None:
                action = legal[0]
            elif self.policy == "random":
                action = rng.choice(legal)
            else:
                if seat not in bots:
                    bots[seat] = self.spec.make_bot(self.policy, seed * 8 + seat)
                action = bots[seat].choose(state.observation(seat), legal)
            state.play(action)
            yield
        return state


def _drive(steps: Generator[None, None, Any]) -> Any:
    """Run a generator of steps to its end; its return value."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


def _seeds(key: str, count: int) -> list[int]:
    rng = random.Random(key)
    return [rng.getrandbits(48) for _ in range(count)]


def win_chance(margin: float, spread: float) -> float:
    """The chance that a margin of mean ``margin`` and standard deviation ``spread`` ends above
    0 (a normal law: the margin-to-win-chance mapping, docs/REVIEW.md)."""
    return 0.5 * (1.0 + math.erf(margin / (spread * math.sqrt(2.0))))


def _density(z: float) -> float:
    return math.exp(-0.5 * z * z) / math.sqrt(2.0 * math.pi)


def _spread(groups: Sequence[Sequence[float]]) -> float:
    """The pooled standard deviation of the margins of each group about its own mean (at least
    :data:`MIN_SPREAD`)."""
    total = count = 0.0
    for group in groups:
        mean = sum(group) / len(group)
        total += sum((v - mean) ** 2 for v in group)
        count += len(group) - 1
    return max(MIN_SPREAD, math.sqrt(total / count) if count > 0 else 0.0)


def _mean_se(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


# --- one decision ---------------------------------------------------------------------------


def candidates(spec: GameSpec, observation: dict, legal: tuple[Any, ...], *, seed: int,
               seconds: float | None = None, iterations: int | None = None,
               bots: Sequence[str] | None = None) -> list[Any]:
    """The moves a decision is compared with: the choices of the ``bots`` strengths (default:
    the strongest, then the next strongest), each searching from ``observation`` alone.
    ``seconds`` or ``iterations`` bound the first bot's search (neither: its own full budget,
    which repeats exactly)."""
    return cast(list[Any], _drive(candidate_steps(spec, observation, legal, seed=seed,
                                                  seconds=seconds, iterations=iterations,
                                                  bots=bots)))


def candidate_steps(spec: GameSpec, observation: dict, legal: tuple[Any, ...], *, seed: int,
                    seconds: float | None = None, iterations: int | None = None,
                    bots: Sequence[str] | None = None) -> Generator[None, None, list[Any]]:
    """:func:`candidates` in steps (each bot's search in slices of :data:`STEP_SECONDS`)."""
    if bots is None:
        bots = [s for s in spec.strengths if s != "random"][::-1][:2]
    out: list[Any] = []
    for i, strength in enumerate(bots):
        search = spec.make_bot(strength, seed).start(
            observation, legal, iterations=iterations if i == 0 else None)
        limit = seconds if i == 0 else None
        choice = yield from _search_steps(cast(Any, search), limit)
        if choice not in out:
            out.append(choice)
    return out


#: The longest piece of a bot's search the review runs between two yields (s).
STEP_SECONDS = 0.01


def _search_steps(search: Any, seconds: float | None) -> Generator[None, None, Any]:
    """``search.run`` (:func:`inca_core.search.run`) in slices: to its end, or an anytime search
    until ``seconds`` of its own working time (less the margin) have passed."""
    if seconds is None:
        while not search.step(STEP_SECONDS):
            yield
        return search.best()
    budget = max(seconds - SEARCH_MARGIN, seconds / 2)
    used = 0.0
    while True:
        left = budget - used
        if left <= 0 and search.anytime:
            return search.best()
        begin = time.perf_counter()
        done = search.step(min(max(left, 0.0), STEP_SECONDS))
        used += time.perf_counter() - begin
        if done:
            return search.best()
        yield


def judge(spec: GameSpec, state: State, played: Any, *, n: int, seed: int = 0,
          worlds: int = DEFAULT_WORLDS, seconds: float | None = None,
          iterations: int | None = None, policy: str = DEFAULT_POLICY,
          bots: Sequence[str] | None = None, also: Sequence[Any] = ()) -> Decision:
    """The review of ``played`` by the player to move in ``state`` (``n``: its action number),
    judged from that player's observation only; ``also``: more moves to value beside the bots'
    and the played one (each after them, on the same worlds, so theirs are unchanged)."""
    return cast(Decision, _drive(judge_steps(spec, state, played, n=n, seed=seed, worlds=worlds,
                                             seconds=seconds, iterations=iterations,
                                             policy=policy, bots=bots, also=also)))


def judge_steps(spec: GameSpec, state: State, played: Any, *, n: int, seed: int = 0,
                worlds: int = DEFAULT_WORLDS, seconds: float | None = None,
                iterations: int | None = None, policy: str = DEFAULT_POLICY,
                bots: Sequence[str] | None = None,
                also: Sequence[Any] = ()) -> Generator[None, None, Decision]:
    """:func:`judge` in steps: yields after each slice of search and each playout action."""
    seat = state.current_player
    assert seat is not None
    observation = state.observation(seat)
    legal = state.legal_actions()
    key = f"review:{seed}:{observation_key(observation)}"
    moves = yield from candidate_steps(spec, observation, legal,
                                       seed=random.Random(key).getrandbits(32),
                                       seconds=seconds, iterations=iterations, bots=bots)
    if played not in moves:
        moves.append(played)
    moves += [m for m in dict.fromkeys(also) if m not in moves]
    playout = Playout(spec, policy)
    deal = random.Random(key + ":worlds")
    wins: dict[Any, list[float]] = {m: [] for m in moves}
    margins: dict[Any, list[float]] = {m: [] for m in moves}
    #: Every seat's margin after the played move, playout by playout (the page's graph).
    everyone: list[list[float]] = []
    for playout_seed in _seeds(key + ":playouts", worlds):
        world = spec.determinize(observation, deal)
        yield
        for move in moves:
            after = world.copy()
            after.play(move)
            finished = yield from playout.steps(after, playout_seed)
            result = outcome(finished, seat)
            wins[move].append(result.win)
            margins[move].append(result.margin)
            if move == played:
                everyone.append([outcome(finished, s).margin for s in range(state.players)])
    spread = _spread(list(margins.values()))
    margin = {m: sum(w) / len(w) for m, w in margins.items()}
    value = {m: win_chance(margin[m], spread) for m in moves}
    # The best candidate by mean margin, the win share breaking ties, the bot's order next.
    best = max(moves, key=lambda m: (margin[m], sum(wins[m]), -moves.index(m)))
    gain, gain_se = _mean_se([b - p for b, p in zip(margins[best], margins[played],
                                                      strict=True)])
    loss = value[best] - value[played]
    # The standard error of the loss from the paired margins' (the delta method).
    slope = loss / gain if gain > 0 else _density(margin[played] / spread) / spread
    se = slope * gain_se
    if best == played:
        loss, se = 0.0, 0.0
    chances = [win_chance(sum(m[s] for m in everyone) / len(everyone), spread)
               for s in range(state.players)] if everyone else []
    tried = [[str(m), state.describe(m), value[m]] for m in moves]
    return Decision(n=n, seat=seat, played=state.describe(played), best=state.describe(best),
                    loss=loss, se=se, label=label(loss, se), played_value=value[played],
                    best_value=value[best], played_margin=margin[played],
                    best_margin=margin[best], played_wins=sum(wins[played]) / worlds,
                    best_wins=sum(wins[best]) / worlds, best_text=str(best),
                    played_text=str(played), chances=chances, tried=tried)


# --- luck -----------------------------------------------------------------------------------


def chance_value(spec: GameSpec, before: State, after: State, action: Any, seat: int, *,
                 seed: int, worlds: int, policy: str) -> Luck | None:
    """``seat``'s luck in ``action`` (taken in ``before``, giving ``after``), or ``None`` when
    what ``seat`` sees after it does not depend on chance: its value after the action (worlds
    dealt from its observation after) less the mean over worlds dealt from its observation
    before, the same action played in each."""
    return cast("Luck | None", _drive(chance_steps(spec, before, after, action, seat, seed=seed,
                                                   worlds=worlds, policy=policy)))


def chance_steps(spec: GameSpec, before: State, after: State, action: Any, seat: int, *,
                 seed: int, worlds: int, policy: str,
                 playouts: int | None = None) -> Generator[None, None, Luck | None]:
    """:func:`chance_value` in steps: yields after each world dealt and each playout action.
    ``playouts``: play out only the first of the worlds tried (default: every one, at least
    :data:`PROBE_WORLDS`)."""
    seen_before = before.observation(seat)
    seen_after = _facts(after.observation(seat))
    key = f"luck:{seed}:{seat}:{observation_key(seen_before)}:{action}"
    deal = random.Random(key)
    tried: list[State] = []
    varies = False
    for _ in range(max(worlds, PROBE_WORLDS)):
        world = spec.determinize(seen_before, deal)
        yield
        if action not in world.legal_actions():
            continue
        world.play(action)
        tried.append(world)
        varies = varies or _facts(world.observation(seat)) != seen_after
        if len(tried) == PROBE_WORLDS and not varies:
            return None
    if not varies or len(tried) < 2:
        return None
    if playouts is not None:
        tried = tried[:max(2, playouts)]
    playout = Playout(spec, policy)
    seeds = _seeds(key + ":playouts", len(tried))
    expected = []
    for w, s in zip(tried, seeds, strict=True):
        expected.append(outcome((yield from playout.steps(w, s)), seat).margin)
    now = after.observation(seat)
    deal_after = random.Random(key + ":after")
    value = []
    for s in seeds:
        world = spec.determinize(now, deal_after)
        value.append(outcome((yield from playout.steps(world, s)), seat).margin)
    spread = _spread([expected, value])
    return Luck(n=len(before.actions), value=win_chance(sum(value) / len(value), spread),
                expected=win_chance(sum(expected) / len(expected), spread))


def _facts(observation: dict) -> str:
    """A hash of what ``observation`` shows less its log (whose action numbers a dealt world,
    which has no history, does not share)."""
    return observation_key({k: v for k, v in observation.items() if k != "log"})


# --- a whole game ---------------------------------------------------------------------------


def positions(game: State) -> Iterator[tuple[int, State, Any]]:
    """Every position of ``game`` before an action: ``(n, state, action)`` (a new state each)."""
    state = replay.start(game)
    for n, action in enumerate(game.actions):
        yield n, state.copy(), action
        state.play(action)


def review(game: State, seat: int, *, seed: int = 0, worlds: int = DEFAULT_WORLDS,
           seconds: float | None = None, iterations: int | None = None,
           policy: str = DEFAULT_POLICY, bots: Sequence[str] | None = None,
           decisions: bool = True, luck: bool = True,
           luck_worlds: int | None = None, only: Collection[int] | None = None,
           progress: Callable[[int, int], None] | None = None) -> Review:
    """The review of ``seat``'s decisions in ``game`` (any game of the shelf, finished or not):
    every decision with two or more legal actions (``decisions=False``: none), the seat's luck
    over every chance event (``luck=False``: none; ``luck_worlds``: worlds per event, default
    half of ``worlds``), the key moments with their reasons. ``only``: just these action
    numbers. ``seconds``/``iterations``: the strongest bot's budget per decision; ``bots``:
    the strengths whose choices are the candidates (:func:`candidates`).
    ``progress(done, total)`` is told after each decision. :class:`Reviewer` is the same in
    steps."""
    reviewer = Reviewer(game, seat, seed=seed, worlds=worlds, seconds=seconds,
                        iterations=iterations, policy=policy, bots=bots, decisions=decisions,
                        luck=luck, luck_worlds=luck_worlds, only=only, progress=progress)
    while not reviewer.step(3600.0):
        pass
    assert reviewer.result is not None
    return reviewer.result


class Stepper(Generic[T]):
    """Work cut into steps (a generator that yields between units and returns its result), run
    in time slices by a page that must stay responsive: call :meth:`step` until it returns True,
    then read :attr:`result`."""

    def __init__(self, steps: Generator[None, None, T]) -> None:
        self.result: T | None = None
        #: Seconds spent in :meth:`step` so far.
        self.seconds = 0.0
        self._steps = steps

    def step(self, max_seconds: float) -> bool:
        """Work for about ``max_seconds``; True once :attr:`result` is ready."""
        begin = time.perf_counter()
        deadline = begin + max(0.0, max_seconds)
        try:
            while self.result is None:
                try:
                    next(self._steps)
                except StopIteration as stop:
                    self.result = stop.value
                    break
                if time.perf_counter() >= deadline:
                    break
        finally:
            self.seconds += time.perf_counter() - begin
        return self.result is not None


class Reviewer(Stepper[Review]):
    """:func:`review` in steps (:class:`Stepper`). The work is cut where it can be (a slice of
    a bot's search, one action of a playout, one world dealt), so a step overruns its slice by
    at most one such unit. The result is the same as :func:`review`'s for the same arguments
    (with ``seconds``, a bot's search counts its own working time).

    Progress: :attr:`phase` (``"scan"``, ``"decisions"``, ``"luck"``, ``"reasons"``), and in
    it :attr:`done` of :attr:`total` (decisions judged of those to judge; actions looked at for
    luck of the game's actions)."""

    def __init__(self, game: State, seat: int, *, seed: int = 0,
                 worlds: int = DEFAULT_WORLDS, seconds: float | None = None,
                 iterations: int | None = None, policy: str = DEFAULT_POLICY,
                 bots: Sequence[str] | None = None, decisions: bool = True,
                 luck: bool = True, luck_worlds: int | None = None,
                 only: Collection[int] | None = None,
                 progress: Callable[[int, int], None] | None = None,
                 luck_playouts: int | None = None) -> None:
        if not 0 <= seat < game.players:
            raise ValueError(f"the seat is 0 to {game.players - 1}, not {seat}")
        self.game, self.seat = game, seat
        self.phase = "scan"
        self.done = 0
        self.total = 0
        #: The decisions to judge (known once the scan is over).
        self.decisions = 0
        super().__init__(self._run(seed=seed, worlds=worlds, seconds=seconds,
                                   iterations=iterations, policy=policy, bots=bots,
                                   decisions=decisions, luck=luck, luck_worlds=luck_worlds,
                                   only=only, progress=progress, luck_playouts=luck_playouts))

    def step(self, max_seconds: float) -> bool:
        """:meth:`Stepper.step`; the finished review carries the seconds it took."""
        done = super().step(max_seconds)
        if self.result is not None:
            self.result.seconds = self.seconds
        return done

    def _run(self, *, seed: int, worlds: int, seconds: float | None, iterations: int | None,
             policy: str, bots: Sequence[str] | None, decisions: bool, luck: bool,
             luck_worlds: int | None, only: Collection[int] | None,
             progress: Callable[[int, int], None] | None,
             luck_playouts: int | None) -> Generator[None, None, Review]:
        game, seat = self.game, self.seat
        spec = GAMES[game.game_id]
        todo = []
        self.total = len(game.actions)
        for n, state, action in positions(game):
            self.done = n
            if (decisions and (only is None or n in only) and state.current_player == seat
                    and len(state.legal_actions()) > 1):
                todo.append((n, state, action))
            yield
        self.phase, self.done, self.total = "decisions", 0, len(todo)
        self.decisions = len(todo)
        reviewed = []
        for i, (n, state, action) in enumerate(todo):
            reviewed.append((yield from judge_steps(
                spec, state, action, n=n, seed=seed, worlds=worlds, seconds=seconds,
                iterations=iterations, policy=policy, bots=bots)))
            self.done = i + 1
            if progress is not None:
                progress(i + 1, len(todo))
        chance: list[Luck] = []
        if luck:
            self.phase, self.done, self.total = "luck", 0, len(game.actions)
            for n, state, action in positions(game):
                self.done = n
                if only is not None and n not in only:
                    continue
                after = state.copy()
                after.play(action)
                event = yield from chance_steps(
                    spec, state, after, action, seat, seed=seed,
                    worlds=luck_worlds or max(2, worlds // 2), policy=policy,
                    playouts=luck_playouts)
                if event is not None:
                    chance.append(event)
        result = Review(game.game_id, seat, reviewed, chance)
        states = {n: state for n, state, _ in todo}
        self.phase, self.done = "reasons", 0
        moments = result.key_moments
        self.total = len(moments)
        for i, d in enumerate(moments):
            if d.best != d.played:
                d.why = hint.explain(spec, states[d.n].observation(seat), seat,
                                     spec.parse_action(d.best_text), seed)
            self.done = i + 1
            yield
        return result


def weigh(game: State, n: int, move: Any, *, seed: int = 0, worlds: int = DEFAULT_WORLDS,
          seconds: float | None = None, iterations: int | None = None,
          policy: str = DEFAULT_POLICY, bots: Sequence[str] | None = None,
          luck_worlds: int | None = None, luck_playouts: int | None = None) -> Stepper[Decision]:
    """Decision ``n`` of ``game`` judged again with ``move`` valued too (any move legal there,
    "Find a better move" on the page): the bots' and the played move's playouts are those of
    the review with the same arguments (the luck ones, taken so that a review's settings fit,
    are not used), so the decision's ``tried`` compares ``move`` with them. Raises
    ``ValueError`` for an ``n`` the game does not have or a ``move`` not legal there."""
    del luck_worlds, luck_playouts
    for k, state, played in positions(game):
        if k == n:
            if move not in state.legal_actions():
                raise ValueError(f"{move} is not legal at action {n}")
            return Stepper(judge_steps(GAMES[game.game_id], state, played, n=n, seed=seed,
                                       worlds=worlds, seconds=seconds, iterations=iterations,
                                       policy=policy, bots=bots, also=(move,)))
    raise ValueError(f"the game has no action {n}")


# --- kept with a save -------------------------------------------------------------------------

#: The most reviews a save keeps (one per seat), and the longest text of a stored review.
MAX_TEXT = 600
_DECISION_FIELDS = {f.name for f in fields(Decision)}
_LUCK_FIELDS = {"n", "value", "expected"}


def record(result: Review) -> dict[str, Any]:
    """``result`` as the JSON data a save keeps (``reviews`` of inca_core/save.py): the game,
    the seat, every decision's fields and every chance event's."""
    return {"game": result.game, "seat": result.seat,
            "decisions": [asdict(d) for d in result.decisions],
            "luck_events": [asdict(e) for e in result.luck_events]}


def kept(records: Sequence[dict[str, Any]], game: State) -> list[Review]:
    """The reviews a save keeps for ``game`` (``inca_core.save.load_all``), checked strictly:
    :class:`SaveError` saying what is wrong with any of them, or if two are of one seat."""
    try:
        out = [from_record(item, game) for item in records]
    except ValueError as exc:
        raise SaveError(f"the review kept in the save is not valid: {exc}") from exc
    if len({r.seat for r in out}) != len(out):
        raise SaveError("the save's reviews must be one per seat")
    return out


def from_record(data: Any, game: State) -> Review:
    """The review a save keeps for ``game`` (:func:`record`), checked strictly: ``ValueError``
    saying what is wrong with anything malformed, out of range or of another game."""
    if not isinstance(data, dict) or set(data) != {"game", "seat", "decisions", "luck_events"}:
        raise ValueError("a review holds exactly game, seat, decisions and luck_events")
    if data["game"] != game.game_id:
        raise ValueError("the review is of another game")
    seat = data["seat"]
    if not _is_int(seat) or not 0 <= seat < game.players:
        raise ValueError("the review's seat is not a seat of the game")
    actions = len(game.actions)
    rows, events = data["decisions"], data["luck_events"]
    if not isinstance(rows, list) or len(rows) > actions:
        raise ValueError("the review's decisions must be a list, one per decision at most")
    if not isinstance(events, list) or len(events) > actions:
        raise ValueError("the review's chance events must be a list, one per action at most")
    decisions = []
    last = -1
    for row in rows:
        if not isinstance(row, dict) or set(row) != _DECISION_FIELDS:
            raise ValueError("a reviewed decision has fields missing or unknown")
        n = row["n"]
        if not _is_int(n) or not last < n < actions or row["seat"] != seat:
            raise ValueError("a reviewed decision is not one of the seat's moves, in order")
        last = n
        for name in ("played", "best", "best_text", "why", "played_text"):
            _text(row[name])
        if row["label"] not in LABELS:
            raise ValueError("a reviewed decision has an unknown label")
        for name in ("loss", "se", "played_value", "best_value", "played_wins", "best_wins"):
            _number(row[name], 0.0, 1.0 if name != "se" else 1e6)
        for name in ("played_margin", "best_margin"):
            _number(row[name], -1e6, 1e6)
        chances = row["chances"]
        if not isinstance(chances, list) or len(chances) not in (0, game.players):
            raise ValueError("a reviewed decision's win chances are one per seat")
        for value in chances:
            _number(value, 0.0, 1.0)
        tried = row["tried"]
        if not isinstance(tried, list) or len(tried) > 8:
            raise ValueError("a reviewed decision's moves tried are a short list")
        for item in tried:
            if not isinstance(item, list) or len(item) != 3:
                raise ValueError("a move tried is its text, its words and its win chance")
            _text(item[0])
            _text(item[1])
            _number(item[2], 0.0, 1.0)
        decisions.append(Decision(**row))
    luck = []
    for event in events:
        if not isinstance(event, dict) or set(event) != _LUCK_FIELDS:
            raise ValueError("a chance event has fields missing or unknown")
        if not _is_int(event["n"]) or not 0 <= event["n"] < actions:
            raise ValueError("a chance event is not an action of the game")
        _number(event["value"], 0.0, 1.0)
        _number(event["expected"], 0.0, 1.0)
        luck.append(Luck(**event))
    return Review(game.game_id, seat, decisions, luck)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value: Any) -> None:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise ValueError(f"a text of the review is not text of at most {MAX_TEXT} characters")


def _number(value: Any, low: float, high: float) -> None:
    if (isinstance(value, bool) or not isinstance(value, int | float)
            or not math.isfinite(value) or not low <= value <= high):
        raise ValueError(f"a figure of the review is not a number from {low:g} to {high:g}")


def table(result: Review, names: Sequence[str] = ()) -> str:
    """The review as text a person reads: one line per decision, the summary, the key moments."""
    who = names[result.seat] if result.seat < len(names) else f"Seat {result.seat}"
    lines = [f"Review of {who} (seat {result.seat}) in {GAMES[result.game].title}", "",
             f"{'n':>4}  {'label':<10} {'loss':>6}  played -> better"]
    for d in result.decisions:
        better = "" if d.best == d.played else f" -> {d.best}"
        lines.append(f"{d.n:>4}  {d.label:<10} {100 * d.loss:5.1f}%  {d.played}{better}")
    lines += ["", f"{who}: accuracy {result.accuracy:.1f}, luck {100 * result.luck:+.1f} "
              f"win-chance points over {len(result.luck_events)} chance events, "
              f"{len(result.decisions)} decisions reviewed", "", "Key moments:"]
    for d in result.key_moments:
        lines.append(f"  action {d.n}: {d.label}, {100 * d.loss:.1f}% of the win chance lost "
                     f"(+/- {100 * d.se:.1f}); played: {d.played}")
        if d.best != d.played:
            lines.append(f"    better: {d.why or d.best}")
    if not result.key_moments:
        lines.append("  none: no decision lost anything")
    return "\n".join(lines)
