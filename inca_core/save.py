"""Saved games of every game on the shelf: versioned JSON holding the setup, the actions and the
final fingerprint.

Format version 2 (written by :func:`dumps`), a JSON object with exactly these fields:

- ``format``: ``"inca-shelf-save"``; ``format_version``: 2; ``engine_version``: text;
- ``game``: the game id on the shelf (``"empire"``, ``"cardgame"``, ``"wiraqocha"``);
- ``edition``: the rules edition the game is played under (it replays under the same rules);
- ``data``: a short hash of the game's rules data for that player count
  (``GameSpec.data_digest``; for Inca Empire the printed board), or ``null`` for a game without;
- ``players``, ``options`` (list of option ids), ``seed`` (integer), ``names`` (list of text);
- ``actions``: the actions in their text form, in order;
- ``fingerprint``: ``State.fingerprint()`` after the last action;
- optional ``seats``: who plays each seat, one text per player: ``"human"`` or one of the
  game's bot strengths (``GameSpec.strengths``: ``"easy"``...). A save without it (every save
  written before it existed), or naming a seat kind this version does not know, loads with
  seats ``None``: the page asks who the bots are.
- optional ``reviews``: the reviews of the game kept with it, at most one per seat, each a JSON
  object as ``inca_core.review.record`` writes it (docs/REVIEW.md); ``inca_core.review.kept``
  checks them strictly against the game (a malformed, out-of-range or foreign review refuses the
  whole save with a reason, never half of it). Older readers refuse a save that holds it; a save
  without it loads as before.

Format version 1 (Inca Empire only, written until format 2): ``format`` is
``"inca-empire-save"``; no ``game``, ``edition`` or ``data``; the board hash is ``board`` and the
options are ``variants``. It loads as an Inca Empire game under rules edition 1.

``loads`` replays the actions on a new game and checks the fingerprint, so a save is only ever
accepted if it is a real game. Anything malformed, tampered or from an unknown version raises
:class:`SaveError` (and nothing else). Every format version ever written keeps loading: its
fixtures live in ``tests/fixtures/saves/``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from inca_core.protocol import GameSpec, IllegalAction, SaveError, State
from inca_core.shelf import FORMAT_V1_GAME, INFOS, get

FORMAT = "inca-shelf-save"
#: The ``format`` of version 1 saves (Inca Empire only).
FORMAT_V1 = "inca-empire-save"
#: The save layout written by :func:`dumps`.
FORMAT_VERSION = 2
#: Layouts :func:`loads` reads.
SUPPORTED_VERSIONS = (1, 2)
ENGINE_VERSION = "0.2.0"

MAX_SAVE_CHARS = 1_000_000
MAX_ACTIONS = 10_000
MAX_NAME_CHARS = 100
MAX_SEED_BITS = 128
_KEYS = {
    1: {"format", "format_version", "engine_version", "board", "players", "variants", "seed",
        "names", "actions", "fingerprint"},
    2: {"format", "format_version", "engine_version", "game", "edition", "data", "players",
        "options", "seed", "names", "actions", "fingerprint"},
}
#: Fields a save of that version may hold or leave out.
_OPTIONAL = {1: set(), 2: {"seats", "reviews"}}
#: The seat kind of a person (every other seat kind is a bot strength of the game).
HUMAN = "human"

__all__ = ["FORMAT", "FORMAT_VERSION", "HUMAN", "SUPPORTED_VERSIONS", "SaveError", "dumps",
           "load_all", "load_with_seats", "loads", "record", "replay", "seat_kinds"]


def seat_kinds(spec: GameSpec) -> tuple[str, ...]:
    """Every seat kind of a game of ``spec``: :data:`HUMAN`, then its bot strengths."""
    return (HUMAN, *spec.strengths)


def check_seats(spec: GameSpec, players: int, seats: Any) -> tuple[str, ...]:
    """``seats`` as a tuple of seat kinds, one per player; ``ValueError`` saying what is wrong."""
    if isinstance(seats, str) or not isinstance(seats, list | tuple):
        raise ValueError("the seats are a list of seat kinds, one per player")
    if len(seats) != players:
        raise ValueError(f"give {players} seat kinds, not {len(seats)}")
    kinds = seat_kinds(spec)
    for kind in seats:
        if not isinstance(kind, str) or kind not in kinds:
            raise ValueError(f"a seat is one of {', '.join(kinds)}, not {str(kind)[:20]!r}")
    return tuple(seats)


def record(state: State, seats: Any = None) -> dict[str, Any]:
    """The save of ``state`` as a JSON-ready dict (what :func:`dumps` writes); ``seats``: who
    plays each seat (``"human"`` or a bot strength), or ``None`` to leave them out."""
    spec = get(state.game_id)
    out = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "engine_version": ENGINE_VERSION,
        "game": spec.id,
        "edition": state.edition,
        "data": spec.data_digest(state.players, state.edition) if spec.data_digest else None,
        "players": state.players,
        "options": sorted(state.options),
        "seed": state.seed,
        "names": list(state.names),
        "actions": [str(a) for a in state.actions],
        "fingerprint": state.fingerprint(),
    }
    if seats is not None:
        try:
            out["seats"] = list(check_seats(spec, state.players, seats))
        except ValueError as exc:
            raise SaveError(str(exc)) from exc
    return out


def dumps(state: State, seats: Any = None, reviews: Sequence[dict[str, Any]] = ()) -> str:
    """The save text of ``state``, a game its seed and actions rebuild (``State.replayable``:
    one made by its game's ``new_game``, not a position or a determinized sample). ``seats``:
    who plays each seat, ``("human", "easy", ...)`` (:func:`seat_kinds`), kept in the save; a
    seat list that does not fit the game raises :class:`SaveError`. ``reviews``: the game's
    reviews kept with it, as ``inca_core.review.record`` writes them."""
    if not state.replayable:
        raise SaveError("only games started with new_game can be saved")
    out = record(state, seats)
    if reviews:
        out["reviews"] = list(reviews)
    return json.dumps(out, indent=1, ensure_ascii=False)


def loads(text: str | bytes) -> Any:
    """Rebuild the game of a save, checking it move by move and against its fingerprint."""
    return load_with_seats(text)[0]


def load_with_seats(text: str | bytes) -> tuple[Any, tuple[str, ...] | None]:
    """The game of a save and who plays each seat (``None``: the save does not say, as in
    every save written before seats were kept)."""
    state, seats, _ = load_all(text)
    return state, seats


def load_all(text: str | bytes) -> tuple[Any, tuple[str, ...] | None, list[dict[str, Any]]]:
    """The game of a save, who plays each seat and the reviews kept with it (JSON objects, one
    per seat at most, for ``inca_core.review.kept``; empty for a save without)."""
    try:
        return _loads(text)
    except SaveError:
        raise
    except Exception as exc:  # a bug or an input we did not foresee: still a SaveError
        raise SaveError(f"this save could not be read ({type(exc).__name__})") from exc


def replay(spec: GameSpec, *, players: int, seed: int, options: frozenset[str],
           names: tuple[str, ...], edition: int, actions: list[str]) -> Any:
    """A new game of ``spec`` with ``actions`` (text forms) played on it; ``SaveError`` names
    the first action that cannot be read or played."""
    try:
        state = spec.new_game(players, seed=seed, options=options, names=names, edition=edition)
    except ValueError as exc:
        raise SaveError(f"this game cannot be set up: {exc}") from exc
    for i, text_action in enumerate(actions):
        try:
            action = spec.parse_action(text_action)
        except ValueError as exc:
            raise SaveError(f"action {i + 1} ({text_action[:40]!r}) is not readable: "
                            f"{exc}") from exc
        try:
            state.play(action)
        except IllegalAction as exc:
            raise SaveError(f"action {i + 1} ({text_action[:40]}) is not legal: "
                            f"{exc.reason}") from exc
    return state


def _loads(text: str | bytes) -> tuple[Any, tuple[str, ...] | None, list[dict[str, Any]]]:
    data = _parse(text)
    version = data["format_version"]
    extra = sorted(set(data) - _KEYS[version] - _OPTIONAL[version])
    if extra:
        raise SaveError(f"unexpected field(s) in the save: {', '.join(map(str, extra))[:200]}")
    missing = sorted(_KEYS[version] - set(data))
    if missing:
        raise SaveError(f"the save is missing: {', '.join(missing)}")
    if version == 1:
        game_id, edition, digest, options = FORMAT_V1_GAME, 1, data["board"], data["variants"]
    else:
        game_id, edition, digest, options = (data["game"], data["edition"], data["data"],
                                             data["options"])
    if not isinstance(game_id, str) or game_id not in INFOS:
        raise SaveError(f"this save is of a game this site does not have ({str(game_id)[:40]!r})")
    spec = get(game_id)
    if not _is_int(edition) or not 1 <= edition <= spec.edition:
        raise SaveError(f"this save was made under rules this version of {spec.title} does "
                        "not know")
    if not isinstance(data["engine_version"], str):
        raise SaveError("the engine version must be text")
    players = data["players"]
    if not _is_int(players) or players not in spec.players:
        raise SaveError(f"the number of players must be "
                        f"{' or '.join(map(str, spec.players))}")
    if not isinstance(options, list) or not all(isinstance(v, str) for v in options):
        raise SaveError("the options must be a list of names")
    unknown = [v for v in options if v not in spec.options]
    if unknown:
        raise SaveError(f"unknown option {unknown[0][:50]!r}")
    if len(set(options)) != len(options):
        raise SaveError("an option is listed twice")
    seed = data["seed"]
    if not _is_int(seed) or seed.bit_length() > MAX_SEED_BITS:
        raise SaveError("the seed must be a whole number")
    names = data["names"]
    if (not isinstance(names, list) or len(names) != players
            or not all(isinstance(n, str) for n in names)):
        raise SaveError(f"the save must name {players} players")
    if any(len(n) > MAX_NAME_CHARS for n in names):
        raise SaveError(f"player names are at most {MAX_NAME_CHARS} characters")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveError("the actions must be a list of text")
    if len(actions) > MAX_ACTIONS:
        raise SaveError("the save has too many actions")
    fingerprint = data["fingerprint"]
    if not isinstance(fingerprint, str):
        raise SaveError("the fingerprint must be text")
    seats = data.get("seats")
    if seats is not None:
        if (not isinstance(seats, list) or len(seats) != players
                or not all(isinstance(k, str) for k in seats)):
            raise SaveError(f"the save's seats must be {players} seat kinds")
        # A seat kind this version does not know (a bot strength since removed) loses the
        # seats, never the game: the page asks who plays, as for a save without seats.
        seats = tuple(seats) if set(seats) <= set(seat_kinds(spec)) else None
    expected = spec.data_digest(players, edition) if spec.data_digest else None
    if digest != expected:
        raise SaveError(f"this save was made on another version of {spec.title}'s "
                        f"{spec.material} and cannot be replayed here")
    state = replay(spec, players=players, seed=seed, options=frozenset(options),
                   names=tuple(names), edition=edition, actions=actions)
    if state.fingerprint() != fingerprint:
        raise SaveError("the save has been altered: its fingerprint does not match the game")
    return state, seats, _reviews(data.get("reviews"), state)


def _reviews(data: Any, state: State) -> list[dict[str, Any]]:
    """The reviews a save keeps (``None``: none): JSON objects, one per seat at most (their
    contents are checked by ``inca_core.review.kept``)."""
    if data is None:
        return []
    if (not isinstance(data, list) or len(data) > state.players
            or not all(isinstance(item, dict) for item in data)):
        raise SaveError("the save's reviews must be a list of reviews, one per seat at most")
    return data


def _parse(text: str | bytes) -> dict[str, Any]:
    """The save record of ``text`` with a known format and version."""
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
    if data.get("format") not in (FORMAT, FORMAT_V1):
        raise SaveError("this is not a save file of this site")
    version = data.get("format_version")
    if not _is_int(version):
        raise SaveError("the save has no format version")
    if version not in SUPPORTED_VERSIONS:
        raise SaveError(f"save format version {version} is not supported by this version of "
                        f"the site (it reads {', '.join(map(str, SUPPORTED_VERSIONS))})")
    if (version == 1) != (data["format"] == FORMAT_V1):
        raise SaveError("this save's format and version do not match")
    return data


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
