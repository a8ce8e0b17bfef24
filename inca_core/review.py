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
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, cast

from inca_core import hint, replay
from inca_core.protocol import GameSpec, State
from inca_core.search import observation_key, run
from inca_core.shelf import GAMES

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
        return state


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
    if bots is None:
        bots = [s for s in spec.strengths if s != "random"][::-1][:2]
    out: list[Any] = []
    for i, strength in enumerate(bots):
        search = spec.make_bot(strength, seed).start(
            observation, legal, iterations=iterations if i == 0 else None)
        limit = seconds if i == 0 else None
        choice = run(cast(Any, search), seconds=limit, begin=time.perf_counter())
        if choice not in out:
            out.append(choice)
    return out


def judge(spec: GameSpec, state: State, played: Any, *, n: int, seed: int = 0,
          worlds: int = DEFAULT_WORLDS, seconds: float | None = None,
          iterations: int | None = None, policy: str = DEFAULT_POLICY,
          bots: Sequence[str] | None = None) -> Decision:
    """The review of ``played`` by the player to move in ``state`` (``n``: its action number),
    judged from that player's observation only."""
    seat = state.current_player
    assert seat is not None
    observation = state.observation(seat)
    legal = state.legal_actions()
    key = f"review:{seed}:{observation_key(observation)}"
    moves = candidates(spec, observation, legal, seed=random.Random(key).getrandbits(32),
                       seconds=seconds, iterations=iterations, bots=bots)
    if played not in moves:
        moves.append(played)
    playout = Playout(spec, policy)
    deal = random.Random(key + ":worlds")
    wins: dict[Any, list[float]] = {m: [] for m in moves}
    margins: dict[Any, list[float]] = {m: [] for m in moves}
    for playout_seed in _seeds(key + ":playouts", worlds):
        world = spec.determinize(observation, deal)
        for move in moves:
            after = world.copy()
            after.play(move)
            result = outcome(playout.finish(after, playout_seed), seat)
            wins[move].append(result.win)
            margins[move].append(result.margin)
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
    return Decision(n=n, seat=seat, played=state.describe(played), best=state.describe(best),
                    loss=loss, se=se, label=label(loss, se), played_value=value[played],
                    best_value=value[best], played_margin=margin[played],
                    best_margin=margin[best], played_wins=sum(wins[played]) / worlds,
                    best_wins=sum(wins[best]) / worlds, best_text=str(best))


# --- luck -----------------------------------------------------------------------------------


def chance_value(spec: GameSpec, before: State, after: State, action: Any, seat: int, *,
                 seed: int, worlds: int, policy: str) -> Luck | None:
    """``seat``'s luck in ``action`` (taken in ``before``, giving ``after``), or ``None`` when
    what ``seat`` sees after it does not depend on chance: its value after the action (worlds
    dealt from its observation after) less the mean over worlds dealt from its observation
    before, the same action played in each."""
    seen_before = before.observation(seat)
    seen_after = _facts(after.observation(seat))
    key = f"luck:{seed}:{seat}:{observation_key(seen_before)}:{action}"
    deal = random.Random(key)
    tried: list[State] = []
    varies = False
    for _ in range(max(worlds, PROBE_WORLDS)):
        world = spec.determinize(seen_before, deal)
        if world.why_not(action) is not None:
            continue
        world.play(action)
        tried.append(world)
        varies = varies or _facts(world.observation(seat)) != seen_after
        if len(tried) == PROBE_WORLDS and not varies:
            return None
    if not varies or len(tried) < 2:
        return None
    playout = Playout(spec, policy)
    seeds = _seeds(key + ":playouts", len(tried))
    expected = [outcome(playout.finish(w, s), seat).margin
                for w, s in zip(tried, seeds, strict=True)]
    now = after.observation(seat)
    deal_after = random.Random(key + ":after")
    value = [outcome(playout.finish(spec.determinize(now, deal_after), s), seat).margin
             for s in seeds]
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
    ``progress(done, total)`` is told after each decision."""
    spec = GAMES[game.game_id]
    if not 0 <= seat < game.players:
        raise ValueError(f"the seat is 0 to {game.players - 1}, not {seat}")
    begin = time.perf_counter()
    todo = []
    chance: list[Luck] = []
    for n, state, action in positions(game):
        if only is not None and n not in only:
            continue
        if decisions and state.current_player == seat and len(state.legal_actions()) > 1:
            todo.append((n, state, action))
        if luck:
            after = state.copy()
            after.play(action)
            event = chance_value(spec, state, after, action, seat, seed=seed,
                                 worlds=luck_worlds or max(2, worlds // 2), policy=policy)
            if event is not None:
                chance.append(event)
    reviewed = []
    for i, (n, state, action) in enumerate(todo):
        reviewed.append(judge(spec, state, action, n=n, seed=seed, worlds=worlds,
                              seconds=seconds, iterations=iterations, policy=policy,
                              bots=bots))
        if progress is not None:
            progress(i + 1, len(todo))
    result = Review(game.game_id, seat, reviewed, chance)
    states = {n: state for n, state, _ in todo}
    for d in result.key_moments:
        if d.best != d.played:
            d.why = hint.explain(spec, states[d.n].observation(seat), seat,
                                 spec.parse_action(d.best_text), seed)
    result.seconds = time.perf_counter() - begin
    return result


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
