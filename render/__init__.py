"""Pictures and text from views. Pure functions: a view (and seat names) in, PNG bytes out.

Each game has a module here with `table(view, names)` (the public table), `hand(view, names)`
(one seat's private view) and `describe(view, names)` (plain text).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from engine.protocol import fill_names

View = Mapping[str, Any]


def _module(view: View) -> ModuleType:
    return importlib.import_module(f"render.{view['game']}")


def _named(view: View, names: Sequence[str]) -> View:
    """The view with seat placeholders in its headline and prompt replaced by names."""
    out = dict(view)
    for key in ("headline", "prompt"):
        if isinstance(out.get(key), str):
            out[key] = fill_names(out[key], names)
    return out


def render(view: View, names: Sequence[str]) -> bytes:
    """PNG bytes: the table for the public view, the seat's own picture for a seat's view."""
    mod = _module(view)
    view = _named(view, names)
    return mod.table(view, names) if view["seat"] is None else mod.hand(view, names)


def describe(view: View, names: Sequence[str]) -> str:
    return _module(view).describe(_named(view, names), names)
