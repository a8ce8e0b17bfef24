"""Fixtures of the Firefox and WebKit tests (``drivers.py``).

``cross_browser`` (session, parametrized ``firefox`` / ``webkit``)
    The launched browser; skipped with the reason when it is not installed here, and a failure
    instead under ``INCA_REQUIRE_BROWSER=1`` (set by ``python3 build.py test``).
``device``
    A tab with storage of its own in that browser (Firefox: a user context; WebKit: an
    automation session), closed after the test; the test fails if Firefox logged a console
    error meanwhile. ``other_device`` likewise: a second device.
``own_server``
    A ``build.SiteServer`` of the built site for this test alone, which the test may stop (an
    offline reload is a reload with the server gone).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import drivers
import pytest
from sitebuild import build


@pytest.fixture(scope="session", params=drivers.BROWSERS)
def cross_browser(request: pytest.FixtureRequest) -> Iterator:
    reason = drivers.missing(request.param)
    if reason:
        if os.environ.get("INCA_REQUIRE_BROWSER") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    with drivers.launched(request.param) as browser:
        yield browser


def _device(browser) -> Iterator[drivers.Tab]:
    tab = browser.new_device()
    before = len(browser.console_errors())
    yield tab
    tab.close()
    errors = browser.console_errors()[before:]
    assert not errors, f"console errors in {tab.name}: {errors}"


@pytest.fixture
def device(cross_browser) -> Iterator[drivers.Tab]:
    yield from _device(cross_browser)


@pytest.fixture
def other_device(cross_browser) -> Iterator[drivers.Tab]:
    yield from _device(cross_browser)


@pytest.fixture
def own_server(dist_dir: Path) -> Iterator:
    server = build.SiteServer(dist_dir).start()
    yield server
    server.shutdown()
    server.server_close()
