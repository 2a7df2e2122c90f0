"""The `hard` computer player: determinised Monte Carlo search over any game, seeded and pure.

For the seat to move, `search` imagines many deals the seat cannot tell from the real one
(`game.determinize`), plays each root move out to the end in one of them with every seat
playing its `normal` policy (each fed its own view and legal actions), and keeps, per root
move, how often the seat won and its average final margin over the best other seat. Root
moves are compared on common deals (every move still in the running is played out from the
same imagined deal with the same rng seed) and by sequential halving (flat: one tree level;
the worse half of the moves drop out after each stage, so the budget goes to the moves that
are close). A budget too small to play every move out twice plays like `normal`: the search
departs from `normal`'s move only after comparing every move on two deals at least. The
seat's choice is the best move by the objective the game declares (`Game.objective`: "win"
or "score"). A game may cut playouts short and judge them by an estimate (`Cutting`), name
the few root moves worth searching (`Shortlisting`), and say what a move does at once in the
playouts, for hints (`Telling`). A game with more than one way to play it (`Planning`) is
searched over its plans instead of its moves: each plan proposes the seat's move and, where
they differ, plays the seat to the end in the playouts.

The search reads the state only through `determinize`, so nothing the seat has not seen
can change its choice beyond what sampling covers (tests/engine/test_search_hidden.py shows it).
There is no clock here: the caller bounds the work with a playout count and, optionally, a
`deadline` callable it asks between playouts (e.g. `lambda: time.monotonic() > t_end`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol, TypeVar, runtime_checkable

from engine.protocol import (
    Action,
    ActionError,
    ErrorCode,
    Game,
    Objective,
    Policy,
    RandomPolicy,
)

S = TypeVar("S")
V = TypeVar("V")


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a search may think: at most `playouts` playouts, and it stops early once
    `deadline()` turns true (asked between playouts; the caller owns the clock)."""

    playouts: int
    deadline: Callable[[], bool] | None = None


#: What one playout found: the seat's share of the win, its margin over the best other
#: seat, and the game's `tell` about the root move (None: nothing told).
Outcome = tuple[float, float, bool | None]


@dataclass(frozen=True, slots=True)
class MoveStats:
    """What the search found for one root move, over the deals it imagined."""

    action: Action
    #: Playouts that began with this move.
    visits: int
    #: Games won in them (a shared win counts as a share: 1/2 for a two-way tie).
    wins: float
    #: The seat's final score minus the best other seat's, summed over the playouts.
    margin: float
    #: For a `Telling` game: the playouts that showed what this move does at once (e.g.
    #: whether its card wins its trick), and how many of them said yes.
    told: int = 0
    yes: int = 0
    #: For a `Planning` game: the plan that proposed this move (its index in `plans`).
    plan: int | None = None

    @property
    def win_rate(self) -> float:
        return self.wins / self.visits if self.visits else 0.0

    @property
    def mean_margin(self) -> float:
        return self.margin / self.visits if self.visits else 0.0


@dataclass(frozen=True, slots=True)
class Searched:
    """A search's answer: the move to play and, best first, what it found for each move."""

    seat: int
    objective: Objective
    choice: str
    #: Every root move searched, the chosen one first, then by the objective. Moves that
    #: make the same state are searched once (the first stands for them).
    moves: tuple[MoveStats, ...]
    playouts: int
    #: True when there was one sensible choice, so nothing was searched.
    instant: bool


@runtime_checkable
class Searcher(Protocol):
    """A computer player that searches: it is given the state, and reads it only through
    `game.determinize` for the seat it plays."""

    def search_move(
        self, game: Game[Any, Any], state: Any, seat: int, rng: random.Random, budget: Budget | None
    ) -> str: ...


@dataclass(frozen=True, slots=True)
class SearchPolicy:
    """Level `hard`: `search` with `normal` playouts; `playouts` is its default budget, sized
    for about a second on one core. Asked as a plain `Policy` (a view and no state), it cannot
    search and plays like `normal`; `engine.replay.bot_move` gives it the state."""

    normal: Policy[Any]
    playouts: int

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> str:
        return self.normal.choose(view, legal, rng)

    def search_move(
        self, game: Game[Any, Any], state: Any, seat: int, rng: random.Random, budget: Budget | None
    ) -> str:
        return search(game, state, seat, rng, budget or Budget(self.playouts)).choice


