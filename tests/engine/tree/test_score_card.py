"""My First Christmas Tree's end: every player's score card in the result post, part by part,
adding up to the score the bot shows; and counts written through `engine.words.plural`."""

from __future__ import annotations

import re

from engine.protocol import Event, fill_names
from engine.tree import GAME
from engine.tree import cards as C
from engine.tree.state import TreeState
from tests.engine.tree.played import finished_games
from tests.engine.tree.test_rules import new
from tests.engine.tree.test_rulings import cubes_on, over

NAMES = ["Ann", "Bea"]
PARTS = ["Star", "Base tiles", "Row markers", "Other completed rows", "Boxes", "Cubes not placed"]
HEAD = re.compile(r"\*\*(\w+)\*\* · \*\*(−?\d+) points?\*\*")
PART = re.compile(r"([A-Z][a-z ]+) \*\*(−?\d+)\*\*")


def cards(s: TreeState) -> dict[str, tuple[int, dict[str, int]]]:
    """Per name, the total the card shows and its parts (label -> points)."""
    lines = [fill_names(line, NAMES) for line in GAME.final_report(s)]
    assert lines[0] == "**Score cards**", lines
    out = {}
    for head, parts in zip(lines[1::2], lines[2::2], strict=True):
        found = HEAD.fullmatch(head)
        assert found, head
        points = {label: int(n.replace("−", "-")) for label, n in PART.findall(parts)}
        out[found[1]] = (int(found[2].replace("−", "-")), points)
    return out


def rules_table(s: TreeState, seat: int) -> dict[str, int]:
    """The scoring table of the rules (§5.6), applied directly to the state."""
    done = [r for r in range(1, 6) if all(seat in s.cubes[C.INDEX[x]] for x in C.row_tiles(r))]
    return {
        "Star": 6 if s.star == seat else 0,
        "Base tiles": (4 if s.base[0] == seat else 0) + (3 if s.base[1] == seat else 0),
        "Row markers": sum(r + 1 for r in done if s.markers[r - 1] == seat),
        "Other completed rows": sum((r + 1) // 2 for r in done if s.markers[r - 1] != seat),
        "Boxes": sum(s.claimed[seat]),
        "Cubes not placed": -s.decoration[seat],
    }


def test_every_finished_game_has_score_cards_that_add_up_to_the_score():
    seen: set[str] = set()
    for s in finished_games():
        result = GAME.result(s)
        assert result is not None
        shown = cards(s)
        assert list(shown) == NAMES
        for seat, name in enumerate(NAMES):
            total, parts = shown[name]
            assert list(parts) == PARTS
            assert sum(parts.values()) == total == result.scores[seat]
            assert parts == rules_table(s, seat)
            seen |= {label for label, n in parts.items() if n}
    assert seen == set(PARTS), "the games reach every part of the scoring"


def test_a_score_card_names_what_earned_the_points():
    cubes = cubes_on((0, (1, 3, 5)), (1, (2,)))
    s = over(
        cubes=cubes,
        markers=(0, None, None, None, 0),
        star=0,
        base=(0, 1),
        claimed=((4, 5), ()),
        decoration=(1, 17),
    )
    card = "\n".join(fill_names(line, NAMES) for line in GAME.final_report(s))
    ann, bea = card.splitlines()[1:3], card.splitlines()[3:5]
    assert ann[0] == "**Ann** · **28 points**"
    assert "Star **6**" in ann[1] and "Base tiles **4** (left)" in ann[1]
    assert (
        "Row markers **8** (rows 1, 5)" in ann[1] and "Other completed rows **2** (row 3)" in ann[1]
    )
    assert "Boxes **9** (4 + 5)" in ann[1] and "Cubes not placed **−1** (1 cube)" in ann[1]
    assert bea[0] == "**Bea** · **−13 points**"
    assert "Base tiles **3** (right)" in bea[1] and "Other completed rows **1** (row 2)" in bea[1]
    assert "Cubes not placed **−17** (17 cubes)" in bea[1]


def test_no_score_card_before_the_end():
    assert GAME.final_report(new()) == ()


def test_scores_are_written_in_points_with_a_minus_sign():
    assert [GAME.score_text(n) for n in (22, 1, 0, -1, -12)] == [
        "22 points",
        "1 point",
        "0 points",
        "−1 point",
        "−12 points",
    ]


def test_narration_counts_one_card_in_the_singular():
    line = GAME.narrate(Event("reshuffle", {"cards": 1}), NAMES)
    assert line == "The discards (1 card) are shuffled into a new deck."
