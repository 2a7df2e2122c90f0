"""The Muppets view (keys as documented in docs/games/muppets.md)."""

from typing import NotRequired, TypedDict

from engine.muppets.state import Phase
from engine.views import BaseView, ResultView


class SlotView(TypedDict):
    card: str | None  # None when empty or unknown to the viewer
    face_up: bool
    empty: bool
    know: str | None  # how the viewer knows a centre card ("owner", …, "everyone")


#: A gift the viewer holds: its value and who gave it (None if taken blind). Functional
#: syntax, as "from" is a keyword.
MyGiftView = TypedDict("MyGiftView", {"value": int, "from": int | None})


class GaveView(TypedDict):
    to: int
    value: int


class PendingView(TypedDict):
    stage: str
    tile: str | None
    first: list[int] | None  # [seat, position] of Present's first card


class MuppetsView(BaseView):
    """The public view; a seat's view adds `my_gifts`, `gave`, `held`, `offer`, `pending` and
    `prompt`."""

    seats: int
    phase: Phase
    stage: str
    turn: int | None
    turn_no: int
    turn_cap: int
    first_player: int | None
    passed: list[int]
    rows: list[list[SlotView]]
    story: list[str]
    deck: int
    next_tile: str | None
    next_tile_in: int | None
    discard: list[str]
    gifts_left: int
    gift_counts: list[int]
    sets: list[int]
    completing: int | None
    using: str | None
    followup: bool
    end: str | None
    scores: list[int] | None
    gift_values: list[list[int]] | None
    result: ResultView | None
    my_gifts: NotRequired[list[MyGiftView]]
    gave: NotRequired[list[GaveView]]
    held: NotRequired[str | None]
    offer: NotRequired[list[int] | None]
    pending: NotRequired[PendingView | None]
