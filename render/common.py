"""Drawing helpers shared by every game's renderer: fonts, colours, text, PNG encoding, and
`kept`, the cache for drawings reused picture after picture.

Fonts are the bundled DejaVu Sans (see fonts/LICENSE-DejaVu.txt), loaded once per size on
first use, so every machine draws the same pixels.
"""

from __future__ import annotations

import io
import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from functools import cache, lru_cache, update_wrapper
from pathlib import Path
from typing import Generic, NamedTuple, ParamSpec, TypeVar

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).with_name("fonts")

Color = tuple[int, int, int]

BG: Color = (22, 38, 52)
PANEL: Color = (33, 54, 72)
PANEL_HI: Color = (52, 84, 70)
INK: Color = (240, 240, 232)
MUTED: Color = (150, 165, 175)
GOLD: Color = (242, 196, 80)
RED: Color = (214, 64, 69)
GREEN: Color = (96, 186, 120)
CARD: Color = (250, 247, 238)
CARD_DIM: Color = (150, 150, 146)
CARD_EDGE: Color = (70, 70, 70)
SLOT_EDGE: Color = (70, 92, 110)


#: The smallest text a picture may hold, in pixels of font size once the picture is shown
#: 400 px wide (a chat picture on a phone): 33 px in a 1,200 px picture, 22 px in an 800 px one.
MIN_TEXT_AT_400 = 11


def smallest_text(width: int) -> int:
    """The smallest font size readable in a picture `width` pixels wide (see MIN_TEXT_AT_400)."""
    return math.ceil(MIN_TEXT_AT_400 * width / 400)


#: A line of text drawn, and its font size.
Line = tuple[str, int]


class _Lines(threading.local):
    """The lines drawn on this thread while a `measured` block runs (None when none is)."""

    drawn: list[Line] | None = None


_LINES = _Lines()


@contextmanager
def measured() -> Iterator[list[Line]]:
    """Collect every line of text drawn on this thread inside the block, with its font size,
    including text inside kept drawings served from a cache (see `Kept`)."""
    outer, _LINES.drawn = _LINES.drawn, []
    try:
        yield _LINES.drawn
    finally:
        inner, _LINES.drawn = _LINES.drawn, outer
        if outer is not None:
            outer.extend(inner)


def _drew(line: Line) -> None:
    if _LINES.drawn is not None:
        _LINES.drawn.append(line)


P = ParamSpec("P")
R = TypeVar("R")
MB = 1 << 20
#: What a kept entry costs beside its pictures: the key, the objects, the bookkeeping.
ENTRY_BYTES = 300


def held_bytes(value: object) -> int:
    """Roughly the memory a drawing holds: its pictures' pixels (Pillow keeps a byte a pixel
    for a one-band picture, four for RGB and RGBA), inside tuples too, plus `ENTRY_BYTES`."""
    if isinstance(value, Image.Image):
        return value.width * value.height * (1 if value.mode in ("1", "L", "P") else 4)
    if isinstance(value, tuple):
        return sum(held_bytes(v) for v in value)
    return 0


class Held(NamedTuple):
    """What a `Kept` cache holds and how well it served."""

    hits: int
    misses: int
    currsize: int
    bytes: int
    budget: int


class Kept(Generic[P, R]):
    """A function's results kept for reuse within `budget` bytes (as `held_bytes` counts
    them), the least recently used dropped first; a result larger than the budget is not
    kept. Pictures are drawn on several threads at once, hence the lock (the drawing itself
    happens outside it)."""

    def __init__(self, fn: Callable[P, R], budget: int) -> None:
        update_wrapper(self, fn)
        self.fn = fn
        self.budget = budget
        #: Each result, its cost in bytes, and the lines drawn making it (see `measured`).
        self._kept: OrderedDict[Hashable, tuple[R, int, tuple[Line, ...]]] = OrderedDict()
        self._lock = threading.Lock()
        self.bytes = self.hits = self.misses = 0

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        key: Hashable = (args, tuple(kwargs.items())) if kwargs else args
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
                self.hits += 1
                for drawn in found[2]:
                    _drew(drawn)
                return found[0]
            self.misses += 1
        with measured() as lines:
            value = self.fn(*args, **kwargs)
        size = ENTRY_BYTES + held_bytes(value)
        if size > self.budget:
            return value
        with self._lock:
            if key not in self._kept:  # another thread may have drawn it meanwhile
                self._kept[key] = (value, size, tuple(lines))
                self.bytes += size
            while self.bytes > self.budget:
                _, (_, dropped, _) = self._kept.popitem(last=False)
                self.bytes -= dropped
        return value

    def cache_info(self) -> Held:
        with self._lock:
            return Held(self.hits, self.misses, len(self._kept), self.bytes, self.budget)

    def cache_clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self.bytes = self.hits = self.misses = 0


