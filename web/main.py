"""The page: start the app once Python and the engine are loaded."""
# mypy: disable-error-code="top-level-await"
# (PyScript runs this script in a coroutine.)

import gc
import os
import sys

# game.zip (the shared engine and page modules, with their bytecode) is imported from in place;
# each game's own code comes from games/<id>.zip (see archives.py).
sys.path.insert(0, os.path.abspath("game.zip"))

import archives
import dom
import views
from app import App, games_at_start

archives.install()
await archives.fetch(games_at_start())  # noqa: F704 (PyScript runs the script in a coroutine)
dom.guarded(App().start)()
# The other games' code comes while the page runs, so that they open offline too.
archives.fetch_later(views.VIEW_MODULES)
# Objects made at start-up live as long as the page: keep them out of later garbage collections,
# which would otherwise grow long enough to be felt while bots play.
gc.freeze()
