"""What a card game action did, for showing it as it happens: a caption, the table elements it
changed and a summary of a new Era (``views.Moment``).

Everything comes from the engine: the log entries of action ``k`` carry ``n == k``, the
automatic steps (cards turned up, a Trade Agreement closed, an Era dealt, the final scores)
carry their figures in ``event`` (``docs/cardgame/CARDGAME.md``, "The log"), and the changed
elements are ``inca_core.cardgame.targets.changed``; the game is read through the protocol only.
Nothing is worked out here.
"""

from __future__ import annotations

from views import Moment, entries_of

from inca_core.cardgame import targets
from inca_core.cardgame.actions import Take
from inca_core.cardgame.game import ERA_NAMES
from inca_core.protocol import State

#: Said of the one laid card left at the end of a draft (the caption and the log).
LAST_TAKE = "It was the one card left, taken without a choice."


def moment(game: State) -> Moment | None:
    """What the latest action of ``game`` did; ``None`` before the first action."""
    actions = game.actions
    if not actions:
        return None
    entries = entries_of(game.log, len(actions))
    own = [e for e in entries if "event" not in e and e["seat"] is not None]
    seat = own[0]["seat"] if own else None
    texts = [e["text"] for e in entries]
    if isinstance(actions[-1], Take) and texts and game.observation(None)["phase"] != "take":
        # The last laid card of the draft: nobody chose it, it was the one left.
        texts.insert(1, LAST_TAKE)
    caption = " ".join(texts)
    return Moment(seat, caption, targets.changed(actions[-1]), summary(entries, game.names))


def summary(entries: list[dict], names: tuple[str, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A new Era dealt (tokens to each Active Pool, cards dealt) or the final scores, with the
    engine's figures; empty when the action ended no Era."""
    parts: list[tuple[str, tuple[str, ...]]] = []
    for entry in entries:
        event = entry.get("event") or {}
        if event.get("kind") == "era":
            tokens = ", ".join(f"{names[s]} {k}" for s, k in enumerate(event["tokens"]))
            cards = ", ".join(f"{names[s]} {k}" for s, k in enumerate(event["cards"]))
            parts.append((
                f"Era {ERA_NAMES[event['era'] - 1]} begins",
                (f"Tokens to the Active Pool: {tokens}.", f"Cards dealt: {cards}."),
            ))
        elif event.get("kind") == "over":
            scores = ", ".join(f"{names[s]} {v} VP" for s, v in enumerate(event["scores"]))
            parts.append(("Era IV is over", (f"Final scores: {scores}.",)))
    return tuple(parts)
