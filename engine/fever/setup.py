"""Setting up a Holiday Fever game: the decks out of the box, shuffled from the seed with the
rigged cards on top, and the rig checked (docs/games/fever.md, "Rig keys")."""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.fever import board as B
from engine.fever import cards as C
from engine.fever.dice import DICE_RULES, SPLITMIX, shuffle
from engine.protocol import ActionError, ErrorCode

RIG_KEYS = frozenset({"gifts", "values", "nn", "dice", "elf", "first", "colours", "dice_rule"})


@cache
def boxed(
    colours: tuple[B.Colour, ...],
) -> tuple[tuple[str, ...], tuple[int, ...], tuple[str, ...]]:
    """The Gift, Value and Naughty-or-Nice decks, unshuffled, for a table of `colours`."""
    return C.gift_deck(colours), C.value_deck(len(colours)), C.nn_deck()


def stack(cards: list[Any], top: Any, rng: random.Random) -> list[Any]:
    """Shuffle `cards`, then put the rigged `top` cards first (each taken out of the rest)."""
    shuffle(cards, rng)
    rest = list(cards)
    for c in top:
        rest.remove(c)
    return [*top, *rest]


def _bad_rig(why: str) -> ActionError:
    return ActionError(ErrorCode.BAD_OPTIONS, f"Bad rig: {why}")


def check_rig(rig: Mapping[str, Any] | None, seats: int) -> dict[str, Any] | None:
    """The rig as the state keeps it (lists for tuples), or BAD_OPTIONS saying what is wrong."""
    if not rig:
        return None
    data = {k: list(v) if isinstance(v, list | tuple) else v for k, v in rig.items()}
    unknown = set(data) - RIG_KEYS
    if unknown:
        raise _bad_rig(f"unknown keys {sorted(unknown)}")
    colours = data.get("colours") or list(B.seat_colours(seats))
    if len(colours) != seats or len(set(colours)) != seats or not set(colours) <= set(B.COLOURS):
        raise _bad_rig(f"colours {colours!r}")
    checks: list[tuple[str, list[Any]]] = [
        ("gifts", list(C.gift_deck(colours))),
        ("values", list(C.value_deck(seats))),
        ("nn", list(C.nn_deck())),
    ]
    for key, deck in checks:
        pool = list(deck)
        for card in data.get(key, ()):
            if card not in pool:
                raise _bad_rig(f"{key} has {card!r} once too often or not in this game")
            pool.remove(card)
    if not all(isinstance(d, int) and 1 <= d <= 6 for d in data.get("dice", ())):
        raise _bad_rig("dice are 1–6")
    if data.get("dice_rule", SPLITMIX) not in DICE_RULES:
        raise _bad_rig(f"dice_rule is one of {list(DICE_RULES)}")
    if "first" in data and data["first"] not in range(seats):
        raise _bad_rig("first is a seat")
    return data
