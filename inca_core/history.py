"""The base of every game's state: its history of actions, the log's stamps, undo and saves.

A game's state derives from :class:`History` (itself a :class:`~inca_core.typedstate.TypedState`)
and keeps only its rules: ``why_not(action)``, ``apply(action)`` (the action's effect, saying
whether it may be taken back), ``undoable()`` and ``undo_refusal()``. :meth:`History.play` and
:meth:`History.undo` are written here once, for every game.
"""

from __future__ import annotations

from typing import Any

from inca_core.protocol import IllegalAction
from inca_core.typedstate import TypedState


class History(TypedState):
    """Mixin for a game state: the fields below are declared by each game's dataclass."""

    __slots__ = ()

    #: Every action played so far, in order (with the seed, the whole game).
    actions: list[Any]
    #: Length of :attr:`actions` at the last action that cannot be taken back: :meth:`undo`
    #: never goes before it.
    barrier: int
    #: The state after setup, which :meth:`undo` replays from (``None``: a position set up
    #: without its history, from a dict form or a determinized sample).
    _base: History | None

    @property
    def log(self) -> list[dict]:
        """Entries ``{"text": str, "seat": int | None, "n": int, ...}`` in order; ``n`` is the
        number of the action that wrote the entry (0: the setup)."""
        raise NotImplementedError

    @property
    def replayable(self) -> bool:
        """Whether the seed and :attr:`actions` rebuild this game (a game made by its
        ``new_game``), so that it may be saved."""
        return self._base is not None

    def why_not(self, action: Any) -> str | None:
        """Why ``action`` is illegal now, or ``None`` when it is legal (the game's rules)."""
        raise NotImplementedError

    def apply(self, action: Any) -> bool:
        """The rules' effect of ``action``, unchecked and unrecorded (previews and bots'
        look-ahead apply it to copies); True when it cannot be taken back (it revealed hidden
        information or chance, or ended what undo may reach)."""
        raise NotImplementedError

    def undoable(self) -> int:
        """How many of the latest actions :meth:`undo` may take back now (0: none)."""
        raise NotImplementedError

    def undo_refusal(self) -> str:
        """Why nothing may be taken back now ('' when :meth:`undoable` is not 0)."""
        raise NotImplementedError

    def keep_setup(self) -> None:
        """Keep this state, just set up by its game's ``new_game``, as the one :meth:`undo`
        replays from (which makes it :attr:`replayable`)."""
        self._base = self.copy()  # type: ignore[misc]  # a slot of the game's dataclass

    def play(self, action: Any, *, trusted: bool = False) -> None:
        """Apply a legal action; an illegal one raises :class:`IllegalAction` and changes
        nothing. ``trusted=True`` skips the check, for an action taken from this very state's
        ``legal_actions()`` (bots playing thousands of moves ahead)."""
        if not trusted:
            reason = self.why_not(action)
            if reason is not None:
                raise IllegalAction(reason)
        log = self.log
        start = len(log)
        final = self.apply(action)
        self.actions.append(action)
        n = len(self.actions)
        for i in range(start, len(log)):
            log[i]["n"] = n
        if final:
            self.barrier = n  # type: ignore[misc]  # a slot of the game's dataclass

    def undo(self) -> None:
        """Take back the latest action: the game is replayed from its setup without it; raises
        ``IllegalAction(undo_refusal())`` when :meth:`undoable` is 0."""
        if not self.undoable():
            raise IllegalAction(self.undo_refusal())
        base = self._base
        assert base is not None
        fresh = base.copy()
        for action in self.actions[:-1]:
            fresh.play(action)
        self.become(fresh)
        self._base = base  # type: ignore[misc]  # a slot of the game's dataclass

    @staticmethod
    def replay_refusal(over: bool, base: Any, actions: list[Any]) -> str:
        """Why nothing may be taken back, for the reasons every game shares (over, set up
        without its history, nothing played); '' when none holds and the game's own reason
        applies."""
        if over:
            return "The game is over."
        if base is None:
            return "This position was set up without its history, so nothing can be taken back."
        if not actions:
            return "Nothing has been played yet."
        return ""
