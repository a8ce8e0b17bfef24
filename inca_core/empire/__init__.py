"""Inca Empire: the board game of roads, regions and temples (``SPEC`` in :mod:`.spec`; the rules
in ``docs/empire/RULES.md``)."""
