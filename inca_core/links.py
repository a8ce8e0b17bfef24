"""Short links: a whole game of any game on the shelf as a short URL-safe text.

A link holds the game id, rules edition, player count, options, seed and names, and the actions,
each as its index among the legal actions at that point (every game keeps ``legal_actions()`` in
a stable order). The indices are one mixed-radix number: an action chosen among ``n`` costs
``log2(n)`` bits, a forced action none. A checksum (the start of the final fingerprint) proves
that the replayed game is the one that was sent. The bytes are compressed when that is shorter
and written in base64url.

Layout (before base64url): a flag byte (version in the low bits, bit 7 set when the rest is raw
deflate), then varints and length-prefixed UTF-8: game id, edition, players, options bit mask
(over the game's option ids in their order), seed (zigzag), one name per player, number of
actions, the length and bytes of the index number, and :data:`CHECK_BYTES` bytes of the final
fingerprint. Layout version 2 (written when the seats are given) adds, right after the names, one
seat kind per player as length-prefixed text (``human`` or a bot strength of the game); version 1
(no seats) is still written without them and read as before.

:func:`decode` raises only :class:`SaveError`, with a plain message, for any damaged, tampered or
unknown link. :func:`compare` says how a received game relates to the one a device holds.
"""

from __future__ import annotations

import base64
import zlib
from typing import Any

from inca_core.protocol import SaveError, State
from inca_core.save import MAX_ACTIONS, MAX_NAME_CHARS, MAX_SEED_BITS, check_seats, seat_kinds
from inca_core.shelf import INFOS, get

#: Layout version (low bits of the first byte) of a link without seats.
VERSION = 1
#: Layout version of a link that keeps who plays each seat.
SEATS_VERSION = 2
_DEFLATED = 0x80
#: Bytes of the final fingerprint kept as the checksum.
CHECK_BYTES = 6
#: Longest link text decoded (a long game is a few hundred characters).
MAX_LINK_CHARS = 20_000


