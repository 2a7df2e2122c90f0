"""Level `hard` (engine.search) and hints (engine.hints), over every registered game.

Budgets are tiny: these tests show the searcher's contract (seeded, blind to what the seat
has not seen, instant with one sensible move, legal all through a game), not its strength
(bench/ai_strength.py --hard measures that).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine import GAMES, Game, bot_move
from engine.hints import hint
from engine.search import Budget, Cautious, Shortlisting, candidates, search
from tests.engine.steps import required_words

#: Playouts per search in these tests: enough to try every move twice in most positions.
PLAYOUTS = 12


def calls_after(n: int) -> Callable[[], bool]:
    """A deadline that turns true once asked `n` times: a clock the test controls."""
    asked = iter(range(n + 1))
    return lambda: next(asked, n) >= n


def positions(game: Game, seats: int, seed: int, every: int) -> Iterator[tuple[Any, int]]:
    """Every `every`-th decision of a seeded game played by `normal`, with a choice to make."""
    state = game.new(seats, {}, seed)
    n = 0
    while to_act := game.to_act(state):
        seat = min(to_act)
        if n % every == every // 2 and len(candidates(game, state, seat)) > 1:
            yield state, seat
        action = bot_move(game, state, seat, "normal")
        state, _ = game.apply(state, seat, action, required_words(game, state, seat, action))
        n += 1


def middle(game: Game, seats: int = 3) -> tuple[Any, int]:
    """A position a few decisions into a seeded game where the seat has choices, and where
    something is hidden from it."""
    seats = min(max(seats, game.min_seats), game.max_seats)
    for state, seat in positions(game, seats, 11, 9):
        if game.dump(game.determinize(state, seat, random.Random(1))) != game.dump(state):
            return state, seat
    raise AssertionError("no such position")


@pytest.mark.parametrize("key", sorted(GAMES))
def test_search_is_seeded(key: str) -> None:
    game = GAMES[key]
    state, seat = middle(game)
    first = search(game, state, seat, random.Random(5), Budget(PLAYOUTS))
    again = search(game, state, seat, random.Random(5), Budget(PLAYOUTS))
    assert first == again
    assert first.playouts == PLAYOUTS and not first.instant
    assert first.choice in {a.id for a in game.legal(state, seat)}
    assert sum(m.visits for m in first.moves) == PLAYOUTS


@pytest.mark.parametrize("key", sorted(GAMES))
def test_one_sensible_move_is_instant(key: str) -> None:
    """With one legal move (a `back` aside), the search plays it without a playout."""
    game = GAMES[key]
    state = game.new(game.min_seats, {}, 3)
    rng = random.Random(3)
    for _ in range(2000):
        to_act = game.to_act(state)
        if not to_act:
            break
        seat = min(to_act)
        moves = candidates(game, state, seat)
        if len(moves) == 1:
            found = search(game, state, seat, rng, Budget(1000, deadline=calls_after(10**6)))
            assert found.instant and found.playouts == 0
            assert found.choice == moves[0].id
            words = hint(game, state, seat, rng, Budget(1000)).why
            assert "one sensible move" in words
            return
        action = rng.choice(moves).id
        state, _ = game.apply(state, seat, action, required_words(game, state, seat, action))
    pytest.skip(f"{key}: no decision with a single move in this game")


def test_equal_moves_are_one_choice() -> None:
    """Moves that make the same state are searched as one: a Fever family owing only a roll
    has one choice, and so does any seat whose moves all come to the same."""
    game = GAMES["ghosts"]
    state, seat = middle(game)
    found = search(game, state, seat, random.Random(2), Budget(PLAYOUTS))
    labels = [m.action.label for m in found.moves]
    assert len(labels) == len(set(labels))


def test_the_deadline_stops_the_search() -> None:
    game = GAMES["muppets"]
    state, seat = middle(game)
    found = search(game, state, seat, random.Random(1), Budget(1000, deadline=calls_after(4)))
    assert found.playouts == 4


def test_a_tiny_budget_plays_like_normal() -> None:
    """Until every move was tried twice, the search keeps `normal`'s move."""
    game = GAMES["ghosts"]
    for state, seat in list(positions(game, 4, 2, 15))[:6]:
        normal = bot_move(game, state, seat, "normal")
        found = search(game, state, seat, random.Random(1), Budget(1))
        assert found.choice == normal or normal not in {m.action.id for m in found.moves}


