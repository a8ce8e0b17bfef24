"""Wiraqocha's actions and pieces in plain words, for buttons, captions, hover and the log.

Tiles are named by their feature and printed requirement ("the Jungle 3-4-5", "the Ruins 9",
"territory 5"), tokens by their kind ("Explorer", "Drilling token"), dice by their values; never
by the ids of the text form (``conquer 11 E2 5+6``), which stays for saves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from inca_core.wiraqocha import targets
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
)
from inca_core.wiraqocha.data import (
    CARDS,
    CAVES,
    FACTORY_COST,
    MODIFY_COST,
    RECOVER_COST,
    RESOURCE_LIMIT,
    TOKEN_KIND,
)

if TYPE_CHECKING:
    from inca_core.wiraqocha.game import Wiraqocha

#: What a player calls each token.
TOKEN_NAMES = {"B": "Base Camp", "E1": "Explorer", "E2": "Explorer", "AE": "Android Explorer",
               "D1": "Drilling token", "D2": "Drilling token", "MM": "Mechanical Miner",
               "Z1": "Zeppelin", "Z2": "Zeppelin", "JG": "Juggernaut"}
FEATURE_WORDS = {"jungle": "Jungle", "ruins": "Ruins", "village": "Village", "vein": "Vein",
                 "caves": "Caves"}
#: How a preview names each figure it counts (one, many).
FIGURES = {"territories": ("territory", "territories"), "resources": ("Resource", "Resources"),
           "somnium": ("Somnium", "Somnium"), "relics": ("relic", "relics"),
           "cards": ("Technology card", "Technology cards")}
WIN_WORDS = {"relics": "the four relics", "somnium": "a cargo of Somnium",
             "leviathan": "the Leviathan", "rounds": "the most progress"}
RANSOM_WORDS = {"resources": "3 Resources", "crystal": "a Somnium crystal"}


def tile_name(game: Wiraqocha, tile: str) -> str:
    """``the Jungle 3-4-5``, ``the Ruins 9``, ``the Caves``, ``territory 5``."""
    feature = game.feature(tile)
    if feature == "caves":
        return "the Caves"
    if feature:
        return f"the {FEATURE_WORDS[feature]} {tile}"
    return f"territory {tile}"


def tile_title(game: Wiraqocha, tile: str) -> str:
    """:func:`tile_name` at the start of a sentence: ``The Jungle 3-4-5``, ``Territory 5``."""
    name = tile_name(game, tile)
    return name[0].upper() + name[1:]


def token_name(token: str) -> str:
    """``Explorer``, ``Base Camp``... (tokens of one kind are alike)."""
    return TOKEN_NAMES.get(token, TOKEN_KIND.get(token, "token"))


def a_token(token: str) -> str:
    """``an Explorer``, ``a Drilling token``."""
    return _a(token_name(token))


def _a(word: str) -> str:
    return ("an " if word[0] in "AEIOUaeiou" else "a ") + word


def token_from(game: Wiraqocha, seat: int, token: str) -> str:
    """A token of ``seat`` and where it comes from: ``an Explorer from the reserve``, ``the
    Zeppelin on the Jungle 11``."""
    name = token_name(token)
    place = game.where[seat].get(token, "reserve")
    if place == "reserve":
        return f"{_a(name)} from the reserve"
    if place == "grave":
        return f"{_a(name)} from the Graveyard"
    if place in ("out", "held"):
        return f"the {name}"
    return f"the {name} from {tile_name(game, place)}"


def dice_words(dice: Sequence[int]) -> str:
    """``a 5``, ``dice 3 and 4``, ``dice 2, 2 and 6``."""
    values = [str(v) for v in dice]
    if len(values) == 1:
        return f"a {values[0]}"
    return "dice " + ", ".join(values[:-1]) + " and " + values[-1]


def plunder_words(game: Wiraqocha, take: str) -> str:
    """What a plunder takes: ``a Somnium crystal``, ``the relic of the Ruins 9``..."""
    if take == "crystal":
        return "a Somnium crystal"
    if take == "free":
        return "back the token they hold hostage"
    kind, _, what = take.partition(":")
    if kind == "relic":
        return f"the relic of {tile_name(game, what)}"
    if kind == "card" and what in CARDS:
        return f"the {CARDS[what].name}"
    return "what it holds"


def left_behind(game: Wiraqocha, seat: int, token: str) -> str:
    """What ``token`` of ``seat`` leaves behind if it flies off the tile it holds, when that
    is the Base Camp or a token a die protects (``''`` otherwise): ``the Village 8 and its
    protecting 5``."""
    place = game.where[seat].get(token, "reserve")
    if place not in game.tiles or (token != "B" and place not in game.guard):
        return ""
    guard = game.guard.get(place)
    return tile_name(game, place) + (f" and its protecting {guard}" if guard else "")


def departure(game: Wiraqocha, action: Action) -> str:
    """What ``action`` of the player to move takes away from where the player left it, in
    words (``''``: nothing): the Base Camp flying off its tile, or a token leaving the tile a
    die protects. A page asks before such a move instead of playing it on a tile click."""
    seat = game.turn
    match action:
        case Conquer(_, token, _, _, take) if not take or take == "hostage":
            return left_behind(game, seat, token)
        case Swap(_, token):
            return left_behind(game, seat, token)
        case Cave():
            explorer = next((t for t, p in game.where[seat].items()
                             if p == CAVES and TOKEN_KIND[t] == "explorer"), None)
            return left_behind(game, seat, explorer) if explorer else ""
    return ""


def _leaving(game: Wiraqocha, action: Action) -> str:
    gone = departure(game, action)
    return f" (it leaves {gone})" if gone else ""


def _owner(game: Wiraqocha, tile: str) -> int | None:
    occupant = game.occupants().get(tile)
    return None if occupant is None else occupant[0]


def _whose(game: Wiraqocha, seat: int | None) -> str:
    return "someone's" if seat is None else f"{game.name(seat)}'s"


def _guard_words(game: Wiraqocha, tile: str, owner: int | None) -> str:
    """The protection to beat on ``tile``: ``Ana's protecting 4``, or the camp's own
    (``the Base Camp's own 2``) when no die there protects more than the camp itself."""
    guard = game.protection(tile)
    if game.guard.get(tile, 0) < guard:
        return f"{_whose(game, owner)} Base Camp's own {guard}"
    return f"{_whose(game, owner)} protecting {guard}"


def end_words(game: Wiraqocha) -> str:
    """``End the turn``, and why Resources go back or crystals come in when they do."""
    seat = game.turn
    reasons = []
    if game.base_on_board(seat) and game.extraction(seat) >= 2 and game.bank_somnium:
        reasons.append("your Drilling tokens harvest Somnium")
    back = game.resources[seat] - RESOURCE_LIMIT
    if back > 0:
        reasons.append(f"you keep {RESOURCE_LIMIT} Resources and give back {back} "
                       f"Resource{'s' if back > 1 else ''}")
    return "End the turn" + (f" ({'; '.join(reasons)})" if reasons else "")


def _cost(game: Wiraqocha, card: str) -> str:
    c = game.card_info[card]
    parts = [f"{c.resources} Resources"] if c.resources else []
    if c.somnium:
        parts.append(f"{c.somnium} Somnium")
    return " and ".join(parts) or "nothing"


def describe(game: Wiraqocha, action: Action) -> str:
    """``action`` of the player to move in plain words (no id of the text form)."""
    seat = game.turn
    match action:
        case Roll():
            k = game.dice_allowed(seat)
            return f"Roll {k} {'die' if k == 1 else 'dice'}"
        case Lift(tile):
            return f"Take back the protecting die of {tile_name(game, tile)}"
        case Swap(z, tok):
            place = game.where[seat].get(z, "reserve")
            where = f" on {tile_name(game, place)}" if place in game.tiles else ""
            return (f"Replace the {token_name(z)}{where} by {token_from(game, seat, tok)}"
                    + _leaving(game, action))
        case Salvage(tok):
            return f"Bring {_a(token_name(tok))} back from the Graveyard (Recovery Workshop)"
        case Cave(tile):
            return (f"Send the Explorer across the Caves to {tile_name(game, tile)}"
                    + _leaving(game, action))
        case Conquer(tile, token, dice, beat, take, beat2):
            owner = _owner(game, tile)
            text = (f"Take {tile_name(game, tile)} with {token_from(game, seat, token)} and "
                    f"{dice_words(dice)}")
            gone = departure(game, action)
            if gone:
                text = (f"Fly the {token_name(token)} to {tile_name(game, tile)} with "
                        f"{dice_words(dice)}")
            if take and take != "hostage":
                text = (f"Plunder {_whose(game, owner)} Base Camp on {tile_name(game, tile)} "
                        f"with {dice_words(dice)}")
            if beat:
                beaters = f"a {beat}" + (f" and a {beat2}" if beat2 else "")
                text += f", beating {_guard_words(game, tile, owner)} with {beaters}"
            if take == "hostage":
                held = game.occupants().get(tile, (None, ""))[1]
                text += f"; hold {_whose(game, owner)} {token_name(held)} hostage"
            elif take:
                text += f": take {plunder_words(game, take)}"
            return text + (f" (it leaves {gone})" if gone else "")
        case Protect(tile, value):
            return f"Protect {tile_name(game, tile)} with a {value}"
        case Raise(value):
            return f"Turn a {value} into a {value + 1} ({MODIFY_COST} Resources)"
        case Lower(value):
            return f"Turn a {value} into a {value - 1} ({MODIFY_COST} Resources)"
        case Reroll(value):
            return f"Roll a {value} again (Ruins)"
        case Buy(card):
            return f"Build the {CARDS[card].name} ({_cost(game, card)})"
        case Sacrifice():
            return "Give up a Somnium crystal to roll one more die"
        case Factory():
            return f"Roll one more die with the Android Factory ({FACTORY_COST} Resources)"
        case Recover(tok):
            return (f"Bring {_a(token_name(tok))} back from the Graveyard "
                    f"({RECOVER_COST} Resources)")
        case Exo(value):
            return f"Turn a {value} into a 6 with the Battle Exoskeleton"
        case Probe(tile):
            return (f"Weaken {_whose(game, _owner(game, tile))} protection of "
                    f"{tile_name(game, tile)} to a 1 (Psychic Probe)")
        case Ray(tile):
            return f"Fire the Death Ray on {tile_name(game, tile)}"
        case Fortress(tile):
            return f"Move the Flying Fortress to {tile_name(game, tile)}"
        case Field(tile):
            return f"Put the Force Field on {tile_name(game, tile)}"
        case Tunnel(tile, dice, take):
            return (f"Plunder {_whose(game, _owner(game, tile))} Base Camp on "
                    f"{tile_name(game, tile)} with the Transport Tunneller and "
                    f"{dice_words(dice)}: take {plunder_words(game, take)}")
        case Ransom(racketeer, pay):
            return f"Pay {game.name(racketeer)} a ransom of {RANSOM_WORDS.get(pay, pay)}"
        case End():
            return end_words(game)
    return "Play this move"


def camp_prompt(game: Wiraqocha, legal: Sequence[Action], chosen: Sequence[int] = ()) -> str:
    """What the player to move can do while their Base Camp is off the board in Phase II, from
    the legal actions and the dice they picked (``''``: the camp is on the board or it is not
    that moment). Every answer names something on screen that moves the game on."""
    seat = game.current_player
    if seat is None or game.phase != "act" or game.pending or game.base_on_board(seat):
        return ""
    head = "Place your Base Camp first"
    camps = [a for a in legal if isinstance(a, Conquer)]
    if targets.legal_tiles(camps, chosen):
        if chosen:
            return f"{head}: the dice you picked take a highlighted tile for it."
        return f"{head}: pick dice in the tray, then a highlighted tile."
    if chosen and (targets.legal_tiles(camps) or any(isinstance(a, Probe) for a in legal)):
        return (f"{head}: the dice you picked take no tile for it. Un-pick them in the tray to "
                "see the tiles your dice can take.")
    ways = []
    if any(isinstance(a, Raise | Lower) for a in legal):
        ways.append(f"change a die in the tray ({MODIFY_COST} Resources a step)")
    if any(isinstance(a, Exo) for a in legal):
        ways.append("turn a die into a 6 with the Battle Exoskeleton (in the tray)")
    if any(isinstance(a, Reroll) for a in legal):
        ways.append("roll a die again (Ruins, in the tray)")
    if any(isinstance(a, Probe) for a in legal):
        ways.append("weaken a highlighted tile with the Psychic Probe")
    if any(isinstance(a, Sacrifice | Factory) for a in legal):
        ways.append("roll one more die (a button below)")
    if End() in legal:
        ways.append("end the turn")
    if not ways:
        return f"{head}."
    if ways == ["end the turn"]:
        return "Nothing can place your Base Camp this turn: end the turn."
    listed = ", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else ways[0]
    return f"No tile takes your Base Camp with these dice yet: {listed}."


def figures(diff: dict[str, int], said: str = "") -> str:
    """``+1 territory, -2 Resources`` from a preview's figures (empty when nothing changes),
    less a cost the description ``said`` already gives."""
    parts = []
    for key, (one, many) in FIGURES.items():
        value = diff.get(key, 0)
        word = one if abs(value) == 1 else many
        if value and not (key == "resources" and f"{-value} {word})" in said):
            parts.append(f"{value:+d} {word}")
    return ", ".join(parts)
