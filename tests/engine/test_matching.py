"""`engine.matching.match`: a card for every place, each where it may go, whenever one exists."""

from __future__ import annotations

from engine.matching import match


def fits(place: str, card: int) -> bool:
    """Place "odd" takes odd cards, "any" takes all, "big" takes cards above 2."""
    return {"odd": card % 2 == 1, "any": True, "big": card > 2}[place]


def test_a_deal_is_found_where_dealing_in_order_would_fail() -> None:
    # In order, "any" would take 1 and leave "odd" nothing; the search moves it on.
    dealt = match(["any", "odd", "big"], [1, 2, 3], fits)
    assert dealt is not None
    assert all(fits(p, c) for p, c in zip(["any", "odd", "big"], dealt, strict=True))
    assert sorted(dealt) == [1, 2, 3]


def test_the_order_of_the_cards_decides_among_fitting_deals() -> None:
    assert match(["any", "any"], [1, 2], fits) == [1, 2]
    assert match(["any", "any"], [2, 1], fits) == [2, 1]


def test_no_deal_when_none_fits() -> None:
    assert match(["odd", "odd"], [1, 2], fits) is None
    assert match([], [1], fits) == []
