"""Wiraqocha's state and every rule (docs/wiraqocha/WIRAQOCHA.md lists the rules and our readings).

:class:`Wiraqocha` is the one typed state of the game. Its fields are the whole position; the
rules (what is legal, why not, what an action does) live in its methods, in one place. Dice come
from the seed and a count of dice rolled so far, so seed + actions replay exactly.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from inca_core.history import History
from inca_core.typedstate import ACTIONS
from inca_core.wiraqocha import words as W
from inca_core.wiraqocha.actions import (
    Action,
    Buy,
    Cave,
    Conquer,
    End,
    Exo,
    Factory,
    Field,
    Fortress,
    Lift,
    Lower,
    Probe,
    Protect,
    Raise,
    Ransom,
    Ray,
    Recover,
    Reroll,
    Roll,
    Sacrifice,
    Salvage,
    Swap,
    Tunnel,
    parse_action,
)
from inca_core.wiraqocha.data import (
    BASE_DICE,
    BASE_PROTECTION,
    CARD_ORDER,
    CARD_TOKENS,
    CARDS,
    CARDS_OF,
    CAVES,
    EDITIONS,
    FACTORY_COST,
    FIRST_LAYOUT_OF,
    LEVIATHAN,
    MODIFY_COST,
    NEIGHBOURS,
    OWN_TOKENS,
    RECOVER_COST,
    RESOURCE_LIMIT,
    ROUND_CAP,
    SOMNIUM_WIN,
    SUPPLY_RESOURCES,
    SUPPLY_SOMNIUM,
    TILE_ORDER,
    TILES,
    TILES_OF,
    TOKEN_KIND,
    TOKEN_ORDER,
    Card,
    Tile,
)
from inca_core.wiraqocha.observe import observe

#: Token locations that are not tiles.
OFF_BOARD = ("reserve", "grave", "out", "held")
#: Places a token cannot be played from ("held": a hostage, option ``prisoners``).
LOST = ("grave", "out", "held")
#: What a ransom costs.
RANSOM_RESOURCES = 3
#: Points a win adds to the winner's progress score.
WIN_BONUS = 100


def _sub_multisets(dice: Sequence[int], total: int) -> list[tuple[int, ...]]:
    """Distinct multisets of ``dice`` (faces 1-6 only) adding up to ``total``, sorted."""
    counts = sorted(Counter(v for v in dice if 1 <= v <= 6).items())
    out: list[tuple[int, ...]] = []

    def walk(i: int, left: int, chosen: list[int]) -> None:
        if left == 0:
            out.append(tuple(chosen))
            return
        if i == len(counts) or left < 0:
            return
        value, count = counts[i]
        for k in range(min(count, left // value), -1, -1):
            walk(i + 1, left - k * value, chosen + [value] * k)

    walk(0, total, [])
    return sorted(out)


def requirement_text(tile: str) -> str:
    t = TILES[tile]
    if t.kind == "sum":
        return f"dice adding up to exactly {tile}"
    if t.kind == "double":
        return f"two dice showing {t.need[0]} and {t.need[1]}"
    return "three dice showing " + ", ".join(map(str, t.need))


def requirement_reason(tile: str, dice: tuple[int, ...]) -> str | None:
    """Why ``dice`` do not take ``tile`` (None: they do)."""
    t = TILES[tile]
    if any(v == 7 for v in dice):
        return "A die showing 7 can only beat a protecting die."
    if t.kind == "sum":
        n = t.need[0]
        if n >= 7 and len(dice) < 2:
            return f"{tile} needs two dice or more."
        if sum(dice) != n:
            if len(dice) == 1:
                return f"A {dice[0]} is not {tile}."
            return f"{W.dice_words(dice).capitalize()} add up to {sum(dice)}, not {tile}."
        return None
    if tuple(sorted(dice)) != t.need:
        return f"{tile} needs exactly {requirement_text(tile)}."
    return None


def cheapest_change(tile: str, dice: Sequence[int], guard: int, beaters: int = 1,
                    edition: int = EDITIONS[-1]) -> int | None:
    """Fewest one-pip changes (2 Resources each) that let ``dice`` meet ``tile`` and, with
    ``beaters`` more dice (two under a Flying Fortress), beat ``guard`` (0: no protection); None
    when no change can. Editions 1-6 counted a die raised to 7 short when the sum must go up
    (``max(|target - sum|, pips over 6)``); from edition 7 each 7 comes down to 6 first."""
    t = TILES[tile]
    best: int | None = None
    n = len(dice)
    for mask in range(1, 1 << n):
        chosen = [dice[i] for i in range(n) if mask >> i & 1]
        rest = [dice[i] for i in range(n) if not mask >> i & 1]
        if t.kind == "sum":
            k, target = len(chosen), t.need[0]
            if (target >= 7 and k < 2) or not k <= target <= 6 * k:
                continue
            over = sum(max(0, v - 6) for v in chosen)  # a 7 must come down first
            if edition >= 7:
                cost = over + abs(target - (sum(chosen) - over))
            else:
                cost = max(abs(target - sum(chosen)), over)
        else:
            if len(chosen) != len(t.need):
                continue
            cost = min(sum(abs(a - b) for a, b in zip(p, t.need, strict=True))
                       for p in itertools.permutations(chosen))
        if guard:
            if len(rest) < beaters:
                continue
            cost += sum(max(0, guard + 1 - v) for v in sorted(rest)[-beaters:])
        if best is None or cost < best:
            best = cost
    return best


def requirement_options(tile: str, dice: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Every distinct way (sorted values) the unused ``dice`` meet ``tile``."""
    return _options(tile, tuple(sorted(dice)))


