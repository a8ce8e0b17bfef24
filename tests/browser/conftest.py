"""Shared fixtures for the browser tests: the built site, served as Netlify serves it, in Chromium.

Every test in this folder gets the pytest marker ``browser`` (``pytest -m "not browser"`` runs the
engine tests alone), and runs again (twice at most, by pytest-rerunfailures) only when Chromium's
page process crashed under it. They need Playwright and pytest-playwright, which
``python3 build.py test`` installs; without them the folder is skipped, unless
``INCA_REQUIRE_BROWSER=1`` (set by ``build.py test``) makes that an error. ``cross/`` runs the
newcomer's path in Firefox and WebKit with fixtures of its own (``cross/conftest.py``).

Fixtures
--------
``dist_dir`` (session)
    ``Path`` of a site built once per session by ``build.build_site`` into a temporary folder.
``site_server`` (session)
    The ``build.SiteServer`` serving ``dist_dir`` on a free 127.0.0.1 port, with the headers of
    netlify.toml (Content Security Policy included), correct types and gzip. ``bytes_sent`` and
    ``requests`` count what it served.
``site_url`` (session)
    The served site's URL, ending in ``/`` (``f"{site_url}?embed=1"`` works).
``serve_dir`` (session)
    ``serve_dir(path, rules=None) -> url``: serve another folder the same way (``rules=[]`` for
    no headers), for example an embedding page on a second origin or a changed copy of the site.
``site_guard``
    Records console errors, uncaught page errors and requests that leave 127.0.0.1 (or reach a
    URL scheme other than http, data, blob and about) in the test's browser context; the test
    fails at teardown if any happened. ``site_guard.allow_console(regex)`` accepts an expected
    console error.
``context`` / ``page``
    pytest-playwright's fixtures, in Debian's Chromium (``/usr/bin/chromium`` with the flags of
    platform-notes.md; Playwright's own Chromium only where Debian's is absent), guarded by
    ``site_guard``. Each test gets a fresh context: a cold browser with no cache or storage.
``other_device``
    A page in a second browser context (storage of its own, guarded the same way): a second
    device, for links opened by someone else.
``worker_ready``
    ``worker_ready(page)``: waits (60 s at most) until the offline service worker is active, so
    the next load is served from its cache; fails the test if it never is.
``browser_context_args``
    For a test parametrized over ``layout`` (a key of ``DEVICES``: ``desktop`` 1440x900,
    ``phone`` 390x844 with touch), that device's screen.
``browser_type_launch_args`` / ``launch_chromium``
    The launch arguments, and ``launch_chromium(playwright, **kwargs)`` for a persistent
    context (``user_data_dir=``) or any other launch a test needs.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from sitebuild import CHROMIUM, CHROMIUM_ARGS, DEVICES, build

if importlib.util.find_spec("pytest_playwright") is None:
    if os.environ.get("INCA_REQUIRE_BROWSER") == "1":
        raise ImportError("pytest-playwright is missing: run `python3 build.py test`")
    collect_ignore_glob = ["test_*.py", "*/test_*.py"]


# Chromium's page process sometimes dies on its own during a plain page load, seen once in about
# twenty full runs; Playwright reports it as "Target crashed" or, while waiting on the page, as
# "Page crashed". Such a test runs again, at most twice; any other failure, an assertion or a
# timeout included, fails at once.
CRASH_RERUNS = pytest.mark.flaky(reruns=2, only_rerun=[r"(Target|Page) crashed"])


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(CRASH_RERUNS)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: runs the built site in Chromium (slow)")


@pytest.fixture(scope="session")
def dist_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build.build_site(Path(sys.executable), tmp_path_factory.mktemp("site") / "dist")


@pytest.fixture(scope="session")
def serve_dir() -> Iterator[Callable[..., str]]:
    servers = []

    def serve(path: Path, rules: list | None = None) -> str:
        server = build.SiteServer(Path(path), rules=rules).start()
        servers.append(server)
        return server.url

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_server(dist_dir: Path) -> Iterator:
    server = build.SiteServer(dist_dir).start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def site_url(site_server) -> str:
    return site_server.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    args = {**browser_type_launch_args, "args": CHROMIUM_ARGS}
    if CHROMIUM.exists():
        args["executable_path"] = str(CHROMIUM)
    return args


@pytest.fixture
def browser_context_args(browser_context_args: dict, request: pytest.FixtureRequest) -> dict:
    """The context of a test parametrized over ``layout``: that layout's screen."""
    params = getattr(getattr(request.node, "callspec", None), "params", {})
    layout = params.get("layout")
    return {**browser_context_args, **DEVICES[layout]} if layout else browser_context_args


