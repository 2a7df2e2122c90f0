"""Protocol-level helpers every game's rules tests share; each game's `helpers` binds its game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.protocol import Event, Game


def apply_all(game: Game, state: Any, seat: int, *action_ids: str) -> tuple[Any, list[Event]]:
    """Apply `action_ids` in order for `seat`; the final state and all their events."""
    events: list[Event] = []
    for action_id in action_ids:
        state, evs = game.apply(state, seat, action_id)
        events += evs
    return state, events


def action_ids(game: Game, state: Any, seat: int) -> list[str]:
    return [a.id for a in game.legal(state, seat)]


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]
