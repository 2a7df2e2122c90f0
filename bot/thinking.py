"""What a computer plays for a seat, and the searches that run in the thinking process.

A level whose player searches (`searches`: `hard`) thinks for up to a second of CPU, so the
hub runs it in a worker process (`Hub.think`), never on a thread of the bot's own process,
where it would hold the GIL against every other game's presses. The functions the process
runs (`searched_move`, `hint_for`) take plain values — the game's key and its stored state —
and import nothing of Discord, so the spawned worker starts quickly. The clock that bounds a
search is read here, outside the engine: the engine is handed a deadline callable.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Mapping
from multiprocessing.connection import wait
from typing import Any

from engine import GAMES, Game, bot_move, bot_words
from engine.hints import hint
from engine.protocol import TextSpec, make_rng
from engine.search import Budget, Searcher

#: A computer's move: the action id and the words it says with it (None for none).
Move = tuple[str, str | None]
#: The level whose search a hint reports.
HINT_LEVEL = "hard"
#: How much lower a thinking process's CPU priority is than the bot's (`os.nice`).
NICENESS = 10
#: A searching level's playouts when it names no default of its own (the clock stops it).
FALLBACK_PLAYOUTS = 1000


def start_worker() -> None:
    """A worker process's initializer (a computer thinking, a replay being drawn). It yields
    the CPU to the bot's own process (a lower priority: on a machine with few cores a search
    or a drawing must not slow the answers to presses), and it ends when the bot's process
    ends, however that ends (a SIGTERM or SIGKILL skips `Hub.close`), so no worker outlives
    its bot."""
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])  # ready once the parent is gone
        os._exit(0)

    threading.Thread(target=watch, name="tinsel-parent-watch", daemon=True).start()


def searches(game: Game, level: str) -> bool:
    """Whether the computer player at `level` searches the game (and so thinks in the worker
    process), rather than answering at once from its view."""
    return isinstance(game.bots.get(level), Searcher)


def budget(game: Game, level: str, seconds: float, playouts: int | None = None) -> Budget:
    """A search's budget: `playouts` (None: the level's own, sized for about a second on one
    core), stopped sooner once `seconds` have passed from now."""
    stop_at = time.monotonic() + seconds
    most = playouts or getattr(game.bots[level], "playouts", None) or FALLBACK_PLAYOUTS
    return Budget(most, lambda: time.monotonic() > stop_at)


def computer_action(
    game: Game, state: Any, seat: int, level: str, salt: object, limit: Budget | None = None
) -> Move:
    """What the computer plays for a seat, with the canned words the game gives it for a text
    action (`TextSpec.canned`). With no words for an action whose text is required, another
    action (not `back`) is played when there is one. `limit` bounds a searching level."""
    action = bot_move(game, state, seat, level, salt, limit)
    spec = text_spec(game, state, seat, action)
    if spec is None:
        return action, None
    words = bot_words(game, state, seat, action, salt)
    if words is not None or spec.optional:
        return action, words
    decision = game.decision(state, seat)
    others = [a.id for a in decision.actions if a.id != action and not a.back] if decision else []
    return (others[0], None) if others else (action, None)


def text_spec(game: Game, state: Any, seat: int, action: str) -> TextSpec | None:
    """The TextSpec if `action` takes typed text in the seat's pending decision."""
    decision = game.decision(state, seat)
    spec = decision.text if decision is not None else None
    return spec if spec is not None and spec.action == action else None


def searched_move(
    key: str,
    stored: Mapping[str, Any],
    seat: int,
    level: str,
    salt: object,
    seconds: float,
    playouts: int | None = None,
) -> Move:
    """In a thinking process: the searching computer's move for `seat` in the stored state of
    a game of `key`, thinking at most `seconds` from when the search begins (see `budget`)."""
    game = GAMES[key]
    state = game.load(stored)
    return computer_action(game, state, seat, level, salt, budget(game, level, seconds, playouts))


def hint_for(
    key: str,
    stored: Mapping[str, Any],
    seat: int,
    salt: object,
    seconds: float,
    playouts: int | None = None,
) -> str:
    """In a thinking process: the hint for `seat` (`engine.hints`): the move `hard` would
    make and why, as one line (Discord markdown, `seat_ref` placeholders for names)."""
    game = GAMES[key]
    state = game.load(stored)
    rng = make_rng(state.seed, "hint", seat, salt)
    found = hint(game, state, seat, rng, budget(game, HINT_LEVEL, seconds, playouts))
    return found.why if found.label in found.why else f"**{found.label}** — {found.why}"
