"""Computer opponents that see only a player's observation.

A bot is made with :func:`make_bot` and asked for a move with :meth:`Bot.choose` (or, for a page
that must stay responsive, :meth:`Bot.start` and a :class:`Search` run in slices). It is given
``game.observation(seat)`` (a JSON-ready dict) and the legal actions, never a :class:`Game`: to
look ahead it deals the hidden cards and markers at random with :func:`inca_core.determinize`
and its own seeded generator. Strengths are listed in :data:`STRENGTHS`; see
``docs/empire/BOTS.md``.
"""

from __future__ import annotations

import dataclasses
import heapq
import json
import math
import random
import time
from collections.abc import Container, Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from inca_core.empire import components as C
from inca_core.empire.actions import Action
from inca_core.empire.board import board_for
from inca_core.empire.codes import CITY, DONE, GARRISON, UNCONQUERED
from inca_core.empire.game import Game, determinize
from inca_core.empire.observe import road_owners, sun_view
from inca_core.empire.tables import SITE_CITY, SITE_GARRISON
from inca_core.search import (
    DEFAULT_SECONDS,
    Fixed,
    Search,
    SeededBot,
    check_strength,
)

#: Bot strengths in increasing order, with the one-line description shown by the page.
STRENGTHS: dict[str, str] = {
    "random": "Random: any legal move, chosen blindly.",
    "easy": "Easy: builds and conquers when it can, but plans nothing.",
    "medium": "Medium: weighs each move by points, labor, its roads and Sun cards, one move ahead.",
    "hard": "Hard: plans whole turns and tries out Sun cards over guesses at what it cannot see.",
}


# --- evaluation weights (VP-equivalents) -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Weights:
    """The hand-set weights of the evaluation (medium and hard), in VP-equivalents."""

    #: Worth of one labor token that can still be spent.
    labor: float = 0.8
    #: Share of an open option (a conquest, a city or garrison site on one's roads) counted now.
    option: float = 0.3
    #: Worth of each site on one's road system (reach).
    site: float = 0.08
    #: Risk of a road lying in an unconquered region (Rural Unrest destroys it).
    exposed_road: float = 0.05
    #: ... and when a face-up Rural Unrest beside it will strike again this round.
    doomed_road: float = 1.0
    #: Share of what lies one and two free roads beyond one's road system.
    reach1: float = 0.45
    reach2: float = 0.2
    #: How much a rival's worth counts against the bot: the leading and the average rival's.
    leader: float = 0.5
    mean: float = 0.5
    #: Share of an open option lost to each rival who can also take it before the bot's next turn.
    contest: float = 0.0
    #: Share of the Sapa Inca scoring to come of what one's road system connects now.
    sapa: float = 1.0


#: Hard's evaluation: labor worth more (a regression of final scores on these terms over medium
#: games gave 1.0 to 1.4 VP per spendable labor), options a rival can take too worth less, and
#: what one or two more roads would reach (see docs/empire/BOTS.md for the measurements).
WEIGHTS = Weights(labor=1.2, contest=0.3)
#: Medium's plainer evaluation: only what lies on its road system now.
MEDIUM_WEIGHTS = Weights(reach1=0.0, reach2=0.0)

#: Hard's weights per era, fitted by self-play (``bench/empire/fit_weights.py`` writes the file).
WEIGHTS_FILE = "inca_core/empire/data/hard-weights.json"


def fitted_weights(text: str | None = None) -> tuple[Weights, ...] | None:
    """Hard's weights for each era from ``text`` (the weights file's JSON; by default the
    shipped file), each era's fields replacing those of :data:`WEIGHTS`; None without a file."""
    if text is None:
        path = resources.files("inca_core.empire").joinpath("data/hard-weights.json")
        if not path.is_file():
            return None
        text = path.read_text(encoding="utf-8")
    eras = json.loads(text)["eras"]
    if len(eras) != len(C.ERAS):
        raise ValueError(f"hard's weights need one entry per era ({len(C.ERAS)})")
    return tuple(dataclasses.replace(WEIGHTS, **{k: float(v) for k, v in era.items()})
                 for era in eras)


#: Hard's weights by era (None: :data:`WEIGHTS` in every era).
ERA_WEIGHTS = fitted_weights()

#: A bot's weights: one set, or one per era.
WeightsSpec = Weights | tuple[Weights, ...]


def weights_for(spec: WeightsSpec, obs: dict) -> Weights:
    """The weights that apply in the observation's era."""
    if isinstance(spec, Weights):
        return spec
    return spec[obs["era_track"][obs["round_index"]]["era"] - 1]

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
    "rapid": 4.0, "garrison": 7.0, "terrace": 8.0, "road": 3.0, "xroad": 0.3, "end": 0.5,
    "pass": 0.5,
}
#: Easy: how much more it likes a road that connects an improvement, or reaches a building site.
EASY_CONNECT = 8.0
EASY_SITE = 4.0
#: Easy: exponent applied to the weights (higher: more decisive).
EASY_SHARPNESS = 1.75


