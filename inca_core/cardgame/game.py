"""The card game's state and every rule (docs/cardgame/CARDGAME.md lists the rules and our
readings).

:class:`CardGame` is the one typed state of the game. Its fields are the whole position; the
rules (what is legal, why not, what an action does) live in its methods, in one place.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

from inca_core.cardgame import goals as goal_rules
from inca_core.cardgame import words as W
from inca_core.cardgame.actions import (
    Action,
    Build,
    Cell,
    Done,
    Lay,
    Pass,
    Restrict,
    Road,
    Stock,
    Take,
    Temple,
    Terrace,
    Trade,
    Workforce,
    cell_text,
    parse_action,
    parse_cell,
)
from inca_core.cardgame.cards import (
    CARDS,
    CUZCO,
    CUZCO_CELL,
    GOALS,
    MACHU_PICCHU,
    OFFSET_SLOT,
    STARTS,
    activation,
    era_cards,
    tokens,
)
from inca_core.cardgame.observe import observe
from inca_core.history import History
from inca_core.typedstate import ACTIONS

#: Each player's tokens in rules editions 1-3 (``cards.tokens(edition, players)`` gives every
#: edition's).
TOKENS = 70
RESTRICTION_TOKENS = 5
ERAS = 4
GOALS_DEALT = 5
#: The rules edition of new games; a saved game replays under its own (docs/cardgame/CARDGAME.md,
#: "Rules editions"). Edition 2: goal thresholds by player count. Edition 3: the rulebook's
#: corrections of issue 22 (a card's own token waits on it, the FAQ's six hut tokens, Start cards
#: in hand, Trade Agreements between any two neighbours, Machu Picchu's one road, shared places).
#: Edition 4: the card set of issue 22 (``carddata``'s edition-4 part: tokens, decks, Colcas,
#: Road Restriction; docs/cardgame/CARDGAME.md, "Rules editions"). Edition 5: its second
#: step (``carddata``'s edition-5 part: tokens and activation by player count, Colca fame boxes,
#: the thresholds of G18 and G23; "Rules editions"). Edition 6: its third step (110 tokens
#: at 2 and 3 players; "Rules editions"). Edition 7: its fourth step (95 tokens at 4 and 5
#: players; "Rules editions"). Edition 8: the first player is drawn from the seed (seat 0
#: before; docs/cardgame/CARDGAME.md, "Rules editions"). Edition 9: the printed counts (70
#: tokens, the activation of 6, 111 Era cards) and the card set made for them (``carddata``'s
#: edition-9 part).
EDITION = 9
#: Tokens a temple action may stack at once.
TEMPLE_MAX = 3
#: Huts the "stock three storage huts" Extra Workforce reaches.
STOCK_HUTS = 3
#: The step an Extra Workforce effect asks for: [kind, where its tokens come from, times]. The
#: card's own token always comes from the Supply (rulebook 4b).
WORKFORCE_STEPS: dict[str, tuple[str, str, int]] = {
    "EW_STOCK3": ("stock", "active", 3), "EW_ROAD_SUPPLY": ("road", "supply", 1),
    "EW_TEMPLE_SUPPLY": ("temple", "supply", 1), "EW_ROADS2": ("road", "active", 2),
    "EW_RESTRICT": ("restrict", "supply", 1), "EW_BUILD": ("build", "active", 1)}
#: Extra Workforce effects of several steps, taken in order (rules edition 4's cards; each step
#: may be ended early).
WORKFORCE_CHAINS: dict[str, tuple[tuple[str, str, int], ...]] = {
    "EW_ROAD_RESTRICT": (("road", "supply", 1), ("restrict", "supply", 1))}
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, -1), (-1, 1))
LONG = ((2, 2), (2, -2), (-2, -2), (-2, 2))
OFFSETS = ORTHOGONAL + DIAGONAL + LONG
def _start_cell(card_id: str) -> Cell:
    """The fixed cell of Start card ``card_id``."""
    cell = STARTS[card_id].cell
    assert cell is not None, card_id
    return cell


MP_CELL = _start_cell(MACHU_PICCHU)
START_CELLS = frozenset(_start_cell(s) for s in STARTS)
ERA_NAMES = ("I", "II", "III", "IV")


def link_key(a: Cell, b: Cell) -> str:
    """The key of the connection between two cells in :attr:`CardGame.roads`."""
    if b < a:
        a, b = b, a
    return f"{a[0]},{a[1]}|{b[0]},{b[1]}"


_KEY_CELLS: dict[str, tuple[Cell, Cell]] = {}


def key_cells(key: str) -> tuple[Cell, Cell]:
    """The two cells of a connection key."""
    cells = _KEY_CELLS.get(key)
    if cells is None:
        a, b = key.split("|")
        cells = _KEY_CELLS[key] = (parse_cell(a), parse_cell(b))
    return cells


def link_cost(a: Cell, card_a: str, b: Cell, card_b: str, middle_empty: bool,
              edition: int = 1) -> int | None:
    """Road tokens of a connection between the cards at ``a`` and ``b``, or None if those two
    cards cannot connect there (rulebook "Build a City or Colca"; our readings in the doc).
    From rules edition 3 Machu Picchu connects to Cuzco only."""
    x, y = CARDS[card_a], CARDS[card_b]
    if {card_a, card_b} == {CUZCO.id, MACHU_PICCHU}:
        return 1
    if edition >= 3 and MACHU_PICCHU in (card_a, card_b):
        return None
    d = (b[0] - a[0], b[1] - a[1])
    if d in ORTHOGONAL:
        if x.kind == "cuzco" or y.kind == "cuzco":
            if not (x.kind == "start" or y.kind == "start"):
                return None
        elif not ((x.is_city and y.is_colca) or (x.is_colca and y.is_city)):
            return None
    elif d in DIAGONAL:
        if not ((x.is_city and y.is_city)
                or (x.is_colca and y.is_colca and "wild" in (x.column, y.column))):
            return None
    elif d in LONG:
        if not (x.is_city and y.is_city and {a[0], b[0]} == {0, 2} and middle_empty):
            return None
        d = (d[0] // 2, d[1] // 2)
    else:
        return None
    p, q = x.conn[OFFSET_SLOT[d]], y.conn[OFFSET_SLOT[(-d[0], -d[1])]]
    return p + q if p and q else None


def _column_ok(card_id: str, cell: Cell) -> bool:
    column = CARDS[card_id].column
    if column == "wild":
        return 0 <= cell[0] <= 2
    return cell[0] == ("coast", "plateau", "mountain").index(column)


@dataclass(slots=True)
class CardGame(History):
    """A game of Inca Empire: The Card Game in play (the whole position)."""

    game_id: ClassVar[str] = "cardgame"
    parse_action = staticmethod(parse_action)
    edition: int = 1
    seed: int = 0
    names: tuple[str, ...] = field(default=(), metadata={"copy": "share"})
    n: int = 4
    era: int = 1
    #: The seat that leads the current Era (drawn at setup from rules edition 8; seat 0 before).
    first: int = 0
    #: "lay", "take", "act", "close" or "over".
    phase: str = "lay"
    turn: int = 0
    decks: list[list[str]] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    goals: list[list[str]] = field(default_factory=list)
    supply: list[int] = field(default_factory=list)
    active: list[int] = field(default_factory=list)
    #: Terraces of each seat (card ids) and which of them everyone saw (Extra Workforce).
    terraces: list[list[str]] = field(default_factory=list)
    terrace_open: list[list[int]] = field(default_factory=list)
    #: Cell text to card id, and to the seat that built or owns it (-1: nobody).
    table: dict[str, str] = field(default_factory=dict)
    owner: dict[str, int] = field(default_factory=dict)
    #: Connection key to road tokens per seat.
    roads: dict[str, list[int]] = field(default_factory=dict)
    #: Cell to fame tokens per seat.
    fame: dict[str, list[int]] = field(default_factory=dict)
    #: Cell to [seat, tokens] of the temple square's holder.
    temples: dict[str, list[int]] = field(default_factory=dict)
    #: Cell to the seats of the tokens on each storage hut.
    huts: dict[str, list[list[int]]] = field(default_factory=dict)
    restricted: list[str] = field(default_factory=list)
    #: Trade Agreements in play: [card, seat who played it, slot, tokens on it].
    trades: list[list[Any]] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    #: Draft: each seat's laid cards (hidden until all have laid), then the open pool.
    laid: list[list[str]] = field(default_factory=list)
    pool: list[str] = field(default_factory=list)
    #: Seats still to lay or take, in order.
    order: list[int] = field(default_factory=list)
    passed: list[bool] = field(default_factory=list)
    done_actions: list[int] = field(default_factory=list)
    #: Steps left of the action in progress: [kind, token source, times].
    pending: list[list[Any]] = field(default_factory=list)
    #: Trade Agreements waiting to be closed (cards, in closing order).
    closing: list[str] = field(default_factory=list)
    #: Every action played so far, in order (the dict form holds their text forms).
    actions: list[Action] = field(default_factory=list, metadata=ACTIONS)
    #: The seat that took each action of :attr:`actions`.
    movers: list[int] = field(default_factory=list, metadata={"fingerprint": False})
    #: Length of :attr:`actions` at the last action that revealed something.
    barrier: int = field(default=0, metadata={"fingerprint": False})
    log_entries: list[dict] = field(default_factory=list, metadata={"fingerprint": False})
    #: Cards played by type (for the balance measurements).
    played: dict[str, int] = field(default_factory=dict, metadata={"fingerprint": False})
    _net: dict = field(default_factory=dict, metadata={"state": False})
    #: Cell to card id (the table by cell tuples); None until first needed. Never changed in
    #: place (copies share it): a build sets it back to None.
    _grid: dict | None = field(default=None, metadata={"state": False})
    #: Set by the action being applied when it revealed a card (it cannot be undone).
    _revealed: bool = field(default=False, metadata={"state": False})
    #: The state after setup (undo replays from it); None (a position read from its dict
    #: form): nothing to undo to.
    _base: CardGame | None = field(default=None, metadata={"state": False})

    # ----- protocol properties -----

    @property
    def players(self) -> int:
        return self.n

    @property
    def options(self) -> frozenset[str]:
        return frozenset()

    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def log(self) -> list[dict]:
        return self.log_entries

    def tokens_in_play(self, seat: int) -> int:
        """Tokens of ``seat`` on the table (1 VP each at the end)."""
        return self.tokens - self.supply[seat] - self.active[seat] - self.held(seat)

    @property
    def tokens(self) -> int:
        """Each player's tokens under this game's rules edition."""
        return tokens(self.edition, self.n)

    def on_trades(self, seat: int) -> int:
        """Tokens of ``seat`` lying on Trade Agreements in play (each comes back to its Active
        Pool when the card closes)."""
        return sum(t[3] for t in self.trades if t[1] == seat)

    def held(self, seat: int) -> int:
        """Tokens of ``seat`` lying on the Terrace or Extra Workforce card whose action is in
        progress (rules edition 3: the "hold" step; they go to the Active Pool after it)."""
        if seat != self.turn:
            return 0
        return sum(step[2] for step in self.pending if step[0] == "hold")

    @property
    def scores(self) -> tuple[int, ...]:
        """Tokens in play plus the best three goals met now."""
        return tuple(self.tokens_in_play(s) + goal_rules.best_goals(self, s)[1]
                     for s in range(self.n))

    @property
    def ranking(self) -> tuple[int, ...]:
        """Most VP first. Rules editions 1-2: ties go to more tokens in play, then to the later
        seat. From edition 3 tied players share the place (:attr:`places`); the ranking lists
        them in seat order."""
        sc = self.scores
        if self.edition >= 3:
            return tuple(sorted(range(self.n), key=lambda s: (-sc[s], s)))
        return tuple(sorted(range(self.n),
                            key=lambda s: (-sc[s], -self.tokens_in_play(s), -s)))

    @property
    def tie_rule(self) -> str:
        """How equal scores are ranked under this game's rules edition, in plain words."""
        if self.edition >= 3:
            return "Players with equal VP share the place."
        return "A tie goes to more tokens on the table, then to the later seat in turn order."

    @property
    def places(self) -> tuple[int, ...]:
        """Each seat's place, 0 for first. From rules edition 3 players with equal VP share a
        place (the next place counts them all: 0, 0, 2); before, every place is its own."""
        if self.edition >= 3:
            sc = self.scores
            return tuple(sum(1 for o in sc if o > sc[s]) for s in range(self.n))
        rank_of = {seat: r for r, seat in enumerate(self.ranking)}
        return tuple(rank_of[s] for s in range(self.n))

    # ----- table helpers -----

    def card_at(self, cell: Cell) -> str | None:
        return self.grid().get(cell)

    def grid(self) -> dict[Cell, str]:
        """The cards on the table by cell."""
        grid = self._grid
        if grid is None:
            grid = self._grid = {parse_cell(k): v for k, v in self.table.items()}
        return grid

    def network(self, seat: int) -> frozenset[Cell]:
        """Places linked to Cuzco by ``seat``'s own roads (Cuzco included)."""
        net = self._net.get(seat)
        if net is None:
            adj: dict[Cell, list[Cell]] = {}
            for key, tokens in self.roads.items():
                if tokens[seat]:
                    a, b = key_cells(key)
                    adj.setdefault(a, []).append(b)
                    adj.setdefault(b, []).append(a)
            seen = {CUZCO_CELL}
            todo = [CUZCO_CELL]
            while todo:
                for nxt in adj.get(todo.pop(), ()):
                    if nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
            net = frozenset(seen)
            self._net[seat] = net
        return net

    def _changed_roads(self) -> None:
        self._net = {}

    def effects(self, seat: int) -> set[str]:
        """Effects of the Trade Agreements in play beside ``seat``."""
        return {CARDS[card].effect for card, _, slot, _ in self.trades
                if seat in self.slot_seats(slot)}

    def partners(self, seat: int, effect: str) -> list[int]:
        """Seats sharing a Trade Agreement with ``effect`` with ``seat``."""
        out = []
        for card, _, slot, _ in self.trades:
            pair = self.slot_seats(slot)
            if CARDS[card].effect == effect and seat in pair:
                out += [s for s in pair if s != seat]
        return out

    def slot_seats(self, slot: int) -> tuple[int, int]:
        """The two seats beside a Trade Agreement slot."""
        return slot, (slot + 1) % self.n

    def slots(self) -> int:
        """Trade Agreement slots: one between each pair of neighbours."""
        return self.n if self.n > 2 else 1

    def _slot_order(self, seat: int) -> list[int]:
        """The slots in the order ``seat``'s legal actions list them: from its own slot round
        the table from rules edition 8, so a bot's first of equal actions favours no seat; from
        slot 0 before (a link keeps each action as its index in the legal order)."""
        slots = self.slots()
        start = seat if self.edition >= 8 else 0
        return [(start + k) % slots for k in range(slots)]

    def reach(self, seat: int) -> frozenset[Cell]:
        """Places where ``seat`` may stock huts and stack on temples (own route, plus partners'
        routes under a sharing Trade Agreement)."""
        net = self.network(seat)
        for p in self.partners(seat, "TA_SHARED"):
            net = net | self.network(p)
        return net

    def is_blocked(self, cell: Cell, seat: int) -> bool:
        """True when a Road Restriction stops ``seat``'s new roads at ``cell``."""
        return cell_text(cell) in self.restricted and "TA_OPEN_ROADS" not in self.effects(seat)

    def _blocked(self, seat: int) -> set[Cell]:
        """Cells where Road Restrictions stop ``seat``'s new roads."""
        if not self.restricted or "TA_OPEN_ROADS" in self.effects(seat):
            return set()
        return {parse_cell(k) for k in self.restricted}

    def hut_capacity(self, seat: int) -> int:
        return 2 if "TA_HUTS2" in self.effects(seat) else 1

    def food_tokens(self, seat: int) -> dict[str, int]:
        """Tokens of ``seat`` on huts, by food."""
        out = {"fish": 0, "corn": 0, "potato": 0}
        for key, huts in self.huts.items():
            foods = CARDS[self.table[key]].huts
            for food, seats in zip(foods, huts, strict=True):
                out[food] += seats.count(seat)
        return out

    def _source(self, seat: int, source: str, kind: str) -> str:
        """Where the tokens of a step come from, after Trade Agreements."""
        effects = self.effects(seat)
        if source == "active":
            if kind in ("build", "road") and "TA_SUPPLY_BUILD" in effects:
                return "supply"
            if kind == "temple" and "TA_TEMPLE_SUPPLY" in effects:
                return "supply"
        return source

    def _has(self, seat: int, source: str) -> int:
        return self.supply[seat] if source == "supply" else self.active[seat]

    def _pay(self, seat: int, source: str, k: int) -> None:
        if source == "supply":
            self.supply[seat] -= k
        else:
            self.active[seat] -= k

    def _road_cost(self, seat: int, base: int) -> int:
        return max(1, base - 1) if "TA_CHEAP_ROADS" in self.effects(seat) else base

    def _link(self, a: Cell, b: Cell) -> int | None:
        ca, cb = self.card_at(a), self.card_at(b)
        if ca is None or cb is None:
            return None
        mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
        return link_cost(a, ca, b, cb, self.card_at(mid) is None, self.edition)

    # ----- the step in progress -----

    def _reserved(self, cell: Cell) -> bool:
        """True when ``cell`` is kept for a Start card still in a hand (rules edition 3: only
        Start cards lie edge to edge with Cuzco, each at its arrow's place)."""
        return self.edition >= 3 and cell in START_CELLS and cell not in self.grid()

    def _step(self) -> list[Any] | None:
        return self.pending[0] if self.pending else None

    def _main_choice(self) -> bool:
        return self.phase in ("act", "close") and not self.pending

    # ----- why_not: the single source of reasons -----

    def why_not(self, action: Any) -> str | None:
        """Why ``action`` is illegal now, or None when it is legal."""
        if self.phase == "over":
            return "The game is over."
        seat = self.turn
        hand = self.hands[seat]
        step = self._step()
        match action:
            case Lay(first, second):
                if self.phase != "lay":
                    return "Cards are laid only at the start of the draft."
                if first >= second:
                    return "Name two different cards, in order."
                if first not in hand or second not in hand:
                    return "You can lay only cards from your hand."
                if self.edition >= 3 and "start" in (CARDS[first].kind, CARDS[second].kind):
                    return "Your Start card stays in your hand until you build it."
                return None
            case Take(taken):
                if self.phase != "take":
                    return "Cards are taken only during the draft."
                if taken not in self.pool:
                    return "That card is not among the laid cards."
                return None
            case Pass():
                if self.phase == "close" and not self.pending:
                    return None
                if not self._main_choice():
                    return "You cannot pass now." if self.phase != "act" else \
                        "Finish the action in progress first."
                if self.done_actions[seat] < 2 and hand:
                    return "Take two actions this Era before you pass."
                return None
            case Done():
                if step is None:
                    return "There is no step to finish."
                return None
        if isinstance(action, (Build, Workforce, Trade, Terrace)):
            if isinstance(action, Build) and step is not None and step[0] == "build":
                return self._why_not_build(action, seat, step[1])
            if not self._main_choice():
                return "Finish the action in progress first." if self.pending else \
                    "Actions come after the draft."
            if action.card not in hand:
                return "That card is not in your hand."
            kind = CARDS[action.card].kind
            match action:
                case Build():
                    return self._why_not_build(action, seat, "active")
                case Workforce():
                    return None if kind == "work" else "That is not an Extra Workforce card."
                case Trade(_, slot):
                    if kind != "trade":
                        return "That is not a Trade Agreement card."
                    if self.phase == "close":
                        return "A closed Trade Agreement's free action cannot be a Trade " \
                            "Agreement."
                    if not 0 <= slot < self.slots():
                        return "There is no such place between players."
                    if self.edition < 3 and seat not in self.slot_seats(slot):
                        return "Play a Trade Agreement beside yourself."
                    if any(t[2] == slot for t in self.trades):
                        return "A Trade Agreement already lies between those players."
                    return None
                case Terrace():
                    if self.edition >= 3 and kind == "start":
                        return "A Start card cannot be a Terrace."
                    return None
        if step is None:
            return "That is a step of an action; choose an action first." \
                if self.phase in ("act", "close") else "Wait for your actions."
        kind, source = step[0], step[1]
        allowed = {"terrace": (Road, Temple, Stock), "road": (Road,), "stock": (Stock,),
                   "temple": (Temple,), "restrict": (Restrict,), "build": (Build,)}[kind]
        if not isinstance(action, allowed):
            return f"Now {_STEP_PROMPTS[kind]}, or finish."
        match action:
            case Road(a, b):
                return self._why_not_road(seat, a, b, source)
            case Stock(cell, hut):
                return self._why_not_stock(seat, cell, hut)
            case Temple(cell, count):
                return self._why_not_temple(seat, cell, count, source)
            case Restrict(cell):
                return self._why_not_restrict(seat, cell)
        return "That action is not known."

    def _why_not_build(self, a: Build, seat: int, source: str) -> str | None:
        if a.card not in self.hands[seat]:
            return "That card is not in your hand."
        card = CARDS[a.card]
        if card.kind not in ("city", "colca") and not (
                card.kind == "start" and self.edition >= 3):
            return "Only City and Colca cards are built."
        if self.card_at(a.cell) is not None:
            return "That place is taken."
        if card.kind == "start":
            if a.cell != card.cell:
                return (f"{card.name} goes {W.where(self, card.cell or CUZCO_CELL)}, where its "
                        "arrow points.")
        elif self._reserved(a.cell):
            return "That place beside Cuzco is kept for a Start card."
        elif not _column_ok(a.card, a.cell):
            return f"A {card.column} card goes in the {card.column} column."
        via = self.card_at(a.via)
        if via is None or a.via not in self.network(seat):
            return "Build from a place on your own route from Cuzco."
        if self.is_blocked(a.via, seat):
            return "A Road Restriction stops new roads at that place."
        mid = ((a.cell[0] + a.via[0]) // 2, (a.cell[1] + a.via[1]) // 2)
        base = link_cost(a.cell, a.card, a.via, via, self.card_at(mid) is None, self.edition)
        if base is None:
            return "Those two cards do not connect there."
        cost = self._road_cost(seat, base) + card.fame + (
            1 if "TA_FAME" in self.effects(seat) else 0)
        src = self._source(seat, source, "build")
        if self._has(seat, src) < cost:
            return f"That needs {cost} tokens from your {_SRC[src]}."
        return None

    def _why_not_road(self, seat: int, a: Cell, b: Cell, source: str) -> str | None:
        if not a < b:
            return "Name the two places in order."
        if self.card_at(a) is None or self.card_at(b) is None:
            return "A road joins two places on the table."
        net = self.network(seat)
        if a not in net and b not in net:
            return "A road must start from your route from Cuzco."
        if self.is_blocked(a, seat) or self.is_blocked(b, seat):
            return "A Road Restriction stops new roads at that place."
        tokens = self.roads.get(link_key(a, b))
        if tokens is not None and tokens[seat]:
            return "You already have that road."
        base = self._link(a, b)
        if base is None:
            return "Those two places do not connect."
        cost = self._road_cost(seat, base)
        src = self._source(seat, source, "road")
        if self._has(seat, src) < cost:
            return f"That road needs {cost} tokens from your {_SRC[src]}."
        return None

    def _why_not_stock(self, seat: int, cell: Cell, hut: int) -> str | None:
        key = cell_text(cell)
        if key not in self.huts:
            return "There are storage huts only on Colcas."
        if cell not in self.reach(seat):
            return "That Colca is not on your route from Cuzco."
        if not 0 <= hut < len(self.huts[key]):
            return "That Colca has no such hut."
        if len(self.huts[key][hut]) >= self.hut_capacity(seat):
            return "That hut is full."
        hold = self._hold_step()
        if hold is not None and self.pending[0][0] == "stock":
            stocked = hold[3]
            if f"{key}:{hut}" not in stocked and len(set(stocked)) >= STOCK_HUTS:
                return f"This card stocks at most {STOCK_HUTS} huts."
        if self.active[seat] < 1:
            return "You have no token in your Active Pool."
        return None

    def _why_not_temple(self, seat: int, cell: Cell, count: int, source: str) -> str | None:
        card = self.card_at(cell)
        if card is None or not CARDS[card].temple:
            return "There is no temple square there."
        if cell not in self.reach(seat):
            return "That temple is not on your route from Cuzco."
        holder = self.temples.get(cell_text(cell))
        if holder is not None and holder[0] != seat:
            return "Another player already stacks on that temple."
        if not 1 <= count <= TEMPLE_MAX:
            return f"Stack 1 to {TEMPLE_MAX} tokens."
        src = self._source(seat, source, "temple")
        if self._has(seat, src) < count:
            return f"You have fewer than {count} tokens in your {_SRC[src]}."
        return None

    def _why_not_restrict(self, seat: int, cell: Cell) -> str | None:
        if len(self.restricted) >= RESTRICTION_TOKENS:
            return "All Road Restriction tokens are in play."
        if cell == CUZCO_CELL:
            return "Cuzco cannot be restricted."
        if self.card_at(cell) is None or cell not in self.network(seat):
            return "Restrict a place on your route from Cuzco."
        if cell_text(cell) in self.restricted:
            return "That place is already restricted."
        return None

    # ----- legal actions -----

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the player to move, in a stable order."""
        if self.phase == "over":
            return ()
        seat = self.turn
        hand = sorted(self.hands[seat])
        if self.phase == "lay":
            if self.edition >= 3:
                hand = [c for c in hand if CARDS[c].kind != "start"]
            return tuple(Lay(a, b) for i, a in enumerate(hand) for b in hand[i + 1:])
        if self.phase == "take":
            return tuple(Take(c) for c in sorted(set(self.pool)))
        step = self._step()
        if step is None:
            out: list[Action] = list(self.builds(seat, "active"))
            for c in hand:
                kind = CARDS[c].kind
                if kind == "work":
                    out.append(Workforce(c))
                elif kind == "trade" and self.phase == "act":
                    out += [Trade(c, s) for s in self._slot_order(seat)
                            if self.why_not(Trade(c, s)) is None]
            out += [Terrace(c) for c in hand
                    if self.edition < 3 or CARDS[c].kind != "start"]
            if self.why_not(Pass()) is None:
                out.append(Pass())
            return tuple(out)
        kind, source = step[0], step[1]
        out = []
        if kind in ("terrace", "road"):
            out += self._roads_from(seat, source)
        if kind in ("terrace", "temple"):
            out += self._temples_for(seat, source)
        if kind in ("terrace", "stock"):
            out += self._stocks_for(seat)
        if kind == "restrict":
            out += [Restrict(c) for c in sorted(self.network(seat))
                    if self._why_not_restrict(seat, c) is None]
        if kind == "build":
            out += self.builds(seat, source)
        out.append(Done())
        return tuple(out)

    def builds(self, seat: int, source: str) -> list[Build]:
        """The City and Colca builds open to ``seat`` paying from ``source`` (bots try each)."""
        cards = sorted(c for c in set(self.hands[seat]) if CARDS[c].kind in ("city", "colca"))
        starts = sorted(c for c in set(self.hands[seat])
                        if CARDS[c].kind == "start") if self.edition >= 3 else []
        if not cards and not starts:
            return []
        # The checks of _why_not_build, in the order that rejects most at once.
        effects = self.effects(seat)
        cheap = "TA_CHEAP_ROADS" in effects
        extra = 1 if "TA_FAME" in effects else 0
        have = self._has(seat, self._source(seat, source, "build"))
        grid = self.grid()
        blocked = self._blocked(seat)
        edition = self.edition
        reserved = START_CELLS if edition >= 3 else frozenset()
        out = []
        for via in sorted(self.network(seat)):
            if via in blocked:
                continue
            via_card = grid[via]
            for s in starts:
                cell = _start_cell(s)
                if cell in grid:
                    continue
                mid = ((cell[0] + via[0]) // 2, (cell[1] + via[1]) // 2)
                base = link_cost(cell, s, via, via_card, mid not in grid, edition)
                if base is not None:
                    road = max(1, base - 1) if cheap else base
                    if road + CARDS[s].fame + extra <= have:
                        out.append(Build(s, cell, via))
            for off in OFFSETS:
                cell = (via[0] + off[0], via[1] + off[1])
                if not 0 <= cell[0] <= 2 or cell in grid or cell in reserved:
                    continue
                mid = ((cell[0] + via[0]) // 2, (cell[1] + via[1]) // 2)
                for c in cards:
                    if not _column_ok(c, cell):
                        continue
                    base = link_cost(cell, c, via, via_card, mid not in grid, edition)
                    if base is None:
                        continue
                    road = max(1, base - 1) if cheap else base
                    if road + CARDS[c].fame + extra <= have:
                        out.append(Build(c, cell, via))
        return out

    def _roads_from(self, seat: int, source: str) -> list[Road]:
        found = set()
        grid = self.grid()
        for a in self.network(seat):
            for off in OFFSETS:
                b = (a[0] + off[0], a[1] + off[1])
                if b in grid:
                    found.add((a, b) if a < b else (b, a))
        if CUZCO_CELL in self.network(seat) and self.card_at(MP_CELL) is not None:
            found.add((CUZCO_CELL, MP_CELL))
        # The checks of _why_not_road, inline.
        cheap = "TA_CHEAP_ROADS" in self.effects(seat)
        have = self._has(seat, self._source(seat, source, "road"))
        out = []
        blocked = self._blocked(seat)
        for a, b in sorted(found):
            tokens = self.roads.get(link_key(a, b))
            if tokens is not None and tokens[seat]:
                continue
            if a in blocked or b in blocked:
                continue
            base = self._link(a, b)
            if base is not None and (max(1, base - 1) if cheap else base) <= have:
                out.append(Road(a, b))
        return out

    def _temples_for(self, seat: int, source: str) -> list[Temple]:
        out = []
        for cell in sorted(self.reach(seat)):
            for k in range(1, TEMPLE_MAX + 1):
                if self._why_not_temple(seat, cell, k, source) is None:
                    out.append(Temple(cell, k))
        return out

    def _stocks_for(self, seat: int) -> list[Stock]:
        out = []
        for cell in sorted(self.reach(seat)):
            key = cell_text(cell)
            if key in self.huts:
                out += [Stock(cell, h) for h in range(len(self.huts[key]))
                        if self._why_not_stock(seat, cell, h) is None]
        return out

    # ----- play -----

    def play(self, action: Any, *, trusted: bool = False) -> None:
        """:meth:`History.play`, recording the seat that took the action in :attr:`movers`."""
        seat = self.turn
        History.play(self, action, trusted=trusted)
        self.movers.append(seat)

    def _say(self, text: str, seat: int | None, event: dict | None = None) -> None:
        """Log ``text``; ``n`` is the number of the action that wrote it (0: the setup),
        ``event`` the kind and figures of an automatic step (docs/cardgame/CARDGAME.md, "The
        log")."""
        entry: dict[str, Any] = {"text": text, "seat": seat, "era": self.era,
                                 "n": len(self.actions)}
        if event is not None:
            entry["event"] = event
        self.log_entries.append(entry)

    def _name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"Player {seat + 1}"

    def _count(self, what: str) -> None:
        self.played[what] = self.played.get(what, 0) + 1

    def apply(self, action: Action) -> bool:
        """The rules' effect of ``action`` (:meth:`History.apply`): it cannot be taken back when
        it turned up or drew cards."""
        self._revealed = False
        seat = self.turn
        hand = self.hands[seat]
        match action:
            case Lay(a, b):
                hand.remove(a)
                hand.remove(b)
                self.laid[seat] = [a, b]
                self._say(f"{self._name(seat)} lays two cards.", seat)
                self.order.pop(0)
                if self.order:
                    self.turn = self.order[0]
                else:
                    self._reveal_draft()
            case Take(card):
                self.pool.remove(card)
                hand.append(card)
                self._say(f"{self._name(seat)} takes {W.card_title(card)}.", seat)
                self.order.pop(0)
                if self.order:
                    self.turn = self.order[0]
                else:
                    self._start_actions()
            case Build(card, cell, via):
                self.build(seat, card, cell, via, self.pending[0][1] if self.pending
                            else "active")
                if self.pending:
                    self._step_done()
                else:
                    self._end_action()
            case Workforce(card):
                self._workforce(seat, card)
            case Trade(card, slot):
                hand.remove(card)
                token = 1 if self.supply[seat] else 0
                self.supply[seat] -= token
                self.trades.append([card, seat, slot, token])
                self._count("trade")
                left, right = self.slot_seats(slot)
                self._say(f"{self._name(seat)} plays a Trade Agreement between "
                          f"{self._name(left)} and {self._name(right)}: {CARDS[card].text}", seat)
                self._end_action()
            case Terrace(card):
                hand.remove(card)
                self.terraces[seat].append(card)
                self.terrace_open[seat].append(0)
                self._count("terrace")
                k = 1 + (1 if "TA_TERRACE" in self.effects(seat) else 0)
                if self.edition >= 3:
                    self.pending = [["terrace", "active", 1], self._hold(seat, k)]
                else:
                    self._activate(seat, k)
                    self.pending = [["terrace", "active", 1]]
                self._say(f"{self._name(seat)} builds a Terrace.", seat)
            case Road(a, b):
                start, end = W.road_ends(self, action)
                src = self._source(seat, self.pending[0][1], "road")
                cost = self._road_cost(seat, self._link(a, b) or 0)
                self._pay(seat, src, cost)
                self.roads.setdefault(link_key(a, b), [0] * self.n)[seat] += cost
                self._changed_roads()
                self._say(f"{self._name(seat)} builds a road from {W.place_name(self, start)} "
                          f"to {W.place_name(self, end)} ({W.tokens(cost)}).", seat)
                self._step_done()
            case Stock(cell, hut):
                self.active[seat] -= 1
                self.huts[cell_text(cell)][hut].append(seat)
                hold = self._hold_step()
                if hold is not None:
                    hold[3].append(f"{cell_text(cell)}:{hut}")
                food = CARDS[self.card_at(cell) or ""].huts[hut]
                self._say(f"{self._name(seat)} stocks {food} at {W.place_name(self, cell)}.",
                          seat)
                self._step_done()
            case Temple(cell, count):
                src = self._source(seat, self.pending[0][1], "temple")
                self._pay(seat, src, count)
                holder = self.temples.setdefault(cell_text(cell), [seat, 0])
                holder[1] += count
                self._say(f"{self._name(seat)} stacks {W.tokens(count)} on the temple of "
                          f"{W.place_name(self, cell)}.", seat)
                self._step_done()
            case Restrict(cell):
                self.restricted.append(cell_text(cell))
                self._say(f"{self._name(seat)} restricts roads at {W.place_name(self, cell)}.",
                          seat)
                self._step_done()
            case Done():
                self._say(f"{self._name(seat)} finishes the action.", seat)
                self.pending.pop(0)
                self._release()
                if not self.pending:
                    self._end_action()
            case Pass():
                if self.phase == "close":
                    self._say(f"{self._name(seat)} takes no free action.", seat)
                    self._next_closing()
                else:
                    self.passed[seat] = True
                    self._say(f"{self._name(seat)} passes.", seat)
                    self._next_turn()
        return self._revealed

    def build(self, seat: int, card_id: str, cell: Cell, via: Cell, source: str) -> None:
        """``seat`` builds ``card_id`` on ``cell``, joined to ``via``, paying from ``source``."""
        card = CARDS[card_id]
        mid = ((cell[0] + via[0]) // 2, (cell[1] + via[1]) // 2)
        base = link_cost(cell, card_id, via, self.card_at(via) or "",
                         self.card_at(mid) is None, self.edition) or 0
        road = self._road_cost(seat, base)
        fame = card.fame + (1 if "TA_FAME" in self.effects(seat) else 0)
        src = self._source(seat, source, "build")
        self._pay(seat, src, road + fame)
        self.hands[seat].remove(card_id)
        key = cell_text(cell)
        self.table[key] = card_id
        self._grid = None
        self.owner[key] = seat
        self.roads.setdefault(link_key(cell, via), [0] * self.n)[seat] += road
        self._changed_roads()
        if fame:
            self.fame.setdefault(key, [0] * self.n)[seat] += fame
        if card.huts:
            self.huts[key] = [[] for _ in card.huts]
        self._count(card.kind)
        place = "" if card.name else f" {W.where(self, cell)}"
        self._say(f"{self._name(seat)} builds {W.card_title(card_id)}{place}, with a road from "
                  f"{W.place_name(self, via)} ({W.tokens(road)} on the road, {fame} fame).", seat)

    def _workforce(self, seat: int, card_id: str) -> None:
        self.hands[seat].remove(card_id)
        self.terraces[seat].append(card_id)
        self.terrace_open[seat].append(1)
        self._count("work")
        hold = self.edition >= 3
        held = self._hold(seat, 1) if hold else None
        if not hold:
            self._activate(seat, 1)
        effect = CARDS[card_id].effect
        self._say(f"{self._name(seat)} plays Extra Workforce: {CARDS[card_id].text}", seat)
        if effect in WORKFORCE_STEPS:
            step = list(WORKFORCE_STEPS[effect])
            if effect == "EW_STOCK3" and self.edition >= 3:
                # The FAQ: with huts that hold two, three huts take six tokens.
                step[2] = STOCK_HUTS * self.hut_capacity(seat)
            self.pending = [step]
        elif effect in WORKFORCE_CHAINS:
            self.pending = [list(step) for step in WORKFORCE_CHAINS[effect]]
        elif effect == "EW_ACTIVATE":
            self._activate(seat, 3)
        elif effect == "EW_DRAW":
            for _ in range(2):
                self._draw(seat)
        if held is not None:
            self.pending.append(held)
            self._release()
        if not self.pending:
            self._end_action()

    def _hold(self, seat: int, k: int) -> list[Any]:
        """Rules edition 3: ``k`` tokens from ``seat``'s Supply (as many as there are) lie on the
        card while its action is taken; the returned "hold" step is the last of the action. Its
        fourth item lists the huts the action stocked ("cell:hut")."""
        k = min(k, self.supply[seat])
        self.supply[seat] -= k
        return ["hold", "supply", k, []]

    def _hold_step(self) -> list[Any] | None:
        """The "hold" step of the action in progress (rules edition 3), if any."""
        return next((step for step in self.pending if step[0] == "hold"), None)

    def _release(self) -> None:
        """Move the tokens of a "hold" step that is next to the Active Pool (the card's action
        is over)."""
        while self.pending and self.pending[0][0] == "hold":
            self.active[self.turn] += self.pending.pop(0)[2]

    def _activate(self, seat: int, k: int) -> None:
        k = min(k, self.supply[seat])
        self.supply[seat] -= k
        self.active[seat] += k

    def _draw(self, seat: int) -> None:
        deck = self.decks[self.era - 1]
        if deck:
            self.hands[seat].append(deck.pop())
        self._revealed = True

    def _step_done(self) -> None:
        step = self.pending[0]
        step[2] -= 1
        if step[2] <= 0:
            self.pending.pop(0)
            self._release()
        if not self.pending:
            self._end_action()

    def _end_action(self) -> None:
        if self.phase == "close":
            self._next_closing()
            return
        self.done_actions[self.turn] += 1
        self._next_turn()

    def _next_turn(self) -> None:
        for i in range(1, self.n + 1):
            s = (self.turn + i) % self.n
            if not self.passed[s]:
                self.turn = s
                return
        self._start_closing()

    # ----- phases -----

    def _reveal_draft(self) -> None:
        for s in self.seat_order():
            self.pool += self.laid[s]
            self.laid[s] = []
        self.pool.sort()
        self._revealed = True
        self._say("The laid cards are turned up: " + "; ".join(map(W.card_title, self.pool))
                  + ".", None,
                  {"kind": "reveal", "cards": list(self.pool)})
        self.phase = "take"
        order = self.seat_order()
        self.order = order + order[::-1]
        self.turn = self.order[0]

    def _start_actions(self) -> None:
        self.phase = "act"
        self.passed = [False] * self.n
        self.done_actions = [0] * self.n
        self.turn = self.first

    def seat_order(self) -> list[int]:
        """Seats in turn order from the first player."""
        return [(self.first + i) % self.n for i in range(self.n)]

    def _start_closing(self) -> None:
        rank = {s: i for i, s in enumerate(self.seat_order())}
        self.closing = [t[0] for t in sorted(self.trades, key=lambda t: rank[t[1]])]
        self._next_closing()

    def _next_closing(self) -> None:
        self.pending = []
        if not self.closing:
            self._end_era()
            return
        card = self.closing.pop(0)
        entry = next(t for t in self.trades if t[0] == card)
        self.trades.remove(entry)
        seat = entry[1]
        self.active[seat] += entry[3]
        self.discard.append(card)
        self._draw(seat)
        self.phase = "close"
        self.turn = seat
        self._say(f"{self._name(seat)} closes {W.card_title(card)}, draws a card and may take "
                  "a free action.", seat, {"kind": "close", "card": card})

    def _end_era(self) -> None:
        self._revealed = True
        self.first = (self.first + 1) % self.n
        if self.era == ERAS:
            self.phase = "over"
            scores = list(self.scores)
            self._say("Era IV is over. Final scores: " + ", ".join(
                f"{self._name(s)} {v}" for s, v in enumerate(scores)) + ".", None,
                {"kind": "over", "scores": scores, "places": list(self.places)})
            return
        self.era += 1
        self._begin_era()

    def _begin_era(self) -> None:
        active, hands = list(self.active), [len(h) for h in self.hands]
        for s in range(self.n):
            self._activate(s, activation(self.edition, self.n) + len(self.terraces[s]) // 2)
        count = (6 if self.n <= 3 else 5) - (1 if self.era == 1 else 0)
        deck = self.decks[self.era - 1]
        for _ in range(count):
            for s in self.seat_order():
                if deck:
                    self.hands[s].append(deck.pop())
        self.phase = "lay"
        self.laid = [[] for _ in range(self.n)]
        self.pool = []
        self.order = self.seat_order()
        self.turn = self.first
        self._revealed = True
        self._say(f"Era {ERA_NAMES[self.era - 1]} begins.", None, {
            "kind": "era", "era": self.era,
            "tokens": [a - b for a, b in zip(self.active, active, strict=True)],
            "cards": [len(h) - k for h, k in zip(self.hands, hands, strict=True)]})

    def set_up(self) -> None:
        """Deal the decks, hands, Start cards and goals as the rulebook's Setup says (a game just
        made with its seed, seats, names and edition)."""
        players, edition = self.n, self.edition
        rng = random.Random(self.seed)
        # Each deck in data order before the shuffle (editions 1-4: the order of the ids; edition 5:
        # a new card where the edition-4 card it replaces stood, so a seed deals the same places).
        decks = [[c.id for c in era_cards(edition).values() if c.era == e]
                 for e in range(1, ERAS + 1)]
        trades = [c for c in decks[0] if CARDS[c].kind == "trade"]
        rng.shuffle(trades)
        dealt = trades[:players]
        decks[0] = [c for c in decks[0] if c not in dealt]
        for d in decks:
            rng.shuffle(d)
        self.decks = decks
        self.hands = [[dealt[s]] for s in range(players)]
        self.supply = [tokens(edition, players)] * players
        self.active = [0] * players
        self.terraces = [[] for _ in range(players)]
        self.terrace_open = [[] for _ in range(players)]
        self.laid = [[] for _ in range(players)]
        self.passed = [False] * players
        self.done_actions = [0] * players
        starts = sorted(s for s in STARTS if s != MACHU_PICCHU)
        if players == 5:
            starts.append(MACHU_PICCHU)
        rng.shuffle(starts)
        self.table[cell_text(CUZCO_CELL)] = CUZCO.id
        self.owner[cell_text(CUZCO_CELL)] = -1
        for i, sid in enumerate(starts):
            cell = _start_cell(sid)
            owner = i if i < players else -1
            if owner >= 0 and edition >= 3:
                # Rules edition 3: a Start card is a hand card its owner builds.
                self.hands[owner].append(sid)
                continue
            self.table[cell_text(cell)] = sid
            self.owner[cell_text(cell)] = owner
            if owner >= 0:
                self.roads[link_key(CUZCO_CELL, cell)] = [0] * players
                self.roads[link_key(CUZCO_CELL, cell)][owner] = 1
                self.supply[owner] -= 1
        self._changed_roads()
        goal_ids = sorted(GOALS)
        rng.shuffle(goal_ids)
        self.goals = [sorted(goal_ids[s * GOALS_DEALT:(s + 1) * GOALS_DEALT])
                      for s in range(players)]
        # "Decide on a first player" (SETUP 1): drawn, after every other draw of the setup (rules
        # edition 8; seat 0 before).
        self.first = rng.randrange(players) if edition >= 8 else 0
        self._say(f"A {players}-player game begins; start cards: " + ", ".join(
            f"{self._name(s)} {STARTS[starts[s]].name}" for s in range(players))
            + f". {self._name(self.first)} plays first.", None)
        self._begin_era()
        self.keep_setup()

    # ----- protocol: preview, undo, observation -----

    def describe(self, action: Any) -> str:
        """``action`` in plain words for the player to move (``str(action)`` is its text form,
        for saves): buttons, choices and captions show this."""
        return W.describe(self, action)

    def preview(self, action: Any) -> dict:
        """What ``action`` would do, from a copy that plays it: tokens placed and VP."""
        reason = self.why_not(action)
        seat = self.turn
        if reason is not None:
            return {"seat": seat, "text": reason, "legal": False}
        after = self.copy()
        after.apply(action)
        # A token on a Trade Agreement always comes back (its own as it is played, another's
        # as the next card closes after this free action): only what stays counts.
        def staying(g: CardGame) -> int:
            return g.tokens_in_play(seat) - g.on_trades(seat)

        def goals(g: CardGame) -> int:
            return g.scores[seat] - g.tokens_in_play(seat)

        placed = staying(after) - staying(self)
        vp = placed + goals(after) - goals(self)
        if isinstance(action, Done):
            text = f"{W.describe(self, action)}: nothing more is placed"
        else:
            text = f"{W.describe(self, action)}: {W.tokens(placed)} placed, {vp:+d} VP"
        return {"seat": seat, "text": text, "legal": True, "tokens": placed, "vp": vp}

    def undoable(self) -> int:
        """Actions the player to move may take back: their own latest ones, since the last
        action that revealed anything."""
        if self._base is None or self.phase == "over":
            return 0
        count = 0
        for i in range(len(self.actions) - 1, self.barrier - 1, -1):
            if self.movers[i] != self.turn:
                break
            count += 1
        return count

    def undo_refusal(self) -> str:
        """Why the player to move may take nothing back now, in a sentence ('' when they may)."""
        if self.undoable():
            return ""
        shared = self.replay_refusal(self.is_over, self._base, self.actions)
        if shared:
            return shared
        if self.movers[-1] != self.turn:
            return "The last action was another player's: you may take back only your own."
        return ("Your last action turned up or drew cards or closed the Era, and that cannot be "
                "taken back.")

    def observation(self, seat: int | None) -> dict:
        """What ``seat`` may know (None: a spectator); see docs/cardgame/CARDGAME.md."""
        return observe(self, seat)


_SRC = {"supply": "Supply", "active": "Active Pool"}
_STEP_PROMPTS = {
    "terrace": "build a road, stack on a temple or stock a hut",
    "road": "build a road", "stock": "stock a hut", "temple": "stack on a temple",
    "restrict": "place a Road Restriction", "build": "build a City or Colca",
}
