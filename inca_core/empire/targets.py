"""What an Inca Empire action acts on, for a page or any other front end.

Board elements are named ``"<kind>:<id>"`` with the kinds of the drawing's data attributes:
``connection`` (a printed connection or a Wilderness Road id), ``site``, ``region``, and off the
map ``card`` (a Sun Event card kind in hand) and ``quadrant`` (``q0``...). A front end shows an
action on its elements and, for a click on an element where nothing is legal, asks
:func:`usual_action` which action to ask the engine about (the engine then gives the reason).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from inca_core.empire import phases
from inca_core.empire.actions import Action
from inca_core.empire.board import board_for

#: Element kind of the id each action kind names (the Sun action names a card and a quadrant).
_ELEMENT_OF_KIND: dict[str, str] = {
    "road": "connection",
    "xroad": "connection",
    "city": "site",
    "garrison": "site",
    "temple": "site",
    "upgrade": "site",
    "conquer": "region",
    "rapid": "region",
    "terrace": "region",
}


#: Map element kind to the action kinds a click on it may mean, the usual one first.
_USUAL: dict[str, tuple[str, ...]] = {
    "connection": ("road", "xroad"),
    "site": ("city", "garrison", "temple", "upgrade"),
    "region": ("conquer", "terrace"),
}


def elements(action: Action) -> tuple[str, ...]:
    """The elements ``action`` acts on (empty for ``end``, ``pass`` and a pilgrimage)."""
    if action.kind == "sun":
        return (f"card:{action.target}", f"quadrant:{action.extra}")
    element = _ELEMENT_OF_KIND.get(action.kind)
    if element is None or not action.target:
        return ()
    return (f"{element}:{action.target}",)


def by_element(actions: Iterable[Action]) -> dict[str, list[Action]]:
    """Element to the actions (in the order given) that act on it."""
    out: dict[str, list[Action]] = {}
    for action in actions:
        for element in elements(action):
            out.setdefault(element, []).append(action)
    return out


def worth_asking(actions: Iterable[Action], legal: Iterable[Action]) -> list[Action]:
    """The actions a click on one element offers, of ``actions`` (the legal ones acting on it),
    leaving out one the rules make never better than another of them.

    A bought road (``xroad L``) is left out when the free road on the same connection
    (``road L``) is legal too: both are legal only at the start of a turn, and building free
    first reaches every position buying first does (the construction can still buy a road after
    road building, with the same labor and the same connections open). The one exception keeps
    both: a pilgrimage in place of road building is legal now, which a free road would rule
    out."""
    actions = list(actions)
    free = {a.target for a in actions if a.kind == "road"}
    if not free or any(a.kind == "pilgrim" and a.extra == "roads" for a in legal):
        return actions
    return [a for a in actions if not (a.kind == "xroad" and a.target in free)]


def usual_action(game: Any, element: str) -> Action | None:
    """The action a click on map ``element`` usually means for the player to move.

    A legal action there comes first; otherwise the one whose refusal explains the click best:
    a terrace on a region the player holds, a conquest elsewhere; a temple where a city or
    garrison stands, else what the site's printed kind allows; on a connection a free road, or a
    bought one while only those are legal. ``None`` for an element that is not on the map.
    """
    kind, _, target = element.partition(":")
    if kind not in _USUAL:
        return None
    legal = game.legal_actions()
    for action in legal:
        if element in elements(action):
            return action
    legal_kinds = {a.kind for a in legal}
    usual = next((k for k in _USUAL[kind] if k in legal_kinds), _USUAL[kind][0])
    mover = game.current_player
    if kind == "region":
        # Ownership is public: the spectator observation shows it.
        owner = game.observation(None)["regions"].get(target, {}).get("owner")
        usual = "terrace" if mover is not None and owner == mover else "conquer"
    elif kind == "site":
        built = game.observation(None)["sites"].get(target, {})
        site = board_for(game.players).sites.get(target)
        if built.get("improvement"):
            usual = "temple"
        elif site is not None and site.kind in ("city", "garrison"):
            usual = site.kind
    return Action(usual, target)


def income_split(game: Any, seat: int) -> dict[str, int] | None:
    """``seat``'s labor income at the next Inca phase by source, before aid.

    Keys ``era`` (the era box), ``markers``, ``terraces`` (labor from each) and ``total``
    (``game.income_forecast()[seat]``). ``None`` when no Inca phase is left.
    """
    forecast = game.income_forecast()
    if forecast is None:
        return None
    era, markers, terraces = phases.income(game, seat, game.round_i + 1)
    return {"era": era, "markers": markers, "terraces": terraces, "total": forecast[seat]}
