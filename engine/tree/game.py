"""My First Christmas Tree rules. Rulings cited as TREE-Gnn are in the project's rules file and
summarised, with our own TREE-Dnn, in docs/games/tree.md.

The turn is a chain of small decisions (`_advance` skips any step with one sensible option);
the `normal` computer player is `engine.tree.ai`, the pictures `render/tree.py`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache, lru_cache
from itertools import combinations
from typing import Any

from engine.base import BaseGame
from engine.protocol import (
    Action,
    ActionError,
    Decision,
    ErrorCode,
    Event,
    EventMaker,
    Option,
    PickSpec,
    Result,
    check_seats,
    make_rng,
    normalize_options,
    seat_ref,
)
from engine.search import Searched
from engine.tree import cards as C
from engine.tree import hard, narration
from engine.tree.ai import TreeNormal
from engine.tree.scoring import completed, final_report, points, score_card, scores_of
from engine.tree.state import CODEC, EventKind, TreeDraft, TreeState
from engine.tree.summary import SUMMARY
from engine.tree.views import TreeView

BACK = "back"
MAX_CHOICES = 25
#: The most decisions one turn takes without `back`: wipe, take, more, take, three plays with
#: two steps each, place, segment (two steps), cubes, box.
STEPS_PER_TURN = 16

_OPTIONS = (
    Option("colors", "Colours", (("4", "Four colours (24 cards)"), ("6", "Six colours (36)")), "4"),
    Option("length", "Length", (("40", "40 turns each"), ("20", "20 turns each")), "40"),
)

_event: EventMaker[EventKind] = Event


class Tree(BaseGame[TreeDraft, TreeState, TreeView]):
    key = "tree"
    title = "My First Christmas Tree"
    summary = SUMMARY
    tagline = "A duel: build rows of symbols and hang your decorations on the tree first."
    min_seats = 2
    max_seats = 2
    OPTIONS = _OPTIONS
    narrator = narration.narrate
    # Level hard plays for the margin: its playouts stop after a turn and are judged by an
    # estimate, whose margin says more than who leads it (engine.tree.hard).
    objective = "score"
    hard_playouts = 12  # about 10 ms each, p99 under a second (engine.tree.hard)
    playout_level = "normal"

    def __init__(self) -> None:
        self._normal = TreeNormal()
        super().__init__(CODEC, self._normal)

    def shortlist(self, s: TreeState, seat: int, moves: Sequence[Action]) -> list[Action]:
        return hard.shortlist(self._normal, self.view(s, seat), moves)

    def hint_words(self, s: TreeState, seat: int, searched: Searched) -> str | None:
        return hard.hint_words(searched)

    def cut(self, root: TreeState, s: TreeState, steps: int) -> list[float] | None:
        if not hard.far_enough(root, s):
            return None
        return hard.estimate(s, [self.view(s, seat) for seat in range(s.seats)])

    # ----------------------------------------------------------------- set-up
    def new(
        self,
        seats: int,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
        rig: Mapping[str, Any] | None = None,
    ) -> TreeState:
        """Lay the tree, shuffle the deck, fill the pool and deal (rules §5.4).

        `rig` (docs/games/tree.md): `{"tree": 20 symbols, "deck": [top card, ...], "first":
        seat}`; anything left out comes from the seed."""
        check_seats(self, seats)
        opts = normalize_options(self, options)
        colours = int(opts["colors"])
        rig_data = _check_rig(rig, colours)
        rig_data_ = rig_data or {}
        rng = make_rng(seed, "tree", "setup")
        first = rig_data_["first"] if "first" in rig_data_ else rng.randrange(2)  # TREE-G22
        tree = rig_data_["tree"] if "tree" in rig_data_ else C.deal_tree(rng)
        cards = list(C.deck_cards(colours))
        rng.shuffle(cards)
        top = list(rig_data_.get("deck", []))
        deck = (*top, *(c for c in cards if c not in top))
        second = 1 - first
        hands: list[tuple[str, ...]] = [(), ()]
        pool, deck = deck[: C.POOL_SIZE], deck[C.POOL_SIZE :]
        hands[first], deck = deck[:1], deck[1:]
        hands[second], deck = deck[:2], deck[2:]
        own: list[tuple[int, ...]] = [C.OWN_BOX, C.OWN_BOX]
        t = TreeDraft(
            seats=seats,
            seed=seed,
            rig=rig_data,
            step=0,
            phase="collect",
            colours=colours,
            turn_limit=int(opts["length"]),
            first=first,
            turn=first,
            turns=tuple(1 if s == first else 0 for s in range(2)),
            tree=tree,
            cubes=((),) * C.TILES,
            markers=(None,) * C.ROWS,
            star=None,
            base=(None, None),
            deck=deck,
            pool=pool,
            discard=(),
            reshuffles=0,
            hands=tuple(hands),
            dealt=tuple(hands),
            rows=((), ()),
            own_box=tuple(own),
            neutral=(2, 2, 2),
            claimed=((), ()),
            decoration=(C.DECORATION_CUBES,) * 2,
            finishing=(C.FINISHING_CUBES,) * 2,
            commit=None,
            taken=0,
            played=0,
            placed=False,
            segment=None,
            pending=None,
            ending=False,
            ended_by=None,
        )
        _advance(t, [])
        return CODEC.freeze(t)

    def max_steps(self, seats: int, options: Mapping[str, str]) -> int:
        return 2 * int(options.get("length", "40")) * STEPS_PER_TURN

    # ----------------------------------------------------------------- queries
    def to_act(self, s: TreeState) -> frozenset[int]:
        return frozenset() if s.phase == "over" else self._only[s.turn]

    def choices(self, s: TreeState, seat: int) -> tuple[Action, ...]:
        return () if s.phase == "over" or seat != s.turn else _legal(s, seat)

    def decision(self, s: TreeState, seat: int) -> Decision | None:
        """Every step is a plain choice; choosing the cubes' tiles is one pick of n tiles."""
        decision = super().decision(s, seat)
        if decision is None or s.phase != "cubes":
            return decision
        assert s.segment is not None
        items = tuple(
            Action(str(k), f"Tile {C.tile_id(x)} ({C.SYMBOL_NAMES[s.tree[C.INDEX[x]]]})")
            for k, x in enumerate(s.segment, 1)
            if seat not in s.cubes[C.INDEX[x]]
        )
        n = C.most_of_one_colour(s.rows[seat])
        return replace(decision, pick=PickSpec("put:", n, items))

    def text_spec(self, s: TreeState, seat: int) -> None:
        """No move of this game takes text: answered without building the seat's `Decision`
        (its cubes step adds a pick), as `check_move` asks on every `apply`."""
        return None

    def score_text(self, score: int) -> str:
        return points(score)

    def final_report(self, s: TreeState) -> tuple[str, ...]:
        return final_report(s)

    def result(self, s: TreeState) -> Result | None:
        if s.phase != "over":
            return None
        scores = scores_of(s)
        marks = [sum(1 for m in s.markers if m == seat) for seat in range(2)]
        return Result.from_keys(scores, [(scores[k], marks[k]) for k in range(2)])  # TREE-G19

    # ----------------------------------------------------------------- moves
    def apply(
        self, s: TreeState, seat: int, action_id: str, text: str | None = None
    ) -> tuple[TreeState, list[Event]]:
        """Apply one action. Anything not offered by `legal` raises and changes nothing."""
        self.check_move(s, seat, action_id, text)
        verb, _, arg = action_id.partition(":")
        t = CODEC.thaw(s)
        t.step += 1
        events: list[Event] = []
        if verb == "play":  # the commonest moves first
            card, _, end = arg.partition(":")
            t.pending = None
            _play(t, seat, card, end or "R", events)
        elif verb == "take":
            _take(t, seat, arg, events)
        elif verb == BACK:
            _back(t)
        elif verb == "wipe":
            _wipe(t, seat, events)
        elif verb == "skip":
            t.phase = "prepare"
        elif verb == "more":  # TREE-G34: C2 right after the first take, with its card
            t.commit = "take2"
            _take(t, seat, arg, events)
        elif verb in ("sym", "dir"):
            t.pending = action_id  # the first step of a split choice
        elif verb == "end":
            _end_turn(t, events)
        elif verb == "place":
            t.phase = "segment"
        elif verb == "seg":
            t.pending = None
            t.segment = C.matching(t.tree, t.rows[seat])[int(arg) - 1]
            t.phase = "cubes"
        elif verb == "put":
            assert t.segment is not None
            _place(t, seat, tuple(t.segment[int(k) - 1] for k in arg), events)
        else:  # "box:<outcome>"
            _claim(t, seat, arg, events)
        _advance(t, events)
        return CODEC.freeze(t), events

    def determinize(self, s: TreeState, seat: int | None, rng: random.Random) -> TreeState:
        """Re-deal what `seat` has not seen: the deck's order and the cards dealt face down at
        setup still in the other hands (all of them for the public table).

        Everything else is open: the pool, the discard pile, the preparation rows, and every
        hand card taken from the face-up pool, so those stay. A reshuffled deck's order was
        never seen either. Reshuffles to come use a fresh seed, and the rig is dropped. The
        unseen cards are sorted before the shuffle, so the deal depends only on what `seat`
        knows and `rng`, not on where they really lie.
        """
        t = CODEC.thaw(s)
        others = [k for k in range(s.seats) if k != seat]
        unseen = sorted([*s.deck, *(c for k in others for c in s.dealt[k])])
        rng.shuffle(unseen)
        hands, dealt = list(s.hands), list(s.dealt)
        for k in others:
            new = tuple(unseen.pop() for _ in s.dealt[k])
            swap = dict(zip(s.dealt[k], new, strict=True))
            hands[k] = tuple(swap.get(c, c) for c in s.hands[k])
            dealt[k] = new
        t.hands, t.dealt, t.deck = tuple(hands), tuple(dealt), tuple(unseen)
        t.seed = rng.getrandbits(64)
        t.rig = None
        return CODEC.freeze(t)

    # ----------------------------------------------------------------- views
    def view(self, s: TreeState, seat: int | None) -> TreeView:
        over = s.phase == "over"
        rows = [list(C.row_tiles(r)) for r in range(1, C.ROWS + 1)]
        v: TreeView = {
            "game": self.key,
            "seat": seat,
            "to_act": sorted(self.to_act(s)),
            "headline": _headline(s),
            "finished": over,
            "tree": [[s.tree[C.INDEX[t]] for t in row] for row in rows],
            "cubes": [[list(s.cubes[C.INDEX[t]]) for t in row] for row in rows],
            "markers": list(s.markers),
            "star": s.star,
            "base": list(s.base),
            "pool": list(s.pool),
            "deck_size": len(s.deck),
            "discard_size": len(s.discard),
            "discard": list(s.discard),
            "rows": [list(r) for r in s.rows],
            "matches": [
                [[C.tile_id(t) for t in seg] for seg in C.matching(s.tree, r)] for r in s.rows
            ],
            "max_len": [b[0] if b else None for b in s.own_box],
            "boxes": [list(b) for b in s.claimed],
            "own_box": [list(b) for b in s.own_box],
            "neutral": list(s.neutral),
            "decoration": list(s.decoration),
            "finishing": list(s.finishing),
            "hand_sizes": [len(h) for h in s.hands],
            "first": s.first,
            "turn": None if over else s.turn,
            "turn_no": s.turns[s.turn],
            "turn_limit": s.turn_limit,
            "segment": [C.tile_id(x) for x in s.segment] if s.segment else None,
            "commit": s.commit,
            "played": s.played,
            "taken": s.taken,
            "ending": s.ending,
            "ended_by": s.ended_by,
            "scores": scores_of(s),
            "score_card": [score_card(s, k) for k in range(2)],
            "result": None,
        }
        result = self.result(s)
        if result is not None:
            v["result"] = result.to_dict()
        if seat is not None:
            v["hand"] = list(s.hands[seat])
            v["hand_marks"] = {c: _mark(s, seat, c) for c in s.hands[seat]}
            v["pending"] = s.pending if seat == s.turn else None
            v["prompt"] = _prompt(s) if seat in self.to_act(s) else ""
        return v


