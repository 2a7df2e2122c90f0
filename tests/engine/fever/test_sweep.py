"""Seeded random games at 2–6 seats: every decision offers 1–25 choices, every game ends
within its bound, states survive the JSON round trip, and the invariants hold."""

from __future__ import annotations

import json
import random

import pytest

from engine.fever.game import GAME
from tests.engine.fever.contracts import invariant

GAMES = 60
NAMES = ("Ann", "Bea", "Cal", "Dot", "Eve", "Fay")


@pytest.mark.parametrize("seats", range(2, 7))
def test_random_games_end_and_stay_within_limits(seats: int) -> None:
    # HF-G40: the 30-round safety and the Race make every game end.
    for i in range(GAMES // 5):
        seed = 1000 * seats + i
        rng = random.Random(seed)
        s = GAME.new(seats, {}, seed)
        bound = GAME.max_steps(seats, {})
        steps = 0
        while to_act := GAME.to_act(s):
            seat = rng.choice(sorted(to_act))
            legal = GAME.legal(s, seat)
            assert 1 <= len(legal) <= 25, (len(legal), s.agenda[:1])
            decision = GAME.decision(s, seat)
            assert decision is not None and decision.actions == legal
            action = rng.choice([a for a in legal if not a.back])
            spec = decision.text
            text = rng.choice(spec.canned) if spec and spec.action == action.id else None
            after, events = GAME.apply(s, seat, action.id, text)
            invariant(GAME, s, after, events)
            for event in events:  # every event, public or private, can be told
                line = GAME.narrate(event, NAMES[:seats])
                assert line is None or "{p" not in line
            s = after
            steps += 1
            assert steps <= bound
            if steps % 10 == 0:
                assert GAME.load(json.loads(json.dumps(GAME.dump(s)))) == s
        result = GAME.result(s)
        assert result is not None and s.christmas >= 0
        assert GAME.load(json.loads(json.dumps(GAME.dump(s)))) == s
