"""My First Christmas Tree components: symbols, cards, the tree and its lines (TREE-G01–G06).

Symbols are one-letter codes (TREE-G04); a card id is its colour letter then its symbol letter
(`RG` = a red Gear). Tiles are `(r, i)`, 1-based: row r has r + 1 tiles (TREE-G06). The Star and
the two Base tiles are face down and never on a line, so they carry no symbol here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from functools import cache, lru_cache
from operator import itemgetter

#: TREE-G04: the six Green Box symbols, in a fixed order.
SYMBOLS = ("G", "D", "A", "H", "T", "B")
SYMBOL_NAMES = {
    "G": "Gear",
    "D": "Drop",
    "A": "Arrow",
    "H": "Hammer",
    "T": "Dots",
    "B": "Bricks",
}
#: Glyphs that differ by shape, not only colour (issue 20, rules §5.10).
GLYPHS = {"G": "⚙", "D": "💧", "A": "➡", "H": "🔨", "T": "⋯", "B": "🧱"}

#: TREE-G03: the four deck colours; the 6-colour option adds Black (K) and White (W).
COLOURS_4 = ("R", "G", "B", "Y")
COLOURS_6 = ("R", "G", "B", "Y", "K", "W")
COLOUR_NAMES = {"R": "Red", "G": "Green", "B": "Blue", "Y": "Yellow", "K": "Black", "W": "White"}

ROWS = 5
TILES = 20  # 2 + 3 + 4 + 5 + 6
LONGEST = 6  # the longest line, so a row never exceeds it (TREE-G35)
MIN_PLACE = 3  # the minimum decoration size
START_MAX = 4  # the starting maximum decoration size
DECORATION_CUBES = 20
FINISHING_CUBES = 12
POOL_SIZE = 4
#: TREE-G26: the box stacks, own stack top first, per player order (player 1, player 2).
OWN_BOX = (4, 5, 6)
OWN_BOX_COLOUR = ("R", "B")
NEUTRAL_BOX = {4: 2, 5: 2, 6: 2}  # one Green and one Yellow card of each value
BOX_VALUES = (4, 5, 6)
#: Scoring (rules §5.6).
STAR_POINTS = 6
BASE_POINTS = (4, 3)  # left, right

Tile = tuple[int, int]
Segment = tuple[Tile, ...]


def deck_cards(colours: int = 4) -> tuple[str, ...]:
    """The Decoration Deck in a fixed order: 24 cards, or 36 with six colours (TREE-G02)."""
    palette = COLOURS_6 if colours == 6 else COLOURS_4
    return tuple(c + s for c in palette for s in SYMBOLS)


def colour(card: str) -> str:
    return card[0]


def symbol(card: str) -> str:
    return card[1]


def card_name(card: str) -> str:
    return f"{COLOUR_NAMES[card[0]]} {SYMBOL_NAMES[card[1]]}"


def card_glyph(card: str) -> str:
    return f"{GLYPHS[card[1]]}{card[0]}"


def tile_id(tile: Tile) -> str:
    return f"{tile[0]}.{tile[1]}"


def row_tiles(r: int) -> tuple[Tile, ...]:
    return tuple((r, i) for i in range(1, r + 2))


ALL_TILES: tuple[Tile, ...] = tuple(t for r in range(1, ROWS + 1) for t in row_tiles(r))
#: A tile's place in reading order (the index into the flat `tree` string).
INDEX = {t: k for k, t in enumerate(ALL_TILES)}
#: Per tree row (row r at r - 1), its tiles' places in reading order.
ROW_INDEX: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[t] for t in row_tiles(r)) for r in range(1, ROWS + 1)
)


def deal_tree(rng: random.Random) -> str:
    """The 20 face-up symbols in reading order: 3 per symbol + 2 random from the 18 spare tiles
    (TREE-G05), shuffled. The result is a 20-letter string."""
    spare = [s for s in SYMBOLS for _ in range(3)]
    extra = rng.sample(spare, 2)
    tiles = [s for s in SYMBOLS for _ in range(3)] + extra
    rng.shuffle(tiles)
    return "".join(tiles)


def check_tree(tree: str) -> None:
    """Refuse a layout that is not 20 symbols with every symbol 3–5 times (TREE-G05)."""
    if len(tree) != TILES or any(s not in SYMBOLS for s in tree):
        raise ValueError(f"a tree is {TILES} symbol codes from {''.join(SYMBOLS)}: {tree!r}")
    counts = [tree.count(s) for s in SYMBOLS]
    if min(counts) < 3 or sum(c - 3 for c in counts) != 2:
        raise ValueError(f"a tree has 3 tiles of each symbol and 2 extra: {tree!r}")


@cache
def lines() -> tuple[Segment, ...]:
    """Every maximal straight line of ≥ 2 tiles (TREE-G06): the rows, the down-right "\\"
    diagonals (r, i), (r+1, i+1), … and the down-left "/" ones (r, i), (r+1, i), …"""
    on = set(ALL_TILES)
    out: list[Segment] = [row_tiles(r) for r in range(1, ROWS + 1)]
    for dr, di in ((1, 1), (1, 0)):
        for start in ALL_TILES:
            if (start[0] - dr, start[1] - di) in on:
                continue  # not the top of its line
            line: list[Tile] = []
            t = start
            while t in on:
                line.append(t)
                t = (t[0] + dr, t[1] + di)
            if len(line) >= 2:
                out.append(tuple(line))
    return tuple(out)


@cache
def segments(length: int) -> tuple[Segment, ...]:
    """Every segment of `length` tiles on some line, each in its line's direction (top-left to
    bottom-right), in a fixed order."""
    out: list[Segment] = []
    for line in lines():
        for k in range(len(line) - length + 1):
            out.append(line[k : k + length])
    return tuple(out)


def symbols_of(tree: str, seg: Segment) -> str:
    return "".join(tree[INDEX[t]] for t in seg)


class _Layout:
    """One layout's segments by the symbols they read, and the answers given so far.

    A game keeps one layout, so this is built once per game instead of reading every
    segment's symbols for every row asked about; `matching` answers each word once."""

    __slots__ = ("found", "left", "right", "words")

    def __init__(self, tree: str) -> None:
        #: segments by the symbols they read top-left to bottom-right, with their places in
        #: `segments` order
        self.words: dict[str, list[tuple[int, Segment]]] = {}
        words = self.words
        reads = ["".join(read(tree)) for read in _line_readers()]
        for li, a, b, k, seg in _places():
            word = reads[li][a:b]
            if word in words:
                words[word].append((k, seg))
            else:
                words[word] = [(k, seg)]
        #: `matching`'s answers, by the row's symbols
        self.found: dict[str, tuple[Segment, ...]] = {}
        #: `extensions`' answers, by the row's symbols: the symbols that may go at its left
        #: end, and at its right end
        self.left: dict[str, set[str]] = {}
        self.right: dict[str, set[str]] = {}
        left, right = self.left, self.right
        for w in words:
            for readable in (w, w[::-1]):
                left.setdefault(readable[1:], set()).add(readable[0])
                right.setdefault(readable[:-1], set()).add(readable[-1])

    def match(self, want: str) -> tuple[Segment, ...]:
        back = want[::-1]
        found = self.words.get(want, [])
        if back != want:
            found = sorted(found + self.words.get(back, []))
        out = self.found[want] = self.found[back] = tuple(seg for _, seg in found)
        return out