def candidates(game: Game[S, V], state: S, seat: int) -> list[Action]:
    """The moves worth considering: no `back`, and no action whose text is required when the
    game gives no canned words for it (a computer cannot take it)."""
    decision = game.decision(state, seat)
    spec = decision.text if decision is not None else None
    moves = [a for a in game.legal(state, seat) if not a.back]
    if spec is not None and not spec.optional and not spec.canned:
        moves = [a for a in moves if a.id != spec.action]
    return moves


def search(game: Game[S, V], state: S, seat: int, rng: random.Random, budget: Budget) -> Searched:
    """The move `seat` should make now, and what the search found for each move."""
    moves = candidates(game, state, seat)
    if not moves:
        raise ActionError(ErrorCode.NOT_YOUR_TURN, f"Seat {seat} has no move to search.")
    if isinstance(game, Planning):
        return _by_plans(game, game.plans, state, seat, moves, rng, budget)
    normal = game.bots["normal"]
    first = _words_free_choice(normal, game, state, seat, moves, rng)
    if isinstance(game, Shortlisting):  # keeping `normal`'s move among the few
        short = game.shortlist(state, seat, moves)
        moves = [m for m in moves if m.id == first and m not in short] + short
    moves.sort(key=lambda a: a.id != first)  # normal's move first; stable for the rest
    if len(moves) > 1:
        moves = _distinct(game, game.determinize(state, seat, rng), seat, moves, rng)
    if len(moves) == 1:
        return _instant(game, seat, moves[0])
    return _halving(game, state, seat, moves, rng, budget, [None] * len(moves))


def _by_plans(
    game: Game[S, V],
    plans: Sequence[Policy[Any]],
    state: S,
    seat: int,
    moves: Sequence[Action],
    rng: random.Random,
    budget: Budget,
) -> Searched:
    """Every plan's move (a plan that proposes an earlier plan's move is that plan's twin
    here); when they differ, each played out with the seat following its plan."""
    picks: list[Action] = []
    owners: dict[str, int] = {}
    for k, plan in enumerate(plans):
        choice = _words_free_choice(plan, game, state, seat, moves, rng)
        if choice not in owners:
            picks.append(next(m for m in moves if m.id == choice))
            owners[choice] = k
    if len(picks) == 1:
        return _instant(game, seat, picks[0])
    leads = [plans[owners[m.id]] for m in picks]
    found = _halving(game, state, seat, picks, rng, budget, leads)
    told = tuple(replace(m, plan=owners[m.action.id]) for m in found.moves)
    return replace(found, moves=told)


def _instant(game: Game[Any, Any], seat: int, move: Action) -> Searched:
    """The answer when nothing needs searching: one sensible move, or every plan's."""
    return Searched(seat, game.objective, move.id, (MoveStats(move, 0, 0.0, 0.0),), 0, True)


