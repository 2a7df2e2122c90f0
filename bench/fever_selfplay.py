"""Holiday Fever computer players at work.

    python -m bench.fever_selfplay strength [--games 300] [--players 4]
    python -m bench.fever_selfplay selfplay [--games 100] [--players 2 3 4 5 6]
    python -m bench.fever_selfplay routes [--games 300] [--players 2 4 6] [--hard]
    python -m bench.fever_selfplay versus --against OLD_AI.py [--games 300] [--players 2 4 6]
    python -m bench.fever_selfplay plans [--games 400] [--players 2 3 4 5 6]

`strength`: one `normal` seat against `easy` seats, the `normal` seat rotating with the seed
(as `bench.ai_strength`). `selfplay`: `normal` at every seat; per table size, rounds per game,
how games end (the tree: Christmas reached before any Race; a Race because a deck ran out or a
White Elephant could not be dealt; the 30-round safety) and the decisions each family makes
(choices with more than one option, the youngest claim included), with the round the Race
began and the time `normal` takes per decision. Rounds count on through the Race.

`routes`: `normal` at every seat; per table size, how many families take each route (the
tree: finished in town, so December before the Race; or shopping) and how often a family on
each route wins, against the fair share (ties share a win), with `normal`'s p99 time per
decision; with `--hard`, one `hard` family (its seat rotating with the seed, searching its own
default budget) among `normal` ones, and the hard family's routes apart. `versus`: today's
`normal` against the `FeverNormal` of another copy of
engine/fever/ai.py (say the one before a change: `git show main:engine/fever/ai.py >
/tmp/old_ai.py`), half the seats each, every seed played twice with the seats swapped; the
share of wins of each side (a fair share is one half), with a 95 % interval. `plans`: each of
level hard's plans (`Fever.plans`) played to the end without search by one family, its seat
rotating with the seed, against `normal` families; its share of the wins with a 95 % interval,
how often it took the tree route, and its wins apart in the games a Race ended and the others
(where a tree family reached Christmas first).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import Counter
from typing import Any

from bench.fever_paired import variant
from engine import bot_move, bot_words
from engine.fever.game import GAME
from engine.protocol import Policy


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


def _routes_game(
    players: int, seed: int, policies: list[Policy[Any]], hard: int | None = None
) -> dict[str, Any]:
    """One seeded game, `policies[seat]` choosing (the seat `hard` searching, as the bot's
    `hard` level does); which families took the tree route, and whether a Race ended it."""
    state = GAME.new(players, {}, seed)
    rng = random.Random(seed)
    tree = [False] * players
    times: list[float] = []
    while to_act := GAME.to_act(state):
        seat = min(to_act)
        t0 = time.perf_counter()
        if seat == hard:
            move = bot_move(GAME, state, seat, "hard", salt=len(times))
        else:
            move = policies[seat].choose(GAME.view(state, seat), GAME.legal(state, seat), rng)
        times.append(time.perf_counter() - t0)
        state, _ = GAME.apply(state, seat, move, bot_words(GAME, state, seat, move))
        if not state.race_cause:
            tree = [t or d >= 0 for t, d in zip(tree, state.december, strict=True)]
    result = GAME.result(state)
    assert result is not None
    wins = [1 / len(result.winners) if p in result.winners else 0.0 for p in range(players)]
    return {"tree": tree, "wins": wins, "times": times, "race": bool(state.race_cause)}


def _p99(times: list[float]) -> float:
    return sorted(times)[int(0.99 * (len(times) - 1))]


def routes(games: int, sizes: list[int], hard: bool = False) -> None:
    normal = GAME.bots["normal"]
    for players in sizes:
        taken = {"normal": Counter[str](), "hard": Counter[str]()}
        won = {"normal": Counter[str](), "hard": Counter[str]()}
        times: list[float] = []
        for seed in range(games):
            searcher = seed % players if hard else None
            g = _routes_game(players, seed, [normal] * players, searcher)
            for p in range(players):
                route = "tree" if g["tree"][p] else "shop"
                level = "hard" if p == searcher else "normal"
                taken[level][route] += 1
                won[level][route] += g["wins"][p]
            if not hard:
                times += g["times"]
        for level in ("hard", "normal") if hard else ("normal",):
            families = sum(taken[level].values())
            parts = [
                f"{route} {n} of {families} {level} families ({100 * n / families:.1f}%),"
                f" {100 * won[level][route] / n if n else 0:.1f}% of them win"
                for route, n in ((r, taken[level][r]) for r in ("tree", "shop"))
            ]
            print(
                f"{players} families, {games} games: {'; '.join(parts)}"
                f" (fair share {100 / players:.1f}%)"
            )
        if times:
            print(f"  normal p99 {1000 * _p99(times):.2f} ms per decision")


def _policy_from(path: str) -> Policy[Any]:
    """`FeverNormal` from another copy of engine/fever/ai.py."""
    policy: Policy[Any] = variant(path, {}).FeverNormal()
    return policy


def _mean_and_margin(shares: list[float]) -> tuple[float, float]:
    """The mean share of the wins and the half-width of its 95 % interval."""
    return statistics.mean(shares), 1.96 * statistics.stdev(shares) / math.sqrt(len(shares))


def versus(games: int, sizes: list[int], against: str) -> None:
    new, old = GAME.bots["normal"], _policy_from(against)
    for players in sizes:
        shares: list[float] = []  # per game, the new side's share of the win
        trees = families = 0
        for seed in range(games):
            for flip in (0, 1):
                sides = [new if (p + flip) % 2 == 0 else old for p in range(players)]
                g = _routes_game(players, seed, sides)
                paired = list(zip(g["wins"], sides, strict=True))
                shares.append(sum(w for w, side in paired if side is new))
                mine = [t for t, side in zip(g["tree"], sides, strict=True) if side is new]
                trees += sum(mine)
                families += len(mine)
        mean, half = _mean_and_margin(shares)
        print(
            f"{players} families, {len(shares)} games: new normal wins {100 * mean:.1f}%"
            f" ± {100 * half:.1f} (fair share 50%: the seats swap),"
            f" old {100 * (1 - mean):.1f}%; new families on the tree route"
            f" {100 * trees / families:.1f}%"
        )


def plans(games: int, sizes: list[int]) -> None:
    normal = GAME.bots["normal"]
    for players in sizes:
        for k, plan in enumerate(GAME.plans):
            shares: list[float] = []
            trees = 0
            by_end = {True: [0, 0.0], False: [0, 0.0]}  # Race or not: games, wins
            for seed in range(games):
                me = seed % players
                sides = [plan if p == me else normal for p in range(players)]
                g = _routes_game(players, seed, sides)
                shares.append(g["wins"][me])
                trees += g["tree"][me]
                by_end[g["race"]][0] += 1
                by_end[g["race"]][1] += g["wins"][me]
            mean, half = _mean_and_margin(shares)
            races, race_wins = by_end[True]
            others, other_wins = by_end[False]
            print(
                f"{players} families, {games} games: plan {k + 1} wins {100 * mean:.1f}%"
                f" ± {100 * half:.1f} ({mean * players:.2f}× the fair share"
                f" {100 / players:.1f}%), tree route {100 * trees / games:.1f}%;"
                f" a Race in {100 * races / games:.1f}% of the games, it wins"
                f" {100 * race_wins / max(1, races):.1f}% of them and"
                f" {100 * other_wins / max(1, others):.1f}% of the others"
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("what", choices=("strength", "selfplay", "routes", "versus", "plans"))
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, nargs="+")
    ap.add_argument("--against", help="versus: another engine/fever/ai.py")
    ap.add_argument("--hard", action="store_true", help="routes: one hard family")
    args = ap.parse_args()
    if args.what == "strength":
        for n in args.players or [4]:
            strength(args.games, n)
    elif args.what == "selfplay":
        selfplay(args.games, args.players or [4])
    elif args.what == "routes":
        routes(args.games, args.players or [2, 4, 6], args.hard)
    elif args.what == "plans":
        plans(args.games, args.players or [2, 3, 4, 5, 6])
    else:
        if not args.against:
            ap.error("versus needs --against OLD_AI.py")
        versus(args.games, args.players or [2, 4, 6], args.against)


if __name__ == "__main__":
    main()
