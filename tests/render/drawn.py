"""The words a renderer draws, for tests that read a picture's text."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from render import common


@contextmanager
def drawn_words() -> Iterator[list[tuple[str, int]]]:
    """Every line `render.common.text` draws meanwhile (every renderer draws text through it),
    with its font size: `(line, size)`, text inside cached drawings included."""
    with common.measured() as lines:
        yield lines
