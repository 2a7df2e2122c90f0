"""A decision's `timeout_event` is the one public event its `on_timeout` makes to tell the late
seat's own choice: the bot leaves that event untold when the rules' clock plays `on_timeout`
(its "time's up" line says it), so the event must be there, once, and be about that seat.

Seeded random games of every registered game are played until enough such decisions were met;
at each one, `on_timeout` is applied for every seat owing it and its public events are read.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import GAMES, Game
from tests.engine.steps import required_words

#: Games whose rules-timed decisions tell a seat's choice in an event: the sweep must reach one.
TIMED = {"muppets", "fever"}
GAMES_PER_KEY = 40
ENOUGH = 30  # timed decisions checked per game before the sweep stops
NAMES = ("Ann", "Bea", "Cal", "Dot", "Eve", "Fay")


def check_timeouts(game: Game, state: Any, seats: int) -> int:
    """Check every seat owing a decision with a `timeout_event` now; how many were checked."""
    checked = 0
    for seat in sorted(game.to_act(state)):
        decision = game.decision(state, seat)
        assert decision is not None
        if decision.timeout_event is None:
            continue
        action = decision.on_timeout
        assert action is not None, "a timeout event with no timeout action"
        words = required_words(game, state, seat, action)
        _, events = game.apply(state, seat, action, words)
        told = [e for e in events if e.visible_to is None and e.kind == decision.timeout_event]
        assert len(told) == 1, (action, [e.kind for e in events])
        assert told[0].data.get("seat") == seat, (seat, told[0])
        assert game.narrate(told[0], NAMES[:seats]) is not None, "an event nobody hears"
        checked += 1
    return checked


def play(game: Game, seed: int) -> int:
    """One seeded random game (never a `back`), checked at every step."""
    rng = random.Random(seed)
    seats = rng.randint(game.min_seats, game.max_seats)
    state = game.new(seats, {}, seed)
    checked = 0
    for _ in range(game.max_steps(seats, {})):
        to_act = sorted(game.to_act(state))
        if not to_act:
            break
        checked += check_timeouts(game, state, seats)
        seat = rng.choice(to_act)
        action = rng.choice([a for a in game.legal(state, seat) if not a.back]).id
        state, _ = game.apply(state, seat, action, required_words(game, state, seat, action))
    return checked


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_timeout_tells_the_seats_choice_in_exactly_the_named_event(key: str) -> None:
    game = GAMES[key]
    checked = 0
    for seed in range(GAMES_PER_KEY):
        checked += play(game, seed)
        if checked >= ENOUGH:
            break
    assert checked > 0 or key not in TIMED, f"no {key} decision with a timeout event was met"
