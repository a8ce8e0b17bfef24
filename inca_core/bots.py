"""Computer opponents that see only a player's observation.

A bot is made with :func:`make_bot` and asked for a move with :meth:`Bot.choose` (or, for a page
that must stay responsive, :meth:`Bot.start` and a :class:`Search` run in slices). It is given
``game.observation(seat)`` (a JSON-ready dict) and the legal actions, never a :class:`Game`: to
look ahead it deals the hidden cards and markers at random with :func:`inca_core.determinize`
and its own seeded generator. Strengths are listed in :data:`STRENGTHS`; see ``docs/BOTS.md``.
"""

from __future__ import annotations

import heapq
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from inca_core import components as C
from inca_core.actions import Action
from inca_core.codes import CITY, DONE, GARRISON, UNCONQUERED
from inca_core.game import Game
from inca_core.observe import determinize
from inca_core.tables import SITE_CITY, SITE_GARRISON

#: Bot strengths in increasing order, with the one-line description shown by the page.
STRENGTHS: dict[str, str] = {
    "random": "Random: any legal move, chosen blindly.",
    "easy": "Easy: builds and conquers when it can, but plans nothing.",
    "medium": "Medium: weighs every move by points, labor, reach and Sun cards, one move ahead.",
    "hard": "Hard: plans its whole turn over many guesses at what it cannot see.",
}

#: Wall-clock budget of a hard move when neither ``iterations`` nor ``seconds`` is given.
DEFAULT_SECONDS = 1.0

# --- evaluation weights (VP-equivalents) -------------------------------------------------------

#: Worth of one labor token that can still be spent.
LABOR_VALUE = 0.8
#: Share of an open option (a conquest, a city or garrison site on one's roads) counted now.
OPTION_SHARE = 0.3
#: Worth of each site on one's road system (reach).
SITE_VALUE = 0.08
#: Risk of a road lying in an unconquered region (Rural Unrest destroys it).
EXPOSED_ROAD = 0.15
#: How much a rival's gain counts against the bot: the leader's and the average rival's.
LEADER_WEIGHT = 0.5
MEAN_WEIGHT = 0.5

#: Rough worth of each Sun Event card to a player it affects, per People phase it is in force
#: (positive helps, negative hurts); some are refined by the player's position in ``card_value``.
CARD_BASE: dict[int, float] = {
    C.RURAL_UNREST: -1.0,
    C.EXPERT_SURVEYORS: 0.3,
    C.WORKERS_PRESS_ON: 0.4,
    C.WILDERNESS_ROAD: 0.6,
    C.EXTRA_ROAD_CREW: 1.2,
    C.EL_NINO: -1.0,
    C.EPIDEMIC: -0.6,
    C.KEY_OUTPOST: 0.3,
    C.URBAN_RENEWAL: 1.2,
    C.BUILDING_PROJECT: 0.6,
    C.HARSH_WEATHER: -0.6,
    C.STORES_STOP_FAMINE: 0.6,
    C.MILITARY_SUPERIORITY: 0.9,
    C.POPULAR_SUPPORT: 0.2,
    C.RAPID_EXPANSION: 0.8,
    C.RESISTANCE: -0.8,
    C.RELIGIOUS_FERVOR: 0.4,
    C.SOLAR_ECLIPSE: -0.3,
    C.GREAT_PILGRIMAGE: 0.0,
    C.ANNUAL_PILGRIMAGE: 0.0,
    C.LOCAL_PILGRIMAGE: 0.0,
}

#: Easy: how much it likes each kind of action (a weighted random choice).
EASY_WEIGHTS: dict[str, float] = {
    "pilgrim": 12.0, "city": 10.0, "upgrade": 10.0, "temple": 8.0, "conquer": 8.0,
    "garrison": 7.0, "terrace": 4.0, "road": 3.0, "xroad": 0.3, "end": 0.5, "pass": 0.5,
}


