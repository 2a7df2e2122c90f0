"""Play a whole game with computer players and write pictures and a transcript.

    python -m render.demo ghosts --seed 1 --out out/ghosts [--players 4] [--option k=v ...]

Writes `NN-<moment>-table.png` (the public table) and `NN-<moment>-<seat>.png` (each seat's
private picture) for the start, the moments the game's renderer lists in `DEMO_MOMENTS`
(kind of event, which occurrence, name), and the end; plus `transcript.txt` with every move,
every event narrated (a private one marked with the seats that see it), and the text
description of the table and of each seat's view at each pictured moment. The golden files in
`tests/golden/` are this output for a fixed seed.
"""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path
from typing import Any, TypeVar

from engine import GAMES, Event, Game, bot_move, bot_words
from render import describe, render

S = TypeVar("S")

NAMES = ("Ann", "Bea", "Cal", "Dot", "Eve", "Fin")


def snapshot(game: Game[S, Any], state: S, names: list[str], out: Path, tag: str) -> list[str]:
    """Write the table and every seat's picture; return the transcript lines for them."""
    public = game.view(state, None)
    (out / f"{tag}-table.png").write_bytes(render(public, names))
    lines = [f"--- {tag} ---", describe(public, names), ""]
    for seat in range(len(names)):
        view = game.view(state, seat)
        (out / f"{tag}-{names[seat].lower()}.png").write_bytes(render(view, names))
        lines += [f"[{names[seat]} sees]", describe(view, names), ""]
    return lines


def narrated(game: Game[Any, Any], events: list[Event], names: list[str]) -> list[str]:
    """Every event worth a line; a private one is marked with the seats allowed to see it."""
    lines = []
    for event in events:
        if (line := game.narrate(event, names)) is None:
            continue
        if event.visible_to is not None:
            line = f"({', '.join(names[s] for s in sorted(event.visible_to))} only) {line}"
        lines.append(line)
    return lines


def run(game_key: str, seed: int, out: Path, players: int | None, options: dict[str, str]) -> Path:
    game = GAMES[game_key]
    moments = list(getattr(importlib.import_module(f"render.{game_key}"), "DEMO_MOMENTS", ()))
    seats = players or game.max_seats
    names = list(NAMES[:seats])
    out.mkdir(parents=True, exist_ok=True)
    state = game.new(seats, options, seed)
    lines = [f"{game.title}, seed {seed}, players {', '.join(names)}", ""]
    shots = 0
    lines += snapshot(game, state, names, out, f"{shots:02d}-start")
    seen: dict[str, int] = {}
    while to_act := game.to_act(state):
        seat = min(to_act)
        level = "normal" if seat % 2 == 0 else "easy"
        action = bot_move(game, state, seat, level)
        words = bot_words(game, state, seat, action)  # what the bot lets a computer say
        lines.append(f"> {names[seat]}: {action}" + (f" “{words}”" if words else ""))
        state, events = game.apply(state, seat, action, words)
        lines += narrated(game, events, names)
        for event in events:
            seen[event.kind] = seen.get(event.kind, 0) + 1
            for kind, count, name in moments:
                if kind == event.kind and seen[kind] == count:
                    shots += 1
                    lines += ["", *snapshot(game, state, names, out, f"{shots:02d}-{name}")]
    shots += 1
    lines += ["", *snapshot(game, state, names, out, f"{shots:02d}-final")]
    path = out / "transcript.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("game", choices=sorted(GAMES))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path("out/demo"))
    ap.add_argument("--players", type=int)
    ap.add_argument("--option", action="append", default=[], help="key=value")
    args = ap.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    path = run(args.game, args.seed, args.out, args.players, options)
    print(f"wrote {len(list(args.out.glob('*.png')))} pictures and {path}")


if __name__ == "__main__":
    main()