@pytest.fixture(scope="session")
def launch_chromium(browser_type_launch_args: dict) -> Callable:
    """`launch(playwright, user_data_dir=None, **options)`: a browser, or a persistent context."""

    def launch(playwright, user_data_dir: str | Path | None = None, **kwargs):
        options = {**browser_type_launch_args, **kwargs}
        if user_data_dir is not None:
            return playwright.chromium.launch_persistent_context(str(user_data_dir), **options)
        return playwright.chromium.launch(**options)

    return launch


LOCAL_SCHEMES = {"data", "blob", "about"}


def is_local(url: str) -> bool:
    """True for URLs that stay on this machine's 127.0.0.1 (or never touch the network)."""
    parts = urlsplit(url)
    if parts.scheme in LOCAL_SCHEMES:
        return True
    return parts.scheme in {"http", "ws"} and parts.hostname == "127.0.0.1"


class SiteGuard:
    """What went wrong in a browser context: console errors and requests leaving 127.0.0.1."""

    def __init__(self) -> None:
        self.console_errors: list[str] = []
        self.outside_requests: list[str] = []
        self.allowed: list[re.Pattern[str]] = []

    def allow_console(self, pattern: str) -> None:
        self.allowed.append(re.compile(pattern))

    def watch(self, context) -> None:
        context.on("console", self._on_console)
        context.on("weberror", lambda error: self._error(f"uncaught: {error.error}"))
        context.on("request", self._on_request)
        context.on("serviceworker", self._on_worker)

    def _on_worker(self, worker) -> None:
        worker.on("console", self._on_console)

    def _on_console(self, message) -> None:
        if message.type == "error":
            location = message.location.get("url", "") if message.location else ""
            self._error(f"{message.text} ({location})")

    def _error(self, text: str) -> None:
        if not any(p.search(text) for p in self.allowed):
            self.console_errors.append(text)

    def _on_request(self, request) -> None:
        if not is_local(request.url):
            self.outside_requests.append(request.url)

    def check(self) -> None:
        problems = [f"console error: {e}" for e in self.console_errors]
        problems += [f"request left 127.0.0.1: {u}" for u in self.outside_requests]
        assert not problems, "\n".join(problems)


@pytest.fixture
def site_guard() -> SiteGuard:
    return SiteGuard()


@pytest.fixture
def context(browser, browser_context_args: dict, site_guard: SiteGuard) -> Iterator:
    context = browser.new_context(**browser_context_args)
    site_guard.watch(context)
    yield context
    context.close()
    site_guard.check()


WORKER_READY = """(seconds) => Promise.race([
  navigator.serviceWorker.ready.then((registration) => registration.active !== null),
  new Promise((resolve) => setTimeout(() => resolve(false), seconds * 1000)),
])"""


@pytest.fixture
def worker_ready() -> Callable:
    def wait(page, seconds: float = 60) -> None:
        assert page.evaluate(WORKER_READY, seconds), "the service worker did not become active"

    return wait


@pytest.fixture
def other_device(browser, browser_context_args: dict, site_guard: SiteGuard) -> Iterator:
    """A page in a second browser context: another device, with storage of its own."""
    context = browser.new_context(**browser_context_args)
    site_guard.watch(context)
    yield context.new_page()
    context.close()