GAME = Tree()


# --------------------------------------------------------------------- rules helpers
def cap(t: TreeDraft, seat: int) -> int:
    """The seat's maximum row length: the top of its own box stack, or the longest line once
    its own 6 is taken (TREE-G14, G35)."""
    return t.own_box[seat][0] if t.own_box[seat] else C.LONGEST


def _play_limit(t: TreeDraft) -> int:
    """Cards that may still be prepared this turn counting C3 if still free (TREE-G09, G34)."""
    return 3 if t.commit in (None, "extra") else 2


def _can_play(t: TreeDraft, seat: int) -> bool:
    return (
        bool(t.hands[seat])
        and t.played < _play_limit(t)
        and len(t.rows[seat]) < cap(t, seat)  # TREE-G35
    )


def _joined(row: tuple[str, ...], card: str, end: str) -> tuple[str, ...]:
    return (card, *row) if end == "L" else (*row, card)


def _mark(s: TreeDraft, seat: int, card: str) -> str:
    """What playing `card` would do to the seat's row: `full` (TREE-G35), `wipes` (TREE-G10)
    or `extends` (at one end at least)."""
    row = s.rows[seat]
    if len(row) >= cap(s, seat):
        return "full"
    ends = ("R",) if len(row) <= 1 else ("L", "R")
    if any(C.matching(s.tree, _joined(row, card, e)) for e in ends):
        return "extends"
    return "wipes"


