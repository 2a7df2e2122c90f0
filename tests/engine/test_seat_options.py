"""Options each player picks for their own seat (`Option.per_seat`): checked once, resolved
into one value per seat, and Holiday Fever's family colours built on them."""

from __future__ import annotations

import pytest

from engine import GAMES, ActionError, ErrorCode
from engine.protocol import Option, normalize_options, seat_choices

COLOUR = Option("colour", "Colour", (("r", "Red"), ("g", "Green"), ("b", "Blue")), "", True)


class _Game:
    title = "Toy"
    min_seats, max_seats = 2, 3

    def options(self) -> tuple[Option, ...]:
        return (COLOUR,)


def test_seats_that_did_not_choose_take_the_first_free_values_in_order() -> None:
    assert seat_choices(COLOUR, "", 3) == ("r", "g", "b")
    assert seat_choices(COLOUR, ",r", 2) == ("g", "r")
    assert seat_choices(COLOUR, "b", 3) == ("b", "r", "g")
    assert seat_choices(COLOUR, ",,r", 3) == ("g", "b", "r")


def test_a_choice_for_a_seat_that_is_not_there_is_refused() -> None:
    with pytest.raises(ActionError) as err:
        seat_choices(COLOUR, ",,r", 2)
    assert err.value.code == ErrorCode.BAD_OPTIONS


@pytest.mark.parametrize("value", ["x", "r,r", "r,,r", "g,y"])
def test_unknown_or_repeated_choices_are_bad_options(value: str) -> None:
    with pytest.raises(ActionError) as err:
        normalize_options(_Game(), {"colour": value})
    assert err.value.code == ErrorCode.BAD_OPTIONS


def test_a_valid_per_seat_value_passes_through_unchanged() -> None:
    assert normalize_options(_Game(), {"colour": ",b"}) == {"colour": ",b"}
    assert normalize_options(_Game(), {}) == {"colour": ""}


def test_every_per_seat_option_has_a_value_for_every_seat() -> None:
    for game in GAMES.values():
        for opt in game.options():
            if opt.per_seat:
                assert opt.default == ""
                assert len(opt.choices) >= game.max_seats, f"{game.key}: {opt.key}"


def test_fever_families_get_the_colours_they_picked_and_the_rest_in_order() -> None:
    game = GAMES["fever"]
    state = game.new(4, {"colours": "purple,,red"}, seed=3)
    families = game.view(state, None)["families"]
    assert [f["colour"] for f in families] == ["purple", "orange", "red", "yellow"]
    default = game.view(game.new(3, {}, seed=3), None)["families"]
    assert [f["colour"] for f in default] == ["red", "orange", "yellow"]
