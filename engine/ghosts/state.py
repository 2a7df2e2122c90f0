"""The Ghosts of Christmas game state: one value object, treated as immutable.

Every container is a tuple, so a shallow `clone()` is a safe copy and `apply` only rebuilds
the fields it changes. All cards are dealt, so "where is every card" is just `hands` (held)
plus `played` (on the table this round) plus `seen` (played earlier this hand).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any

Bid = tuple[int, bool]  # (purple doors, red door taken)
Trick = tuple[str, int, str, int]  # (era, leader seat, scoring suit, winner seat)
HandRow = tuple[int, bool, int, int]  # (purple or -1 in Tiny Tim, red, tricks won, points)


@dataclass(slots=True)
class GhostsState:
    seats: int
    variant: str  # "standard" | "tiny_tim"
    beyond: bool
    rotate: bool  # GOC-G03 option: rotate the start player each hand
    seed: int
    rig: dict[str, Any] | None
    step: int  # actions applied so far
    phase: str  # "bid" | "play" | "over"
    hand_no: int  # 0-based
    round_no: int  # 0-based, within the hand
    hand_first: int  # start player of this hand's first round
    marker: int  # start player marker holder
    round_start: int  # who started this round's card play
    turn: int  # seat to act (meaningless when over)
    pending: str | None  # first half of a two-step decision: a card id or a door count
    hands: tuple[tuple[str, ...], ...]
    bids: tuple[Bid | None, ...]
    played: tuple[tuple[str | None, ...], ...]  # [era][seat]
    dials: tuple[str | None, ...]  # per era: None (face down) or a suit
    won: tuple[int, ...]  # tricks won this hand
    scores: tuple[int, ...]
    seen: tuple[str, ...]  # cards played in earlier rounds of this hand (public)
    last_played: tuple[tuple[str | None, ...], ...] | None  # the last resolved round
    last_tricks: tuple[Trick, ...] | None
    history: tuple[tuple[HandRow, ...], ...]  # per finished hand, per seat
    # Memo of the last `legal()` answer as (seat, actions); not part of the game's value.
    legal_memo: tuple[int, tuple[Any, ...]] | None = field(default=None, compare=False, repr=False)

    def clone(self) -> GhostsState:
        """A shallow copy (every field is immutable), without the legal-move memo."""
        return GhostsState(*_values(self))


_FIELDS = tuple(f.name for f in fields(GhostsState) if f.compare)
_values = attrgetter(*_FIELDS)


def _tuples(x: Any) -> Any:
    """Lists (from JSON) back to tuples, recursively."""
    if isinstance(x, list):
        return tuple(_tuples(v) for v in x)
    return x


def dump(s: GhostsState) -> dict[str, Any]:
    """A JSON-ready dict (tuples serialise as lists; `load` turns them back)."""
    return dict(zip(_FIELDS, _values(s), strict=True))


def _lists(x: Any) -> Any:
    if isinstance(x, tuple | list):
        return [_lists(v) for v in x]
    if isinstance(x, dict):
        return {k: _lists(v) for k, v in x.items()}
    return x


def load(d: dict[str, Any]) -> GhostsState:
    values = {name: d[name] for name in _FIELDS}
    for name in ("hands", "bids", "played", "dials", "won", "scores", "seen", "history"):
        values[name] = _tuples(values[name])
    for name in ("last_played", "last_tricks"):
        values[name] = _tuples(values[name]) if values[name] is not None else None
    values["rig"] = _lists(values["rig"]) if values["rig"] is not None else None
    return GhostsState(**values)
