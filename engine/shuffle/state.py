"""The Holiday Shuffle game state: one value object, treated as immutable.

Every container is a tuple, so a shallow copy (`CODEC.thaw`) is safe and `apply` only rebuilds
the fields it changes, in a `ShuffleDraft` that it then freezes into a `ShuffleState`.
Every card is in exactly one place: a mat slot, the draw pile, the
discard pile, or `drawn` (the card the player to act has just drawn and not yet placed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.record import Codec, Draft, Frozen

Phase = Literal["play", "over"]
#: Why a round ended (see the constants in game.py).
Reason = Literal["in_order", "dealt_in_order", "stalemate", "turn_limit"]

# A mat's round score: (points, prefix, month runs, same-month runs, ((slot, day), ...) Wilds).
Row = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[tuple[int, int], ...]]

#: The kinds of `Event` this game emits (narrated in narration.py).
EventKind = Literal[
    "deal",
    "draw",
    "drew",
    "rebuild",
    "discard",
    "place",
    "celebration",
    "switch",
    "trade",
    "skip",
    "end_turn",
    "round_over",
    "game_over",
]


@dataclass(slots=True)
class ShuffleDraft(Draft):
    """The fields (after `Draft`'s seats, seed, rig, step and phase), in a state being built."""

    phase: Phase
    rounds: int  # 3, or 1 in the one-round variant
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
    outcomes: tuple[tuple[int, Reason], ...]  # per finished round: (winner or -1, reason)
    last_mats: tuple[tuple[str, ...], ...] | None  # the mats as the last round ended
    dealer_draws: tuple[tuple[int, str], ...]  # the cards drawn to choose the first dealer


class ShuffleState(ShuffleDraft, Frozen):
    """A Holiday Shuffle state: never changes once `new`, `apply` or `load` returns it."""

    __slots__ = ()


CODEC = Codec(ShuffleDraft, ShuffleState)
