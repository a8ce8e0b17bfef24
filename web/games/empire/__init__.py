"""The page of the game ``empire``: ``view.VIEW`` is what the shell loads."""
