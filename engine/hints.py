"""Hints: the move the `hard` searcher would make for a seat, and why, in a sentence or two.

The reason is what the search found over the deals it imagined (each root move's wins, or
its average margin over the best other seat), worded with the moves' own labels: it knows
nothing the seat cannot see, since the search reads the state only through
`game.determinize`. A game may word its hints itself by giving its game object a
`hint_words` method (`Phrasing`); it returns None to keep the generic wording. When the
search had too little time to back its move with numbers (`FEW`), the hint says so in words
instead, whatever the game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from engine.protocol import Game
from engine.search import Budget, MoveStats, Planning, Searched, candidates, search
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


#: Fewer playouts than this behind a move, and its record is not worth a number: the hint
#: says what steady play suggests instead, and that there was no time to weigh the moves.
FEW = 3


def hint(game: Game[Any, Any], state: Any, seat: int, rng: random.Random, budget: Budget) -> Hint:
    """The move the searcher would make for `seat` now, and one or two sentences why."""
    searched = search(game, state, seat, rng, budget)
    best = searched.moves[0]
    if not searched.instant and not _few(searched) and isinstance(game, Phrasing):
        why = game.hint_words(state, seat, searched)
    else:
        why = _planned(game, state, seat, searched)
    return Hint(searched.choice, best.action.label, why or explain(game, searched))


def _planned(game: Game[Any, Any], state: Any, seat: int, searched: Searched) -> str | None:
    """A `Planning` game's hint (None for another game): where its plans agree on a move
    among several, that they do; where they differ, the generic reason and the plan
    imagined after each move."""
    if not isinstance(game, Planning):
        return None
    best = searched.moves[0]
    if searched.instant:
        if len(candidates(game, state, seat)) < 2:
            return None
        names = ", or ".join(game.plan_names)
        return (
            f"**{best.action.label}**: every way of playing I weigh here ({names}) makes"
            " this move, so there was nothing to imagine."
        )
    if _few(searched) or best.plan is None:
        return None
    mine = f"{explain(game, searched)} In those games you went on {game.plan_names[best.plan]}"
    runner = _runner(searched)
    if runner is None or runner.plan is None:
        return f"{mine}."
    return f"{mine}; after **{runner.action.label}**, {game.plan_names[runner.plan]}."


def explain(game: Game[Any, Any], searched: Searched) -> str:
    """The generic reason: the best move's record over the games the search imagined, and
    the next best's, by the game's objective; no numbers when the search had too little time
    to back its choice with them."""
    best = searched.moves[0]
    if searched.instant:
        return f"**{best.action.label}**: it is the one sensible move here."
    if _few(searched):
        steady = f"**{best.action.label}**: it is what steady play suggests here"
        if not searched.playouts:
            return f"{steady}; I had no time to imagine how the game might go on."
        return (
            f"{steady}; I had time to imagine only {plural(searched.playouts, 'game')},"
            " too few to weigh the moves against each other."
        )
    games = plural(best.visits, "game")
    if searched.objective == "win":
        why = f"**{best.action.label}**: you won {_wins(best)} of the {games} I imagined after it"
    else:
        why = (
            f"**{best.action.label}**: in the {games} I imagined after it, you finished"
            f" {margin_words(game, best)} on average"
        )
    runner = _runner(searched)
    if runner is None:
        return why + "."
    if searched.objective == "win":
        return f"{why}; after **{runner.action.label}**, {_wins(runner)} of {runner.visits}."
    after = margin_words(game, runner, short=True)
    if after == margin_words(game, best, short=True):
        after = "about the same"  # rounded alike: the search still found it a little worse
    return f"{why}; after **{runner.action.label}**, {after}."


def _runner(searched: Searched) -> MoveStats | None:
    """The runner-up, when its record is worth quoting beside the chosen move's: not when it
    was tried too little, or was luckier than the chosen move in fewer tries."""
    best = searched.moves[0]
    runner = searched.moves[1] if len(searched.moves) > 1 else None
    if runner is None or runner.visits < FEW or _value(searched, runner) > _value(searched, best):
        return None
    return runner


def _few(searched: Searched) -> bool:
    """Whether the search is too thin to quote: its move was tried fewer than `FEW` times,
    or some move was tried less than twice (the search then keeps `normal`'s move, whatever
    the numbers say)."""
    return searched.moves[0].visits < FEW or min(m.visits for m in searched.moves) < 2


def _value(searched: Searched, move: MoveStats) -> float:
    return move.win_rate if searched.objective == "win" else move.mean_margin


#: From this many games on, shared wins are rounded: "about 68 of the 288", not "68.3".
ROUNDED = 20


def _wins(move: MoveStats) -> str:
    """Games won, a shared win counted as its share: to one decimal when it is not whole,
    or about the nearest whole number out of many games."""
    if move.wins == round(move.wins):
        return f"{move.wins:.0f}"
    return f"about {round(move.wins)}" if move.visits >= ROUNDED else f"{move.wins:.1f}"


def margin_words(game: Game[Any, Any], move: MoveStats, short: bool = False) -> str:
    """'3 points ahead of the best other player' (rounded), 'behind', or 'level with'; when
    `short`, without 'the best other player' (said once already)."""
    amount = round(abs(move.mean_margin))
    if amount == 0:
        return "level" if short else "level with the best other player"
    ahead = move.mean_margin > 0
    if short:
        return f"{game.score_text(amount)} {'ahead' if ahead else 'behind'}"
    return f"{game.score_text(amount)} {'ahead of' if ahead else 'behind'} the best other player"
