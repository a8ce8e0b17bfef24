"""The rules panel: reference text in our own words, shown and hidden."""

from __future__ import annotations

from typing import Any

import dom
import texts
from pyscript import document

from inca_core import components as C


class RulesPanel:
    """The rules panel (part of :class:`app.App`)."""

    def build_rules(self) -> None:
        body = dom.by_id("rules-body")
        parts = [dom.el("h3", "A round, phase by phase")]
        phases = dom.el("dl")
        for name, text in texts.PHASES:
            phases.appendChild(dom.el("dt", name))
            phases.appendChild(dom.el("dd", text))
        parts.append(phases)
        parts.append(dom.el("h3", "Roads"))
        parts.append(dom.el("ul", children=[dom.el("li", line) for line in texts.ROADS]))
        parts.append(dom.el("h3", "Construction: cost and VP when built"))
        parts.append(_table(("Build", "Cost", "Scores", "Where"), texts.COSTS))
        parts.append(dom.el("h3", "Sapa Inca scoring, every time"))
        parts.append(
            dom.el("ul", children=[dom.el("li", f"{a}: {b}") for a, b in texts.SAPA_SCORES])
        )
        parts.append(dom.el("h3", "Local Culture markers"))
        parts.append(
            _table(
                ("Type", "Resistance", "VP", "Labor"),
                [(m.code, m.resistance, m.vp, m.labor) for m in C.MARKER_TYPES],
            )
        )
        parts.append(
            dom.el("p", "On the board a face-up marker shows resistance·VP·labor.", cls="note")
        )
        parts.append(dom.el("h3", "Era track"))
        parts.append(
            dom.el(
                "ul",
                children=[
                    dom.el("li", f"Era {e.number} ({e.years}, {e.ruler}): labor box {e.labor_box}")
                    for e in C.ERAS
                ],
            )
        )
        parts.append(dom.el("h3", "Sun Event cards"))
        cards = dom.el("dl")
        for kind in C.CARD_KINDS:
            cards.appendChild(dom.el("dt", f"{kind.name} ({kind.count}x)"))
            cards.appendChild(dom.el("dd", kind.text))
        parts.append(cards)
        parts.append(dom.el("h3", "Variants"))
        parts.append(
            dom.el(
                "dl",
                children=[
                    node
                    for vid, (name, desc) in texts.VARIANTS.items()
                    for node in (dom.el("dt", name), dom.el("dd", desc))
                ],
            )
        )
        parts.append(dom.el("p", texts.TIE_BREAK, cls="note"))
        dom.fill(body, parts)

    def toggle_rules(self, show: bool | None = None) -> None:
        panel = dom.by_id("rules-panel")
        show = panel.hidden if show is None else show
        panel.hidden = not show
        document.querySelector("[data-ui=rules]").setAttribute(
            "aria-expanded", "true" if show else "false"
        )
        if show:
            dom.query(panel, "button").focus()


def _table(headers: tuple[str, ...], rows: Any) -> Any:
    """A table element: a header row, then one row per item of ``rows`` (cells as text)."""
    head = dom.el("tr", children=[dom.el("th", h, attrs={"scope": "col"}) for h in headers])
    body = [dom.el("tr", children=[dom.el("td", str(v)) for v in row]) for row in rows]
    return dom.el("table", children=[dom.el("tbody", children=[head, *body])])
