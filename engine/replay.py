"""Helpers that drive any game through the protocol: replaying a log, a computer's move."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from engine.protocol import Game, make_rng
from engine.record import Draft

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


def bot_move(game: Game[St, V], state: St, seat: int, level: str, salt: object = "") -> str:
    """The action a computer player at `level` takes for `seat` now.

    Its randomness comes from the game's seed and the move number, so a replayed or
    restarted game makes the same choices.
    """
    view = game.view(state, seat)
    legal = game.legal(state, seat)
    rng = make_rng(state.seed, "bot", seat, state.step, salt)
    return game.bots[level].choose(view, legal, rng)


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
