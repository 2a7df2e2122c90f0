"""Helpers that drive any game through the protocol: replaying a log, a computer's move."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.protocol import Game, make_rng


def replay(
    game: Game,
    seats: int,
    options: Mapping[str, str] | None,
    seed: int,
    actions: Iterable[tuple[int, str] | tuple[int, str, str | None]],
    rig: Mapping[str, Any] | None = None,
) -> Any:
    """Rebuild a state from its creation arguments and its action log of (seat, action id)
    or (seat, action id, typed text) moves."""
    state = game.new(seats, options, seed, rig)
    for move in actions:
        text = move[2] if len(move) > 2 else None  # type: ignore[misc]
        state, _ = game.apply(state, move[0], move[1], text)
    return state


def bot_move(game: Game, state: Any, seat: int, level: str, salt: object = "") -> str:
    """The action a computer player at `level` takes for `seat` now.

    Its randomness comes from the game's seed and the move number, so a replayed or
    restarted game makes the same choices.
    """
    view = game.view(state, seat)
    legal = game.legal(state, seat)
    step = getattr(state, "step", 0)
    rng = make_rng(getattr(state, "seed", 0), "bot", seat, step, salt)
    return game.bots[level].choose(view, legal, rng)
