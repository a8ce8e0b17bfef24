"""Wiraqocha's actions as small frozen values with a text form that round-trips.

Dice are named by their values (dice showing the same value are alike), tiles by their printed
requirement (``7``, ``3-3``, ``1-2-3``), tokens by their id (``B``, ``E1``, ``Z2``, ``AE``...).
Texts: ``lift 7``, ``swap Z1 D2``, ``salvage E1``, ``cave 11``, ``roll``, ``conquer 11 Z1 5+6``,
``conquer 7 E2 3+4 beat 5``, ``conquer 8 Z2 2+6 beat 4+5`` (a Flying Fortress),
``conquer 9 Z1 4+5 beat 3 take relic:10``, ``fortress 7``, ``protect 7 4``,
``raise 3``, ``lower 4``, ``reroll 2``, ``buy tanks``, ``sacrifice``, ``factory``, ``recover D1``,
``exo 2``, ``probe 8``, ``ray 1-1``, ``field 7``, ``tunnel 9 4+5 take crystal``,
``ransom 1 crystal``, ``end``. With the option ``prisoners``, ``take hostage`` on a conquest
keeps the beaten token and ``take free`` on a racketeer's Base Camp frees one's own.
"""

from __future__ import annotations

from dataclasses import dataclass

from inca_core.protocol import ActionSyntaxError


@dataclass(frozen=True, slots=True)
class Lift:
    """Phase I: take back the protecting die on one's territory ``tile`` to roll it."""

    tile: str

    def __str__(self) -> str:
        return f"lift {self.tile}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Phase I: replace the Zeppelin ``zeppelin`` by ``token`` (reserve or board)."""

    zeppelin: str
    token: str

    def __str__(self) -> str:
        return f"swap {self.zeppelin} {self.token}"


@dataclass(frozen=True, slots=True)
class Salvage:
    """Phase I: the Recovery Workshop brings ``token`` back from the Graveyard for free."""

    token: str

    def __str__(self) -> str:
        return f"salvage {self.token}"


@dataclass(frozen=True, slots=True)
class Cave:
    """Phase I, option ``caves``: the Explorer on the Caves goes to the free mountain ``tile``."""

    tile: str

    def __str__(self) -> str:
        return f"cave {self.tile}"


@dataclass(frozen=True, slots=True)
class Roll:
    """End Phase I: roll the dice."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Conquer:
    """Take ``tile`` with ``token`` using dice ``dice`` (sorted values); ``beat``: the die that
    beats the protection (0: none); ``take``: plunder a Base Camp instead of moving in
    (``crystal``, ``relic:TILE``, ``card:ID``; empty: conquer)."""

    tile: str
    token: str
    dice: tuple[int, ...]
    beat: int = 0
    take: str = ""
    #: The second die beating the protection of a Flying Fortress's territory (0: none).
    beat2: int = 0

    def __str__(self) -> str:
        text = f"conquer {self.tile} {self.token} {'+'.join(map(str, self.dice))}"
        if self.beat:
            text += f" beat {self.beat}" + (f"+{self.beat2}" if self.beat2 else "")
        if self.take:
            text += f" take {self.take}"
        return text


@dataclass(frozen=True, slots=True)
class Protect:
    """Put an unused die showing ``value`` on one's territory ``tile``."""

    tile: str
    value: int

    def __str__(self) -> str:
        return f"protect {self.tile} {self.value}"


@dataclass(frozen=True, slots=True)
class Raise:
    """Pay 2 Resources: an unused die showing ``value`` shows one more."""

    value: int

    def __str__(self) -> str:
        return f"raise {self.value}"


@dataclass(frozen=True, slots=True)
class Lower:
    """Pay 2 Resources: an unused die showing ``value`` shows one less."""

    value: int

    def __str__(self) -> str:
        return f"lower {self.value}"


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy the face-up Technology card ``card`` (once a turn)."""

    card: str

    def __str__(self) -> str:
        return f"buy {self.card}"


@dataclass(frozen=True, slots=True)
class Reroll:
    """Roll again an unused die showing ``value`` (one re-roll per Ruins held at the start of
    the turn)."""

    value: int

    def __str__(self) -> str:
        return f"reroll {self.value}"


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """Discard a Somnium crystal to roll one more die (once a turn)."""

    def __str__(self) -> str:
        return "sacrifice"


@dataclass(frozen=True, slots=True)
class Factory:
    """Android Factory: discard 3 Resources to roll one more die (once a turn)."""

    def __str__(self) -> str:
        return "factory"


@dataclass(frozen=True, slots=True)
class Recover:
    """Discard 3 Resources: ``token`` leaves the Graveyard for the reserve (once a turn)."""

    token: str

    def __str__(self) -> str:
        return f"recover {self.token}"


@dataclass(frozen=True, slots=True)
class Exo:
    """Battle Exoskeleton: an unused die showing ``value`` becomes a 6 (once a turn)."""

    value: int

    def __str__(self) -> str:
        return f"exo {self.value}"


@dataclass(frozen=True, slots=True)
class Probe:
    """Psychic Probe: the protection of an opponent's ``tile`` becomes a 1 (once a turn)."""

    tile: str

    def __str__(self) -> str:
        return f"probe {self.tile}"


