"""After one visit the game starts, plays and keeps its save with the network off."""

from __future__ import annotations

from page_helpers import (
    build_road,
    new_game_url,
    open_page,
    ready_for_next_player,
    requests_since,
    state,
)


def test_offline_reload_starts_plays_and_resumes(page, context, site_url, site_server,
                                                 worker_ready):
    open_page(page, site_url)
    worker_ready(page)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("navigator.serviceWorker.controller !== null")

    context.set_offline(True)
    served_before = len(site_server.requests)
    open_page(page, new_game_url(site_url))
    ready_for_next_player(page)
    roads = page.locator("#board g.road").count()
    build_road(page)
    assert page.locator("#board g.road").count() == roads + 1
    played = state(page)

    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert state(page)["fingerprint"] == played["fingerprint"]
    assert state(page)["actions"] == played["actions"]
    assert page.locator(".py-error").count() == 0
    assert requests_since(site_server, served_before) == [], "the server was reached while offline"


def test_worker_precaches_every_file_of_the_site(page, site_url, dist_dir, worker_ready):
    open_page(page, site_url)
    worker_ready(page)
    cached = page.evaluate(
        """async () => {
            const names = await caches.keys();
            const cache = await caches.open(names[0]);
            return { names, urls: (await cache.keys()).map((r) => r.url) };
        }"""
    )
    files = sorted(
        p.relative_to(dist_dir).as_posix() for p in dist_dir.rglob("*")
        if p.is_file() and p.name != "sw.js"
    )
    assert len(cached["names"]) == 1
    assert sorted(u.removeprefix(site_url) for u in cached["urls"]) == files
