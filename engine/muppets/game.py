"""The Muppet Christmas Carol: Spirit of Giving. Rulings cited as MUP-Gnn are written up in
docs/games/muppets.md; Tinsel's own decisions there are cited as MUP-Tinsel-n.

A game runs through four phases: `fix` (setup: a player whose dealt row already matches
replaces cards, MUP-G07), `sing` (the race for the first turn, MUP-G08), `play` and `over`.
A turn is a few small decisions (`stage`): choose a tile, then where its card goes or which
two cards swap; then completed sets are resolved, which can ask the active player which gift
to give away and each completed player which card ends on top of the discard pile.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, TypeVar

from engine.base import BaseGame
from engine.matching import match
from engine.muppets import cards as C
from engine.muppets import hard, narration
from engine.muppets.ai import EASY, MuppetsNormal
from engine.muppets.ids import BACK, PASS, SING
from engine.muppets.state import CODEC, EventKind, MuppetsDraft, MuppetsState
from engine.muppets.summary import SUMMARY
from engine.muppets.views import MuppetsView, SlotView
from engine.protocol import (
    Action,
    ActionError,
    Decision,
    ErrorCode,
    Event,
    EventMaker,
    Kind,
    Result,
    TextSpec,
    check_seats,
    make_rng,
    normalize_options,
    seat_ref,
)
from engine.words import plural

_event: EventMaker[EventKind] = Event  # mypy checks each kind made against EventKind


#: MUP-G26: the game ends after this many turns per player, whatever else is left.
TURN_CAP = 60
#: MUP-G08: seconds the singing race stays open before everyone left is taken to pass.
SING_SECONDS = 30
#: A bound on the setup fix per seat, for `max_steps` only (see MUP-Tinsel-1): every offered
#: replacement can break the set, and the undealt cards come up in turn.
FIX_BOUND = len(C.CARDS)

#: Action ids for the tiles.
TILE_ID = {C.SCROOGE: "scrooge", C.PAST: "past", C.PRESENT: "present", C.YET_TO_COME: "yet"}
ID_TILE = {v: k for k, v in TILE_ID.items()}

KNOW_NAME = {"o": "owner", "p": "placed", "r": "revealed", "s": "seen", "h": "had"}


class Muppets(BaseGame[MuppetsDraft, MuppetsState, MuppetsView]):
    key = "muppets"
    title = "The Muppet Christmas Carol: Spirit of Giving"
    summary = SUMMARY
    tagline = "Complete sets of cards to give the most generous gifts."
    min_seats = 2
    max_seats = 4
    narrator = narration.narrate
    # Level hard plays to win: Gifts are few and ties are broken by their number, so the
    # margin says little that winning does not.
    objective = "win"
    hard_playouts = 500  # about half a second on one core, a few ms each (engine.muppets.hard)
    playout_level = "normal"

    def shortlist(self, s: MuppetsState, seat: int, moves: Sequence[Action]) -> list[Action]:
        return hard.shortlist(self.view(s, seat), moves)

    def cut(self, root: MuppetsState, s: MuppetsState, steps: int) -> list[float] | None:
        return hard.cut(root, s, steps)

    def __init__(self) -> None:
        super().__init__(CODEC, MuppetsNormal(), EASY)

    # ----------------------------------------------------------------- set-up
    def new(
        self,
        seats: int,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
        rig: Mapping[str, Any] | None = None,
    ) -> MuppetsState:
        """Deal, then start the setup fix (or go straight to the singing race, MUP-Tinsel-2).

        `rig` fixes chance for tests (ENG-01): `{"deck": [42 cards, top first], "gifts":
        [18 values, the first one taken first], "first": seat}`. With a rigged deck the
        undealt cards are not shuffled after the setup fix (cards set aside go to the bottom
        in the order they were set aside), so the deck after the deal is exactly the rest of
        the rigged list. `first` is the player drawn when everyone lets someone else start.
        """
        check_seats(self, seats)
        normalize_options(self, options)
        rig_data = _check_rig(rig, seats)
        rigged = rig_data or {}
        if "deck" in rigged:
            deck = list(rigged["deck"])
        else:
            deck = list(C.CARDS)
            make_rng(seed, "muppets", "deal").shuffle(deck)
        if "gifts" in rigged:
            values = tuple(rigged["gifts"])
        else:
            shuffled = list(C.GIFT_VALUES)
            make_rng(seed, "muppets", "gifts").shuffle(shuffled)
            values = tuple(shuffled)
        dealt = 3 * seats
        s = MuppetsDraft(
            seats=seats,
            seed=seed,
            rig=rig_data,
            step=0,
            phase="fix",
            stage="",
            actor=-1,
            turn=-1,
            turns=0,
            first=-1,
            passed=(False,) * seats,
            rows=tuple(deck[:dealt]),  # MUP-G29: three consecutive cards per seat, L, C, R
            know=tuple(_owner_only(seats, p) for p in range(seats)),
            public=(False,) * seats,
            deck=tuple(deck[dealt:]),
            discard=(),
            story=(),
            tile="",
            held=None,
            first_slot=-1,
            followup=False,
            gift_value=values,
            pool=tuple(range(len(values))),
            gifts=((),) * seats,
            gift_from=(-1,) * len(values),
            offer=(),
            completing=-1,
            queue=(),
            sets=(0,) * seats,
            end="",
        )
        _next_fix(s, 0, [])
        return CODEC.freeze(s)

    def decision(self, s: MuppetsState, seat: int) -> Decision | None:
        """The singing race happens in front of everyone, on the table, for 30 seconds
        (MUP-G08); a singer may add a line of the carol. When time is up nobody let anyone
        else start, so the "pass" event of a late seat is left to the clock's own line.
        Everything else is a private choice."""
        if seat not in self.to_act(s):
            return None
        if s.phase == "sing":
            return Decision(
                Kind.RACE,
                self.legal(s, seat),
                public=True,
                seconds=SING_SECONDS,
                on_timeout=PASS,
                text=_CAROL,
                timeout_event=PASS,
            )
        return Decision(Kind.CHOOSE, self.legal(s, seat))

    def text_spec(self, s: MuppetsState, seat: int) -> TextSpec | None:
        """Only the singing race takes text; `check_move` asks on every move."""
        return _CAROL if s.phase == "sing" and seat in self.to_act(s) else None

    def load(self, data: Mapping[str, Any]) -> MuppetsState:
        """Games saved before the table's `public` flags existed load with every centre card
        hidden from the table, except a set being resolved and everything at the end: the safe
        side, since what was shown openly was not recorded then."""
        if "public" not in data:
            over = data["phase"] == "over"
            data = {
                **data,
                "public": [over or p == data["completing"] for p in range(data["seats"])],
            }
        return CODEC.load(data)

    def max_steps(self, seats: int, options: Mapping[str, str]) -> int:
        # Setup fixes, one answer per seat in the race, at most five steps per turn (Yet to
        # Come, its follow-up Present, two slots), and two per completed set (give, discard):
        # a completed row is refilled from the deck, so there are at most 14 + seats of them.
        completions = len(C.CARDS) // 3 + seats
        return FIX_BOUND * seats + seats + 5 * TURN_CAP * seats + 2 * completions

    # ----------------------------------------------------------------- queries
    def to_act(self, s: MuppetsState) -> frozenset[int]:
        if s.phase == "over":
            return frozenset()
        if s.phase == "sing":
            return frozenset(i for i in range(s.seats) if not s.passed[i])
        return self._only[s.actor]

    def choices(self, s: MuppetsState, seat: int) -> tuple[Action, ...]:
        return _legal(s, seat)

    def result(self, s: MuppetsState) -> Result | None:
        if s.phase != "over":
            return None
        scores = _scores(s)
        # Highest score; then the most gift tokens; then a shared victory (ENG-06).
        return Result.from_keys(
            scores, [(sc, len(g)) for sc, g in zip(scores, s.gifts, strict=True)]
        )

    # ----------------------------------------------------------------- moves
    def apply(
        self, s: MuppetsState, seat: int, action_id: str, text: str | None = None
    ) -> tuple[MuppetsState, list[Event]]:
        """Apply one action. Anything not offered by `legal` raises and changes nothing."""
        line = self.check_move(s, seat, action_id, text)
        t = CODEC.thaw(s)
        t.step += 1
        events: list[Event] = []
        verb, _, arg = action_id.partition(":")
        if verb == BACK:
            _back(t)
        elif verb == "fix":
            _fix(t, C.POSITIONS.index(arg), events)
        elif verb == SING:
            _sing(t, seat, line, events)
        elif verb == PASS:
            _pass(t, seat, events)
        elif verb == "tile":
            _choose_tile(t, ID_TILE[arg], events)
        elif verb == "put":
            _put(t, _slot_of(arg), events)
        elif verb == "swap":
            t.first_slot = _slot_of(arg)
            t.stage = "swap2"
        elif verb == "with":
            _swap(t, t.first_slot, _slot_of(arg), events)
        elif verb == "point":
            _point(t, int(arg), events)
        elif verb == "give":
            _give(t, int(arg), events)
        else:  # "top"
            _discard(t, C.POSITIONS.index(arg), events)
        return CODEC.freeze(t), events

    # ----------------------------------------------------------------- views
    def view(self, s: MuppetsState, seat: int | None) -> MuppetsView:
        n = s.seats
        over = s.phase == "over"
        to_act = self.to_act(s)
        result = self.result(s)
        v: MuppetsView = {
            "game": self.key,
            "seat": seat,
            "seats": n,
            "phase": s.phase,
            "stage": _public_stage(s),
            "finished": over,
            "to_act": sorted(to_act),
            "headline": _headline(s),
            "turn": s.turn if s.turn >= 0 else None,
            "turn_no": s.turns + (0 if over else 1),
            "turn_cap": TURN_CAP * n,
            "first_player": s.first if s.first >= 0 else None,
            "passed": [i for i in range(n) if s.passed[i]],
            "rows": [[_slot_view(s, p, pos, seat) for pos in range(3)] for p in range(n)],
            "story": list(s.story),
            "deck": _deck_cards(s.deck),
            "next_tile": None,
            "next_tile_in": None,
            "discard": list(s.discard),
            "gifts_left": len(s.pool),
            "gift_counts": [len(g) for g in s.gifts],
            "sets": list(s.sets),
            "completing": s.completing if s.completing >= 0 else None,
            "using": s.tile if s.stage == "place" and s.tile == C.SCROOGE else None,
            "followup": s.followup,
            "end": s.end or None,
            "scores": _scores(s) if over else None,
            "gift_values": (
                [sorted(s.gift_value[g] for g in held) for held in s.gifts] if over else None
            ),
            "result": None if result is None else result.to_dict(),
        }
        if s.phase != "fix":
            for k, item in enumerate(s.deck):
                if item in C.TILE_SET:
                    v["next_tile"], v["next_tile_in"] = item, k
                    break
        if seat is not None and 0 <= seat < n:
            v["my_gifts"] = [
                {"value": s.gift_value[g], "from": s.gift_from[g] if s.gift_from[g] >= 0 else None}
                for g in s.gifts[seat]
            ]
            v["gave"] = [
                {"to": p, "value": s.gift_value[g]}
                for p in range(n)
                for g in s.gifts[p]
                if s.gift_from[g] == seat
            ]
            mine = seat == s.actor
            v["held"] = s.held if mine else None
            v["offer"] = [s.gift_value[g] for g in s.offer] if mine and s.offer else None
            v["pending"] = (
                {
                    "stage": s.stage,
                    "tile": s.tile or None,
                    "first": None if s.first_slot < 0 else list(divmod(s.first_slot, 3)),
                }
                if mine
                else None
            )
            v["prompt"] = _prompt(s, seat) if seat in to_act else ""
        return v

    # ----------------------------------------------------------------- search
    def determinize(self, s: MuppetsState, seat: int | None, rng: random.Random) -> MuppetsState:
        """Rearrange every card and gift value `seat` cannot know, keeping what it knows.

        Cards: the deck's cards (the tiles keep their places: the stack sizes are public),
        every centre card the seat does not know, and a Scrooge draw it did not make. For the
        public table (`seat` None) that is every centre card not shown openly, even one every
        seat knows (MUP-Tinsel-11). During the setup fix the cards set aside so far stay at
        the bottom of the deck, where everyone saw them go (the outer ones face up; which
        centre card each owner set aside is not recorded, and the deck is shuffled before
        play anyway).
        A centre card is dealt only where it keeps its row a set or not a set, as it was:
        everyone sees when a row is a set (it is resolved at once, or fixed in setup), so the
        re-dealt state is one the game can be in.
        Gifts: the values of the tokens in the pool, of the offer it is not choosing from and
        of gifts it neither holds nor gave. At the end every gift is face up.
        Chance still to come (the shuffle after the fix, the draw for the first player) comes
        from a fresh seed and no rig: nobody has seen it.
        """
        t = CODEC.thaw(s)
        deck = list(s.deck)
        # Every step of the fix sets one card aside under the deck (MUP-G07).
        set_aside = min(s.step, len(deck)) if s.phase == "fix" else 0
        deck_at = [
            k for k, item in enumerate(deck[: len(deck) - set_aside]) if item not in C.TILE_SET
        ]
        centres = [
            p for p in range(s.seats) if s.rows[3 * p + 1] is not None and not _knows(s, p, seat)
        ]
        hidden_held = s.held is not None and seat != s.actor
        cards = [deck[k] for k in deck_at] + [
            c for p in centres if (c := s.rows[3 * p + 1]) is not None
        ]
        if s.held is not None and hidden_held:
            cards.append(s.held)
        cards.sort()  # the deal depends on what `seat` knows and `rng`, not where cards lie
        rows = list(s.rows)
        for p, card in _deal_centres(s, centres, cards, rng).items():
            rows[3 * p + 1] = card
            cards.remove(card)
        rng.shuffle(cards)
        for k in deck_at:
            deck[k] = cards.pop()
        if hidden_held:
            t.held = cards.pop()
        t.deck, t.rows = tuple(deck), tuple(rows)

        tokens = list(s.pool)
        if s.phase != "over":
            tokens += [
                g
                for p in range(s.seats)
                if p != seat
                for g in s.gifts[p]
                if s.gift_from[g] != seat or seat is None
            ]
        if seat is None or seat != s.turn:
            tokens += s.offer
        values = list(s.gift_value)
        shuffled = sorted(values[g] for g in tokens)
        rng.shuffle(shuffled)
        for g, value in zip(tokens, shuffled, strict=True):
            values[g] = value
        t.gift_value = tuple(values)
        t.seed = rng.getrandbits(64)
        t.rig = None
        return CODEC.freeze(t)


def _deal_centres(
    s: MuppetsState, centres: list[int], cards: list[str], rng: random.Random
) -> dict[int, str]:
    """A card from `cards` for each of `centres`, each keeping its row a set exactly when it
    was one. The centres take turns in random order, each drawing among the cards that fit;
    when one finds none left (rare: the few cards that fit went elsewhere), the deal starts
    again, and after a few tries a deal that fits is searched for (one exists: the real
    cards fit)."""
    for _ in range(8):
        left = list(cards)
        dealt: dict[int, str] = {}
        for p in rng.sample(centres, len(centres)):
            outer, right, was = s.rows[3 * p], s.rows[3 * p + 2], _row_is_set(s, p)
            fits = [c for c in left if C.is_set(outer, c, right) == was]
            if not fits:
                break
            dealt[p] = rng.choice(fits)
            left.remove(dealt[p])
        else:
            return dealt
    order = rng.sample(cards, len(cards))
    dealt_cards = match(
        centres,
        order,
        lambda p, c: C.is_set(s.rows[3 * p], c, s.rows[3 * p + 2]) == _row_is_set(s, p),
    )
    assert dealt_cards is not None, "the real centre cards fit"
    return dict(zip(centres, dealt_cards, strict=True))


# --------------------------------------------------------------------- knowledge


def _knows(s: MuppetsDraft, p: int, seat: int | None) -> bool:
    """Does `seat` know seat p's centre card? The public table knows it only once it was
    shown openly, not when every seat happens to know it (MUP-Tinsel-11)."""
    if seat is None:
        return s.public[p]
    return s.know[p][seat] != "-"


@cache
def _owner_only(n: int, owner: int) -> str:
    return "".join("o" if i == owner else "-" for i in range(n))


@cache
def _everyone(n: int, owner: int, code: str) -> str:
    """Everyone knows the card, the owner as owner and the rest for reason `code`."""
    return "".join("o" if i == owner else code for i in range(n))


@cache
def _placed(n: int, owner: int, placer: int) -> str:
    """A card put face down from a private draw: its new owner and whoever put it there."""
    return "".join("o" if i == owner else "p" if i == placer else "-" for i in range(n))


@cache
def _moved(know: str, owner: int) -> str:
    """A centre card moved into another centre keeps everyone who knew it; its new owner now
    knows it too and its old owner remembers it (MUP-G12, MUP-G22)."""
    return "".join("o" if i == owner else "h" if c == "o" else c for i, c in enumerate(know))


@cache
def _revealed(know: str) -> str:
    return "".join("r" if c == "-" else c for c in know)


# --------------------------------------------------------------------- helpers


def _check_rig(rig: Mapping[str, Any] | None, seats: int) -> dict[str, Any] | None:
    if rig is None:
        return None
    bad = ActionError(
        ErrorCode.BAD_OPTIONS,
        "The rig must be {'deck': [42 cards], 'gifts': [18 values], 'first': seat}.",
    )
    if not isinstance(rig, Mapping) or set(rig) - {"deck", "gifts", "first"}:
        raise bad
    out: dict[str, Any] = {}
    if "deck" in rig:
        deck = list(rig["deck"])
        if sorted(deck) != sorted(C.CARDS):
            raise ActionError(ErrorCode.BAD_OPTIONS, "A rigged deck must hold each card once.")
        out["deck"] = deck
    if "gifts" in rig:
        gifts = list(rig["gifts"])
        if sorted(gifts) != sorted(C.GIFT_VALUES):
            raise ActionError(ErrorCode.BAD_OPTIONS, "Rigged gifts must be the 18 gift values.")
        out["gifts"] = gifts
    if "first" in rig:
        if not isinstance(rig["first"], int) or not 0 <= rig["first"] < seats:
            raise bad
        out["first"] = rig["first"]
    return out


T = TypeVar("T")


def _set(tup: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    copy = list(tup)
    copy[i] = value
    return tuple(copy)


def _slot_of(arg: str) -> int:
    """`2:C` → slot index 7."""
    p, _, pos = arg.partition(":")
    return 3 * int(p) + C.POSITIONS.index(pos)


def _slot_id(slot: int) -> str:
    return f"{slot // 3}:{C.POSITIONS[slot % 3]}"


def _row(s: MuppetsDraft, p: int) -> tuple[str | None, str | None, str | None]:
    return s.rows[3 * p], s.rows[3 * p + 1], s.rows[3 * p + 2]


def _full_row(s: MuppetsDraft, p: int) -> tuple[str, str, str]:
    """Seat p's row when it holds three cards (a completed set always does)."""
    left, centre, right = _row(s, p)
    assert left is not None and centre is not None and right is not None, "a full row"
    return left, centre, right


