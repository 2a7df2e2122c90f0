"""How long does a computer player take to decide? Seeded games, every seat at one level.

    python -m bench.ai_speed tree [--games 100] [--players N] [--level normal] [--option k=v]

Plays `--games` seeded games (seeds 0, 1, …) with every seat at `--level` and times each
decision as the bot pays for it (`engine.bot_move`: the seat's view, its legal actions and
the choice), in CPU time of this process, so other work on a shared machine counts as little
as it can. Prints p50, p99 and max in milliseconds, the mean, and the slowest decision's
seed and step so it can be replayed. Decisions with a single legal choice count too: the
bot asks the policy for those as well. `--by-kind` adds the same figures per kind of decision,
named by its first legal action's verb (`take`, `play`, `buy`, …), to see which step sets the
p99.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine import GAMES, bot_move, bot_words


def _pct(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("game", choices=sorted(GAMES))
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument(
        "--players", type=int, help="default: 4, within the game's seat range (2 for a duel)"
    )
    ap.add_argument("--level", default="normal")
    ap.add_argument("--option", action="append", default=[], help="key=value")
    ap.add_argument("--by-kind", action="store_true", help="figures per kind of decision too")
    args = ap.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    game = GAMES[args.game]
    players = args.players or max(game.min_seats, min(4, game.max_seats))
    times: list[float] = []
    kinds: dict[str, list[float]] = {}
    slowest = (0.0, 0, 0)
    start = time.perf_counter()
    for seed in range(args.games):
        state = game.new(players, options, seed)
        while to_act := game.to_act(state):
            seat = min(to_act)
            t0 = time.process_time()
            move = bot_move(game, state, seat, args.level)
            dt = time.process_time() - t0
            times.append(dt)
            kinds.setdefault(game.legal(state, seat)[0].id.partition(":")[0], []).append(dt)
            if dt > slowest[0]:
                slowest = (dt, seed, state.step)
            state, _ = game.apply(state, seat, move, bot_words(game, state, seat, move))
    total = time.perf_counter() - start
    ms = sorted(1000 * t for t in times)
    print(
        f"{args.game}, {players} players, {args.level}, options {options or 'default'}:"
        f" {args.games} games, {len(ms)} decisions, {total:.1f} s"
    )
    print(
        f"  ms per decision: p50 {_pct(ms, 0.5):.2f}, p99 {_pct(ms, 0.99):.2f},"
        f" max {ms[-1]:.2f}, mean {statistics.mean(ms):.2f}"
    )
    print(f"  slowest: seed {slowest[1]}, step {slowest[2]}")
    if args.by_kind:
        spent = sum(ms)
        for kind, ts in sorted(kinds.items(), key=lambda kv: -sum(kv[1])):
            k = sorted(1000 * t for t in ts)
            print(
                f"  {kind}: {len(k)} decisions, p50 {_pct(k, 0.5):.2f}, p99 {_pct(k, 0.99):.2f},"
                f" max {k[-1]:.2f} ms; {100 * sum(k) / spent:.0f} % of the time"
            )


if __name__ == "__main__":
    main()
