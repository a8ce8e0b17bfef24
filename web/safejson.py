"""A guard for JSON from outside (files, links, storage) before it is parsed."""

from __future__ import annotations

import re

#: Deepest nesting accepted (a save needs 2, a saved-games entry 2).
MAX_NESTING = 32
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def too_deep(text: str, limit: int = MAX_NESTING) -> bool:
    """Whether ``text`` nests arrays or objects deeper than ``limit``.

    In the browser, parsing deeply nested JSON exhausts the WebAssembly stack (a fatal error)
    before Python's recursion limit is reached, so such text is refused unparsed.
    """
    depth = 0
    for match in _BRACKETS.finditer(_STRINGS.sub('""', text)):
        depth += 1 if match.group() in "[{" else -1
        if depth > limit:
            return True
    return False
