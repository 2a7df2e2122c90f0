"""The Ghosts of Christmas game state: one value object, treated as immutable.

Every container is a tuple, so a shallow copy (`CODEC.clone`) is safe and `apply` only rebuilds
the fields it changes. All cards are dealt, so "where is every card" is just `hands` (held)
plus `played` (on the table this round) plus `seen` (played earlier this hand).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.record import Codec

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
    # Per seat, the suits it has shown it holds none of this hand (GOC-G07): it put a card of
    # another suit into an era whose dial already named one. Public; kept for `determinize`.
    voids: tuple[str, ...]
    # Memos, not part of the game's value: the last `legal()` answer as (seat, actions), and
    # the seat to act's `Playable` table (unchanged by the first step of a move).
    legal_memo: tuple[int, tuple[Any, ...]] | None = field(default=None, compare=False, repr=False)
    playable_memo: Any = field(default=None, compare=False, repr=False)


CODEC = Codec(GhostsState)
