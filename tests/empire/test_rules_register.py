"""docs/empire/RULES.md: every test it cites exists, and every card kind and variant has an
entry."""

import pathlib
import re

from inca_core.empire import components as C

ROOT = pathlib.Path(__file__).resolve().parents[2]
TEXT = (ROOT / "docs" / "empire" / "RULES.md").read_text(encoding="utf-8")


def test_cited_tests_exist():
    defined = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    cited = set(re.findall(r"\b(test_\w+?)(?:`|\b)", TEXT)) - {
        name for name in re.findall(r"\b(test_\w+)\.py", TEXT)}
    missing = sorted(c for c in cited if c not in defined)
    assert not missing, missing
    assert len(cited) > 60


def test_every_card_and_variant_has_an_entry():
    for kind in C.CARD_KINDS:
        assert kind.name.split(" (")[0] in TEXT.replace("Great / Annual / Local Pilgrimage",
                                                        "Great Pilgrimage Annual Pilgrimage "
                                                        "Local Pilgrimage"), kind.name
    for variant in C.VARIANTS:
        assert f"`{variant}`" in TEXT


def test_the_board_section_points_to_board_md():
    assert "## The board" in TEXT and "BOARD.md" in TEXT.split("## The board")[1].split("##")[0]
