"""Ghosts of Christmas cards and eras (GOC-G01: suit names are cosmetic; Hearts trump)."""

from __future__ import annotations

HEARTS = "H"
SUITS = ("H", "C", "N", "S")
SUIT_NAME = {"H": "Hearts", "C": "Candles", "N": "Notes", "S": "Scales"}
SUIT_EMOJI = {"H": "♥️", "C": "🕯️", "N": "🎵", "S": "⚖️"}

ERAS = ("past", "present", "future", "beyond")
ERA_NAME = {"past": "Past", "present": "Present", "future": "Future", "beyond": "Beyond"}


def deck(seats: int) -> tuple[str, ...]:
    """The cards in play: ranks 1–12 of four suits; with three players ranks 1–3 are removed."""
    low = 4 if seats == 3 else 1
    return tuple(f"{s}{r}" for s in SUITS for r in range(low, 13))


ALL_CARDS = frozenset(deck(4))


def suit(card: str) -> str:
    return card[0]


def rank(card: str) -> int:
    return int(card[1:])


def sort_key(card: str) -> tuple[int, int]:
    return (SUITS.index(card[0]), int(card[1:]))


def label(card: str) -> str:
    """`🎵 Notes 7`: emoji plus the suit's name, so the suit never relies on colour alone."""
    return f"{SUIT_EMOJI[card[0]]} {SUIT_NAME[card[0]]} {card[1:]}"


def short(card: str) -> str:
    """`🎵7`: compact form for narration."""
    return f"{SUIT_EMOJI[card[0]]}{card[1:]}"
