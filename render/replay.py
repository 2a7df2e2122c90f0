"""A finished game's replay as one animated picture of its public table.

The game is rebuilt from its creation arguments and its action log (`engine.replay` does the
same), and each public view (`game.view(state, None)`, never a seat's) is drawn with
`render.render`: one frame per change of the public table, a move that changes nothing there
adding none. A long game keeps an even sample of its frames, so the file stays well under
Discord's upload limit and plays in under a minute; the last frame, the end of the game, is
held longer.

Everything here is a pure function of its arguments (same log, same bytes), so a replay of a
game that had a restart in the middle is identical to one that had none. The bot runs
`animate` in a separate process (see `bot.replays`): its arguments and its answer pickle.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, features

from engine import GAMES
from render import render

#: The most frames a replay keeps: a long Fever game has some 450 public changes.
MAX_FRAMES = 150
#: How long the whole replay should play (the last frame's hold aside), and the bounds of
#: one frame's time on screen, in milliseconds.
PLAY_MS = 45_000
FRAME_MS = (250, 1_000)
#: How long the last frame (the end of the game) stays before the replay loops.
HOLD_MS = 5_000
#: The most bytes a replay may take: well under Discord's 10 MiB upload limit, with room
#: for the message around it.
BUDGET = 8 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Animation:
    """An encoded replay: its bytes, its file type ("webp" or "gif"), its frame count, and
    how long it plays once (milliseconds)."""

    data: bytes
    kind: str
    frames: int
    duration_ms: int


def public_views(
    game_key: str,
    seats: int,
    options: Mapping[str, str],
    seed: int,
    rig: Mapping[str, Any] | None,
    moves: Sequence[tuple[int, str, str | None]],
) -> list[Any]:
    """The public table's views from the start to the end, a view equal to the one before it
    left out (a move that changed nothing on the table)."""
    game = GAMES[game_key]
    state = game.new(seats, options, seed, rig)
    views = [game.view(state, None)]
    for seat, action, text in moves:
        state, _ = game.apply(state, seat, action, text)
        view = game.view(state, None)
        if view != views[-1]:
            views.append(view)
    return views


def sample(count: int, most: int) -> list[int]:
    """`most` indices of `count` items spread evenly, the first and the last always among
    them (all of them when there are no more than `most`)."""
    if count <= most:
        return list(range(count))
    if most <= 1:
        return [count - 1]
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def durations(frames: int) -> list[int]:
    """Each frame's time on screen: the play time shared out within `FRAME_MS`, the last
    frame held for `HOLD_MS`."""
    low, high = FRAME_MS
    each = max(low, min(high, PLAY_MS // max(1, frames - 1)))
    return [each] * (frames - 1) + [HOLD_MS]


def encode(pictures: Sequence[bytes]) -> Animation:
    """The pictures (PNG bytes) as one looping animation: lossless WebP (every frame decodes
    to exactly its picture), or GIF where this Pillow cannot write WebP."""
    frames = [Image.open(io.BytesIO(p)).convert("RGB") for p in pictures]
    times = durations(len(frames))
    kind = "webp" if features.check("webp") else "gif"
    out = io.BytesIO()
    extra: dict[str, Any] = {"lossless": True, "method": 0} if kind == "webp" else {}
    frames[0].save(
        out,
        kind.upper(),
        save_all=True,
        append_images=frames[1:],
        duration=times,
        loop=0,
        **extra,
    )
    return Animation(out.getvalue(), kind, len(frames), sum(times))


def animate(
    game_key: str,
    seats: int,
    options: Mapping[str, str],
    seed: int,
    rig: Mapping[str, Any] | None,
    moves: Sequence[tuple[int, str, str | None]],
    names: Sequence[str],
    most: int = MAX_FRAMES,
    budget: int = BUDGET,
) -> Animation:
    """The replay of a game from its log: at most `most` frames, within `budget` bytes
    (fewer frames, evenly sampled, until it fits)."""
    views = public_views(game_key, seats, options, seed, rig, moves)
    drawn: dict[int, bytes] = {}
    while True:
        picked = sample(len(views), most)
        for i in picked:
            if i not in drawn:
                drawn[i] = render(views[i], names)
        animation = encode([drawn[i] for i in picked])
        if len(animation.data) <= budget or len(picked) <= 2:
            return animation
        most = max(2, int(len(picked) * budget / len(animation.data) * 0.9))
