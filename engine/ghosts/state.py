"""The Ghosts of Christmas game state: one value object, treated as immutable.

Every container is a tuple, so a shallow copy (`CODEC.thaw`) is safe and `apply` only rebuilds
the fields it changes, in a `GhostsDraft` that it then freezes into a `GhostsState`.
All cards are dealt, so "where is every card" is just `hands` (held)
plus `played` (on the table this round) plus `seen` (played earlier this hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.record import Codec, Draft, Frozen

Phase = Literal["bid", "play", "over"]
Variant = Literal["standard", "tiny_tim"]

Bid = tuple[int, bool]  # (purple doors, red door taken)
Trick = tuple[str, int, str, int]  # (era, leader seat, scoring suit, winner seat)
HandRow = tuple[int, bool, int, int]  # (purple or -1 in Tiny Tim, red, tricks won, points)

#: The kinds of `Event` this game emits (narrated in narration.py).
EventKind = Literal["bid", "play", "trick", "hand_scored", "deal", "game_over"]


@dataclass(slots=True)
class GhostsDraft(Draft):
    """The fields (after `Draft`'s seats, seed, rig, step and phase), in a state being built."""

    phase: Phase
    variant: Variant
    beyond: bool
    rotate: bool  # GOC-G03 option: rotate the start player each hand
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
    # Per seat, the suits it has shown it holds none of this hand (GOC-G07): it put a card of
    # another suit into an era whose dial already named one. Public; kept for `determinize`.
    voids: tuple[str, ...]


class GhostsState(GhostsDraft, Frozen):
    """A Ghosts of Christmas state: never changes once `new`, `apply` or `load` returns it."""

    __slots__ = ()


CODEC = Codec(GhostsDraft, GhostsState)
