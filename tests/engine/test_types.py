"""The types mypy checks the engine against describe what the games do at run time: every view
has exactly the keys of its game's view `TypedDict`, every event's kind is one of its game's
`EventKind`s, and a state cannot be changed once made."""

from __future__ import annotations

import dataclasses
import importlib
import json
import random
from typing import Any, get_args, get_type_hints

import pytest

from engine import GAMES, bot_move
from tests.engine.steps import required_words


def _view_type(key: str) -> Any:
    return get_type_hints(type(GAMES[key]).view)["return"]


def _check_keys(view: dict[str, Any], typed: Any, where: str) -> None:
    keys = set(view)
    missing = typed.__required_keys__ - keys
    extra = keys - typed.__required_keys__ - typed.__optional_keys__
    assert not missing and not extra, f"{where}: missing {missing}, unexpected {extra}"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_views_events_and_states_match_their_types(key: str) -> None:
    game = GAMES[key]
    typed = _view_type(key)
    kinds = set(get_args(importlib.import_module(f"engine.{key}.state").EventKind))
    seats = game.max_seats
    state = game.new(seats, {}, seed=11)
    rng = random.Random(11)
    step = 0
    while to_act := game.to_act(state):
        for seat in (None, *range(seats)):
            view = game.view(state, seat)
            _check_keys(view, typed, f"step {step}, seat {seat}")
            json.dumps(view)
        with pytest.raises(dataclasses.FrozenInstanceError):
            state.step = -1
        seat = rng.choice(sorted(to_act))
        action = bot_move(game, state, seat, "normal")
        state, events = game.apply(state, seat, action, required_words(game, state, seat, action))
        assert {e.kind for e in events} <= kinds, "an event kind missing from EventKind"
        step += 1
    _check_keys(game.view(state, 0), typed, "the end")
