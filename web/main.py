"""The Inca Empire page: start the app once Python and the engine are loaded."""

import gc

import dom
from app import App

dom.guarded(App().start)()
# Objects made at start-up live as long as the page: keep them out of later garbage collections,
# which would otherwise grow long enough to be felt while bots play.
gc.freeze()
