"""The review of a finished game on the page (docs/REVIEW.md, "On the page"): run in slices
between frames with a progress bar and a Cancel, kept with the saved game, and shown on its own
screen (``body[data-screen="review"]``): a graph of each seat's win chance, accuracy and luck per
player, the key moments with "Find a better move", and every decision of the reviewed seat,
each opening its position in the replay."""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import dom
import ui
from pyscript import document, window
from views import ReviewMark

from inca_core import review
from inca_core.protocol import ActionSyntaxError
from inca_core.replay import position

if TYPE_CHECKING:
    from page import Shown
    from replay import Replay

#: Longest piece of review work between two chances for the browser to paint and take input (s).
REVIEW_SLICE = 0.015
#: Words for each label (the label word itself is what ``data-review-label`` holds).
LABEL_WORDS = {
    "best": "the best move found",
    "excellent": "nearly as good as the best",
    "good": "a little weaker than the best",
    "inaccuracy": "a weaker move",
    "mistake": "a clearly weaker move",
    "blunder": "a move that cost a lot",
}
#: A sign per label, so that the label never rests on colour alone.
LABEL_SIGNS = {"best": "★", "excellent": "✓", "good": "✓", "inaccuracy": "?!",
               "mistake": "?", "blunder": "??"}
#: The graph's line per seat: dash pattern (colour is not the only signal).
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 4")
COLOURS = ("#b0471a", "#1f6fb2", "#2f8a3a", "#7a4fb0", "#8a6d1f")
#: The graph's drawing: at most this wide, at least this wide, this high and this far in from
#: each edge (user units: one a CSS px where the card is narrower than the most, on a phone).
W, MIN_W, H, PAD = 640, 300, 220, 36
#: Room for a seat's name at the end of its line: units per letter (12 px text) and at most.
NAME_UNITS, NAME_ROOM = 7.5, 80


def pct(value: float) -> str:
    return f"{round(100 * value)}%"


#: The ``data-ui`` names of the buttons the review screen answers itself (``ReviewScreen.on_ui``).
REVIEW_BUTTONS = frozenset(("review-cancel", "review-seat", "review-open", "review-try",
                            "review-answer", "review-pick", "review-weigh", "review-back"))


