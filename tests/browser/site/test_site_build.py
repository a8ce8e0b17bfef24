"""What build.py puts in dist/: pre-rendered board, loading progress, config, installable app."""

from __future__ import annotations

import _imp
import hashlib
import json
import re
import struct
import sys
import zipfile
from html import unescape
from pathlib import Path

import inca_build as build
from page_helpers import open_page

RECORD_LOADING = """
window.__loading = [];
new MutationObserver(() => {
  const el = document.getElementById("loading");
  const text = el && !el.hidden ? el.textContent : null;
  if (text && window.__loading[window.__loading.length - 1] !== text) window.__loading.push(text);
}).observe(document, { childList: true, characterData: true, subtree: true });
"""


def test_board_is_on_screen_before_any_script_runs(browser, site_guard, site_url):
    context = browser.new_context(java_script_enabled=False)
    site_guard.watch(context)
    page = context.new_page()
    page.goto(site_url)
    board = page.locator("#board > svg")
    assert board.count() == 1
    box = board.bounding_box()
    assert box is not None and box["width"] > 200 and box["height"] > 200
    assert page.locator("#board [data-region]").count() > 10
    assert page.locator("#loading").is_visible()
    assert "<!-- prerendered-board -->" not in page.content()
    context.close()
    site_guard.check()


def test_board_names_follow_the_first_paint(page, site_url):
    page.goto(site_url)
    page.wait_for_selector("html[data-names='1']")
    # The names' own style, not their visibility: once Python is up the start screen may
    # already cover the board (a fast start wins that race).
    display = page.evaluate(
        "getComputedStyle(document.querySelector('#board text.region-name')).display"
    )
    assert display != "none"
    marks = page.evaluate("performance.getEntriesByName('board-names').length")
    assert marks == 1


def test_loading_progress_is_shown_until_the_page_is_ready(page, site_url):
    page.add_init_script(RECORD_LOADING)
    open_page(page, site_url)
    shown = page.evaluate("window.__loading")
    steps = [int(text.split("(step ")[1].split(" ")[0]) for text in shown if "(step " in text]
    assert any(text.startswith("Starting Python") for text in shown), shown
    assert steps == sorted(steps) and steps[-1] == 5, shown
    assert not page.locator("#loading").is_visible()


def pyc_header(data: bytes) -> tuple[int, bytes]:
    """The flags and source hash of a hash-based .pyc (PEP 552)."""
    (flags,) = struct.unpack("<I", data[4:8])
    return flags, data[8:16]


def source_hash(pyc: bytes, source: bytes) -> bytes:
    """The hash of `source` that the interpreter which wrote `pyc` computes: keyed by its magic
    number, so Pyodide's 3.14 and this test's CPython differ."""
    return _imp.source_hash(int.from_bytes(pyc[:4], "little"), source)


UNCHECKED_HASH = 0b01  # hash-based, check_source off


