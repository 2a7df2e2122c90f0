"""What the renderer keeps between pictures is bounded: drawings by the bytes they hold, other
caches by a count."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from PIL import Image

import render
from render import common
from render.common import ENTRY_BYTES, MB, Kept, kept

#: Together, every title's kept drawings stay within this (a bot plays them all at once).
ALL_KEPT = 128 * MB


def square(side: int) -> Image.Image:
    return Image.new("L", (side, side))


def test_the_least_recently_used_drawing_goes_first_once_the_budget_is_spent():
    each = 100 * 100 + ENTRY_BYTES
    drawn: list[int] = []

    @kept(3 * each)
    def draw(n: int) -> Image.Image:
        drawn.append(n)
        return square(100)

    for n in (0, 1, 2, 0, 3):  # 0 is used again before 3 comes: 1 is the oldest
        draw(n)
    info = draw.cache_info()
    assert (info.currsize, info.bytes, info.hits, info.misses) == (3, 3 * each, 1, 4)
    draw(0), draw(2), draw(3)
    assert drawn == [0, 1, 2, 3], "0, 2 and 3 are kept"
    draw(1)
    assert drawn[-1] == 1 and draw.cache_info().bytes <= 3 * each


def test_a_drawing_larger_than_the_whole_budget_is_not_kept():
    @kept(1000)
    def draw(side: int) -> tuple[Image.Image, int]:
        return square(side), side

    draw(10), draw(100)
    info = draw.cache_info()
    assert info.currsize == 1 and info.bytes == 10 * 10 + ENTRY_BYTES


def test_text_masks_stay_within_their_budget_however_much_is_written():
    """Masks of wide lines of large text are tens of KB each: counting entries did not bound
    them (4,096 such masks were over 100 MB)."""
    mask = common._mask
    assert isinstance(mask, Kept)
    budget = mask.budget
    line = "Holly-bot places a cube on the 4th row, and the table applauds " * 2
    mask.cache_clear()
    try:
        written = 0
        for n in range(1000):
            got = mask(f"{n} {line}", 48, False, "la")
            assert got is not None
            written += got[0].width * got[0].height
            if written > 2 * budget:
                break
        assert written > 2 * budget, "the lines hold more than the budget"
        assert 0 < mask.cache_info().bytes <= budget
    finally:
        mask.cache_clear()


def cached_functions() -> list[tuple[str, object]]:
    """Every cached function defined in a render module, by qualified name."""
    found = []
    for info in pkgutil.iter_modules(render.__path__):
        module = importlib.import_module(f"render.{info.name}")
        for name, fn in vars(module).items():
            mine = getattr(fn, "__module__", None) == module.__name__
            if mine and hasattr(fn, "cache_info") and not isinstance(fn, type):
                found.append((f"{module.__name__}.{name}", fn))
    return found


def test_every_render_cache_is_bounded():
    budgets = 0
    for name, fn in cached_functions():
        if isinstance(fn, Kept):
            budgets += fn.budget
            continue
        maxsize = fn.cache_info().maxsize  # type: ignore[attr-defined]
        wrapped = inspect.signature(fn.__wrapped__)  # type: ignore[attr-defined]
        # Fonts: one per size and weight the code draws with, a few dozen at most.
        unbounded_ok = not wrapped.parameters or name == "render.common.font"
        assert maxsize is not None or unbounded_ok, f"{name} keeps whatever it is given"
        if maxsize is not None:
            assert "Image" not in str(wrapped.return_annotation), (
                f"{name} keeps pictures by count: keep them by bytes (render.common.kept)"
            )
    assert 0 < budgets <= ALL_KEPT
