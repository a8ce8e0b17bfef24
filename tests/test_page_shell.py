"""The page shell (``web/``) names no game: only ``views.py`` maps game ids to view modules."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
sys.path.insert(0, str(WEB))
import views  # noqa: E402

from inca_core.shelf import INFOS  # noqa: E402


def _shell_modules() -> list[Path]:
    """The page's modules that belong to no game (a game's modules are named ``<game>_*.py``)."""
    prefixes = tuple(f"{game}_" for game in INFOS)
    return sorted(p for p in WEB.glob("*.py") if not p.name.startswith(prefixes))


def test_every_view_is_of_a_game_on_the_shelf():
    assert views.DEFAULT_GAME in views.VIEW_MODULES
    for game, module in views.VIEW_MODULES.items():
        assert game in INFOS
        assert (WEB / f"{module}.py").is_file()
        assert module.startswith(f"{game}_")


@pytest.mark.parametrize("path", _shell_modules(), ids=lambda p: p.name)
def test_a_shell_module_imports_no_game_and_names_none(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    games = set(INFOS)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            assert not games & set(parts), f"{path.name} imports {node.module}"
            assert not any(n.name.split("_")[0] in games for n in node.names), path.name
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                assert not games & set(parts), f"{path.name} imports {alias.name}"
                assert alias.name.split("_")[0] not in games, f"{path.name} imports {alias.name}"
        elif isinstance(node, ast.Constant) and path.name != "views.py":
            assert node.value not in games, f"{path.name} names the game {node.value!r}"
