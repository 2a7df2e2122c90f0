"""Protocol-level helpers every game's rules tests share; each game's `helpers` binds its game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.protocol import Event, Game
from engine.replay import bot_words
from engine.search import Planning, candidates


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


def required_words(game: Game, state: Any, seat: int, action_id: str) -> str | None:
    """The canned line a computer says with `action_id` when the seat's decision requires
    text for it (`bot_words`), else None: random walks then play games with required
    speeches, and play every other game exactly as without words."""
    decision = game.decision(state, seat)
    spec = decision.text if decision is not None else None
    if spec is None or spec.action != action_id or spec.optional:
        return None
    return bot_words(game, state, seat, action_id)


def worth_a_search(game: Game, state: Any, seat: int) -> bool:
    """Whether level `hard` searches here: the seat has more than one sensible move and, in
    a `Planning` game, its plans propose different ones."""
    if len(candidates(game, state, seat)) < 2:
        return False
    return not isinstance(game, Planning) or len(proposals(game, state, seat)) > 1


def proposals(game: Game, state: Any, seat: int) -> set[str]:
    """The moves a `Planning` game's plans propose."""
    view, legal = game.view(state, seat), game.legal(state, seat)
    return {plan.choose(view, legal, random.Random(0)) for plan in game.plans}
