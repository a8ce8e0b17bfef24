"""What each Goal card measures on the table, and the best three goals of a player."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from inca_core.cardgame.cards import CARDS, FOODS, GOALS, Card, goal_need

if TYPE_CHECKING:
    from inca_core.cardgame.game import CardGame


def _cards(g: CardGame, seat: int) -> list[tuple[tuple[int, int], Card]]:
    """The cells of ``seat``'s network with their cards."""
    grid = g.grid()
    return [(c, CARDS[grid[c]]) for c in sorted(g.network(seat))]


def _column_cities(column: int) -> Callable[[CardGame, int], int]:
    def measure(g: CardGame, seat: int) -> int:
        # Before rules edition 3 Machu Picchu (column 3) counted as a mountain City.
        return sum(1 for c, card in _cards(g, seat) if card.is_city and (
            c[0] if g.edition >= 3 else min(c[0], 2)) == column)
    return measure


def _colcas(g: CardGame, seat: int) -> int:
    return sum(1 for _, card in _cards(g, seat) if card.is_colca)


def _wild(g: CardGame, seat: int) -> int:
    return sum(1 for _, card in _cards(g, seat) if card.column == "wild")


def _food(food: str) -> Callable[[CardGame, int], int]:
    def measure(g: CardGame, seat: int) -> int:
        return g.food_tokens(seat)[food]
    return measure


def _each_food(g: CardGame, seat: int) -> int:
    return min(g.food_tokens(seat).values())


def _temple_tokens(g: CardGame, seat: int) -> int:
    return sum(k for s, k in g.temples.values() if s == seat)


def _temples(g: CardGame, seat: int) -> int:
    return sum(1 for s, _ in g.temples.values() if s == seat)


def _north(g: CardGame, seat: int) -> int:
    return max(r for _, r in g.network(seat))


def _south(g: CardGame, seat: int) -> int:
    return -min(r for _, r in g.network(seat))


def _roads(g: CardGame, seat: int) -> int:
    return sum(1 for v in g.roads.values() if v[seat])


def _built(kind: str) -> Callable[[CardGame, int], int]:
    def measure(g: CardGame, seat: int) -> int:
        return sum(1 for k, s in g.owner.items() if s == seat and CARDS[g.table[k]].kind == kind)
    return measure


def _fame(g: CardGame, seat: int) -> int:
    return sum(v[seat] for v in g.fame.values())


def _three_columns(g: CardGame, seat: int) -> int:
    cells = g.network(seat)
    return min(sum(1 for c in cells if c[0] == col) for col in range(3))


def _huts(g: CardGame, seat: int) -> int:
    return sum(g.food_tokens(seat).values())


#: Measure id to (the condition as a player reads it, with ``{n}``; the measure).
MEASURES: dict[str, tuple[str, Callable[[CardGame, int], int]]] = {
    "coast_cities": ("{n}+ coastal Cities on your route", _column_cities(0)),
    "plateau_cities": ("{n}+ plateau Cities on your route (Cuzco counts)", _column_cities(1)),
    "mountain_cities": ("{n}+ mountain Cities on your route", _column_cities(2)),
    "colcas": ("{n}+ Colcas on your route", _colcas),
    "wild_colcas": ("{n}+ Wild Colcas on your route", _wild),
    "fish": ("{n}+ of your tokens on fish huts", _food("fish")),
    "corn": ("{n}+ of your tokens on corn huts", _food("corn")),
    "potato": ("{n}+ of your tokens on potato huts", _food("potato")),
    "each_food": ("{n}+ of your tokens on each food", _each_food),
    "temple_tokens": ("{n}+ of your tokens on temples", _temple_tokens),
    "temples": ("{n}+ temples you stack on", _temples),
    "north": ("your route reaches {n}+ rows north of Cuzco", _north),
    "south": ("your route reaches {n}+ rows south of Cuzco", _south),
    "north_and_south": ("your route reaches {n}+ rows north and {n}+ south", lambda g, s: min(
        _north(g, s), _south(g, s))),
    "roads": ("{n}+ roads of yours", _roads),
    "terraces": ("{n}+ Terraces", lambda g, s: len(g.terraces[s])),
    "cities_built": ("{n}+ Cities you built", _built("city")),
    "colcas_built": ("{n}+ Colcas you built", _built("colca")),
    "fame": ("{n}+ of your fame tokens on the table", _fame),
    "three_columns": ("{n}+ places on your route in each column", _three_columns),
    "huts": ("{n}+ of your tokens on storage huts", _huts),
    "places": ("{n}+ places on your route", lambda g, s: len(g.network(s))),
}

assert all(goal.measure in MEASURES for goal in GOALS.values())
assert set(FOODS) == {"fish", "corn", "potato"}


def goal_value(g: CardGame, seat: int, goal_id: str) -> int:
    """The goal's VP if ``seat`` meets it now, else 0."""
    goal = GOALS[goal_id]
    met = MEASURES[goal.measure][1](g, seat) >= goal_need(goal_id, g.n, g.edition)
    return goal.vp if met else 0


def goal_progress(g: CardGame, seat: int, goal_id: str) -> float:
    """How far ``seat`` is towards the goal, 0.0 to 1.0."""
    have = MEASURES[GOALS[goal_id].measure][1](g, seat)
    return min(1.0, max(0, have) / goal_need(goal_id, g.n, g.edition))


def best_goals(g: CardGame, seat: int) -> tuple[list[str], int]:
    """The three goals of ``seat`` the engine scores (most VP first) and their total."""
    values = sorted(((goal_value(g, seat, gid), gid) for gid in g.goals[seat]),
                    key=lambda x: (-x[0], x[1]))[:3]
    return [gid for _, gid in values], sum(v for v, _ in values)
