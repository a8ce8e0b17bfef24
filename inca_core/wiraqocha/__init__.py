"""Wiraqocha (Henri Kermarrec, Sit Down! 2011): tiles, cards, rules and bots.

The game is registered on the shelf as ``wiraqocha``; :mod:`inca_core.wiraqocha.spec` holds its
``SPEC``. Nothing here imports the Inca Empire board game's engine. docs/wiraqocha/WIRAQOCHA.md
lists the
data, our readings of the rulebook and what is not implemented yet.
"""
