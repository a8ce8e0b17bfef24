"""The page of the game ``cardgame``: ``view.VIEW`` is what the shell loads."""
