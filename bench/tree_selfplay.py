"""How do two `normal` players play My First Christmas Tree? Seeded games, normal vs normal.

    python -m bench.tree_selfplay --games 200 [--option length=20] [--easy]

Prints the turns per player (median, p90), how the games ended (the trigger: all five rows
marked, or the turn limit), the presses per player per game (decisions with more than one
choice, `back` not counted), the points per player, and the time per `normal` decision.
With `--easy` the second player to move is `easy`, to see the same figures against it.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine import bot_move
from engine.tree.game import GAME


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--option", action="append", default=[], help="key=value")
    ap.add_argument("--easy", action="store_true", help="the second player is easy")
    args = ap.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    turns: list[float] = []
    presses: list[float] = []
    points: list[float] = []
    ended = {"trigger": 0, "limit": 0}
    times: list[float] = []
    for seed in range(args.games):
        state = GAME.new(2, options, seed)
        levels = {state.first: "normal", 1 - state.first: "easy" if args.easy else "normal"}
        asked = [0, 0]
        while to_act := GAME.to_act(state):
            seat = min(to_act)
            if sum(not a.back for a in GAME.legal(state, seat)) > 1:
                asked[seat] += 1
            t0 = time.perf_counter()
            action = bot_move(GAME, state, seat, levels[seat])
            if levels[seat] == "normal":
                times.append(time.perf_counter() - t0)
            state, _ = GAME.apply(state, seat, action)
        view = GAME.view(state, None)
        assert view["ended_by"] is not None and view["result"] is not None
        ended[view["ended_by"]] += 1
        turns.append(statistics.mean(state.turns))
        presses.extend(asked)
        points.extend(view["result"]["scores"])
    print(f"tree, normal vs {'easy' if args.easy else 'normal'}, options {options or 'default'}:")
    print(f"  {args.games} games")
    print(f"  turns per player: median {statistics.median(turns):.1f}, p90 {_pct(turns, 0.9):.1f}")
    print(
        f"  ended by the trigger {100 * ended['trigger'] / args.games:.1f}%,"
        f" by the turn limit {100 * ended['limit'] / args.games:.1f}%"
    )
    print(
        f"  presses per player per game: median {statistics.median(presses):.0f},"
        f" mean {statistics.mean(presses):.1f}"
    )
    print(f"  points per player: mean {statistics.mean(points):.1f}")
    print(
        f"  normal decision: mean {1000 * statistics.mean(times):.1f} ms,"
        f" p99 {1000 * _pct(times, 0.99):.1f} ms, max {1000 * max(times):.1f} ms"
    )


if __name__ == "__main__":
    main()
