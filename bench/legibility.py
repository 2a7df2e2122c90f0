"""How much of each picture's text an OCR engine still reads at phone size.

    python -m bench.legibility [game ...] [--seed 3] [--width 400] [--most 0]

For every pictured moment of a seeded computer game of each title (`render.demo.states`), at
its fewest and at its most seats, the table, every seat's picture and every detail's picture
are read by tesseract twice: at full size, and scaled to `--width` pixels wide (how Discord
shows a chat picture on a phone). A picture's words are the words its renderer drew (each
counted as often as it was drawn; a word is two or more letters or digits) that tesseract
reads at full size; its score is the share of those it still reads at phone size. So a word
the OCR cannot read even at full size (a stylised glyph) counts for nothing either way, and
what the OCR makes of card faces and shapes ("gd", "oo") is not taken for words. Tesseract
reads in sparse-text mode (`--psm 11`): a game picture is scattered labels, not a page.
The report gives each game's mean and its lowest picture. Goal: a mean of at least 90 % per
game and no picture under 75 %.

Needs the `tesseract` program (Debian: `apt-get install tesseract-ocr`); without it the script
says so and exits with status 2. Its test-suite counterpart, which needs no OCR, is
tests/render/test_legibility.py.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from PIL import Image

from engine import GAMES
from render import detail, details, measure
from render.common import Line, measured
from render.demo import NAMES, states

WORD = re.compile(r"[A-Za-z0-9]{2,}")


@dataclass(frozen=True, slots=True)
class Read:
    game: str
    seats: int
    what: str
    words: int
    kept: int

    @property
    def share(self) -> float:
        return self.kept / self.words if self.words else 1.0


def ocr(img: Image.Image) -> Counter[str]:
    """The words tesseract reads in `img`, lower-cased, with how often each appears."""
    out = io.BytesIO()
    img.convert("RGB").save(out, format="PNG")
    env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
    text = subprocess.run(
        ["tesseract", "stdin", "stdout", "--psm", "11"],
        input=out.getvalue(),
        capture_output=True,
        check=True,
        env=env,
    ).stdout.decode("utf-8", "replace")
    return Counter(w.lower() for w in WORD.findall(text))


def at_width(png: bytes, width: int) -> tuple[Image.Image, Image.Image]:
    """The picture at full size and scaled to `width` pixels wide (never enlarged)."""
    full = Image.open(io.BytesIO(png)).convert("RGB")
    if full.width <= width:
        return full, full
    height = round(full.height * width / full.width)
    return full, full.resize((width, height), Image.Resampling.LANCZOS)


def words(lines: list[Line]) -> Counter[str]:
    return Counter(w.lower() for line, _ in lines for w in WORD.findall(line))


def pictures(key: str, seats: int, seed: int) -> Iterator[tuple[str, bytes, Counter[str]]]:
    """(what, PNG, words drawn) for every picture of a seeded game's pictured moments."""
    game = GAMES[key]
    names = list(NAMES[:seats])
    for moment, state in states(key, seed, seats):
        for seat in (None, *range(seats)):
            view = game.view(state, seat)
            who = "table" if seat is None else names[seat]
            png, lines = measure(view, names)
            yield f"{moment} {who}", png, words(lines)
            for d in details(view):
                with measured() as lines:
                    shown = detail(view, names, d.key)
                if shown is not None and shown.png:
                    yield f"{moment} {who} {d.key}", shown.png, words(lines)


def read(key: str, seats: int, shot: tuple[str, bytes, Counter[str]], width: int) -> Read:
    what, png, drawn = shot
    full, small = at_width(png, width)
    readable = drawn & ocr(full)
    kept = readable & ocr(small)
    return Read(key, seats, what, sum(readable.values()), sum(kept.values()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("games", nargs="*", default=sorted(GAMES))
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--width", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--worst", type=int, default=3, help="lowest pictures listed per game")
    args = ap.parse_args()
    if shutil.which("tesseract") is None:
        print("bench.legibility needs tesseract: apt-get install tesseract-ocr", file=sys.stderr)
        sys.exit(2)
    print(f"words read at {args.width} px wide of those read at full size (seed {args.seed})")
    means = []
    for key in args.games:
        game = GAMES[key]
        for seats in sorted({game.min_seats, game.max_seats}):
            shots = list(pictures(key, seats, args.seed))
            with ThreadPoolExecutor(args.jobs) as pool:
                reads = list(
                    pool.map(
                        read,
                        [key] * len(shots),
                        [seats] * len(shots),
                        shots,
                        [args.width] * len(shots),
                    )
                )
            mean = sum(r.share for r in reads) / len(reads)
            means.append(mean)
            worst = sorted(reads, key=lambda r: r.share)[: args.worst]
            print(
                f"{key:8} {seats} seats: {mean:6.1%} mean over {len(reads)} pictures;"
                f" lowest: "
                + ", ".join(f"{r.what} {r.share:.0%} ({r.kept}/{r.words})" for r in worst)
            )
    print(f"all games: {sum(means) / len(means):.1%}")


if __name__ == "__main__":
    main()
