"""Pictures and text from views. Pure functions: a view (and seat names) in, PNG bytes out.

Each game has a module here with `table(view, names)` (the public table), `hand(view, names)`
(one seat's private view) and `describe(view, names)` (plain text).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

View = Mapping[str, Any]


def _module(view: View) -> ModuleType:
    return importlib.import_module(f"render.{view['game']}")


def render(view: View, names: Sequence[str]) -> bytes:
    """PNG bytes: the table for the public view, the seat's own picture for a seat's view."""
    mod = _module(view)
    return mod.table(view, names) if view["seat"] is None else mod.hand(view, names)


def describe(view: View, names: Sequence[str]) -> str:
    return _module(view).describe(view, names)
