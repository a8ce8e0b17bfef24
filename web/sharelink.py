"""Share links: a save carried, compressed, in the URL fragment (``#save=...``)."""

from __future__ import annotations

import base64
import zlib

FRAGMENT_KEY = "save="
#: The largest save a link may unpack to; anything bigger is refused rather than unpacked.
MAX_SAVE_CHARS = 2_000_000


class ShareError(ValueError):
    """The link does not carry a readable save; the message is meant for the player."""


def encode(save_text: str) -> str:
    """The fragment (without ``#``) that carries ``save_text``."""
    packed = zlib.compress(save_text.encode("utf-8"), 9)
    return FRAGMENT_KEY + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(fragment: str) -> str | None:
    """The save text a fragment carries, ``None`` if it carries none; raises :class:`ShareError`."""
    fragment = fragment.removeprefix("#")
    if not fragment.startswith(FRAGMENT_KEY):
        return None
    payload = fragment[len(FRAGMENT_KEY) :].strip()
    if len(payload) > MAX_SAVE_CHARS:
        raise ShareError("The shared game in this link is too large to open.")
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(packed, MAX_SAVE_CHARS + 1)
        if len(raw) > MAX_SAVE_CHARS or unpacker.unconsumed_tail:
            raise ShareError("The shared game in this link is too large to open.")
        if not unpacker.eof:
            raise ShareError("The link is cut short: copy the whole link and try again.")
        return raw.decode("utf-8")
    except ShareError:
        raise
    except (ValueError, zlib.error) as error:
        raise ShareError("The link is damaged: it does not hold a readable game.") from error