class ReviewScreen:
    """Review a finished game, keep the result with it, show it."""

    def __init__(
        self,
        shown: Shown,
        replay: Replay,
        keep: Callable[[], None],
        show_on_board: Callable[[list[Any]], None],
        fold_sheet: Callable[[bool], None],
    ) -> None:
        self._shown = shown
        self._replay = replay
        #: Saves the game on screen with its reviews (``Autosave.save``).
        self._keep = keep
        #: Brings board elements into view, zoomed to them (``BoardView.frame``).
        self._show_on_board = show_on_board
        #: Folds the phone's sheet of choices away, or opens it (``App.fold_sheet``).
        self._fold_sheet = fold_sheet
        #: The sheet was folded away for the decision opened (it opens again after).
        self._unfold_after = False
        #: The review under way (its ``Reviewer``) and the session it reviews.
        self._running: Any = None
        self._session: Any = None
        #: The seat on the review screen.
        self._seat: int | None = None
        #: "Find a better move": the other legal moves offered at each decision, by text form.
        self._others: dict[int, dict[str, Any]] = {}
        #: The decision opened on the board: the replay it is shown in (``Replay.token``), the
        #: number of actions before it, and the moves it marks there.
        self._opened: tuple[object | None, int, tuple[ReviewMark, ...]] | None = None

    def on_ui(self, name: str, node: Any) -> None:
        """A press of one of the review screen's own buttons (:data:`REVIEW_BUTTONS`)."""
        n = int(dom.attr(node, "data-n") or 0)
        if name == "review-cancel":
            self.cancel()
        elif name == "review-seat":
            self.start(int(dom.attr(node, "data-seat") or 0))
        elif name == "review-open":
            self.open_decision(n)
        elif name == "review-try":
            self.try_better(n)
        elif name == "review-answer":
            self.answer(n)
        elif name == "review-pick":
            self.pick(n, int(dom.attr(node, "data-i") or 0))
        elif name == "review-weigh":
            self.weigh(n)
        elif name == "review-back":
            self.back()

    def running(self) -> bool:
        return self._running is not None

    def default_seat(self) -> int:
        """The seat of the person on this device (the first), else seat 0."""
        session = self._shown.session
        people = session.people_here() if session is not None else ()
        return people[0] if people else 0

    # -- running ------------------------------------------------------------------------------

    def start(self, seat: int | None = None) -> None:
        """Show the review of ``seat`` (default: :meth:`default_seat`), running it first if the
        game has none for that seat."""
        session = self._shown.session
        if session is None or not session.game.is_over:
            return
        if seat is None:
            seat = self.default_seat()
        if seat in session.reviews:
            self.show(seat)
            return
        if self._running is not None:
            return
        reviewer = review.Reviewer(session.game, seat, **review.PAGE_SETTINGS)
        self._running, self._session = reviewer, session
        if document.body.dataset.screen == "review":
            # Another seat's review, asked on the review screen: its progress is on the end
            # screen's card.
            ui.show_screen("end")
        box = dom.by_id("review-run")
        box.hidden = False
        name = session.names()[seat]
        dom.by_id("review-run-title").textContent = f"Reviewing {name}'s moves"
        self._progress(reviewer)
        dom.query(box, "[data-ui=review-cancel]").focus()
        # A full garbage collection (the review keeps many positions alive) would land inside
        # a slice: only the young generations are collected as it runs, each in a slice's
        # start, and everything once it ends or is cancelled, in a task of its own.
        gc.disable()

        def work() -> None:
            if self._running is not reviewer:
                return
            if self._shown.session is not session:
                self.cancel()
                return
            started = dom.now_ms()
            gc.collect(1)
            done = reviewer.step(REVIEW_SLICE)
            dom.measure("review-slice", started)
            self._progress(reviewer)
            if not done:
                dom.later(work, 0)
                return
            self._running = self._session = None
            dom.later(_collect, 0)
            box.hidden = True
            result = reviewer.result
            assert result is not None  # a finished review has its result
            session.reviews[seat] = result
            self._keep()
            self.show(seat)

        dom.after_frame(work)

    def _progress(self, reviewer: Any) -> None:
        bar = dom.query(document.body, "[data-ui=review-progress]")
        phase, done, total = reviewer.phase, reviewer.done, max(1, reviewer.total)
        if phase == "scan":
            text, share = "Reading the game", 0.02 * done / total
        elif phase == "decisions":
            text = f"Reviewing decision {min(done + 1, total)} of {reviewer.decisions}"
            share = 0.02 + 0.68 * done / total
        elif phase == "luck":
            text, share = f"Measuring luck: action {done + 1} of {total}", 0.7 + 0.28 * done / total
        else:
            text, share = "Writing down the reasons", 0.98
        value = round(100 * share)
        bar.setAttribute("aria-valuenow", str(value))
        bar.setAttribute("aria-valuetext", text)
        dom.query(bar, ".fill").style.width = f"{value}%"
        dom.by_id("review-progress-text").textContent = text

    def cancel(self) -> None:
        """Stop the review under way (nothing is kept)."""
        if self._running is None:
            return
        self._running = self._session = None
        dom.later(_collect, 0)
        dom.by_id("review-run").hidden = True
        ui.notify("Review cancelled.")

    # -- the review screen ---------------------------------------------------------------------

    def show(self, seat: int) -> None:
        session = self._shown.session
        if session is None or seat not in session.reviews:
            return
        self._seat = seat
        result = session.reviews[seat]
        names = session.names()
        dom.by_id("review-title").textContent = f"Review of {names[seat]}'s game"
        document.body.dataset.reviewSeat = str(seat)
        dom.fill(dom.by_id("review-players"), self._players(session, result))
        dom.fill(dom.by_id("review-moments"), self._moments(result))
        dom.fill(dom.by_id("review-decisions"), self._decisions(result))
        ui.show_screen("review")
        graph = dom.by_id("review-graph")
        dom.fill(graph, self._graph(session, result, float(graph.clientWidth)))
        title = dom.by_id("review-title")
        title.focus()
        window_top()

    def _players(self, session: Any, result: Any) -> list[Any]:
        rows = [dom.el("tr", children=[dom.el("th", "Player", attrs={"scope": "col"}),
                                       dom.el("th", "Accuracy", attrs={"scope": "col"}),
                                       dom.el("th", "Luck", attrs={"scope": "col"}),
                                       dom.el("th", "Decisions", attrs={"scope": "col"})])]
        for seat, name in enumerate(session.names()):
            kept = session.reviews.get(seat)
            if kept is None:
                cells = [dom.el("td", "not reviewed yet"), dom.el("td", "-"),
                         dom.el("td", children=[dom.el(
                             "button", f"Review {name}",
                             attrs={"type": "button", "data-ui": "review-seat",
                                    "data-seat": seat})])]
            else:
                luck = 100 * kept.luck
                word = "lucky" if luck > 5 else "unlucky" if luck < -5 else "about even"
                cells = [dom.el("td", f"{kept.accuracy:.0f} of 100"),
                         dom.el("td", f"{word} ({luck:+.0f} points of win chance)"),
                         dom.el("td", children=[
                             dom.el("span", f"{len(kept.decisions)} reviewed "),
                             None if seat == result.seat else dom.el(
                                 "button", f"Show {name}'s review",
                                 attrs={"type": "button", "data-ui": "review-seat",
                                        "data-seat": seat})])]
            head = dom.el("th", name + (" (shown)" if seat == result.seat else ""),
                          attrs={"scope": "row"})
            rows.append(dom.el("tr", attrs={"data-seat": seat}, children=[head, *cells]))
        return [dom.el("table", cls="review-table", children=[
            dom.el("caption", "Accuracy: 100 means every move was as good as the bot's best. "
                              "Luck: how much the dice and cards helped, in points of win "
                              "chance."),
            *rows])]

    def _graph(self, session: Any, result: Any, width: float) -> list[Any]:
        """The win-chance graph, ``width`` units wide (the card's width in CSS px, within
        :data:`MIN_W` and :data:`W`: its text stays 12 px on a phone), its key and words."""
        names = session.names()
        total = max(1, len(session.game.actions))
        wide = round(min(W, max(MIN_W, width)))
        svg = dom.svg_el("svg", {"viewBox": f"0 0 {wide} {H}", "class": "review-graph",
                                 "role": "img", "aria-labelledby": "review-graph-text"})
        right = wide - min(NAME_ROOM, 6 + NAME_UNITS * max(len(n[:10]) for n in names))

        def x(n: int) -> float:
            return PAD + (right - PAD) * n / total

        def y(v: float) -> float:
            return H - PAD - (H - 2 * PAD) * v

        for v in (0.0, 0.5, 1.0):
            svg.appendChild(dom.svg_el("line", {"x1": PAD, "x2": right, "y1": y(v), "y2": y(v),
                                                "class": "grid"}))
            svg.appendChild(dom.svg_el("text", {"x": 2, "y": y(v) + 4, "class": "axis"}, pct(v)))
        for event in result.luck_events:
            svg.appendChild(dom.svg_el("line", {"x1": x(event.n), "x2": x(event.n),
                                                "y1": H - PAD, "y2": H - PAD + 6,
                                                "class": "chance-tick"}))
        svg.appendChild(dom.svg_el("text", {"x": PAD, "y": H - 6, "class": "axis"},
                                   "Start (short ticks: chance events)"))
        svg.appendChild(dom.svg_el("text", {"x": right, "y": H - 6, "class": "axis",
                                            "text-anchor": "end"}, "End"))
        points = [d for d in result.decisions if d.chances]
        ends: list[tuple[float, int]] = []
        for seat in range(len(names)):
            coords = [(x(d.n), y(d.chances[seat])) for d in points]
            if not coords:
                continue
            line = dom.svg_el("polyline", {
                "points": " ".join(f"{a:.1f},{b:.1f}" for a, b in coords),
                "fill": "none", "stroke": COLOURS[seat % 5], "stroke-width": 3 if seat ==
                result.seat else 1.5, "stroke-dasharray": DASHES[seat % 5] or "none"})
            svg.appendChild(line)
            ends.append((coords[-1][1], seat))
        # Each name beside its line's end, none over another (a line of 12 px text apart).
        ends.sort()
        at: list[float] = []
        for ay, _seat in ends:
            at.append(max(ay + 4, at[-1] + 14) if at else ay + 4)
        for i in reversed(range(len(at))):
            at[i] = min(at[i], at[i + 1] - 14 if i + 1 < len(at) else H - 4)
        for (_ay, seat), name_y in zip(ends, at, strict=True):
            svg.appendChild(dom.svg_el("text", {"x": right + 4, "y": name_y, "class": "axis"},
                                       names[seat][:10]))
        for d in points:
            if review.LABELS.index(d.label) >= review.LABELS.index("inaccuracy"):
                cx, cy = x(d.n), y(d.chances[result.seat])
                mark = dom.svg_el("g", {"class": f"mark mark-{d.label}"})
                mark.appendChild(dom.svg_el("circle", {"cx": cx, "cy": cy, "r": 6}))
                mark.appendChild(dom.svg_el("text", {"x": cx, "y": cy - 9,
                                                     "text-anchor": "middle"},
                                            LABEL_SIGNS[d.label]))
                mark.appendChild(dom.svg_el("title", {}, f"Action {d.n + 1}: {d.label}"))
                svg.appendChild(mark)
        start = points[0].chances[result.seat] if points else 0.0
        end = points[-1].chances[result.seat] if points else 0.0
        bad = [d for d in result.decisions
               if review.LABELS.index(d.label) >= review.LABELS.index("inaccuracy")]
        words = (f"{names[result.seat]}'s win chance went from {pct(start)} at the first "
                 f"decision to {pct(end)} at the last, over {len(result.decisions)} decisions; "
                 f"{len(bad)} of them are marked as weaker moves, and {len(result.luck_events)} "
                 "chance events are ticked. ")
        others = "; ".join(f"{names[s]} {pct(points[-1].chances[s])}"
                           for s in range(len(names)) if s != result.seat) if points else ""
        if others:
            words += f"At the last decision the others' chances were: {others}."
        key = dom.el("ul", cls="graph-key", children=[
            dom.el("li", children=[
                dom.el("span", "", cls="swatch", attrs={
                    "style": f"border-top: 3px {'solid' if not DASHES[s % 5] else 'dashed'} "
                             f"{COLOURS[s % 5]}", "aria-hidden": "true"}),
                dom.el("span", names[s] + (" (reviewed, thick line)" if s == result.seat
                                            else ""))])
            for s in range(len(names))])
        return [svg, key, dom.el("p", words, attrs={"id": "review-graph-text"})]

    def _moments(self, result: Any) -> list[Any]:
        moments = result.key_moments
        if not moments:
            return [dom.el("p", "No key moments: no decision lost anything.")]
        items = []
        for i, d in enumerate(moments):
            answer = dom.el("div", cls="answer", attrs={"data-answer": d.n}, children=[
                dom.el("p", f"The bot's move: {d.best}."),
                dom.el("p", f"Why: {d.why}" if d.why else "Why: it kept the most win chance."),
            ])
            answer.hidden = True
            items.append(dom.el("li", attrs={"data-moment": d.n}, children=[
                dom.el("h4", f"Key moment {i + 1} of {len(moments)}: action {d.n + 1}"),
                dom.el("p", children=[
                    dom.el("span", f"Played: {d.played}. "),
                    _label(d.label),
                    dom.el("span", f" It cost {100 * d.loss:.0f} points of win chance."),
                ]),
                dom.el("p", cls="row-actions", children=[
                    dom.el("button", "Find a better move", attrs={
                        "type": "button", "data-ui": "review-try", "data-n": d.n}),
                    dom.el("button", "Show the answer", attrs={
                        "type": "button", "data-ui": "review-answer", "data-n": d.n}),
                    dom.el("button", "Show on the board", attrs={
                        "type": "button", "data-ui": "review-open", "data-n": d.n}),
                ]),
                dom.el("div", cls="try", attrs={"data-try": d.n}),
                answer,
            ]))
        return [dom.el("ol", cls="review-moments", children=items)]

    def _decisions(self, result: Any) -> list[Any]:
        if not result.decisions:
            return [dom.el("p", "This player had no choices to review.")]
        items = []
        for d in result.decisions:
            better = "" if d.best == d.played else f" Better: {d.best}."
            items.append(dom.el("li", attrs={"data-n": d.n}, children=[
                dom.el("button", f"Action {d.n + 1}", attrs={
                    "type": "button", "data-ui": "review-open", "data-n": d.n,
                    "aria-label": f"Show action {d.n + 1} on the board"}),
                _label(d.label),
                dom.el("span", f" Played: {d.played}.{better}", cls="moves"),
            ]))
        return [dom.el("ol", cls="review-decisions", children=items)]

    # -- acting on it ----------------------------------------------------------------------------

    def _decision(self, n: int) -> Any:
        session = self._shown.session
        if session is None or self._seat not in session.reviews:
            return None
        for d in session.reviews[self._seat].decisions:
            if d.n == n:
                return d
        return None

    def open_decision(self, n: int) -> None:
        """The position before decision ``n`` in the replay, with the move played and the
        better one marked on the board, and the moves and the reason in words."""
        d = self._decision(n)
        if d is None:
            return
        self._replay.start()
        marks = self._marks(d)
        self._opened = (self._replay.token(), n, marks)
        self._replay.show(n)
        note = dom.by_id("review-note")
        parts = [dom.el("strong", f"Before action {n + 1}: "), _label(d.label),
                 dom.el("span", f" Played: {d.played}.")]
        if len(marks) > 1:
            parts.append(dom.el("span", f" Better: {d.best}."))
            if d.why:
                parts.append(dom.el("span", f" Why: {d.why}"))
        parts.append(dom.el("span", _on_board(marks)))
        parts.append(dom.el("span", " Step forward to see the move played on the board."))
        parts.append(dom.el("button", "Back to the review", attrs={
            "type": "button", "data-ui": "review-back"}))
        dom.fill(note, parts)
        note.hidden = False
        window_top()  # the board in view (the review's list may have been scrolled far down)
        # The board ends above the replay bar, however long the note; on a phone the sheet
        # of choices is folded away; the marked moves are brought into view.
        bar = dom.by_id("replay-bar").getBoundingClientRect()
        room = max(0, window.innerHeight - bar.top)
        document.body.style.setProperty("--replay-h", f"{room + 6:.0f}px")
        if dom.attr(document.body, "data-sheet") != "folded":
            self._fold_sheet(True)
            self._unfold_after = True
        self._show_on_board(list(document.querySelectorAll("#board [data-review]")))

    def _marks(self, d: Any) -> tuple[ReviewMark, ...]:
        """The moves of decision ``d`` to mark on the board: the one played, and the better one
        unless it is the same move; each with the board elements it acts on (the view's)."""
        view = self._shown.view
        same = d.best == d.played or (d.best_text and d.best_text == d.played_text)
        moves = [("played", d.played, d.played_text)]
        if not same:
            moves.append(("better", d.best, d.best_text))
        marks = []
        for role, words, text in moves:
            try:
                action = view.spec.parse_action(text) if text else None
            except ActionSyntaxError:  # a review kept by an older page: named in words only
                action = None
            elements = view.elements_of(action) if action is not None else ()
            marks.append(ReviewMark(role, words, elements))
        return tuple(marks)

    def marks_for(self, game: Any) -> tuple[ReviewMark, ...]:
        """The moves to mark on ``game``'s board: those of the decision opened, while the
        replay it was opened in shows the position before it (empty otherwise)."""
        opened = self._opened
        if opened is None or opened[0] is None or self._replay.token() is not opened[0]:
            return ()
        return opened[2] if len(game.actions) == opened[1] else ()

    def clear_note(self) -> None:
        """Leave the decision opened, if any: its marks and note go."""
        self._opened = None
        dom.by_id("review-note").hidden = True
        document.body.style.removeProperty("--replay-h")

    def back(self) -> None:
        self.clear_note()
        self._replay.stop()
        if self._unfold_after:
            self._unfold_after = False
            self._fold_sheet(False)
        if self._seat is not None:
            self.show(self._seat)

    def answer(self, n: int) -> None:
        node = dom.query(dom.by_id("review-moments"), f"[data-answer='{n}']")
        if node is not None:
            node.hidden = False
            node.setAttribute("tabindex", "-1")
            node.focus()

    def try_better(self, n: int) -> None:
        """Hide the answer and offer the moves valued at decision ``n`` to pick from, and any
        other legal move there to have weighed."""
        d = self._decision(n)
        box = dom.query(dom.by_id("review-moments"), f"[data-try='{n}']")
        session = self._shown.session
        if d is None or box is None or session is None:
            return
        order = sorted(range(len(d.tried)), key=lambda i: (hash_of(d.tried[i][0], n), i))
        buttons = [dom.el("button", d.tried[i][1], attrs={
            "type": "button", "data-ui": "review-pick", "data-n": n, "data-i": i})
            for i in order]
        before = position(session.game, n)
        valued = {text for text, _words, _value in d.tried}
        others = sorted(((before.describe(m), m) for m in before.legal_actions()
                         if str(m) not in valued), key=lambda pair: pair[0])
        self._others[n] = {str(m): m for _words, m in others}
        parts = [dom.el("p", "Which move would you play here?", attrs={"id": f"try-q-{n}"}),
                 dom.el("div", cls="pick", attrs={"role": "group",
                                                  "aria-labelledby": f"try-q-{n}"},
                        children=buttons)]
        if others:
            parts.append(dom.el("p", cls="other", children=[
                dom.el("label", "Or another move: ", attrs={"for": f"try-other-{n}"}),
                dom.el("select", attrs={"id": f"try-other-{n}"}, children=[
                    dom.el("option", words, attrs={"value": str(m)}) for words, m in others]),
                dom.el("button", "Weigh it", attrs={
                    "type": "button", "data-ui": "review-weigh", "data-n": n}),
            ]))
        parts.append(dom.el("p", "", cls="result", attrs={"role": "status"}))
        dom.fill(box, parts)
        buttons[0].focus()

    def pick(self, n: int, i: int) -> None:
        """The person's pick among the valued moves, judged at once."""
        d = self._decision(n)
        box = dom.query(dom.by_id("review-moments"), f"[data-try='{n}']")
        if d is None or box is None or not 0 <= i < len(d.tried):
            return
        for button in box.querySelectorAll("button[data-ui=review-pick]"):
            button.setAttribute("aria-pressed", "true" if dom.attr(button, "data-i") == str(i)
                                else "false")
        self._judged(n, box, d.tried, i)

    def weigh(self, n: int) -> None:
        """Value the move chosen in decision ``n``'s list of other moves on the review's own
        playouts, in slices, then judge it as a pick."""
        session = self._shown.session
        box = dom.query(dom.by_id("review-moments"), f"[data-try='{n}']")
        choice = dom.by_id(f"try-other-{n}")
        move = self._others.get(n, {}).get(str(choice.value)) if choice is not None else None
        if session is None or box is None or move is None:
            return
        for button in box.querySelectorAll("button[data-ui=review-pick]"):
            button.setAttribute("aria-pressed", "false")
        weigher = review.weigh(session.game, n, move, **review.PAGE_SETTINGS)
        result = dom.query(box, ".result")
        result.textContent = f"Weighing {session.game.describe(move)}..."
        button = dom.query(box, "[data-ui=review-weigh]")
        button.disabled = True

        def work() -> None:
            if self._shown.session is not session:
                return
            started = dom.now_ms()
            done = weigher.step(REVIEW_SLICE)
            dom.measure("review-slice", started)
            if not done:
                dom.later(work, 0)
                return
            button.disabled = False
            decision = weigher.result
            assert decision is not None  # a finished weighing has its decision
            self._judged(n, box, decision.tried, len(decision.tried) - 1)

        dom.after_frame(work)

    def _judged(self, n: int, box: Any, tried: list[Any], i: int) -> None:
        """Say how move ``i`` of ``tried`` (text, words, win chance) compares with the best of
        them, and show the answer."""
        words, value = tried[i][1], tried[i][2]
        best = max(range(len(tried)), key=lambda k: tried[k][2])
        gap = 100 * (tried[best][2] - value)
        if best == i or gap <= 0.5:
            said = f"Well found: {words} keeps as much win chance as the bot's move, or more."
        else:
            said = (f"You picked {words}: {gap:.0f} points of win chance less than "
                    f"{tried[best][1]}.")
        dom.query(box, ".result").textContent = said
        self.answer(n)
        dom.query(box, ".result").focus()


