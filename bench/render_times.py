"""Render time and PNG size for the table and a seat's picture, per game.

    python -m bench.render_times [game ...] [--positions 60]

Positions are sampled evenly from a seeded game played by computer players.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine import GAMES, bot_move, bot_words
from render import render
from render.demo import NAMES


def positions(game, seats: int, wanted: int) -> list:
    state = game.new(seats, {}, 1)
    states = [state]
    while to_act := game.to_act(state):
        seat = min(to_act)
        action = bot_move(game, state, seat, "normal")
        state, _ = game.apply(state, seat, action, bot_words(game, state, seat, action))
        states.append(state)
    every = max(1, len(states) // wanted)
    return states[::every]


def measure(game, states, names, seat) -> tuple[list[float], list[int]]:
    times, sizes = [], []
    for state in states:
        view = game.view(state, seat)
        t0 = time.perf_counter()
        data = render(view, names)
        times.append(time.perf_counter() - t0)
        sizes.append(len(data))
    return times, sizes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("games", nargs="*", default=sorted(GAMES))
    ap.add_argument("--positions", type=int, default=60)
    args = ap.parse_args()
    for key in args.games:
        game = GAMES[key]
        seats = game.max_seats
        names = list(NAMES[:seats])
        states = positions(game, seats, args.positions)
        render(game.view(states[0], None), names)  # fonts load once, outside the timing
        for label, seat in (("table", None), ("hand ", 0)):
            times, sizes = measure(game, states, names, seat)
            ms = sorted(1e3 * t for t in times)
            print(
                f"{key:8} {label} {len(ms)} positions: median {statistics.median(ms):5.1f} ms,"
                f" p90 {ms[int(0.9 * len(ms))]:5.1f} ms; PNG median"
                f" {statistics.median(sizes) / 1024:5.1f} KB, max {max(sizes) / 1024:5.1f} KB"
            )


if __name__ == "__main__":
    main()
