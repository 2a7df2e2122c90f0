"""How fast are the rules? µs per random decision, beside OpenSpiel's card games.

    python -m bench.engine_speed [game ...] [--seconds 3] [--players N]

For each of our games, complete random playouts as `bench.playouts` plays them (`to_act`,
`legal`, a random non-`back` action, `apply`), 4 seats where the game allows (Tree is a duel),
timed in total and divided by the decisions taken. When the `open_spiel` package is
importable, OpenSpiel's `hearts`, `bridge` (played out, not scored double dummy) and `skat`
are played the same way from Python: `legal_actions`, a random pick, `apply_action`, with
chance nodes sampled from `chance_outcomes`; only the players' decisions are counted, the
chance nodes' time is in the total as our games' shuffles and rolls are. The table gives each
game's µs per decision and its ratio to the mean of the three OpenSpiel games (the goal is
≤ 5×). Search is only as strong as its playouts per second; this is the figure to watch.

Install OpenSpiel with `python -m pip install -e ".[bench]"`.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from bench.playouts import playout
from engine import GAMES

#: OpenSpiel games to compare with, as `pyspiel.load_game` strings.
OPENSPIEL = {
    "hearts": "hearts",
    "bridge": "bridge(use_double_dummy_result=false)",
    "skat": "skat",
}


def _measure(play: Callable[[int, random.Random], int], seconds: float) -> float:
    """µs per decision over whole playouts, seeds 0, 1, … until `seconds` have passed."""
    rng = random.Random(1)
    done = steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        steps += play(done, rng)
        done += 1
    return 1e6 * elapsed / steps


def _ours(key: str, players: int | None) -> tuple[int, Callable[[int, random.Random], int]]:
    game = GAMES[key]
    seats = max(game.min_seats, min(players or 4, game.max_seats))
    return seats, lambda seed, rng: playout(game, seats, seed, rng)


def _openspiel_playout(game: Any) -> Callable[[int, random.Random], int]:
    def play(seed: int, rng: random.Random) -> int:
        rand = rng.random
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                pick, i = rand(), 0
                while i < len(outcomes) - 1 and (pick := pick - outcomes[i][1]) >= 0:
                    i += 1
                state.apply_action(outcomes[i][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rand() * len(legal))])
                steps += 1
        return steps

    return play


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("games", nargs="*", default=sorted(GAMES), help=", ".join(sorted(GAMES)))
    ap.add_argument("--seconds", type=float, default=3.0, help="per game")
    ap.add_argument("--players", type=int, help="default 4 (2 for Tree)")
    args = ap.parse_args()
    if unknown := set(args.games) - set(GAMES):
        ap.error(f"no such game: {', '.join(sorted(unknown))}")
    rows: list[tuple[str, float]] = []
    reference: list[float] = []
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print('OpenSpiel is not installed (python -m pip install -e ".[bench]"): our games alone.')
    else:
        for name, spec in OPENSPIEL.items():
            game = pyspiel.load_game(spec)
            us = _measure(_openspiel_playout(game), args.seconds)
            rows.append((f"{name} (OpenSpiel, {game.num_players()} players)", us))
            reference.append(us)
    for key in args.games:
        seats, play = _ours(key, args.players)
        rows.append((f"{key} ({seats} players)", _measure(play, args.seconds)))
    mean = sum(reference) / len(reference) if reference else None
    print(f"{'game':34} {'µs/decision':>12} {'× OpenSpiel':>12}")
    for name, us in rows:
        ratio = f"{us / mean:11.1f}×" if mean else f"{'-':>12}"
        print(f"{name:34} {us:12.1f} {ratio}")


if __name__ == "__main__":
    main()
