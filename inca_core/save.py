"""Saved games: versioned JSON holding the setup, the action list and the final fingerprint.

Format version 1, a JSON object with exactly these fields:

- ``format``: ``"inca-empire-save"``; ``format_version``: 1; ``engine_version``: text;
- ``board``: a short hash of the rules data of the printed board the game was played on
  (redrawing the map does not change it; changing ids, kinds, adjacency or connections does);
- ``players`` (3 or 4), ``variants`` (list of variant ids), ``seed`` (integer), ``names``;
- ``actions``: the actions in their text form (``inca_core.actions``), in order;
- ``fingerprint``: ``Game.fingerprint()`` after the last action.

``loads`` replays the actions on a new game and checks the fingerprint, so a save is only ever
accepted if it is a real game. Anything malformed, tampered or from an unknown version raises
:class:`SaveError` (and nothing else). Every format version ever written keeps loading: its fixture
lives in ``tests/fixtures/saves/``.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Any

from inca_core import components as C
from inca_core.actions import Action, InvalidAction
from inca_core.board import board_for
from inca_core.game import Game, IllegalAction, new_game

FORMAT = "inca-empire-save"
#: The save layout written by :func:`dumps`.
FORMAT_VERSION = 1
#: Layouts :func:`loads` reads.
SUPPORTED_VERSIONS = (1,)
ENGINE_VERSION = "0.1.0"

MAX_SAVE_CHARS = 1_000_000
MAX_ACTIONS = 10_000
_KEYS = {"format", "format_version", "engine_version", "board", "players", "variants", "seed",
         "names", "actions", "fingerprint"}


class SaveError(ValueError):
    """A save that cannot be loaded; the message says why in plain words."""


@cache
def board_digest(players: int) -> str:
    """A short hash of what the rules read from the printed board for ``players``: ids, kinds,
    adjacency, connections, Wilderness candidates, temple bonuses and site names. Drawing data
    (outlines, positions, labels) is left out, so redrawing the map keeps saves loadable."""
    b = board_for(players)
    data = {
        "regions": [[r.id, r.kind, r.suyu, r.hand_of_god, sorted(r.neighbours)]
                    for r in b.regions.values()],
        "sites": [[s.id, s.name, s.kind, sorted(s.regions), s.temple_bonus]
                  for s in b.sites.values()],
        "connections": [[c.id, list(c.ends), c.region, c.start_of]
                        for c in b.connections.values()],
        "wilderness": [[w.id, list(w.ends), sorted(w.regions), w.doubles] for w in b.wilderness],
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def dumps(game: Game) -> str:
    """The save text of ``game`` (a game made by ``new_game`` on the printed board)."""
    if game.seed is None or game.board is not board_for(game.n):
        raise SaveError("only games started with new_game on the printed board can be saved")
    data = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "engine_version": ENGINE_VERSION,
        "board": board_digest(game.n),
        "players": game.n,
        "variants": sorted(game.variants),
        "seed": game.seed,
        "names": list(game.names),
        "actions": [str(a) for a in game.actions],
        "fingerprint": game.fingerprint(),
    }
    return json.dumps(data, indent=1, ensure_ascii=False)


def loads(text: str | bytes) -> Game:
    """Rebuild the game of a save, checking it move by move and against its fingerprint."""
    try:
        return _loads(text)
    except SaveError:
        raise
    except Exception as exc:  # a bug or an input we did not foresee: still a SaveError
        raise SaveError(f"this save could not be read ({type(exc).__name__})") from exc


def _loads(text: str | bytes) -> Game:
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveError("a save is UTF-8 text") from exc
    if not isinstance(text, str):
        raise SaveError("a save is text")
    if len(text) > MAX_SAVE_CHARS:
        raise SaveError("this file is too large to be a save")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SaveError("this is not a save file (not valid JSON)") from exc
    if not isinstance(data, dict):
        raise SaveError("this is not a save file (no save record)")
    if data.get("format") != FORMAT:
        raise SaveError("this is not an Inca Empire save file")
    version = data.get("format_version")
    if not _is_int(version):
        raise SaveError("the save has no format version")
    if version not in SUPPORTED_VERSIONS:
        raise SaveError(f"save format version {version} is not supported by this version of "
                        f"the game (it reads {', '.join(map(str, SUPPORTED_VERSIONS))})")
    extra = sorted(set(data) - _KEYS)
    if extra:
        raise SaveError(f"unexpected field(s) in the save: {', '.join(map(str, extra))[:200]}")
    missing = sorted(_KEYS - set(data))
    if missing:
        raise SaveError(f"the save is missing: {', '.join(missing)}")
    if not isinstance(data["engine_version"], str):
        raise SaveError("the engine version must be text")
    players = data["players"]
    if not _is_int(players) or players not in (3, 4):
        raise SaveError("the number of players must be 3 or 4")
    variants = data["variants"]
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise SaveError("the variants must be a list of names")
    unknown = [v for v in variants if v not in C.VARIANTS]
    if unknown:
        raise SaveError(f"unknown variant {unknown[0][:50]!r}")
    if len(set(variants)) != len(variants):
        raise SaveError("a variant is listed twice")
    seed = data["seed"]
    if not _is_int(seed) or seed.bit_length() > C.MAX_SEED_BITS:
        raise SaveError("the seed must be a whole number")
    names = data["names"]
    if (not isinstance(names, list) or len(names) != players
            or not all(isinstance(n, str) for n in names)):
        raise SaveError(f"the save must name {players} players")
    if any(len(n) > C.MAX_NAME_CHARS for n in names):
        raise SaveError(f"player names are at most {C.MAX_NAME_CHARS} characters")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveError("the actions must be a list of text")
    if len(actions) > MAX_ACTIONS:
        raise SaveError("the save has too many actions")
    fingerprint = data["fingerprint"]
    if not isinstance(fingerprint, str):
        raise SaveError("the fingerprint must be text")
    if data["board"] != board_digest(players):
        raise SaveError("this save was made on another version of the board and cannot be "
                        "replayed here")
    game = new_game(players, seed=seed, variants=frozenset(variants), names=names)
    for i, text_action in enumerate(actions):
        try:
            action = Action.parse(text_action)
        except InvalidAction as exc:
            raise SaveError(f"action {i + 1} ({text_action[:40]!r}) is not readable: "
                            f"{exc}") from exc
        try:
            game.play(action)
        except IllegalAction as exc:
            raise SaveError(f"action {i + 1} ({text_action}) is not legal: {exc.reason}") from exc
    if game.fingerprint() != fingerprint:
        raise SaveError("the save has been altered: its fingerprint does not match the game")
    return game


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