@dataclass(frozen=True, slots=True)
class HardSettings:
    """How hard searches, beyond its evaluation's weights: every knob in one place (the
    defaults, :data:`HARD`, are the measured ones: docs/empire/BOTS.md, "Hard's search")."""

    #: Best first actions (by the turn search) whose best turns are played on in each sampled
    #: game until its next decision, to compare them by what is left after the rivals' replies
    #: (0: none, the turn search alone decides).
    replies: int = 3
    #: How rivals choose in its Sun rollouts (True: by the rivals' model; False: by hard's own
    #: evaluation). Replies always use the rivals' model.
    medium_rivals: bool = True
    #: The evaluation the rivals' model chooses by, one move ahead: medium's.
    rival_weights: WeightsSpec = MEDIUM_WEIGHTS
    #: With replies, the iterations after which each further sampled game plays the candidates
    #: on deeper, through ``deep_phases`` People phases, the current one included (0: never):
    #: the budget hard's figures are measured at, so only a longer search plays deeper.
    deep_after: int = 2400
    deep_phases: int = 2
    #: The rivals' model in the deeper replies (None: ``rival_weights``).
    deep_rival_weights: WeightsSpec | None = None
    #: In the deeper replies, positions a rival's turn search may evaluate (0: the rivals
    #: choose one action at a time).
    deep_rival_turns: int = 0
    #: In the deeper replies, positions its own turn search may evaluate for each of its later
    #: turns (0: it plays them one action at a time).
    deep_own_turns: int = 0
    #: First actions the deeper replies compare (0: the same ``replies`` ones).
    deep_replies: int = 0
    #: The round from which the deeper samples play on to the end of the game by easy's policy
    #: and are valued by the final margin (0: never): the last round, where they gain over the
    #: two People phases valued by the evaluation and earlier they do not.
    deep_to_end: int = 7
    #: With ``deep_to_end``, the round at whose start a playout begun before it stops, valued
    #: by the evaluation (0: every playout goes on to the end of the game).
    deep_stop_round: int = 0
    #: Sun placements played out by rollouts (the best by the card values).
    sun_candidates: int = 4
    #: Weight of the card values next to the rollouts' result.
    sun_prior: float = 0.5
    #: Positions evaluated per sampled game before the turn search moves to the next sample.
    evaluations_per_sample: int = 500
    #: With replies, sampled games searched before the candidate first actions are chosen.
    reply_warmup: int = 2
    #: Once each candidate has ``deep_min`` deeper samples, the deeper samples' best replaces
    #: the choice by the shorter replies only if it did better on them by more than ``deep_z``
    #: standard errors (a deeper sample is far noisier).
    deep_min: int = 2
    deep_z: float = 1.5


#: Hard's measured settings.
HARD = HardSettings()


class Bot(SeededBot):
    """A computer player of one strength; make it with :func:`make_bot`."""

    def __init__(self, strength: str, seed: int) -> None:
        check_strength(strength, STRENGTHS)
        super().__init__(strength, seed)
        #: Evaluation weights of medium and hard, one set or one per era (a tuning knob; the
        #: defaults are measured).
        self.weights: WeightsSpec = (MEDIUM_WEIGHTS if strength == "medium"
                                     else ERA_WEIGHTS or WEIGHTS)
        #: Hard: how it searches (a tuning knob: ``dataclasses.replace(bot.hard, ...)``).
        self.hard = HARD

    def position_key(self, observation: dict) -> str:
        """The decision point from public facts of play (so equal observations give equal
        choices, whatever happened before in the bot's life). The log is left out: rewording or
        adding log lines must not change how bots play."""
        turn = observation.get("turn") or {}
        return (f"{observation['viewer']}:{observation['round_index']}:"
                f"{observation['phase_index']}:{observation['turn_position']}:"
                f"{observation['clock']}:{len(observation['roads'])}:"
                f"{observation['labor'][observation['viewer']]}:{turn.get('roads')}:"
                f"{turn.get('build')}:{turn.get('roads_built')}")

    def legal_of(self, observation: Any, legal_actions: Sequence[Any]) -> tuple[Action, ...]:
        if isinstance(observation, Game):
            raise TypeError("a bot sees only game.observation(seat), never the Game itself")
        legal = super().legal_of(observation, legal_actions)
        if any(type(a) is not Action for a in legal):
            raise TypeError("legal actions must be inca_core.Action values")
        return legal

    def budget_of(self, iterations: int | None,
                  seconds: float | None) -> tuple[int | None, float | None]:
        """Hard takes :data:`DEFAULT_SECONDS` when given neither budget."""
        if seconds is None and iterations is None and self.strength == "hard":
            seconds = DEFAULT_SECONDS
        return iterations, seconds

    def search(self, observation: dict, legal: tuple[Action, ...], rng: random.Random,
               iterations: int | None) -> Search:
        if self.strength == "easy":
            return Fixed(legal, easy_choice(observation, legal, rng))
        if self.strength == "medium":
            return _Greedy(observation, legal, rng, weights_for(self.weights, observation))
        return _Hard(observation, legal, rng, iterations, weights_for(self.weights, observation),
                     self.hard)


def make_bot(strength: str, seed: int) -> Bot:
    """A bot of ``strength`` (a key of :data:`STRENGTHS`) whose choices follow ``seed``."""
    return Bot(strength, seed)


# --- the position: remaining phases ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Horizon:
    """What is left of the game from a position, for one evaluation."""

    sapa_left: int
    inca_left: int
    people_left: int
    box: int
    future_box: bool
    #: A Sun phase is still to come in this round.
    sun_left: bool


_OVER = Horizon(0, 0, 0, 0, False, False)
#: Horizons met so far, by track and position on it (cleared when it grows past a bound).
_HORIZONS: dict[tuple[int, int, int, bool], tuple[tuple[C.Round, ...], Horizon]] = {}


def horizon(g: Game) -> Horizon:
    """Counts of the Sapa Inca, Inca and People phases still to come."""
    if g.over:
        return _OVER
    track = g.track
    ri, pi = g.round_i, g.phase_i
    invaded = C.PIZARRO in g.variants and bool(g.invasion) and ri == len(track) - 1
    key = (id(track), ri, pi, invaded)
    hit = _HORIZONS.get(key)
    if hit is not None and hit[0] is track:
        return hit[1]
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
    if invaded:
        people = max(0, people - 1)
    sun_left = C.SUN in track[ri].phases[pi + 1:]
    hz = Horizon(sapa, inca, people, track[ri].labor_box, ri + 1 < len(track), sun_left)
    if len(_HORIZONS) > 1000:
        _HORIZONS.clear()
    _HORIZONS[key] = (track, hz)
    return hz


