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


ALL_CARDS_SORTED = deck(4)
ALL_CARDS = frozenset(ALL_CARDS_SORTED)
_ORDER = {card: i for i, card in enumerate(ALL_CARDS_SORTED)}


def suit(card: str) -> str:
    return card[0]


def rank(card: str) -> int:
    return int(card[1:])


def sort_key(card: str) -> int:
    """Hand order: by suit (Hearts first), then rank."""
    return _ORDER[card]


def label(card: str) -> str:
    """`🎵 Notes 7`: emoji plus the suit's name, so the suit never relies on colour alone."""
    return f"{SUIT_EMOJI[card[0]]} {SUIT_NAME[card[0]]} {card[1:]}"


def short(card: str) -> str:
    """`🎵7`: compact form for narration."""
    return f"{SUIT_EMOJI[card[0]]}{card[1:]}"
