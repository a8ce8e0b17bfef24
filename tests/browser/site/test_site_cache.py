"""The service worker's cache is named after the site's contents and each build replaces it."""

from __future__ import annotations

import json
import re
import shutil
import time

import inca_build as build
from page_helpers import open_page

WEB_SW = build.WEB / "sw.js"


def precache(site) -> dict:
    line = re.search(r"^const PRECACHE = (.*);$", (site / "sw.js").read_text(), re.MULTILINE)
    return json.loads(line.group(1))


def test_cache_name_is_a_hash_of_every_file(dist_dir, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    name = precache(dist_dir)["cache"]
    assert build.write_service_worker(site, WEB_SW) == name  # same files, same name

    (site / "main.py").write_text((site / "main.py").read_text() + "\n# changed\n")
    changed = build.write_service_worker(site, WEB_SW)
    assert changed != name and precache(site)["cache"] == changed

    (site / "main.py").write_bytes((dist_dir / "main.py").read_bytes())
    (site / "extra.txt").write_text("a new file")
    added = build.write_service_worker(site, WEB_SW)
    assert added not in (name, changed)
    assert "extra.txt" in precache(site)["files"]


# The service worker's caches (the page's snapshot of Python has a cache of its own).
SITE_CACHES = "caches.keys().then((names) => names.filter((n) => n.startsWith('inca-')))"


def test_a_new_build_replaces_the_old_cache(page, dist_dir, serve_dir, tmp_path, worker_ready):
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    url = serve_dir(site)
    old = precache(site)["cache"]
    open_page(page, url)
    worker_ready(page)
    assert page.evaluate(SITE_CACHES) == [old]

    (site / "style.css").write_text((site / "style.css").read_text() + "\n/* rebuilt */\n")
    new = build.write_service_worker(site, WEB_SW)
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    deadline = time.monotonic() + 60
    while page.evaluate(SITE_CACHES) != [new]:
        assert time.monotonic() < deadline, "the new cache did not replace the old one"
        page.wait_for_timeout(200)
    worker_ready(page)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    css = page.evaluate("fetch('style.css').then((r) => r.text())")
    assert css.endswith("/* rebuilt */\n")
