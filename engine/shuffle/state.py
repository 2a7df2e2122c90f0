"""The Holiday Shuffle game state: one value object, treated as immutable.

Every container is a tuple, so a shallow `clone()` is a safe copy and `apply` only rebuilds
the fields it changes. Every card is in exactly one place: a mat slot, the draw pile, the
discard pile, or `drawn` (the card the player to act has just drawn and not yet placed).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any

# A mat's round score: (points, prefix, month runs, same-month runs, ((slot, day), ...) Wilds).
Row = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[tuple[int, int], ...]]


@dataclass(slots=True)
class ShuffleState:
    seats: int
    rounds: int  # 3, or 1 in the one-round variant
    seed: int
    rig: dict[str, Any] | None
    step: int  # actions applied so far
    phase: str  # "play" | "over"
    round_no: int  # 0-based
    dealer: int
    turn: int  # the seat to act (meaningless when over)
    mats: tuple[tuple[str, ...], ...]  # [seat][slot 0–9]
    draw: tuple[str, ...]  # top card first; order hidden
    discard: tuple[str, ...]  # bottom card first, top card last
    drawn: str | None  # drawn from the pile this turn, seen only by `turn` (HS-G22)
    pending: str | None  # the partial choice of a multi-step decision, seen only by `turn`
    effect: str | None  # the Celebration card whose effect is being resolved (public)
    again: bool  # an extra turn is owed once this turn ends (HS-G15)
    bonus: bool  # this turn is an extra turn, so it may be skipped
    rebuilds: int  # times the draw pile was rebuilt this round (HS-G17)
    turns: int  # turns started this round (HS-D01)
    scores: tuple[int, ...]
    history: tuple[tuple[Row, ...], ...]  # per finished round, per seat
    outcomes: tuple[tuple[int, str], ...]  # per finished round: (winner or -1, reason)
    last_mats: tuple[tuple[str, ...], ...] | None  # the mats as the last round ended
    dealer_draws: tuple[tuple[int, str], ...]  # the cards drawn to choose the first dealer
    # Memo of `legal()` for the seat to act, as (actions, their ids); not part of the value.
    legal_memo: tuple[tuple[Any, ...], frozenset[str]] | None = field(
        default=None, compare=False, repr=False
    )

    def clone(self) -> ShuffleState:
        """A shallow copy (every field is immutable), without the legal-move memo."""
        return ShuffleState(*_values(self))


_FIELDS = tuple(f.name for f in fields(ShuffleState) if f.compare)
_values = attrgetter(*_FIELDS)


def _lists(x: Any) -> Any:
    if isinstance(x, tuple | list):
        return [_lists(v) for v in x]
    if isinstance(x, dict):
        return {k: _lists(v) for k, v in x.items()}
    return x


def dump(s: ShuffleState) -> dict[str, Any]:
    """A JSON-ready dict (tuples serialise as lists; `load` turns them back)."""
    return dict(zip(_FIELDS, _values(s), strict=True))


def _row(row: list[Any]) -> Row:
    points, prefix, month_runs, same_runs, wilds = row
    return points, prefix, tuple(month_runs), tuple(same_runs), tuple(map(tuple, wilds))


def load(d: dict[str, Any]) -> ShuffleState:
    """The state `dump` wrote, from its JSON form (lists back to tuples)."""
    values = {name: d[name] for name in _FIELDS}
    for name in ("draw", "discard", "scores"):
        values[name] = tuple(values[name])
    for name in ("mats", "outcomes", "dealer_draws"):
        values[name] = tuple(map(tuple, values[name]))
    if values["last_mats"] is not None:
        values["last_mats"] = tuple(map(tuple, values["last_mats"]))
    values["history"] = tuple(tuple(map(_row, rows)) for rows in values["history"])
    values["rig"] = _lists(values["rig"]) if values["rig"] is not None else None
    return ShuffleState(**values)