def _can_wipe(t: TreeDraft) -> bool:
    """C1 is offered before the first take if it would deal something (TREE-D02)."""
    return t.commit is None and t.taken == 0 and bool(t.deck or t.discard)


def _draw(t: TreeDraft, events: list[Event]) -> str | None:
    """The deck's top card, reshuffling the discards when the deck is empty (TREE-G20, G33)."""
    if not t.deck and t.discard:
        cards = list(t.discard)
        make_rng(t.seed, "tree", "reshuffle", t.reshuffles).shuffle(cards)
        t.deck, t.discard = tuple(cards), ()
        t.reshuffles += 1
        events.append(_event("reshuffle", {"cards": len(cards)}))
    if not t.deck:
        return None  # TREE-D04
    card, t.deck = t.deck[0], t.deck[1:]
    return card


def _refill(t: TreeDraft, events: list[Event]) -> None:
    while len(t.pool) < C.POOL_SIZE:
        card = _draw(t, events)
        if card is None:
            return
        t.pool = (*t.pool, card)


def _wipe(t: TreeDraft, seat: int, events: list[Event]) -> None:
    """C1: the pool goes to the discards and four new cards are dealt."""
    t.commit = "wipe"
    wiped = t.pool
    t.discard, t.pool = (*t.discard, *wiped), ()
    _refill(t, events)
    events.append(_event("wipe", {"seat": seat, "wiped": list(wiped), "pool": list(t.pool)}))
    t.phase = "collect"