def _row_is_set(s: MuppetsDraft, p: int) -> bool:
    return C.is_set(*_row(s, p))


def _deck_cards(deck: tuple[str, ...]) -> int:
    return sum(1 for item in deck if item not in C.TILE_SET)


def _has_cards(deck: tuple[str, ...]) -> bool:
    """`_deck_cards(deck) > 0`, without counting."""
    return not C.TILE_SET.issuperset(deck)


def _scores(s: MuppetsDraft) -> list[int]:
    return [sum(s.gift_value[g] for g in held) for held in s.gifts]


def _draw(t: MuppetsDraft, events: list[Event]) -> str | None:
    """Take the top card of the deck (None when no cards are left). Tiles never stay on top:
    one that surfaces is revealed at once."""
    if not t.deck:
        return None
    card, t.deck = t.deck[0], t.deck[1:]
    _surface_tiles(t, events)
    return card


def _surface_tiles(t: MuppetsDraft, events: list[Event]) -> None:
    """A Story tile on top of the deck is revealed and usable from now on (MUP-G06)."""
    while t.deck and t.deck[0] in C.TILE_SET:
        t.story += (t.deck[0],)
        events.append(_event("tile_revealed", {"tile": t.deck[0]}))
        t.deck = t.deck[1:]


# --------------------------------------------------------------------- set-up


