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
from engine.search import Budget, Planning, Shortlisting, candidates, playout, search
from tests.engine.steps import proposals, required_words, worth_a_search

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
    """A position a few decisions into a seeded game where the seat has choices worth a
    search (in a `Planning` game, its plans differ), and where something is hidden from it."""
    seats = min(max(seats, game.min_seats), game.max_seats)
    for state, seat in positions(game, seats, 11, 9):
        hidden = game.dump(game.determinize(state, seat, random.Random(1))) != game.dump(state)
        if hidden and worth_a_search(game, state, seat):
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


def test_a_planning_game_plays_the_move_of_the_plan_the_position_favours() -> None:
    """Fever's `hard` weighs plans, not moves: where its plans propose one move it plays it
    at once; where they differ it searches exactly their moves and plays one of them."""
    game = GAMES["fever"]
    assert isinstance(game, Planning)
    agreed = differed = 0
    for state, seat in list(positions(game, 4, 3, 2))[:40]:
        proposed = proposals(game, state, seat)
        found = search(game, state, seat, random.Random(1), Budget(PLAYOUTS))
        assert found.choice in proposed
        if len(proposed) == 1:
            assert found.instant
            agreed += 1
        else:
            assert {m.action.id for m in found.moves} == proposed
            assert found.playouts == PLAYOUTS
            view, legal = game.view(state, seat), game.legal(state, seat)
            for m in found.moves:
                assert m.plan is not None
                assert game.plans[m.plan].choose(view, legal, random.Random(0)) == m.action.id
            differed += 1
    assert agreed and differed


class Spy:
    """A policy that plays like `policy` and notes, for every decision it is asked, the seat
    of the view it is shown and how many legal moves it had."""

    def __init__(self, policy: Any) -> None:
        self.policy = policy
        self.asked: list[tuple[int, int]] = []

    def choose(self, view: Any, legal: Any, rng: random.Random) -> str:
        self.asked.append((view["seat"], len(legal)))
        return str(self.policy.choose(view, legal, rng))


def test_a_playout_asks_no_policy_when_there_is_one_legal_move() -> None:
    """A move with no alternative is played without a view or a policy (a quarter of a Fever
    playout's decisions); the same deal and rng still give the same outcome."""
    game = GAMES["fever"]
    state, seat = middle(game, 4)
    move = candidates(game, state, seat)[0]
    lead = Spy(game.plans[0])
    outcome = playout(game, state, seat, move, random.Random(3), lead)
    offered = [n for _, n in lead.asked]
    assert offered and min(offered) >= 2
    again = playout(game, state, seat, move, random.Random(3), lead)
    assert again == outcome


def test_a_plan_plays_its_seat_to_the_end_of_a_playout() -> None:
    """A playout's lead plays the searching seat's every later decision, and no other
    seat's; without one, `normal` plays it (so the outcomes can differ)."""
    game = GAMES["fever"]
    state, seat = middle(game, 4)
    move = candidates(game, state, seat)[0]
    spy = Spy(game.plans[0])
    playout(game, state, seat, move, random.Random(4), spy)
    seats = [s for s, _ in spy.asked]
    assert seats and set(seats) == {seat}
    differ = 0
    for state, seat in list(positions(game, 4, 8, 5))[:10]:
        move = candidates(game, state, seat)[0]
        led = [playout(game, state, seat, move, random.Random(i), game.plans[0]) for i in range(4)]
        plain = [playout(game, state, seat, move, random.Random(i)) for i in range(4)]
        differ += led != plain
    assert differ
