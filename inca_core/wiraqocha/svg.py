"""Draw Wiraqocha's valley as SVG from an observation (no rules here, only drawing).

``render_svg(obs, legal)`` is pure: the same observation gives the same text. It is made of
keyed parts (``render_parts``): one ``<g data-tile>`` per territory, so the page replaces only
the parts that changed. The drawing is the valley alone, as wide as it is tall: what each
player holds off the valley (the tokens in reserve, in the Machine's Graveyard or held
hostage, relics, crystals, Resources) is the page's players panel, in words. Its smallest text
is ``SMALLEST_TEXT`` units high, 12 px or more on screen wherever the valley is drawn 0.8 of
its size or larger (a phone's width). Tokens carry ``data-token`` and
``data-seat``, protecting dice ``data-guard`` with their value; a tile in ``legal`` gets
``data-legal="1"`` and is focusable. Each seat's tokens have its colour and its own shape
(circle, square, diamond, triangle), so colour is never the only signal.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from html import escape

from inca_core.shelf import GAMES
from inca_core.wiraqocha.data import CAVES, ROWS, TILES, TILES_OF, TOKEN_KIND

#: Seat colours (Okabe-Ito, readable for colour-blind players) and the second cue: a shape.
SEAT_COLOURS = ("#d55e00", "#0072b2", "#009e73", "#cc79a7")
SEAT_SHAPES = ("circle", "square", "diamond", "triangle")
KIND_NAMES = {"base": "Base Camp", "explorer": "Explorer", "drill": "Drilling",
              "zeppelin": "Zeppelin"}
KIND_LETTERS = {"base": "B", "explorer": "E", "drill": "D", "zeppelin": "Z"}
FEATURE_NAMES = {"": "", "jungle": "Jungle", "ruins": "Ruins", "village": "Village",
                 "vein": "Somnium vein", "caves": "Caves"}
GROUND_FILL = {"valley": "#d8b67c", "mountain": "#a7adb3"}

#: Hex radius (centre to corner) and the valley's place in the picture: the five rows of
#: tiles and a margin around them, nothing else.
R = 50.0
HEX_W = math.sqrt(3) * R
LEFT, TOP = 8.0, 8.0
WIDTH, HEIGHT = 2 * LEFT + 5 * HEX_W, 2 * TOP + 2 * R + 4 * 1.5 * R
#: The font size of the drawing's smallest text (notes, letters on tokens, dice), in units.
SMALLEST_TEXT = 15

_STYLE = """
.wq-tile .hex{stroke:#4a3826;stroke-width:1.5}
.wq-tile[data-legal='1'] .hex{stroke:#1b1208;stroke-width:5}
.wq-tile[data-legal='1'] .legal-ring{display:inline}
.wq-tile .legal-ring{display:none;fill:none;stroke:#fff36b;stroke-width:2.5;
  stroke-dasharray:6 4;pointer-events:none}
.wq-tile[data-legal='1']{cursor:pointer}
.wq-tile:focus{outline:none}
.wq-tile:focus .hex{stroke:#000;stroke-width:6}
.wq-need{font:700 24px sans-serif;text-anchor:middle;fill:#1b1208}
.wq-small{font:700 15px sans-serif;text-anchor:middle;fill:#1b1208}
.wq-note{font:700 15px sans-serif;fill:#1b1208}
.wq-letter{font:700 15px sans-serif;text-anchor:middle;fill:#fff;paint-order:stroke;
  stroke:#1b1208;stroke-width:3px;pointer-events:none}
.wq-die text{font:700 15px sans-serif;text-anchor:middle;fill:#1b1208}
"""


def tile_centre(index: int) -> tuple[float, float]:
    """The centre of place ``index`` of the 4-5-4-5-4 valley (rows of 4 sit half a tile in)."""
    row = 0
    while index >= ROWS[row]:
        index -= ROWS[row]
        row += 1
    indent = HEX_W / 2 if ROWS[row] == 4 else 0.0
    return LEFT + HEX_W / 2 + indent + index * HEX_W, TOP + R + row * 1.5 * R


def _n(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _hex_points(cx: float, cy: float, r: float) -> str:
    return " ".join(f"{_n(cx + r * math.cos(math.radians(60 * k - 90)))},"
                    f"{_n(cy + r * math.sin(math.radians(60 * k - 90)))}" for k in range(6))


def _pips(x: float, y: float, size: float, value: int) -> str:
    """A die face at (x, y) (top-left) of side ``size`` showing ``value`` as pips."""
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
             4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
             6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}[value]
    step = size / 4
    dots = "".join(f'<circle cx="{_n(x + step * (1 + a))}" cy="{_n(y + step * (1 + b))}" '
                   f'r="{_n(size / 11)}" fill="#1b1208"/>' for a, b in spots)
    return (f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(size)}" height="{_n(size)}" rx="3" '
            f'fill="#fffdf6" stroke="#1b1208" stroke-width="1"/>{dots}')


def _need(tile: str, cx: float, cy: float) -> str:
    """The dice a tile asks for: its number, or the faces of its double or straight."""
    t = TILES[tile]
    if t.kind == "sum":
        return f'<text class="wq-need" x="{_n(cx)}" y="{_n(cy - 17)}">{tile}</text>'
    size = 15.0
    x0 = cx - (len(t.need) * (size + 2) - 2) / 2
    return "".join(_pips(x0 + i * (size + 2), cy - 35, size, v) for i, v in enumerate(t.need))


def _feature_icon(feature: str, resources: int, has_relic: bool, cx: float, cy: float) -> str:
    """A small icon of the feature, left of the centre line."""
    x, y = cx - 22, cy + 2
    if feature == "jungle":
        cubes = "".join(f'<rect x="{_n(x + 8 + 8 * i)}" y="{_n(y - 4)}" width="7" height="7" '
                        'fill="#b5651d" stroke="#1b1208" stroke-width="0.8"/>'
                        for i in range(resources))
        return (f'<path d="M{_n(x - 6)} {_n(y + 6)}L{_n(x)} {_n(y - 8)}L{_n(x + 6)} {_n(y + 6)}Z"'
                f' fill="#2e7d32" stroke="#1b1208" stroke-width="0.8"/>{cubes}')
    if feature == "ruins":
        columns = "".join(f'<rect x="{_n(x - 7 + 5 * i)}" y="{_n(y - 6)}" width="3" height="12" '
                          'fill="#ece3cf" stroke="#1b1208" stroke-width="0.6"/>' for i in range(3))
        relic = (f'<path d="M{_n(x + 14)} {_n(y - 7)}l6 7-6 7-6-7Z" fill="#f2c94c" '
                 'stroke="#1b1208" stroke-width="1" data-relic="1"/>' if has_relic else "")
        return (f'<rect x="{_n(x - 9)}" y="{_n(y - 9)}" width="15" height="3" fill="#ece3cf" '
                f'stroke="#1b1208" stroke-width="0.6"/>{columns}{relic}')
    if feature == "village":
        return (f'<path d="M{_n(x - 7)} {_n(y + 6)}V{_n(y - 1)}L{_n(x)} {_n(y - 8)}'
                f'L{_n(x + 7)} {_n(y - 1)}V{_n(y + 6)}Z" fill="#a0522d" stroke="#1b1208" '
                f'stroke-width="0.8"/><text class="wq-note" x="{_n(x + 10)}" y="{_n(y + 4)}">'
                '+1 die</text>')
    if feature == "vein":
        return (f'<path d="M{_n(x)} {_n(y - 9)}l6 6-6 12-6-12Z" fill="#7fd3e8" '
                f'stroke="#1b1208" stroke-width="1"/><text class="wq-note" x="{_n(x + 9)}" '
                f'y="{_n(y + 4)}">x2</text>')
    if feature == "caves":
        return (f'<path d="M{_n(x - 9)} {_n(y + 7)}Q{_n(x)} {_n(y - 14)} {_n(x + 9)} {_n(y + 7)}Z"'
                f' fill="#3b2a1a" stroke="#1b1208"/><text class="wq-note" x="{_n(x + 11)}" '
                f'y="{_n(y + 4)}">Caves</text>')
    return ""


def token_shape(seat: int, x: float, y: float, r: float) -> str:
    """The seat's shape in its colour, centred on (x, y)."""
    fill = SEAT_COLOURS[seat % 4]
    common = f'fill="{fill}" stroke="#1b1208" stroke-width="1.5"'
    shape = SEAT_SHAPES[seat % 4]
    if shape == "circle":
        return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" {common}/>'
    if shape == "square":
        s = r * 0.9
        return (f'<rect x="{_n(x - s)}" y="{_n(y - s)}" width="{_n(2 * s)}" '
                f'height="{_n(2 * s)}" {common}/>')
    if shape == "diamond":
        return (f'<path d="M{_n(x)} {_n(y - r * 1.2)}L{_n(x + r * 1.2)} {_n(y)}L{_n(x)} '
                f'{_n(y + r * 1.2)}L{_n(x - r * 1.2)} {_n(y)}Z" {common}/>')
    return (f'<path d="M{_n(x)} {_n(y - r * 1.25)}L{_n(x + r * 1.2)} {_n(y + r * 0.9)}'
            f'L{_n(x - r * 1.2)} {_n(y + r * 0.9)}Z" {common}/>')


def token_name(obs: dict, seat: int, token: str) -> str:
    """``Ana's Explorer``, or ``your Explorer`` for the seat viewing (no token id)."""
    whose = "your" if obs.get("viewer") == seat else f"{obs['names'][seat]}'s"
    return f"{whose} {KIND_NAMES[TOKEN_KIND[token]]}"


def place_name(obs: dict, tile: str) -> str:
    """A tile by its feature and printed number: ``the Jungle 3-4-5``, ``territory 5``."""
    t = TILES_OF[obs["edition"]][tile]
    feature = "caves" if tile == CAVES and "caves" in obs["opts"] else t.feature
    if feature == "caves":
        return "the Caves"
    return f"the {FEATURE_NAMES[feature]} {tile}" if feature else f"territory {tile}"


def _token(obs: dict, seat: int, token: str, x: float, y: float, r: float = 13.0,
           where: str = "") -> str:
    kind = TOKEN_KIND[token]
    letter = KIND_LETTERS[kind] + token[-1] if token[-1].isdigit() else token
    label = token_name(obs, seat, token)
    label = label[0].upper() + label[1:] + where
    return (f'<g data-token="{token}" data-seat="{seat}" role="img" '
            f'aria-label="{escape(label)}">'
            f'{token_shape(seat, x, y, r)}'
            f'<text class="wq-letter" x="{_n(x)}" y="{_n(y + 5.5)}">{letter}</text></g>')


def _tile_label(obs: dict, tile: str, occupant: tuple[int, str] | None, closed: bool) -> str:
    t = TILES_OF[obs["edition"]][tile]
    feature = "caves" if tile == CAVES and "caves" in obs["opts"] else t.feature
    kind = {"sum": f"needs dice adding up to {tile}",
            "double": f"needs a double {t.need[0]}", "straight": "needs a straight "
            + "-".join(map(str, t.need))}[t.kind]
    parts = [f"Territory {tile}: {t.ground}", kind]
    if feature:
        parts.append(FEATURE_NAMES[feature]
                     + (f" ({t.resources} Resources)" if feature == "jungle" else "")
                     + (" with its relic" if tile in obs["relic_on"] else ""))
    if closed:
        parts.append("destroyed by the Death Ray")
    if occupant is not None:
        parts.append("held by " + token_name(obs, *occupant))
        guard = obs["protection"].get(tile, 0)
        if tile in obs["guard"]:
            parts.append(f"protecting die {obs['guard'][tile]}")
        elif guard:
            parts.append(f"Base Camp protection {guard}")
    if tile == obs["shield"]:
        parts.append("Force Field")
    if tile == obs["fortress"]:
        parts.append("Flying Fortress")
    return ", ".join(parts)


def occupants(obs: dict) -> dict[str, tuple[int, str]]:
    """Tile to (seat, token) of the token on it, from an observation."""
    out: dict[str, tuple[int, str]] = {}
    for seat, tokens in enumerate(obs["where"]):
        for token, place in tokens.items():
            if place in TILES:
                out[place] = (seat, token)
    return out


def _tile(obs: dict, index: int, tile: str, occupant: tuple[int, str] | None,
          legal: bool) -> str:
    cx, cy = tile_centre(index)
    t = TILES_OF[obs["edition"]][tile]
    closed = tile in obs["rayed"]
    feature = "caves" if tile == CAVES and "caves" in obs["opts"] else t.feature
    fill = "#2b2b2b" if closed else GROUND_FILL[t.ground]
    attrs = ' data-legal="1" tabindex="0" role="button"' if legal else ' role="img"'
    label = escape(_tile_label(obs, tile, occupant, closed))
    out = [f'<g class="wq-tile" data-tile="{tile}" data-ground="{t.ground}"'
           f' data-feature="{feature}"{attrs} aria-label="{label}">',
           f'<polygon class="hex" points="{_hex_points(cx, cy, R - 1)}" fill="{fill}"/>']
    if t.ground == "mountain" and not closed:
        out.append(f'<path d="M{_n(cx - 35)} {_n(cy + 26)}l8-13 8 13Z" fill="#e8eaec" '
                   'stroke="#4b5056" stroke-width="1"/>')
    out.append(_need(tile, cx, cy))
    if closed:
        out.append(f'<path d="M{_n(cx - 18)} {_n(cy - 8)}l36 36M{_n(cx + 18)} {_n(cy - 8)}'
                   f'l-36 36" stroke="#e53935" stroke-width="4"/>')
    else:
        out.append(_feature_icon(feature, t.resources, tile in obs["relic_on"], cx, cy))
    if occupant is not None:
        out.append(_token(obs, occupant[0], occupant[1], cx - 6, cy + 25,
                          where=f" on {place_name(obs, tile)}"))
        guard = obs["guard"].get(tile)
        shown = obs["protection"].get(tile, 0)
        if guard is not None:
            out.append(f'<g class="wq-die" data-guard="{shown}" aria-hidden="true">'
                       f'<rect x="{_n(cx + 10)}" y="{_n(cy + 14)}" width="20" height="20" rx="3" '
                       f'fill="#fffdf6" stroke="#1b1208" stroke-width="1.5"/>'
                       f'<text x="{_n(cx + 20)}" y="{_n(cy + 29.5)}">{shown}</text></g>')
        elif shown:
            out.append(f'<g class="wq-die" data-guard="{shown}" aria-hidden="true">'
                       f'<path d="M{_n(cx + 10)} {_n(cy + 14)}h20v9q0 8-10 13q-10-5-10-13Z" '
                       f'fill="#e9eef2" stroke="#1b1208" stroke-width="1.2"/>'
                       f'<text x="{_n(cx + 20)}" y="{_n(cy + 29)}">{shown}</text></g>')
    if tile == obs["shield"]:
        out.append(f'<polygon points="{_hex_points(cx, cy, R - 6)}" fill="none" '
                   'stroke="#00bcd4" stroke-width="3" data-field="1"/>')
    if tile == obs["fortress"]:
        out.append(f'<g data-fortress="1"><rect x="{_n(cx + 21)}" y="{_n(cy - 21)}" width="21" '
                   f'height="17" fill="#5d4037" stroke="#1b1208"/><text class="wq-small" '
                   f'x="{_n(cx + 31.5)}" y="{_n(cy - 7.5)}" style="fill:#fff">x2</text></g>')
    out.append(f'<polygon class="legal-ring" points="{_hex_points(cx, cy, R - 5)}"/></g>')
    return "".join(out)


def render_parts(obs: dict, legal: Collection[str] = ()) -> list[tuple[str, str]]:
    """The drawing as (key, markup) parts: every tile."""
    occ = occupants(obs)
    return [(f"tile:{tile}", _tile(obs, i, tile, occ.get(tile), tile in legal))
            for i, tile in enumerate(obs["layout"])]


def frame_svg(inner: str = "") -> str:
    """The SVG element around the parts (its ``pieces`` layer holds them)."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(WIDTH)} {_n(HEIGHT)}" '
            f'width="{_n(WIDTH)}" height="{_n(HEIGHT)}" class="wq-valley" role="group" '
            f'aria-label="The valley of Wiraqocha"><style>{_STYLE}</style>'
            f'<rect width="100%" height="100%" fill="#efe6d2"/>'
            f'<g class="pieces">{inner}</g></svg>')


def render_svg(obs: dict, legal: Collection[str] = ()) -> str:
    """The whole valley of ``obs`` as one SVG document."""
    return frame_svg("".join(markup for _, markup in render_parts(obs, legal)))


#: Where the sample table of "How to play" puts each player's tokens, and its protecting dice.
SAMPLE_TOKENS = ({"B": "1-2-3", "E1": "1", "D1": "7"}, {"B": "8", "D1": "2-3-4", "Z1": "11"},
                 {"B": "6", "E1": "3-3"})
SAMPLE_GUARDS = {"1-2-3": 4, "7": 3, "3-3": 5}
_sample: list[tuple[str, str]] = []


def sample_parts() -> list[tuple[str, str]]:
    """The picture of "How to play": the first-game valley of three players a few turns in,
    tokens on their tiles and dice protecting some (a picture only: the observation of a new
    game with tokens set on it), drawn as a game is."""
    if not _sample:
        names = ("Ana", "Bo", "Cy")
        obs = GAMES["wiraqocha"].new_game(3, 1, {"first_layout"}, names).observation(None)
        for seat, tokens in enumerate(SAMPLE_TOKENS):
            obs["where"][seat].update(tokens)
        obs["guard"] = dict(SAMPLE_GUARDS)
        obs["protection"] = {tile: SAMPLE_GUARDS.get(tile, 2 if token == "B" else 0)
                             for tile, (_, token) in occupants(obs).items()}
        obs["resources"], obs["somnium"] = [3, 2, 4], [2, 1, 0]
        obs["current_player"] = None
        _sample.extend(render_parts(obs))
    return _sample
