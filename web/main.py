"""The Inca Empire page: start the app once Python and the engine are loaded."""

import gc
import os
import sys

# game.zip (the engine and the page modules, with their bytecode) is imported from in place.
sys.path.insert(0, os.path.abspath("game.zip"))

import dom
from app import App

dom.guarded(App().start)()
# Objects made at start-up live as long as the page: keep them out of later garbage collections,
# which would otherwise grow long enough to be felt while bots play.
gc.freeze()
