"""How big and how quick a /replay is: a seeded six-family Holiday Fever game played by
computers, its replay drawn as the bot draws it (in a spawned worker process), on one core.

    python -m bench.replay [--seed 1] [--families 6] [--game fever] [--for SECONDS]

Prints the game's length, the replay's size, frames and play time, and the build time: cold
(the worker process starts, as for the first replay after the bot starts) and warm. The goal
is an answer within 10 s of the command. The worker runs at the bot's replay priority
(`bot.thinking.start_worker`). With `--for`, it keeps drawing the replay again for that many
seconds on any core, as a background load: `bench.bot_latency --replays` runs it beside the
bot to show that drawing replays does not slow down the answers to presses.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor

from bot.thinking import start_worker
from engine import GAMES, bot_move, bot_words
from render.demo import NAMES
from render.replay import BUDGET, animate


def played(key: str, seats: int, seed: int) -> list[tuple[int, str, str | None]]:
    """The action log of a game the `normal` computer plays in every seat."""
    game = GAMES[key]
    state = game.new(seats, {}, seed)
    moves: list[tuple[int, str, str | None]] = []
    while to_act := game.to_act(state):
        seat = min(to_act)
        action = bot_move(game, state, seat, "normal")
        words = bot_words(game, state, seat, action)
        state, _ = game.apply(state, seat, action, words)
        moves.append((seat, action, words))
    return moves


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--game", default="fever")
    ap.add_argument("--families", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--for", dest="seconds", type=float, help="keep drawing, on any core")
    args = ap.parse_args()
    if args.seconds is None and hasattr(os, "sched_setaffinity"):  # one core, inherited
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    moves = played(args.game, args.families, args.seed)
    names = list(NAMES[: args.families])
    call = (args.game, args.families, {}, args.seed, None, moves, names)
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=spawn, initializer=start_worker) as worker:
        start = time.perf_counter()
        for label in ("cold", "warm"):
            t0 = time.perf_counter()
            animation = worker.submit(animate, *call).result()
            took = time.perf_counter() - t0
            print(f"{label}: built in {took:.2f} s")
        builds = 2
        while args.seconds is not None and time.perf_counter() - start < args.seconds:
            worker.submit(animate, *call).result()
            builds += 1
        if args.seconds is not None:
            print(f"{builds} replays drawn in {time.perf_counter() - start:.0f} s")
    print(
        f"{args.game}, {args.families} seats, seed {args.seed}: {len(moves)} moves →"
        f" {animation.frames} frames, {animation.kind} {len(animation.data) / 2**20:.2f} MiB"
        f" (budget {BUDGET / 2**20:.0f} MiB), plays {animation.duration_ms / 1000:.1f} s"
    )


if __name__ == "__main__":
    main()
