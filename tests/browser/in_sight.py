"""What a person can reach on the page, and reaching it as they do: the elements that move the
game on (legal targets, enabled choice buttons, a summary's Continue, the hand-over screen's
button) whose visual centre is on screen, inside the boxes that clip it and not under anything
else; a real mouse click or finger tap at that centre.

Shared by the browser tests of issue 59 (nothing covers a target, no dead end)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

#: Phone and desktop as the issue tries them: the phone with touch.
DEVICES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1440, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}

#: Every element on screen that moves the game on or opens a choice (a panel's enabled button
#: counts: a die to pick), where its centre is and whether a pointer there reaches it:
#: ``reached`` (the element or something inside it is under its centre; on the board, the
#: board's own drawing, whose hit testing picks the target), ``cover`` (what lies on top
#: otherwise, as a short selector), ``kind``.
REACHABLE = """() => {
  const board = document.getElementById("board");
  const wanted = [
    ["target", "#screen-game [data-legal='1']"],
    ["choice", "#actions button:not([disabled])"],
    ["panel", "#screen-game section.slot button:not([disabled]):not([data-legal='1'])"],
    ["continue", "#phase-summary:not([hidden]) button"],
    ["ready", "#pass-screen:not([hidden]) #pass-ready"],
  ];
  const name = (n) => n ? n.tagName.toLowerCase() + (n.id ? "#" + n.id : "")
    + (n.classList && n.classList.length ? "." + [...n.classList].join(".") : "") : "nothing";
  const out = [];
  for (const [kind, selector] of wanted) {
    for (const node of document.querySelectorAll(selector)) {
      if (node.closest("[hidden]") || !node.getClientRects().length) continue;
      if (node.matches("#hint *, [aria-pressed='true']")) continue;
      const r = node.getBoundingClientRect();
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      const inside = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
      const hit = inside ? document.elementFromPoint(x, y) : null;
      const onBoard = board.contains(node);
      const reached = !!hit && (node.contains(hit) || (onBoard && board.contains(hit)));
      out.push({kind, x, y, reached, onBoard, cover: reached ? null : name(hit),
                text: (node.getAttribute("aria-label") || node.textContent || "").slice(0, 60),
                key: [...node.attributes].filter((a) => a.name.startsWith("data-")
                  && !["data-last", "data-since", "data-fresh", "data-hover"].includes(a.name))
                  .map((a) => a.name + "=" + a.value).join(" ") || name(node)});
    }
  }
  return out;
}"""


def reachable(page: Page) -> list[dict[str, Any]]:
    """The elements that move the game on, each with its centre and whether it is reached."""
    return page.evaluate(REACHABLE)


def press(page: Page, x: float, y: float, touch: bool) -> None:
    """A real click (mouse) or tap (finger) at the page point (x, y)."""
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def press_node(page: Page, selector: str, touch: bool) -> None:
    """Scroll ``selector``'s first element into view as a person would, then press its centre."""
    node = page.locator(selector).first
    node.scroll_into_view_if_needed()
    box = node.bounding_box()
    assert box is not None, selector
    press(page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, touch)
