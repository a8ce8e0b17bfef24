"""The page's parts are composed by one owner (docs/PAGE.md, "The shell is composed"): no module
of ``web/`` but ``app.py`` and ``main.py`` imports or names ``App`` (a part is handed the few
parts it calls, or a small protocol of ``page.py``), and no two modules of ``web/`` import each
other (a part that must tell another something gets a callback from ``App``). A static check of
the source, so the rule cannot rot."""

from __future__ import annotations

import ast
import re
from itertools import combinations
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"
#: The owner and the start-up, which alone know ``App``.
OWNERS = {"app", "main"}


def _modules() -> dict[str, Path]:
    """The page's modules by import name (``games.empire.view``), stubs aside."""
    found = {}
    for path in sorted(WEB.rglob("*.py")):
        parts = path.relative_to(WEB).with_suffix("").parts
        if parts[0] == "stubs":
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts:
            found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imports(path: Path) -> set[str]:
    """The page's modules ``path`` imports (at run time or for type checking only)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names & MODULES.keys()


@pytest.mark.parametrize(
    "name", sorted(set(MODULES) - OWNERS), ids=lambda n: n
)
def test_no_part_knows_the_page_owner(name):
    path = MODULES[name]
    source = path.read_text(encoding="utf-8")
    assert "app" not in _imports(path), f"{name} imports app"
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            assert node.id != "App", f"{name} names App (line {node.lineno})"
        elif isinstance(node, ast.Attribute):
            assert node.attr != "App", f"{name} names App (line {node.lineno})"
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            # A string annotation (``"App"``, ``"App | None"``).
            assert not re.fullmatch(r"[\w\s.|\[\],]*\bApp\b[\w\s.|\[\],]*", node.value), (
                f"{name} names App in {node.value!r}"
            )


def test_no_two_modules_import_each_other():
    graph = {name: _imports(path) - {name} for name, path in MODULES.items()}
    both = [
        (a, b) for a, b in combinations(sorted(graph), 2) if b in graph[a] and a in graph[b]
    ]
    assert not both, f"modules importing each other: {both}"
