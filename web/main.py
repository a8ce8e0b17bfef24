"""The Inca Empire page: start the app once Python and the engine are loaded."""

from app import App

App().start()
