"""The My First Christmas Tree state: one value object, treated as immutable.

Every container is a tuple (per-seat tuples are indexed by lobby seat), so `CODEC.thaw` is a
shallow copy and `apply` rebuilds only the fields it changes. Every deck card is in exactly one
place: the deck, the pool, the discard pile, a hand or a preparation row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.record import Codec, Draft, Frozen

#: The step of the turn the player to act is in (docs/games/tree.md, "For developers").
Phase = Literal["collect", "prepare", "segment", "cubes", "box", "over"]
#: The commit ability used this turn (TREE-G24, G34): C1 … C4.
Commit = Literal["wipe", "take2", "extra", "colours"]
#: How the game ended.
Ending = Literal["trigger", "limit"]

#: The kinds of `Event` this game emits.
EventKind = Literal[
    "wipe",
    "take",
    "reshuffle",
    "prepare",
    "place",
    "box",
    "marker",
    "star",
    "base",
    "end_turn",
    "triggered",
    "game_over",
]


@dataclass(slots=True)
class TreeDraft(Draft):
    """The fields (after `Draft`'s seats, seed, rig, step and phase), in a state being built."""

    phase: Phase
    colours: int  # 4, or 6 with the option (TREE-G03)
    turn_limit: int  # turns per player, 40 or 20 (TREE-G23, G41)
    first: int  # the seat of player 1 (TREE-G22)
    turn: int  # the seat to act (meaningless when over)
    turns: tuple[int, ...]  # per seat, turns started (TREE-D05)
    tree: str  # 20 symbol codes in reading order (TREE-G06)
    cubes: tuple[tuple[int, ...], ...]  # per tile in reading order, the seats with a cube
    markers: tuple[int | None, ...]  # per tree row, the seat whose finishing cube marks it
    star: int | None  # the seat with a cube on the Star
    base: tuple[int | None, int | None]  # left, right Base tile owners
    deck: tuple[str, ...]  # top card first; order hidden
    pool: tuple[str, ...]  # face up, at most 4
    discard: tuple[str, ...]  # public, bottom first
    reshuffles: int  # times the discards became the deck (seeds the next shuffle)
    hands: tuple[tuple[str, ...], ...]  # per seat, private (TREE-G21: no limit)
    #: per seat, the cards dealt face down at setup still in hand: the only hand cards the
    #: table has not seen (every other hand card was taken from the face-up pool)
    dealt: tuple[tuple[str, ...], ...]
    rows: tuple[tuple[str, ...], ...]  # per seat, the preparation row, left to right
    own_box: tuple[tuple[int, ...], ...]  # per seat, own stack left, top first (empty: TREE-G14)
    neutral: tuple[int, int, int]  # cards left in the neutral 4, 5, 6 stacks (TREE-G26)
    claimed: tuple[tuple[int, ...], ...]  # per seat, claimed box values (TREE-G25)
    decoration: tuple[int, ...]  # per seat, decoration cubes in supply
    finishing: tuple[int, ...]  # per seat, finishing cubes in supply
    commit: Commit | None  # the commit used this turn
    taken: int  # cards taken this turn
    played: int  # cards prepared this turn
    placed: bool  # placed this turn (the row is discarded at the end)
    segment: tuple[tuple[int, int], ...] | None  # the chosen segment while placing
    pending: str | None  # a half-made choice (`sym:X` or `dir:X`), seen only by `turn`
    ending: bool  # the end is triggered (TREE-G17)
    ended_by: Ending | None


class TreeState(TreeDraft, Frozen):
    """A My First Christmas Tree state: never changes once `new`, `apply` or `load` returns
    it."""

    __slots__ = ()


CODEC = Codec(TreeDraft, TreeState)
