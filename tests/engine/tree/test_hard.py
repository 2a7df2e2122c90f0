"""Level `hard` in My First Christmas Tree: the few moves it searches, where its playouts stop
and how it judges them (engine.tree.hard). Its strength is measured by bench.ai_strength."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine import bot_move
from engine.search import Budget, candidates, search
from engine.tree import hard
from engine.tree.ai import outlook
from engine.tree.game import GAME
from engine.tree.scoring import scores_of
from engine.tree.state import TreeState

NORMAL = GAME.bots["normal"]


def positions(seed: int, every: int) -> Iterator[tuple[TreeState, int]]:
    """Every `every`-th decision of a seeded game of `normal` against itself."""
    state = GAME.new(2, {}, seed)
    n = 0
    while to_act := GAME.to_act(state):
        seat = min(to_act)
        if n % every == 0:
            yield state, seat
        state, _ = GAME.apply(state, seat, bot_move(GAME, state, seat, "normal"))
        n += 1


def test_the_shortlist_is_normals_best_few_with_its_choice() -> None:
    for state, seat in positions(4, 7):
        moves = candidates(GAME, state, seat)
        short = GAME.shortlist(state, seat, moves)
        assert 1 <= len(short) <= hard.SHORTLIST
        assert {a.id for a in short} <= {a.id for a in moves}
        view = GAME.view(state, seat)
        values = NORMAL.values(view, [a.id for a in moves])
        assert [values[a.id] for a in short] == sorted((values[a.id] for a in short), reverse=True)
        choice = NORMAL.choose(view, GAME.legal(state, seat), random.Random(0))
        if values[choice] == max(values.values()):
            assert choice in {a.id for a in short}


def test_a_playout_stops_at_the_start_of_the_seats_next_turn() -> None:
    state, seat = next(positions(7, 1))
    assert GAME.cut(state, state, 0) is None
    s = state
    while GAME.cut(state, s, 0) is None:
        mover = min(GAME.to_act(s))
        s, _ = GAME.apply(s, mover, bot_move(GAME, s, mover, "normal"))
    assert s.turn == seat and sum(s.turns) == sum(state.turns) + hard.HORIZON
    estimate = GAME.cut(state, s, 0)
    views = [GAME.view(s, k) for k in range(2)]
    assert estimate == [p + outlook(v) for p, v in zip(scores_of(s), views, strict=True)]


def test_hard_searches_only_the_shortlist() -> None:
    for state, seat in list(positions(5, 11))[:4]:
        short = {a.id for a in GAME.shortlist(state, seat, candidates(GAME, state, seat))}
        found = search(GAME, state, seat, random.Random(2), Budget(6))
        assert {m.action.id for m in found.moves} <= short
        assert found.instant == (len(found.moves) == 1)
        visits = [m.visits for m in found.moves]
        assert found.instant or (sum(visits) == 6 and max(visits) - min(visits) <= 1)
