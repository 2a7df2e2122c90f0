"""How much better is `normal` than `easy`? Seeded games, one `normal` seat against `easy` seats.

    python -m bench.ai_strength ghosts --games 500 [--players 4] [--option variant=tiny_tim]
    python -m bench.ai_strength tree --games 500      # a duel: 2 players

Prints the average score per hand (per round for games scored by round; per game for games
whose view keeps no `history` of hands) of the `normal` seat and of the `easy` seats, and how
often `normal` wins. The `normal` seat rotates through the seats so no seat position is
favoured.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine import GAMES, bot_move, bot_words


def play(game_key: str, players: int, options: dict[str, str], seed: int, normal_seat: int):
    game = GAMES[game_key]
    state = game.new(players, options, seed)
    while to_act := game.to_act(state):
        seat = min(to_act)
        level = "normal" if seat == normal_seat else "easy"
        move = bot_move(game, state, seat, level)
        state, _ = game.apply(state, seat, move, bot_words(game, state, seat, move))
    return game.result(state), game.view(state, None)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("game", choices=sorted(GAMES))
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument(
        "--players", type=int, help="default: 4, within the game's seat range (2 for a duel)"
    )
    ap.add_argument("--option", action="append", default=[], help="key=value")
    args = ap.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    game = GAMES[args.game]
    if args.players is None:
        args.players = max(game.min_seats, min(4, game.max_seats))
    normal, easy, wins = [], [], 0.0
    unit = "game"
    t0 = time.perf_counter()
    for seed in range(args.games):
        seat = seed % args.players
        result, view = play(args.game, args.players, options, seed, seat)
        units = len(view.get("history", []))
        if units:
            unit = "hand/round"
        units = units or 1
        normal.append(result.scores[seat] / units)
        easy.extend(result.scores[i] / units for i in range(args.players) if i != seat)
        if seat in result.winners:
            wins += 1 / len(result.winners)
    dt = time.perf_counter() - t0
    print(
        f"{args.game}, {args.players} players, options {options or 'default'}: {args.games} games"
    )
    print(f"  normal: {statistics.mean(normal):.2f} points per {unit}")
    print(f"  easy:   {statistics.mean(easy):.2f} points per {unit}")
    print(
        f"  normal wins {100 * wins / args.games:.1f}% of games"
        f" (fair share {100 / args.players:.0f}%)"
    )
    print(f"  {dt:.1f} s")


if __name__ == "__main__":
    main()
