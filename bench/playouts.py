"""Random playouts per second: complete games through the engine protocol, on one core.

    python -m bench.playouts [game ...] [--seconds 5] [--players N]

Each playout starts a new game and, until it ends, asks `to_act`, takes `legal`, picks a
random non-`back` action (what level `easy` does) and `apply`s it; an action refused for want
of text (a required speech) is applied again with the game's canned line (`bot_words`).
"""

from __future__ import annotations

import argparse
import random
import time

from engine import GAMES, ActionError, bot_words


def playout(game, seats: int, seed: int, rng: random.Random) -> int:
    random = rng.random
    state = game.new(seats, {}, seed)
    steps = 0
    while to_act := game.to_act(state):
        seat = min(to_act)
        legal = game.legal(state, seat)
        # Uniform over the choices other than `back`, without building a new list;
        # `random()` scaled to an index is a few times quicker than `choice`.
        n = len(legal)
        action = legal[int(random() * n)]
        while action.back:
            action = legal[int(random() * n)]
        try:  # asking every step whether text is required would slow the other games
            state, _ = game.apply(state, seat, action.id)
        except ActionError:
            state, _ = game.apply(state, seat, action.id, bot_words(game, state, seat, action.id))
        steps += 1
    return steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("games", nargs="*", default=sorted(GAMES))
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--players", type=int)
    args = ap.parse_args()
    for key in args.games:
        game = GAMES[key]
        seats = args.players or game.max_seats
        rng = random.Random(1)
        done = steps = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < args.seconds:
            steps += playout(game, seats, done, rng)
            done += 1
        print(
            f"{key:8} {seats} players: {done / elapsed:8.1f} games/s"
            f"  ({steps / done:.0f} decisions per game, {1e6 * elapsed / steps:.1f} µs each)"
        )


if __name__ == "__main__":
    main()
