"""Small DOM helpers: every piece of text goes in as text, never as markup."""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterable
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

#: Event handlers stay alive for the page's lifetime; handlers are attached once, at start-up.
_PROXIES: list[Any] = []


def is_null(value: Any) -> bool:
    """Whether a value from JavaScript is ``null`` or ``undefined``."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


def by_id(element_id: str) -> Any:
    """The element with ``element_id`` (``None`` if absent)."""
    node = document.getElementById(element_id)
    return None if is_null(node) else node


def query(node: Any, selector: str) -> Any:
    """The first element under ``node`` matching ``selector``, else ``None``."""
    found = node.querySelector(selector)
    return None if is_null(found) else found


def attr(node: Any, name: str) -> str | None:
    """The attribute ``name`` of ``node`` as text, ``None`` if it is absent."""
    if is_null(node):
        return None
    value = node.getAttribute(name)
    return None if is_null(value) else str(value)


def el(
    tag: str,
    text: str | None = None,
    *,
    cls: str | None = None,
    attrs: dict[str, str | int | None] | None = None,
    children: Iterable[Any] = (),
) -> Any:
    """A new HTML element; ``text`` is set as text content, attribute values as plain strings."""
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = str(text)
    for name, value in (attrs or {}).items():
        if value is not None:
            node.setAttribute(name, str(value))
    for child in children:
        if child is not None:
            node.appendChild(child)
    return node


def svg_el(
    tag: str, attrs: dict[str, str | float | int] | None = None, text: str | None = None
) -> Any:
    """A new SVG element with plain attributes and optional text content."""
    node = document.createElementNS("http://www.w3.org/2000/svg", tag)
    for name, value in (attrs or {}).items():
        node.setAttribute(name, str(value))
    if text is not None:
        node.textContent = str(text)
    return node


#: Sets or removes attributes on many nodes in one call into JavaScript (from Python every node
#: and attribute would be a call across of its own, which costs more than the change).
_SET_ATTRS = window.Function.new(
    "nodes",
    "names",
    "values",
    "for (const node of nodes) names.forEach((name, i) => values[i] == null"
    " ? node.removeAttribute(name) : node.setAttribute(name, values[i]));",
)


def set_attrs(nodes: Iterable[Any], attrs: dict[str, str | None]) -> None:
    """Give every node of ``nodes`` the attributes ``attrs`` (``None``: remove the attribute)."""
    nodes = list(nodes)
    if nodes:
        _SET_ATTRS(to_js(nodes), to_js(list(attrs)), to_js(list(attrs.values())))


def clear(node: Any) -> Any:
    """Remove every child of ``node`` and return it."""
    node.replaceChildren()
    return node


def fill(node: Any, children: Iterable[Any]) -> Any:
    """Replace the children of ``node`` with ``children``."""
    clear(node)
    for child in children:
        if child is not None:
            node.appendChild(child)
    return node


def guarded(handler: Callable[..., Any]) -> Callable[..., Any]:
    """``handler``, but a failure is reported to the player and the console, never escaping."""

    def run(*args: Any) -> Any:
        try:
            return handler(*args)
        except Exception as error:
            report_bug(error)
            return None

    return run


def report_bug(error: BaseException) -> None:
    """Tell the player that the page failed; the game in memory and in storage is untouched."""
    window.console.error("Inca Empire page error:\n" + "".join(traceback.format_exception(error)))
    box = by_id("messages")
    if box is not None:
        box.appendChild(
            el(
                "div",
                f"Something went wrong in the page ({type(error).__name__}: {error}). "
                "Your game is kept; reload the page to go on.",
                cls="message error bug",
            )
        )


def on(target: Any, event: str, handler: Callable[[Any], Any], options: Any = None) -> None:
    """Attach ``handler`` to ``event`` on ``target`` for the rest of the page's life."""
    proxy = create_proxy(guarded(handler))
    _PROXIES.append(proxy)
    if options is None:
        target.addEventListener(event, proxy)
    else:
        target.addEventListener(event, proxy, options)


def later(handler: Callable[[], Any], delay_ms: float = 0) -> None:
    """Run ``handler`` once after ``delay_ms``, letting the browser paint and handle input first."""

    def run(*_args: Any) -> None:
        proxy.destroy()
        guarded(handler)()

    proxy = create_proxy(run)
    window.setTimeout(proxy, delay_ms)


def after_frame(handler: Callable[[], Any], latest_ms: float = 100) -> None:
    """Run ``handler`` once, in a task after the browser's next frame, so that what was drawn
    so far reaches the screen first; after ``latest_ms`` at the latest (hidden pages get no
    frames)."""
    done = False

    def run() -> None:
        nonlocal done
        if not done:
            done = True
            handler()

    def frame(*_args: Any) -> None:
        proxy.destroy()
        later(run, 0)

    proxy = create_proxy(frame)
    window.requestAnimationFrame(proxy)
    later(run, latest_ms)


def now_ms() -> float:
    """The page's clock (``performance.now()``), in milliseconds."""
    return float(window.performance.now())


#: A task longer than this (ms) holds up the page (the browser's Long Tasks API): the page's own
#: measures record its parts that take longer (docs/PAGE.md).
LONG_MS = 50


def measure(name: str, start_ms: float, **detail: Any) -> None:
    """Record the time from ``start_ms`` (:func:`now_ms`) until now as a User Timing measure
    ``name`` with ``detail``, for benchmarks to read (``performance.getEntriesByName``)."""
    window.performance.measure(name, js_options(start=start_ms, end=now_ms(), detail=detail))


def js_options(**kwargs: Any) -> Any:
    """A plain JavaScript object for ``addEventListener`` options and the like."""
    return to_js(kwargs, dict_converter=window.Object.fromEntries)


def closest(event: Any, selector: str) -> Any:
    """The nearest element matching ``selector`` at or above the event's target, else ``None``."""
    target = event.target
    if is_null(target) or not hasattr(target, "closest"):
        return None
    found = target.closest(selector)
    return None if is_null(found) else found
