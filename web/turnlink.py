"""Play by link: the turn link's fragment, the turn file, and how a received game meets local ones.

A turn link is the page's address with the fragment ``#play=CODE&to=SEAT&seats=...&bot_time=...``:
``CODE`` is ``inca_core.links.encode`` of the whole game (game, seed, options, names, every action,
checksum); ``to`` the seat it is sent to (absent: to whoever plays); ``seats`` the seat types
(``human`` or a bot strength) and ``bot_time`` the sender's bot pace, used only when a device sees
the game for the first time. A turn file is JSON holding the same link. Which seats a device plays
is never in a link, a file or a save: each device keeps it in its own saved-game entry.

Pure standard library (no browser imports), so CPython tests check it directly.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

from safejson import too_deep
from store import SEAT_TYPES

PLAY_KEY = "play"
TURN_KIND = "inca-empire-turn"
TURN_VERSION = 1
#: Longest fragment read (a whole game's code is a few hundred characters).
MAX_FRAGMENT = 25_000

#: How a received game relates to a local one (``inca_core.links.compare``), best match first.
OUTCOME_ORDER = ("newer", "same", "older", "diverged")


class TurnLinkError(ValueError):
    """The link or file is not a readable turn; the message is meant for the player."""


@dataclass(frozen=True)
class TurnLink:
    """What a turn link carries besides the game itself."""

    code: str
    to: int | None = None
    seats: tuple[str, ...] | None = None
    bot_time: float | None = None

    def fragment(self) -> str:
        """The fragment (without ``#``) of this turn link."""
        parts = [f"{PLAY_KEY}={self.code}"]
        if self.to is not None:
            parts.append(f"to={self.to}")
        if self.seats is not None:
            parts.append("seats=" + ",".join(self.seats))
        if self.bot_time is not None:
            parts.append(f"bot_time={self.bot_time:g}")
        return "&".join(parts)


def parse(fragment: str) -> TurnLink | None:
    """The turn a URL fragment carries; ``None`` when it is no turn link; :class:`TurnLinkError`
    when it is one that cannot be read."""
    fragment = str(fragment).removeprefix("#")
    if not fragment.startswith(PLAY_KEY + "="):
        return None
    if len(fragment) > MAX_FRAGMENT:
        raise TurnLinkError("this link is far too long to be a turn")
    fields = parse_qs(fragment, keep_blank_values=True)
    code = fields.get(PLAY_KEY, [""])[0].strip()
    if not code:
        raise TurnLinkError("this link is cut short: it holds no game")
    try:
        to = int(fields["to"][0]) if "to" in fields else None
        seats = None
        if "seats" in fields:
            seats = tuple(fields["seats"][0].split(","))
            if not all(s in SEAT_TYPES for s in seats):
                raise ValueError("seats")
        bot_time = float(fields["bot_time"][0]) if "bot_time" in fields else None
        if bot_time is not None and not 0 <= bot_time <= 60:
            raise ValueError("bot_time")
    except ValueError as error:
        raise TurnLinkError("this link is damaged (the part after the game)") from error
    return TurnLink(code, to, seats, bot_time)


def file_text(url: str, game: str, to_name: str | None) -> str:
    """The turn file that carries the turn link ``url``."""
    return json.dumps(
        {"kind": TURN_KIND, "version": TURN_VERSION, "game": game, "to": to_name, "link": url},
        indent=1,
    )


def parse_file(text: str) -> TurnLink | None:
    """The turn a file holds; ``None`` when it is no turn file (a save, say);
    :class:`TurnLinkError` when it is one that cannot be read."""
    if not isinstance(text, str) or TURN_KIND not in text[:2000] or too_deep(text):
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("kind") != TURN_KIND:
        return None
    if data.get("version") != TURN_VERSION:
        raise TurnLinkError("this turn file was made by another version of the site")
    link = data.get("link")
    if not isinstance(link, str) or "#" not in link:
        raise TurnLinkError("this turn file is damaged: it holds no link")
    turn = parse(link.partition("#")[2])
    if turn is None:
        raise TurnLinkError("this turn file is damaged: it holds no link")
    return turn


def url(base: str, turn: TurnLink) -> str:
    """The whole turn link: the page at ``base`` (origin and path) with the turn's fragment."""
    return base + "#" + turn.fragment()


def device_from_params(
    params: dict[str, list[str]], seats: Sequence[str]
) -> tuple[int, ...] | None:
    """The seats this device plays in a game started from the URL (``&remote=1&me=0``), or
    ``None`` (not a remote game: every person plays here); ``ValueError`` when they are wrong."""
    if params.get("remote", ["0"])[0] != "1":
        return None
    people = [i for i, kind in enumerate(seats) if kind == "human"]
    raw = [m for m in params.get("me", [""])[0].split(",") if m.strip()]
    try:
        mine = tuple(sorted({int(m) for m in raw})) if raw else tuple(people[:1])
    except ValueError as error:
        raise ValueError("me must list seat numbers, such as me=0") from error
    if not mine or any(m not in people for m in mine):
        raise ValueError("me must name seats of people (human), such as me=0")
    return mine


def best_match(candidates: Sequence[tuple[Any, str]]) -> tuple[Any, str] | None:
    """The local game a received one belongs to, from ``(entry, outcome)`` pairs (outcomes of
    ``links.compare``; ``other`` pairs are ignored): the best outcome wins (a game it extends,
    then one it equals, then one that is ahead of it, then one it diverges from)."""
    ranked = [c for c in candidates if c[1] in OUTCOME_ORDER]
    if not ranked:
        return None
    return min(ranked, key=lambda c: OUTCOME_ORDER.index(c[1]))


def playback_from(movers: Sequence[int | None], mine: Sequence[int]) -> int:
    """Where a device that never saw a game starts playing it back: after the last action of one
    of its seats (``movers``: the seat that took each action), else from the start."""
    for index in range(len(movers) - 1, -1, -1):
        if movers[index] in mine:
            return index + 1
    return 0


def same_setup(save_text: str, seed: int, names: Sequence[str]) -> bool:
    """Whether a stored save may hold the game of this seed and these names (a quick look before
    the save is loaded and compared action by action)."""
    try:
        data = json.loads(save_text)
    except (ValueError, TypeError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("seed") == seed and data.get("names") == list(names)


def common_prefix(mine: Sequence[Any], theirs: Sequence[Any]) -> int:
    """How many first actions two histories share."""
    count = 0
    for a, b in zip(mine, theirs, strict=False):
        if a != b:
            break
        count += 1
    return count
