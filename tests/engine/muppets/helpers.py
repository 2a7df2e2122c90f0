"""Small helpers for writing Muppets examples with a rigged deal, deck and gifts."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from engine.muppets import GAME
from engine.muppets import cards as C
from engine.muppets.state import CODEC
from tests.engine.steps import action_ids, apply_all

act = partial(apply_all, GAME)
ids = partial(action_ids, GAME)

NAMES = ["Ann", "Bea", "Cal", "Dot"]

#: Gifts in the order they are taken: 3, 1, 2, 3, 1, 2, ... (7 ones, 6 twos, 5 threes).
GIFTS = [3, 1, 2] * 5 + [1, 1, 2]

# Filler for the rest of a rigged deck: along diagonals of the colour × character grid, so
# any three consecutive cards differ in colour and in character (refills don't match by
# accident); Wilds last.
_DIAGONALS = [f"{C.COLOURS[i]}-{C.CHARACTERS[(i + k) % 6]}" for k in range(6) for i in range(6)] + [
    f"Wild-{k}" for k in range(1, 7)
]


def rigged_deck(rows: Sequence[Sequence[str]], then: Sequence[str] = ()) -> list[str]:
    """The top-first 42 cards that deal `rows` (L, C, R per seat, MUP-G29) and leave `then`
    on top of the undealt cards, the rest after it."""
    used = [c for row in rows for c in row] + list(then)
    assert len(set(used)) == len(used), "a card is used twice"
    return used + [c for c in _DIAGONALS if c not in used]


def new_game(
    rows: Sequence[Sequence[str]],
    then: Sequence[str] = (),
    gifts: Sequence[int] = GIFTS,
    first: int | None = None,
) -> Any:
    rig: dict[str, Any] = {"deck": rigged_deck(rows, then), "gifts": list(gifts)}
    if first is not None:
        rig["first"] = first
    return GAME.new(len(rows), {}, seed=1, rig=rig)


def started(
    rows: Sequence[Sequence[str]],
    then: Sequence[str] = (),
    gifts: Sequence[int] = GIFTS,
    first: int = 0,
) -> Any:
    """A game past setup whose first turn is `first`'s (they sang)."""
    state = new_game(rows, then, gifts)
    assert state.phase == "sing", "the rigged rows must not match"
    state, _ = GAME.apply(state, first, "sing")
    return state


def label(state: Any, seat: int, action_id: str) -> str:
    return next(a.label for a in GAME.legal(state, seat) if a.id == action_id)


def row(state: Any, seat: int) -> tuple[str | None, ...]:
    return state.rows[3 * seat : 3 * seat + 3]


def centre(view: dict[str, Any], seat: int) -> dict[str, Any]:
    return view["rows"][seat][1]


def patched(state: Any, **fields: Any) -> Any:
    """A copy with some fields replaced, for positions that take long to reach by play."""
    t = CODEC.thaw(state)
    for name, value in fields.items():
        setattr(t, name, value)
    return CODEC.freeze(t)


def with_pool(state: Any, size: int, holder: int) -> Any:
    """Leave `size` gifts in the pool; `holder` gets the others (conservation kept)."""
    moved = state.pool[: len(state.pool) - size]
    gifts = list(state.gifts)
    gifts[holder] = (*gifts[holder], *moved)
    return patched(state, pool=state.pool[len(moved) :], gifts=tuple(gifts))
