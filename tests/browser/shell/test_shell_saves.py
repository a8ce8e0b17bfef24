"""Saved games on the page, whatever the game (saves made by the engine for Inca Empire): drag and
drop, the file picker from the keyboard, hostile files and names, broken storage, unreadable and
older entries, damaged share links (export, import and share links of every game:
``test_shell_start.py``, ``test_shell_moves.py``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from page_helpers import (
    STORAGE_DISABLED,
    STORAGE_FULL,
    build_road,
    fingerprint_of,
    new_game_url,
    open_page,
    ready_for_next_player,
    save_text_for,
    saved_entries,
    state,
)

pytestmark = pytest.mark.browser

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "web"))

HOSTILE_NAMES = [
    '<img src=x onerror="window.__pwned=1">',
    "<script>window.__pwned=2</script>",
    '<svg onload="window.__pwned=3"><circle r="9"/></svg>',
    "Ana & <b>Bob</b>",
]


def import_file(page, name: str, text: str | bytes) -> None:
    data = text.encode("utf-8") if isinstance(text, str) else text
    page.set_input_files(
        "#import-file", files=[{"name": name, "mimeType": "application/json", "buffer": data}]
    )


def message_text(page) -> str:
    return page.locator("#messages").inner_text()


def test_drag_and_drop_imports_a_save(page, site_url):
    open_page(page, site_url)
    text = save_text_for(actions=3)
    page.evaluate(
        """(text) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([text], "dropped.json", {type: "application/json"}));
          const zone = document.getElementById("drop-zone");
          const options = {dataTransfer: transfer, bubbles: true, cancelable: true};
          zone.dispatchEvent(new DragEvent("dragover", options));
          zone.dispatchEvent(new DragEvent("drop", options));
        }""",
        text,
    )
    page.wait_for_selector("#messages >> text=Imported")
    assert page.locator("#saved-list li[data-entry]").count() == 1


def test_hostile_files_are_rejected_and_saved_games_stay_intact(page, site_url):
    open_page(page, new_game_url(site_url))
    page.click("[data-ui=menu]")
    page.wait_for_selector("body[data-screen='start']")
    entries = saved_entries(page)
    assert len(entries) == 1
    good = json.loads(save_text_for(actions=2))
    tampered = dict(good, actions=good["actions"][:1])
    hostile = {
        "garbage.json": b"\x00\xff not json at all",
        "other.json": json.dumps({"hello": "world"}),
        "tampered.json": json.dumps(tampered),
        "deep.json": "[" * 50_000 + "]" * 50_000,
        "future.json": json.dumps(dict(good, format_version=999)),
        "huge.json": b"x" * 6_000_000,
    }
    for name, text in hostile.items():
        page.evaluate("document.getElementById('messages').replaceChildren()")
        import_file(page, name, text)
        page.wait_for_selector("#messages .message.error")
        assert "not imported" in message_text(page) or "too large" in message_text(page), name
        assert saved_entries(page) == entries, name
    assert page.locator("#saved-list li[data-entry]").count() == 1
    assert page.locator(".py-error").count() == 0


def test_names_holding_markup_stay_text(page, site_url):
    open_page(page, site_url)
    import_file(page, "hostile.json", save_text_for(names=HOSTILE_NAMES, actions=6))
    page.wait_for_selector("#messages >> text=Imported")
    listed = page.locator("#saved-list").inner_text()
    assert HOSTILE_NAMES[0] in listed and "<script>" in listed
    page.click("#messages button:has-text('Open it')")
    page.wait_for_selector("body[data-screen='game']")
    ready_for_next_player(page)
    shown = page.locator("#players").inner_text()
    for name in HOSTILE_NAMES:
        assert name in shown
    assert "<img" in page.locator("#log").inner_text()
    assert page.evaluate("window.__pwned") is None
    assert page.locator("#app img, #app script, #board foreignObject, #messages img").count() == 0
    assert page.locator("[onload], [onerror]").count() == 0


def test_storage_full_keeps_the_game_going_in_memory(page, site_url):
    page.add_init_script(STORAGE_FULL)
    open_page(page, new_game_url(site_url))
    assert state(page)["screen"] == "game"
    page.wait_for_selector("#messages .message.error")
    assert "full" in message_text(page)
    assert "Not saved" in page.locator("#save-state").inner_text()
    ready_for_next_player(page)
    before = state(page)["actions"]
    build_road(page)
    assert state(page)["actions"] == before + 1
    assert "Not saved" in page.locator("#save-state").inner_text()


def test_storage_disabled_still_plays(page, site_url):
    page.add_init_script(STORAGE_DISABLED)
    open_page(page, site_url)
    assert "does not allow saving" in page.locator("#saved-list").inner_text()
    page.click("[data-ui=start]")
    page.wait_for_selector("body[data-screen='game']")
    assert "Not saved" in page.locator("#save-state").inner_text()
    assert page.locator(".player").count() == 4


def test_unreadable_entries_are_listed_and_only_deleted_when_confirmed(page, site_url):
    open_page(page, site_url)
    page.evaluate(
        """() => {
          localStorage.setItem("inca-empire:game:broken", "{not json");
          localStorage.setItem("inca-empire:game:foreign", JSON.stringify({kind: "other-game"}));
          localStorage.setItem("unrelated-key", "left alone");
        }"""
    )
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#saved-list li.unreadable").count() == 2
    assert "not valid JSON" in page.locator("#saved-list").inner_text()
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#saved-list li.unreadable").count() == 2  # never deleted silently
    delete = page.locator("#saved-list li.unreadable [data-ui=delete]").first
    delete.click()
    page.click("#confirm [data-confirm=no]")
    assert page.locator("#saved-list li.unreadable").count() == 2
    delete.click()
    page.click("#confirm [data-confirm=yes]")
    page.wait_for_function("document.querySelectorAll('#saved-list li.unreadable').length === 1")
    assert page.evaluate("localStorage.getItem('unrelated-key')") == "left alone"


def test_a_saved_game_the_engine_rejects_is_kept(page, site_url):
    open_page(page, site_url)
    good = json.loads(save_text_for(actions=2))
    entry = {
        "kind": "inca-empire-entry",
        "version": 1,
        "id": "tampered",
        "save": json.dumps(dict(good, fingerprint="0" * 64)),
        "names": good["names"],
        "seats": ["human"] * 4,
        "round": 1,
        "updated": 1_700_000_000,
        "finished": False,
    }
    page.evaluate("(t) => localStorage.setItem('inca-empire:game:tampered', t)", json.dumps(entry))
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    page.click("#saved-list li[data-entry='tampered'] [data-ui=open]")
    page.wait_for_selector("#messages .message.error")
    assert "cannot be opened" in message_text(page)
    assert state(page)["screen"] == "start"
    assert page.locator("#saved-list li[data-entry='tampered']").count() == 1


def test_damaged_share_link_is_reported(page, site_url):
    open_page(page, site_url + "#save=AAAAthis-is-not-a-game")
    page.wait_for_selector("#messages .message.error")
    assert "link" in message_text(page)
    assert page.locator("#saved-list li[data-entry]").count() == 0


def test_the_import_button_opens_the_file_picker_from_the_keyboard(page, site_url):
    open_page(page, site_url)
    page.evaluate(
        """() => document.getElementById("import-file").addEventListener(
             "click", (event) => { window.__picker = (window.__picker || 0) + 1;
                                   event.preventDefault(); })"""
    )
    page.locator("#import-pick").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("window.__picker === 1")
    page.keyboard.press(" ")
    page.wait_for_function("window.__picker === 2")
    page.locator("#drop-zone").click(position={"x": 5, "y": 5})
    page.wait_for_function("window.__picker === 3")


def test_an_entry_saved_by_the_one_game_page_still_opens(page, site_url):
    """An entry as the page wrote it before it held several games (no game id): Inca Empire."""
    open_page(page, site_url)
    text = save_text_for(actions=3)
    entry = {
        "kind": "inca-empire-entry",
        "version": 1,
        "id": "older",
        "save": text,
        "names": json.loads(text)["names"],
        "seats": ["human"] * 4,
        "round": 1,
        "updated": 1_700_000_000,
        "finished": False,
        "bot_time": 1.0,
    }
    page.evaluate("(t) => localStorage.setItem('inca-empire:game:older', t)", json.dumps(entry))
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    row = page.locator("#saved-list li[data-entry='older']")
    assert row.get_attribute("data-game") == "empire"
    assert row.locator(".name").inner_text().startswith("Inca Empire: ")
    assert "4 players" in row.inner_text()
    row.locator("[data-ui=open]").click()
    page.wait_for_selector("body[data-screen='game']")
    assert state(page)["fingerprint"] == fingerprint_of(text)
    assert state(page)["actions"] == 3
