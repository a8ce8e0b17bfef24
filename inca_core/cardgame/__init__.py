"""Inca Empire: The Card Game (DPH Games, 2020): cards, rules, bots and drawing.

The game is registered on the shelf as ``cardgame``; :mod:`inca_core.cardgame.spec` holds its
``SPEC``. Nothing here imports the Inca Empire board game's engine.
"""
