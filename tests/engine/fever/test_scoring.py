"""Final scoring exactly as §2.8: Gifts to deposits, Coal as debts after the others (HF-G17,
G55), $100 per decoration, Christmas $500 and full forgiveness (HF-G56), stars forgiving the
first entries (HF-G16), negative values (HF-G48), ties (HF-G36)."""

from __future__ import annotations

from typing import Any

from engine.fever.game import GAME
from engine.fever.state import FeverState
from tests.engine.fever.helpers import edit, give, opened

EMPTY = ((), ())


def over(christmas: int = 1, **fields: Any) -> FeverState:
    """A finished two-family game with empty rows and score cards, then `fields`."""
    s = opened(2)
    s = edit(s, gifts=EMPTY, values=EMPTY, gseen=EMPTY, vseen=EMPTY)
    return edit(s, phase="over", christmas=christmas, agenda=(), **fields)


def lines(*amounts: int) -> tuple[tuple[int, str], ...]:
    return tuple((a, f"entry {i + 1}") for i, a in enumerate(amounts))


def sheet(s: FeverState, seat: int) -> Any:
    sheets = GAME.view(s, None)["sheets"]
    assert sheets is not None
    return sheets[seat]


def test_stars_forgive_the_first_entries_not_the_largest() -> None:
    # HF-G16: one star forgives the $50 written first, not the $300.
    s = over(deposits=(lines(1000), ()), debts=(lines(50, 300, 100), ()), stars=(1, 0))
    sh = sheet(s, 0)
    assert sh["forgiven"] == 1 and sh["value"] == 1000 - 400


def test_extra_stars_are_wasted() -> None:
    # §2.8 step 4, HF-G35: stars beyond the debts do nothing.
    s = over(deposits=(lines(100), ()), debts=(lines(50, 60), ()), stars=(5, 0))
    assert sheet(s, 0)["forgiven"] == 2 and sheet(s, 0)["value"] == 100


def test_gifts_decorations_and_coal() -> None:
    # Every non-Coal Value is a deposit; each Coal one debt of its total, after the in-game
    # debts, in the order the Coal arrived (HF-G17, G55); decorations $100 each.
    s = over(debts=(lines(40), ()), lights=(2, 0), ornaments=(1, 0), stars=(2, 0))
    s = give(s, 0, ("coal-2", (100, 50)), ("puppy", (200, 250)), ("coal-1", (300,)))
    sh = sheet(s, 0)
    assert [d["amount"] for d in sh["debts"]] == [40, 150, 300]
    assert [d["amount"] for d in sh["deposits"]] == [200, 250, 300]
    assert sh["forgiven"] == 2  # the $40 and the first Coal
    assert sh["value"] == 200 + 250 + 300 - 300


def test_christmas_pays_500_and_a_full_tree_forgives_everything() -> None:
    # HF-G56: every entry, Coal included, for the lander with 3 Lights and 3 Ornaments.
    s = over(christmas=0, debts=(lines(500, 700), ()), lights=(3, 0), ornaments=(3, 0))
    s = give(s, 0, ("coal-1", (250,)))
    sh = sheet(s, 0)
    assert sh["christmas"] and sh["full_forgiveness"] and sh["forgiven"] == 3
    assert sh["value"] == 600 + 500


def test_christmas_without_a_full_tree_forgives_only_by_stars() -> None:
    # §2.8 step 3, HF-G16.
    s = over(christmas=0, debts=(lines(500, 700), ()), lights=(3, 0), stars=(1, 0))
    sh = sheet(s, 0)
    assert not sh["full_forgiveness"] and sh["forgiven"] == 1
    assert sh["value"] == 300 + 500 - 700


def test_a_christmas_can_be_worth_less_than_nothing() -> None:
    # HF-G48.
    s = over(debts=(lines(300), ()))
    assert sheet(s, 0)["value"] == -300
    result = GAME.result(s)
    assert result is not None and result.scores[0] == -300


def test_ties_go_to_more_stars_then_are_shared() -> None:
    # HF-G36.
    s = over(christmas=-1, deposits=(lines(100), lines(100)), stars=(1, 2))
    result = GAME.result(s)
    assert result is not None and result.winners == (1,) and result.ranks == (2, 1)
    s = over(christmas=-1, deposits=(lines(100), lines(100)), stars=(2, 2))
    result = GAME.result(s)
    assert result is not None and result.winners == (0, 1)


def test_every_gift_is_face_up_on_the_sheet() -> None:
    # §2.8 step 1, HF-G55: the sheet lists every Gift face up.
    s = give(over(), 1, ("telescope", (150,)))
    assert GAME.view(s, 0)["families"][1]["gifts"][0]["gift"] == "telescope"
    assert sheet(s, 1)["gifts"][0]["values_seen"] == [150]
