"""What every game's view has in common, as `TypedDict`s: views stay plain JSON-ready dicts at
run time, and the renderer and computer players read them typed."""

# No `from __future__ import annotations`: `NotRequired` must be seen at run time, so that
# `__required_keys__` and `__optional_keys__` are right (Python 3.11).
from typing import NotRequired, TypedDict


class ResultView(TypedDict):
    """`Result.to_dict()`: the final standing, per seat."""

    scores: list[int]
    ranks: list[int]
    winners: list[int]


class BaseView(TypedDict):
    """The keys every view carries (docs/protocol.md). `prompt` is only in a seat's view."""

    game: str
    seat: int | None  # the viewer; None for the public table
    to_act: list[int]
    headline: str
    finished: bool
    prompt: NotRequired[str]  # what the seat is being asked ("" when it owes nothing)
