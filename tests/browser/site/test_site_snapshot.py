"""The warm start from a memory snapshot of Python (web/pyodide/pystart.mjs): made after a normal
start, restored by the next one, and a normal start, with nothing shown, whenever the snapshot is
missing, stale, corrupt or too large, storage refuses it, or the browser has no Cache Storage.

``<html data-python-start>`` says which start a load was (``snapshot`` or ``normal``);
``data-snapshot="kept"`` appears once a snapshot was stored."""

from __future__ import annotations

import pytest
from page_helpers import READY, open_page, saved_games, start_from_form, state

pytestmark = pytest.mark.browser

CACHE = "python-snapshot"
KEPT = "html[data-snapshot='kept']"
ENTRIES = f"() => caches.open('{CACHE}').then((c) => c.keys()).then((k) => k.map((r) => r.url))"


def started(page) -> str:
    page.wait_for_selector(READY, timeout=60_000)
    assert page.locator(".py-error").count() == 0
    assert page.locator("#messages").inner_text() == ""
    return page.get_attribute("html", "data-python-start")


def snapshot_kept(page, site_url) -> str:
    """Load the site in a new context, wait for the snapshot; its entry's URL."""
    assert open_page(page, site_url) and started(page) == "normal"
    page.wait_for_selector(KEPT, state="attached", timeout=90_000)
    (entry,) = page.evaluate(ENTRIES)
    assert entry.endswith(".bin")
    return entry


def replace_entry(page, url: str, body: str) -> None:
    """Put ``body`` (a JavaScript expression of the bytes) in the snapshot cache at ``url``,
    alone."""
    page.evaluate(f"""async () => {{
        const cache = await caches.open('{CACHE}');
        for (const r of await cache.keys()) await cache.delete(r);
        await cache.put({url!r}, new Response({body}));
    }}""")


def test_later_starts_restore_the_snapshot_and_games_get_seeds_of_their_own(page, site_url):
    snapshot_kept(page, site_url)
    seeds = []
    for _ in range(2):
        page.reload()
        assert started(page) == "snapshot"
        start_from_form(page, site_url, "empire", ["human"] * 3, reopen=False)
        page.wait_for_function("document.body.dataset.actions !== undefined")
        assert state(page)["screen"] == "game"
        page.click("[data-ui=menu]")
        page.wait_for_selector("body[data-screen='start']")
        seeds = [game["seed"] for game in saved_games(page)]
    assert len(seeds) == 2 and seeds[0] != seeds[1]


def test_a_stale_snapshot_is_never_restored_and_is_dropped(page, site_url):
    entry = snapshot_kept(page, site_url)
    stale = entry.replace("snapshot-", "snapshot-0ld")
    page.evaluate(f"""async () => {{
        const cache = await caches.open('{CACHE}');
        const bytes = await (await cache.match({entry!r})).arrayBuffer();
        await cache.delete({entry!r});
        await cache.put({stale!r}, new Response(bytes));
    }}""")
    page.reload()
    assert started(page) == "normal"
    page.wait_for_selector(KEPT, state="attached", timeout=90_000)
    assert page.evaluate(ENTRIES) == [entry]


@pytest.mark.parametrize(("body", "tried"), [("new Uint8Array(1 << 20).fill(7)", True),
                                             ("new Uint8Array(49 * 1024 * 1024)", False)],
                         ids=["corrupt", "too-large"])
def test_a_corrupt_or_oversized_snapshot_gives_a_normal_start(page, site_url, body, tried):
    """A corrupt snapshot fails to restore (said in the console, to developers only); one over
    the size limit is not even tried. Either is dropped, and the next start makes a good one."""
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    entry = snapshot_kept(page, site_url)
    replace_entry(page, entry, body)
    page.reload()
    assert started(page) == "normal"
    assert any("without its snapshot" in w for w in warnings) == tried
    page.wait_for_selector(KEPT, state="attached", timeout=90_000)
    page.reload()
    assert started(page) == "snapshot"


def test_storage_that_refuses_the_snapshot_leaves_normal_starts(page, site_url):
    page.add_init_script("""Cache.prototype.put = function () {
        return Promise.reject(new DOMException("The quota has been exceeded.",
                                               "QuotaExceededError"));
    };""")
    assert open_page(page, site_url) and started(page) == "normal"
    page.wait_for_timeout(8_000)  # long enough to make and offer a snapshot
    assert page.evaluate(ENTRIES) == []
    page.reload()
    assert started(page) == "normal"


def test_a_browser_without_cache_storage_starts_normally(page, site_url):
    page.add_init_script(
        "Object.defineProperty(window, 'caches', {configurable: true, get: () => undefined});")
    assert open_page(page, site_url) and started(page) == "normal"
    page.wait_for_timeout(5_000)
    page.reload()
    assert started(page) == "normal"
    start_from_form(page, site_url, "empire", ["human"] * 3, reopen=False)