def _collect() -> None:
    """Collect everything a review left, and let the collector run by itself again."""
    gc.collect()
    gc.enable()


def _on_board(marks: tuple[ReviewMark, ...]) -> str:
    """Which of the moves of a decision the board marks, in words."""
    on = [m.role for m in marks if m.elements]
    if len(marks) == 1:
        return " The board marks it: Played." if on else " It is not a move on the board."
    if len(on) == 2:
        return " The board marks both: Played and Better."
    if not on:
        return " Neither move is on the board."
    if on == ["played"]:
        return " The board marks the move played (Played); the better one is not on the board."
    return " The board marks the better move (Better); the move played is not on the board."


def _label(name: str) -> Any:
    """A decision's label: a sign and the word (``data-review-label`` holds the word)."""
    return dom.el("span", cls=f"review-label label-{name}", attrs={
        "data-review-label": name, "title": LABEL_WORDS[name]}, children=[
        dom.el("span", LABEL_SIGNS[name] + " ", attrs={"aria-hidden": "true"}),
        dom.el("span", name)])


def hash_of(text: str, n: int) -> int:
    """A fixed order of the moves offered (the bot's is not always first)."""
    return sum((i + n + 1) * ord(c) for i, c in enumerate(text)) % 997


def window_top() -> None:
    window.scrollTo(0, 0)