def _take(t: TreeDraft, seat: int, card: str, events: list[Event]) -> None:
    t.pool = _without(t.pool, card)
    t.hands = _with(t.hands, seat, (*t.hands[seat], card))
    t.taken += 1
    _refill(t, events)  # TREE-G33
    events.append(_event("take", {"seat": seat, "card": card, "second": t.taken == 2}))
    t.phase = "prepare"


def _play(t: TreeDraft, seat: int, card: str, end: str, events: list[Event]) -> None:
    """Prepare one card at one end; a row that no longer matches is wiped (TREE-G10)."""
    if t.played == 2:
        t.commit = "extra"  # TREE-G34: the third card is C3
    t.played += 1
    t.hands = _with(t.hands, seat, _without(t.hands[seat], card))
    if card in t.dealt[seat]:
        t.dealt = _with(t.dealt, seat, _without(t.dealt[seat], card))
    row = _joined(t.rows[seat], card, end)
    wiped: tuple[str, ...] = ()
    found = C.matching(t.tree, row)
    if not found:
        wiped, row = t.rows[seat], (card,)
        t.discard = (*t.discard, *wiped)
    t.rows = _with(t.rows, seat, row)
    events.append(
        _event(
            "prepare",
            {
                "seat": seat,
                "card": card,
                "end": end,
                "row": list(row),
                "wiped": list(wiped),
                "third": t.played == 3,
                "where": describe(found[0]) if len(row) > 1 else "",
            },
        )
    )


