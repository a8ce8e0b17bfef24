# The browser objects PyScript gives the page (mypy only; never shipped). The DOM is typed as Any:
# the page reaches it through dom.py's helpers.
from typing import Any

document: Any
window: Any
