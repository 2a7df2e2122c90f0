"""Holiday Shuffle rules. Rulings cited as HS-Gnn (and our own HS-Dnn) are written up in
docs/games/shuffle.md."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import cache, partial
from typing import Any, TypeVar

from engine.base import BaseGame
from engine.protocol import (
    Action,
    ActionError,
    ErrorCode,
    Event,
    EventMaker,
    Option,
    Result,
    check_seats,
    make_rng,
    normalize_options,
    seat_ref,
)
from engine.shuffle import cards as C
from engine.shuffle import hard, narration
from engine.shuffle.ai import ShuffleNormal
from engine.shuffle.scoring import in_order, prefix_length, score_mat
from engine.shuffle.state import CODEC, EventKind, Reason, Row, ShuffleDraft, ShuffleState
from engine.shuffle.summary import SUMMARY
from engine.shuffle.views import LastRoundView, RowView, ShuffleView
from engine.words import plural

SLOTS = 10
#: HS-D01: a round also ends with no winner once this many turns (extra turns included) have
#: been played, so a round in which nobody draws cannot go on forever. It is above the 172
#: turns two players need to reach HS-G17's third rebuild, so that ruling always applies.
TURN_LIMIT = 200
#: HS-G17: needing to rebuild the draw pile once more than this ends the round.
MAX_REBUILDS = 2
#: The most decisions one turn can take without `back`: pick a source, place the card, then a
#: Trade's three steps (your card, the player, their card).
STEPS_PER_TURN = 5
BACK = "back"

# Why a round ended.
WON: Reason = "in_order"  # the active player's (or a Trade partner's) mat came into order (HS-G16)
DEALT: Reason = "dealt_in_order"  # a mat was dealt in order (HS-G19)
STALEMATE: Reason = "stalemate"  # the draw pile would be rebuilt a third time (HS-G17)
TURN_CAP: Reason = "turn_limit"  # HS-D01

_OPTIONS = (
    Option("rounds", "Rounds", (("3", "Three rounds"), ("1", "One round (quick game)")), "3"),
)

_event: EventMaker[EventKind] = Event  # mypy checks each kind made against EventKind


class Shuffle(BaseGame[ShuffleDraft, ShuffleState, ShuffleView]):
    key = "shuffle"
    title = "Holiday Shuffle"
    summary = SUMMARY
    tagline = "Get the ten date cards on your mat into calendar order before anyone else."
    min_seats = 2
    max_seats = 4
    OPTIONS = _OPTIONS
    narrator = narration.narrate
    # Level hard plays for its margin: every round's points count toward the winner's total.
    objective = "score"
    hard_playouts = 40  # a few turns each, then estimated (hard.cut)
    playout_level = "normal"

    def shortlist(self, s: ShuffleState, seat: int, moves: Sequence[Action]) -> list[Action]:
        return hard.shortlist(self.view(s, seat), moves)

    def cut(self, root: ShuffleState, s: ShuffleState, steps: int) -> tuple[float, ...] | None:
        return hard.cut(root, s, steps)

    def __init__(self) -> None:
        super().__init__(CODEC, ShuffleNormal())

    # ----------------------------------------------------------------- set-up
    def new(
        self,
        seats: int,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
        rig: Mapping[str, Any] | None = None,
    ) -> ShuffleState:
        """Choose the dealer and deal the first round.

        `rig` fixes chance for tests (ENG-01), see docs/games/shuffle.md:
        `{"decks": [[card, ...], ...], "dealer_draw": [card, ...]}` or `{"dealer": seat, ...}`.
        Deck i is the top of round i's deck, top card first (unlisted cards follow in a seeded
        order); `dealer_draw` is the top of the deck the dealer is chosen from; `dealer` skips
        that draw.
        """
        check_seats(self, seats)
        opts = normalize_options(self, options)
        rig_data = _check_rig(rig, seats)
        draws: tuple[tuple[int, str], ...]
        if rig_data is not None and "dealer" in rig_data:
            dealer, draws = rig_data["dealer"], ()
        else:
            dealer, draws = choose_dealer(seats, seed, (rig_data or {}).get("dealer_draw", []))
        s = ShuffleDraft(
            seats=seats,
            rounds=int(opts["rounds"]),
            seed=seed,
            rig=rig_data,
            step=0,
            phase="play",
            round_no=0,
            dealer=dealer,
            turn=dealer,
            mats=(),
            draw=(),
            discard=(),
            drawn=None,
            pending=None,
            effect=None,
            again=False,
            bonus=False,
            rebuilds=0,
            turns=0,
            scores=(0,) * seats,
            history=(),
            outcomes=(),
            last_mats=None,
            dealer_draws=draws,
        )
        _start_round(s, [])  # the first deal's events go unreported: `new` returns a state
        return CODEC.freeze(s)

    def max_steps(self, seats: int, options: Mapping[str, str]) -> int:
        # Every round ends by HS-D01 at the latest; a turn takes at most STEPS_PER_TURN steps.
        return int(options.get("rounds", "3")) * TURN_LIMIT * STEPS_PER_TURN

    # ----------------------------------------------------------------- queries
    def to_act(self, s: ShuffleState) -> frozenset[int]:
        return frozenset() if s.phase == "over" else self._only[s.turn]

    def choices(self, s: ShuffleState, seat: int) -> tuple[Action, ...]:
        return () if s.phase == "over" or seat != s.turn else _legal(s, seat)

    def result(self, s: ShuffleState) -> Result | None:
        if s.phase != "over":
            return None
        return Result.from_keys(s.scores)  # HS-G18: equal totals share the victory

    # ----------------------------------------------------------------- moves
    def apply(
        self, s: ShuffleState, seat: int, action_id: str, text: str | None = None
    ) -> tuple[ShuffleState, list[Event]]:
        """Apply one action. Anything not offered by `legal` raises and changes nothing."""
        self.check_move(s, seat, action_id, text)
        verb, _, arg = action_id.partition(":")
        t = CODEC.thaw(s)
        t.step += 1
        events: list[Event] = []
        if verb == BACK:
            _back(t)
        elif verb == "take":
            t.pending = "take"
        elif verb == "draw":
            _draw(t, seat, events)
        elif verb == "end":
            events.append(_event("end_turn", {"seat": seat}))
            _end_turn(t, events)
        elif verb == "place":
            _place(t, seat, int(arg) - 1, events)
        elif verb == "discard":
            card = t.drawn
            assert card is not None
            t.drawn = None
            t.discard = (*t.discard, card)
            events.append(_event("discard", {"seat": seat, "card": card}))
            _end_turn(t, events)
        elif verb == "skip":
            events.append(_event("skip", {"seat": seat, "card": t.effect}))
            t.effect = t.pending = None
            _end_turn(t, events)
        elif verb == "sw":
            _switch(t, seat, arg, events)
        elif verb == "give":
            # HS-D07: with one opponent there is nobody to choose; go straight to their cards.
            t.pending = arg if t.seats > 2 else f"{arg}:{1 - seat}"
        elif verb == "to":
            t.pending = f"{t.pending}:{arg}"
        else:  # "get:<seat>:<slot>"
            _trade(t, seat, arg, events)
        return CODEC.freeze(t), events

    # ----------------------------------------------------------------- views
    def view(self, s: ShuffleState, seat: int | None) -> ShuffleView:
        over = s.phase == "over"
        v: ShuffleView = {
            "game": self.key,
            "seat": seat,
            "seats": s.seats,
            "finished": over,
            "to_act": sorted(self.to_act(s)),
            "headline": _headline(s),
            "round": min(s.round_no + 1, s.rounds),
            "rounds": s.rounds,
            "dealer": s.dealer,
            "turn": None if over else s.turn,
            "bonus_turn": s.bonus and not over,
            "mats": [list(m) for m in s.mats],
            "prefix": [prefix_length(m) for m in s.mats],
            "discard_top": s.discard[-1] if s.discard else None,
            "discard_size": len(s.discard),
            "draw_size": len(s.draw),
            "drawn_by": s.turn if s.drawn is not None else None,
            "effect": s.effect,
            "rebuilds": s.rebuilds,
            "max_rebuilds": MAX_REBUILDS,
            "turns": s.turns,
            "turn_limit": TURN_LIMIT,
            "scores": list(s.scores),
            "history": [[_row_view(row) for row in rows] for rows in s.history],
            "outcomes": [{"winner": _winner(w), "reason": r} for w, r in s.outcomes],
            "last_round": _last_round_view(s),
            "dealer_draw": [[seat_, card] for seat_, card in s.dealer_draws],
            "result": None if (r := self.result(s)) is None else r.to_dict(),
        }
        if seat is not None and 0 <= seat < s.seats:
            mine = seat == s.turn and not over
            v["drawn"] = s.drawn if mine else None
            v["pending"] = s.pending if mine else None
            v["prompt"] = _prompt(s) if mine else ""
        return v

    # ----------------------------------------------------------------- search
    def determinize(self, s: ShuffleState, seat: int | None, rng: random.Random) -> ShuffleState:
        """Reorder the draw pile; for anyone but the drawer, deal the drawn card from it too.

        Mats and the discard pile are face up, so the only unseen cards are the draw pile
        and a card just drawn. Once the pile has been rebuilt this round nothing is unseen:
        the discard pile is turned over without shuffling (HS-G17), so everyone who watched
        the cards go onto it knows the new pile card by card, and so the card drawn from it.
        Later rounds are dealt from a fresh seed (and no rig): nobody has seen those deals.
        The unseen cards are sorted before the shuffle, so the deal depends only on what
        `seat` knows and `rng`, never on where the cards really lie.
        """
        t = CODEC.thaw(s)
        if not s.rebuilds:
            hidden = s.drawn if seat != s.turn else None
            pool = sorted([*s.draw, hidden] if hidden is not None else s.draw)
            rng.shuffle(pool)
            if hidden is not None:
                t.drawn = pool.pop()
            t.draw = tuple(pool)
        t.seed = rng.getrandbits(64)
        t.rig = None
        return CODEC.freeze(t)


# --------------------------------------------------------------------- set-up helpers


def choose_dealer(
    seats: int, seed: int, top: Sequence[str] = ()
) -> tuple[int, tuple[tuple[int, str], ...]]:
    """Everyone draws a card in seat order; the earliest date deals (HS rules §4.3).

    Anyone holding a Wild draws again, in seat order, until nobody does (HS-G08). Drawn cards
    stay out until the dealer is known and dated cards all have different days, so there is
    never a tie to redraw (HS-D03). `top` rigs the first cards.
    """
    deck = list(C.ALL_CARDS)
    make_rng(seed, "shuffle", "dealer").shuffle(deck)
    listed = set(top)
    pile = iter([*top, *(c for c in deck if c not in listed)])
    draws: list[tuple[int, str]] = []
    held: dict[int, str] = {}
    drawing = list(range(seats))
    while drawing:
        for seat in drawing:
            held[seat] = next(pile)
            draws.append((seat, held[seat]))
        drawing = [seat for seat in drawing if C.is_wild(held[seat])]
    return min(range(seats), key=lambda seat: C.DAY[held[seat]]), tuple(draws)


def _check_rig(rig: Mapping[str, Any] | None, seats: int) -> dict[str, Any] | None:
    """The rig as plain JSON data, or BAD_OPTIONS (see `Shuffle.new`)."""
    if rig is None:
        return None
    if (
        not isinstance(rig, Mapping)
        or set(rig) - {"decks", "dealer_draw", "dealer"}
        or {"dealer", "dealer_draw"} <= set(rig)
    ):
        raise _bad_rig("use 'decks' plus either 'dealer_draw' or 'dealer'")
    out: dict[str, Any] = {}
    if "dealer" in rig:
        if rig["dealer"] not in range(seats):
            raise _bad_rig("'dealer' must be a seat")
        out["dealer"] = rig["dealer"]
    if "dealer_draw" in rig:
        out["dealer_draw"] = _rig_cards(rig["dealer_draw"])
    if "decks" in rig:
        decks = rig["decks"]
        if not _is_list(decks) or len(decks) > 3:
            raise _bad_rig("'decks' holds one list of cards per round")
        out["decks"] = [_rig_cards(deck) for deck in decks]
    return out


def _is_list(value: Any) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str)


def _rig_cards(value: Any) -> list[str]:
    if not _is_list(value) or not all(isinstance(c, str) and c in C.CARD_SET for c in value):
        raise _bad_rig("a rigged deck is a list of card ids")
    if len(set(value)) != len(value):
        raise _bad_rig("a rigged deck lists each card once")
    return list(value)


def _bad_rig(why: str) -> ActionError:
    return ActionError(ErrorCode.BAD_OPTIONS, f"Bad rig: {why}.")


def _start_round(t: ShuffleDraft, events: list[Event]) -> None:
    """Deal round `t.round_no` into the draft `t` (HS rules §4.3, HS-G26).

    Card k of the deck goes to seat (dealer + 1 + k) mod players, filling mats left to right;
    the next card starts the discard pile and the rest is the draw pile. A mat dealt in order
    wins the round at once (HS-G19), looked for in turn order from the first player (HS-D06).
    """
    decks = (t.rig or {}).get("decks", [])
    deck = list(C.ALL_CARDS)
    make_rng(t.seed, "shuffle", "deal", t.round_no).shuffle(deck)
    if t.round_no < len(decks):
        top = decks[t.round_no]
        listed = set(top)
        deck = [*top, *(c for c in deck if c not in listed)]
    n = t.seats
    first = (t.dealer + 1) % n
    dealt = n * SLOTS
    mats: list[list[str]] = [[] for _ in range(n)]
    for k in range(dealt):
        mats[(first + k) % n].append(deck[k])
    t.mats = tuple(tuple(m) for m in mats)
    t.discard = (deck[dealt],)
    t.draw = tuple(deck[dealt + 1 :])
    t.drawn = t.pending = t.effect = None
    t.again = t.bonus = False
    t.rebuilds = 0
    t.turns = 1
    t.turn = first
    events.append(_event("deal", {"round": t.round_no + 1, "dealer": t.dealer, "first": first}))
    for k in range(n):
        seat = (first + k) % n
        if in_order(t.mats[seat]):
            _end_round(t, events, seat, DEALT)
            return


# --------------------------------------------------------------------- legal actions


def _legal(s: ShuffleState, seat: int) -> tuple[Action, ...]:
    mat = s.mats[seat]
    if s.effect is not None:
        if C.EFFECT[s.effect] == C.SWITCH:
            if s.pending is None:
                return (*_slot_actions("sw", "Switch", mat, _moved), _SKIP_SWITCH)
            return _switch_second(mat, int(s.pending) - 1)
        if s.pending is None:
            return (*_slot_actions("give", "Give", mat, _moved), _SKIP_TRADE)
        other = s.pending.partition(":")[2]
        if not other:
            return (*_opponents(seat, s.seats), _BACK_GIVE)
        back = _BACK_PLAYER if s.seats > 2 else _BACK_GIVE
        return (*_take_actions(int(other), s.mats[int(other)]), back)
    if s.drawn is not None:
        return (*_slot_actions("place", "Replace", mat, _thrown), _DISCARD)
    if s.pending == "take":
        return (*_slot_actions("place", "Replace", mat, _thrown), _BACK_TAKE)
    start = (_take_action(s.discard[-1]), _draw_action(len(s.draw), s.rebuilds))
    return (*start, _END) if s.bonus else start


def _slot_actions(
    verb: str, text: str, mat: tuple[str, ...], hint: Callable[[str], str]
) -> tuple[Action, ...]:
    """One action per slot of `mat`: `verb:<slot>`, labelled `<text> slot <slot> (<card>)`."""
    return tuple(map(_by_card, _slot_menu(verb, text, hint), mat))


class _ByCard(dict[str, Action]):
    """The action one slot offers, by the card in it, each made the first time it is asked
    for: a menu is then one lookup per slot (mats change every turn; cards and slots don't)."""

    def __init__(self, make: Callable[[str], Action]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, card: str) -> Action:
        action = self[card] = self.make(card)
        return action


_by_card = _ByCard.__getitem__


@cache
def _slot_menu(verb: str, text: str, hint: Callable[[str], str]) -> tuple[_ByCard, ...]:
    return tuple(_ByCard(partial(_slot_action, verb, text, k, hint=hint)) for k in range(SLOTS))


def _slot_action(verb: str, text: str, k: int, card: str, hint: Callable[[str], str]) -> Action:
    return Action(f"{verb}:{k + 1}", f"{text} slot {k + 1} ({_on_mat(card)})", hint(card))


def _on_mat(card: str) -> str:
    """A card on a mat in a menu: `Jul 4 Independence Day`, `Wild card`, or a Celebration
    named as one (`Dec 13 National Cocoa Day — Celebration card`), so a menu that throws it
    away or moves it says which card it is about."""
    return f"{C.label(card)} — Celebration card" if card in C.EFFECT else C.label(card)


_WILD = "Wild: any date that keeps it in order"


def _gained(card: str) -> str:
    """The hint for a card you may take and swap in: only then does a Celebration act."""
    if card in C.EFFECT:
        return f"Celebration: swap it in and {C.EFFECT_YOU[C.EFFECT[card]]}"
    return _WILD if C.is_wild(card) else ""


def _thrown(card: str) -> str:
    """The hint for the card a placed card replaces: it goes to the discard pile, where a
    Celebration acts for whoever takes it next, not for you."""
    if card in C.EFFECT:
        return f"Discarded unused; whoever takes it next may {C.EFFECT_THEY[C.EFFECT[card]]}"
    return "Discards your Wild (it fits any date that keeps it in order)" if C.is_wild(card) else ""


def _moved(card: str) -> str:
    """The hint for a card a switch or a trade moves: a Celebration then does nothing (HS-G24)."""
    if card in C.EFFECT:
        return "Switched or traded, a Celebration does nothing"
    return _WILD if C.is_wild(card) else ""


def _switch_second(mat: tuple[str, ...], first: int) -> tuple[Action, ...]:
    """The second slot of a switch whose first slot is `first`: every other slot, then back."""
    menu = _switch_menu(first)
    return (*map(_by_card, menu, mat[:first] + mat[first + 1 :]), _BACK_SWITCH)


@cache
def _switch_menu(first: int) -> tuple[_ByCard, ...]:
    return tuple(_ByCard(partial(_switch_action, first, k)) for k in range(SLOTS) if k != first)


def _switch_action(first: int, k: int, card: str) -> Action:
    return Action(f"sw:{first + 1}:{k + 1}", f"…with slot {k + 1} ({_on_mat(card)})", _moved(card))


def _take_actions(other: int, mat: tuple[str, ...]) -> tuple[Action, ...]:
    """A trade's last step: one action per slot of `other`'s mat."""
    return tuple(map(_by_card, _take_menu(other), mat))


@cache
def _take_menu(other: int) -> tuple[_ByCard, ...]:
    return tuple(_ByCard(partial(_take_action_of, other, k)) for k in range(SLOTS))


def _take_action_of(other: int, k: int, card: str) -> Action:
    return Action(
        f"get:{other}:{k + 1}", f"Take their slot {k + 1} ({_on_mat(card)})", _moved(card)
    )


_WHERE = {1: "on your left", 2: "across from you", 3: "on your right"}


@cache
def _opponents(seat: int, seats: int) -> tuple[Action, ...]:
    out = []
    for k in range(1, seats):
        where = _WHERE[k] if seats == 4 or k == 1 else "on your right"
        other = (seat + k) % seats
        out.append(Action(f"to:{other}", f"Trade with {seat_ref(other)}", f"the player {where}"))
    return tuple(out)


@cache
def _take_action(card: str) -> Action:
    return Action("take", f"Take the discard: {C.label(card)}", _gained(card))


@cache
def _draw_action(left: int, rebuilds: int) -> Action:
    if left:
        return Action("draw", "Draw from the pile", plural(left, "card") + " left")
    if rebuilds < MAX_REBUILDS:
        return Action("draw", "Draw: turn the discard pile over first", "The draw pile is empty")
    return Action("draw", "Draw: the pile is spent, so the round ends", "with no winner")


_END = Action("end", "End your turn (skip the extra turn)")
_DISCARD = Action("discard", "Discard it")
_BACK_TAKE = Action(BACK, "↩ Put it back and choose again", back=True)
_SKIP_SWITCH = Action("skip", "Skip the switch")
_BACK_SWITCH = Action(BACK, "↩ Pick another first card", back=True)
_SKIP_TRADE = Action("skip", "Skip the trade")
_BACK_GIVE = Action(BACK, "↩ Pick another card to give", back=True)
_BACK_PLAYER = Action(BACK, "↩ Pick another player", back=True)


# --------------------------------------------------------------------- moves


def _back(t: ShuffleDraft) -> None:
    """One step back: a trade's third step returns to the second (or, with two players, the
    first); everything else returns to the start of its move. A taken discard goes back on its
    pile, which reveals nothing; a drawn card offers no way back (HS-D05)."""
    pending = t.pending or ""
    if t.effect is not None and pending.count(":") == 1 and t.seats > 2:
        t.pending = pending.partition(":")[0]
    else:
        t.pending = None


def _draw(t: ShuffleDraft, seat: int, events: list[Event]) -> None:
    if not t.draw:  # HS-D04: only a draw turns the pile over, never taking the discard
        if t.rebuilds == MAX_REBUILDS:  # HS-G17: a third rebuild ends the round
            _end_round(t, events, -1, STALEMATE)
            return
        # HS rules §4.4 step 4: turn the discard pile over without shuffling, so its bottom
        # card is the new top, then turn that card face up to start a new discard pile.
        t.rebuilds += 1
        t.discard, t.draw = t.discard[:1], t.discard[1:]
        events.append(
            _event(
                "rebuild",
                {"rebuilds": t.rebuilds, "discard": t.discard[0], "draw_size": len(t.draw)},
            )
        )
    t.drawn, t.draw = t.draw[0], t.draw[1:]
    events.append(_event("draw", {"seat": seat, "draw_size": len(t.draw)}))
    events.append(_event("drew", {"seat": seat, "card": t.drawn}, frozenset({seat})))


def _place(t: ShuffleDraft, seat: int, slot: int, events: list[Event]) -> None:
    """Swap the taken or drawn card into `slot`; the card there goes to the discard pile."""
    if t.drawn is not None:
        card, source = t.drawn, "draw"
        t.drawn = None
        discard = t.discard
    else:
        card, source = t.discard[-1], "discard"
        discard = t.discard[:-1]
    mat = t.mats[seat]
    removed = mat[slot]
    t.mats = _set(t.mats, seat, _set(mat, slot, card))
    t.discard = (*discard, removed)
    t.pending = None
    events.append(
        _event(
            "place",
            {"seat": seat, "slot": slot, "card": card, "removed": removed, "source": source},
        )
    )
    effect = C.EFFECT.get(card)
    if effect is None:
        _end_turn(t, events)
        return
    # HS rules §4.4 step 2: a Celebration kept from the discard or draw pile acts now; the
    # effects are optional (HS-G13).
    events.append(_event("celebration", {"seat": seat, "card": card, "effect": effect}))
    if effect == C.EXTRA:
        t.again = True  # HS-G15: extra turns may chain
        _end_turn(t, events)
    else:
        t.effect = card


def _switch(t: ShuffleDraft, seat: int, arg: str, events: list[Event]) -> None:
    first, _, second = arg.partition(":")
    if not second:
        t.pending = first
        return
    a, b = int(first) - 1, int(second) - 1
    mat = list(t.mats[seat])
    mat[a], mat[b] = mat[b], mat[a]
    t.mats = _set(t.mats, seat, tuple(mat))
    events.append(
        _event(
            "switch", {"seat": seat, "slots": [a, b], "cards": [mat[b], mat[a]], "via": t.effect}
        )
    )
    t.effect = t.pending = None
    _end_turn(t, events)  # a card moved by a switch does nothing (HS-G24)


def _trade(t: ShuffleDraft, seat: int, arg: str, events: list[Event]) -> None:
    """HS-G14: your card takes their slot and theirs takes yours."""
    other_s, _, their_s = arg.partition(":")
    other, theirs = int(other_s), int(their_s) - 1
    mine = int((t.pending or "").partition(":")[0]) - 1
    gave, got = t.mats[seat][mine], t.mats[other][theirs]
    mats = _set(t.mats, seat, _set(t.mats[seat], mine, got))
    t.mats = _set(mats, other, _set(mats[other], theirs, gave))
    events.append(
        _event(
            "trade",
            {
                "seat": seat,
                "other": other,
                "slot": mine,
                "other_slot": theirs,
                "gave": gave,
                "got": got,
                "via": t.effect,
            },
        )
    )
    t.effect = t.pending = None
    _end_turn(t, events, partner=other)  # a card received by trade does nothing (HS-G24)


def _end_turn(t: ShuffleDraft, events: list[Event], partner: int | None = None) -> None:
    """Check for the end of the round (HS-G16), then start the next turn."""
    seat = t.turn
    if in_order(t.mats[seat]):
        _end_round(t, events, seat, WON)
        return
    # Only a Trade changes another mat, so that is the only other mat to look at.
    if partner is not None and in_order(t.mats[partner]):
        _end_round(t, events, partner, WON)
        return
    if t.turns >= TURN_LIMIT:
        _end_round(t, events, -1, TURN_CAP)
        return
    t.turns += 1
    t.bonus = t.again
    t.again = False
    if not t.bonus:
        t.turn = (seat + 1) % t.seats


def _end_round(t: ShuffleDraft, events: list[Event], winner: int, reason: Reason) -> None:
    """Score every mat (HS rules §4.6), then deal the next round or end the game."""
    scored = [score_mat(mat, winner=seat == winner) for seat, mat in enumerate(t.mats)]
    rows: tuple[Row, ...] = tuple(
        (m.points, m.prefix, m.month_runs, m.same_runs, m.wilds) for m in scored
    )
    t.scores = tuple(total + row[0] for total, row in zip(t.scores, rows, strict=True))
    t.history = (*t.history, rows)
    t.outcomes = (*t.outcomes, (winner, reason))
    t.last_mats = t.mats
    events.append(
        _event(
            "round_over",
            {
                "round": t.round_no + 1,
                "winner": _winner(winner),
                "reason": reason,
                "rows": [_row_view(row) for row in rows],
                "scores": list(t.scores),
            },
        )
    )
    t.drawn = t.pending = t.effect = None
    t.again = t.bonus = False
    if t.round_no + 1 == t.rounds:
        t.phase = "over"
        events.append(_event("game_over", Result.from_keys(t.scores).to_dict()))
        return
    t.round_no += 1
    t.dealer = (t.dealer + 1) % t.seats  # HS rules §4.7: the deal passes to the left
    _start_round(t, events)


# --------------------------------------------------------------------- views


def _winner(w: int) -> int | None:
    return None if w < 0 else w


def _row_view(row: Row) -> RowView:
    points, prefix, month_runs, same_runs, wilds = row
    return {
        "points": points,
        "prefix": prefix,
        "month_runs": list(month_runs),
        "same_runs": list(same_runs),
        "wilds": [[slot, day] for slot, day in wilds],
    }


def _last_round_view(s: ShuffleState) -> LastRoundView | None:
    if not s.outcomes or s.last_mats is None:
        return None
    winner, reason = s.outcomes[-1]
    return {
        "round": len(s.outcomes),
        "winner": _winner(winner),
        "reason": reason,
        "mats": [list(m) for m in s.last_mats],
    }


def _headline(s: ShuffleState) -> str:
    if s.phase == "over":
        return "Game over"
    extra = " · extra turn" if s.bonus else ""
    return f"Round {s.round_no + 1} of {s.rounds} · turn {s.turns}{extra} · {len(s.draw)} to draw"


def _prompt(s: ShuffleState) -> str:
    mat = s.mats[s.turn]
    if s.effect is not None:
        name = C.NAME[s.effect]
        if C.EFFECT[s.effect] == C.SWITCH:
            if s.pending is None:
                return f"{name}: switch two of your cards? Pick the first one, or skip."
            k = int(s.pending) - 1
            return f"Switch slot {k + 1} ({C.label(mat[k])}) with which slot?"
        if s.pending is None:
            return f"{name}: trade one of your cards for another player's? Pick yours, or skip."
        mine, _, other = s.pending.partition(":")
        give = C.label(mat[int(mine) - 1])
        if not other:
            return f"Give {give} to which player?"
        return f"Give {give} for which of their cards?"
    if s.drawn is not None:
        return f"You drew {C.label(s.drawn)}: swap it into a slot, or discard it."
    top = C.label(s.discard[-1])
    if s.pending == "take":
        return f"Put {top} into which slot? The card there goes to the discard pile."
    if s.bonus:
        return f"Extra turn: take the discard ({top}), draw a card, or end your turn."
    return f"Take the discard ({top}) or draw a card."


T = TypeVar("T")


def _set(tup: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """`tup` with item `i` replaced (through a list: the quickest way for short tuples)."""
    items = list(tup)
    items[i] = value
    return tuple(items)


GAME = Shuffle()