def _place(t: TreeDraft, seat: int, tiles: Sequence[C.Tile], events: list[Event]) -> None:
    """Put one cube of the seat's on each tile (TREE-G12, G29); the box step follows."""
    cubes = list(t.cubes)
    for tile in tiles:
        if not _spend_cube(t, seat):
            break
        k = C.INDEX[tile]
        cubes[k] = tuple(sorted((*cubes[k], seat)))
    t.cubes = tuple(cubes)
    t.placed = True
    assert t.segment is not None
    events.append(
        _event(
            "place",
            {
                "seat": seat,
                "segment": [C.tile_id(x) for x in t.segment],
                "tiles": [C.tile_id(x) for x in tiles],
            },
        )
    )
    t.phase = "box"


def _spend_cube(t: TreeDraft, seat: int) -> bool:
    """One cube from the supply: decoration first, then finishing (seed "Reminder", G36)."""
    if t.decoration[seat]:
        t.decoration = _with(t.decoration, seat, t.decoration[seat] - 1)
    elif t.finishing[seat]:
        t.finishing = _with(t.finishing, seat, t.finishing[seat] - 1)
    else:
        return False
    return True


def box_outcomes(t: TreeDraft, seat: int) -> dict[str, tuple[str, ...]]:
    """The different box claims the row can win (TREE-G13, G37, TREE-D03): outcome (`own`, `4`,
    `5`, `6`) -> the colours to name for it, one colour when that is enough, else two (C4)."""
    counts: dict[str, int] = {}
    for card in t.rows[seat]:
        counts[C.colour(card)] = counts.get(C.colour(card), 0) + 1
    picks: list[tuple[str, ...]] = [(c,) for c in sorted(counts)]
    if t.commit is None:
        picks += list(combinations(sorted(counts), 2))
    out: dict[str, tuple[str, ...]] = {}
    for pick in picks:
        total = sum(counts[c] for c in pick)
        own = t.own_box[seat]
        if own and total == own[0]:
            outcome = "own"
        elif total in C.BOX_VALUES and t.neutral[total - 4]:
            outcome = str(total)
        else:
            continue
        out.setdefault(outcome, pick)
    return out


def _claim(t: TreeDraft, seat: int, outcome: str, events: list[Event]) -> None:
    pick = box_outcomes(t, seat)[outcome]
    if len(pick) == 2:
        t.commit = "colours"  # C4
    if outcome == "own":
        value, rest = t.own_box[seat][0], t.own_box[seat][1:]
        t.own_box = _with(t.own_box, seat, rest)
    else:
        value = int(outcome)
        neutral = list(t.neutral)
        neutral[value - 4] -= 1
        t.neutral = (neutral[0], neutral[1], neutral[2])
    t.claimed = _with(t.claimed, seat, (*t.claimed[seat], value))
    events.append(
        _event(
            "box", {"seat": seat, "value": value, "own": outcome == "own", "colours": list(pick)}
        )
    )
    _end_turn(t, events)


def _in_every_row(t: TreeDraft, seat: int) -> bool:
    """Whether the seat has a cube in every tree row, which wins it the Star."""
    cubes = t.cubes
    return all(any(seat in cubes[k] for k in row) for row in C.ROW_INDEX)


