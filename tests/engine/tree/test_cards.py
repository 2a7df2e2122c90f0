"""The per-layout tables (`cards.matching`, `cards.extensions`) answer as reading every
segment's symbols would: they are there for speed only."""

from __future__ import annotations

import random

from engine.tree import cards as C


def _read(tree: str, want: str) -> tuple[C.Segment, ...]:
    """Every segment of the word's length whose symbols read `want` either way, in order."""
    return tuple(
        seg for seg in C.segments(len(want)) if C.symbols_of(tree, seg) in (want, want[::-1])
    )


def test_matching_and_extensions_read_every_segment():
    rng = random.Random(7)
    for _ in range(20):
        tree = C.deal_tree(rng)
        for _ in range(60):
            row = tuple(
                rng.choice("RGBY") + rng.choice(C.SYMBOLS) for _ in range(rng.randint(1, 6))
            )
            assert C.matching(tree, row) == _read(tree, C.word(row))
            # asked twice: the kept answer is the same
            assert C.matching(tree, row) == _read(tree, C.word(row))
        for seg in (s for n in range(1, C.LONGEST) for s in C.segments(n)):
            for have in (C.symbols_of(tree, seg), C.symbols_of(tree, seg)[::-1]):
                left, right = C.extensions(tree, have)
                assert left == {x for x in C.SYMBOLS if _read(tree, x + have)}
                assert right == {x for x in C.SYMBOLS if _read(tree, have + x)}
    assert C.extensions(C.deal_tree(rng), "") == (set(C.SYMBOLS), set(C.SYMBOLS))
