"""Page-wide pieces of interface: messages, the confirm dialog, file download and reading."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import dom
import focus
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

_confirm_action: list[Callable[[], None]] = []


def notify(
    text: str,
    *,
    error: bool = False,
    buttons: tuple[tuple[str, Callable[[], None]], ...] = (),
    extra: Any = None,
    sticky: bool | None = None,
) -> Any:
    """Show a short message; errors and messages with buttons stay until dismissed."""
    box = dom.el("div", cls="message error" if error else "message")
    box.appendChild(dom.el("span", text))
    if extra is not None:
        box.appendChild(extra)
    for label, action in buttons:
        button = dom.el("button", label, attrs={"type": "button"})

        def run(_event: Any, action: Callable[[], None] = action) -> None:
            box.remove()
            action()

        dom.on(button, "click", run)
        box.appendChild(button)
    close = dom.el(
        "button", "Dismiss", attrs={"type": "button", "aria-label": "Dismiss this message"}
    )
    dom.on(close, "click", lambda _e: box.remove())
    box.appendChild(close)
    dom.by_id("messages").appendChild(box)
    stays = bool(error or buttons) if sticky is None else sticky
    if not stays:
        box.setAttribute("data-passing", "1")
        dom.later(lambda: _pass_away(box), PASSING_MS)
    return box


#: How long a message with nothing to answer stays (ms), and again while pointed at or focused.
PASSING_MS = 6000


def _pass_away(box: Any) -> None:
    """Remove a passing message, unless the person is reading it (pointer or focus on it)."""
    # A finger's last tap leaves :hover where it was: only a pointer that hovers counts.
    hovered = bool(window.matchMedia("(hover: hover)").matches) and box.matches(":hover")
    if box.isConnected and (hovered or box.matches(":focus-within")):
        dom.later(lambda: _pass_away(box), PASSING_MS / 2)
        return
    box.remove()


def show_screen(name: str) -> None:
    """Show screen ``name`` (``body[data-screen]``); on leaving a screen its messages that answer
    nothing go with it (they covered the next screen's hand and dialogs)."""
    if document.body.dataset.screen != name:
        clear_passing()
    document.body.dataset.screen = name


def clear_passing() -> None:
    """Remove every message that waits for no answer (a dialog opens, the screen changes)."""
    for box in document.querySelectorAll("#messages [data-passing]"):
        box.remove()


def confirm(text: str, yes_label: str, on_yes: Callable[[], None]) -> None:
    """Ask before doing something that cannot be undone; ``on_yes`` runs only after a yes."""
    dialog = dom.by_id("confirm")
    dom.by_id("confirm-text").textContent = text
    dom.by_id("confirm-yes").textContent = yes_label
    _confirm_action.clear()
    _confirm_action.append(on_yes)
    focus.opened("confirm")
    clear_passing()
    dialog.showModal()


def confirm_answer(yes: bool) -> None:
    """Close the confirm dialog and run its action if the answer was yes."""
    dom.by_id("confirm").close()
    actions = list(_confirm_action)
    _confirm_action.clear()
    if yes:
        for action in actions:
            action()


def download(filename: str, text: str, mime: str = "application/json") -> None:
    """Offer ``text`` as a file download named ``filename``."""
    blob = window.Blob.new(
        to_js([text]), to_js({"type": mime}, dict_converter=window.Object.fromEntries)
    )
    url = window.URL.createObjectURL(blob)
    link = dom.el("a", attrs={"href": url, "download": filename})
    link.hidden = True
    document.body.appendChild(link)
    link.click()
    link.remove()
    dom.later(lambda: window.URL.revokeObjectURL(url), 1000)


def read_file(file: Any, on_text: Callable[[str], None], on_error: Callable[[str], None]) -> None:
    """Read a user-chosen file as text (at most 5 MB) and pass it on, or report why not."""
    if file.size > 5_000_000:
        on_error("That file is too large to be a saved game.")
        return
    reader = window.FileReader.new()

    def loaded(_event: Any) -> None:
        load_proxy.destroy()
        error_proxy.destroy()
        result = reader.result
        if not isinstance(result, str):
            on_error("That file could not be read as text.")
            return
        on_text(result)

    def failed(_event: Any) -> None:
        load_proxy.destroy()
        error_proxy.destroy()
        on_error("That file could not be read.")

    load_proxy = create_proxy(dom.guarded(loaded))
    error_proxy = create_proxy(dom.guarded(failed))
    reader.addEventListener("load", load_proxy)
    reader.addEventListener("error", error_proxy)
    reader.readAsText(file)


def clear_hash() -> None:
    """Take the fragment (a link's game, once used) off the page's address."""
    window.history.replaceState(
        None, "", str(window.location.pathname) + str(window.location.search)
    )


def copy_text(text: str, on_done: Callable[[bool], None]) -> None:
    """Copy ``text`` to the clipboard; ``on_done(False)`` when the browser refuses."""
    clipboard = getattr(window.navigator, "clipboard", None)
    if clipboard is None:
        on_done(False)
        return
    try:
        promise = clipboard.writeText(text)
    except Exception:
        on_done(False)
        return
    ok = create_proxy(dom.guarded(lambda *_a: on_done(True)))
    bad = create_proxy(dom.guarded(lambda *_a: on_done(False)))
    promise.then(ok, bad)
