"""What the browser tests and the page benchmarks share: ``build.py`` as a module, and how to
start Debian's Chromium here (flags from ``../shared/platform-notes.md``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _load_build_module():
    """build.py, loaded by path (pypa's `build` package has the same module name)."""
    spec = importlib.util.spec_from_file_location("inca_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["inca_build"] = module
    spec.loader.exec_module(module)
    return module


build = sys.modules.get("inca_build") or _load_build_module()
CHROMIUM = build.CHROMIUM
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-dev-shm-usage",
]

#: The two screens the tests play on: a desktop, and a phone with a touch screen. A test
#: parametrized over ``layout`` (``@pytest.mark.parametrize("layout", DEVICES)``) gets its page
#: in that one (see ``browser_context_args``).
DEVICES = {
    "desktop": {"viewport": {"width": 1440, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
