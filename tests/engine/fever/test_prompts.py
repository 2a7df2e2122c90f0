"""What a family is asked, in words that read right whatever the moment: a Mistletoe window
names the take, a Gift still waiting for its first Value says so, and the pause after the
roll does not name a card the family may not hold."""

from __future__ import annotations

from engine.fever.common import values_label
from engine.fever.game import GAME
from engine.fever.state import CODEC
from engine.fever.texts import prompt
from tests.engine.fever.helpers import start


def asked(agenda_entry: tuple, seat: int = 1) -> str:
    return prompt(CODEC.thaw(at(agenda_entry)), seat)


def at(agenda_entry: tuple) -> object:
    t = CODEC.thaw(start(2))
    t.agenda = (agenda_entry, *t.agenda)
    return CODEC.freeze(t)


def test_a_mistletoe_window_says_what_is_about_to_happen_to_which_gift() -> None:
    # (stage, who reacts, taker, gift place, kind of take, …, price)
    assert asked(("mistletoe", 1, 0, 0, 0, 60)) == (
        "{p0} is about to buy your Gift 1 for $60. Play Mistletoe?"
    )
    assert asked(("mistletoe", 1, 0, 1, 1, 0)) == (
        "{p0} is about to win your Gift 2 at the Auction. Play Mistletoe?"
    )
    assert asked(("mistletoe", 1, 0, 0, 2, 0)) == (
        "{p0} is about to rob a Value from your Gift 1. Play Mistletoe?"
    )


def test_the_pause_after_the_roll_names_no_card() -> None:
    words = asked(("express", 1, 7, 0, 0))
    assert words.startswith("You rolled 7") and "Express Shipping" not in words


def test_a_gift_without_values_yet_says_so() -> None:
    assert values_label(()) == "no Values yet"
    assert values_label((100, 50)) == "$100, $50"


def test_a_mistletoe_window_tells_the_take_and_its_price_in_the_view() -> None:
    pending = GAME.view(at(("mistletoe", 1, 0, 0, 0, 60)), 1)["pending"]
    assert pending is not None
    assert (pending["family"], pending["place"], pending["take"], pending["price"]) == (
        0,
        1,
        "buy",
        60,
    )
    robbed = GAME.view(at(("mistletoe", 1, 0, 1, 2, 0)), 1)["pending"]
    assert robbed is not None and (robbed["take"], robbed["price"]) == ("rob", None)
    assert GAME.view(at(("mistletoe", 1, 0, 0, 0, 60)), 0)["pending"] is None, "only the owner"