class Search:
    """An anytime search for one decision: call :meth:`step` until it returns True (or time runs
    out), then read :meth:`best`."""

    def __init__(self, legal: tuple[Action, ...]) -> None:
        self.legal = legal
        self._best = legal[0]
        self.iterations = 0
        self.finished = len(legal) == 1

    def step(self, max_seconds: float) -> bool:
        """Work for at most about ``max_seconds``; True when there is nothing more to do."""
        if not self.finished:
            deadline = time.perf_counter() + max(0.0, max_seconds)
            self._work(deadline)
        return self.finished

    def best(self) -> Action:
        """The best action found so far (always one of the legal actions)."""
        return self._best

    def _work(self, deadline: float) -> None:
        raise NotImplementedError


class Bot:
    """A computer player of one strength; make it with :func:`make_bot`."""

    def __init__(self, strength: str, seed: int) -> None:
        if strength not in STRENGTHS:
            raise ValueError(f"unknown bot strength {strength!r}: choose one of "
                             f"{', '.join(STRENGTHS)}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("a bot's seed is an integer")
        self.strength = strength
        self.seed = seed

    def __repr__(self) -> str:
        return f"make_bot({self.strength!r}, {self.seed})"

    def start(self, observation: dict, legal_actions: Sequence[Action], *,
              iterations: int | None = None) -> Search:
        """Begin choosing a move from ``observation`` (``game.observation(seat)``) among
        ``legal_actions``; ``iterations`` caps the work (None: until the search is exhausted)."""
        legal = _check_inputs(observation, legal_actions)
        rng = random.Random(f"{self.strength}:{self.seed}:{_position_key(observation)}")
        if self.strength == "random":
            return _Fixed(legal, rng.choice(legal))
        if self.strength == "easy":
            return _Fixed(legal, easy_choice(observation, legal, rng))
        if self.strength == "medium":
            return _Greedy(observation, legal, rng)
        return _TurnPlanner(observation, legal, rng, iterations)

    def choose(self, observation: dict, legal_actions: Sequence[Action], *,
               iterations: int | None = None, seconds: float | None = None) -> Action:
        """One of ``legal_actions`` for the player who sees ``observation``.

        Deterministic for a given seed and ``iterations``; ``seconds`` bounds the wall-clock time
        (hard defaults to :data:`DEFAULT_SECONDS` when neither is given).
        """
        search = self.start(observation, legal_actions, iterations=iterations)
        if seconds is None and iterations is None and self.strength == "hard":
            seconds = DEFAULT_SECONDS
        if seconds is None:
            while not search.step(3600.0):
                pass
            return search.best()
        deadline = time.perf_counter() + seconds
        while True:
            left = deadline - time.perf_counter()
            if left <= 0 or search.step(min(left, 0.05)):
                return search.best()


def make_bot(strength: str, seed: int) -> Bot:
    """A bot of ``strength`` (a key of :data:`STRENGTHS`) whose choices follow ``seed``."""
    return Bot(strength, seed)


def _check_inputs(observation: Any, legal_actions: Any) -> tuple[Action, ...]:
    if isinstance(observation, Game):
        raise TypeError("a bot sees only game.observation(seat), never the Game itself")
    if not isinstance(observation, dict) or observation.get("viewer") is None:
        raise TypeError("a bot needs a player's observation: game.observation(seat)")
    if observation.get("current_player") != observation["viewer"]:
        raise ValueError("it is not this player's turn in the observation")
    legal = tuple(legal_actions)
    if not legal:
        raise ValueError("a bot needs at least one legal action to choose from")
    if any(type(a) is not Action for a in legal):
        raise TypeError("legal actions must be inca_core.Action values")
    return legal


def _position_key(obs: dict) -> str:
    """Identifies the decision point from public facts (so equal observations give equal
    choices, whatever happened before in the bot's life)."""
    turn = obs.get("turn") or {}
    return (f"{obs['viewer']}:{obs['round_index']}:{obs['phase_index']}:"
            f"{obs['turn_position']}:{obs['clock']}:{len(obs['log'])}:"
            f"{turn.get('roads')}:{turn.get('build')}")


class _Fixed(Search):
    """A decision made at once."""

    def __init__(self, legal: tuple[Action, ...], action: Action) -> None:
        super().__init__(legal)
        self._best = action
        self.finished = True


# --- the position: remaining phases ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Horizon:
    """What is left of the game from a position, for one evaluation."""

    sapa_left: int
    inca_left: int
    people_left: int
    box: int
    future_box: bool


def horizon(g: Game) -> Horizon:
    """Counts of the Sapa Inca, Inca and People phases still to come."""
    track = g.track
    ri, pi = g.round_i, g.phase_i
    if g.over:
        return Horizon(0, 0, 0, 0, False)
    sapa = inca = people = 0
    for i in range(ri, len(track)):
        phases = track[i].phases
        start = pi + 1 if i == ri else 0
        for ph in phases[start:]:
            if ph == C.SAPA_INCA:
                sapa += 1
            elif ph == C.INCA:
                inca += 1
            elif ph == C.PEOPLE:
                people += 1
    if C.PIZARRO in g.variants and g.invasion and ri == len(track) - 1:
        people = max(0, people - 1)
    return Horizon(sapa, inca, people, track[ri].labor_box, ri + 1 < len(track))


def _spendable(g: Game, seat: int) -> bool:
    """Whether ``seat`` may still spend labor before the next Sapa Inca phase."""
    if g.over:
        return False
    phases = g.track[g.round_i].phases
    pi = g.phase_i
    if phases[pi] == C.PEOPLE:
        pos = g.order.index(seat)
        if pos > g.turn_pos or (pos == g.turn_pos and g.bs != DONE):
            return True
    for ph in phases[pi + 1:]:
        if ph == C.PEOPLE:
            return True
        if ph == C.SAPA_INCA:
            return False
    return False


class Evaluator:
    """The medium evaluation: a position's worth for each seat in VP-equivalents.

    ``hidden`` marks the regions whose marker the bot had not seen when it started thinking;
    their markers count at the average of the unseen ones, so a lucky reveal in a sample does not
    sway the choice.
    """

    def __init__(self, obs: dict, g: Game) -> None:
        t = g.t
        self.t = t
        self.hidden = [obs["regions"][rid]["marker"] is None and t.region_kind[r] == 2
                       for r, rid in enumerate(t.region_ids)]
        counts = C.marker_counts(obs["players"])
        for region in obs["regions"].values():
            if region["marker"] is not None:
                counts[C.MARKER_CODES.index(region["marker"])] -= 1
        total = max(1, sum(counts))
        self.hidden_vp = sum(c * m.vp for c, m in zip(counts, C.MARKER_TYPES, strict=True)) / total
        self.hidden_labor = sum(c * m.labor for c, m in zip(counts, C.MARKER_TYPES, strict=True)) / total
        self.hidden_res = sum(c * m.resistance for c, m in zip(counts, C.MARKER_TYPES, strict=True)) / total

    def seat_value(self, g: Game, seat: int, hz: Horizon) -> float:
        """VP now plus what ``seat``'s empire is likely to bring before the end."""
        t = self.t
        value = float(g.score[seat])
        if g.over:
            return value
        improv = g.improv
        temple = g.temple
        owner = g.owner
        net = g.net[seat]
        sapa = g.terraces[seat] * C.SCORE_TERRACE
        for s in net:
            imp = improv[s]
            if imp == GARRISON:
                sapa += C.SCORE_GARRISON
            elif imp == CITY:
                sapa += C.SCORE_CITY
            if temple[s]:
                sapa += C.SCORE_TEMPLE
        value += sapa * hz.sapa_left
        later = hz.people_left > 0
        lv = LABOR_VALUE if later else 0.0
        value += (g.marker_income[seat] + g.terraces[seat]) * hz.inca_left * lv
        labor = g.labor[seat]
        if _spendable(g, seat):
            value += LABOR_VALUE * labor
        elif hz.future_box:
            value += lv * min(labor, hz.box)
        if not later and not _spendable(g, seat):
            return value
        # Open options on the road system.
        share = OPTION_SHARE if later else OPTION_SHARE * 0.5
        seen: set[int] = set()
        sites = 0
        for s in net:
            sites += 1
            kind = t.site_kind[s]
            regs = t.site_regions[s]
            if kind == SITE_CITY and improv[s] == 0:
                if all(owner[r] != UNCONQUERED for r in regs):
                    value += share * max(0.0, C.CITY_VP + C.SCORE_CITY * hz.sapa_left
                                         - LABOR_VALUE * C.CITY_COST)
                else:
                    value += share * 0.3
            elif kind == SITE_GARRISON and improv[s] == 0:
                if any(owner[r] != UNCONQUERED for r in regs):
                    value += share * max(0.0, C.GARRISON_VP + C.SCORE_GARRISON * hz.sapa_left
                                         - LABOR_VALUE * C.GARRISON_COST)
            if improv[s] == CITY and not temple[s]:
                value += share * 0.5 * max(0.0, C.TEMPLE_VP + t.site_bonus[s] + hz.sapa_left
                                           - LABOR_VALUE * C.TEMPLE_COST)
            for r in regs:
                if owner[r] == UNCONQUERED and r not in seen:
                    seen.add(r)
                    if self.hidden[r]:
                        vp, lab, res = self.hidden_vp, self.hidden_labor, self.hidden_res
                    else:
                        m = C.MARKER_TYPES[g.marker[r]]
                        vp, lab, res = m.vp, m.labor, m.resistance
                    gain = vp + lab * hz.inca_left * LABOR_VALUE - res * LABOR_VALUE
                    if gain > 0:
                        value += share * gain
        value += SITE_VALUE * sites
        # Roads that Rural Unrest would destroy (each seen from both ends).
        if later:
            link_regions = t.link_regions
            road = g.road
            exposed = 0
            for s in net:
                for link in t.site_printed[s]:
                    if road[link] == seat and owner[link_regions[link][0]] == UNCONQUERED:
                        exposed += 1
            value -= EXPOSED_ROAD * 0.5 * exposed
        return value

    def value(self, g: Game, seat: int) -> float:
        """``seat``'s worth minus a mix of the leading and the average rival's."""
        hz = horizon(g)
        vals = [self.seat_value(g, s, hz) for s in range(g.n)]
        mine = vals[seat]
        others = vals[:seat] + vals[seat + 1:]
        if g.over:
            rank = g.ranking
            bonus = 5.0 if rank[0] == seat else 0.0
            return mine - max(others) + bonus
        return mine - LEADER_WEIGHT * max(others) - MEAN_WEIGHT * sum(others) / len(others)


# --- Sun Event cards -------------------------------------------------------------------------


def card_value(obs: dict, card: int, seat: int) -> float:
    """How much ``card`` face up beside ``seat`` helps it (negative: hurts), from public facts."""
    base = CARD_BASE[card]
    if card == C.RURAL_UNREST:
        return base - 0.8 * _exposed_roads(obs, seat)
    if card == C.POPULAR_SUPPORT:
        low = sum(1 for r in obs["regions"].values() if r["owner"] == seat and r["marker"] is not
                  None and C.MARKER_TYPES[C.MARKER_CODES.index(r["marker"])].resistance
                  <= C.POPULAR_SUPPORT_MAX_RESISTANCE)
        return base + LABOR_VALUE * low
    if card in C.PILGRIMAGES:
        vp, names = C.PILGRIMAGES[card]
        net = set(obs["networks"][seat])
        for sid, site in obs["sites"].items():
            if site["temple"] and sid in net and _site_name(obs, sid) in names:
                return float(vp)
        return 0.0
    if card == C.KEY_OUTPOST:
        net = set(obs["networks"][seat])
        if any(s["improvement"] == "garrison" and sid in net for sid, s in obs["sites"].items()):
            return 1.5
    return base


def _site_name(obs: dict, sid: str) -> str:
    from inca_core.board import board_for

    return board_for(obs["players"]).sites[sid].name


def _exposed_roads(obs: dict, seat: int) -> int:
    from inca_core.board import board_for

    board = board_for(obs["players"])
    regions = obs["regions"]
    count = 0
    for lid, owner in obs["roads"].items():
        if owner != seat:
            continue
        conn = board.connections.get(lid)
        regs = (conn.region,) if conn is not None else board_wild_regions(board, lid)
        if any(not regions[r]["conquered"] for r in regs):
            count += 1
    return count


def board_wild_regions(board: Any, lid: str) -> tuple[str, ...]:
    """Regions a Wilderness Road ``lid`` lies in."""
    for w in board.wilderness:
        if w.id == lid:
            return tuple(w.regions)
    return ()


def _rival_weight(obs: dict, seat: int) -> float:
    """How much helping rival ``seat`` costs: more for leaders, less for trailers."""
    rank = obs["ranking"].index(seat)
    n = obs["players"]
    return 0.9 - 0.5 * rank / max(1, n - 1)


def sun_scores(obs: dict, legal: tuple[Action, ...]) -> dict[Action, float]:
    """Medium's worth of each Sun placement: good cards beside itself, bad ones beside leaders
    it does not share a quadrant with."""
    me = obs["viewer"]
    quads = {q["id"]: q["seats"] for q in obs["quadrants"]}
    cache: dict[tuple[int, int], float] = {}
    scores = {}
    for a in legal:
        card = C.CARD_INDEX[a.target]
        total = 0.0
        for s in quads[a.extra]:
            v = cache.get((card, s))
            if v is None:
                v = cache[(card, s)] = card_value(obs, card, s)
            total += v if s == me else -_rival_weight(obs, s) * v
        # Keep the hand's best cards for later: spending a strong card costs a little.
        total -= 0.1 * abs(CARD_BASE[card])
        scores[a] = total
    return scores


def easy_choice(obs: dict, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """Easy: a weighted random choice preferring building and conquering; Sun cards go beside
    itself when good and away from it when bad."""
    if legal[0].kind == "sun":
        me = obs["viewer"]
        quads = {q["id"]: q["seats"] for q in obs["quadrants"]}
        weights = []
        for a in legal:
            good = CARD_BASE[C.CARD_INDEX[a.target]] >= 0
            mine = me in quads[a.extra]
            weights.append(3.0 if good == mine else 0.2)
        return rng.choices(legal, weights)[0]
    roads = any(a.kind == "road" for a in legal)
    weights = []
    for a in legal:
        w = EASY_WEIGHTS.get(a.kind, 1.0)
        if a.kind == "end" and roads:
            w = 0.1
        weights.append(w)
    return rng.choices(legal, weights)[0]


# --- medium: greedy one move ahead -----------------------------------------------------------


def _after(g: Game, action: Action) -> Game:
    h = g.copy()
    h.play(action)
    return h


class _Greedy(Search):
    """Medium: each legal action played on one sampled game and the results compared."""

    def __init__(self, obs: dict, legal: tuple[Action, ...], rng: random.Random) -> None:
        super().__init__(legal)
        self.obs = obs
        self.rng = rng

    def _work(self, deadline: float) -> None:
        self.finished = True
        if self.legal[0].kind == "sun":
            scores = sun_scores(self.obs, self.legal)
            self._best = max(self.legal, key=scores.__getitem__)
            return
        g = determinize(self.obs, self.rng)
        ev = Evaluator(self.obs, g)
        me = self.obs["viewer"]
        best, best_v = self.legal[0], -math.inf
        for a in self.legal:
            v = ev.value(_after(g, a), me)
            if v > best_v + 1e-9:
                best, best_v = a, v
        self._best = best


# --- hard: whole-turn planning over determinized samples ---------------------------------------

#: Node expansions per sampled game before the planner moves to the next sample.
EXPANSIONS_PER_SAMPLE = 40
#: Children kept per expanded node (the best by evaluation).
BRANCHING = 8


class _TurnPlanner(Search):
    """Hard: a best-first search over its own whole turn (roads, construction and follow-ups in
    every order) on one sampled game at a time, finished turns valued by the medium evaluation;
    each first action's value is averaged over the samples. Sun placements are scored like
    medium."""

    def __init__(self, obs: dict, legal: tuple[Action, ...], rng: random.Random,
                 iterations: int | None) -> None:
        super().__init__(legal)
        self.obs = obs
        self.me = obs["viewer"]
        self.rng = rng
        self.budget = iterations
        self.sun = legal[0].kind == "sun"
        self.totals: dict[Action, float] = {}
        self.samples = 0
        self._sample: _SampleSearch | None = None
        if self.sun:
            scores = sun_scores(obs, legal)
            self._best = max(legal, key=scores.__getitem__)
            self.finished = True

    def _work(self, deadline: float) -> None:
        while not self.finished:
            if self._sample is None:
                g = determinize(self.obs, self.rng)
                self._sample = _SampleSearch(g, Evaluator(self.obs, g), self.me, self.legal)
            sample = self._sample
            done = sample.expand()
            self.iterations += 1
            if done or sample.expansions >= EXPANSIONS_PER_SAMPLE:
                for a, v in sample.first_values().items():
                    self.totals[a] = self.totals.get(a, 0.0) + v
                self.samples += 1
                self._sample = None
                self._best = max(self.totals, key=lambda a: (self.totals[a],
                                                             -self.legal.index(a)))
                if sample.exhaustive and sample.deterministic:
                    self.finished = True
            elif self.samples == 0:
                self._best = sample.best_first()
            if self.budget is not None and self.iterations >= self.budget:
                if self._sample is not None and self.samples == 0:
                    self._best = self._sample.best_first()
                self.finished = True
            if time.perf_counter() >= deadline:
                return


class _SampleSearch:
    """Best-first search of one player's turn on one sampled game."""

    def __init__(self, g: Game, ev: Evaluator, me: int, legal: tuple[Action, ...]) -> None:
        self.g = g
        self.ev = ev
        self.me = me
        self.legal = legal
        self.turn = g.turn_id
        self.expansions = 0
        self.exhaustive = False
        #: No hidden marker can be revealed by this turn (then one sample decides).
        self.deterministic = True
        self.counter = 0
        # Frontier entries: (-value, counter, first action, game)
        self.frontier: list[tuple[float, int, Action | None, Game]] = [(0.0, 0, None, g)]
        #: Best value of a finished turn under each first action, and of an unfinished one.
        self.first: dict[Action, float] = {}
        self.partial: dict[Action, float] = {}
        self.seen: set[tuple] = set()

    @staticmethod
    def _record(table: dict[Action, float], first: Action, value: float) -> None:
        if value > table.get(first, -math.inf):
            table[first] = value

    def expand(self) -> bool:
        """Expand the most promising unfinished turn; True when none is left."""
        if not self.frontier:
            self.exhaustive = True
            return True
        _neg, _c, first, g = heapq.heappop(self.frontier)
        self.expansions += 1
        children = []
        revealed = g.revealed
        for a in g.legal_actions():
            h = g.copy()
            h.play(a)
            if h.revealed != revealed:
                self.deterministic = False
            v = self.ev.value(h, self.me)
            children.append((v, a, h))
        children.sort(key=lambda c: -c[0])
        pushed = 0
        for v, a, h in children:
            root = a if first is None else first
            if h.turn_id != self.turn or h.over:
                self._record(self.first, root, v)
                continue
            self._record(self.partial, root, v)
            if pushed >= BRANCHING:
                continue
            key = (root, tuple(sorted(h.actions[len(self.g.actions):])), h.rs, h.bs)
            if key in self.seen:
                continue
            self.seen.add(key)
            pushed += 1
            self.counter += 1
            heapq.heappush(self.frontier, (-v, self.counter, root, h))
        if not self.frontier:
            self.exhaustive = True
            return True
        return False

    def first_values(self) -> dict[Action, float]:
        """Each first action's value: its best finished turn, else its best unfinished one."""
        values = dict(self.partial)
        values.update(self.first)
        return values

    def best_first(self) -> Action:
        """The first action of the best turn found so far."""
        values = self.first_values()
        if not values:
            return self.legal[0]
        return max(values, key=lambda a: (values[a], -self.legal.index(a)))