def _halving(
    game: Game[S, V],
    state: S,
    seat: int,
    moves: list[Action],
    rng: random.Random,
    budget: Budget,
    leads: Sequence[Policy[Any] | None],
) -> Searched:
    """Sequential halving on common deals. Round after round, one imagined deal and one rng
    seed, and every move still in the running played out from them (common random numbers:
    what differs between the moves' outcomes is the moves, not the deals, which in a card
    game decide far more). The budget is split evenly between ceil(log2(moves)) stages;
    after each stage but the last the better half of the moves, by the objective summed over
    all their rounds so far, stay in the running, and the last stage spends what is left on
    the final two. A stage plays at least two rounds, and the choice is the best by the
    objective (the other part of the outcome breaks ties, then `normal`'s move, the first),
    so a budget too small for two rounds of every move plays like `normal`. `leads[i]`, if
    not None, plays the seat after `moves[i]` in its playouts (a plan), else `normal`."""
    n = len(moves)
    outcomes: list[list[Outcome]] = [[] for _ in moves]
    running = list(range(n))
    part = 0 if game.objective == "win" else 1  # of an outcome (share, margin)
    stages = max(1, math.ceil(math.log2(n)))
    done = 0

    def judged(i: int, rounds: int) -> tuple[float, float, int]:
        kept = outcomes[i][:rounds]
        return sum(_part(o, part) for o in kept), sum(_part(o, 1 - part) for o in kept), -i

    def stopped() -> bool:
        return done >= budget.playouts or (budget.deadline is not None and budget.deadline())

    over = False
    for stage in range(stages):
        left = budget.playouts - done
        rounds = max(2, left // (stages - stage) // len(running))
        if stage == stages - 1:
            rounds = max(2, -(-left // len(running)))
        for _ in range(rounds):
            deal, seed = game.determinize(state, seat, rng), rng.getrandbits(64)
            for i in running:
                if over := stopped():
                    break
                outcome = playout(game, deal, seat, moves[i], random.Random(seed), leads[i])
                outcomes[i].append(outcome)
                done += 1
            if over:
                break
        if over:
            break
        common = len(outcomes[running[0]])
        running.sort(key=lambda i: judged(i, common), reverse=True)
        kept = running[: max(2, (len(running) + 1) // 2)]
        running = sorted(kept)
    common = min(len(outcomes[i]) for i in running)
    best = 0 if common < 2 else max(running, key=lambda i: judged(i, common))
    stats = [
        MoveStats(
            m,
            len(out),
            sum(o[0] for o in out),
            sum(o[1] for o in out),
            sum(o[2] is not None for o in out),
            sum(o[2] is True for o in out),
        )
        for m, out in zip(moves, outcomes, strict=True)
    ]
    means = [sum(_part(o, part) for o in out) / len(out) if out else 0.0 for out in outcomes]
    ranked = sorted(range(n), key=lambda i: (i != best, -len(outcomes[i]), -means[i], i))
    return Searched(
        seat, game.objective, moves[best].id, tuple(stats[i] for i in ranked), done, False
    )


def _part(outcome: Outcome, part: int) -> float:
    """An outcome's share of the win (`part` 0) or margin (1)."""
    return outcome[1] if part else outcome[0]


@runtime_checkable
class Shortlisting(Protocol):
    """A game whose searcher considers only the few root moves worth a playout: `shortlist`
    returns some of `moves` (at least one, read from the seat's view only), e.g. those its
    `normal` values nearly best, so a small budget tries each of them often enough. The
    search adds `normal`'s own move when the shortlist leaves it out."""

    def shortlist(self, state: Any, seat: int, moves: Sequence[Action]) -> list[Action]: ...


@runtime_checkable
class Cutting(Protocol):
    """A game whose playouts may stop early and be judged by an estimate: `cut` returns each
    seat's estimated final score once a playout from `root` has gone far enough (`steps`
    decisions after the root move) to judge it, else None. `playout_level` names the
    computer player that plays the playouts (its `normal`, or `easy` where `normal` is too
    slow to play many)."""

    playout_level: str

    def cut(self, root: Any, state: Any, steps: int) -> Sequence[float] | None: ...


@runtime_checkable
class Planning(Protocol):
    """A game with more than one way to play it, each a policy for the rest of the game
    (Fever: decorate the tree, or gather Gifts and bring on the Race). Its search compares
    plans, not single moves: each plan proposes the seat's move; where they differ, each
    proposal is played out on common deals with the seat following its plan to the end and
    the other seats `normal`, and the best plan's move is played (the first plan's when the
    budget is too small to compare). In a long game of dice one move seldom changes much,
    but a plan held to the end does, so the search picks the plan the position favours."""

    plans: Sequence[Policy[Any]]
    #: Each plan in a few words, for hints ("gathering Gifts to bring on the Race early").
    plan_names: Sequence[str]


@runtime_checkable
class Telling(Protocol):
    """A game whose hints can say what a move does at once, beyond the final outcome (e.g.
    whether a card wins its trick): `tell` answers True or False once a playout from `root`
    has shown it for `move`, played by `seat`, and None until then (it is asked after every
    step of the playout until it answers, so it must be cheap)."""

    def tell(self, root: Any, seat: int, move: str, state: Any) -> bool | None: ...


def playout(
    game: Game[S, V],
    state: S,
    seat: int,
    move: Action,
    rng: random.Random,
    lead: Policy[Any] | None = None,
) -> Outcome:
    """Play `move` for `seat` in `state`, then every seat its `normal` policy (`seat` its
    `lead`, if given) to the end (or to the game's `cut`)."""
    cutter = game if isinstance(game, Cutting) else None
    teller = game if isinstance(game, Telling) else None
    policy = game.bots[cutter.playout_level if cutter is not None else "normal"]
    mine = lead or policy
    root = state
    state = _apply(game, state, seat, move.id, rng)
    told = None if teller is None else teller.tell(root, seat, move.id, state)
    steps = 0
    scores: Sequence[float] | None = None
    while to_act := game.to_act(state):
        if cutter is not None and (scores := cutter.cut(root, state, steps)) is not None:
            break
        mover = min(to_act)
        legal = game.legal(state, mover)
        if len(legal) == 1:  # no choice: no view to build (a quarter of Fever's decisions)
            action = legal[0].id
        else:
            action = (mine if mover == seat else policy).choose(game.view(state, mover), legal, rng)
        state = _apply(game, state, mover, action, rng)
        steps += 1
        if teller is not None and told is None:
            told = teller.tell(root, seat, move.id, state)
    if scores is None:
        result = game.result(state)
        assert result is not None, "a game with nobody to act is over"
        scores, winners = result.scores, result.winners
    else:  # an estimate: the highest scores win, without the rules' tie-breaks
        winners = tuple(p for p, score in enumerate(scores) if score == max(scores))
    best_other = max(s for p, s in enumerate(scores) if p != seat)
    share = 1 / len(winners) if seat in winners else 0.0
    return share, float(scores[seat] - best_other), told


def _apply(game: Game[S, V], state: S, seat: int, action: str, rng: random.Random) -> S:
    """`apply`, with the game's canned words when the action turns out to need text (asking
    every step whether it does would slow the games that never do)."""
    try:
        return game.apply(state, seat, action)[0]
    except ActionError:
        decision = game.decision(state, seat)
        spec = decision.text if decision is not None else None
        if spec is None or not spec.canned:
            raise
        return game.apply(state, seat, action, rng.choice(spec.canned))[0]


def _words_free_choice(
    normal: Policy[Any],
    game: Game[S, V],
    state: S,
    seat: int,
    moves: Sequence[Action],
    rng: random.Random,
) -> str:
    """What `normal` would play, among `moves` (else the first of them). It is given its
    own rng, split from the search's, so the search draws the same numbers either way."""
    own = random.Random(rng.getrandbits(64))
    choice = normal.choose(game.view(state, seat), game.legal(state, seat), own)
    return choice if any(m.id == choice for m in moves) else moves[0].id


def _distinct(
    game: Game[S, V], imagined: S, seat: int, moves: list[Action], rng: random.Random
) -> list[Action]:
    """`moves` without those that make the same state as an earlier one (two equal cards),
    tried in one imagined deal: they are one choice, searched once."""
    seen: set[str] = set()
    kept: list[Action] = []
    for move in moves:
        after = _apply(game, imagined, seat, move.id, random.Random(0))
        key = repr(sorted(game.dump(after).items(), key=lambda kv: kv[0]))
        if key not in seen:
            seen.add(key)
            kept.append(move)
    return kept


def levels(normal: Policy[V], easy: Policy[V] | None, playouts: int) -> Mapping[str, Policy[V]]:
    """The computer players a game offers: `easy`, `normal` and `hard` (this searcher)."""
    return {
        "easy": easy or RandomPolicy(),
        "normal": normal,
        "hard": SearchPolicy(normal, playouts),
    }
