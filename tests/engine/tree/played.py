"""Seeded computer games of My First Christmas Tree played to the end, made once per process
for the tests that check what a finished game shows (score cards, final pictures, alt text)."""

from __future__ import annotations

from functools import cache

from engine import bot_move
from engine.tree import GAME
from engine.tree.state import TreeState

#: (levels per seat, options, seeds): skilled games reach the Star, Base tiles, markers, half
#: rows and boxes; random ones end by the turn limit with most cubes unplaced.
PLAYS = (
    (("normal", "normal"), {}, range(3)),
    (("normal", "easy"), {"length": "20"}, range(2)),
    (("easy", "easy"), {"length": "20", "colors": "6"}, range(10)),
)


@cache
def finished_games() -> tuple[TreeState, ...]:
    out = []
    for levels, options, seeds in PLAYS:
        for seed in seeds:
            s = GAME.new(2, options, seed)
            while to_act := GAME.to_act(s):
                seat = min(to_act)
                s, _ = GAME.apply(s, seat, bot_move(GAME, s, seat, levels[seat]))
            out.append(s)
    return tuple(out)
