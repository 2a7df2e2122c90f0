"""Hints: the move the `hard` searcher would make for a seat, and why, in a sentence or two.

The reason is what the search found over the deals it imagined (each root move's wins, or
its average margin over the best other seat), worded with the moves' own labels: it knows
nothing the seat cannot see, since the search reads the state only through
`game.determinize`. A game may word its hints itself by giving its game object a
`hint_words` method (`Phrasing`); it returns None to keep the generic wording.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from engine.protocol import Game
from engine.search import Budget, MoveStats, Searched, search
from engine.words import plural


@dataclass(frozen=True, slots=True)
class Hint:
    """A private hint for one seat: the action id to play, its label, and why (Discord
    markdown; may hold `seat_ref` placeholders, as labels do)."""

    action: str
    label: str
    why: str


@runtime_checkable
class Phrasing(Protocol):
    """A game's own wording of a hint, from what the search found (None: generic wording)."""

    def hint_words(self, state: Any, seat: int, searched: Searched) -> str | None: ...


def hint(game: Game[Any, Any], state: Any, seat: int, rng: random.Random, budget: Budget) -> Hint:
    """The move the searcher would make for `seat` now, and one or two sentences why."""
    searched = search(game, state, seat, rng, budget)
    best = searched.moves[0]
    why = game.hint_words(state, seat, searched) if isinstance(game, Phrasing) else None
    return Hint(searched.choice, best.action.label, why or explain(game, searched))


def explain(game: Game[Any, Any], searched: Searched) -> str:
    """The generic reason: the best move's record over the games the search imagined, and
    the next best's, by the game's objective."""
    best = searched.moves[0]
    if searched.instant:
        return f"**{best.action.label}**: it is the one sensible move here."
    games = plural(best.visits, "game")
    if searched.objective == "win":
        why = f"**{best.action.label}**: you won {_wins(best)} of the {games} I imagined after it"
    else:
        why = (
            f"**{best.action.label}**: in the {games} I imagined after it, you finished"
            f" {_margin(game, best)} on average"
        )
    if len(searched.moves) < 2 or not searched.moves[1].visits:
        return why + "."
    runner = searched.moves[1]
    if searched.objective == "win":
        return f"{why}; after **{runner.action.label}**, {_wins(runner)} of {runner.visits}."
    return f"{why}; after **{runner.action.label}**, {_margin(game, runner)}."


def _wins(move: MoveStats) -> str:
    """Games won, a shared win counted as its share, to one decimal when it is not whole."""
    return f"{move.wins:.0f}" if move.wins == round(move.wins) else f"{move.wins:.1f}"


def _margin(game: Game[Any, Any], move: MoveStats) -> str:
    """'3 points ahead of the best other player' (rounded), 'behind', or 'level with'."""
    amount = round(abs(move.mean_margin))
    if amount == 0:
        return "level with the best other player"
    side = "ahead of" if move.mean_margin > 0 else "behind"
    return f"{game.score_text(amount)} {side} the best other player"
