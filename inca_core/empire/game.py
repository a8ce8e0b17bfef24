"""The game state and every rule of Inca Empire (2010 rulebook).

A :class:`Game` is created by :func:`new_game`; players act with :meth:`Game.play` on one of
:meth:`Game.legal_actions`. The Inca and Sapa Inca phases and all chance (shuffles, draws,
reshuffles, invasion markers) run inside ``play``; ``current_player`` is always a seat with a
decision, or ``None`` once the game is over. State is kept in flat lists of ints indexed by the
board tables (:mod:`inca_core.empire.tables`) so that copying and move generation stay cheap.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import ClassVar

from inca_core.empire import components as C
from inca_core.empire import explain, movegen, observe, phases, sun
from inca_core.empire.actions import Action
from inca_core.empire.board import Board, board_for
from inca_core.empire.codes import (
    ACTIVE,
    CITY,
    DONE,
    EMPIRE,
    GARRISON,
    NONE,
    SOURCES,
    TODO,
    UNCONQUERED,
)
from inca_core.empire.tables import KIND_STANDARD, Tables, tables_for
from inca_core.history import History
from inca_core.protocol import IllegalAction
from inca_core.typedstate import TypedState

#: The rules edition of new games (see docs/empire/RULES.md, "Rules editions").
EDITION = 3
#: Every edition a saved game may have been played under.
EDITIONS = (1, 2, 3)


#: Field metadata of :class:`Game` (see :mod:`inca_core.typedstate`).
_FIXED = {"copy": "share"}  # set up once, never changed in place
_FLAT = {"copy": "shallow"}  # a list of immutable values (ints, tuples, actions, log entries)
_NESTED = {"copy": "nested"}  # a list of such lists (or bytearrays, or dicts of ints)
_CACHE = {"state": False}
#: Fields that are history, not position: the dict form leaves them out (``from_dict`` makes a
#: position with no past), so two games in the same position have the same fingerprint.
HISTORY = ("seed", "rng", "rng_shared", "actions", "barrier", "turn_id", "sealed")


@dataclass(slots=True, init=False, eq=False, repr=False)
class Game(History):
    """A game of Inca Empire in progress or finished.

    The fields are the whole game. Its dict form (:meth:`to_dict`, documented in
    ``docs/empire/observation.md``) is older than the typed state and names things by their board
    ids;
    it holds every field but those of :data:`HISTORY` and the caches, which a test checks field
    by field, and the fingerprint in every save is the hash of it.
    """

    #: The game's id on the shelf (``inca_core.games``).
    game_id: ClassVar[str] = "empire"

    # Set up once: the board and its tables, the options, the seats.
    t: Tables = field(metadata=_FIXED)
    n: int = field(metadata=_FIXED)
    board: Board = field(metadata=_FIXED)
    variants: frozenset[str] = field(metadata=_FIXED)
    #: The seed of the game's chance; ``None`` for a position set up without its history.
    seed: int | None = field(metadata=_FIXED)
    edition: int = field(metadata=_FIXED)
    track: tuple[C.Round, ...] = field(metadata=_FIXED)
    pos: tuple[int, ...] = field(metadata=_FIXED)
    seat_at: tuple[int, ...] = field(metadata=_FIXED)
    colour: tuple[str, ...] = field(metadata=_FIXED)
    names: tuple[str, ...] = field(metadata=_FIXED)
    quadrant_seats: tuple[tuple[int, int], ...] = field(metadata=_FIXED)
    seat_quadrants: tuple[tuple[int, int], ...] = field(metadata=_FIXED)
    #: The generator of the game's chance, shared by copies until either draws (``_own_rng``).
    rng: random.Random = field(metadata=_FIXED)
    rng_shared: bool
    # Regions (indexed by region): Local Culture markers, conquests, terraces.
    marker: list[int] = field(metadata=_FLAT)
    revealed: list[bool] = field(metadata=_FLAT)
    owner: list[int] = field(metadata=_FLAT)
    terrace: list[bool] = field(metadata=_FLAT)
    set_aside: list[int] = field(metadata=_FLAT)
    # Sun Event cards: hands, deck, discard pile, the cards on each quadrant.
    hands: list[list[int]] = field(metadata=_NESTED)
    deck: list[int] = field(metadata=_FLAT)
    discard: list[int] = field(metadata=_FLAT)
    qcards: list[list[tuple[int, int, bool]]] = field(metadata=_NESTED)
    placed: list[bool] = field(metadata=_FLAT)
    # Turn order, Pizarro's invasion markers.
    order: list[int] = field(metadata=_FLAT)
    invasion: list[bool] = field(metadata=_FLAT)
    invasion_turned: int
    # Scores (ties ordered by ``stamp``, the ``clock`` when a score was reached) and labor.
    score: list[int] = field(metadata=_FLAT)
    stamp: list[int] = field(metadata=_FLAT)
    clock: int
    labor: list[int] = field(metadata=_FLAT)
    breakdown: list[dict[str, int]] = field(metadata=_NESTED)
    vp_history: list[dict] = field(metadata=_FLAT)
    #: The owners of each link's roads in the order they were built (one at most on a printed
    #: connection; from rules edition 3 several on a Wilderness Road route).
    road: list[tuple[int, ...]] = field(metadata=_FLAT)
    buildable: bytearray = field(metadata=_FLAT)
    # Sites (indexed by site): improvements and temples; each seat's road system from Cuzco.
    improv: list[int] = field(metadata=_FLAT)
    temple: list[bool] = field(metadata=_FLAT)
    innet: list[bytearray] = field(metadata=_NESTED)
    net: list[list[int]] = field(metadata=_NESTED)
    # Per seat, kept in step with the regions they own.
    marker_income: list[int] = field(metadata=_FLAT)
    terraces: list[int] = field(metadata=_FLAT)
    low_markers: list[int] = field(metadata=_FLAT)
    # History and the position on the era track.
    log: list[dict] = field(metadata=_FLAT)
    actions: list[Action] = field(metadata=_FLAT)
    barrier: int
    turn_id: int
    #: Set by the action being applied when it revealed a marker or a card or drew a card.
    sealed: bool
    over: bool
    round_i: int
    phase_i: int
    turn_pos: int
    # The turn in progress (set by ``_reset_turn``): road and construction steps, what is left
    # of the turn's allowances, and the Sun Event effects on the player to move.
    rs: int
    bs: int
    free_left: int
    wild_left: int
    roads_built: int
    pilgrim: bool
    temple_built: bool
    bp_left: int
    es_left: int
    wpo_left: int
    re_left: int
    #: Rapid Expansion conquests made before the construction (rules edition 3).
    re_first: int
    eff: list[int] = field(metadata=_FLAT)
    # Caches of the legal actions (copies share them until either game moves).
    _legal: tuple[Action, ...] | None = field(metadata=_CACHE)
    _legal_set: frozenset[Action] | None = field(metadata=_CACHE)
    #: The game after setup (undo replays from it); None: a position read from its dict form.
    _base: Game | None = field(metadata=_CACHE)

    # --- construction ------------------------------------------------------------------------

    def __init__(self) -> None:
        """Use :func:`new_game` (or :func:`inca_core.loads` / ``determinize``) instead."""
        self._legal = None
        self._legal_set = None
        self._base = None

    def set_up(self, board: Board, seed: int, variants: frozenset[str],
               names: tuple[str, ...] | None, edition: int = EDITION) -> None:
        """Deal a new game on ``board`` (the setup of the rulebook), its chance from ``seed``."""
        t = tables_for(board)
        n = board.players
        self.t = t
        self.n = n
        self.board = board
        self.variants = variants
        self.seed = seed
        self.edition = edition
        self.rng = random.Random(seed)
        self.rng_shared = False
        self.track = C.era_track(variants)
        rng = self.rng
        # Construction cost cards: seat -> position of its suyu around Cuzco.
        positions = list(range(n))
        rng.shuffle(positions)
        self.set_seats(tuple(positions), names)
        # Local Culture markers.
        self.marker = [-1] * len(t.region_ids)
        self.revealed = [False] * len(t.region_ids)
        self.owner = [EMPIRE if k != KIND_STANDARD else UNCONQUERED for k in t.region_kind]
        self.terrace = [False] * len(t.region_ids)
        pool: list[int] = []
        for code, count in enumerate(C.marker_counts(n)):
            pool.extend([code] * count)
        standard = list(t.standard_regions)
        if C.GODS_AGREE in variants:
            gods = C.MARKER_CODES.index(C.GODS_AGREE_MARKER)
            for r in t.hand_of_god[: C.GODS_AGREE_COUNT]:
                pool.remove(gods)
                self.marker[r] = gods
                self.revealed[r] = True
                standard.remove(r)
        if len(pool) < len(standard):
            raise ValueError("the board has more standard regions than Local Culture markers")
        rng.shuffle(pool)
        for r in standard:
            self.marker[r] = pool.pop()
        self.set_aside = sorted(pool)
        # Sun Event cards.
        deck: list[int] = []
        for kind, count in enumerate(C.deck_counts(n, variants)):
            deck.extend([kind] * count)
        rng.shuffle(deck)
        self.hands = [sorted(deck.pop() for _ in range(C.HAND_SIZE)) for _ in range(n)]
        self.deck = deck
        self.discard = []
        self.qcards = [[] for _ in range(n)]
        self.placed = [False] * n
        # Turn order tiles.
        tiles = list(range(1, n + 1))
        rng.shuffle(tiles)
        self.order = sorted(range(n), key=lambda s: tiles[s])
        # Invasion markers (Pizarro's Arrival).
        self.invasion = []
        if C.PIZARRO in variants:
            self.invasion = list(C.INVASION_MARKERS)
            rng.shuffle(self.invasion)
        self.invasion_turned = 0
        # Scoring track: tied players are ordered by arrival; at the start the dealt turn order
        # stands for the track order (the last to play is ahead).
        self.score = [0] * n
        self.stamp = [n - 1 - self.order.index(s) for s in range(n)]
        self.clock = n
        self.labor = [0] * n
        self.breakdown = [dict.fromkeys(SOURCES, 0) for _ in range(n)]
        self.vp_history = []
        # Roads and improvements.
        self.road = [()] * len(t.link_ids)
        self.buildable = bytearray(len(t.link_ids))
        movegen.update_buildable(self, range(len(t.link_ids)))
        self.improv = [NONE] * len(t.site_ids)
        self.temple = [False] * len(t.site_ids)
        self.innet = [bytearray(len(t.site_ids)) for _ in range(n)]
        self.net = [[] for _ in range(n)]
        self.marker_income = [0] * n
        self.terraces = [0] * n
        self.low_markers = [0] * n
        self.log = []
        self.actions = []
        self.barrier = 0
        self.turn_id = 0
        self.sealed = False
        self.over = False
        self.round_i = 0
        self.phase_i = 0
        self.turn_pos = 0
        self.reset_turn(-1)
        for seat in range(n):
            link = t.start_link[self.pos[seat]]
            self.road[link] = (seat,)
            self.rebuild_net(seat)
        for seat in range(n):
            self.note(f"{self.names[seat]} plays {self.colour[seat]} from "
                       f"{t.suyus[self.pos[seat]]}; turn order tile {tiles[seat]}.", seat)
        reveal: list[int] = []
        for r in t.start_region:
            reveal.extend(t.region_neighbours[r])
        for seat in range(n):
            for s in self.net[seat]:
                reveal.extend(t.site_regions[s])
        self._reveal(reveal)
        for entry in self.log:
            entry["phase"] = "setup"
        self.sealed = False
        self._enter_phase()
        self.barrier = 0
        self.keep_setup()

    def set_seats(self, positions: tuple[int, ...], names: tuple[str, ...] | None) -> None:
        """Seat the players at the board positions ``positions`` under ``names``."""
        n = self.n
        t = self.t
        self.pos = positions
        self.seat_at = tuple(positions.index(k) for k in range(n))
        self.colour = tuple(C.SUYU_COLOURS[t.suyus[p]] for p in positions)
        if names is None:
            names = tuple(C.COLOUR_NAMES[c] for c in self.colour)
        self.names = tuple(names)
        # Quadrant k lies between the lines of suyu positions k and k+1.
        self.quadrant_seats = tuple(
            (self.seat_at[k], self.seat_at[(k + 1) % n]) for k in range(n)
        )
        self.seat_quadrants = tuple(((p - 1) % n, p) for p in positions)

    def copy(self) -> Game:
        """An independent copy of the game (no mutable part is shared)."""
        g = TypedState.copy(self)
        # Both games keep the one generator until either needs it (copy on first use).
        g.rng_shared = self.rng_shared = True
        return g

    def __repr__(self) -> str:
        if self.over:
            return f"<Game {self.n} players, over, scores {list(self.score)}>"
        return (f"<Game {self.n} players, round {self.round} {self.phase}, "
                f"{self.names[self.order[self.turn_pos]]} to move>")

    # --- public queries ----------------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.n

    @property
    def replayable(self) -> bool:
        """Whether seed and actions rebuild this game: made by :func:`new_game` on the printed
        board (a determinized sample or a test board is not)."""
        return self._base is not None and self.board is board_for(self.n)

    @property
    def options(self) -> frozenset[str]:
        """The variants the game is played with (the protocol's name for them)."""
        return self.variants

    @property
    def is_over(self) -> bool:
        """True once the final Sapa Inca phase is scored."""
        return self.over

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""
        if self.over:
            return None
        return self.order[self.turn_pos]

    @property
    def round(self) -> int:
        """The current round number (1..7) as printed on the era track."""
        return self.track[min(self.round_i, len(self.track) - 1)].number

    @property
    def era(self) -> int:
        """The current era (1..4)."""
        return self.track[min(self.round_i, len(self.track) - 1)].era

    @property
    def phase(self) -> str:
        """The current phase id (``inca``, ``sun``, ``people``, ``sapa_inca``) or ``over``."""
        if self.over:
            return "over"
        return self.track[self.round_i].phases[self.phase_i]

    @property
    def scores(self) -> tuple[int, ...]:
        """VP of each seat."""
        return tuple(self.score)

    @property
    def ranking(self) -> tuple[int, ...]:
        """Seats from first to last place (ties: whoever reached the score first is ahead)."""
        return tuple(sorted(range(self.n), key=lambda s: (-self.score[s], self.stamp[s])))

    @property
    def quadrants(self) -> tuple[str, ...]:
        """The Sun Event board quadrant ids."""
        return tuple(f"q{q}" for q in range(self.n))

    def network(self, seat: int) -> tuple[str, ...]:
        """Site ids of ``seat``'s road system that is connected to Cuzco."""
        return tuple(self.t.site_ids[s] for s in self.net[seat])

    def effects(self, seat: int) -> dict[str, int]:
        """Face-up Sun Event card kinds affecting ``seat`` now, with how many of each."""
        eff = sun.effects(self, seat)
        return {C.CARD_IDS[k]: c for k, c in enumerate(eff) if c}

    def undoable(self) -> int:
        """How many of the latest actions the player to move may take back now.

        Only their own actions of the current turn count, and none before an action that
        revealed a marker or a card or drew a card.
        """
        if self.over or self._base is None:
            return 0
        return len(self.actions) - self.barrier

    def undo_refusal(self) -> str:
        """Why the player to move may take nothing back now, in a sentence ('' when they may)."""
        if self.undoable():
            return ""
        shared = self.replay_refusal(self.over, self._base, self.actions)
        if shared:
            return shared
        floor = self.barrier
        entries = [e for e in self.log if e.get("n") == floor]
        revealed = [e["event"]["region"] for e in entries
                    if e.get("event", {}).get("kind") == "marker"]
        if revealed and entries[0]["seat"] == self.current_player:
            where = self.t.region_names[self.t.region_index[revealed[0]]]
            return (f"Your last action revealed the marker in {where}, and a reveal cannot be "
                    "taken back.")
        return ("Your turn has just begun: undo takes back only your own actions of this turn, "
                "up to a reveal or a drawn card.")

    def income_forecast(self) -> tuple[int, ...] | None:
        """Each seat's income at the next Inca phase (era box + markers + terraces, before aid).

        ``None`` when no Inca phase is left.
        """
        nxt = self.round_i + 1
        if self.over or nxt >= len(self.track):
            return None
        return tuple(sum(phases.income(self, s, nxt)) for s in range(self.n))

    def fingerprint(self) -> str:
        """A sha256 hash of the full state as sorted-keys JSON.

        The log is left out: it is text derived from the play, and rewording it must not change
        the fingerprints kept in saves.
        """
        state = observe.state_dict(self)
        del state["log"]
        text = json.dumps(state, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def observation(self, seat: int | None) -> dict:
        """What ``seat`` may know, as a JSON-ready dict (see ``docs/empire/observation.md``);
        ``None``: what every player may know (a spectator's view)."""
        return observe.observation(self, seat)

    def to_dict(self) -> dict:
        """The full state as a JSON-ready dict (hidden information included)."""
        return observe.state_dict(self)

    @classmethod
    def from_dict(cls, data: dict, seed: int = 0, board: Board | None = None) -> Game:
        """The position of :meth:`to_dict`'s form; its future chance follows ``seed``
        (``board``: needed only for a board other than the printed one). It has no recorded
        actions, so it cannot be saved as a replay."""
        game = cls()
        observe.restore(game, data, seed, board)
        return game

    # --- legal actions -----------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the player to move, in a stable order (empty when over)."""
        if self._legal is None:
            self._legal = movegen.legal_actions(self)
            self._legal_set = None
        return self._legal

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        legal = self.legal_actions()
        if self._legal_set is None:
            self._legal_set = frozenset(legal)
        return action in self._legal_set

    @property
    def construction_begun(self) -> bool:
        """Whether a Rapid Expansion conquest has opened the construction action and the
        construction itself is still to choose (rules edition 3)."""
        return self.bs == TODO and self.re_first > 0

    def conquer_cost(self, region: int, extra: int = 0) -> int:
        """Labor the player to move pays now to conquer ``region`` (``extra``: added cost)."""
        return sun.conquer_cost(C.MARKER_TYPES[self.marker[region]].resistance, self.eff, extra)

    def price(self, kind: str, target: str, followup: bool) -> tuple[int, int]:
        """Labor paid and VP scored by an action of ``kind`` on ``target`` now (``followup``:
        as a Sun Event's extra construction). Play, preview and refusals all take it from here."""
        t = self.t
        eff = self.eff
        if kind == "xroad":
            return (0 if followup else C.EXTRA_ROAD_COST), 0
        if kind == "city":
            return sun.city_cost(eff), sun.city_vp(eff)
        if kind == "upgrade":
            return sun.upgrade_cost(eff), sun.upgrade_vp(eff)
        if kind == "garrison":
            return sun.garrison_cost(eff), sun.garrison_vp(eff)
        if kind == "temple":
            return C.TEMPLE_COST, C.TEMPLE_VP + t.site_bonus[t.site_index[target]]
        if kind in ("conquer", "rapid"):
            r = t.region_index[target]
            extra = C.RAPID_EXPANSION_EXTRA_COST if kind == "rapid" or followup else 0
            return self.conquer_cost(r, extra), C.MARKER_TYPES[self.marker[r]].vp
        if kind == "terrace":
            return C.TERRACE_COST, C.TERRACE_VP
        if kind == "pilgrim":
            return 0, C.PILGRIMAGES[C.CARD_INDEX[target]][0]
        return 0, 0

    def preview(self, action: Action) -> dict:
        """What ``action`` would cost and score now: ``{"labor", "vp", "text"}``.

        Raises :class:`IllegalAction` if the action is not legal.
        """
        self._check(action)
        kind = action.kind
        seat = self.order[self.turn_pos]
        followup = self.bs == ACTIVE
        labor, vp = self.price(kind, action.target, followup)
        extra: dict = {}
        if kind == "conquer":
            r = self.t.region_index[action.target]
            extra["income"] = C.MARKER_TYPES[self.marker[r]].labor
        elif kind == "terrace":
            extra["income"], extra["round_vp"] = C.TERRACE_INCOME, C.SCORE_TERRACE
        text = self.describe(action)
        by_card = followup and kind in sun.FOLLOWUP_CARDS
        if by_card:
            extra["card"] = C.CARD_KINDS[sun.FOLLOWUP_CARDS[kind]].id
        notes = sun.modifiers(self.eff, kind, by_card)
        if notes:
            extra["notes"] = notes
        return {"seat": seat, "labor": labor, "vp": vp, "text": text, **extra}

    def describe(self, action: Action) -> str:
        """``action`` in plain words for the player to move, with the names of the board
        (``str(action)`` is its text form, for saves): buttons, choices and captions show
        this, and :meth:`preview` gives it as its ``text``."""
        t = self.t
        kind = action.kind
        followup = self.bs == ACTIVE
        try:
            if kind == "sun":
                card = C.CARD_KINDS[C.CARD_INDEX[action.target]]
                text = f"Place {card.name} on {self.quadrant_label(int(action.extra[1:]))}"
            elif kind == "road":
                text = f"Build a free road on {self.link_label(t.link_index[action.target])}"
            elif kind == "xroad":
                what = "Build a free additional road" if followup else "Buy an additional road"
                text = f"{what} on {self.link_label(t.link_index[action.target])}"
            elif kind == "city":
                text = f"Found a city at {t.site_names[t.site_index[action.target]]}"
            elif kind == "garrison":
                text = f"Build a garrison at {t.site_names[t.site_index[action.target]]}"
            elif kind == "upgrade":
                text = (f"Turn the garrison at {t.site_names[t.site_index[action.target]]} "
                        "into a city")
            elif kind == "temple":
                text = f"Build a temple at {t.site_names[t.site_index[action.target]]}"
            elif kind == "conquer":
                text = f"Conquer {t.region_names[t.region_index[action.target]]}"
            elif kind == "rapid":
                r = t.region_index[action.target]
                text = f"Conquer {t.region_names[r]} with Rapid Expansion, then build"
            elif kind == "terrace":
                text = f"Build a terrace in {t.region_names[t.region_index[action.target]]}"
            elif kind == "pilgrim":
                kind_index = C.CARD_INDEX[action.target]
                part = "road building" if action.extra == "roads" else "construction"
                text = f"Go on the {C.CARD_KINDS[kind_index].name} instead of {part}"
            elif kind == "pass":
                text = "Pass: no construction"
            elif self.rs == ACTIVE:
                text = "End road building"
            elif self.bs == ACTIVE or self.construction_begun:
                text = "Finish construction"
            else:
                text = "Skip road building"
        except (KeyError, ValueError, IndexError):
            return "A move that does not fit this board"
        if followup and kind in sun.FOLLOWUP_CARDS:
            card = C.CARD_KINDS[sun.FOLLOWUP_CARDS[kind]]
            text = f"{card.name}: {text[0].lower()}{text[1:]}"
        return text

    # --- playing -----------------------------------------------------------------------------

    def apply(self, action: Action) -> bool:
        """The rules' effect of ``action`` (:meth:`History.apply`): it cannot be taken back when
        it revealed a marker or a card or drew a card, or ended the turn or the game."""
        seat = self.order[self.turn_pos]
        turn = self.turn_id
        self.sealed = False
        self._legal = None
        self._legal_set = None
        if action.kind == "sun":
            self._play_sun(seat, action)
        else:
            self._play_people(seat, action)
        return self.sealed or self.turn_id != turn or self.over

    def why_not(self, action: Action) -> str | None:
        """Why ``action`` is not legal now, in plain words; ``None`` when it is legal."""
        if type(action) is not Action:
            return "play() takes an Action (use Action.parse for its text form)"
        if self.is_legal(action):
            return None
        return explain.reason(self, action)

    def _check(self, action: Action) -> None:
        reason = self.why_not(action)
        if reason is not None:
            raise IllegalAction(reason)

    def _play_sun(self, seat: int, action: Action) -> None:
        card = C.CARD_INDEX[action.target]
        q = int(action.extra[1:])
        self.hands[seat].remove(card)
        self.qcards[q].append((card, seat, False))
        self.placed[q] = True
        self.note(f"{self.names[seat]} places a card face down on {self.quadrant_label(q)}.",
                   seat)
        self._draw(seat)
        self.sealed = True
        if not self._next_sun_turn(self.turn_pos + 1):
            self._phase_done()

    def _own_rng(self) -> random.Random:
        """The game's generator, first made its own if it is still shared with a copy."""
        if self.rng_shared:
            rng = random.Random(0)
            rng.setstate(self.rng.getstate())
            self.rng = rng
            self.rng_shared = False
        return self.rng

    def _draw(self, seat: int) -> None:
        if not self.deck and self.discard:
            self.deck = self.discard
            self.discard = []
            self._own_rng().shuffle(self.deck)
            self.note("The discard pile is shuffled into a new Sun Event deck.")
        if self.deck:
            hand = self.hands[seat]
            hand.append(self.deck.pop())
            hand.sort()
            self.note(f"{self.names[seat]} draws a card.", seat)

    def _play_people(self, seat: int, action: Action) -> None:
        t = self.t
        kind = action.kind
        name = self.names[seat]
        probe: list[Action]
        if kind == "road":
            link = t.link_index[action.target]
            self.rs = ACTIVE
            self.free_left -= 1
            self.roads_built += 1
            self._build_road(seat, link, "builds a road")
            if self.free_left == 0:
                self.rs = DONE
        elif kind == "end":
            if self.rs == ACTIVE:
                self.rs = DONE
                self.note(f"{name} ends road building.", seat)
            elif self.bs == ACTIVE:
                self.bs = DONE
                self.note(f"{name} finishes construction.", seat)
            elif self.construction_begun:
                self.bs = DONE
                self.note(f"{name} ends construction.", seat)
            else:
                self.rs = DONE
                self.note(f"{name} skips road building.", seat)
        elif kind == "pass":
            self.bs = DONE
            self.note(f"{name} passes construction.", seat)
        elif kind == "pilgrim":
            card = C.CARD_INDEX[action.target]
            vp = self.price(kind, action.target, False)[1]
            if action.extra == "roads":
                self.rs = DONE
            else:
                self.bs = DONE
            self.pilgrim = True
            self.add_vp(seat, ((vp, "pilgrimage"),))
            part = "road building" if action.extra == "roads" else "construction"
            self.note(f"{name} goes on the {C.CARD_KINDS[card].name} instead of {part}: "
                       f"{vp} VP.", seat)
        elif kind == "rapid":
            r = t.region_index[action.target]
            self.re_first += 1
            self._conquer(seat, r, *self.price(kind, action.target, False),
                          " with Rapid Expansion")
            probe = []
            movegen.construction(self, seat, movegen.open_links(self, seat), probe)
            movegen.rapid_options(self, seat, probe)
            if not probe:
                self.bs = DONE
        else:
            followup = self.bs == ACTIVE
            if not followup:
                self.bs = ACTIVE
                self.re_left = self.eff[C.RAPID_EXPANSION] - self.re_first
            self._construct(seat, kind, action.target, followup)
            if not followup:
                if kind == "garrison":
                    self.bp_left = self.eff[C.BUILDING_PROJECT]
                elif kind == "terrace":
                    self.es_left = self.eff[C.EXPERT_SURVEYORS]
                elif kind == "xroad":
                    self.wpo_left = self.eff[C.WORKERS_PRESS_ON]
            probe = []
            movegen.followups(self, seat, probe)
            if not probe:
                self.bs = DONE
        if self.rs == DONE and self.bs == DONE and not self._next_people_turn(self.turn_pos + 1):
            self._phase_done()

    def _construct(self, seat: int, kind: str, target: str, followup: bool) -> None:
        t = self.t
        name = self.names[seat]
        cost, vp = self.price(kind, target, followup)
        if kind == "xroad":
            link = t.link_index[target]
            if followup:
                self.wpo_left -= 1
            self.labor[seat] -= cost
            what = "builds a free additional road" if followup else "buys an additional road"
            self._build_road(seat, link, what)
        elif kind == "city":
            s = t.site_index[target]
            self.labor[seat] -= cost
            self.improv[s] = CITY
            self.add_vp(seat, ((vp, "city"),))
            self.note(f"{name} founds a city at {t.site_names[s]} for {cost} labor: {vp} VP.",
                       seat)
        elif kind == "upgrade":
            s = t.site_index[target]
            self.labor[seat] -= cost
            self.improv[s] = CITY
            self.add_vp(seat, ((vp, "city"),))
            self.note(f"{name} turns the garrison at {t.site_names[s]} into a city for {cost} "
                       f"labor: {vp} VP.", seat)
        elif kind == "garrison":
            s = t.site_index[target]
            if followup:
                self.bp_left -= 1
            self.labor[seat] -= cost
            self.improv[s] = GARRISON
            self.add_vp(seat, ((vp, "garrison"),))
            self.note(f"{name} builds a garrison at {t.site_names[s]} for {cost} labor: "
                       f"{vp} VP.", seat)
        elif kind == "temple":
            s = t.site_index[target]
            self.labor[seat] -= cost
            self.temple[s] = True
            self.temple_built = True
            if self.eff[C.SOLAR_ECLIPSE] and self.rs == TODO:
                self.rs = DONE
                self.note(f"Solar Eclipse: {name} skips road building.", seat)
            self.add_vp(seat, ((vp, "temple"),))
            bonus = f" (with a {t.site_bonus[s]} VP bonus)" if t.site_bonus[s] else ""
            self.note(f"{name} builds a temple at {t.site_names[s]} for {cost} labor: "
                       f"{vp} VP{bonus}.", seat)
        elif kind == "conquer":
            if followup:
                self.re_left -= 1
            self._conquer(seat, t.region_index[target], cost, vp)
        elif kind == "terrace":
            r = t.region_index[target]
            if followup:
                self.es_left -= 1
            self.labor[seat] -= cost
            self.terrace[r] = True
            self.terraces[seat] += 1
            self.add_vp(seat, ((vp, "terrace"),))
            self.note(f"{name} builds a terrace in {t.region_names[r]} for {cost} "
                       f"labor: {vp} VP.", seat)

    def _conquer(self, seat: int, r: int, cost: int, vp: int, how: str = "") -> None:
        t = self.t
        marker = C.MARKER_TYPES[self.marker[r]]
        self.labor[seat] -= cost
        self.owner[r] = seat
        self.marker_income[seat] += marker.labor
        if marker.resistance <= C.POPULAR_SUPPORT_MAX_RESISTANCE:
            self.low_markers[seat] += 1
        movegen.update_buildable(self, t.region_links[r])
        self.add_vp(seat, ((vp, "conquest"),))
        self.note(f"{self.names[seat]} conquers {t.region_names[r]}{how} for {cost} labor: "
                   f"{vp} VP.", seat)
        self._reveal(t.region_neighbours[r])

    def _build_road(self, seat: int, link: int, what: str) -> None:
        t = self.t
        self.road[link] += (seat,)
        if self.wild_left and link >= t.printed_links:
            self.wild_left -= 1
            what += " (Wilderness Road)"
        a, b = t.link_ends[link]
        innet = self.innet[seat]
        if innet[a] and not innet[b]:
            self._grow(seat, b)
        elif innet[b] and not innet[a]:
            self._grow(seat, a)
        self.note(f"{self.names[seat]} {what} {self.link_label(link)}.", seat)
        self._reveal(t.site_regions[a] + t.site_regions[b])

    def _grow(self, seat: int, start: int) -> None:
        """Add ``start`` and the own roads hanging from it to ``seat``'s network."""
        t = self.t
        innet = self.innet[seat]
        net = self.net[seat]
        road = self.road
        stack = [start]
        innet[start] = 1
        while stack:
            s = stack.pop()
            net.append(s)
            for link in t.site_links[s]:
                if seat in road[link]:
                    a, b = t.link_ends[link]
                    o = b if a == s else a
                    if not innet[o]:
                        innet[o] = 1
                        stack.append(o)

    def rebuild_net(self, seat: int) -> None:
        """Recompute the sites ``seat``'s road system reaches from its start city."""
        self.innet[seat] = bytearray(len(self.t.site_ids))
        self.net[seat] = []
        self._grow(seat, self.t.root_site[self.pos[seat]])

    def _reveal(self, regions: Iterable[int]) -> None:
        t = self.t
        for r in regions:
            if self.marker[r] >= 0 and not self.revealed[r]:
                self.revealed[r] = True
                self.sealed = True
                m = C.MARKER_TYPES[self.marker[r]]
                self.note(f"Revealed in {t.region_names[r]}: marker {m.code} (resistance "
                           f"{m.resistance}, {m.vp} VP, {m.labor} labor).",
                           event={"kind": "marker", "region": t.region_ids[r]})

    def add_vp(self, seat: int, parts: tuple[tuple[int, str], ...]) -> None:
        """Score ``parts`` (VP, source) for ``seat``, each in its source's breakdown."""
        total = 0
        for vp, source in parts:
            self.breakdown[seat][source] += vp
            total += vp
        if total > 0:
            self.score[seat] += total
            self.clock += 1
            self.stamp[seat] = self.clock

    # --- phase flow --------------------------------------------------------------------------

    def _enter_phase(self) -> None:
        """Run automatic phases until a player must decide or the game ends."""
        while True:
            phase = self.track[self.round_i].phases[self.phase_i]
            if self.phase_i == 0:
                rnd = self.track[self.round_i]
                self.note(f"Round {rnd.number} begins (era {rnd.era}, "
                           f"{C.ERAS[rnd.era - 1].ruler}).", event={"kind": "round"})
            if phase == C.INCA:
                phases.inca_phase(self)
            elif phase == C.SUN:
                self.order = list(reversed(self.ranking))
                self.placed = [False] * self.n
                self.note("Sun phase: turn order " +
                           ", ".join(self.names[s] for s in self.order) + ".",
                           event={"kind": "order", "order": list(self.order)})
                if self._next_sun_turn(0):
                    return
            elif phase == C.PEOPLE:
                self.note("People phase.", event={"kind": "phase"})
                if self._next_people_turn(0):
                    return
            else:
                phases.sapa_inca_phase(self)
            if not self._advance_phase():
                return

    def _advance_phase(self) -> bool:
        """Move the era marker on; False when the game is over."""
        self.phase_i += 1
        if self.phase_i >= len(self.track[self.round_i].phases):
            self.round_i += 1
            self.phase_i = 0
            if self.round_i >= len(self.track):
                self.round_i = len(self.track) - 1
                self.phase_i = len(self.track[-1].phases) - 1
                self._finish()
                return False
        return True

    def _next_sun_turn(self, pos: int) -> bool:
        """Hand the Sun phase to the next seat with a card; reveal when all have placed.

        Returns True if a player must decide now, False once the phase is over.
        """
        while pos < self.n and not self.hands[self.order[pos]]:
            pos += 1
        if pos < self.n:
            self.turn_pos = pos
            self.turn_id += 1
            return True
        sun.resolve(self)
        self.placed = [False] * self.n  # the flags hold for one Sun phase only
        return False

    def _next_people_turn(self, pos: int) -> bool:
        if pos < self.n:
            self.turn_pos = pos
            self.turn_id += 1
            self.reset_turn(self.order[pos])
            return True
        self.reset_turn(-1)
        if self._pizarro_arrives():
            self.phase_i = len(self.track[self.round_i].phases) - 2
        return False

    def _phase_done(self) -> None:
        """Leave a finished decision phase and run on to the next decision."""
        if self._advance_phase():
            self._enter_phase()

    def _pizarro_arrives(self) -> bool:
        if not self.invasion or self.round_i != len(self.track) - 1:
            return False
        if self.invasion_turned >= len(self.invasion):
            return False
        marker = self.invasion[self.invasion_turned]
        self.invasion_turned += 1
        self.sealed = True
        if marker:
            self.note("Invasion marker: Pizarro arrives! The final Sapa Inca phase follows.")
        else:
            self.note("Invasion marker: no sign of Pizarro yet.")
        return marker

    def reset_turn(self, seat: int) -> None:
        """Start ``seat``'s People-phase turn: its Sun effects, free roads, no road or
        construction taken yet (``seat`` -1: no turn under way)."""
        self.eff = sun.effects(self, seat) if seat >= 0 else [0] * len(C.CARD_KINDS)
        self.rs = TODO
        self.bs = TODO
        self.free_left = sun.free_roads(self.eff)
        self.wild_left = self.eff[C.WILDERNESS_ROAD]
        self.roads_built = 0
        self.pilgrim = False
        self.temple_built = False
        self.bp_left = self.es_left = self.wpo_left = self.re_left = 0
        self.re_first = 0

    def _finish(self) -> None:
        self.over = True
        rank = self.ranking
        text = "Pizarro reaches Cuzco: the game is over. Final ranking: " + ", ".join(
            f"{i + 1}. {self.names[s]} {self.score[s]} VP" for i, s in enumerate(rank)) + "."
        for i in range(1, self.n):
            a, b = rank[i - 1], rank[i]
            if self.score[a] == self.score[b]:
                text += (f" {self.names[a]} is ahead of {self.names[b]}: both have "
                         f"{self.score[a]} VP and {self.names[a]} reached it first.")
        self.note(text)

    # --- text helpers ------------------------------------------------------------------------

    def note(self, text: str, seat: int | None = None, event: dict | None = None) -> None:
        """Log ``text``; ``n`` is the number of actions played so far (the entries of action
        ``k`` carry ``n == k``), ``event`` the step's kind and figures
        (docs/empire/observation.md)."""
        rnd = self.track[min(self.round_i, len(self.track) - 1)]
        phase = rnd.phases[min(self.phase_i, len(rnd.phases) - 1)]
        entry = {"round": rnd.number, "phase": phase, "seat": seat, "text": text,
                 "n": len(self.actions)}
        if event is not None:
            entry["event"] = event
        self.log.append(entry)

    def quadrant_label(self, q: int) -> str:
        """The Sun quadrant ``q`` in plain words (the two players it lies between)."""
        a, b = self.quadrant_seats[q]
        return f"the quadrant of {self.names[a]} and {self.names[b]}"

    def link_label(self, link: int) -> str:
        """The road ``link`` in plain words, as its two end sites."""
        t = self.t
        a, b = t.link_ends[link]
        return f"{t.site_names[a]} - {t.site_names[b]}"


def new_game(players: int = 4, seed: int | None = None,
             variants: Iterable[str] = frozenset(), names: Iterable[str] | None = None,
             board: Board | None = None, edition: int = EDITION) -> Game:
    """Set up a new game for ``players`` (3 or 4) seats.

    ``seed`` fixes every shuffle and draw (a fresh one is chosen and kept in ``Game.seed`` when
    omitted); ``variants`` is a set of ids from :data:`inca_core.empire.components.VARIANTS`;
    ``names`` gives the players' names by seat (default: their colours). ``board`` replaces the
    printed board (for tests). ``edition`` picks the rules edition (saves replay under theirs).
    """
    if edition not in EDITIONS:
        raise ValueError(f"unknown rules edition {edition!r}")
    if players not in (3, 4):
        raise ValueError(f"Inca Empire is played by 3 or 4 players, not {players}")
    chosen = frozenset(variants)
    unknown = sorted(chosen - set(C.VARIANTS))
    if unknown:
        raise ValueError(f"unknown variant(s): {', '.join(unknown)}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**53)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed.bit_length() > C.MAX_SEED_BITS:
        raise ValueError(f"the seed is an integer of at most {C.MAX_SEED_BITS} bits")
    name_tuple = None
    if names is not None:
        name_tuple = tuple(str(x) for x in names)
        if len(name_tuple) != players:
            raise ValueError(f"give {players} names, not {len(name_tuple)}")
        if any(len(x) > C.MAX_NAME_CHARS for x in name_tuple):
            raise ValueError(f"player names are at most {C.MAX_NAME_CHARS} characters")
        try:
            for x in name_tuple:
                x.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ValueError("player names must be plain text (valid Unicode)") from exc
    if board is None:
        board = board_for(players)
    elif board.players != players:
        raise ValueError("the board is for a different number of players")
    game = Game()
    game.set_up(board, seed, chosen, name_tuple, edition)
    return game


def determinize(obs: dict, rng: random.Random, board: Board | None = None) -> Game:
    """A full game consistent with the observation ``obs``: what it hides (cards, markers,
    invasion markers) dealt at random with ``rng``, which then seeds the game's own generator.

    ``board`` is needed only for games on a board other than the printed one.
    """
    return Game.from_dict(observe.deal(obs, rng), rng.randrange(2**53), board)
