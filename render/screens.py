"""The README's pictures: one table and one hand of each game, at phone size.

    python -m render.screens [--out docs/screens] [--width 400]

Each game's demo (`render.demo.states`, seed 3, at its most seats) is pictured at its middle
moment: the public table and the first seat's own picture, scaled to `--width` pixels wide, as
Discord shows a chat picture on a phone.
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from PIL import Image

from engine import GAMES
from render import render
from render.demo import NAMES, states

SEED = 3


def at_width(png: bytes, width: int) -> Image.Image:
    img = Image.open(io.BytesIO(png)).convert("RGB")
    return img.resize((width, round(img.height * width / img.width)), Image.Resampling.LANCZOS)


def write(out: Path, width: int) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for key in sorted(GAMES):
        game = GAMES[key]
        seats = game.max_seats if game.max_seats <= 4 else 4
        moments = list(states(key, SEED, seats))
        _, state = moments[len(moments) // 2]
        names = list(NAMES[:seats])
        for what, seat in (("table", None), ("hand", 0)):
            path = out / f"{key}-{what}.png"
            at_width(render(game.view(state, seat), names), width).save(path, optimize=True)
            written.append(path)
    return written


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--out", type=Path, default=Path("docs/screens"))
    ap.add_argument("--width", type=int, default=400)
    args = ap.parse_args()
    for path in write(args.out, args.width):
        print(path)


if __name__ == "__main__":
    main()
