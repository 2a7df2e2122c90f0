"""How do two `normal` players play My First Christmas Tree? Seeded games, normal vs normal.

    python -m bench.tree_selfplay --games 200 [--option length=20] [--easy]
    python -m bench.tree_selfplay --games 400 --versus /work/main/engine/tree/ai.py

Prints the turns per player (median, p90), how the games ended (the trigger: all five rows
marked, or the turn limit), the presses per player per game (decisions with more than one
choice, `back` not counted), the points per player, and the time per `normal` decision.
With `--easy` the second player to move is `easy`, to see the same figures against it.

With `--versus FILE`, `normal` plays another version of itself: the `TreeNormal` in FILE (an
`engine/tree/ai.py` from another checkout, say main before a change), first player in every
other game. Prints this version's win rate (a tie counts half) with a 95% confidence
interval, and its mean score margin.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import statistics
import time

from engine import bot_move
from engine.protocol import Policy, make_rng
from engine.tree.game import GAME
from engine.tree.views import TreeView


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _load(path: str) -> Policy[TreeView]:
    spec = importlib.util.spec_from_file_location("tree_ai_versus", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    policy: Policy[TreeView] = module.TreeNormal()
    return policy


def versus(path: str, games: int, options: dict[str, str]) -> None:
    """This `normal` against the one in `path`, seeded games, seats alternating."""
    other = _load(path)
    wins = 0.0
    margins: list[int] = []
    for seed in range(games):
        state = GAME.new(2, options, seed)
        mine = (state.first + seed) % 2  # first player in every other game
        while to_act := GAME.to_act(state):
            seat = min(to_act)
            if seat == mine:
                action = bot_move(GAME, state, seat, "normal")
            else:  # as `bot_move` does, with the other policy
                rng = make_rng(state.seed, "bot", seat, state.step, "")
                legal = GAME.legal(state, seat)
                action = other.choose(GAME.view(state, seat), legal, rng)
            state, _ = GAME.apply(state, seat, action)
        result = GAME.result(state)
        assert result is not None
        if mine in result.winners:
            wins += 1 / len(result.winners)
        margins.append(result.scores[mine] - result.scores[1 - mine])
    rate = wins / games
    half = 1.96 * math.sqrt(rate * (1 - rate) / games)
    print(f"tree, normal vs {path}, options {options or 'default'}: {games} games")
    print(f"  this normal wins {100 * rate:.1f}% ± {100 * half:.1f}% (95% CI; ties count half)")
    print(f"  mean score margin {statistics.mean(margins):+.2f} points")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--option", action="append", default=[], help="key=value")
    ap.add_argument("--easy", action="store_true", help="the second player is easy")
    ap.add_argument("--versus", metavar="FILE", help="play the TreeNormal in this ai.py")
    args = ap.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    if args.versus:
        versus(args.versus, args.games, options)
        return
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
