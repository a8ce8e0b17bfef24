"""The page shell (``web/*.py``) names no game: only ``views.py`` maps game ids to view modules;
each game's page is its own package ``web/games/<id>/``."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"
sys.path.insert(0, str(WEB))
import views  # noqa: E402

from inca_core.shelf import INFOS  # noqa: E402


def _shell_modules() -> list[Path]:
    """The page's modules that belong to no game (a game's are under ``web/games/<game>/``)."""
    return sorted(WEB.glob("*.py"))


def test_every_view_is_of_a_game_on_the_shelf():
    assert views.DEFAULT_GAME in views.VIEW_MODULES
    for game, module in views.VIEW_MODULES.items():
        assert game in INFOS
        assert module == f"games.{game}.view"
        assert (WEB / "games" / game / "view.py").is_file()


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


def test_a_game_archive_is_fetched_once_on_the_first_import_of_its_code(tmp_path, monkeypatch):
    """web/archives.py: importing a game's page module fetches games/<id>.zip and imports from
    it; the shared modules need no fetch."""
    import io
    import zipfile

    import archives
    import games

    import inca_core

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("games/wiraqocha/__init__.py", "")
        archive.writestr("games/wiraqocha/probe.py", "VALUE = 7\n")
    fetched: list[str] = []

    def download(url: str) -> bytes:
        fetched.append(url)
        return buffer.getvalue()

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(inca_core, "__path__", list(inca_core.__path__))
    # Only the archive holds the game's page (as in the site, where web/ is not on the path).
    monkeypatch.setattr(games, "__path__", [])
    saved = {n: sys.modules.pop(n) for n in list(sys.modules) if n.startswith("games.wiraqocha")}
    finder = archives.GameArchives(download)
    monkeypatch.setattr(sys, "meta_path", [finder, *sys.meta_path])
    try:
        from games.wiraqocha import probe

        assert probe.VALUE == 7
        import inca_core.search
        import inca_core.wiraqocha.game
    finally:
        for name in [n for n in sys.modules if n.startswith("games.wiraqocha")]:
            del sys.modules[name]
        sys.modules.update(saved)
    assert fetched == ["./games/wiraqocha.zip"]
    assert (tmp_path / "games" / "wiraqocha.zip").read_bytes() == buffer.getvalue()
    assert finder.loaded == {"wiraqocha"}


def test_the_page_replays_no_game_itself():
    """Undo is the engine's and the replay's positions come from ``inca_core.replay``: the only
    game the page makes from a setup is a new one (``Session.new``)."""
    makers = {
        path.relative_to(WEB).as_posix()
        for path in WEB.rglob("*.py")
        if "new_game(" in path.read_text(encoding="utf-8")
    }
    assert makers == {"session.py"}


#: Inca Empire's own words, and the other games' pages that must not show them (the card game
#: has Eras, temples and VP of its own).
EMPIRE_WORDS = {
    "cardgame": ("labor", "pizarro", "sun"),
    "wiraqocha": ("labor", "vp", "era", "eras", "sun", "pizarro", "temple", "temples"),
}


@pytest.mark.parametrize("game", sorted(EMPIRE_WORDS))
def test_a_games_page_shows_no_word_of_inca_empire(game):
    import re

    words = set(EMPIRE_WORDS[game])
    for path in sorted((WEB / "games" / game).glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and id(node) not in docstrings:
                found = words & set(re.findall(r"[a-z]+", node.value.lower()))
                assert not found, f"{path.name}: {node.value!r}"


def test_each_games_texts_name_its_panels_and_help():
    import importlib

    shell_ids = {"actions", "log", "board", "prompt", "hint", "status", "save-state"}
    for game in views.VIEW_MODULES:
        texts = importlib.import_module(f"games.{game}.texts").TEXTS
        ids = [slot.id for slot in texts.slots]
        assert len(set(ids)) == len(ids) and not shell_ids & set(ids), game
        assert all(slot.title for slot in texts.slots), game
        assert len(texts.how_to_play) >= 3, game
        assert texts.file_stem and texts.file_stem == texts.file_stem.lower(), game