def _unrest(g: Game, seat: int) -> bool:
    """A face-up Rural Unrest lies beside ``seat``."""
    for q in g.seat_quadrants[seat]:
        for card, _owner, up in g.qcards[q]:
            if up and card == C.RURAL_UNREST:
                return True
    return False


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


_HOPS: dict[int, tuple[Any, tuple]] = {}


def _hops(t: Any) -> tuple:
    """Per site, its printed connections as (link, other end, region, regions beside the ends)."""
    hit = _HOPS.get(id(t))
    if hit is not None and hit[0] is t:
        return hit[1]
    hops = tuple(
        tuple((link, t.link_ends[link][1] if t.link_ends[link][0] == s else t.link_ends[link][0],
               t.link_regions[link][0], t.link_end_regions[link]) for link in t.site_printed[s])
        for s in range(len(t.site_ids)))
    _HOPS[id(t)] = (t, hops)
    return hops


@dataclass(frozen=True, slots=True)
class Access:
    """How many seats reach each site and touch each region with their roads, for options
    that rivals can take first."""

    #: Share of an option left per rival who can take it too.
    keep: float
    sites: list[int]
    regions: list[int]
    touched: list[set[int]]
    #: ``keep ** k`` for every count of seats ``k`` (computed once per position).
    powers: tuple[float, ...] = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "powers",
                           tuple(self.keep ** k for k in range(len(self.touched) + 1)))


@dataclass(frozen=True, slots=True)
class _Worths:
    """What can be built or conquered is worth at one horizon, net of its cost."""

    city: float
    garrison: float
    #: Per site: a temple on its city (halved: it needs the city first).
    temple: tuple[float, ...]
    #: Per marker type, and for a marker not seen when the bot started thinking.
    conquest: tuple[float, ...]
    hidden: float


@dataclass(slots=True)
class Position:
    """What the evaluation of one position keeps for all its seats: the worths at its horizon,
    each site's buildable worth and each region's conquest worth (None until needed), and each
    seat's exposed roads."""

    worths: _Worths
    builds: list[float | None]
    conquests: list[float | None]
    exposed: list[int] | None = None