@pytest.mark.parametrize("key", sorted(GAMES))
def test_hard_plays_a_whole_game_legally(key: str) -> None:
    """One `hard` seat through a whole seeded game, three playouts a decision, the last one
    stopped by the deadline."""
    game = GAMES[key]
    seats = min(3, game.max_seats)
    options = {"rounds": "1"} if key == "shuffle" else {}
    state = game.new(seats, options, 21)
    steps = 0
    while to_act := game.to_act(state):
        seat = min(to_act)
        level = "hard" if seat == 0 else "normal"
        budget = Budget(4, deadline=calls_after(3))
        action = bot_move(game, state, seat, level, budget=budget)
        assert action in {a.id for a in game.legal(state, seat) if not a.back}
        state, _ = game.apply(state, seat, action, required_words(game, state, seat, action))
        steps += 1
    assert game.result(state) is not None


def test_halving_spends_the_budget_on_the_moves_still_in_the_running() -> None:
    """Every move is played out on two deals at least; the worse ones drop out, so the
    chosen move is among those played out most (a last round cut short by the budget
    aside), and the budget is spent exactly."""
    game = GAMES["ghosts"]
    for state, seat in list(positions(game, 4, 5, 4))[:8]:
        found = search(game, state, seat, random.Random(3), Budget(60))
        if found.instant:
            continue
        visits = [m.visits for m in found.moves]
        assert sum(visits) == found.playouts == 60
        assert min(visits) >= 2 or len(visits) > 30
        assert found.moves[0].visits >= max(visits) - 1


@pytest.mark.parametrize("key", ["muppets", "shuffle"])
def test_a_shortlist_keeps_normals_move_and_a_few_others(key: str) -> None:
    """Where a game searches only its best few moves, `normal`'s own is always among them."""
    game = GAMES[key]
    assert isinstance(game, Shortlisting)
    short_of = importlib.import_module(f"engine.{key}.hard").SHORTLIST
    searched = 0
    for state, seat in list(positions(game, 4, 8, 3))[:40]:
        moves = candidates(game, state, seat)
        short = game.shortlist(state, seat, moves)
        assert short and {a.id for a in short} <= {a.id for a in moves}
        assert len(short) == len(moves) or len(short) <= short_of
        normal = bot_move(game, state, seat, "normal")
        found = search(game, state, seat, random.Random(2), Budget(2))
        assert normal in {m.action.id for m in found.moves} or found.instant
        searched += len(short) < len(moves)
    assert searched, f"{key}: no decision was shortlisted"


class Wary:
    """`game`, made `Cautious` with the given caution."""

    def __init__(self, game: Game, caution: float) -> None:
        self.game = game
        self.caution = caution

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


def test_a_cautious_search_departs_from_normal_only_for_a_clearly_better_move() -> None:
    """With a caution no move can clear, the search plays `normal`'s move; with none, it
    searches as any game's does; with a caution of one standard error, it departs sometimes."""
    game = GAMES["ghosts"]
    for state, seat in list(positions(game, 4, 2, 15))[:6]:
        normal = bot_move(game, state, seat, "normal")
        found = search(Wary(game, 1e9), state, seat, random.Random(1), Budget(40))
        assert found.choice == normal or normal not in {m.action.id for m in found.moves}
        assert search(Wary(game, 0.0), state, seat, random.Random(1), Budget(40)) == search(
            game, state, seat, random.Random(1), Budget(40)
        )
    assert isinstance(GAMES["fever"], Cautious)
    departed = 0
    for state, seat in list(positions(game, 4, 5, 4))[:12]:
        found = search(Wary(game, 1.0), state, seat, random.Random(1), Budget(40))
        departed += found.choice != bot_move(game, state, seat, "normal")
    assert departed