def kept(budget: int) -> Callable[[Callable[P, R]], Kept[P, R]]:
    """Keep a drawing function's results within `budget` bytes (see `Kept`)."""

    def wrap(fn: Callable[P, R]) -> Kept[P, R]:
        return Kept(fn, budget)

    return wrap


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def canvas(width: int, height: int, color: Color = BG) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (width, height), color)
    return img, ImageDraw.Draw(img)


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    value: str,
    size: int,
    color: Color = INK,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    """Draw one line of text (no line breaks: callers lay out lines themselves)."""
    if value.strip():
        _drew((value, size))
    drawn = _mask(value, size, bold, anchor)
    if drawn is not None:
        mask, left, top = drawn
        draw.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=color)


@kept(8 * MB)
def _mask(value: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int] | None:
    """The glyphs of one line as a mask, and where its corner lies from the anchor point.

    Most words of a picture (names, labels, counts) come back picture after picture, and
    drawing glyphs was a third of a picture's time, so the masks are kept: within a budget
    of bytes, since a wide line of large text is tens of KB. None for a line with nothing to
    draw."""
    f = font(size, bold)
    left, top, right, bottom = (int(v) for v in f.getbbox(value, anchor=anchor))
    if right <= left or bottom <= top:
        return None
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text((-left, -top), value, font=f, fill=255, anchor=anchor)
    return mask, left, top


@lru_cache(maxsize=4096)
def fit(value: str, size: int, width: int, bold: bool = False) -> str:
    """Shorten `value` with an ellipsis until it fits `width` pixels."""
    f = font(size, bold)
    if f.getlength(value) <= width:
        return value
    while value and f.getlength(value + "…") > width:
        value = value[:-1]
    return value + "…"


#: A 5×6×5 colour cube: anti-aliased edges map to their nearest entry.
_CUBE = tuple(
    (r, g, b)
    for r in (0, 64, 128, 192, 255)
    for g in (0, 51, 102, 153, 204, 255)
    for b in (0, 64, 128, 192, 255)
)


def png(img: Image.Image) -> bytes:
    """Encode fast and small: a palette PNG at a low zlib level.

    Our pictures are flat colours plus anti-aliased text and shapes. The palette holds the
    image's most common colours exactly (found on a 1-in-16 pixel sample) plus a colour cube
    for the edges. Mapping to a fixed palette costs a fifth of adaptive quantising, and the
    palette image is half the bytes of RGB and much faster to compress.
    """
    sample = img.resize((max(1, img.width // 4), max(1, img.height // 4)), Image.Resampling.NEAREST)
    counts = sorted(sample.getcolors(1 << 16) or [], reverse=True)
    # An RGB image's colours are (r, g, b) tuples (Pillow types them loosely).
    exact = [color for _, color in counts[: 256 - len(_CUBE)] if isinstance(color, tuple)]
    palette = Image.new("P", (1, 1))
    palette.putpalette([v for color in (*exact, *_CUBE) for v in color])
    paletted = img.quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, format="PNG", compress_level=1)
    return out.getvalue()


def pill(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    fill: Color,
    outline: Color | None = None,
    width: int = 2,
    radius: int = 12,
) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: Color = GOLD) -> None:
    """A five-pointed star centred on (cx, cy) with outer radius `r`."""
    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    draw.polygon(pts, fill=fill)


def empty_slot(draw: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float) -> None:
    """The outline of a place where a card could lie."""
    pill(draw, (x, y, x + w, y + h), BG, SLOT_EDGE, 2, radius=9)
