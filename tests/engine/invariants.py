"""Per-game invariants the conformance sweep checks after every step, keyed by game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine import Event, Game
from engine.ghosts.cards import deck as ghosts_deck


_SORTED_DECKS = {n: sorted(ghosts_deck(n)) for n in (3, 4)}


def ghosts(game: Game, before: Any, after: Any, events: Sequence[Event]) -> None:
    # Every card is in exactly one place: a hand, this round's table, or played earlier.
    where = [c for h in after.hands for c in h]
    where += [c for row in after.played for c in row if c is not None]
    where += list(after.seen)
    if after.phase != "over":
        assert sorted(where) == _SORTED_DECKS[after.seats], "cards were lost or duplicated"
    for event in events:
        if event.kind == "hand_scored":
            assert sum(row["won"] for row in event.data["rows"]) == 12, "a hand is 12 tricks"
    tricks = [e for e in events if e.kind == "trick"]
    if tricks:
        assert len(tricks) == (4 if after.beyond else 3)
        for e in tricks:  # the marker passes to each winner in era order (GOC-G02)
            assert e.data["leader"] == (
                tricks[0].data["leader"] if e is tricks[0] else tricks[tricks.index(e) - 1].data["winner"]
            )


INVARIANTS: dict[str, Callable[[Game, Any, Any, Sequence[Event]], None]] = {
    "ghosts": ghosts,
}
