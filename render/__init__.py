"""Pictures and text from views. Pure functions: a view (and seat names) in, PNG bytes out.

Each game has a module here with `table(view, names)` (the public table), `hand(view, names)`
(one seat's private view) and `describe(view, names)` (plain text), typed with its game's view.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from types import ModuleType

from engine.protocol import fill_names
from engine.views import BaseView
from render import alt


def _module(view: BaseView) -> ModuleType:
    return importlib.import_module(f"render.{view['game']}")


def _named(view: BaseView, names: Sequence[str]) -> BaseView:
    """The view with seat placeholders in its headline and prompt replaced by names."""
    out = view.copy()
    out["headline"] = fill_names(out["headline"], names)
    if "prompt" in out:
        out["prompt"] = fill_names(out["prompt"], names)
    return out


def render(view: BaseView, names: Sequence[str]) -> bytes:
    """PNG bytes: the table for the public view, the seat's own picture for a seat's view."""
    # The module of `view["game"]` takes that game's view, which `view` is.
    draw: Callable[[BaseView, Sequence[str]], bytes] = getattr(
        _module(view), "table" if view["seat"] is None else "hand"
    )
    return draw(_named(view, names), names)


def describe(view: BaseView, names: Sequence[str]) -> str:
    """The picture's alt text: the game's lines, most important first, within what Discord
    keeps (`render.alt.fit`: cut only between whole items)."""
    text: Callable[[BaseView, Sequence[str]], str] = _module(view).describe
    return alt.fit(text(_named(view, names), names).splitlines())
