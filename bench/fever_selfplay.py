"""Holiday Fever computer players at work, before the game joins `engine.GAMES`.

    python -m bench.fever_selfplay strength [--games 300] [--players 4]
    python -m bench.fever_selfplay selfplay [--games 100] [--players 2 3 4 5 6]

`strength`: one `normal` seat against `easy` seats, the `normal` seat rotating with the seed
(as `bench.ai_strength`). `selfplay`: `normal` at every seat; per table size, rounds per game,
how games end (the tree: Christmas reached before any Race; a Race because a deck ran out or a
White Elephant could not be dealt; the 30-round safety) and the decisions each family makes
(choices with more than one option, the youngest claim included), with the round the Race
began and the time `normal` takes per decision. Rounds count on through the Race.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from typing import Any

from engine import bot_move, bot_words
from engine.fever.game import GAME


def play(players: int, seed: int, levels: list[str]) -> dict[str, Any]:
    """One seeded game; `levels[seat]` is `normal` or `easy`."""
    state = GAME.new(players, {}, seed)
    decisions = [0] * players
    spent, timed = 0.0, 0
    race_round = 0
    while to_act := GAME.to_act(state):
        seat = min(to_act)
        many = len(GAME.legal(state, seat)) > 1
        t0 = time.perf_counter()
        move = bot_move(GAME, state, seat, levels[seat])
        if levels[seat] == "normal":
            spent += time.perf_counter() - t0
            timed += 1
        if many:
            decisions[seat] += 1
        state, _ = GAME.apply(state, seat, move, bot_words(GAME, state, seat, move))
        if not race_round and state.race_cause:
            race_round = state.round
    view = GAME.view(state, None)
    result = GAME.result(state)
    assert result is not None
    return {
        "result": result,
        "rounds": view["round"],
        "race_round": race_round,
        "cause": view["race_cause"] or "tree",
        "decisions": decisions,
        "seconds": spent,
        "timed": timed,
    }


def strength(games: int, players: int) -> None:
    wins, normal, easy = 0.0, [], []
    t0 = time.perf_counter()
    for seed in range(games):
        seat = seed % players
        levels = ["easy"] * players
        levels[seat] = "normal"
        g = play(players, seed, levels)
        res = g["result"]
        normal.append(res.scores[seat])
        easy.extend(res.scores[p] for p in range(players) if p != seat)
        if seat in res.winners:
            wins += 1 / len(res.winners)
    print(f"fever, {players} players, 1 normal vs {players - 1} easy: {games} games")
    print(f"  normal: {statistics.mean(normal):.0f} per game")
    print(f"  easy:   {statistics.mean(easy):.0f} per game")
    print(f"  normal wins {100 * wins / games:.1f}% (fair share {100 / players:.0f}%)")
    print(f"  {time.perf_counter() - t0:.1f} s")


def selfplay(games: int, sizes: list[int]) -> None:
    for players in sizes:
        rounds, races, causes, per_family = [], [], Counter[str](), []
        spent, timed = 0.0, 0
        for seed in range(games):
            g = play(players, seed, ["normal"] * players)
            rounds.append(g["rounds"])
            if g["race_round"]:
                races.append(g["race_round"])
            causes[g["cause"]] += 1
            per_family.extend(g["decisions"])
            spent += g["seconds"]
            timed += g["timed"]
        ends = ", ".join(f"{k} {v} ({100 * v / games:.1f}%)" for k, v in causes.most_common())
        print(
            f"{players} players, {games} games: rounds {statistics.mean(rounds):.1f}"
            f" (min {min(rounds)}, max {max(rounds)}); ends: {ends};"
            f" the Race began in round {statistics.mean(races or [0]):.1f};"
            f" decisions per family {statistics.mean(per_family):.0f}"
            f" (min {min(per_family)}, max {max(per_family)});"
            f" {1000 * spent / max(1, timed):.2f} ms per normal move"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("what", choices=("strength", "selfplay"))
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, nargs="+", default=[4])
    args = ap.parse_args()
    if args.what == "strength":
        for n in args.players:
            strength(args.games, n)
    else:
        selfplay(args.games, args.players)


if __name__ == "__main__":
    main()
