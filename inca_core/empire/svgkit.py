"""What the board's and the pieces' drawings share: the suyus' colours and numbers as SVG
text."""

from __future__ import annotations

#: Seat colours of the suyus, each paired with a pattern so colour is never the only signal.
SUYU_COLOURS = {
    "Chinchaysuyu": "#2f6db5",
    "Antisuyu": "#2e8b47",
    "Collasuyu": "#8a5a2b",
    "Cuntisuyu": "#e07b1a",
}


def num(v: float) -> str:
    """A coordinate as short, stable text."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
