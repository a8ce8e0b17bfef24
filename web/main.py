"""The Inca Empire page: start the app once Python and the engine are loaded."""

import dom
from app import App

dom.guarded(App().start)()
