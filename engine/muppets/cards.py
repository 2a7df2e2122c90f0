"""Components of The Muppet Christmas Carol: Spirit of Giving, as data.

The rulebook gives no component list, so the rulings fix one (MUP-G02, MUP-G03): six colours
times six characters, one card each, plus six Wilds; eighteen gift tokens worth 1, 2 or 3.
Everything below is derived from the three tables at the top, so a real card list can be
dropped in by editing them.
"""

from __future__ import annotations

# ----------------------------------------------------------------------------- the data
#: (colour, emoji for text, letter for pictures). MUP-G02.
COLOUR_DATA = (
    ("Red", "🟥", "R"),
    ("Orange", "🟧", "O"),
    ("Yellow", "🟨", "Y"),
    ("Green", "🟩", "G"),
    ("Blue", "🟦", "B"),
    ("Purple", "🟪", "P"),
)
CHARACTERS = ("Kermit", "Piggy", "Gonzo", "Rizzo", "Fozzie", "Robin")
WILD_COUNT = 6
#: (value, how many tokens). MUP-G03: 18 tokens, 34 points in all.
GIFT_DATA = ((1, 7), (2, 6), (3, 5))

# The Story tiles in story order: tile k tops stack k (MUP-G04).
SCROOGE, PAST, PRESENT, YET_TO_COME = TILES = ("SCROOGE", "PAST", "PRESENT", "YET_TO_COME")
TILE_NAME = {
    SCROOGE: "Scrooge",
    PAST: "Ghost of Christmas Past",
    PRESENT: "Ghost of Christmas Present",
    YET_TO_COME: "Ghost of Christmas Yet to Come",
}
TILE_SHORT = {SCROOGE: "Scrooge", PAST: "Past", PRESENT: "Present", YET_TO_COME: "Yet to Come"}

#: Row positions: left, centre (face down), right.
POSITIONS = ("L", "C", "R")
POSITION_NAME = {"L": "left", "C": "centre", "R": "right"}
CENTRE = 1

# ----------------------------------------------------------------------------- derived
COLOURS = tuple(c for c, _, _ in COLOUR_DATA)
COLOUR_EMOJI = {c: e for c, e, _ in COLOUR_DATA}
COLOUR_LETTER = {c: letter for c, _, letter in COLOUR_DATA}
WILD = "Wild"

CARDS: tuple[str, ...] = (
    *(f"{colour}-{who}" for colour in COLOURS for who in CHARACTERS),
    *(f"{WILD}-{k}" for k in range(1, WILD_COUNT + 1)),
)
ALL_CARDS = frozenset(CARDS)
GIFT_VALUES: tuple[int, ...] = tuple(v for v, n in GIFT_DATA for _ in range(n))
TILE_SET = frozenset(TILES)

_ALL_BITS = (1 << (len(COLOURS) + len(CHARACTERS))) - 1


def _mask(card: str) -> int:
    """Colour bits, then character bits; a Wild has every bit (it is every colour and
    every character, MUP-G24)."""
    colour, _, who = card.partition("-")
    if colour == WILD:
        return _ALL_BITS
    return 1 << COLOURS.index(colour) | 1 << (len(COLOURS) + CHARACTERS.index(who))


MASK = {card: _mask(card) for card in CARDS}


def is_wild(card: str) -> bool:
    return card.startswith(WILD)


def colour(card: str) -> str:
    return card.partition("-")[0]


def character(card: str) -> str | None:
    return None if is_wild(card) else card.partition("-")[2]


def is_set(a: str | None, b: str | None, c: str | None) -> bool:
    """Three cards that all share a colour or all share a character, Wilds counting as
    anything (MUP-G24). A row with an empty slot is never a set (MUP-G17)."""
    if a is None or b is None or c is None:
        return False
    return MASK[a] & MASK[b] & MASK[c] != 0


def set_name(cards: tuple[str, str, str]) -> str:
    """What a completed set is announced as (MUP-G25): its colour when the cards share one,
    else its character; three Wilds are a Wild set (MUP-Tinsel-6)."""
    common = MASK[cards[0]] & MASK[cards[1]] & MASK[cards[2]]
    if common == _ALL_BITS:
        return WILD
    for k, name in enumerate((*COLOURS, *CHARACTERS)):
        if common >> k & 1:
            return name
    raise ValueError(f"{cards} is not a set")


def label(card: str) -> str:
    """`🟥 Red Kermit` / `🌈 Wild`: the colour is always spelled out, never only shown."""
    if is_wild(card):
        return "🌈 Wild"
    colour_, _, who = card.partition("-")
    return f"{COLOUR_EMOJI[colour_]} {colour_} {who}"


def plain(card: str) -> str:
    """`Red Kermit` / `Wild`, for pictures whose font has no emoji."""
    return WILD if is_wild(card) else card.replace("-", " ")
