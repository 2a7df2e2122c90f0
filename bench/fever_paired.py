"""Is a change to a Holiday Fever plan an improvement? The same seeded games played twice.

    python -m bench.fever_paired --against VARIANT_AI.py [--plan gatherer] [--set VAULT=150]
        [--games 4000] [--players 4] [--seed 60000] [--jobs 2]

One family, its seat rotating with the seed, plays a plan of level hard (`--plan`: `gatherer`
or `normal`, see engine/fever/ai.py) against `normal` families, once as this checkout has it
and once as another copy of engine/fever/ai.py has it (`--against`; this checkout's own file
when left out), with any of that copy's module constants set (`--set NAME=VALUE`, read when
a decision is made: a constant worked out from another at import keeps its value). The other
families are always this checkout's `normal`. Every seed is played by both versions, so most
games come out alike and the difference in wins is measured far more finely than either
share: 4,000 games give the share ± about 1.4 points and the paired difference ± 0.1–1.6.

Prints each version's share of the wins (a tie counts its share) with its mean margin over
the best other family, and the paired difference with a 95 % interval.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import random
import statistics
from multiprocessing import Pool
from pathlib import Path
from types import ModuleType
from typing import Any

from engine import bot_words
from engine.fever import ai
from engine.fever.game import GAME
from engine.protocol import Policy

#: The plans of level hard, by name: how to make each from a copy of engine/fever/ai.py.
PLANS = {
    "gatherer": lambda m: m.FeverNormal(m.GATHER),
    "normal": lambda m: m.FeverNormal(),
}

#: The family's policy in a worker, and the table size (set by `_start`).
_WORKER: dict[str, Any] = {}


def variant(path: str | None, settings: dict[str, float]) -> ModuleType:
    """A copy of engine/fever/ai.py (this checkout's when `path` is None) loaded apart from
    the one the `normal` families use, with `settings` for its module constants."""
    source = Path(path) if path else Path(ai.__file__)
    spec = importlib.util.spec_from_file_location("fever_ai_variant", source)
    assert spec is not None and spec.loader is not None, source
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, value in settings.items():
        if not hasattr(module, name):
            raise SystemExit(f"{source} has no constant {name}")
        setattr(module, name, value)
    return module


def _start(path: str | None, settings: dict[str, float], plan: str, players: int) -> None:
    _WORKER["policy"] = PLANS[plan](variant(path, settings))
    _WORKER["players"] = players


def _game(seed: int) -> tuple[float, int]:
    """One seeded game: the family's share of the win, and its margin over the best other."""
    policy: Policy[Any] = _WORKER["policy"]
    players: int = _WORKER["players"]
    normal = GAME.bots["normal"]
    me = seed % players
    state = GAME.new(players, {}, seed)
    rng = random.Random(seed)
    while to_act := GAME.to_act(state):
        seat = min(to_act)
        chooser = policy if seat == me else normal
        move = chooser.choose(GAME.view(state, seat), GAME.legal(state, seat), rng)
        state, _ = GAME.apply(state, seat, move, bot_words(GAME, state, seat, move))
    result = GAME.result(state)
    assert result is not None
    share = 1 / len(result.winners) if me in result.winners else 0.0
    best = max(result.scores[p] for p in range(players) if p != me)
    return share, result.scores[me] - best


def play(
    path: str | None, settings: dict[str, float], plan: str, players: int, seeds: range, jobs: int
) -> list[tuple[float, int]]:
    """Every seed's game with the family playing `plan` from that copy, in seed order."""
    with Pool(jobs, initializer=_start, initargs=(path, settings, plan, players)) as pool:
        return pool.map(_game, seeds, chunksize=20)


def _setting(text: str) -> tuple[str, float]:
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"{text!r}: say NAME=VALUE")
    return name.strip(), float(value)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--against", help="another engine/fever/ai.py (default: this checkout's)")
    ap.add_argument("--plan", choices=sorted(PLANS), default="gatherer")
    ap.add_argument("--set", type=_setting, action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=60000, help="the first game's seed")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    variant(args.against, dict(args.set))  # a wrong file or name stops here, not in a worker
    base = play(None, {}, args.plan, args.players, seeds, args.jobs)
    other = play(args.against, dict(args.set), args.plan, args.players, seeds, args.jobs)
    diffs = [o[0] - b[0] for o, b in zip(other, base, strict=True)]
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    print(f"{args.players} families, {args.games} games, plan {args.plan}:")
    for name, games in (("this checkout", base), ("the variant", other)):
        wins = statistics.mean(s for s, _ in games)
        margin = statistics.mean(m for _, m in games)
        print(
            f"  {name}: wins {100 * wins:.1f}% (fair share {100 / args.players:.1f}%),"
            f" mean margin {margin:+.0f}"
        )
    alike = sum(o == b for o, b in zip(other, base, strict=True))
    print(
        f"  variant − this checkout: {100 * statistics.mean(diffs):+.2f} ± {100 * half:.2f}"
        f" points of win share (95 %); {100 * alike / len(diffs):.0f} % of games alike"
    )


if __name__ == "__main__":
    main()
