"""The Ghosts of Christmas view (keys as documented in docs/games/ghosts.md)."""

from typing import NotRequired, TypedDict

from engine.ghosts.state import Phase, Variant
from engine.views import BaseView, ResultView


class BidView(TypedDict):
    purple: int
    red: bool


class HandRowView(TypedDict):
    """One seat's line of a finished hand; `purple` is -1 in Tiny Tim."""

    purple: int
    red: bool
    won: int
    points: int


class TrickView(TypedDict):
    era: str
    leader: int
    suit: str
    winner: int


class LastRoundView(TypedDict):
    played: list[list[str | None]]  # [era][seat]
    tricks: list[TrickView]


class GhostsView(BaseView):
    """The public view; a seat's view adds `hand`, `playable`, `pending` and `prompt`."""

    seats: int
    variant: Variant
    beyond: bool
    phase: Phase
    hand_no: int  # 1-based
    hands: int
    round_no: int  # 1-based
    rounds: int
    eras: list[str]
    dials: list[str | None]
    played: list[list[str | None]]  # [era][seat]
    marker: int
    round_start: int
    bids: list[BidView | None]
    won: list[int]
    scores: list[int]
    hand_sizes: list[int]
    seen: list[str]
    last_round: LastRoundView | None
    history: list[list[HandRowView]]
    result: ResultView | None
    hand: NotRequired[list[str]]
    playable: NotRequired[dict[str, list[str]]]  # card → the eras it may go into now
    pending: NotRequired[str | None]
