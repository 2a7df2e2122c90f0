"""Golden transcripts and pictures: a seeded computer game per title, compared with what the
game, its narration and its renderer produce today.

A change that moves a word or a pixel on purpose is accepted by re-running with
`python -m pytest tests/golden --update-golden` and reviewing the diff of `tests/golden/data/`.
"""

from __future__ import annotations

import difflib
import io
import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from engine import GAMES
from render.common import font
from render.demo import NAMES, run
from tests.golden import files


@pytest.fixture(scope="module")
def demos(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each game's demo output, made once per module."""
    out = tmp_path_factory.mktemp("golden")
    for key in sorted(GAMES):
        run(key, files.SEED, out / key, None, {})
    return {key: out / key for key in GAMES}


@pytest.mark.parametrize("key", sorted(GAMES))
def test_transcript_matches_golden(key: str, demos: dict[str, Path], update_golden: bool) -> None:
    actual = (demos[key] / "transcript.txt").read_text(encoding="utf-8")
    golden = files.transcript_path(key)
    if update_golden:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(actual, encoding="utf-8")
        return
    expected = golden.read_text(encoding="utf-8")
    diff = "".join(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            "golden",
            "now",
            n=1,
        )
    )
    assert not diff, f"{key} transcript changed (--update-golden accepts it):\n{diff[:6000]}"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_pictures_match_golden(key: str, demos: dict[str, Path], update_golden: bool) -> None:
    first = NAMES[0].lower()
    made = {p.name: p for p in demos[key].glob("*.png") if files.pictured(p.name, first)}
    where = files.picture_dir(key)
    if update_golden:
        where.mkdir(parents=True, exist_ok=True)
        for old in where.glob("*.png"):
            old.unlink()
        for name, path in made.items():
            shutil.copyfile(path, where / name)
        return
    kept = {p.name: p for p in where.glob("*.png")}
    assert sorted(kept) == sorted(made), "the pictured moments changed (--update-golden)"
    for name, path in sorted(made.items()):
        score = files.difference(kept[name].read_bytes(), path.read_bytes())
        assert score <= files.TOLERANCE, f"{key}/{name}: {score:.0f} pixels differ (now: {path})"


def test_difference_tells_a_moved_card_from_a_shade() -> None:
    """The tolerance passes a change of a few shades everywhere and fails one changed digit."""

    def png(shade: int, digit: str) -> bytes:
        img = Image.new("RGB", (1200, 800), (shade, shade, shade))
        ImageDraw.Draw(img).text((600, 400), digit, fill=(250, 250, 250), font=font(28))
        buf = io.BytesIO()
        img.save(buf, "PNG")
        return buf.getvalue()

    assert files.difference(png(100, "7"), png(100, "7")) == 0
    assert files.difference(png(100, "7"), png(104, "7")) <= files.TOLERANCE
    assert files.difference(png(100, "7"), png(100, "1")) > files.TOLERANCE
