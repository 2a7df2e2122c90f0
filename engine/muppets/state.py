"""The Muppets game state: one value object, treated as immutable.

Every container is a tuple (or a string), so a shallow copy (`CODEC.thaw`) is safe and `apply`
only rebuilds the fields it changes, in a `MuppetsDraft` that it then freezes into a
`MuppetsState`.

Where every card is: `rows` (three slots per seat, None when empty), `deck` (top first, with
the Story tiles still in it), `discard` (bottom first, face up) and `held` (a card drawn with
Scrooge, not yet placed). Where every gift token is: `pool` (top first), `gifts` (per holder)
and `offer` (the two tokens the active player is choosing between).

Who knows what is explicit. `know[p]` describes the centre card of seat p's row with one
character per seat: `o` owner, `p` placed it there, `r` saw it revealed, `s` saw it face up
before it moved there, `h` had it in their own centre before it moved, `-` does not know it.
`public[p]` says whether that card has been shown openly at the table (the channel, with its
spectators): that differs from every seat knowing it, which can happen privately (a Scrooge
card put face down with two players, centres swapped by the Present). Outer cards and the
discard pile are public. A gift token is known to its holder and to
`gift_from[token]`, the player who gave it (-1 for a gift taken blind); the offer is known to
the active player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.record import Codec, Draft, Frozen

Phase = Literal["fix", "sing", "play", "over"]
#: In play, the decision the turn is at ("" outside play).
Stage = Literal["", "tile", "place", "swap", "swap2", "point", "give", "discard"]
#: Why the game ended ("" while it goes on).
End = Literal["", "gifts", "deck", "cap"]

#: The kinds of `Event` this game emits (narrated in narration.py).
EventKind = Literal[
    "fix",
    "deck",
    "tile_revealed",
    "sing",
    "pass",
    "turn",
    "draw",
    "drawn",
    "drew",
    "peek",
    "looked",
    "put",
    "swap",
    "reveal",
    "set",
    "gift",
    "offer",
    "give",
    "gave",
    "received",
    "value",
    "discard",
    "refill",
    "game_over",
]


@dataclass(slots=True)
class MuppetsDraft(Draft):
    """The fields (after `Draft`'s seats, seed, rig, step and phase), in a state being built."""

    phase: Phase
    stage: Stage
    actor: int  # the seat owing the current decision (-1 in the sing race and at the end)
    turn: int  # the active player (-1 before the first turn)
    turns: int  # turns completed
    first: int  # the first player (-1 until the race is decided)
    passed: tuple[bool, ...]  # sing race: who has let someone else start
    rows: tuple[str | None, ...]  # seat * 3 + position (L, C, R)
    know: tuple[str, ...]  # per seat's centre card, one character per seat (see above)
    public: tuple[bool, ...]  # per seat's centre card: shown openly at the table (see above)
    deck: tuple[str, ...]  # top first: cards and the tiles not yet revealed
    discard: tuple[str, ...]  # bottom first
    story: tuple[str, ...]  # revealed tiles, in order
    tile: str  # the tile being used this step ("" when none)
    held: str | None  # the card drawn with Scrooge, seen only by the active player
    first_slot: int  # Present: the first slot chosen (-1 when none)
    followup: bool  # Yet to Come was used: the tile now chosen is its follow-up
    gift_value: tuple[int, ...]  # per token
    pool: tuple[int, ...]  # tokens in the centre, the next one taken first
    gifts: tuple[tuple[int, ...], ...]  # tokens per holder
    gift_from: tuple[int, ...]  # per token: who gave it, -1 if taken blind
    offer: tuple[int, ...]  # () or the two tokens the active player is choosing between
    completing: int  # the seat whose completed set is being resolved (-1)
    queue: tuple[int, ...]  # seats with completed sets still to resolve, in order
    sets: tuple[int, ...]  # sets completed per seat
    end: End  # why the game ended


class MuppetsState(MuppetsDraft, Frozen):
    """A Muppets state: never changes once `new`, `apply` or `load` returns it."""

    __slots__ = ()


CODEC = Codec(MuppetsDraft, MuppetsState)
