"""The game protocol every game of the shelf implements (see ``docs/GAMES.md``).

OpenSpiel's split is the model: a :class:`GameSpec` is immutable metadata plus a factory of
states; a :class:`State` carries one game in play. Everything shared (saves, links, bots'
search, the ``simulate`` and ``tournament`` commands, the page shell) is written once against
these two types and looks a game up in :mod:`inca_core.games` by its id; nothing shared branches
on a game id.

Conventions every game keeps:

- an action is a small frozen, hashable value whose ``str()`` is its text form and
  ``spec.parse_action(str(a)) == a``;
- ``legal_actions()`` is in a stable order (same state, same tuple), so an action can be sent as
  its index in that tuple;
- all chance comes from the state's own generator seeded by ``new_game``: seed + actions replay
  exactly;
- ``observation(seat)`` is a JSON-ready dict holding only what ``seat`` may know (``None``: a
  spectator, who sees only public facts); bots and the page read nothing else;
- an illegal ``play`` raises :class:`IllegalAction` whose ``reason`` is the same text that
  ``why_not`` returns, and changes nothing;
- a person reads plain words: ``describe(action)``, ``preview(action)["text"]`` and the log's
  texts name places and cards as the board does, never by the ids of the text form.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

#: A fresh seed has this many bits (what a JavaScript number holds exactly).
FRESH_SEED_BITS = 53
#: The largest seed a game accepts (saves of earlier versions may hold seeds this long).
MAX_SEED_BITS = 128
#: The longest player name.
MAX_NAME_CHARS = 100
#: What a person reads who acts on another player's turn (a bot's, or a player's elsewhere).
NOT_YOUR_TURN = "it is not your turn."


class IllegalAction(ValueError):
    """An action that is not legal now; ``reason`` says why in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class ActionSyntaxError(ValueError):
    """A text that is not an action of the game: every game's ``parse_action`` raises this one
    type (and nothing else) for any text it cannot read."""


class SetupError(ValueError):
    """A new game that cannot be set up (players, seed, names, options or edition); the message
    says why in plain words. Every game raises this one type from ``GameSpec.new_game``."""


class SaveError(ValueError):
    """A save or link that cannot be loaded; the message says why in plain words."""


@runtime_checkable
class GameAction(Hashable, Protocol):
    """An action value: hashable, frozen, ``str()`` gives its text form."""

    def __str__(self) -> str: ...


@runtime_checkable
class State(Protocol):
    """One game in play (or finished)."""

    @property
    def game_id(self) -> str:
        """The id of its game on the shelf (``"empire"``...): saves and links record it."""
        ...

    #: Rules edition the game is played under (saves carry it; see docs/GAMES.md).
    edition: int
    names: tuple[str, ...]

    @property
    def seed(self) -> int | None:
        """The seed of its chance (``None``: a position without its history, not replayable)."""
        ...

    @property
    def players(self) -> int:
        """Number of seats."""
        ...

    @property
    def replayable(self) -> bool:
        """Whether the seed and :attr:`actions` rebuild this game (made by its ``new_game``, not
        a position or a determinized sample): only such a game may be saved."""
        ...

    @property
    def options(self) -> frozenset[str]:
        """Option ids the game was started with."""
        ...

    @property
    def actions(self) -> Sequence[Any]:
        """Every action played so far, in order (with the seed, the whole game)."""
        ...

    @property
    def current_player(self) -> int | None:
        """The seat that decides now, ``None`` when the game is over."""
        ...

    @property
    def is_over(self) -> bool: ...

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def ranking(self) -> tuple[int, ...]:
        """Seats from first to last place (ties broken by the game's own rule)."""
        ...

    @property
    def log(self) -> list[dict]:
        """Entries ``{"text": str, "seat": int | None, ...}`` in order."""
        ...

    def legal_actions(self) -> tuple[Any, ...]:
        """Every legal action of the player to move, in a stable order (empty when over)."""
        ...

    def why_not(self, action: Any) -> str | None:
        """Why ``action`` is illegal now, or ``None`` when it is legal."""
        ...

    def play(self, action: Any) -> None:
        """Apply a legal action; an illegal one raises :class:`IllegalAction`, changing nothing."""
        ...

    def describe(self, action: Any) -> str:
        """``action`` of the player to move in short plain words for a person (buttons,
        choices, captions, hints): places and cards by their names, never the text form's
        ids, cells or syntax (``str(action)`` stays the form saves and tests use)."""
        ...

    def preview(self, action: Any) -> dict:
        """What ``action`` would do, computed by the code that applies it (no change to the
        game): at least ``{"seat": int, "text": str}`` (plain words, as :meth:`describe`);
        games add their own figures."""
        ...

    def undoable(self) -> int:
        """How many of the latest actions :meth:`undo` may take back now (0: none)."""
        ...

    def undo(self) -> None:
        """Take back the latest action, never past an action that revealed hidden information
        or chance; raises ``IllegalAction(undo_refusal())`` when :meth:`undoable` is 0."""
        ...

    def undo_refusal(self) -> str:
        """Why nothing may be taken back now, in the game's own words (``""`` when
        :meth:`undoable` is not 0): what the page shows on its disabled undo."""
        ...

    def observation(self, seat: int | None) -> dict:
        """What ``seat`` may know (``None``: a spectator) as a JSON-ready dict."""
        ...

    def fingerprint(self) -> str:
        """A hash of the full state (log text excluded); equal games have equal fingerprints."""
        ...

    def copy(self) -> State:
        """An independent copy (no mutable part shared)."""
        ...


