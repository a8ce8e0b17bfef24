"""``web/botrunner.py`` on a stand-in page (its browser modules faked, its tasks run in order): in
every game, a bot's search runs in slices with Python's garbage collector off, the move is played
when its time is up, and the garbage is collected in a task of its own after the move."""

from __future__ import annotations

import gc
import importlib
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from session import Session

from inca_core.shelf import GAMES, INFOS


class Page:
    """The browser as botrunner sees it: a queue of tasks run in order, and User Timing."""

    def __init__(self) -> None:
        self.tasks: list[Callable[[], Any]] = []
        self.measures: list[tuple[str, dict]] = []
        self.clock = 0.0

    def later(self, handler: Callable[[], Any], delay_ms: float = 0) -> None:
        self.tasks.append(handler)

    def after_frame(self, handler: Callable[[], Any], latest_ms: float = 100) -> None:
        self.tasks.append(handler)

    def now_ms(self) -> float:
        return self.clock

    def measure(self, name: str, start_ms: float, **detail: Any) -> None:
        self.measures.append((name, detail))


@pytest.fixture
def botrunner(monkeypatch) -> Iterator[Any]:
    """The module, imported with stand-ins for Pyodide's and PyScript's modules."""
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = ffi.to_js = lambda value, **_: value  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    pyscript = types.ModuleType("pyscript")
    window = SimpleNamespace(Function=SimpleNamespace(new=lambda *_: None))
    pyscript.document, pyscript.window = SimpleNamespace(), window  # type: ignore[attr-defined]
    for name, module in (("pyodide", pyodide), ("pyodide.ffi", ffi), ("pyscript", pyscript)):
        monkeypatch.setitem(sys.modules, name, module)
    for name in ("dom", "botrunner"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    module = importlib.import_module("botrunner")
    yield module
    gc.enable()
    for name in ("dom", "botrunner"):
        sys.modules.pop(name, None)


def _app(game_id: str, page: Page, dom: Any) -> SimpleNamespace:
    spec = GAMES[game_id]
    players = min(spec.info.players)
    game = spec.new_game(players, seed=None, options=frozenset(), names=None)
    view = SimpleNamespace(spec=spec, game_id=game_id)
    seats = ("hard",) + ("human",) * (players - 1)
    session = Session(game, seats, None, 0.05, view)  # type: ignore[arg-type]
    for name in ("later", "after_frame", "now_ms", "measure"):
        setattr(dom, name, getattr(page, name))
    return SimpleNamespace(
        session=session,
        replay=SimpleNamespace(active=lambda: False),
        panels=SimpleNamespace(show_thinking=lambda: None, render=lambda: None),
        moves=SimpleNamespace(move_hold=lambda: 0.0, summary_open=lambda: False),
        autosave=SimpleNamespace(save=lambda: None),
    )


def _runner(botrunner: Any, app: SimpleNamespace) -> Any:
    """A bot runner wired as ``App`` wires it: after a bot's move, the page's after-action step
    (``App.after_action``) redraws, and saves in a task of its own."""

    def played(_session: Session) -> None:
        app.panels.render()
        botrunner.dom.later(app.autosave.save, 0)

    return botrunner.BotRunner(app, app.panels, app.moves, app.replay, played)


@pytest.mark.parametrize("game_id", list(INFOS))
def test_no_garbage_collection_while_a_bot_thinks_and_one_after_its_move(botrunner, game_id):
    page = Page()
    app = _app(game_id, page, botrunner.dom)
    session = app.session
    while session.game.current_player != 0 or not session.game.legal_actions():
        session.game.play(session.game.legal_actions()[0])  # until the bot's seat is to move
    runner = _runner(botrunner, app)
    app.botrunner = runner
    assert gc.isenabled()
    runner.schedule()
    assert runner.thinking() and not gc.isenabled()
    actions = len(session.game.actions)
    slices = 0
    while len(session.game.actions) == actions:
        assert not gc.isenabled()  # the search's slices run with the collector off
        page.tasks.pop(0)()
        slices += 1
    assert slices >= 1
    assert [name for name, _ in page.measures] == ["bot-move:hard"]
    assert page.measures[0][1]["iterations"] >= 0
    # The move is played; the save, then the collection, follow in tasks of their own.
    assert not gc.isenabled() and len(page.tasks) == 2
    page.tasks.pop(0)()
    assert not gc.isenabled()
    page.tasks.pop(0)()
    assert gc.isenabled()


def test_a_second_bot_keeps_the_collector_off_until_its_own_move(botrunner):
    page = Page()
    app = _app("empire", page, botrunner.dom)
    session = app.session
    session.seats = ("hard",) * session.game.players
    runner = _runner(botrunner, app)
    # The next bot starts thinking as soon as a move is drawn (the panels call schedule()).
    app.panels.render = runner.schedule
    runner.schedule()
    while len(session.game.actions) == 0:
        page.tasks.pop(0)()
    # The tasks after the first move: the next bot's first slice, the save, the collection.
    assert runner.thinking() and len(page.tasks) == 3
    while len(page.tasks) > 1:
        page.tasks.pop(-1)()  # the collection runs before the next bot's slice
    assert not gc.isenabled()
