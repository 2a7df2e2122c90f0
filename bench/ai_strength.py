"""How strong are the computer players? Seeded games, one stronger seat against weaker seats.

    python -m bench.ai_strength ghosts --games 500 [--players 4] [--option variant=tiny_tim]
    python -m bench.ai_strength tree --games 500      # a duel: 2 players
    python -m bench.ai_strength ghosts --hard --games 60 --playouts 40 [--jobs 1]

By default one `normal` seat plays `easy` seats; with `--hard`, one `hard` seat (searching
`--playouts` playouts per decision, default the game's own ~1 s budget) plays `normal` seats.
The stronger seat rotates through the seats so no seat position is favoured. Prints the
average score per hand (per round for games scored by round; per game for games whose view
keeps no `history` of hands) of each side, the stronger seat's win rate with a 95 % Wilson
confidence interval against the fair share (1/players; a shared win counts as its share),
and its mean final margin over the best other seat.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from engine import GAMES, bot_move, bot_words
from engine.search import Budget


@dataclass(frozen=True)
class Outcome:
    """One game, seen from the stronger seat."""

    seat: int
    scores: tuple[int, ...]
    share: float  # of the win: 1, 1/2 for a two-way tie, 0
    units: int  # hands or rounds played (1 for a game without a history)
    thinking: tuple[float, ...]  # seconds per decision of the stronger seat


@dataclass(frozen=True)
class Match:
    game: str
    players: int
    options: dict[str, str]
    strong: str  # "normal" or "hard"
    weak: str  # "easy" or "normal"
    playouts: int | None  # hard's budget; None: the game's default


def play(match: Match, seed: int) -> Outcome:
    game = GAMES[match.game]
    strong_seat = seed % match.players
    budget = Budget(match.playouts) if match.playouts is not None else None
    state = game.new(match.players, match.options, seed)
    thinking: list[float] = []
    while to_act := game.to_act(state):
        seat = min(to_act)
        level = match.strong if seat == strong_seat else match.weak
        t0 = time.perf_counter()
        move = bot_move(game, state, seat, level, budget=budget)
        if seat == strong_seat:
            thinking.append(time.perf_counter() - t0)
        state, _ = game.apply(state, seat, move, bot_words(game, state, seat, move))
    result = game.result(state)
    assert result is not None
    share = 1 / len(result.winners) if strong_seat in result.winners else 0.0
    units = len(game.view(state, None).get("history", [])) or 1
    return Outcome(strong_seat, result.scores, share, units, tuple(thinking))


def progress(outcome: Outcome, done: int) -> Outcome:
    """Print one finished game's line to stderr (a long run stopped early keeps its games)."""
    margin = outcome.scores[outcome.seat] - max(
        s for i, s in enumerate(outcome.scores) if i != outcome.seat
    )
    think = 1000 * sum(outcome.thinking) / max(1, len(outcome.thinking))
    print(
        f"game {done + 1}: seat {outcome.seat} share {outcome.share:.3f} margin {margin}"
        f" decisions {len(outcome.thinking)} ms {think:.1f}",
        file=sys.stderr,
        flush=True,
    )
    return outcome


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (shared wins count as fractions)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("game", choices=sorted(GAMES))
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument(
        "--players", type=int, help="default: 4, within the game's seat range (2 for a duel)"
    )
    ap.add_argument("--option", action="append", default=[], help="key=value")
    ap.add_argument("--hard", action="store_true", help="one hard seat against normal seats")
    ap.add_argument("--playouts", type=int, help="hard's playouts per decision")
    ap.add_argument("--seed", type=int, default=0, help="the first game's seed")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = ap.parse_args()
    game = GAMES[args.game]
    if args.players is None:
        args.players = max(game.min_seats, min(4, game.max_seats))
    strong, weak = ("hard", "normal") if args.hard else ("normal", "easy")
    match = Match(
        args.game,
        args.players,
        dict(o.split("=", 1) for o in args.option),
        strong,
        weak,
        args.playouts,
    )
    seeds = range(args.seed, args.seed + args.games)
    t0 = time.perf_counter()
    outcomes: list[Outcome] = []
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            for outcome in pool.map(play, [match] * args.games, seeds):
                outcomes.append(progress(outcome, len(outcomes)))
    else:
        outcomes = [progress(play(match, seed), i) for i, seed in enumerate(seeds)]
    dt = time.perf_counter() - t0
    report(match, outcomes, dt)


def report(match: Match, outcomes: list[Outcome], seconds: float) -> None:
    n = len(outcomes)
    unit = "hand/round" if any(o.units > 1 for o in outcomes) else "game"
    mine = [o.scores[o.seat] / o.units for o in outcomes]
    theirs = [s / o.units for o in outcomes for i, s in enumerate(o.scores) if i != o.seat]
    margins = [
        o.scores[o.seat] - max(s for i, s in enumerate(o.scores) if i != o.seat) for o in outcomes
    ]
    wins = sum(o.share for o in outcomes)
    low, high = wilson(wins, n)
    fair = 1 / match.players
    budget = f", {match.playouts} playouts" if match.strong == "hard" else ""
    if match.strong == "hard" and match.playouts is None:
        budget = f", {getattr(GAMES[match.game], 'hard_playouts', '?')} playouts (default)"
    print(
        f"{match.game}, {match.players} players, options {match.options or 'default'}:"
        f" {n} games{budget}"
    )
    print(f"  {match.strong}: {statistics.mean(mine):.2f} points per {unit}")
    print(
        f"  {match.weak}:{' ' * (len(match.strong) - len(match.weak))} "
        f"{statistics.mean(theirs):.2f} points per {unit}"
    )
    print(
        f"  {match.strong} wins {100 * wins / n:.1f}% (95% CI {100 * low:.1f}–{100 * high:.1f}%)"
        f" against a fair share of {100 * fair:.0f}% ({wins / n / fair:.2f}× fair)"
    )
    print(f"  mean margin over the best other seat: {statistics.mean(margins):+.1f} points")
    thinking = sorted(t for o in outcomes for t in o.thinking)
    p99 = thinking[min(len(thinking) - 1, int(0.99 * len(thinking)))]
    print(
        f"  {match.strong} thinks {1000 * statistics.mean(thinking):.1f} ms per decision on"
        f" average, p99 {1000 * p99:.0f} ms, max {1000 * thinking[-1]:.0f} ms"
        f" ({len(thinking)} decisions; wall clock, so slower on a busy machine)"
    )
    print(f"  {seconds:.1f} s")


if __name__ == "__main__":
    main()
