"""The page of the game ``wiraqocha``: ``view.VIEW`` is what the shell loads."""