def _end_turn(t: TreeDraft, events: list[Event]) -> None:
    """End-of-turn checks in order (TREE-G15, G16, G40), then the next turn or the end."""
    seat = t.turn
    if t.placed:
        t.discard = (*t.discard, *t.rows[seat])
        t.rows = _with(t.rows, seat, ())
    done = completed(t, seat)
    markers = list(t.markers)
    for r in done:
        if markers[r - 1] is None and t.finishing[seat]:
            markers[r - 1] = seat
            t.finishing = _with(t.finishing, seat, t.finishing[seat] - 1)
            events.append(_event("marker", {"seat": seat, "row": r}))
    t.markers = tuple(markers)
    if t.star is None and _in_every_row(t, seat) and _spend_cube(t, seat):
        t.star = seat
        events.append(_event("star", {"seat": seat}))
    left, right = t.base
    held = (left == seat) + (right == seat)
    apart = any(b - a >= 2 for a in done for b in done)
    if held == 0 and apart and (left is None or right is None) and _spend_cube(t, seat):
        if left is None:
            left = seat
            events.append(_event("base", {"seat": seat, "side": "left"}))
        else:
            right = seat
            events.append(_event("base", {"seat": seat, "side": "right"}))
        held = 1
    if held == 1 and len(done) >= 4 and (left is None or right is None) and _spend_cube(t, seat):
        side = "left" if left is None else "right"
        if left is None:
            left = seat
        else:
            right = seat
        events.append(_event("base", {"seat": seat, "side": side}))
    t.base = (left, right)
    events.append(_event("end_turn", {"seat": seat}))
    second = 1 - t.first
    if not t.ending and all(m is not None for m in t.markers):
        t.ending = True  # TREE-G17
        events.append(_event("triggered", {"seat": seat}))
    if seat == second and (t.ending or t.turns[second] >= t.turn_limit):  # TREE-G39
        t.phase = "over"
        t.ended_by = "trigger" if t.ending else "limit"
        events.append(_event("game_over", {"reason": t.ended_by}))
        return
    t.turn = 1 - seat
    t.turns = _with(t.turns, t.turn, t.turns[t.turn] + 1)
    t.phase = "collect"
    t.commit = None
    t.taken = t.played = 0
    t.placed = False
    t.segment = None
    t.pending = None


def _advance(t: TreeDraft, events: list[Event]) -> None:
    """Skip every step with one sensible option (docs/games/tree.md): the turn goes on by
    itself until the player has a real choice or the game is over."""
    while True:
        seat = t.turn
        if t.phase == "collect":
            if len(t.pool) == 1 and not _can_wipe(t):
                _take(t, seat, t.pool[0], events)  # the only card there is
            elif t.pool or _can_wipe(t):
                return
            else:
                t.phase = "prepare"
        elif t.phase == "prepare":
            row = t.rows[seat]
            if len(row) >= cap(t, seat):
                t.phase = "segment"  # TREE-G35: placing is compulsory
            elif _can_play(t, seat) or _can_more(t) or len(row) >= C.MIN_PLACE:
                return
            else:
                _end_turn(t, events)
        elif t.phase == "segment":
            found = C.matching(t.tree, t.rows[seat])
            if len(found) > 1:
                return
            t.segment = found[0]
            t.phase = "cubes"
        elif t.phase == "cubes":
            free = _free(t, seat)
            n = C.most_of_one_colour(t.rows[seat])
            if 0 < n < len(free):
                return
            _place(t, seat, free, events)
        elif t.phase == "box":
            found_boxes = box_outcomes(t, seat)
            if len(found_boxes) > 1:
                return
            if found_boxes:
                _claim(t, seat, next(iter(found_boxes)), events)
            else:
                _end_turn(t, events)
        else:  # over
            return


def _can_more(t: TreeDraft) -> bool:
    """C2 is offered right after the first take, before any card is prepared (TREE-G34)."""
    return t.commit is None and t.taken == 1 and t.played == 0 and bool(t.pool)


def _free(t: TreeDraft, seat: int) -> tuple[C.Tile, ...]:
    """The chosen segment's tiles without a cube of the seat's (TREE-G12, G28)."""
    assert t.segment is not None
    return tuple(x for x in t.segment if seat not in t.cubes[C.INDEX[x]])


def direction(seg: C.Segment) -> str:
    """`h` along a row, `d` down to the right ("\\"), `a` down to the left ("/")."""
    (r1, i1), (r2, i2) = seg[0], seg[1]
    return "h" if r1 == r2 else "d" if i2 == i1 + 1 else "a"


