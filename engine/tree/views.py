"""The My First Christmas Tree view (keys as documented in docs/games/tree.md)."""

from typing import NotRequired, TypedDict

from engine.tree.state import Commit, Ending
from engine.views import BaseView, ResultView


class ScorePartView(TypedDict):
    """One line of a score card (`engine.tree.scoring.score_card`)."""

    key: str  # star, base, markers, rows, boxes, cubes
    label: str
    detail: str
    points: int


class TreeView(BaseView):
    """The public view; a seat's view adds `hand`, `hand_marks`, `pending` and `prompt`."""

    tree: list[list[str]]
    cubes: list[list[list[int]]]
    markers: list[int | None]
    star: int | None
    base: list[int | None]
    pool: list[str]
    deck_size: int
    discard_size: int
    discard: list[str]  # the discard pile, bottom first (open: every card in it was shown)
    rows: list[list[str]]
    matches: list[list[list[str]]]  # per seat, per matching segment, its tiles as "r.i"
    max_len: list[int | None]
    boxes: list[list[int]]
    own_box: list[list[int]]
    neutral: list[int]
    decoration: list[int]
    finishing: list[int]
    hand_sizes: list[int]
    first: int
    turn: int | None
    turn_no: int
    turn_limit: int
    segment: list[str] | None  # the segment chosen for the cubes being placed, as "r.i"
    commit: Commit | None
    played: int
    taken: int
    ending: bool
    ended_by: Ending | None
    scores: list[int]
    score_card: list[list[ScorePartView]]  # per seat, the parts of `scores`, in scoring order
    result: ResultView | None
    hand: NotRequired[list[str]]
    hand_marks: NotRequired[dict[str, str]]  # card -> "extends" | "wipes" | "full"
    pending: NotRequired[str | None]