@functools.lru_cache(maxsize=8192)
def _options(tile: str, dice: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    # Cached: bots ask the same question for the same dice thousands of times a move. Editions
    # change grounds and places, never a tile's dice requirement, so edition 1's tiles serve.
    t = TILES[tile]
    if t.kind == "sum":
        return tuple(d for d in _sub_multisets(dice, t.need[0])
                     if not (t.need[0] >= 7 and len(d) < 2))
    have = Counter(dice)
    return (t.need,) if not (Counter(t.need) - have) else ()


#: How the fields are copied (see :mod:`inca_core.typedstate`): hard bots copy states by the
#: thousand, so only what can change in place is copied, and only as deep as it nests.
_SHARE = {"copy": "share"}
_SHALLOW = {"copy": "shallow"}
_NESTED = {"copy": "nested"}


@dataclass(slots=True)
class Wiraqocha(History):
    """A game of Wiraqocha in play (the whole position)."""

    game_id: ClassVar[str] = "wiraqocha"
    parse_action = staticmethod(parse_action)
    edition: int = field(default=1, metadata=_SHARE)
    seed: int = field(default=0, metadata=_SHARE)
    names: tuple[str, ...] = field(default=(), metadata={"copy": "share"})
    n: int = field(default=2, metadata=_SHARE)
    #: Option ids the game was started with.
    opts: frozenset[str] = field(default=frozenset(), metadata=_SHARE)
    #: Tile ids of the 22 places of the valley (rows 4-5-4-5-4).
    layout: tuple[str, ...] = field(default=TILE_ORDER, metadata={"copy": "share"})
    round: int = field(default=1, metadata=_SHARE)
    turn: int = field(default=0, metadata=_SHARE)
    #: The seat that plays first in every round (drawn at setup from rules edition 4; seat 0
    #: before). Decided by the seed and the edition, so it stays out of the fingerprint.
    first: int = field(default=0, metadata={"copy": "share", "fingerprint": False})
    #: "prep" (Phase I), "act" (Phase II, after the roll) or "over".
    phase: str = field(default="prep", metadata=_SHARE)
    #: Per seat: token id to its place ("reserve", "grave", "out", "held" or a tile id).
    where: list[dict[str, str]] = field(default_factory=list, metadata=_NESTED)
    #: Tile to the value of the protecting die on it.
    guard: dict[str, int] = field(default_factory=dict, metadata=_SHALLOW)
    #: Seats whose Base Camp protection the Psychic Probe turned into a 1 (until their turn).
    weak_base: list[int] = field(default_factory=list, metadata=_SHALLOW)
    #: The current player's unused dice (sorted values; 7 only after a raise).
    dice: list[int] = field(default_factory=list, metadata=_SHALLOW)
    resources: list[int] = field(default_factory=list, metadata=_SHALLOW)
    somnium: list[int] = field(default_factory=list, metadata=_SHALLOW)
    bank_resources: int = field(default=SUPPLY_RESOURCES, metadata=_SHARE)
    bank_somnium: int = field(default=SUPPLY_SOMNIUM, metadata=_SHARE)
    #: Per seat: the relics held (named by their Ruins tile).
    relics: list[list[str]] = field(default_factory=list, metadata=_NESTED)
    #: Ruins tiles still holding their relic.
    relic_on: list[str] = field(default_factory=list, metadata=_SHALLOW)
    #: Per seat: Technology cards owned.
    cards: list[list[str]] = field(default_factory=list, metadata=_NESTED)
    market: list[str] = field(default_factory=list, metadata=_SHALLOW)
    pile: list[str] = field(default_factory=list, metadata=_SHALLOW)
    #: Once-a-turn effects used this turn.
    used: list[str] = field(default_factory=list, metadata=_SHALLOW)
    #: Re-rolls left this turn: one per Ruins the player held when the turn began.
    rerolls: int = field(default=0, metadata=_SHARE)
    #: The tile holding the Force Field token ("": none, or lost for good).
    shield: str = field(default="", metadata=_SHARE)
    #: The tile holding the Flying Fortress token ("": its owner's reserve, "out": destroyed).
    fortress: str = field(default="", metadata=_SHARE)
    #: Option ``prisoners``: per seat, the hostage it holds as [owner seat, token] (or []).
    hostages: list[list] = field(default_factory=list, metadata=_NESTED)
    #: "field" while the Force Field just bought must be placed, else "".
    pending: str = field(default="", metadata=_SHARE)
    ray_fired: bool = field(default=False, metadata=_SHARE)
    rayed: list[str] = field(default_factory=list, metadata=_SHALLOW)
    #: Dice rolled so far (the next die comes from the seed and this count).
    rolls: int = field(default=0, metadata=_SHARE)
    winner: int = field(default=-1, metadata=_SHARE)
    #: "relics", "somnium", "leviathan" or "rounds" once the game is over.
    win_reason: str = field(default="", metadata=_SHARE)
    #: Every action played so far, in order (the dict form holds their text forms).
    actions: list[Action] = field(default_factory=list, metadata=ACTIONS)
    #: Length of :attr:`actions` at the last action that cannot be taken back.
    barrier: int = field(default=0, metadata={"fingerprint": False, "copy": "share"})
    log_entries: list[dict] = field(default_factory=list, metadata={"fingerprint": False})
    _chance: bool = field(default=False, metadata={"state": False})
    _base: Wiraqocha | None = field(default=None, metadata={"state": False})

    # ----- protocol properties -----

    @property
    def players(self) -> int:
        return self.n

    @property
    def tiles(self) -> dict[str, Tile]:
        """The tiles of this game's rules edition."""
        return TILES_OF[self.edition]

    @property
    def card_info(self) -> dict[str, Card]:
        """The Technology cards of this game's rules edition (costs change in edition 5)."""
        return CARDS_OF[self.edition]

    @property
    def options(self) -> frozenset[str]:
        return self.opts

    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def log(self) -> list[dict]:
        return self.log_entries

    def progress(self, seat: int) -> int:
        """Progress toward the three victories: 3 per relic, 1 per crystal, 1 per 3 Resources
        of card costs, 1 per territory held."""
        spent = sum(self.card_info[c].resources for c in self.cards[seat])
        return (3 * len(self.relics[seat]) + self.somnium[seat] + spent // 3
                + len(self.territories(seat)))

    @property
    def scores(self) -> tuple[int, ...]:
        """Progress points; the winner gets 100 more."""
        return tuple(self.progress(s) + (WIN_BONUS if s == self.winner else 0)
                     for s in range(self.n))

    @property
    def ranking(self) -> tuple[int, ...]:
        """Highest score first; ties go to the player later in the turn order (from rules
        edition 4; to the earlier seat before)."""
        sc = self.scores
        return tuple(sorted(range(self.n), key=lambda s: (-sc[s], self._tie_rank(s))))

    @property
    def tie_rule(self) -> str:
        """How equal progress is ranked under this game's rules edition, in plain words."""
        if self.edition >= 4:
            return "a tie goes to the player later in turn order"
        return "a tie goes to the earlier seat"

    def _tie_rank(self, seat: int) -> int:
        """A tie goes to the lower rank: from edition 4 the player later in the turn order (the
        first player had the initiative), before it the earlier seat."""
        if self.edition >= 4:
            return -((seat - self.first) % self.n)
        return seat

    # ----- board helpers -----

    def occupants(self) -> dict[str, tuple[int, str]]:
        """Tile to (seat, token) of the token on it."""
        out: dict[str, tuple[int, str]] = {}
        for s, tokens in enumerate(self.where):
            for tok, place in tokens.items():
                if place not in OFF_BOARD:
                    out[place] = (s, tok)
        return out

    def territories(self, seat: int) -> list[str]:
        return sorted(p for p in self.where[seat].values() if p not in OFF_BOARD)

    def income(self, seat: int) -> int:
        """The Resources ``seat`` gathers at its Phase I: its Jungles' and the Production
        Tanks' two."""
        gain = sum(self.tiles[p].resources for p in self.where[seat].values()
                   if p not in OFF_BOARD)
        return gain + (2 if "tanks" in self.cards[seat] else 0)

    def adjacent(self, tile: str) -> list[str]:
        i = self.layout.index(tile)
        return [self.layout[j] for j in NEIGHBOURS[i]]

    def feature(self, tile: str) -> str:
        """The tile's feature; with the option ``caves`` tile 7 is the Caves (no Vein)."""
        if tile == CAVES and "caves" in self.opts:
            return "caves"
        return self.tiles[tile].feature

    def _caves_explorer(self, seat: int) -> str | None:
        """The Explorer of ``seat`` on the Caves, if any."""
        if "caves" not in self.opts:
            return None
        for tok, place in self.where[seat].items():
            if place == CAVES and TOKEN_KIND[tok] == "explorer":
                return tok
        return None

    def extraction(self, seat: int) -> int:
        """``seat``'s extraction points: one per Drilling token on the board, two on a Vein."""
        return sum(2 if self.feature(p) == "vein" else 1 for tok, p in self.where[seat].items()
                   if TOKEN_KIND[tok] == "drill" and p not in OFF_BOARD)

    def base_on_board(self, seat: int) -> bool:
        return self.where[seat]["B"] not in OFF_BOARD

    def protection(self, tile: str, occ: dict[str, tuple[int, str]] | None = None) -> int:
        """The value an attacker's die must beat on ``tile`` (0: none)."""
        occ = self.occupants() if occ is None else occ
        g = self.guard.get(tile, 0)
        if tile in occ and occ[tile][1] == "B":
            natural = 1 if occ[tile][0] in self.weak_base else BASE_PROTECTION
            g = max(g, natural)
        return g

    def dice_allowed(self, seat: int) -> int:
        """Phase I: dice for Phase II (3, one more per Village held), less protecting dice
        left on the board."""
        if self.round == 1:
            return BASE_DICE
        villages = sum(1 for t in self.territories(seat) if self.tiles[t].feature == "village")
        kept = sum(1 for t in self.territories(seat) if t in self.guard)
        return max(0, BASE_DICE + villages - kept)

    def leviathan(self, seat: int) -> tuple[int, int]:
        info = self.card_info
        return (sum(info[c].resources for c in self.cards[seat]),
                sum(info[c].somnium for c in self.cards[seat]))

    def _camp_solutions(self, seat: int) -> Iterator[tuple[str, bool, bool, int]]:
        """Each way the Base Camp can be placed with these dice, changed with the Resources the
        player has (a Flying Fortress asks for two beating dice); from rules edition 4 also with
        the Battle Exoskeleton's 6 and the Psychic Probe's 1, if the player may use them: (tile,
        with the Exoskeleton, with the Probe, changes of one pip)."""
        occ = self.occupants()
        budget = self.resources[seat] // MODIFY_COST
        rolls: list[tuple[bool, Sequence[int]]] = [(False, self.dice)]
        probe = False
        if self.edition >= 4:
            if "exo" in self.cards[seat] and "exo" not in self.used:
                rolls += [(True, sorted([*self.dice[:i], *self.dice[i + 1:], 6]))
                          for i, v in enumerate(self.dice) if v < 6 and v not in self.dice[:i]]
            probe = "probe" in self.cards[seat] and "probe" not in self.used
        for tile in self.layout:
            if tile in self.rayed or tile == self.shield or (tile in occ and occ[tile][0] == seat):
                continue
            if self._token_reason(seat, "B", tile, occ) is not None:
                continue
            guard = self.protection(tile, occ)
            beaters = 2 if tile == self.fortress else 1
            guards = [(False, guard)] + ([(True, 1)] if probe and guard > 1 else [])
            for probed, g in guards:
                for exo, dice in rolls:
                    cost = cheapest_change(tile, dice, g, beaters, self.edition)
                    if cost is not None and cost <= budget:
                        yield tile, exo, probed, cost

    def _base_placeable(self, seat: int) -> bool:
        """Whether some solution places the Base Camp (:meth:`_camp_solutions`)."""
        return next(self._camp_solutions(seat), None) is not None

    def _probe_helps(self, seat: int, tile: str) -> bool:
        """Whether the Psychic Probe on ``tile`` lets the Base Camp be placed there (rules
        edition 7: while the camp is off the board, only such a Probe is allowed)."""
        return any(t == tile and probed for t, _, probed, _ in self._camp_solutions(seat))

    def camp_means(self, seat: int) -> list[str]:
        """What can still place ``seat``'s Base Camp this turn, in words (``the Psychic Probe``,
        ``dice changed with Resources``), simplest first (empty: nothing can)."""
        said: list[tuple[int, str]] = []
        for _, exo, probed, cost in self._camp_solutions(seat):
            parts = [name for used, name in ((exo, "the Battle Exoskeleton"),
                                             (probed, "the Psychic Probe")) if used]
            if cost:
                parts.append("dice changed with Resources")
            text = " with ".join(parts) if parts else "these dice as they are"
            said.append((len(parts), text))
        return list(dict.fromkeys(text for _, text in sorted(said)))

    def _base_chance_left(self, seat: int) -> bool:
        """Whether a die still to roll could place the Base Camp: a Ruins re-roll, and from
        rules edition 4 a crystal's sacrifice or the Android Factory."""
        if self.rerolls and self.dice:
            return True
        return self.edition >= 4 and (self.why_not(Sacrifice()) is None
                                      or self.why_not(Factory()) is None)

    def problems(self) -> list[str]:
        """Broken invariants of the position (empty: none). Tests and benches call it after
        every action: one token per territory, every token accounted for, cubes, crystals,
        relics and cards conserved, nothing on a Death-Rayed tile."""
        out: list[str] = []
        placed = [p for w in self.where for p in w.values() if p not in OFF_BOARD]
        if len(placed) != len(set(placed)):
            out.append("two tokens on one territory")
        if set(placed) & set(self.rayed) or set(self.guard) & set(self.rayed):
            out.append("something on a Death-Rayed tile")
        for s, w in enumerate(self.where):
            extra = {CARD_TOKENS[c] for c in self.cards[s] if c in CARD_TOKENS}
            if set(w) != set(OWN_TOKENS) | extra:
                out.append(f"seat {s} holds tokens {sorted(w)}")
        if sorted(self.market + self.pile + [c for cs in self.cards for c in cs]) \
                != sorted(CARD_ORDER):
            out.append("cards not conserved")
        if (sum(self.resources) + self.bank_resources != SUPPLY_RESOURCES
                or sum(self.somnium) + self.bank_somnium != SUPPLY_SOMNIUM
                or min(self.resources + self.somnium + [self.bank_resources,
                                                        self.bank_somnium]) < 0):
            out.append("cubes or crystals not conserved")
        relics = [r for rs in self.relics for r in rs] + self.relic_on
        if len(relics) != len(set(relics)) or len(relics) > 4:
            out.append("relics not conserved")
        if not set(self.guard) <= set(placed) or any(not 1 <= v <= 6
                                                     for v in self.guard.values()):
            out.append("a protecting die off a held territory or off 1-6")
        if any(not 1 <= v <= 7 for v in self.dice):
            out.append("a die off 1-7")
        if self.edition >= 4:
            occ = self.occupants()
            for card, tile in (("field", self.shield), ("fortress", self.fortress)):
                owner = next((s for s in range(self.n) if card in self.cards[s]), -1)
                if tile not in ("", "out") and occ.get(tile, (-1, ""))[0] != owner:
                    out.append(f"the {CARDS[card].name} on a territory its owner does not hold")
        return out

    # ----- reasons -----

    def _token_reason(self, seat: int, token: str, tile: str,
                      occ: dict[str, tuple[int, str]]) -> str | None:
        """Why ``token`` cannot go to (or, plundering, reach) ``tile``."""
        place = self.where[seat].get(token)
        if place is None:
            return f"You have no {W.token_name(token)} to play."
        name = f"Your {W.token_name(token)}"
        if place == "grave":
            return f"{name} is in the Machine's Graveyard."
        if place == "out":
            return f"{name} was destroyed by the Death Ray."
        if place == "held":
            return f"{name} is held hostage."
        if place == tile:
            return f"{name} is already on {W.tile_name(self, tile)}."
        kind = TOKEN_KIND[token]
        if self.tiles[tile].ground == "mountain" and kind != "zeppelin":
            return f"{W.tile_title(self, tile)} is a mountain: only a Zeppelin goes there."
        if tile in occ and TOKEN_KIND[occ[tile][1]] == "zeppelin" and kind != "zeppelin":
            return (f"{W.tile_title(self, tile)} holds a Zeppelin: only a Zeppelin can "
                    "challenge it.")
        if place == "reserve":
            mine = set(self.territories(seat))
            if token == "B" and not mine:
                return None
            if not mine.intersection(self.adjacent(tile)):
                return (f"{tile} does not adjoin your territories: only a token already on "
                        "the board can go there.")
        return None

    def _take_options(self, victim: int) -> list[str]:
        out = ["free"] if self._holds_mine(victim) else []
        out += ["crystal"] if self.somnium[victim] else []
        out += [f"relic:{r}" for r in self.relics[victim]]
        out += [f"card:{c}" for c in self.cards[victim] if CARDS[c].kind == "invention"]
        return out

    def _holds_mine(self, racketeer: int) -> bool:
        """True when ``racketeer`` holds a hostage of the player to move."""
        h = self.hostages[racketeer] if self.hostages else []
        return bool(h) and h[0] == self.turn

    def _hostage_target(self, tile: str, occ: dict[str, tuple[int, str]]) -> bool:
        """True when the token on ``tile`` could be taken hostage."""
        return "prisoners" in self.opts and tile in occ and occ[tile][1] != "B"

    def _why_not_conquer(self, a: Conquer, seat: int) -> str | None:
        if a.tile not in self.tiles:
            return f"There is no territory {a.tile}."
        if a.token not in TOKEN_KIND:
            return "There is no such token."
        if not self.base_on_board(seat) and a.token != "B":
            return "Place your Base Camp first."
        if (not self.base_on_board(seat) and self.edition >= 4
                and a.take not in ("", "hostage")):
            return "Place your Base Camp first: a plunder leaves it in your reserve."
        if a.tile in self.rayed:
            return f"The Death Ray closed {a.tile} for good."
        occ = self.occupants()
        if a.tile in occ and occ[a.tile][0] == seat:
            return "You cannot attack your own token."
        if list(a.dice) != sorted(a.dice) or not a.dice:
            return "Name the dice in increasing order."
        need = Counter(a.dice) + Counter(v for v in (a.beat, a.beat2) if v)
        if need - Counter(self.dice):
            return "You have no such unused dice."
        reason = requirement_reason(a.tile, a.dice)
        if reason is not None:
            return reason
        reason = self._token_reason(seat, a.token, a.tile, occ)
        if reason is not None:
            return reason
        if a.tile == self.shield:
            return f"The Force Field protects {a.tile}."
        guard = self.protection(a.tile, occ)
        if guard and not a.beat:
            return (f"{W.tile_title(self, a.tile)} is protected by a {guard}: add a die that "
                    "beats it.")
        if a.beat and not guard:
            return f"{W.tile_title(self, a.tile)} has no protection to beat."
        if a.beat and a.beat <= guard:
            return f"A {a.beat} does not beat the protecting {guard}."
        doubled = bool(guard) and a.tile == self.fortress
        if doubled and not a.beat2:
            return (f"The Flying Fortress doubles the protecting {guard}: add two dice that "
                    "beat it.")
        if a.beat2 and not doubled:
            return "One die beating the protection is enough here."
        if a.beat2 and (a.beat2 <= guard or a.beat2 < a.beat):
            return f"Both dice must beat the protecting {guard}, the lower named first."
        if a.take in ("", "hostage") and a.token not in self._movable(seat):
            return (f"Your {W.token_name(a.token)}s in the reserve are alike: move the first "
                    "of them.")
        if a.take == "hostage":
            if not self._hostage_target(a.tile, occ):
                return "Only a beaten token other than a Base Camp is taken hostage (prisoners)."
            return None
        if a.take:
            if a.tile not in occ or occ[a.tile][1] != "B":
                return "Only a Base Camp can be plundered."
            if a.take not in self._take_options(occ[a.tile][0]):
                return f"That Base Camp holds no {a.take}."
            plunderers = self._plunderers(seat, a.tile, occ)
            if a.token not in plunderers:
                return (f"A plunder moves no token: make it with your "
                        f"{W.token_name(plunderers[0])}.")
        return None

    def why_not(self, action: Any) -> str | None:
        """Why ``action`` is illegal now (None: it is legal); the one source of reasons."""
        if self.phase == "over":
            return "The game is over."
        seat = self.turn
        mine = self.where[seat]
        if self.phase == "prep":
            match action:
                case Roll():
                    return None
                case Lift(tile):
                    if tile not in self.guard or tile not in self.territories(seat):
                        return "No protecting die of yours is on that territory."
                    return None
                case Swap(z, tok):
                    if TOKEN_KIND.get(z) != "zeppelin" or mine.get(z, "reserve") in OFF_BOARD:
                        return "That is not a Zeppelin of yours on the board."
                    if tok not in mine or TOKEN_KIND[tok] == "zeppelin":
                        return "A Zeppelin is replaced by one of your other tokens."
                    if mine[tok] in LOST:
                        return (f"Your {W.token_name(tok)} is not in your reserve or on "
                                "the board.")
                    return None
                case Cave(tile):
                    if self._caves_explorer(seat) is None:
                        return "You have no Explorer on the Caves."
                    if "cave" in self.used:
                        return "The Caves take one Explorer a turn."
                    if tile not in self.tiles or self.tiles[tile].ground != "mountain":
                        return "The Caves lead to a mountain."
                    if tile in self.occupants() or tile in self.rayed:
                        return f"{W.tile_title(self, tile)} is not free."
                    return None
                case Salvage(tok):
                    if "workshop" not in self.cards[seat]:
                        return "You need the Recovery Workshop."
                    if "salvage" in self.used:
                        return "The Recovery Workshop works once a turn."
                    if mine.get(tok) != "grave":
                        return f"No {W.token_name(tok)} of yours is in the Machine's Graveyard."
                    return None
            return "Roll the dice first (Phase I)."
        # Phase II
        base_first = not self.base_on_board(seat)
        if self.pending == "field":
            if not isinstance(action, Field):
                return "Place the Force Field first."
            if action.tile not in self.territories(seat):
                return f"{action.tile} is not your territory."
            return None
        match action:
            case End():
                if base_first:
                    means = self.camp_means(seat)
                    if means:
                        return ("Place your Base Camp first: " + " or ".join(means[:3])
                                + " can place it.")
                return None
            case Conquer():
                return self._why_not_conquer(action, seat)
            case Reroll(v):
                if not self.rerolls:
                    return "You have no re-roll left (one per Ruins held when the turn began)."
                if v not in self.dice:
                    return f"You have no unused die showing {v}."
                return None
            case Raise(v):
                if v not in self.dice:
                    return f"You have no unused die showing {v}."
                if v >= 7:
                    return "A die cannot go above 7."
                if self.resources[seat] < MODIFY_COST:
                    return "Changing a die costs 2 Resources."
                return None
            case Lower(v):
                if v not in self.dice:
                    return f"You have no unused die showing {v}."
                if v <= 1:
                    return "A die cannot go below 1."
                if self.resources[seat] < MODIFY_COST:
                    return "Changing a die costs 2 Resources."
                return None
            case Roll() | Lift() | Swap() | Salvage():
                return "That is done in Phase I, before the roll."
        if base_first and not (self.edition >= 4
                               and isinstance(action, Exo | Sacrifice | Factory | Probe)):
            return "Place your Base Camp first."
        match action:
            case Protect(tile, v):
                if tile not in self.territories(seat):
                    return f"{W.tile_title(self, tile)} is not your territory."
                if tile in self.guard:
                    return f"{W.tile_title(self, tile)} already has a protecting die."
                if v not in self.dice:
                    return f"You have no unused die showing {v}."
                if v > 6:
                    return "A protecting die shows 1 to 6."
                return None
            case Buy(card):
                if "buy" in self.used:
                    return "You may build once a turn."
                if card not in self.market:
                    return "That card is not face up."
                c = self.card_info[card]
                if self.resources[seat] < c.resources or self.somnium[seat] < c.somnium:
                    return f"{c.name} costs {c.resources} Resources and {c.somnium} Somnium."
                return None
            case Sacrifice():
                if "sacrifice" in self.used:
                    return "You may sacrifice a crystal once a turn."
                if not self.somnium[seat]:
                    return "You have no Somnium crystal."
                return None
            case Factory():
                if "factory" not in self.cards[seat]:
                    return "You need the Android Factory."
                if "factory" in self.used:
                    return "The Android Factory works once a turn."
                if self.resources[seat] < FACTORY_COST:
                    return "The Android Factory takes 3 Resources."
                return None
            case Recover(tok):
                if "recover" in self.used:
                    return "You may recover a token once a turn."
                if mine.get(tok) != "grave":
                    return f"No {W.token_name(tok)} of yours is in the Machine's Graveyard."
                if self.resources[seat] < RECOVER_COST:
                    return "Recovering a token costs 3 Resources."
                return None
            case Exo(v):
                if "exo" not in self.cards[seat]:
                    return "You need the Battle Exoskeleton."
                if "exo" in self.used:
                    return "The Battle Exoskeleton works once a turn."
                if v not in self.dice or v >= 6:
                    return f"You have no unused die showing {v} below 6."
                return None
            case Probe(tile):
                if "probe" not in self.cards[seat]:
                    return "You need the Psychic Probe."
                if "probe" in self.used:
                    return "The Psychic Probe works once a turn."
                occ = self.occupants()
                if tile not in occ or occ[tile][0] == seat:
                    return "The Probe acts on an opponent's territory."
                if self.protection(tile, occ) <= 1:
                    return f"{W.tile_title(self, tile)} has no protection above 1."
                if base_first and self.edition >= 7 and not self._probe_helps(seat, tile):
                    return ("While your Base Camp is off the board, the Probe only acts where "
                            "it lets you place the camp.")
                return None
            case Field():
                return "You have no Force Field to place."
            case Ransom(racketeer, pay):
                if not 0 <= racketeer < self.n or not self._holds_mine(racketeer):
                    return "That player holds no hostage of yours."
                if pay not in ("resources", "crystal"):
                    return "Pay a ransom in resources or a crystal."
                if pay == "resources" and self.resources[seat] < RANSOM_RESOURCES:
                    return "A ransom in Resources is 3 cubes."
                if pay == "crystal" and not self.somnium[seat]:
                    return "You have no Somnium crystal."
                return None
            case Fortress(tile):
                if "fortress" not in self.cards[seat]:
                    return "You need the Flying Fortress."
                if self.fortress == "out":
                    return "The Death Ray destroyed the Flying Fortress."
                if "fortress" in self.used:
                    return "The Flying Fortress moves once a turn."
                if tile not in self.territories(seat) or tile == self.fortress:
                    return "The Flying Fortress goes to another territory of yours."
                return None
            case Tunnel(tile, dice, take):
                if "tunneller" not in self.cards[seat]:
                    return "You need the Transport Tunneller."
                if "tunnel" in self.used:
                    return "The Transport Tunneller works once a turn."
                occ = self.occupants()
                if tile not in occ or occ[tile][1] != "B" or occ[tile][0] == seat:
                    return "The Tunneller plunders an opponent's Base Camp."
                if list(dice) != sorted(dice) or not dice:
                    return "Name the dice in increasing order."
                if Counter(dice) - Counter(self.dice):
                    return "You have no such unused dice."
                reason = requirement_reason(tile, dice)
                if reason is not None:
                    return reason
                if take not in self._take_options(occ[tile][0]):
                    return f"That Base Camp holds no {take}."
                return None
            case Ray(tile):
                if "ray" not in self.cards[seat]:
                    return "You need the Death Ray."
                if self.ray_fired:
                    return "The Death Ray fires once a game."
                if tile not in self.tiles or tile in self.rayed:
                    return "Choose a territory of the valley."
                return None
        return "That is not an action of Wiraqocha."

    # ----- legal actions -----

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action, in a stable order."""
        if self.phase == "over":
            return ()
        seat = self.turn
        mine = self.where[seat]
        out: list[Action] = []
        if self.phase == "prep":
            out.append(Roll())
            out += [Lift(t) for t in self.territories(seat) if t in self.guard]
            for z in TOKEN_ORDER:
                if TOKEN_KIND[z] == "zeppelin" and mine.get(z, "reserve") not in OFF_BOARD:
                    out += [Swap(z, t) for t in TOKEN_ORDER if t in mine
                            and TOKEN_KIND[t] != "zeppelin" and mine[t] not in LOST]
            if "workshop" in self.cards[seat] and "salvage" not in self.used:
                out += [Salvage(t) for t in TOKEN_ORDER if mine.get(t) == "grave"]
            if self._caves_explorer(seat) is not None and "cave" not in self.used:
                occ = self.occupants()
                out += [Cave(t) for t in self.layout if self.tiles[t].ground == "mountain"
                        and t not in occ and t not in self.rayed]
            return tuple(out)
        if self.pending == "field":
            return tuple(Field(t) for t in self.territories(seat))
        out += self._conquests(seat)
        values = sorted(set(self.dice))
        if self.resources[seat] >= MODIFY_COST:
            out += [Raise(v) for v in values if v < 7]
            out += [Lower(v) for v in values if v > 1]
        if self.rerolls:
            out += [Reroll(v) for v in values]
        if self.base_on_board(seat):
            for t in self.territories(seat):
                if t not in self.guard:
                    out += [Protect(t, v) for v in values if v <= 6]
            out += [Buy(c) for c in self.market if self.why_not(Buy(c)) is None]
            for a in (Sacrifice(), Factory()):
                if self.why_not(a) is None:
                    out.append(a)
            if "recover" not in self.used and self.resources[seat] >= RECOVER_COST:
                out += [Recover(t) for t in TOKEN_ORDER if mine.get(t) == "grave"]
            if "exo" in self.cards[seat] and "exo" not in self.used:
                out += [Exo(v) for v in values if v < 6]
            if "probe" in self.cards[seat] and "probe" not in self.used:
                occ = self.occupants()
                out += [Probe(t) for t in self.layout if t in occ and occ[t][0] != seat
                        and self.protection(t, occ) > 1]
            if ("fortress" in self.cards[seat] and "fortress" not in self.used
                    and self.fortress != "out"):
                out += [Fortress(t) for t in self.territories(seat) if t != self.fortress]
            for r in range(self.n):
                if r != seat and self.hostages and self._holds_mine(r):
                    if self.resources[seat] >= RANSOM_RESOURCES:
                        out.append(Ransom(r, "resources"))
                    if self.somnium[seat]:
                        out.append(Ransom(r, "crystal"))
            if "tunneller" in self.cards[seat] and "tunnel" not in self.used:
                occ = self.occupants()
                for t in self.layout:
                    if t in occ and occ[t][1] == "B" and occ[t][0] != seat:
                        for dice in requirement_options(t, self.dice):
                            out += [Tunnel(t, dice, x) for x in self._take_options(occ[t][0])]
            if "ray" in self.cards[seat] and not self.ray_fired:
                out += [Ray(t) for t in self.layout if t not in self.rayed]
        elif self.edition >= 4:
            # "any solution allowed by the rules" may place a lost Base Camp (edition 4).
            for a in (Sacrifice(), Factory()):
                if self.why_not(a) is None:
                    out.append(a)
            if "exo" in self.cards[seat] and "exo" not in self.used:
                out += [Exo(v) for v in values if v < 6]
            if "probe" in self.cards[seat] and "probe" not in self.used:
                occ = self.occupants()
                out += [Probe(t) for t in self.layout if t in occ and occ[t][0] != seat
                        and self.protection(t, occ) > 1
                        and (self.edition < 7 or self._probe_helps(seat, t))]
        if self.base_on_board(seat) or not self._base_placeable(seat):
            out.append(End())
        return tuple(out)

    def _movable(self, seat: int) -> list[str]:
        """The tokens ``seat`` may move now, in token order; from rules edition 7 one of each
        name in the reserve (tokens of one name there are alike: one choice for them)."""
        mine = self.where[seat]
        if not self.base_on_board(seat):
            return ["B"]
        if self.edition < 7:
            return [t for t in TOKEN_ORDER if t in mine]
        first = {W.token_name(t): t for t in reversed(TOKEN_ORDER) if mine.get(t) == "reserve"}
        return [t for t in TOKEN_ORDER
                if t in mine and (mine[t] != "reserve" or first[W.token_name(t)] == t)]

    def _plunderers(self, seat: int, tile: str, occ: dict) -> list[str]:
        """The tokens with which ``seat`` may plunder the camp on ``tile``: from rules edition
        7 only the first that reaches it (a plunder moves no token, so any is as good)."""
        movers = [t for t in self._movable(seat) if self._token_reason(seat, t, tile, occ) is None]
        return movers[:1] if self.edition >= 7 else movers

    def _conquests(self, seat: int) -> list[Conquer]:
        occ = self.occupants()
        base_first = not self.base_on_board(seat)
        tokens = self._movable(seat)
        out: list[Conquer] = []
        for tile in self.layout:
            if tile in self.rayed or (tile in occ and occ[tile][0] == seat):
                continue
            options = requirement_options(tile, self.dice)
            if not options:
                continue
            if tile == self.shield:
                continue
            movers = [t for t in tokens if self._token_reason(seat, t, tile, occ) is None]
            if not movers:
                continue
            guard = self.protection(tile, occ)
            takes = [""]
            if tile in occ and occ[tile][1] == "B" and not (base_first and self.edition >= 4):
                takes += self._take_options(occ[tile][0])
            if self._hostage_target(tile, occ):
                takes.append("hostage")
            doubled = bool(guard) and tile == self.fortress
            for dice in options:
                left = Counter(self.dice) - Counter(dice)
                high = sorted(v for v in left if v > guard)
                if not guard:
                    beats = [(0, 0)]
                elif doubled:
                    beats = sorted({(a, b) for i, a in enumerate(sorted(left.elements()))
                                    for b in sorted(left.elements())[i + 1:]
                                    if a > guard and b > guard})
                else:
                    beats = [(v, 0) for v in high]
                plunderers = self._plunderers(seat, tile, occ) if len(takes) > 1 else []
                for beat, beat2 in beats:
                    for tok in movers:
                        out += [Conquer(tile, tok, dice, beat, x, beat2) for x in takes
                                if x in ("", "hostage") or tok in plunderers]
        return out

    # ----- play -----

    def _say(self, text: str, seat: int | None, event: dict | None = None) -> None:
        """Log ``text``; ``n`` is the number of the action that wrote it (0: the setup),
        ``event`` the kind and figures of an automatic step (docs/wiraqocha/WIRAQOCHA.md, "The
        log")."""
        entry: dict[str, Any] = {"text": text, "seat": seat, "round": self.round,
                                 "n": len(self.actions)}
        if event is not None:
            entry["event"] = event
        self.log_entries.append(entry)

    def name(self, seat: int) -> str:
        """The name of ``seat``."""
        return self.names[seat] if seat < len(self.names) else f"Player {seat + 1}"

    def _die(self) -> int:
        value = random.Random(f"{self.seed}/{self.rolls}").randint(1, 6)
        self.rolls += 1
        return value

    def _roll(self, k: int) -> list[int]:
        got = [self._die() for _ in range(k)]
        self.dice = sorted(self.dice + got)
        self._chance = True
        return got

    def _use(self, *values: int) -> None:
        for v in values:
            self.dice.remove(v)

    def _vacate(self, tile: str) -> None:
        """A token leaves ``tile``: its protecting die goes, and a Force Field is lost."""
        self.guard.pop(tile, None)
        if tile == self.shield:
            self.shield = ""
        if tile == self.fortress:
            self.fortress = ""

    def _gain_resources(self, seat: int, k: int) -> None:
        k = min(k, self.bank_resources)
        self.resources[seat] += k
        self.bank_resources -= k

    def _pay_resources(self, seat: int, k: int) -> None:
        self.resources[seat] -= k
        self.bank_resources += k

    def _move(self, seat: int, token: str, tile: str) -> None:
        """Put ``token`` of ``seat`` on ``tile`` (from the reserve or another tile)."""
        old = self.where[seat][token]
        if old not in OFF_BOARD:
            self._vacate(old)
        self.where[seat][token] = tile
        if TOKEN_KIND[token] == "explorer" and tile in self.relic_on:
            self.relic_on.remove(tile)
            self.relics[seat].append(tile)
            self._say(f"{self.name(seat)} finds the relic of {W.tile_name(self, tile)}.", seat)

    def apply(self, action: Action) -> bool:
        """The rules' effect of ``action`` (:meth:`History.apply`): it cannot be taken back when
        dice were rolled or cards turned up, or the turn ended."""
        self._chance = False
        seat = self.turn
        who = self.name(seat)
        match action:
            case Roll():
                k = self.dice_allowed(seat)
                got = self._roll(k)
                self.phase = "act"
                self._say(f"{who} rolls {', '.join(map(str, got)) or 'no dice'}.", seat)
            case Lift(tile):
                value = self.guard.pop(tile)
                self._say(f"{who} takes back the protecting {value} of "
                          f"{W.tile_name(self, tile)}.", seat)
                self.log_entries[-1]["lifted"] = [tile, value]
            case Swap(z, tok):
                tile = self.where[seat][z]
                said = (f"{who} replaces the {W.token_name(z)} on {W.tile_name(self, tile)} by "
                        f"{W.token_from(self, seat, tok)}.")
                self.where[seat][z] = "reserve"
                old = self.where[seat][tok]
                if old not in OFF_BOARD:
                    self._vacate(old)
                self.where[seat][tok] = tile
                if TOKEN_KIND[tok] == "explorer" and tile in self.relic_on:
                    self.where[seat][tok] = old
                    self._move(seat, tok, tile)
                self._say(said, seat)
            case Cave(tile):
                explorer = self._caves_explorer(seat)
                assert explorer is not None
                self._move(seat, explorer, tile)
                self.used.append("cave")
                self._say(f"{who}'s {W.token_name(explorer)} crosses the Caves to "
                          f"{W.tile_name(self, tile)}.", seat)
            case Salvage(tok):
                self.where[seat][tok] = "reserve"
                self.used.append("salvage")
                self._say(f"{who}'s Recovery Workshop brings {W.a_token(tok)} back.", seat)
            case Conquer():
                self._conquer(seat, action)
            case Protect(tile, v):
                self._use(v)
                self.guard[tile] = v
                self._say(f"{who} protects {W.tile_name(self, tile)} with a {v}.", seat)
            case Raise(v):
                self._pay_resources(seat, MODIFY_COST)
                self._use(v)
                self.dice = sorted([*self.dice, v + 1])
                self._say(f"{who} turns a {v} into a {v + 1}.", seat)
            case Lower(v):
                self._pay_resources(seat, MODIFY_COST)
                self._use(v)
                self.dice = sorted([*self.dice, v - 1])
                self._say(f"{who} turns a {v} into a {v - 1}.", seat)
            case Reroll(v):
                self._use(v)
                self.rerolls -= 1
                got = self._roll(1)
                self._say(f"{who} re-rolls a {v} (Ruins): {got[0]}.", seat)
            case Buy(card):
                c = self.card_info[card]
                self._pay_resources(seat, c.resources)
                self.somnium[seat] -= c.somnium
                self.bank_somnium += c.somnium
                self.market.remove(card)
                self.cards[seat].append(card)
                self.used.append("buy")
                if card in CARD_TOKENS:
                    self.where[seat][CARD_TOKENS[card]] = "reserve"
                if card == "field":
                    self.pending = "field"
                self._say(f"{who} builds the {c.name}.", seat)
            case Sacrifice():
                self.somnium[seat] -= 1
                self.bank_somnium += 1
                self.used.append("sacrifice")
                got = self._roll(1)
                self._say(f"{who} sacrifices a crystal and rolls a {got[0]}.", seat)
            case Factory():
                self._pay_resources(seat, FACTORY_COST)
                self.used.append("factory")
                got = self._roll(1)
                self._say(f"{who}'s Android Factory rolls a {got[0]}.", seat)
            case Recover(tok):
                self._pay_resources(seat, RECOVER_COST)
                self.where[seat][tok] = "reserve"
                self.used.append("recover")
                self._say(f"{who} recovers {W.a_token(tok)} from the Graveyard.", seat)
            case Exo(v):
                self._use(v)
                self.dice = sorted([*self.dice, 6])
                self.used.append("exo")
                self._say(f"{who}'s Battle Exoskeleton turns a {v} into a 6.", seat)
            case Probe(tile):
                occ = self.occupants()
                owner, tok = occ[tile]
                if tile in self.guard:
                    self.guard[tile] = 1
                if tok == "B" and owner not in self.weak_base:
                    self.weak_base.append(owner)
                self.used.append("probe")
                self._say(f"{who}'s Psychic Probe weakens {W.tile_name(self, tile)} to a 1.",
                          seat)
            case Ray(tile):
                occ = self.occupants()
                if tile in occ:
                    owner, tok = occ[tile]
                    self.where[owner][tok] = "reserve" if tok == "B" else "out"
                self.guard.pop(tile, None)
                if tile in self.relic_on:
                    self.relic_on.remove(tile)
                self.rayed.append(tile)
                if tile == self.shield:
                    self.shield = ""
                if tile == self.fortress:
                    self.fortress = "out"
                self.ray_fired = True
                self._say(f"{who} fires the Death Ray on {W.tile_name(self, tile)}.", seat)
            case Fortress(tile):
                self.fortress = tile
                self.used.append("fortress")
                self._say(f"{who} moves the Flying Fortress to {W.tile_name(self, tile)}.",
                          seat)
            case Field(tile):
                self.shield, self.pending = tile, ""
                self._say(f"{who} puts the Force Field on {W.tile_name(self, tile)}.", seat)
            case Ransom(racketeer, pay):
                if pay == "resources":
                    self.resources[seat] -= RANSOM_RESOURCES
                    self.resources[racketeer] += RANSOM_RESOURCES
                else:
                    self.somnium[seat] -= 1
                    self.somnium[racketeer] += 1
                self._release(racketeer)
                self._say(f"{who} pays a ransom ({W.RANSOM_WORDS.get(pay, pay)}) to "
                          f"{self.name(racketeer)}.", seat)
            case Tunnel(tile, dice, take):
                self._use(*dice)
                self.used.append("tunnel")
                self._plunder(seat, self.occupants()[tile][0], take, tile,
                              f"the Transport Tunneller and {W.dice_words(dice)}")
            case End():
                self._say(f"{who} ends the turn.", seat)
                self._end_turn(seat)
                return self._chance
        if self.phase == "act" and not self.base_on_board(seat) and not self._base_placeable(seat) \
                and not self._base_chance_left(seat):
            self._say(f"{who} cannot place the Base Camp: the turn stops.", seat,
                      {"kind": "stop"})
            self._end_turn(seat)
            return self._chance
        self._check_win(seat)
        return self._chance

    def _conquer(self, seat: int, a: Conquer) -> None:
        who = self.name(seat)
        came = W.token_from(self, seat, a.token).replace(" from the reserve", "")
        occ = self.occupants()
        self._use(*a.dice)
        self._use(*(v for v in (a.beat, a.beat2) if v))
        victim = occ.get(a.tile)
        if a.take and a.take != "hostage":
            assert victim is not None
            self._plunder(seat, victim[0], a.take, a.tile, W.dice_words(a.dice))
            return
        if victim is not None:
            owner, tok = victim
            self.where[owner][tok] = "reserve" if tok == "B" else "grave"
            if a.take == "hostage":
                if self.hostages[seat]:
                    self._release(seat)
                self.where[owner][tok] = "held"
                self.hostages[seat] = [owner, tok]
            self._vacate(a.tile)
            self._say(f"{who} drives {self.name(owner)}'s {W.token_name(tok)} off "
                      f"{W.tile_name(self, a.tile)}.", seat)
        self._move(seat, a.token, a.tile)
        self._say(f"{who} takes {W.tile_name(self, a.tile)} with {came} "
                  f"({W.dice_words(a.dice)}).", seat)

    def _release(self, racketeer: int) -> None:
        """The hostage ``racketeer`` holds goes back to its owner's reserve."""
        owner, tok = self.hostages[racketeer]
        if self.where[owner].get(tok) == "held":
            self.where[owner][tok] = "reserve"
        self.hostages[racketeer] = []

    def _plunder(self, seat: int, victim: int, take: str, tile: str, used: str) -> None:
        """``seat`` plunders ``victim``'s Base Camp on ``tile`` with ``used`` (words: the dice,
        or the Tunneller and its dice)."""
        who, whom = self.name(seat), self.name(victim)
        if take == "free":
            self._release(victim)
        elif take == "crystal":
            self.somnium[victim] -= 1
            self.somnium[seat] += 1
        elif take.startswith("relic:"):
            relic = take.split(":", 1)[1]
            self.relics[victim].remove(relic)
            self.relics[seat].append(relic)
        else:
            card = take.split(":", 1)[1]
            self.cards[victim].remove(card)
            self.cards[seat].append(card)
            tok = CARD_TOKENS.get(card)
            if tok is not None and tok in self.where[victim]:
                place = self.where[victim].pop(tok)
                if place == "held":  # a held card token comes free with its card
                    place = "reserve"
                    for h in self.hostages:
                        if h == [victim, tok]:
                            h.clear()
                self.where[seat][tok] = place
                if place not in OFF_BOARD:
                    if self.edition >= 4:
                        # The territory changes hands: the Force Field is lost and the Flying
                        # Fortress goes home, as when the owner's token leaves it.
                        self._vacate(place)
                    self.guard.pop(place, None)
        self._say(f"{who} plunders {whom}'s Base Camp on {W.tile_name(self, tile)} with {used}: "
                  f"{W.plunder_words(self, take)}.", seat)

    def _check_win(self, seat: int) -> None:
        for s in [seat] + [x for x in range(self.n) if x != seat]:
            reason = ""
            if len(self.relics[s]) == 4:
                reason = "relics"
            elif self.somnium[s] >= SOMNIUM_WIN[self.n]:
                reason = "somnium"
            else:
                r, sm = self.leviathan(s)
                need_r, need_s = LEVIATHAN[self.n]
                if r >= need_r and sm >= need_s:
                    reason = "leviathan"
            if reason:
                self._finish(s, reason)
                return

    def _finish(self, seat: int, reason: str) -> None:
        self.winner, self.win_reason, self.phase = seat, reason, "over"
        self.dice = []
        how = {"relics": "the four relics", "somnium": "a cargo of Somnium",
               "leviathan": "the Leviathan", "rounds": "the most progress"}[reason]
        self._say(f"{self.name(seat)} wins with {how}.", seat, {"kind": "win", "reason": reason})

    def _end_turn(self, seat: int) -> None:
        who = self.name(seat)
        if self.base_on_board(seat):
            k = min(self.extraction(seat) // 2, self.bank_somnium)
            self.somnium[seat] += k
            self.bank_somnium -= k
            if k:
                self._say(f"{who} harvests {k} Somnium.", seat, {"kind": "harvest", "somnium": k})
        if self.resources[seat] > RESOURCE_LIMIT:
            back = self.resources[seat] - RESOURCE_LIMIT
            self._pay_resources(seat, back)
            self._say(f"{who} returns {back} Resources above the limit of {RESOURCE_LIMIT}.", seat,
                      {"kind": "returned", "resources": back})
        self.dice = []
        self.used = []
        self.rerolls = 0
        while len(self.market) < 3 and self.pile:
            self.market.append(self.pile.pop())
            self._chance = True
        self._chance = True
        self._check_win(seat)
        if self.phase == "over":
            return
        self.turn = (seat + 1) % self.n
        if self.turn == self.first:
            self.round += 1
            if self.round > ROUND_CAP:
                best = max(range(self.n), key=lambda s: (self.progress(s), -self._tie_rank(s)))
                self._finish(best, "rounds")
                return
        self._begin_turn()

    def _begin_turn(self) -> None:
        seat = self.turn
        self.phase = "prep"
        if seat in self.weak_base:
            self.weak_base.remove(seat)
        self.rerolls = sum(1 for t in self.territories(seat) if self.feature(t) == "ruins")
        gain = self.income(seat)
        self._gain_resources(seat, gain)
        if gain:
            self._say(f"{self.name(seat)} gathers {gain} Resource{'s' if gain > 1 else ''}.", seat,
                      {"kind": "gather", "resources": gain})

    def set_up(self) -> None:
        """Lay out the valley, deal the market and draw the first player (a game just made with
        its seed, seats, names, options and edition)."""
        players, edition = self.n, self.edition
        rng = random.Random(self.seed)
        layout = list(TILE_ORDER)
        rng.shuffle(layout)
        if "first_layout" in self.opts:
            layout = list(FIRST_LAYOUT_OF[edition])
        pile = list(CARD_ORDER)
        rng.shuffle(pile)
        # "Randomly designate which player will start first" (rules edition 4; seat 0 before).
        self.layout = tuple(layout)
        self.turn = self.first = rng.randrange(players) if edition >= 4 else 0
        self.where = [{t: "reserve" for t in OWN_TOKENS} for _ in range(players)]
        self.resources = [0] * players
        self.somnium = [0] * players
        self.relics = [[] for _ in range(players)]
        self.cards = [[] for _ in range(players)]
        self.hostages = [[] for _ in range(players)]
        self.relic_on = sorted(t for t in TILE_ORDER if self.tiles[t].feature == "ruins")
        self.market = [pile.pop() for _ in range(3)]
        self.pile = pile
        self._say(f"A {players}-player game of Wiraqocha begins.", None)
        self._begin_turn()
        self.keep_setup()

    # ----- protocol: preview, undo, observation -----

    def describe(self, action: Any) -> str:
        """``action`` in plain words for the player to move (``str(action)`` is its text form,
        for saves): buttons, choices and captions show this."""
        return W.describe(self, action)

    def preview(self, action: Any) -> dict:
        """What ``action`` would do, from a copy that plays it (a roll is not made)."""
        reason = self.why_not(action)
        seat = self.turn
        if reason is not None:
            return {"seat": seat, "text": reason, "legal": False}
        if isinstance(action, Roll | Sacrifice | Factory):
            k = self.dice_allowed(seat) if isinstance(action, Roll) else 1
            return {"seat": seat, "text": W.describe(self, action), "legal": True, "dice": k}
        after = self.copy()
        after.apply(action)
        diff = {
            "territories": len(after.territories(seat)) - len(self.territories(seat)),
            "resources": after.resources[seat] - self.resources[seat],
            "somnium": after.somnium[seat] - self.somnium[seat],
            "relics": len(after.relics[seat]) - len(self.relics[seat]),
            "cards": len(after.cards[seat]) - len(self.cards[seat]),
        }
        text = W.describe(self, action)
        if W.figures(diff, text):
            text += ": " + W.figures(diff, text)
        if after.is_over:
            text += f" (wins with {W.WIN_WORDS.get(after.win_reason, 'it')})"
        return {"seat": seat, "text": text, "legal": True, **diff}

    def undoable(self) -> int:
        """Actions that may be taken back: those since the last roll or end of turn."""
        return len(self.actions) - self.barrier if self._base is not None else 0

    def undo_refusal(self) -> str:
        """Why the player to move may take nothing back now, in a sentence ('' when they may)."""
        if self.undoable():
            return ""
        shared = self.replay_refusal(self.is_over, self._base, self.actions)
        if shared:
            return shared
        if isinstance(self.actions[-1], End):
            return "Your turn has just begun: there is nothing of it to take back yet."
        return "The dice have been rolled since, and a roll cannot be taken back."

    def observation(self, seat: int | None) -> dict:
        """What ``seat`` may know (None: a spectator); see docs/wiraqocha/WIRAQOCHA.md."""
        return observe(self, seat)
