"""`BaseGame.text_spec` is what `check_move` asks on every `apply` instead of building the
seat's whole `Decision`; it must say exactly what the decision's `text` says, for every seat,
in every game, including the games that override `decision` and those that do not."""

from __future__ import annotations

import random

import pytest

from engine import GAMES
from engine.base import BaseGame
from tests.engine.steps import required_words

GAMES_PER_KEY = 3
#: Games with decisions that take text: the sweep must meet one.
TEXTED = {"muppets", "fever"}


@pytest.mark.parametrize("key", sorted(GAMES))
def test_text_spec_is_the_decisions_text(key: str) -> None:
    game = GAMES[key]
    assert isinstance(game, BaseGame)
    texts = 0
    for seed in range(GAMES_PER_KEY):
        rng = random.Random(seed)
        seats = rng.randint(game.min_seats, game.max_seats)
        state = game.new(seats, {}, seed)
        for _ in range(game.max_steps(seats, {})):
            to_act = sorted(game.to_act(state))
            if not to_act:
                break
            for seat in range(seats):
                decision = game.decision(state, seat)
                expected = decision.text if decision is not None else None
                assert game.text_spec(state, seat) == expected, (key, seed, state.step, seat)
                texts += expected is not None
            seat = rng.choice(to_act)
            action = rng.choice([a for a in game.legal(state, seat) if not a.back]).id
            words = required_words(game, state, seat, action)
            state, _ = game.apply(state, seat, action, words)
    assert texts or key not in TEXTED, "no decision taking text was met"
