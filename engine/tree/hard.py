"""Level `hard` for My First Christmas Tree: what the generic searcher (`engine.search`) asks
of this game.

`normal` plans its own turn only; `hard` also weighs the other player's answer. It searches
the few moves `normal` values nearly best (`shortlist`), plays each out in deals the seat
cannot tell from the real one with `normal` for both players, to the start of the seat's next
turn (`cut`), and judges the position there for each player as `normal` would (`estimate`):
its points now, plus the prizes its cubes are on their way to and what its row and hand can
grow into. A playout by `normal` to the end of the game takes seconds here, far too long for
a budget of about a second.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.protocol import Action
from engine.search import MoveStats, Searched
from engine.tree.ai import TreeNormal, outlook
from engine.tree.scoring import points, scores_of
from engine.tree.state import TreeState
from engine.tree.views import TreeView
from engine.words import plural

#: Root moves searched at most: `normal`'s best few by its own valuation.
SHORTLIST = 3
#: Moves valued more than this many points below `normal`'s best are not searched.
GAP = 2.0
#: A playout stops once this many turns have started after the one searched (2: the rest of
#: the seat's turn and the other player's whole turn).
HORIZON = 2


def shortlist(normal: TreeNormal, view: TreeView, moves: Sequence[Action]) -> list[Action]:
    """The moves worth searching, best first by `normal`'s valuation of them."""
    values = normal.values(view, [a.id for a in moves])
    best = max(values.values())
    ranked = sorted(moves, key=lambda a: -values[a.id])  # stable: the legal order for ties
    return [a for a in ranked[:SHORTLIST] if values[a.id] >= best - GAP]


def far_enough(root: TreeState, s: TreeState) -> bool:
    """Whether a playout from `root` has reached the horizon (and is not over)."""
    return s.phase != "over" and sum(s.turns) >= sum(root.turns) + HORIZON


def estimate(s: TreeState, views: Sequence[TreeView]) -> list[float]:
    """Each seat's points now plus what `normal` sees its position promising (`views`: each
    seat's own view of `s`)."""
    return [score + outlook(view) for score, view in zip(scores_of(s), views, strict=True)]


def hint_words(searched: Searched) -> str | None:
    """A hint's reason in this game's terms: what the search judged is the lead after the
    other player's next turn, counting what each side is on its way to (None: the generic
    wording, for the one sensible move)."""
    if searched.instant:
        return None
    best = searched.moves[0]
    why = (
        f"**{best.action.label}**: in the {plural(best.visits, 'game')} I imagined"
        f" after it, once the other player's next turn was over you were {_lead(best)} on"
        " average, counting what your cubes, row and hand are on their way to"
    )
    if len(searched.moves) < 2 or not searched.moves[1].visits:
        return why + "."
    runner = searched.moves[1]
    return f"{why}; after **{runner.action.label}**, {_lead(runner)}."


def _lead(move: MoveStats) -> str:
    """'3 points ahead', '1 point behind' or 'level' (rounded)."""
    amount = round(abs(move.mean_margin))
    if amount == 0:
        return "level"
    return f"{points(amount)} {'ahead' if move.mean_margin > 0 else 'behind'}"
