"""Nothing leaves the site's origin, and the game works inside an iframe on another origin."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

from page_helpers import build_road, new_game_url, open_page, ready_for_next_player, state

README = Path(__file__).resolve().parents[3] / "README.md"


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def test_every_request_stays_on_the_site_origin(page, context, site_url, worker_ready):
    requests: list[str] = []
    failed: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    context.on("response", lambda r: r.status >= 400 and failed.append(f"{r.status} {r.url}"))
    open_page(page, new_game_url(site_url))
    ready_for_next_player(page)
    build_road(page)
    worker_ready(page)  # the precache requests count too
    outside = [u for u in requests if not u.startswith(("data:", "blob:"))
               and origin(u) != origin(site_url)]
    assert requests and outside == []
    assert failed == []


def embed_snippet(site: str) -> str:
    """The README's iframe snippet, pointed at `site`."""
    snippets = re.findall(r"<iframe[^>]*>\s*</iframe>", README.read_text())
    assert len(snippets) == 1, "README.md should show one iframe snippet"
    return re.sub(r'src="[^"]*"', f'src="{site}?embed=1"', snippets[0])


def test_game_plays_inside_an_iframe_on_another_origin(page, site_url, serve_dir, tmp_path):
    host = tmp_path / "host"
    host.mkdir()
    (host / "index.html").write_text(
        "<!doctype html><title>Embedding page</title><link rel=\"icon\" href=\"data:,\">\n"
        "<h1>A blog post</h1>\n"
        + embed_snippet(site_url) + "\n")
    host_url = serve_dir(host, rules=[])
    assert origin(host_url) != origin(site_url)

    page.goto(host_url)
    frame = page.frame_locator("iframe")
    frame.locator("body[data-ready='1']").wait_for(timeout=60_000)
    game = next(f for f in page.frames if f.url.startswith(site_url))
    assert game.evaluate("window.crossOriginIsolated") is False
    assert game.locator(".py-error").count() == 0
    assert game.locator("body.embed").count() == 1

    game.goto(new_game_url(site_url) + "&embed=1")
    game.wait_for_selector("body[data-ready='1']")
    ready_for_next_player(game)
    before = state(game)["actions"]
    build_road(game)
    assert state(game)["actions"] == before + 1
