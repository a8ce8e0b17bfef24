"""Draw both board sides into ``docs/empire/``: ``board-<n>.svg`` and a 1400-pixel
``board-<n>.png``.

Needs ``rsvg-convert`` (librsvg) on the PATH and Pillow (to shrink the PNG to 256 colours).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from inca_core import board_for, render_board_svg  # noqa: E402

WIDTH = 1400


def main() -> None:
    for players in (3, 4):
        svg = ROOT / "docs" / "empire" / f"board-{players}.svg"
        svg.write_text(render_board_svg(board_for(players)), encoding="utf-8")
        with tempfile.TemporaryDirectory() as tmp:
            raw = Path(tmp) / "raw.png"
            subprocess.run(["rsvg-convert", "-w", str(WIDTH), str(svg), "-o", str(raw)], check=True)
            image = Image.open(raw).convert("RGB")
            small = image.quantize(256, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
            small.save(ROOT / "docs" / "empire" / f"board-{players}.png", optimize=True)
        print(f"docs/empire/board-{players}.svg and .png")


if __name__ == "__main__":
    main()