@cache
def describe(seg: C.Segment) -> str:
    """Where a segment is, for narration: "row 3" for a whole row, else its tiles."""
    if direction(seg) == "h" and len(seg) == seg[0][0] + 1:
        return f"row {seg[0][0]}"
    return "tiles " + " ".join(C.tile_id(x) for x in seg)


DIRECTIONS = {"h": "along a row", "d": "down to the right", "a": "down to the left"}


def _back(t: TreeDraft) -> None:
    if t.phase == "cubes":
        t.segment, t.phase = None, "segment"
    else:
        t.pending = None


# --------------------------------------------------------------------- legal actions
def _legal(s: TreeState, seat: int) -> tuple[Action, ...]:
    if s.phase == "collect":
        out = [_take_action(c) for c in s.pool]
        if _can_wipe(s):
            out.append(_WIPE)
        if not s.pool:
            out.append(_SKIP)
        return tuple(out)
    if s.phase == "prepare":
        return _prepare_actions(s, seat)
    if s.phase == "segment":
        found = C.matching(s.tree, s.rows[seat])
        if len(found) > MAX_CHOICES and s.pending is None:  # split by direction
            dirs = sorted({direction(seg) for seg in found}, key="hda".index)
            return tuple(Action(f"dir:{d}", f"Segments {DIRECTIONS[d]}") for d in dirs)
        want = s.pending.partition(":")[2] if s.pending else None
        segs = [
            _seg_action(k, seg)
            for k, seg in enumerate(found, 1)
            if want is None or direction(seg) == want
        ]
        if want is not None:
            segs.append(Action(BACK, "Another direction", back=True))
        return tuple(segs)
    if s.phase == "cubes":
        assert s.segment is not None
        n = C.most_of_one_colour(s.rows[seat])
        spots = tuple(k for k, x in enumerate(s.segment, 1) if seat not in s.cubes[C.INDEX[x]])
        puts = _put_actions(s.segment, spots, n)
        if len(C.matching(s.tree, s.rows[seat])) > 1:
            return (*puts, _ANOTHER_SEGMENT)
        return puts
    # box
    return tuple(_box_action(outcome, pick) for outcome, pick in box_outcomes(s, seat).items())


# Actions never change, so each one is built once and offered again.
_WIPE = Action("wipe", "Commit: wipe the pool", "Discard all four and deal anew")
_SKIP = Action("skip", "Take nothing")
_PLACE = Action("place", "Place your decoration")
_END = Action("end", "End your turn")
_ANOTHER_SEGMENT = Action(BACK, "Choose another segment", back=True)


@cache
def _seg_action(k: int, seg: C.Segment) -> Action:
    return Action(f"seg:{k}", "Segment " + " ".join(C.tile_id(x) for x in seg))


@lru_cache(maxsize=4096)
def _put_actions(segment: C.Segment, spots: tuple[int, ...], n: int) -> tuple[Action, ...]:
    """Every way to put `n` cubes on the segment's free `spots` (1-based)."""
    return tuple(
        Action(
            "put:" + "".join(str(k) for k in pick),
            "Cubes on " + ", ".join(C.tile_id(segment[k - 1]) for k in pick),
        )
        for pick in combinations(spots, n)
    )


@cache
def _box_action(outcome: str, pick: tuple[str, ...]) -> Action:
    return Action(
        f"box:{outcome}",
        ("Your own box" if outcome == "own" else f"A neutral {outcome}")
        + " ("
        + " + ".join(C.COLOUR_NAMES[c] for c in pick)
        + (", commit" if len(pick) == 2 else "")
        + ")",
    )


@cache
def _take_action(card: str) -> Action:
    return Action(f"take:{card}", f"Take {C.card_name(card)}")


@cache
def _more_action(card: str) -> Action:
    return Action(f"more:{card}", f"Commit: also take {C.card_name(card)}")


@cache
def _play_action(card: str, end: str, third: bool, wipes: bool) -> Action:
    """Preparing `card` at `end` ("", ":L" or ":R"), as the third card (C3) or not, and
    whether it wipes the row. Actions never change, so each is built once."""
    return Action(
        f"play:{card}{end}",
        f"{C.card_name(card)}"
        + ({":L": " at the left end", ":R": " at the right end"}.get(end, ""))
        + (" (commit: one more card)" if third else "")
        + (" ⚠ wipes your row" if wipes else ""),
    )


