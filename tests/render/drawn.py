"""The words a renderer draws, for tests that read a picture's text."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from render import common


@contextmanager
def drawn_words() -> Iterator[list[tuple[str, int]]]:
    """Every line `render.common.text` draws meanwhile (every renderer draws text through it),
    with its font size: `(line, size)`."""
    drawn: list[tuple[str, int]] = []
    real = common._mask

    def recording(value: str, size: int, bold: bool, anchor: str) -> Any:
        drawn.append((value, size))
        return real(value, size, bold, anchor)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(common, "_mask", recording)
        yield drawn
