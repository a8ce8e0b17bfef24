"""The service worker caches every file of the site on the first visit (every game playing
offline after it: ``shell/test_shell_offline.py``)."""

from __future__ import annotations

from page_helpers import open_page


def test_worker_precaches_every_file_of_the_site(page, site_url, dist_dir, worker_ready):
    open_page(page, site_url)
    worker_ready(page)
    cached = page.evaluate(
        """async () => {
            // the service worker's own (the snapshot of Python has a cache of its own)
            const names = (await caches.keys()).filter((n) => n.startsWith("inca-"));
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
