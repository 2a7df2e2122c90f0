"""Pictures and text from views. Pure functions: a view (and seat names) in, PNG bytes out.

Each game has a module here with `table(view, names)` (the public table), `hand(view, names)`
(one seat's private view) and `describe(view, names)` (the picture's alt text), typed with its
game's view; and optionally `panel`, `details` and `detail` (the text beside the picture and
what a player may open on demand, see `render.more`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from types import ModuleType

from engine.protocol import fill_names
from engine.views import BaseView
from render import alt
from render.common import Line, measured
from render.more import MAX_DETAILS, Detail, Shown


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


def measure(view: BaseView, names: Sequence[str]) -> tuple[bytes, list[Line]]:
    """`render`, and every line of text the picture holds with its font size."""
    with measured() as lines:
        png = render(view, names)
    return png, lines


def panel(view: BaseView, names: Sequence[str]) -> str:
    """The text shown under the picture, in the same message ("" when the game gives none)."""
    text: Callable[[BaseView, Sequence[str]], str] | None = getattr(_module(view), "panel", None)
    return "" if text is None else fill_names(text(_named(view, names), names), names)


def details(view: BaseView) -> tuple[Detail, ...]:
    """The things a player may open from this view's message, at most `MAX_DETAILS`."""
    listed: Callable[[BaseView], tuple[Detail, ...]] | None = getattr(
        _module(view), "details", None
    )
    return () if listed is None else tuple(listed(view))[:MAX_DETAILS]


def detail(view: BaseView, names: Sequence[str], key: str) -> Shown | None:
    """What the detail `key` of this view shows; None when the view offers no such detail."""
    if key not in {d.key for d in details(view)}:
        return None
    show: Callable[[BaseView, Sequence[str], str], Shown | None] = _module(view).detail
    shown = show(_named(view, names), names, key)
    if shown is None:
        return None
    return Shown(fill_names(shown.text, names), shown.png, alt.fit(shown.alt.splitlines()))
