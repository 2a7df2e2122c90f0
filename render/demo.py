"""Play a whole game with computer players and write pictures and a transcript.

    python -m render.demo ghosts --seed 1 --out out/ghosts [--players 4] [--option k=v ...]

Writes `NN-<moment>-table.png` (the public table) and `NN-<moment>-<seat>.png` (each seat's
private picture) for the start, the moments the game's renderer lists in `DEMO_MOMENTS`
(kind of event, which occurrence, name), and the end; plus `transcript.txt` with every move,
every event narrated (a private one marked with the seats that see it), and for the table and
each seat's view at each pictured moment: its alt text, the text shown under its picture
(`render.panel`) and what each of its detail buttons shows (`render.detail`). The golden files
in `tests/golden/` are this output for a fixed seed.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from engine import GAMES, Event, Game, bot_move, bot_words
from engine.views import BaseView
from render import describe, detail, details, panel, render

S = TypeVar("S")

NAMES = ("Ann", "Bea", "Cal", "Dot", "Eve", "Fin")


def words(view: BaseView, names: list[str], who: str) -> list[str]:
    """A view's words for the transcript: alt text, the text under the picture, details."""
    lines = [describe(view, names), ""]
    if said := panel(view, names):
        lines += [f"[{who} text]", said, ""]
    for d in details(view):
        shown = detail(view, names, d.key)
        if shown is not None:
            pictured = " (with a picture)" if shown.png else ""
            lines += [f"[{who} {d.label}{pictured}]", shown.text, ""]
    return lines


def snapshot(game: Game[S, Any], state: S, names: list[str], out: Path, tag: str) -> list[str]:
    """Write the table and every seat's picture; return the transcript lines for them."""
    public = game.view(state, None)
    (out / f"{tag}-table.png").write_bytes(render(public, names))
    lines = [f"--- {tag} ---", *words(public, names, "table")]
    for seat in range(len(names)):
        view = game.view(state, seat)
        (out / f"{tag}-{names[seat].lower()}.png").write_bytes(render(view, names))
        lines += [f"[{names[seat]} sees]", *words(view, names, names[seat])]
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


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a demo game: who made it, what was said, the state after it, and the
    pictured moments it brought about (names from the renderer's `DEMO_MOMENTS`)."""

    seat: int
    action: str
    words: str | None
    events: list[Event]
    state: Any
    moments: list[str]


def play(game_key: str, seed: int, players: int, options: dict[str, str]) -> Iterator[Step]:
    """A seeded computer game, move by move: even seats play `normal`, odd seats `easy`."""
    game = GAMES[game_key]
    moments = list(getattr(importlib.import_module(f"render.{game_key}"), "DEMO_MOMENTS", ()))
    state = game.new(players, options, seed)
    seen: dict[str, int] = {}
    while to_act := game.to_act(state):
        seat = min(to_act)
        action = bot_move(game, state, seat, "normal" if seat % 2 == 0 else "easy")
        words = bot_words(game, state, seat, action)  # what the bot lets a computer say
        state, events = game.apply(state, seat, action, words)
        named = []
        for event in events:
            seen[event.kind] = seen.get(event.kind, 0) + 1
            named += [n for kind, count, n in moments if kind == event.kind and seen[kind] == count]
        yield Step(seat, action, words, events, state, named)


def states(
    game_key: str, seed: int, players: int, options: dict[str, str] | None = None
) -> Iterator[tuple[str, Any]]:
    """The pictured moments of a demo game, as (name, state): the start, each of the
    renderer's `DEMO_MOMENTS`, the end."""
    state = GAMES[game_key].new(players, options or {}, seed)
    yield "start", state
    for step in play(game_key, seed, players, options or {}):
        state = step.state
        for name in step.moments:
            yield name, state
    yield "final", state


def run(game_key: str, seed: int, out: Path, players: int | None, options: dict[str, str]) -> Path:
    game = GAMES[game_key]
    seats = players or game.max_seats
    names = list(NAMES[:seats])
    out.mkdir(parents=True, exist_ok=True)
    state = game.new(seats, options, seed)
    lines = [f"{game.title}, seed {seed}, players {', '.join(names)}", ""]
    shots = 0
    lines += snapshot(game, state, names, out, f"{shots:02d}-start")
    for step in play(game_key, seed, seats, options):
        said = f" “{step.words}”" if step.words else ""
        lines.append(f"> {names[step.seat]}: {step.action}{said}")
        lines += narrated(game, step.events, names)
        state = step.state
        for name in step.moments:
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