@cache
def _line_readers() -> tuple[Callable[[str], Iterable[str]], ...]:
    """Per line, a function that reads its symbols from a layout."""
    return tuple(itemgetter(*(INDEX[t] for t in line)) for line in lines())


@cache
def _places() -> tuple[tuple[int, int, int, int, Segment], ...]:
    """Every segment by length, in `segments` order: its line (the place in `lines`), where
    it starts and ends on it, its place in `segments` order, and its tiles."""
    out = []
    for length in range(1, ROWS + 2):
        k = 0
        for li, line in enumerate(lines()):
            for a in range(len(line) - length + 1):
                out.append((li, a, a + length, k, line[a : a + length]))
                k += 1
    return tuple(out)


@lru_cache(maxsize=64)
def _layout(tree: str) -> _Layout:
    return _Layout(tree)


def word(row: tuple[str, ...]) -> str:
    """The symbols of a row of cards, left to right."""
    return "".join([c[1] for c in row])


def matching(tree: str, row: tuple[str, ...]) -> tuple[Segment, ...]:
    """The segments the preparation row matches, read either way (TREE-G06/G07), in
    `segments` order. A segment whose symbols read the same both ways is listed once."""
    if not row:
        return ()
    return matching_word(tree, word(row))


def matching_word(tree: str, want: str) -> tuple[Segment, ...]:
    """`matching` for a row whose symbols (`word`) are `want`, not empty."""
    layout = _layout(tree)
    found = layout.found.get(want)
    return layout.match(want) if found is None else found


def extensions(tree: str, have: str) -> tuple[AbstractSet[str], AbstractSet[str]]:
    """For a row whose symbols are `have`: the symbols that keep it matching when added at
    its left end, and at its right end (sets kept by the layout: not to be changed)."""
    layout = _layout(tree)
    return layout.left.get(have, _NONE), layout.right.get(have, _NONE)


_NONE: AbstractSet[str] = frozenset()


def most_of_one_colour(row: tuple[str, ...]) -> int:
    """n: the most cards of one colour in the row (seed "Place", step 3)."""
    counts: dict[str, int] = {}
    for c in row:
        counts[colour(c)] = counts.get(colour(c), 0) + 1
    return max(counts.values(), default=0)