class Evaluator:
    """The medium evaluation: a position's worth for each seat in VP-equivalents.

    ``hidden`` marks the regions whose marker the bot had not seen when it started thinking;
    their markers count at the average of the unseen ones, so a lucky reveal in a sample does not
    sway the choice.
    """

    def __init__(self, obs: dict, g: Game, weights: Weights = WEIGHTS) -> None:
        t = g.t
        self.t = t
        self.w = weights
        self.hops = _hops(t)
        self.hidden = [obs["regions"][rid]["marker"] is None and t.region_kind[r] == 2
                       for r, rid in enumerate(t.region_ids)]
        counts = C.marker_counts(obs["players"])
        for region in obs["regions"].values():
            if region["marker"] is not None:
                counts[C.MARKER_CODES.index(region["marker"])] -= 1
        total = max(1, sum(counts))
        pairs = list(zip(counts, C.MARKER_TYPES, strict=True))
        self.hidden_vp = sum(c * m.vp for c, m in pairs) / total
        self.hidden_labor = sum(c * m.labor for c, m in pairs) / total
        self.hidden_res = sum(c * m.resistance for c, m in pairs) / total
        #: Printed connections as (link, one end, the other end, region).
        self.printed = tuple((link, *t.link_ends[link], t.link_regions[link][0])
                             for link in range(t.printed_links))
        self._worths: dict[Horizon, _Worths] = {}

    def worths(self, hz: Horizon) -> _Worths:
        """The worth of each kind of option at horizon ``hz`` (kept per horizon)."""
        hit = self._worths.get(hz)
        if hit is not None:
            return hit
        w = self.w
        labor = w.labor
        sapa = hz.sapa_left
        inca = hz.inca_left

        def conquest(vp: float, lab: float, res: float) -> float:
            return max(0.0, vp + lab * inca * labor - res * labor)

        hit = self._worths[hz] = _Worths(
            max(0.0, C.CITY_VP + C.SCORE_CITY * sapa - labor * C.CITY_COST),
            max(0.0, C.GARRISON_VP + C.SCORE_GARRISON * sapa - labor * C.GARRISON_COST),
            tuple(0.5 * max(0.0, C.TEMPLE_VP + bonus + sapa - labor * C.TEMPLE_COST)
                  for bonus in self.t.site_bonus),
            tuple(conquest(m.vp, m.labor, m.resistance) for m in C.MARKER_TYPES),
            conquest(self.hidden_vp, self.hidden_labor, self.hidden_res))
        return hit

    def position(self, hz: Horizon) -> Position:
        """What the evaluation of the seats of one position at horizon ``hz`` keeps."""
        return Position(self.worths(hz), [None] * len(self.t.site_ids),
                        [None] * len(self.t.region_ids))

    def _options(self, g: Game, sites: Sequence[int], seen: set[int], pos: Position,
                 seat: int, access: Access | None) -> list[float]:
        """Open options of ``seat`` at each of ``sites``: what can still be built there, net of
        its cost, and the regions beside it to conquer, each counted at the first site beside
        it and not at all if in ``seen`` (which gains the regions counted). With ``access``,
        each rival who can take an option too leaves less of it."""
        builds = pos.builds
        conquests = pos.conquests
        worths = pos.worths
        owner = g.owner
        improv = g.improv
        t = self.t
        site_regions = t.site_regions
        site_kind = t.site_kind
        hidden = self.hidden
        innet = g.innet[seat]
        values = []
        for s in sites:
            value = builds[s]
            if value is None:
                value = 0.0
                imp = improv[s]
                if imp == 0:
                    kind = site_kind[s]
                    if kind == SITE_CITY:
                        value = worths.city
                        for r in site_regions[s]:
                            if owner[r] == UNCONQUERED:
                                value = 0.3
                                break
                    elif kind == SITE_GARRISON:
                        for r in site_regions[s]:
                            if owner[r] != UNCONQUERED:
                                value = worths.garrison
                                break
                elif imp == CITY and not g.temple[s]:
                    value = worths.temple[s]
                builds[s] = value
            if access is not None and value:
                value *= access.powers[access.sites[s] - innet[s]]
            for r in site_regions[s]:
                if owner[r] == UNCONQUERED and r not in seen:
                    seen.add(r)
                    v = conquests[r]
                    if v is None:
                        v = conquests[r] = (worths.hidden if hidden[r]
                                            else worths.conquest[g.marker[r]])
                    if access is not None and v:
                        v *= access.powers[access.regions[r] - (r in access.touched[seat])]
                    value += v
            values.append(value)
        return values

    def access(self, g: Game) -> Access | None:
        """Who can take each option (None when the weights do not count rivals' access)."""
        if not self.w.contest:
            return None
        t = self.t
        site_regions = t.site_regions
        sites = [0] * len(t.site_ids)
        regions = [0] * len(t.region_ids)
        touched = []
        for seat in range(g.n):
            near: set[int] = set()
            for s in g.net[seat]:
                sites[s] += 1
                near.update(site_regions[s])
            for r in near:
                regions[r] += 1
            touched.append(near)
        return Access(1.0 - self.w.contest, sites, regions, touched)

    def seat_value(self, g: Game, seat: int, hz: Horizon, pos: Position | None = None,
                   access: Access | None = None) -> float:
        """VP now plus what ``seat``'s empire is likely to bring before the end (``pos``, from
        :meth:`position`, and ``access`` are shared by the seats of one position)."""
        if pos is None:
            pos = self.position(hz)
            access = self.access(g)
        w = self.w
        value = float(g.score[seat])
        if g.over:
            return value
        improv = g.improv
        temple = g.temple
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
        value += sapa * hz.sapa_left * w.sapa
        later = hz.people_left > 0
        spendable = _spendable(g, seat)
        lv = w.labor if later else 0.0
        value += (g.marker_income[seat] + C.TERRACE_INCOME * g.terraces[seat]) * hz.inca_left * lv
        labor = g.labor[seat]
        if spendable:
            value += w.labor * labor
        elif hz.future_box:
            value += lv * min(labor, hz.box)
        if not later and not spendable:
            return value
        share = w.option if later else w.option * 0.5
        seen: set[int] = set()
        options = 0.0
        for v in self._options(g, net, seen, pos, seat, access):
            options += v
        value += share * options + w.site * len(net)
        if not later:
            return value
        # Roads that Rural Unrest would destroy.
        exposed = pos.exposed
        if exposed is None:
            exposed = pos.exposed = self._exposed(g)
        value -= (w.doomed_road if hz.sun_left and _unrest(g, seat) else w.exposed_road) \
            * exposed[seat]
        if w.reach1 or w.reach2:
            value += self._reach(g, seat, hz, seen, pos, share, access)
        return value

    def _exposed(self, g: Game) -> list[int]:
        """Per seat, how many of its connected roads lie in an unconquered region (printed
        connections only; a road counts once per end on the seat's road system, halved)."""
        owner = g.owner
        road = g.road
        innet = g.innet
        twice = [0] * g.n
        for link, a, b, region in self.printed:
            owners = road[link]
            if owners and owner[region] == UNCONQUERED:
                for seat in owners:
                    ends = innet[seat]
                    twice[seat] += ends[a] + ends[b]
        return [x // 2 for x in twice]

    def _reach(self, g: Game, seat: int, hz: Horizon, seen: set[int], pos: Position,
               share: float, access: Access | None) -> float:
        """What one or two more roads would reach (printed connections only)."""
        w = self.w
        improv = g.improv
        temple = g.temple
        value = 0.0
        owner = g.owner
        road = g.road
        hops = self.hops
        sapa_left = hz.sapa_left
        visited = bytearray(g.innet[seat])
        frontier = g.net[seat]
        for share_d in (w.reach1, w.reach2):
            nxt: list[int] = []
            for s in frontier:
                for link, o, region, gate in hops[s]:
                    if road[link] or visited[o]:
                        continue
                    if owner[region] == UNCONQUERED:
                        for r in gate:
                            if owner[r] != UNCONQUERED:
                                break
                        else:
                            continue
                    visited[o] = 1
                    nxt.append(o)
            gained = 0.0
            for o, options in zip(nxt, self._options(g, nxt, seen, pos, seat, access),
                                  strict=True):
                imp = improv[o]
                if imp:
                    gained += sapa_left * (C.SCORE_CITY if imp == CITY else C.SCORE_GARRISON)
                if temple[o]:
                    gained += sapa_left * C.SCORE_TEMPLE
                gained += share * options
            value += share_d * gained
            frontier = nxt
        return value

    def value(self, g: Game, seat: int) -> float:
        """``seat``'s worth minus a mix of the leading and the average rival's."""
        hz = horizon(g)
        pos = self.position(hz)
        access = self.access(g)
        vals = [self.seat_value(g, s, hz, pos, access) for s in range(g.n)]
        mine = vals[seat]
        others = vals[:seat] + vals[seat + 1:]
        if g.over:
            bonus = 5.0 if g.ranking[0] == seat else 0.0
            return mine - max(others) + bonus
        w = self.w
        return mine - w.leader * max(others) - w.mean * sum(others) / len(others)


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
        return base + MEDIUM_WEIGHTS.labor * low  # card values are the same for every strength
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
    """The printed name of site ``sid``."""
    return board_for(obs["players"]).sites[sid].name


def _exposed_roads(obs: dict, seat: int) -> int:
    """How many of ``seat``'s roads lie in a region not yet conquered."""
    board = board_for(obs["players"])
    regions = obs["regions"]
    count = 0
    for lid, owners in road_owners(obs).items():
        if seat not in owners:
            continue
        conn = board.connections.get(lid)
        regs = (conn.region,) if conn is not None else _wild_regions(board, lid)
        if any(not regions[r]["conquered"] for r in regs):
            count += 1
    return count


def _wild_regions(board: Any, lid: str) -> tuple[str, ...]:
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
    it does not share a quadrant with; cards stay until the Sapa Inca phase, so each counts once
    per People phase left in the round."""
    me = obs["viewer"]
    quads = {q["id"]: q["seats"] for q in obs["quadrants"]}
    phases = obs["era_track"][obs["round_index"]]["phases"][obs["phase_index"]:]
    span = max(1, sum(1 for ph in phases if ph == C.PEOPLE))
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
        scores[a] = span * total - 0.1 * abs(CARD_BASE[card])
    return scores


def easy_choice(obs: dict, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """Easy: a weighted random choice preferring building and conquering; Sun cards go beside
    itself when good and away from it when bad."""
    me = obs["viewer"]
    if legal[0].kind == "sun":
        quads = {q["id"]: q["seats"] for q in obs["quadrants"]}
        return _easy_sun(legal, rng, me, quads)
    return _easy_people(legal, rng, set(obs["networks"][me]), obs["sites"],
                        board_for(obs["players"]))


def easy_on_game(g: Game, seat: int, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """Easy's choice for ``seat`` read from the full game (no observation is built: the fast
    policy of hard's playouts)."""
    if legal[0].kind == "sun":
        return _easy_sun(legal, rng, seat,
                         {f"q{q}": seats for q, seats in enumerate(g.quadrant_seats)})
    t = g.t
    built = {sid for k, sid in enumerate(t.site_ids) if g.improv[k] or g.temple[k]}
    return _easy_people(legal, rng, {t.site_ids[k] for k in g.net[seat]}, built, g.board)


def _easy_sun(legal: tuple[Action, ...], rng: random.Random, me: int,
              quads: Mapping[str, Container[int]]) -> Action:
    """Easy's Sun placement given the chooser's seat and the seats beside each quadrant."""
    weights = []
    for a in legal:
        good = CARD_BASE[C.CARD_INDEX[a.target]] >= 0
        mine = me in quads[a.extra]
        weights.append(3.0 if good == mine else 0.2)
    return rng.choices(legal, weights)[0]


def _easy_people(legal: tuple[Action, ...], rng: random.Random, net: set[str],
                 built: Container[str], board: Any) -> Action:
    """Easy's People-phase action given the chooser's network's sites and the sites with an
    improvement or temple."""
    roads = any(a.kind == "road" for a in legal)
    weights = []
    for a in legal:
        w = EASY_WEIGHTS.get(a.kind, 1.0)
        if a.kind == "end" and roads:
            w = 0.1
        elif a.kind in ("road", "xroad"):
            # Prefer roads that connect an improvement (it scores every Sapa Inca phase) or reach
            # a city or garrison site.
            for sid in _link_ends(board, a.target):
                if sid in net:
                    continue
                if sid in built:
                    w *= EASY_CONNECT
                elif board.sites[sid].kind != "plain":
                    w *= EASY_SITE
        weights.append(w ** EASY_SHARPNESS)
    return rng.choices(legal, weights)[0]


_ENDS: dict[int, tuple[Any, dict[str, tuple[str, str]]]] = {}


def _link_ends(board: Any, lid: str) -> tuple[str, str]:
    """The two sites a printed connection or Wilderness Road ``lid`` joins."""
    hit = _ENDS.get(id(board))
    if hit is None or hit[0] is not board:
        ends = {c.id: c.ends for c in board.connections.values()}
        ends.update((w.id, w.ends) for w in board.wilderness)
        hit = _ENDS[id(board)] = (board, ends)
    return hit[1][lid]


# --- medium: greedy one move ahead -----------------------------------------------------------


def _after(g: Game, action: Action) -> Game:
    h = g.copy()
    h.play(action)
    return h


class _Greedy(Search):
    """Medium: each legal action played on one sampled game and the results compared (the
    first best on ties), a few at a time: the comparison ends whatever the budget."""

    anytime = False

    def __init__(self, obs: dict, legal: tuple[Action, ...], rng: random.Random,
                 weights: Weights) -> None:
        super().__init__(legal)
        self.obs = obs
        self.rng = rng
        self.weights = weights
        #: The comparison on one sampled game (made by the first step).
        self.steps: Iterator[Action] | None = None
        self.compared = 0

    def _work(self, deadline: float) -> None:
        if self.legal[0].kind == "sun":
            scores = sun_scores(self.obs, self.legal)
            self._best = max(self.legal, key=scores.__getitem__)
            self.finished = True
            return
        if self.steps is None:
            g = determinize(self.obs, self.rng)
            ev = Evaluator(self.obs, g, self.weights)
            self.steps = _greedy_steps(g, self.obs["viewer"], self.legal, ev)
        for best in self.steps:
            self._best = best
            self.compared += 1
            if self.compared == len(self.legal) or time.perf_counter() >= deadline:
                break
        self.finished = self.compared == len(self.legal)


# --- hard: whole-turn planning and Sun rollouts over determinized samples ----------------------

#: Children kept per expanded node of the turn planner (the best by evaluation).
BRANCHING = 8
#: With replies, the work of dealing a sampled game, in evaluated positions (its time).
SAMPLE_COST = 4
#: Actions a greedy decision or a turn search's expansion inside hard's search values between
#: two yields (a People-phase position can have over a hundred, some 30 ms of CPython at once).
GREEDY_CHUNK = 25
#: Decisions of a playout to the end of the game between two yields, and the iterations they
#: count for (measured: an easy decision on the game takes about 0.6 of an evaluated position).
PLAYOUT_STEPS = 10
PLAYOUT_COST = 6


class _Hard(Search):
    """Hard: an anytime search driven by a generator that yields after each unit of work (one
    expanded node or one rollout decision), so ``step`` can stop between any two units."""

    def __init__(self, obs: dict, legal: tuple[Action, ...], rng: random.Random,
                 iterations: int | None, weights: Weights, settings: HardSettings) -> None:
        super().__init__(legal)
        self.obs = obs
        self.me = obs["viewer"]
        self.rng = rng
        self.budget = iterations
        self.weights = weights
        #: Longest unit of work so far, in seconds (a step stops early rather than overshoot).
        self._longest = 0.0
        #: Sampled games searched to the end, and the summed value of each first action over
        #: them (for diagnostics: ``bench/empire/hard_diagnose.py``).
        self.samples = 0
        self.totals: dict[Action, float] = {}
        self.settings = settings
        #: Distinct best turns played on (rivals replying) per sample (0: none; dropped to 0
        #: when the turn search leaves fewer than two candidates).
        self.replies = settings.replies
        #: The evaluations the rivals' model chooses by, in the replies and the deeper ones.
        self.rival_weights = weights_for(settings.rival_weights, obs)
        self.deep_rival_weights = weights_for(settings.deep_rival_weights
                                              or settings.rival_weights, obs)
        #: Summed values after the rivals' replies, and how many, per first action.
        self.reply_totals: dict[Action, float] = {}
        self.reply_counts: dict[Action, int] = {}
        #: The values of the deeper samples per first action.
        self.deep_values: dict[Action, list[float]] = {}
        #: With replies, the first actions compared after the rivals' replies.
        self.candidates: list[Action] = []
        if legal[0].kind == "sun":
            self.prior = sun_scores(obs, legal)
            self._best = max(legal, key=self.prior.__getitem__)
            self._units = self._sun_rollouts()
        else:
            self._units = self._plan_turn()

    def _work(self, deadline: float) -> None:
        last = time.perf_counter()
        for _ in self._units:
            if self.budget is not None and self.iterations >= self.budget:
                break
            now = time.perf_counter()
            self._longest = max(self._longest, now - last)
            last = now
            # Stop before a unit as long as the longest so far would end past the deadline.
            if now + self._longest >= deadline:
                return
        self.finished = True

    def _sample(self) -> tuple[Game, Evaluator]:
        g = determinize(self.obs, self.rng)
        return g, Evaluator(self.obs, g, self.weights)

    # People phase: the whole turn.

    def _plan_turn(self) -> Iterator[None]:
        """Best-first search of the turn on one sample after another; each first action is
        worth the best finished turn found under it, averaged over the samples.

        With replies, once ``reply_warmup`` samples are searched the best ``replies`` first
        actions become the candidates; from then on, in every sampled game, each candidate's
        best turn is played on until the bot's next decision with the rivals answering as
        medium would, and the candidates are compared by the mean value then (the same sampled
        games for each, so their difference is measured with little noise). The turn search
        converges within a few hundred positions; the rest of the budget buys more samples of
        what the rivals do next. Past ``deep_after`` iterations the candidates are played on
        deeper instead, the best ``deep_replies`` of them if that is more."""
        totals = self.totals
        candidates = self.candidates
        while True:
            g, ev = self._sample()
            sample = _TurnSearch(g, ev, self.me)
            while True:
                done = yield from sample.expand_steps()
                self.iterations += sample.last_evaluations
                if done or sample.evaluations >= self.settings.evaluations_per_sample:
                    break
                if not totals:
                    self._best = sample.best_first(self.legal)
                yield
            for a, v in sample.first_values().items():
                totals[a] = totals.get(a, 0.0) + v
            self.samples += 1
            settled = sample.exhaustive and sample.deterministic
            if not candidates:
                self._best = _first(totals, self.legal)
                if self.replies and (self.samples >= self.settings.reply_warmup or settled):
                    ranked = sorted(totals, key=lambda a: (-totals[a], self.legal.index(a)))
                    candidates.extend(ranked[:max(self.replies, self.settings.deep_replies)])
                    if len(candidates) < 2:
                        self.replies = 0
            if self.replies and candidates:
                self.iterations += SAMPLE_COST
                deep = 0 < self.settings.deep_after <= self.iterations
                to_end = deep and 0 < self.settings.deep_to_end <= g.round
                playout_seed = self.rng.randrange(2**32) if to_end else 0
                rivals = None if to_end else Evaluator(
                    self.obs, g, self.deep_rival_weights if deep else self.rival_weights)
                for a in candidates if deep else candidates[:self.replies]:
                    end = sample.best_turn(a)
                    if end is None:
                        end = yield from self._finish_turn(g, a, ev)
                    if to_end:
                        margin = yield from self._playout(end.copy(), playout_seed, ev)
                        self.deep_values.setdefault(a, []).append(margin)
                        continue
                    # Deeper: the rest of this People phase (if the turn did not end it) and
                    # the next ones, ``deep_phases`` in all.
                    phases = (self.settings.deep_phases - (end.phase != C.PEOPLE)) if deep else 1
                    value = yield from self._rollout(
                        end.copy(), ev, until_mine=not deep, rivals=rivals,
                        people_phases=phases,
                        rival_turns=self.settings.deep_rival_turns if deep else 0,
                        own_turns=self.settings.deep_own_turns if deep else 0)
                    if deep:
                        self.deep_values.setdefault(a, []).append(value)
                    else:
                        self.reply_totals[a] = self.reply_totals.get(a, 0.0) + value
                        self.reply_counts[a] = self.reply_counts.get(a, 0) + 1
                self._best = self._best_reply()
            elif settled and not self.replies:
                return
            yield

    def _playout(self, g: Game, seed: int, ev: Evaluator) -> Generator[None, None, float]:
        """Play ``g`` on to the end of the game, every seat by easy's policy with a generator
        seeded by ``seed`` (the same for each candidate of a sample); the bot's final score
        minus the best rival's. A playout begun before round ``deep_stop_round`` stops at its
        start instead, valued by ``ev``."""
        rng = random.Random(seed)
        stop = self.settings.deep_stop_round if g.round < self.settings.deep_stop_round else 0
        for count in range(1, 2000):
            if g.over:
                break
            if stop and g.round >= stop:
                return ev.value(g, self.me)
            seat = g.current_player
            assert seat is not None  # the game is not over
            g.play(easy_on_game(g, seat, g.legal_actions(), rng))
            if count % PLAYOUT_STEPS == 0:
                self.iterations += PLAYOUT_COST
                yield
        score = g.score
        return float(score[self.me] - max(v for k, v in enumerate(score) if k != self.me))

    def _finish_turn(self, g: Game, first: Action,
                     ev: Evaluator) -> Generator[None, None, Game]:
        """The turn begun by ``first`` in ``g``, finished greedily by ``ev`` (a unit of work
        per action)."""
        h = _after(g, first)
        for _ in range(100):
            if h.over or h.turn_id != g.turn_id:
                break
            action = yield from self._greedy(h, self.me, ev)
            h.play(action)
            yield
        return h

    def _greedy(self, g: Game, seat: int, ev: Evaluator) -> Generator[None, None, Action]:
        """The legal action whose result ``ev`` values most for ``seat`` in ``g`` (the first one
        on ties), a unit of work per ``GREEDY_CHUNK`` actions valued (a decision may have well
        over a hundred)."""
        legal = g.legal_actions()
        steps = _greedy_steps(g, seat, legal, ev)
        best = legal[0]
        for count in range(1, len(legal) + 1):
            best = next(steps)
            if count % GREEDY_CHUNK == 0 or count == len(legal):
                self.iterations += (count - 1) % GREEDY_CHUNK + 1
                yield
        return best

    def _best_reply(self) -> Action:
        """The candidate whose turns did best once the rivals replied (mean over the samples;
        each candidate of the shorter replies is played on in every sample), unless the deeper
        samples, once each candidate has ``deep_min`` of them, favour another by more than
        ``deep_z`` standard errors of the paired difference (with no shorter samples, the deeper
        ones decide)."""
        counts = self.reply_counts
        choice = _first({a: self.reply_totals[a] / counts[a] for a in counts},
                        self.legal) if counts else None
        deep = self.deep_values
        n = min((len(v) for v in deep.values()), default=0)
        best = _first({a: sum(v[:n]) / n for a, v in deep.items()}, self.legal) if n else None
        if choice is None:
            assert best is not None  # every sample so far was a deeper one
            return best
        if best is None or len(deep) < len(self.candidates) or n < self.settings.deep_min:
            return choice
        diffs = [x - y for x, y in zip(deep[best][:n], deep[choice][:n], strict=True)]
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        return best if mean > self.settings.deep_z * spread else choice

    # Sun phase: rollouts of the People phase that follows.

    def _sun_rollouts(self) -> Iterator[None]:
        """The best placements by card value, each played out on the same sampled games (all
        players greedy with the evaluation) to the end of the next People phase."""
        ranked = sorted(self.legal, key=lambda a: -self.prior[a])
        candidates = ranked[:self.settings.sun_candidates]
        if len(candidates) == 1:
            return
        totals = self.totals
        totals.update(dict.fromkeys(candidates, 0.0))
        samples = 0
        while True:
            g, ev = self._sample()
            rivals = (Evaluator(self.obs, g, self.rival_weights) if self.settings.medium_rivals
                      else None)
            for a in candidates:
                h = g.copy()
                h.play(a)
                totals[a] += yield from self._rollout(h, ev, rivals=rivals)
            samples += 1
            self.samples = samples
            self._best = _first({a: totals[a] / samples + self.settings.sun_prior * self.prior[a]
                                 for a in candidates}, self.legal)

    def _rollout(self, g: Game, ev: Evaluator, until_mine: bool = False,
                 rivals: Evaluator | None = None, people_phases: int = 1,
                 rival_turns: int = 0, own_turns: int = 0) -> Generator[None, None, float]:
        """Play on until ``people_phases`` People phases are over, one under way included
        (``until_mine``: until the bot's next decision), every player greedy by ``ev`` (rivals
        by ``rivals`` if given; with ``rival_turns``, a rival's People-phase turn is the best
        one a turn search by that evaluation finds within so many positions, and the bot's own
        with ``own_turns``); the bot's value then by ``ev``."""
        in_people = False
        ended = 0
        for _ in range(200 * people_phases):
            if g.over or (until_mine and g.current_player == self.me):
                break
            phase = g.phase
            if phase == C.PEOPLE:
                in_people = True
            elif in_people:
                in_people = False
                ended += 1
                if ended == people_phases and not until_mine:
                    break
            seat = g.current_player
            assert seat is not None  # the game is not over
            chooser = ev if rivals is None or seat == self.me else rivals
            turns = own_turns if seat == self.me else rival_turns
            if phase == C.PEOPLE and turns:
                turn = yield from self._search_turn(g, seat, chooser, turns)
                if turn:
                    for action in turn:
                        g.play(action)
                    continue
            if phase == C.SUN:
                legal = g.legal_actions()
                scores = sun_scores(sun_view(g, seat), legal)
                g.play(max(legal, key=scores.__getitem__))
                yield
            else:
                action = yield from self._greedy(g, seat, chooser)
                g.play(action)
                yield
        return ev.value(g, self.me)

    def _search_turn(self, g: Game, seat: int, ev: Evaluator,
                     positions: int) -> Generator[None, None, list[Action]]:
        """The actions of the best whole turn of ``seat`` in ``g`` by ``ev`` that a turn search
        finds within about ``positions`` evaluated positions (empty: none finished)."""
        search = _TurnSearch(g, ev, seat)
        while True:
            done = yield from search.expand_steps()
            self.iterations += search.last_evaluations
            yield
            if done or search.evaluations >= positions:
                break
        if not search.first:
            return []
        first = max(search.first, key=search.first.__getitem__)
        end = search.best_turn(first)
        assert end is not None  # ``first`` began a finished turn
        return end.actions[len(g.actions):]


def _first(values: dict[Action, float], legal: tuple[Action, ...]) -> Action:
    """The action of the highest value (the first legal one on ties)."""
    return max(values, key=lambda a: (values[a], -legal.index(a)))


def _greedy_steps(g: Game, seat: int, legal: tuple[Action, ...], ev: Evaluator
                  ) -> Iterator[Action]:
    """The legal action whose result ``ev`` values most for ``seat`` so far (the first one on
    ties), after each legal action in turn is valued."""
    best, best_v = legal[0], -math.inf
    for a in legal:
        v = ev.value(_after(g, a), seat)
        if v > best_v + 1e-9:
            best, best_v = a, v
        yield best


class _TurnSearch:
    """Best-first search of one player's turn on one sampled game."""

    def __init__(self, g: Game, ev: Evaluator, me: int) -> None:
        self.g = g
        self.ev = ev
        self.me = me
        self.turn = g.turn_id
        self.evaluations = 0
        self.last_evaluations = 0
        self.exhaustive = False
        #: No hidden marker can be revealed by this turn (then one sample decides).
        self.deterministic = True
        self.counter = 0
        # Frontier entries: (-value, counter, first action, game)
        self.frontier: list[tuple[float, int, Action | None, Game]] = [(0.0, 0, None, g)]
        #: Best value of a finished turn under each first action, and of an unfinished one.
        self.first: dict[Action, float] = {}
        self.partial: dict[Action, float] = {}
        #: Finished turns: (value, first action, the game after it) for ``distinct_turns``.
        self.finished: list[tuple[float, Action, Game]] = []
        self.seen: set[tuple] = set()

    @staticmethod
    def _record(table: dict[Action, float], first: Action, value: float) -> None:
        if value > table.get(first, -math.inf):
            table[first] = value

    def expand(self) -> bool:
        """Expand the most promising unfinished turn; True when none is left."""
        steps = self.expand_steps()
        while True:
            try:
                next(steps)
            except StopIteration as stop:
                return bool(stop.value)

    def expand_steps(self) -> Generator[None, None, bool]:
        """:meth:`expand`, pausing after every ``GREEDY_CHUNK`` positions evaluated (they count
        in ``evaluations`` and ``last_evaluations`` once the turn is expanded)."""
        self.last_evaluations = 0
        if not self.frontier:
            self.exhaustive = True
            return True
        _neg, _c, first, g = heapq.heappop(self.frontier)
        children = []
        revealed = g.revealed
        legal = g.legal_actions()
        for a in legal:
            h = g.copy()
            h.play(a)
            if h.revealed != revealed:
                self.deterministic = False
            children.append((self.ev.value(h, self.me), a, h))
            if len(children) % GREEDY_CHUNK == 0 and len(children) < len(legal):
                yield
        self.last_evaluations = len(children)
        self.evaluations += len(children)
        children.sort(key=lambda c: -c[0])
        pushed = 0
        start = len(self.g.actions)
        for v, a, h in children:
            root = a if first is None else first
            if h.turn_id != self.turn or h.over:
                self._record(self.first, root, v)
                self.finished.append((v, root, h))
                continue
            self._record(self.partial, root, v)
            if pushed >= BRANCHING:
                continue
            key = (root, tuple(sorted(h.actions[start:])), h.rs, h.bs)
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

    def distinct_turns(self, count: int) -> list[tuple[Action, Game]]:
        """The ``count`` best finished turns with distinct first actions and end positions
        (turns that differ only in the order of their actions end in the same position)."""
        out: list[tuple[Action, Game]] = []
        firsts: set[Action] = set()
        ends: set[tuple] = set()
        start = len(self.g.actions)
        for _v, first, h in sorted(self.finished, key=lambda f: -f[0]):
            key = tuple(sorted(h.actions[start:]))
            if first in firsts or key in ends:
                continue
            firsts.add(first)
            ends.add(key)
            out.append((first, h))
            if len(out) == count:
                break
        return out

    def best_turn(self, first: Action) -> Game | None:
        """The game after the best finished turn begun by ``first`` (None: none found)."""
        best: tuple[float, Game] | None = None
        for v, root, h in self.finished:
            if root == first and (best is None or v > best[0]):
                best = (v, h)
        return None if best is None else best[1]

    def best_first(self, legal: tuple[Action, ...]) -> Action:
        """The first action of the best turn found so far."""
        values = self.first_values()
        if not values:
            return legal[0]
        return _first(values, legal)