def _fix_slots(row: tuple[str, str, str]) -> tuple[int, ...]:
    """The positions worth replacing in a matching row (MUP-Tinsel-1): not one whose other
    two cards are both Wild, since those two match whatever comes. With three Wilds any."""
    useful = tuple(
        pos for pos in range(3) if not all(C.is_wild(row[o]) for o in range(3) if o != pos)
    )
    return useful or (0, 1, 2)


def _next_fix(t: MuppetsDraft, start: int, events: list[Event]) -> None:
    """Hand the fix to the next seat (from `start`, in seat order) whose row matches
    (MUP-G07); when there is none, prepare the deck and open the singing race."""
    for p in range(start, t.seats):
        if _row_is_set(t, p):
            t.phase, t.actor = "fix", p
            return
    _prepare_deck(t, events)


def _fix(t: MuppetsDraft, pos: int, events: list[Event]) -> None:
    """Swap the chosen card for the top undealt card, same slot, same facing (MUP-G07); the
    old card goes under the undealt cards. No gifts in setup."""
    p = t.actor
    slot = 3 * p + pos
    old, new = t.rows[slot], t.deck[0]
    assert old is not None, "rows are full during the setup fix"
    t.deck = (*t.deck[1:], old)
    t.rows = _set(t.rows, slot, new)
    if pos == C.CENTRE:
        events.append(_event("fix", {"seat": p, "pos": "C", "old": None, "new": None}))
        events.append(_event("peek", {"seat": p, "card": new}, frozenset({p})))
    else:
        events.append(_event("fix", {"seat": p, "pos": C.POSITIONS[pos], "old": old, "new": new}))
    if _row_is_set(t, p):
        return  # the same player replaces again
    _next_fix(t, p + 1, events)