def test_pyscript_config_loads_our_runtime_and_the_game_archive(dist_dir):
    html = (dist_dir / "index.html").read_text()
    (attribute,) = re.findall(r'<script type="py" src="main.py" config="([^"]*)"></script>', html)
    config = json.loads(unescape(attribute))
    assert config == {"interpreter": "./pyodide/pystart.mjs",
                      "files": {"./game.zip": "./game.zip"}}
    assert not (dist_dir / "pyscript.json").exists()
    start = (dist_dir / "pyodide" / build.PYTHON_START).read_text()
    assert build.SNAPSHOT_KEY_MARKER not in start
    assert re.search(r'const SNAPSHOT_KEY = "[0-9a-f]{16}";', start)
    assert f'<link rel="modulepreload" href="{build.core_chunk(dist_dir)}">' in html
    for name in build.PYODIDE_FILES:
        assert (dist_dir / "pyodide" / name).stat().st_size > 0
    lock = json.loads((dist_dir / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"] == {} and lock["info"]["python"].startswith("3.14")
    assert not list(dist_dir.rglob("*.map"))
    assert [p.name for p in dist_dir.glob("*.py")] == ["main.py"]  # the rest is in game.zip


def test_game_archives_hold_every_module_with_its_bytecode(dist_dir):
    """Engine and page modules ship as source plus unchecked-hash bytecode of that source: the
    shared ones in game.zip, each game's own in games/<id>.zip, a game without a page nowhere."""
    games = build.games_with_a_page()
    assert "empire" in games
    assert sorted(p.stem for p in (dist_dir / "games").iterdir()) == games
    expected: dict[str, set[str]] = {name: set() for name in ["game.zip", *games]}
    for path in build.page_modules():
        rel = path.relative_to(build.WEB)
        game = rel.parts[1] if rel.parts[0] == "games" and len(rel.parts) > 2 else ""
        expected[game if game in games else "game.zip"].add(rel.as_posix())
    for path in (build.ROOT / "inca_core").rglob("*.py"):
        rel = path.relative_to(build.ROOT)
        if "__pycache__" in rel.parts or rel.parts[1] in build.games_without_a_page():
            continue
        game = rel.parts[1] if len(rel.parts) > 2 else ""
        expected[game if game in games else "game.zip"].add(rel.as_posix())
    for name, modules in expected.items():
        path = dist_dir / (name if name == "game.zip" else f"games/{name}.zip")
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
            sources = {n for n in names if n.endswith(".py")}
            assert sources == modules, name
            for source in sources:
                pyc = archive.read(f"{source}c")
                flags, digest = pyc_header(pyc)
                assert flags == UNCHECKED_HASH, source
                assert digest == source_hash(pyc, archive.read(source)), source
    with zipfile.ZipFile(dist_dir / "games" / "empire.zip") as archive:
        game_py = "inca_core/empire/game.py"
        assert archive.read(game_py) == (build.ROOT / game_py).read_bytes()
        assert "inca_core/empire/data/board-4.json" in archive.namelist()


def test_start_up_modules_of_the_standard_library_ship_as_bytecode(dist_dir):
    runtime = zipfile.ZipFile(build.NODE_MODULES / "pyodide" / "python_stdlib.zip")
    shipped = zipfile.ZipFile(dist_dir / "pyodide" / "python_stdlib.zip")
    names = set(shipped.namelist())
    for module in ("json/__init__", "asyncio/tasks", "typing", "_pyodide/_base", "urllib/parse"):
        assert f"{module}.pyc" in names and f"{module}.py" not in names, module
        pyc = shipped.read(f"{module}.pyc")
        flags, digest = pyc_header(pyc)
        assert flags == UNCHECKED_HASH
        assert digest == source_hash(pyc, runtime.read(f"{module}.py"))
    assert "calendar.py" in names and "calendar.pyc" not in names  # not needed at start-up
    assert "encodings/utf_8.pyc" in names and "encodings/cp1252.py" not in names
    assert "encodings/cp437.py" in names  # zipfile's code page for names in archives
    assert "email/__init__.py" not in names
    for name in runtime.namelist():
        kept = name in names or f"{name}c" in names
        assert kept == (not build.stdlib_left_out(name)), name


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_app_is_installable(playwright, launch_chromium, site_guard, site_url, dist_dir,
                            tmp_path):
    manifest = json.loads((dist_dir / "manifest.webmanifest").read_text())
    for icon in manifest["icons"]:
        data = (dist_dir / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            width, height = png_size(data)
            assert icon["sizes"] == f"{width}x{height}"
    context = launch_chromium(playwright, user_data_dir=tmp_path / "profile")  # not incognito
    site_guard.watch(context)
    page = context.new_page()
    open_page(page, site_url)
    cdp = context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    manifest_errors = cdp.send("Page.getAppManifest")["errors"]
    context.close()
    assert errors == [] and manifest_errors == []
    site_guard.check()


def test_rebuilding_gives_the_same_bytes(dist_dir, tmp_path):
    """Same sources, same site: an unchanged site keeps its cache name, so nothing re-downloads."""
    again = build.build_site(Path(sys.executable), tmp_path / "dist")
    files = sorted(p.relative_to(dist_dir).as_posix() for p in build.site_files(dist_dir))
    assert files == sorted(p.relative_to(again).as_posix() for p in build.site_files(again))
    for rel in files:
        assert hashlib.sha256((again / rel).read_bytes()).digest() == hashlib.sha256(
            (dist_dir / rel).read_bytes()).digest(), rel
