"""Helpers that drive any game through the protocol: replaying a log, a computer's move."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from engine.protocol import Game, make_rng
from engine.record import Draft
from engine.search import Budget, Searcher

S = TypeVar("S")
St = TypeVar("St", bound=Draft)
V = TypeVar("V")


def replay(
    game: Game[S, V],
    seats: int,
    options: Mapping[str, str] | None,
    seed: int,
    actions: Iterable[tuple[int, str] | tuple[int, str, str | None]],
    rig: Mapping[str, Any] | None = None,
) -> S:
    """Rebuild a state from its creation arguments and its action log of (seat, action id)
    or (seat, action id, typed text) moves."""
    state = game.new(seats, options, seed, rig)
    for move in actions:
        text = move[2] if len(move) > 2 else None
        state, _ = game.apply(state, move[0], move[1], text)
    return state


def bot_move(
    game: Game[St, V],
    state: St,
    seat: int,
    level: str,
    salt: object = "",
    budget: Budget | None = None,
) -> str:
    """The action a computer player at `level` takes for `seat` now.

    Its randomness comes from the game's seed and the move number, so a replayed or
    restarted game makes the same choices. A level that searches (`hard`) is given the
    state and `budget` (None: its default playouts, about a second on one core; a deadline
    in the budget may stop it sooner, and then its choice depends on the clock); the others
    see only the seat's view and ignore `budget`.
    """
    rng = make_rng(state.seed, "bot", seat, state.step, salt)
    policy = game.bots[level]
    if isinstance(policy, Searcher):
        return policy.search_move(game, state, seat, rng, budget)
    return policy.choose(game.view(state, seat), game.legal(state, seat), rng)


def bot_words(
    game: Game[St, V], state: St, seat: int, action: str, salt: object = ""
) -> str | None:
    """The words a computer player says with `action` when the seat's decision gives it
    canned lines for it (`TextSpec.canned`), else None. Seeded like `bot_move`."""
    decision = game.decision(state, seat)
    spec = decision.text if decision is not None else None
    if spec is None or spec.action != action or not spec.canned:
        return None
    return make_rng(state.seed, "words", seat, state.step, salt).choice(spec.canned)