def encode(state: State, seats: Any = None) -> str:
    """The link text of ``state`` (a game made by its game's ``new_game``); ``seats``: who
    plays each seat (``"human"`` or a bot strength, as in :func:`inca_core.save.dumps`), kept
    in the link, or ``None``. A seat list that does not fit the game raises ``ValueError``."""
    if state.seed is None:
        raise ValueError("a position without its history has no link")
    spec = get(state.game_id)
    kept = None if seats is None else check_seats(spec, state.players, seats)
    order = list(spec.options)
    replayed = spec.new_game(state.players, seed=state.seed, options=state.options,
                             names=state.names, edition=state.edition)
    digits: list[tuple[int, int]] = []
    for action in state.actions:
        legal = replayed.legal_actions()
        digits.append((legal.index(action), len(legal)))
        replayed.play(action)
    number = 0
    for index, radix in reversed(digits):
        number = number * radix + index
    body = bytearray()
    _text(body, spec.id)
    _varint(body, state.edition)
    _varint(body, state.players)
    _varint(body, sum(1 << order.index(o) for o in state.options))
    _varint(body, 2 * state.seed if state.seed >= 0 else -2 * state.seed - 1)
    for name in state.names:
        _text(body, name)
    for kind in kept or ():
        _text(body, kind)
    _varint(body, len(digits))
    raw_number = number.to_bytes((number.bit_length() + 7) // 8, "big")
    _varint(body, len(raw_number))
    body += raw_number
    body += bytes.fromhex(state.fingerprint())[:CHECK_BYTES]
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(bytes(body)) + packer.flush()
    version = VERSION if kept is None else SEATS_VERSION
    if len(packed) < len(body):
        data = bytes([version | _DEFLATED]) + packed
    else:
        data = bytes([version]) + bytes(body)
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def decode(text: str) -> Any:
    """The game of a link text; :class:`SaveError` when the link is damaged or not a game."""
    return decode_with_seats(text)[0]


def decode_with_seats(text: str) -> tuple[Any, tuple[str, ...] | None]:
    """The game of a link text and who plays each seat (``None``: the link does not say, as
    in every link made before seats were kept); :class:`SaveError` as :func:`decode`."""
    try:
        return _decode(text)
    except SaveError:
        raise
    except Exception as exc:  # an input we did not foresee: still a SaveError
        raise SaveError(f"this link could not be read ({type(exc).__name__})") from exc


def compare(local: State, received: State) -> str:
    """How ``received`` relates to ``local``: ``"other"`` (another game), ``"same"``,
    ``"older"`` (local already has every action of it), ``"newer"`` (it extends local) or
    ``"diverged"`` (both went on differently from a common point)."""
    if (local.game_id, local.seed, local.players, frozenset(local.options), local.edition,
            tuple(local.names)) != (received.game_id, received.seed, received.players,
                                    frozenset(received.options), received.edition,
                                    tuple(received.names)):
        return "other"
    mine, theirs = list(local.actions), list(received.actions)
    common = min(len(mine), len(theirs))
    if mine[:common] != theirs[:common]:
        return "diverged"
    if len(mine) == len(theirs):
        return "same"
    return "older" if len(theirs) < len(mine) else "newer"


def _decode(text: str) -> tuple[Any, tuple[str, ...] | None]:
    if not isinstance(text, str):
        raise SaveError("a link is text")
    text = text.strip()
    if not text or len(text) > MAX_LINK_CHARS:
        raise SaveError("this is not a game link (wrong length)")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError as exc:
        raise SaveError("this is not a game link (it has characters a link never has)") from exc
    if not data or data[0] & 0x7F not in (VERSION, SEATS_VERSION):
        raise SaveError("this link was made by another version of the site and cannot be read")
    body = data[1:]
    if data[0] & _DEFLATED:
        unpacker = zlib.decompressobj(-15)
        try:
            body = unpacker.decompress(body, 4 * MAX_LINK_CHARS)
        except zlib.error as exc:
            raise SaveError("this link is damaged (it does not unpack)") from exc
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise SaveError("this link is damaged (it does not unpack)")
    reader = _Reader(body)
    game_id = reader.text(20)
    if game_id not in INFOS:
        raise SaveError("this link is of a game this site does not have")
    spec = get(game_id)
    edition = reader.varint()
    if not 1 <= edition <= spec.edition:
        raise SaveError(f"this link was made under rules this version of {spec.title} does "
                        "not know")
    players = reader.varint()
    if players not in spec.players:
        raise SaveError("this link is damaged (player count)")
    order = list(spec.options)
    mask = reader.varint()
    if mask >> len(order):
        raise SaveError("this link is damaged (options)")
    options = frozenset(o for i, o in enumerate(order) if mask >> i & 1)
    zig = reader.varint()
    seed = (zig >> 1) ^ -(zig & 1)
    if seed.bit_length() > MAX_SEED_BITS:
        raise SaveError("this link is damaged (seed)")
    names = tuple(reader.text(MAX_NAME_CHARS * 4) for _ in range(players))
    seats = None
    if data[0] & 0x7F == SEATS_VERSION:
        seats = tuple(reader.text(20) for _ in range(players))
        if not set(seats) <= set(seat_kinds(spec)):
            seats = None  # a seat kind this version does not know: the page asks who plays
    count = reader.varint()
    if count > MAX_ACTIONS:
        raise SaveError("this link has too many actions")
    number = int.from_bytes(reader.take(reader.varint()), "big")
    check = reader.take(CHECK_BYTES)
    if not reader.done():
        raise SaveError("this link is damaged (extra data)")
    try:
        state = spec.new_game(players, seed=seed, options=options, names=names,
                              edition=edition)
    except ValueError as exc:
        raise SaveError(f"this link's game cannot be set up: {exc}") from exc
    for _ in range(count):
        legal = state.legal_actions()
        if not legal:
            raise SaveError("this link is damaged (moves after the end)")
        number, index = divmod(number, len(legal))
        state.play(legal[index])
    if number or bytes.fromhex(state.fingerprint())[:CHECK_BYTES] != check:
        raise SaveError("this link has been altered or damaged: its checksum does not match")
    return state, seats


def _varint(out: bytearray, value: int) -> None:
    if value < 0:
        raise ValueError("varints are not negative")
    while True:
        low = value & 0x7F
        value >>= 7
        out.append(low | (0x80 if value else 0))
        if not value:
            return


def _text(out: bytearray, value: str) -> None:
    raw = value.encode("utf-8")
    _varint(out, len(raw))
    out += raw


class _Reader:
    """Reads the fields of a link's bytes; running short is a :class:`SaveError`."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def take(self, n: int) -> bytes:
        if n < 0 or self.pos + n > len(self.data):
            raise SaveError("this link is damaged (cut short)")
        chunk = self.data[self.pos:self.pos + n]
        self.pos += n
        return chunk

    def varint(self) -> int:
        value = shift = 0
        while True:
            byte = self.take(1)[0]
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
            shift += 7
            if shift > 7 * 24:
                raise SaveError("this link is damaged (a number is too long)")

    def text(self, limit: int) -> str:
        n = self.varint()
        if n > limit:
            raise SaveError("this link is damaged (text too long)")
        try:
            return self.take(n).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveError("this link is damaged (text)") from exc

    def done(self) -> bool:
        return self.pos == len(self.data)
