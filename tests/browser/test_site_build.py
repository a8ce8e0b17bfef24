"""What build.py puts in dist/: pre-rendered board, loading progress, config, installable app."""

from __future__ import annotations

import hashlib
import json
import struct
import sys
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


def test_loading_progress_is_shown_until_the_page_is_ready(page, site_url):
    page.add_init_script(RECORD_LOADING)
    open_page(page, site_url)
    shown = page.evaluate("window.__loading")
    steps = [int(text.split("(step ")[1].split(" ")[0]) for text in shown if "(step " in text]
    assert any(text.startswith("Starting Python") for text in shown), shown
    assert steps == sorted(steps) and steps[-1] == 5, shown
    assert not page.locator("#loading").is_visible()


def test_pyscript_config_loads_our_runtime_wheel_and_page_modules(dist_dir):
    config = json.loads((dist_dir / "pyscript.json").read_text())
    assert config["interpreter"] == "./pyodide/pyodide.mjs"
    (wheel,) = (dist_dir / "wheels").glob("inca_core-*-py3-none-any.whl")
    modules = sorted(p.name for p in build.WEB.glob("*.py") if p.name != "main.py")
    assert config["files"] == {
        f"./wheels/{wheel.name}": "./*",
        **{f"./{m}": f"./{m}" for m in modules},
    }
    assert set(config) == {"interpreter", "files"}  # no micropip, no packages
    for name in build.PYODIDE_FILES:
        assert (dist_dir / "pyodide" / name).stat().st_size > 0
    assert not list(dist_dir.rglob("*.map"))


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


def test_rebuilding_gives_the_same_wheel_bytes(dist_dir, tmp_path):
    """Same sources, same wheel: an unchanged site keeps its cache name, so nothing re-downloads."""
    (shipped,) = (dist_dir / "wheels").glob("*.whl")
    again = build.build_wheel(Path(sys.executable), tmp_path / "wheel")
    assert again.name == shipped.name
    assert hashlib.sha256(again.read_bytes()).digest() == hashlib.sha256(
        shipped.read_bytes()).digest()