class Search(Protocol):
    """An anytime search for one decision."""

    #: Whether running out of time may end the search (``False``: it is stepped to its end).
    anytime: bool
    #: Work done so far, in the game's own unit (Inca Empire's hard: positions evaluated).
    iterations: int

    def step(self, max_seconds: float) -> bool:
        """Work for at most about ``max_seconds``; True when there is nothing more to do."""
        ...

    def best(self) -> Any:
        """The best action found so far (always one of the legal actions)."""
        ...


class Bot(Protocol):
    """A computer player; it sees only an observation and the legal actions."""

    strength: str

    def start(self, observation: dict, legal_actions: Sequence[Any], *,
              iterations: int | None = None) -> Search: ...

    def choose(self, observation: dict, legal_actions: Sequence[Any], *,
               iterations: int | None = None, seconds: float | None = None) -> Any: ...


@dataclass(frozen=True)
class GameInfo:
    """What the start screen and the commands need to know of a game without loading it."""

    id: str
    title: str
    #: Allowed player counts, smallest first.
    players: tuple[int, ...]
    #: Option id to a one-line description.
    options: Mapping[str, str] = field(default_factory=dict)
    #: One or two sentences for the start screen: what the game is, how long, how to win.
    blurb: str = ""
    #: The module whose ``SPEC`` is the :class:`GameSpec` (imported on demand).
    module: str = ""
    #: What the saved games list calls progress 1, 2, ... (the page view's ``progress``), where
    #: the game has its own words; else "round n".
    progress_labels: tuple[str, ...] = ()

    def progress_label(self, n: int) -> str:
        """The saved games list's words for progress ``n`` ("round 2", or the game's own)."""
        if 1 <= n <= len(self.progress_labels):
            return self.progress_labels[n - 1]
        return f"round {n}"