@dataclass(frozen=True, slots=True)
class Ray:
    """Death Ray: destroy everything on ``tile`` (once a game)."""

    tile: str

    def __str__(self) -> str:
        return f"ray {self.tile}"


@dataclass(frozen=True, slots=True)
class Fortress:
    """Flying Fortress: put (or move) its token on one's territory ``tile`` (once a turn)."""

    tile: str

    def __str__(self) -> str:
        return f"fortress {self.tile}"


@dataclass(frozen=True, slots=True)
class Field:
    """Force Field: put its token on one's territory ``tile`` (right after buying it)."""

    tile: str

    def __str__(self) -> str:
        return f"field {self.tile}"


@dataclass(frozen=True, slots=True)
class Tunnel:
    """Transport Tunneller: plunder the Base Camp on ``tile`` with ``dice`` meeting the tile,
    ignoring every protection (once a turn)."""

    tile: str
    dice: tuple[int, ...]
    take: str

    def __str__(self) -> str:
        return f"tunnel {self.tile} {'+'.join(map(str, self.dice))} take {self.take}"


@dataclass(frozen=True, slots=True)
class Ransom:
    """Option ``prisoners``: pay the racketeer ``seat`` (``resources``: 3 cubes, ``crystal``: one
    Somnium) to get one's hostage back."""

    seat: int
    pay: str

    def __str__(self) -> str:
        return f"ransom {self.seat} {self.pay}"


@dataclass(frozen=True, slots=True)
class End:
    """End the turn (Phase III: harvest, Resource limit, new card)."""

    def __str__(self) -> str:
        return "end"


Action = (Lift | Swap | Salvage | Cave | Roll | Conquer | Protect | Raise | Lower | Reroll | Buy
          | Sacrifice | Factory | Recover | Exo | Probe | Ray | Fortress | Field | Tunnel | Ransom
          | End)


def parse_action(text: str) -> Action:
    """The action whose text form is ``text``; :class:`ActionSyntaxError` if there is none."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action is text, not {type(text).__name__}")
    words = text.split()
    try:
        match words:
            case ["lift", t]:
                return Lift(t)
            case ["swap", z, t]:
                return Swap(z, t)
            case ["salvage", t]:
                return Salvage(t)
            case ["cave", t]:
                return Cave(t)
            case ["roll"]:
                return Roll()
            case ["conquer", tile, token, dice, *rest]:
                beats, take = "", ""
                match rest:
                    case []:
                        pass
                    case ["beat", b]:
                        beats = b
                    case ["take", x]:
                        take = x
                    case ["beat", b, "take", x]:
                        beats, take = b, x
                    case _:
                        raise ValueError(text)
                values = tuple(int(v) for v in dice.split("+"))
                beat = [int(v) for v in beats.split("+")] if beats else [0]
                if len(beat) > 2 or min(beat) < 0 or (beats and 0 in beat):
                    raise ValueError(text)
                return Conquer(tile, token, values, beat[0], take, beat[1] if beat[1:] else 0)
            case ["protect", t, v]:
                return Protect(t, int(v))
            case ["raise", v]:
                return Raise(int(v))
            case ["lower", v]:
                return Lower(int(v))
            case ["reroll", v]:
                return Reroll(int(v))
            case ["buy", c]:
                return Buy(c)
            case ["sacrifice"]:
                return Sacrifice()
            case ["factory"]:
                return Factory()
            case ["recover", t]:
                return Recover(t)
            case ["exo", v]:
                return Exo(int(v))
            case ["probe", t]:
                return Probe(t)
            case ["ray", t]:
                return Ray(t)
            case ["fortress", t]:
                return Fortress(t)
            case ["field", t]:
                return Field(t)
            case ["tunnel", t, dice, "take", x]:
                return Tunnel(t, tuple(int(v) for v in dice.split("+")), x)
            case ["ransom", seat, pay]:
                return Ransom(int(seat), pay)
            case ["end"]:
                return End()
    except ValueError:
        pass
    raise ActionSyntaxError(f"not an action of Wiraqocha: {text!r}")
