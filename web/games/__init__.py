"""Each game's page, one package per game (``games/<id>/``): its view, panels, moments and
texts. A game's package ships in its own archive ``games/<id>.zip`` (see ``archives.py``)."""