def _prepare_actions(s: TreeState, seat: int) -> tuple[Action, ...]:
    row = s.rows[seat]
    extras: list[Action] = []
    if _can_more(s):  # one press: the commit and the card it takes
        extras += [_more_action(c) for c in s.pool]
    if len(row) >= C.MIN_PLACE:
        extras.append(_PLACE)
    if len(row) < cap(s, seat):
        extras.append(_END)
    if not _can_play(s, seat):
        return tuple(extras)
    hand = sorted(s.hands[seat])
    ends = ("",) if len(row) <= 1 else (":L", ":R")
    if s.pending is not None:  # a big hand: the symbol was chosen first
        want = s.pending.partition(":")[2]
        hand = [c for c in hand if C.symbol(c) == want]
    elif len(hand) * len(ends) + len(extras) > MAX_CHOICES:
        symbols = sorted({C.symbol(c) for c in hand}, key=C.SYMBOLS.index)
        commit = " (commit: one more card)" if s.played == 2 else ""
        return (
            *(Action(f"sym:{x}", f"A {C.SYMBOL_NAMES[x]} card{commit}") for x in symbols),
            *extras,
        )
    third = s.played == 2
    left, right = C.extensions(s.tree, C.word(row))
    if len(ends) == 1:
        plays = [_play_action(c, "", third, c[1] not in right) for c in hand]
    else:
        plays = []
        for c in hand:
            plays.append(_play_action(c, ":L", third, c[1] not in left))
            plays.append(_play_action(c, ":R", third, c[1] not in right))
    if s.pending is not None:
        return (*plays, Action(BACK, "Another symbol", back=True))
    return (*plays, *extras)


# --------------------------------------------------------------------- text
def _headline(s: TreeDraft) -> str:
    if s.phase == "over":
        return "The tree is decorated." if s.ended_by == "trigger" else "Time is up."
    return f"{seat_ref(s.turn)}'s turn {s.turns[s.turn]} of {s.turn_limit}"


def _prompt(s: TreeDraft) -> str:
    return {
        "collect": "Take a card from the pool.",
        "prepare": "Prepare a card, place, or end your turn.",
        "segment": "Choose the segment to decorate.",
        "cubes": "Choose the tiles for your cubes.",
        "box": "Choose the box card to claim.",
    }.get(s.phase, "")


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The cards but `card` (every card is in one place, once)."""
    k = cards.index(card)
    return cards[:k] + cards[k + 1 :]


def _with(values: tuple[Any, ...], k: int, value: Any) -> tuple[Any, ...]:
    """The per-seat tuple (two seats) with seat k's value replaced."""
    return (value, values[1]) if k == 0 else (values[0], value)


def _bad_rig(why: str) -> ActionError:
    return ActionError(ErrorCode.BAD_OPTIONS, f"Bad rig: {why}.")


def _check_rig(rig: Mapping[str, Any] | None, colours: int) -> dict[str, Any] | None:
    """The rig as plain JSON data, or BAD_OPTIONS (see `Tree.new`)."""
    if rig is None:
        return None
    if not isinstance(rig, Mapping) or set(rig) - {"tree", "deck", "first"}:
        raise _bad_rig("use 'tree', 'deck' and 'first'")
    out: dict[str, Any] = {}
    if "first" in rig:
        if rig["first"] not in (0, 1):
            raise _bad_rig("'first' is seat 0 or 1")
        out["first"] = rig["first"]
    if "tree" in rig:
        tree = "".join(rig["tree"])
        try:
            C.check_tree(tree)
        except ValueError as e:
            raise _bad_rig(str(e)) from None
        out["tree"] = tree
    if "deck" in rig:
        deck = list(rig["deck"])
        known = set(C.deck_cards(colours))
        if len(set(deck)) != len(deck) or not set(deck) <= known:
            raise _bad_rig("'deck' lists distinct cards of this deck")
        out["deck"] = deck
    return out