def _prepare_deck(t: MuppetsDraft, events: list[Event]) -> None:
    """Shuffle the undealt cards once, split them into four stacks from the top (earlier
    stacks take the extra cards, MUP-G05), top each with its tile and pile them in story
    order (MUP-G04). Scrooge surfaces at once."""
    cards = list(t.deck)
    if t.rig is None or "deck" not in t.rig:
        make_rng(t.seed, "muppets", "restack").shuffle(cards)
    n, k = len(cards), len(C.TILES)
    sizes = [n // k + (1 if i < n % k else 0) for i in range(k)]
    deck: list[str] = []
    at = 0
    for tile, size in zip(C.TILES, sizes, strict=True):
        deck += [tile, *cards[at : at + size]]
        at += size
    t.deck = tuple(deck)
    events.append(_event("deck", {"stacks": sizes}))
    _surface_tiles(t, events)
    t.phase, t.stage, t.actor = "sing", "", -1
    t.passed = (False,) * t.seats


def _sing(t: MuppetsDraft, seat: int, line: str | None, events: list[Event]) -> None:
    """Whoever sings first takes the first turn (MUP-G08); the line sung, if typed, is public."""
    events.append(_event("sing", {"seat": seat, "line": line} if line else {"seat": seat}))
    _start_play(t, seat, events)


def _pass(t: MuppetsDraft, seat: int, events: list[Event]) -> None:
    t.passed = _set(t.passed, seat, True)
    events.append(_event("pass", {"seat": seat}))
    if all(t.passed):  # nobody sang: draw the first player (MUP-G08)
        rig = t.rig or {}
        first = rig.get("first")
        if first is None:
            first = make_rng(t.seed, "muppets", "first").randrange(t.seats)
        events.append(_event("drawn", {"seat": first}))
        _start_play(t, first, events)


def _start_play(t: MuppetsDraft, first: int, events: list[Event]) -> None:
    t.phase, t.first = "play", first
    _start_turn(t, first, events)


def _start_turn(t: MuppetsDraft, seat: int, events: list[Event]) -> None:
    t.turn = t.actor = seat
    t.stage, t.tile, t.followup = "tile", "", False
    events.append(_event("turn", {"seat": seat, "turn": t.turns + 1}))


# --------------------------------------------------------------------- a turn


def _usable_tiles(s: MuppetsDraft) -> list[str]:
    """The revealed tiles the active player may choose now (MUP-G11, MUP-G13)."""
    usable = [
        tile
        for tile in s.story
        if tile != C.YET_TO_COME
        and (tile != C.PAST or s.discard)
        and (tile != C.SCROOGE or _has_cards(s.deck))
    ]
    if usable and C.YET_TO_COME in s.story and not s.followup:
        usable.append(C.YET_TO_COME)
    return usable


def _back(t: MuppetsDraft) -> None:
    """One step back within a move, before anything was revealed (MUP-Tinsel-8)."""
    if t.stage == "swap2":
        t.stage, t.first_slot = "swap", -1
    else:  # choosing the Past card's slot, Present's first card, or Yet to Come's target
        t.stage, t.tile = "tile", ""


def _choose_tile(t: MuppetsDraft, tile: str, events: list[Event]) -> None:
    t.tile = tile
    if tile == C.SCROOGE:
        # Drawing happens at once: no going back from here.
        t.held = _draw(t, events)
        events.append(_event("draw", {"seat": t.turn}))
        events.append(_event("drew", {"seat": t.turn, "card": t.held}, frozenset({t.turn})))
        t.stage = "place"
    elif tile == C.PAST:
        t.stage = "place"  # the card stays on the discard pile until it is placed
    elif tile == C.PRESENT:
        t.stage = "swap"
    else:
        t.stage = "point"


def _put(t: MuppetsDraft, slot: int, events: list[Event]) -> None:
    """Scrooge or Past: the card in hand replaces the card in `slot`, which goes face up on
    the discard pile (MUP-G10, MUP-G27). Into a centre it goes face down."""
    a = t.turn
    owner, pos = divmod(slot, 3)
    if t.tile == C.SCROOGE:
        card, source = t.held, "scrooge"
        t.held = None
    else:
        card, source = t.discard[-1], "past"
        t.discard = t.discard[:-1]
    assert card is not None
    old = t.rows[slot]
    # A refill can leave a slot empty only when the deck runs out, which ends the game.
    assert old is not None, "rows are full while turns are played"
    t.rows = _set(t.rows, slot, card)
    t.discard += (old,)
    data: dict[str, Any] = {"seat": a, "source": source, "owner": owner, "pos": C.POSITIONS[pos]}
    data["old"] = old
    if pos != C.CENTRE:
        data["card"] = card
    elif source == "past":  # everyone saw it on the discard pile (MUP-Tinsel-7)
        t.know = _set(t.know, owner, _everyone(t.seats, owner, "s"))
        t.public = _set(t.public, owner, True)
        data["card"] = card
    else:  # only the drawer and the new owner know a Scrooge card put face down
        t.know = _set(t.know, owner, _placed(t.seats, owner, a))
        t.public = _set(t.public, owner, False)
        data["card"] = None
        if owner != a:
            events.append(_event("peek", {"seat": owner, "card": card}, frozenset({owner})))
    events.append(_event("put", data))
    _resolve(t, events)


def _swap(t: MuppetsDraft, x: int, y: int, events: list[Event]) -> None:
    """Present: two distinct slots trade cards (MUP-G12). Outer cards are face up and
    centre cards face down afterwards; knowledge travels with each card."""
    n = t.seats
    cx, cy = t.rows[x], t.rows[y]
    # What was known about each card, and whether the table had seen it, if it was a centre.
    kx, ky = t.know[x // 3], t.know[y // 3]
    ox, oy = t.public[x // 3], t.public[y // 3]
    t.rows = _set(_set(t.rows, x, cy), y, cx)
    shown: dict[str, str | None] = {}
    for dest, src, card, known, shown_openly in ((x, y, cy, ky, oy), (y, x, cx, kx, ox)):
        owner = dest // 3
        if dest % 3 != C.CENTRE:
            shown[_slot_id(dest)] = card
            continue
        if src % 3 != C.CENTRE:  # it was face up a moment ago
            t.know = _set(t.know, owner, _everyone(n, owner, "s"))
            t.public = _set(t.public, owner, True)
            shown[_slot_id(dest)] = card
        else:  # centre to centre: nobody peeks, the new owner looks
            t.know = _set(t.know, owner, _moved(known, owner))
            t.public = _set(t.public, owner, shown_openly)
            # The table names it only if it had been shown there (MUP-Tinsel-11), even when
            # every seat knows it; the new owner is told privately.
            shown[_slot_id(dest)] = card if shown_openly else None
            if not shown_openly:
                events.append(_event("peek", {"seat": owner, "card": card}, frozenset({owner})))
    events.append(
        _event("swap", {"seat": t.turn, "a": _slot_id(x), "b": _slot_id(y), "shown": shown})
    )
    t.first_slot = -1
    _resolve(t, events)


def _point(t: MuppetsDraft, p: int, events: list[Event]) -> None:
    """Yet to Come: a centre card is shown to everyone, then another tile is used
    (MUP-G13)."""
    t.know = _set(t.know, p, _revealed(t.know[p]))
    t.public = _set(t.public, p, True)
    events.append(_event("reveal", {"seat": t.turn, "owner": p, "card": t.rows[3 * p + 1]}))
    t.stage, t.tile, t.followup = "tile", "", True


# --------------------------------------------------------------------- completing sets


def _resolve(t: MuppetsDraft, events: list[Event]) -> None:
    """Find every completed row: the active player's first, then clockwise (MUP-G14)."""
    t.tile, t.held = "", None
    n = t.seats
    order = [(t.turn + k) % n for k in range(n)]
    t.queue = tuple(p for p in order if _row_is_set(t, p))
    _next_completion(t, events)


def _next_completion(t: MuppetsDraft, events: list[Event]) -> None:
    t.completing = -1
    if t.queue:
        p, t.queue = t.queue[0], t.queue[1:]
        _complete(t, p, events, chain=False)
    else:
        _end_turn(t, events)


def _complete(t: MuppetsDraft, p: int, events: list[Event], chain: bool) -> None:
    """Flip and announce P's set, hand out gifts, then ask P for the discard order."""
    a = t.turn
    t.completing = p
    t.know = _set(t.know, p, _revealed(t.know[p]))
    t.public = _set(t.public, p, True)
    t.sets = _set(t.sets, p, t.sets[p] + 1)
    row = _full_row(t, p)
    events.append(
        _event(
            "set",
            {"seat": p, "by": a, "name": C.set_name(row), "cards": list(row), "chain": chain},
        )
    )
    if chain or p == a:  # your own set, or a matching refill (MUP-G15): one gift, blind
        if t.pool:
            _take(t, p, events)
    elif len(t.pool) >= 2:  # someone else's set: two gifts to look at, give one away
        t.offer, t.pool = t.pool[:2], t.pool[2:]
        t.stage, t.actor = "give", a
        events.append(_event("offer", {"seat": a, "for": p}))
        values = [t.gift_value[g] for g in t.offer]
        events.append(_event("looked", {"seat": a, "values": values}, frozenset({a})))
        return
    elif t.pool:  # the last gift goes to the active player (MUP-G19)
        _take(t, a, events, last_for=p)
    t.stage, t.actor = "discard", p


def _take(t: MuppetsDraft, seat: int, events: list[Event], last_for: int = -1) -> None:
    """`seat` takes the top gift of the pool blind; they may look at it (MUP-G09)."""
    g, t.pool = t.pool[0], t.pool[1:]
    t.gifts = _set(t.gifts, seat, (*t.gifts[seat], g))
    data = {"seat": seat, "count": len(t.gifts[seat]), "left": len(t.pool), "last_for": last_for}
    events.append(_event("gift", data))
    events.append(_event("value", {"seat": seat, "value": t.gift_value[g]}, frozenset({seat})))


def _give(t: MuppetsDraft, value: int, events: list[Event]) -> None:
    """The active player gives the gift worth `value` and keeps the other (MUP-G20)."""
    a, p = t.turn, t.completing
    g0, g1 = t.offer
    given, kept = (g0, g1) if t.gift_value[g0] == value else (g1, g0)
    t.gifts = _set(t.gifts, p, (*t.gifts[p], given))
    t.gifts = _set(t.gifts, a, (*t.gifts[a], kept))
    t.gift_from = _set(t.gift_from, given, a)
    t.offer = ()
    events.append(_event("give", {"seat": a, "to": p, "left": len(t.pool)}))
    kept_value = t.gift_value[kept]
    events.append(
        _event("gave", {"seat": a, "to": p, "value": value, "kept": kept_value}, frozenset({a}))
    )
    events.append(_event("received", {"seat": p, "by": a, "value": value}, frozenset({p})))
    t.stage, t.actor = "discard", p


def _discard(t: MuppetsDraft, top: int, events: list[Event]) -> None:
    """P discards the set face up with the chosen card on top (MUP-G16), the other two under
    it in row order (MUP-Tinsel-5), then refills L, C, R from the deck (MUP-G29, MUP-G17)."""
    p = t.completing
    row = _full_row(t, p)
    order = [row[pos] for pos in range(3) if pos != top] + [row[top]]
    t.discard += tuple(order)
    events.append(_event("discard", {"seat": p, "cards": order}))
    new: list[str | None] = []
    for _ in range(3):
        new.append(_draw(t, events))
    t.rows = t.rows[: 3 * p] + tuple(new) + t.rows[3 * p + 3 :]
    t.know = _set(t.know, p, _owner_only(t.seats, p))
    t.public = _set(t.public, p, False)
    centre = new[1] is not None
    events.append(_event("refill", {"seat": p, "L": new[0], "R": new[2], "centre": centre}))
    if centre:
        events.append(_event("peek", {"seat": p, "card": new[1]}, frozenset({p})))
    # A matching refill: another gift (MUP-G15); with no gifts left it stays (MUP-Tinsel-3).
    if C.is_set(*new) and t.pool:
        _complete(t, p, events, chain=True)
        return
    _next_completion(t, events)


def _end_turn(t: MuppetsDraft, events: list[Event]) -> None:
    """One end check per turn (MUP-G18), then the turn cap (MUP-G26)."""
    t.turns += 1
    if not t.pool:
        t.end = "gifts"
    elif not _has_cards(t.deck):
        t.end = "deck"
    elif t.turns >= TURN_CAP * t.seats:
        t.end = "cap"
    if not t.end:
        _start_turn(t, (t.turn + 1) % t.seats, events)
        return
    # The end: gifts are turned face up, and so are the rows (MUP-Tinsel-4).
    t.phase, t.stage, t.actor, t.followup = "over", "", -1, False
    t.know = tuple(_revealed(k) for k in t.know)
    t.public = (True,) * t.seats
    scores = _scores(t)
    result = Result.from_keys(scores, [(sc, len(g)) for sc, g in zip(scores, t.gifts, strict=True)])
    events.append(
        _event(
            "game_over",
            {
                "reason": t.end,
                "scores": scores,
                "gifts": [len(g) for g in t.gifts],
                "centres": [t.rows[3 * p + 1] for p in range(t.seats)],
                **result.to_dict(),
            },
        )
    )


# --------------------------------------------------------------------- legal actions


def _legal(s: MuppetsState, seat: int) -> tuple[Action, ...]:
    if s.phase == "over" or not 0 <= seat < s.seats:
        return ()
    if s.phase == "sing":  # passing is final (MUP-Tinsel-10)
        return () if s.passed[seat] else _SING_ACTIONS
    if seat != s.actor:
        return ()
    if s.phase == "fix":
        row = _full_row(s, seat)
        return tuple(_fix_action(p, row[p]) for p in _fix_slots(row))
    stage = s.stage
    if stage == "tile":
        tiles = _usable_tiles(s)
        top = s.discard[-1] if s.discard else ""
        return tuple(_tile_action(tile, top) for tile in tiles)
    if stage == "place":
        actions = [_put_action(seat, slot, card) for slot, card in enumerate(_cards_for(s, seat))]
        if s.tile == C.PAST:
            actions.append(_BACK_TILE)
        return tuple(actions)
    if stage == "swap":
        actions = [
            _slot_action("swap", seat, slot, card) for slot, card in enumerate(_cards_for(s, seat))
        ]
        return (*actions, _BACK_TILE)
    if stage == "swap2":
        actions = [
            _slot_action("with", seat, slot, card)
            for slot, card in enumerate(_cards_for(s, seat))
            if slot != s.first_slot
        ]
        return (*actions, _BACK_SWAP)
    if stage == "point":
        return (*[_point_action(seat, p) for p in range(s.seats)], _BACK_TILE)
    if stage == "give":
        values = [s.gift_value[g] for g in s.offer]
        return _give_actions(s.completing, max(values), min(values))
    # "discard"
    return tuple(_top_action(pos, s.rows[3 * seat + pos]) for pos in range(3))


def _cards_for(s: MuppetsState, seat: int) -> list[str | None]:
    """`_card_for` of every slot, in slot order."""
    cards = list(s.rows)
    for p, know in enumerate(s.know):
        if know[seat] == "-":
            cards[3 * p + C.CENTRE] = None
    return cards


def _card_for(s: MuppetsState, slot: int, seat: int) -> str | None:
    """The card in `slot` if `seat` can see it, else None."""
    if slot % 3 != C.CENTRE or s.know[slot // 3][seat] != "-":
        return s.rows[slot]
    return None


def _whose(owner: int, seat: int, capital: bool = False) -> str:
    if owner == seat:
        return "Your" if capital else "your"
    return f"{seat_ref(owner)}'s"


_SING_ACTIONS = (
    Action(
        SING,
        "🎶 I'm singing!",
        "Sing a Christmas carol: the first singer starts",
    ),
    Action(PASS, "Let someone else start", "Pass: if nobody sings, the first player is drawn"),
)
_CAROL = TextSpec(SING, "A line of the carol you're singing", 10, 400, optional=True)
_BACK_TILE = Action(BACK, "↩ Choose another tile", back=True)
_BACK_SWAP = Action(BACK, "↩ Choose another first card", back=True)
_TILE_HINT = {
    C.SCROOGE: "Draw the top card, look at it, then put it in any slot",
    C.PAST: "Put the top card of the discard pile in any slot",
    C.PRESENT: "Swap any two cards on the table",
    C.YET_TO_COME: "Show everyone a centre card, then use another tile",
}


@cache
def _tile_action(tile: str, top: str) -> Action:
    if tile == C.SCROOGE:
        label = "Scrooge: draw a card"
    elif tile == C.PAST:
        label = f"Past: take {C.label(top)} from the discard pile"
    elif tile == C.PRESENT:
        label = "Present: swap two cards"
    else:
        label = "Yet to Come: reveal a centre card"
    return Action(f"tile:{TILE_ID[tile]}", label, _TILE_HINT[tile])


@cache
def _fix_action(pos: int, card: str) -> Action:
    name = C.POSITION_NAME[C.POSITIONS[pos]]
    hint = "The new card goes in face down" if pos == C.CENTRE else "The new card goes in face up"
    return Action(f"fix:{C.POSITIONS[pos]}", f"Replace your {name} card: {C.label(card)}", hint)


def _slot_text(seat: int, slot: int, card: str | None, capital: bool = False) -> str:
    owner, pos = divmod(slot, 3)
    whose = _whose(owner, seat, capital)
    if pos != C.CENTRE:
        return f"{whose} {C.POSITION_NAME[C.POSITIONS[pos]]} card: {C.label(card or '')}"
    if card is None:
        return f"{whose} centre card (face down, unknown)"
    return f"{whose} centre card (face down): {C.label(card)}"


@cache
def _put_action(seat: int, slot: int, card: str | None) -> Action:
    owner, pos = divmod(slot, 3)
    whose = _whose(owner, seat)
    old = C.label(card) if card is not None else "an unknown card"
    if pos == C.CENTRE:
        label = f"Put it in {whose} centre (face down), replacing {old}"
    else:
        label = f"Put it in {whose} {C.POSITION_NAME[C.POSITIONS[pos]]} slot, replacing {old}"
    return Action(f"put:{_slot_id(slot)}", label, "The card it replaces goes on the discard pile")


@cache
def _slot_action(verb: str, seat: int, slot: int, card: str | None) -> Action:
    if verb == "swap":
        return Action(f"swap:{_slot_id(slot)}", _slot_text(seat, slot, card, capital=True))
    return Action(f"with:{_slot_id(slot)}", "Swap with " + _slot_text(seat, slot, card))


@cache
def _point_action(seat: int, p: int) -> Action:
    if p == seat:
        return Action(f"point:{p}", "Reveal your own centre card", "Everyone sees it")
    return Action(f"point:{p}", f"Reveal {seat_ref(p)}'s centre card", "Everyone sees it")


@cache
def _give_actions(p: int, high: int, low: int) -> tuple[Action, ...]:
    """Give the lower or the higher gift; one button when they are equal (MUP-Tinsel-9)."""
    if high == low:
        return (
            Action(f"give:{high}", f"Give a {high}-point gift to {seat_ref(p)}, keep the other"),
        )
    return (
        Action(f"give:{low}", f"Give the {low}-point gift to {seat_ref(p)}, keep the {high}"),
        Action(f"give:{high}", f"Give the {high}-point gift to {seat_ref(p)}, keep the {low}"),
    )


@cache
def _top_action(pos: int, card: str) -> Action:
    return Action(
        f"top:{C.POSITIONS[pos]}",
        f"Put {C.label(card)} on top of the discard pile",
        "The Ghost of Christmas Past can take the top card",
    )


# --------------------------------------------------------------------- views


def _public_stage(s: MuppetsState) -> str:
    """What the table sees of the current step. Choices that can still be taken back (a
    tile other than Scrooge, Present's first card, Yet to Come's target) look like the
    active player still choosing a tile (MUP-Tinsel-8)."""
    if s.phase != "play":
        return s.phase
    if s.stage in ("give", "discard") or (s.stage == "place" and s.tile == C.SCROOGE):
        return s.stage
    return "tile"


def _slot_view(s: MuppetsState, p: int, pos: int, seat: int | None) -> SlotView:
    card = s.rows[3 * p + pos]
    if pos != C.CENTRE:
        return {"card": card, "face_up": True, "empty": card is None, "know": None}
    know = s.know[p]
    face_up = s.completing == p or s.phase == "over"
    if card is None or not _knows(s, p, seat):
        return {"card": None, "face_up": face_up, "empty": card is None, "know": None}
    how = "everyone" if seat is None else KNOW_NAME[know[seat]]
    return {"card": card, "face_up": face_up, "empty": False, "know": how}


def _headline(s: MuppetsState) -> str:
    if s.phase == "fix":
        return f"Setting up · {seat_ref(s.actor)} replaces a card from a matching row"
    if s.phase == "sing":
        return "Who starts? Whoever sings a carol first 🎶"
    deck = _deck_cards(s.deck)
    if s.phase == "over":
        why = {"gifts": "the last gift is gone", "deck": "the deck is empty"}
        return f"Game over · {why.get(s.end, 'the turn limit is reached')}"
    return (
        f"Turn {s.turns + 1} · {seat_ref(s.turn)} to play · {plural(deck, 'card')} in the deck"
        f" · {plural(len(s.pool), 'gift')} left"
    )


def _prompt(s: MuppetsState, seat: int) -> str:
    if s.phase == "fix":
        return "Your three cards match: pick one to replace with the next card from the deck."
    if s.phase == "sing":
        return "Sing a Christmas carol to take the first turn, or let someone else start."
    stage = s.stage
    if stage == "tile":
        return "Now choose another tile to use." if s.followup else "Choose a Story tile."
    if stage == "place":
        card = s.held if s.tile == C.SCROOGE else s.discard[-1]
        where = "You drew" if s.tile == C.SCROOGE else "From the discard pile:"
        return f"{where} {C.label(card or '')}. Which card does it replace?"
    if stage == "swap":
        return "Present: pick the first of the two cards to swap."
    if stage == "swap2":
        first = _slot_text(seat, s.first_slot, _card_for(s, s.first_slot, seat))
        return f"Swap {first} with which card?"
    if stage == "point":
        return "Yet to Come: whose centre card should everyone see?"
    if stage == "give":
        a, b = (s.gift_value[g] for g in s.offer)
        return (
            f"You drew gifts worth {a} and {b}: give one to {seat_ref(s.completing)},"
            " keep the other."
        )
    return "Your set is complete! Which card goes on top of the discard pile?"


GAME = Muppets()
