"""Each game's package stands alone: it imports the shared machinery and its own modules, never
another game's, and importing its spec loads no other game (the site loads only one game's code)."""

from __future__ import annotations

import ast
import importlib
import pathlib
import subprocess
import sys

import pytest

from inca_core.shelf import INFOS

ROOT = pathlib.Path(__file__).resolve().parents[2]


def imported(path: pathlib.Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
        elif isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
    return names


@pytest.mark.parametrize("game_id", list(INFOS))
def test_a_games_modules_import_no_other_game(game_id):
    package = importlib.import_module(f"inca_core.{game_id}")
    others = [f"inca_core.{other}" for other in INFOS if other != game_id]
    for path in pathlib.Path(package.__file__).parent.glob("*.py"):
        for name in imported(path):
            assert not any(name == o or name.startswith(o + ".") for o in others), (
                path.name, name)


@pytest.mark.parametrize("game_id", list(INFOS))
def test_importing_a_games_spec_loads_no_other_game(game_id):
    others = [other for other in INFOS if other != game_id]
    code = (f"import sys, {INFOS[game_id].module}; "
            f"print(sorted(m for m in sys.modules if m.split('.')[:2] in "
            f"[['inca_core', o] for o in {others!r}]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def test_no_module_of_the_engines_imports_its_own_modules_inside_a_function():
    # One owner per module: the import graph is what the tops of the modules say (issue 61).
    found = []
    for path in sorted((ROOT / "inca_core").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for inner in ast.walk(node):
                names = ([inner.module or ""] if isinstance(inner, ast.ImportFrom)
                         else [a.name for a in inner.names] if isinstance(inner, ast.Import)
                         else [])
                found += [f"{path.relative_to(ROOT)}:{inner.lineno} {name}" for name in names
                          if name == "inca_core" or name.startswith("inca_core.")]
    assert not found, found