@dataclass(frozen=True)
class GameSpec:
    """A game: its metadata and the functions that make and read its states."""

    info: GameInfo
    #: The rules edition new games are played under (saves carry the edition they were played
    #: under and replay with it).
    edition: int
    #: The game's own constructor, ``create(players, seed, options, names, edition)``, called
    #: by :meth:`new_game` with checked values: an int seed, a frozenset of known options,
    #: ``names`` a tuple of the right length or ``None`` (the game's default names) and a known
    #: edition. Its own ``ValueError`` becomes a :class:`SetupError`.
    create: Callable[..., State]
    #: Text form to action; raises ``ValueError`` (a subclass) when the text is not an action.
    parse_action: Callable[[str], Any]
    #: A full state consistent with ``observation`` (hidden information sampled with ``rng``).
    determinize: Callable[[dict, random.Random], State]
    #: ``make_bot(strength, seed)``; strengths are :attr:`strengths`' keys.
    make_bot: Callable[[str, int], Bot]
    #: Strength id to a one-line description, weakest first.
    strengths: Mapping[str, str]
    #: Optional: ``data_digest(players, edition)``, a short digest of the rules data a game of
    #: ``players`` under rules ``edition`` plays with (saves check it), or None.
    data_digest: Callable[[int, int], str] | None = None
    #: Optional: ``explain(before, after, seat, preview)``, the reasons a hint gives for a move
    #: in the game's own words (a list of short phrases; ``after`` is ``before`` with the move
    #: played, ``preview`` is ``before.preview(move)``), or None.
    explain: Callable[[Any, Any, int, dict], list[str]] | None = None
    #: What a save calls the game's fixed material when it refuses a save made on other data
    #: ("this save was made on another version of <title>'s <material>").
    material: str = "components"

    def new_game(self, players: int, seed: int | None = None, options: Iterable[str] = (),
                 names: Iterable[str] | None = None, edition: int | None = None) -> State:
        """A new game: ``players`` seats, ``seed`` (``None``: a fresh random seed, recorded in
        the state), option ids, names by seat (``None``: the game's default) and the rules
        ``edition`` (``None``: :attr:`edition`). Every argument is checked the same way for
        every game; a bad one raises :class:`SetupError`."""
        setup = Setup.check(self, players, seed, options, names, edition)
        try:
            return self.create(setup.players, setup.seed, setup.options, setup.names,
                               setup.edition)
        except SetupError:
            raise
        except ValueError as exc:
            raise SetupError(str(exc)) from exc

    @property
    def editions(self) -> tuple[int, ...]:
        """Every rules edition games may be played under, oldest first."""
        return tuple(range(1, self.edition + 1))

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def players(self) -> tuple[int, ...]:
        return self.info.players

    @property
    def options(self) -> Mapping[str, str]:
        return self.info.options


@dataclass(frozen=True)
class Setup:
    """The checked arguments of a new game (:meth:`check` makes one)."""

    players: int
    seed: int
    options: frozenset[str]
    names: tuple[str, ...] | None
    edition: int

    @classmethod
    def check(cls, spec: GameSpec, players: Any, seed: Any = None, options: Any = (),
              names: Any = None, edition: Any = None) -> Setup:
        """The setup of a new game of ``spec``, or :class:`SetupError` saying what is wrong."""
        title = spec.title
        if not _is_int(players) or players not in spec.players:
            counts = ", ".join(map(str, spec.players[:-1])) + f" or {spec.players[-1]}"
            raise SetupError(f"{title} is played by {counts} players, not {players!r}")
        if seed is None:
            seed = fresh_seed()
        if not _is_int(seed) or seed.bit_length() > MAX_SEED_BITS:
            raise SetupError(f"the seed is a whole number of at most {MAX_SEED_BITS} bits")
        if isinstance(options, str) or not isinstance(options, Iterable):
            raise SetupError("the options are a list of option ids")
        chosen = frozenset(options)
        if not all(isinstance(o, str) for o in chosen):
            raise SetupError("the options are a list of option ids")
        unknown = sorted(chosen - set(spec.options))
        if unknown:
            known = ", ".join(spec.options) or "none"
            raise SetupError(f"{title} has no option {unknown[0][:40]!r} (its options: {known})")
        name_tuple = None if names is None else _check_names(names, players)
        if edition is None:
            edition = spec.edition
        if not _is_int(edition) or edition not in spec.editions:
            raise SetupError(f"unknown rules edition {edition!r} of {title}")
        return cls(players, seed, chosen, name_tuple, edition)


def fresh_seed() -> int:
    """A new random seed (from the system's entropy, not from any game's generator)."""
    return random.SystemRandom().randrange(2**FRESH_SEED_BITS)


def _check_names(names: Any, players: int) -> tuple[str, ...]:
    if isinstance(names, str) or not isinstance(names, Iterable):
        raise SetupError("the names are a list of text, one per seat")
    name_tuple = tuple(names)
    if len(name_tuple) != players:
        raise SetupError(f"give {players} names, not {len(name_tuple)}")
    for name in name_tuple:
        if not isinstance(name, str):
            raise SetupError("player names are text")
        if len(name) > MAX_NAME_CHARS:
            raise SetupError(f"player names are at most {MAX_NAME_CHARS} characters")
        # Only text that cannot be encoded is refused: saves of every earlier version, whose
        # names were checked no further, keep loading.
        if any("\ud800" <= ch <= "\udfff" for ch in name):
            raise SetupError("player names must be plain text (valid Unicode)")
    return name_tuple


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
