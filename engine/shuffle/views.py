"""The Holiday Shuffle view (keys as documented in docs/games/shuffle.md)."""

from typing import NotRequired, TypedDict

from engine.shuffle.state import Reason
from engine.views import BaseView, ResultView


class RowView(TypedDict):
    """One mat's score in a finished round."""

    points: int
    prefix: int
    month_runs: list[int]
    same_runs: list[int]
    wilds: list[list[int]]  # [slot, day] per Wild


class OutcomeView(TypedDict):
    winner: int | None
    reason: Reason


class LastRoundView(TypedDict):
    round: int
    winner: int | None
    reason: Reason
    mats: list[list[str]]


class ShuffleView(BaseView):
    """The public view; a seat's view adds `drawn`, `pending` and `prompt`."""

    seats: int
    round: int
    rounds: int
    dealer: int
    turn: int | None
    bonus_turn: bool
    mats: list[list[str]]
    prefix: list[int]
    discard_top: str | None
    discard_size: int
    draw_size: int
    drawn_by: int | None
    effect: str | None
    rebuilds: int
    max_rebuilds: int
    turns: int
    turn_limit: int
    scores: list[int]
    history: list[list[RowView]]
    outcomes: list[OutcomeView]
    last_round: LastRoundView | None
    dealer_draw: list[list[int | str]]  # [seat, card]
    result: ResultView | None
    drawn: NotRequired[str | None]
    pending: NotRequired[str | None]
