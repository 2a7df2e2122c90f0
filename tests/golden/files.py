"""Where each game's golden files live, and how pictures are compared with a tolerance.

A golden game is `render.demo` at a fixed seed: its transcript (every move, the narration of
public and private events, the text of the table and of every seat's view at each pictured
moment) and, for each pictured moment, the public table and the first seat's picture.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageChops

DIR = Path(__file__).parent / "data"
SEED = 1
#: Two pictures match when at most `TOLERANCE` pixels differ by more than `SHADE` (0–255, on
#: the grey level of the difference): another Pillow or zlib may move antialiased edges by a
#: few shades, but a changed digit or a moved card changes hundreds of pixels by far more.
SHADE = 48
TOLERANCE = 40


def transcript_path(key: str) -> Path:
    return DIR / key / "transcript.txt"


def picture_dir(key: str) -> Path:
    return DIR / key


def pictured(name: str, first_seat: str) -> bool:
    """The demo pictures kept as golden: the table and the first seat at every moment."""
    return name.endswith(("-table.png", f"-{first_seat}.png"))


def difference(expected: bytes, actual: bytes) -> float:
    """How many pixels differ by more than `SHADE`; infinity when the sizes differ."""
    a = Image.open(io.BytesIO(expected)).convert("RGB")
    b = Image.open(io.BytesIO(actual)).convert("RGB")
    if a.size != b.size:
        return float("inf")
    grey = ImageChops.difference(a, b).convert("L")
    return float(sum(grey.histogram()[SHADE + 1 :]))
