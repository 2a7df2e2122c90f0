"""What do hints say, and how long do they take? Seeded positions per game, one hint each.

    python -m bench.hint_words [--games tree,fever] [--positions 4] [--playouts 1,3,0]
    python -m bench.hint_words --timing [--positions 20] [--seconds 0.5] [--players 6]

Words: for a few seeded positions of games played by `normal` (every 7th decision with a
choice), prints the hint `engine.hints` gives the seat to act at each `--playouts` budget
(0: the game's own `hard` budget, stopped after a second as in the bot), to read them as a
beginner would. Timing: a hint with the bot's budget (1,000 playouts, stopped once
`--seconds` have passed) at `--positions` positions per game, printing the worst overrun of
the deadline in wall-clock milliseconds (the search asks the deadline between playouts, so
the overrun is about one playout and the work before the first).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator
from typing import Any

from engine import GAMES, Game, bot_move, bot_words
from engine.hints import hint
from engine.protocol import fill_names
from engine.search import Budget, candidates


def positions(
    game: Game[Any, Any], count: int, players: int = 3, every: int = 7
) -> Iterator[tuple[Any, int]]:
    """`count` seeded positions where the seat to act has a choice (seeds 0, 1, …)."""
    seats = min(max(players, game.min_seats), game.max_seats)
    found, seed = 0, 0
    while found < count:
        state, n = game.new(seats, {}, seed), 0
        while found < count and (to_act := game.to_act(state)):
            seat = min(to_act)
            if n % every == every - 1 and len(candidates(game, state, seat)) > 1:
                yield state, seat
                found += 1
            action = bot_move(game, state, seat, "normal")
            state, _ = game.apply(state, seat, action, bot_words(game, state, seat, action))
            n += 1
        seed += 1


def timed(seconds: float) -> Budget:
    stop_at = time.monotonic() + seconds
    return Budget(1000, lambda: time.monotonic() > stop_at)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", default=",".join(sorted(GAMES)))
    ap.add_argument("--positions", type=int, default=4)
    ap.add_argument("--playouts", default="1,3,0")
    ap.add_argument("--timing", action="store_true")
    ap.add_argument("--seconds", type=float, default=0.5)
    ap.add_argument("--players", type=int, default=3, help="within each game's seat range")
    args = ap.parse_args()
    for key in args.games.split(","):
        game = GAMES[key]
        names = [f"P{k + 1}" for k in range(game.max_seats)]
        worst = 0.0
        for i, (state, seat) in enumerate(positions(game, args.positions, args.players)):
            if args.timing:
                start = time.monotonic()
                hint(game, state, seat, random.Random(i), timed(args.seconds))
                worst = max(worst, time.monotonic() - start - args.seconds)
                continue
            for n in (int(p) for p in args.playouts.split(",")):
                budget = timed(1.0) if n == 0 else Budget(n)
                told = hint(game, state, seat, random.Random(i), budget)
                print(f"{key} #{i} [{n or 'real'}] {fill_names(told.why, names)}")
        if args.timing:
            print(f"{key}: worst overrun {worst * 1000:.0f} ms over {args.positions} hints")


if __name__ == "__main__":
    main()
