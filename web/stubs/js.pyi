# JavaScript's globals as Pyodide exposes them (mypy only).
from typing import Any

XMLHttpRequest: Any
