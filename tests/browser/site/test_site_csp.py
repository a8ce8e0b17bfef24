"""The headers of netlify.toml, as the local server sends them, and the page under its policy."""

from __future__ import annotations

import re
import urllib.request
from dataclasses import replace

import inca_build as build
import pytest
from page_helpers import build_road, new_game_url, open_page, ready_for_next_player, state

HASHED_CHUNK = re.compile(r"^pyscript/.+-[A-Za-z0-9_-]{8}\.js$")
VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`);
});
"""


def head(url: str) -> urllib.request.addinfourl:
    return urllib.request.urlopen(urllib.request.Request(url, method="HEAD"))


def test_every_file_gets_the_headers_netlify_would_send(site_url, dist_dir):
    rules = build.netlify_header_rules()
    policy = build.headers_for("/", rules)["Content-Security-Policy"]
    for path in sorted(p for p in dist_dir.rglob("*") if p.is_file()):
        rel = path.relative_to(dist_dir).as_posix()
        headers = head(site_url + rel).headers
        assert headers["Content-Security-Policy"] == policy, rel
        assert headers["X-Content-Type-Options"] == "nosniff", rel
        immutable = "immutable" in headers["Cache-Control"]
        assert immutable == bool(HASHED_CHUNK.match(rel)), f"{rel}: {headers['Cache-Control']}"
    assert head(site_url + "sw.js").headers["Cache-Control"] == "no-cache"
    assert head(site_url + "pyodide/pyodide.asm.wasm").headers["Content-Type"] == "application/wasm"
    assert head(site_url + "pyodide/pyodide.mjs").headers["Content-Type"].startswith(
        "text/javascript")
    assert "frame-ancestors *" in policy.split("; ")
    assert "'self'" in policy and "http" not in policy


def test_page_runs_and_plays_under_the_policy(page, site_url):
    page.add_init_script(VIOLATIONS)
    response = page.goto(site_url)
    assert response.headers["content-security-policy"] == (
        build.headers_for("/", build.netlify_header_rules())["Content-Security-Policy"])
    open_page(page, new_game_url(site_url))
    ready_for_next_player(page)
    before = state(page)["actions"]
    build_road(page)
    assert state(page)["actions"] == before + 1
    assert page.evaluate("window.__violations") == []


@pytest.mark.parametrize(("directive", "source"), [
    ("script-src", "'unsafe-eval'"),
    ("style-src", "'unsafe-inline'"),
])
def test_each_exception_in_the_policy_is_needed(
        page, site_guard, dist_dir, serve_dir, directive, source):
    """The same site under the policy minus one exception hits a violation: the policy is real."""
    site_guard.allow_console(r"Content Security Policy|PyScript|Function")
    stripped = [
        replace(rule, values={name: value.replace(f"{directive} 'self' {source}",
                                                  f"{directive} 'self'")
                              for name, value in rule.values.items()})
        for rule in build.netlify_header_rules()
    ]
    assert stripped != build.netlify_header_rules()
    page.add_init_script(VIOLATIONS)
    page.goto(serve_dir(dist_dir, rules=stripped))
    page.wait_for_function(  # a function, not an expression: this policy forbids eval
        f"() => window.__violations.some((v) => v.startsWith({directive!r}))", timeout=60_000)
