"""Ghosts of Christmas rules. Rulings cited as GOC-Gnn are written up in docs/games/ghosts.md."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from operator import itemgetter
from typing import Any, NamedTuple, TypeVar

from engine.base import BaseGame
from engine.ghosts import cards as C
from engine.ghosts import hints, narration
from engine.ghosts.scoring import bid_points, tiny_tim_points
from engine.ghosts.state import CODEC, EventKind, GhostsDraft, GhostsState, HandRow, Trick
from engine.ghosts.summary import SUMMARY
from engine.ghosts.views import GhostsView, HandRowView, LastRoundView
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
)
from engine.search import Searched
from engine.words import plural

MAX_DOORS = 12
CARDS_PER_HAND = 12
BACK = "back"

_OPTIONS = (
    Option(
        "variant",
        "Game",
        (("standard", "Standard (bid with doors)"), ("tiny_tim", "Tiny Tim (no bidding)")),
        "standard",
    ),
    Option("beyond", "Beyond era", (("off", "Off: 3 eras"), ("on", "On: 4 eras, 3 rounds")), "off"),
    Option(
        "start",
        "Later hands start with",
        (("winner", "Last trick's winner"), ("rotate", "Next player in turn")),
        "winner",
    ),
)

_event: EventMaker[EventKind] = Event  # mypy checks each kind made against EventKind


class Ghosts(BaseGame[GhostsDraft, GhostsState, GhostsView]):
    key = "ghosts"
    title = "Ghosts of Christmas"
    summary = SUMMARY
    tagline = (
        "Trick-taking in three eras at once: bid, then win tricks into Past, Present and Future."
    )
    min_seats = 3
    max_seats = 4
    OPTIONS = _OPTIONS
    narrator = narration.narrate
    # Level hard plays for its margin: every hand's points count toward the winner's total.
    objective = "score"
    hard_playouts = 40
    playout_level = "normal"

    def cut(self, root: GhostsState, s: GhostsState, steps: int) -> tuple[int, ...] | None:
        """A search's playout is judged once the hand it began in is scored: the later hands
        are dealt from cards nobody has seen, whatever was played in this one."""
        return s.scores if s.hand_no != root.hand_no else None

    def tell(self, root: GhostsState, seat: int, move: str, s: GhostsState) -> bool | None:
        """For hints: whether the card a searched move plays won its trick (`hints.tell`)."""
        return hints.tell(root, seat, move, s)

    def hint_words(self, s: GhostsState, seat: int, searched: Searched) -> str | None:
        return hints.hint_words(self, s, seat, searched)

    def __init__(self) -> None:
        from engine.ghosts.ai import GhostsNormal  # the policy imports this module's helpers

        super().__init__(CODEC, GhostsNormal())

    # ----------------------------------------------------------------- set-up
    def new(
        self,
        seats: int,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
        rig: Mapping[str, Any] | None = None,
    ) -> GhostsState:
        """Deal the first hand.

        `rig` fixes chance for tests (ENG-01): `{"decks": [deck, ...], "start": seat}`. Deck i
        is used for hand i (top card first, card k goes to seat k mod players); hands without a
        deck, and the start player when `start` is absent, come from the seed.
        """
        check_seats(self, seats)
        opts = normalize_options(self, options)
        rig_data = _check_rig(rig, seats)
        if rig_data is not None and "start" in rig_data:
            start = rig_data["start"]
        else:
            start = make_rng(seed, "ghosts", "start").randrange(seats)
        s = GhostsDraft(
            seats=seats,
            variant="tiny_tim" if opts["variant"] == "tiny_tim" else "standard",
            beyond=opts["beyond"] == "on",
            rotate=opts["start"] == "rotate",
            seed=seed,
            rig=rig_data,
            step=0,
            phase="bid",
            hand_no=0,
            round_no=0,
            hand_first=start,
            marker=start,
            round_start=start,
            turn=start,
            pending=None,
            hands=(),
            bids=(),
            played=(),
            dials=(),
            won=(0,) * seats,
            scores=(0,) * seats,
            seen=(),
            last_played=None,
            last_tricks=None,
            history=(),
            voids=("",) * seats,
        )
        _deal(s)
        return CODEC.freeze(s)

    def max_steps(self, seats: int, options: Mapping[str, str]) -> int:
        # Two steps per bid and two per card; every card of every hand is played.
        return seats * (2 * seats + 2 * seats * CARDS_PER_HAND)

    # ----------------------------------------------------------------- queries
    def to_act(self, s: GhostsState) -> frozenset[int]:
        return frozenset() if s.phase == "over" else self._only[s.turn]

    def choices(self, s: GhostsState, seat: int) -> tuple[Action, ...]:
        return _legal(s, seat)

    def result(self, s: GhostsState) -> Result | None:
        if s.phase != "over":
            return None
        return Result.from_keys(s.scores)

    # ----------------------------------------------------------------- moves
    def apply(
        self, s: GhostsState, seat: int, action_id: str, text: str | None = None
    ) -> tuple[GhostsState, list[Event]]:
        """Apply one action. Anything not offered by `legal` raises and changes nothing."""
        self.check_move(s, seat, action_id, text)
        verb, _, arg = action_id.partition(":")
        t = CODEC.thaw(s)
        t.step += 1
        events: list[Event] = []
        if verb in (BACK, "doors", "card"):  # a first step (or its undo): nothing to narrate
            t.pending = None if verb == BACK else arg
        elif verb == "bid":
            n, _, kind = arg.partition(":")
            events = _bid(t, seat, int(n), kind == "red")
        else:
            card, _, era = arg.partition(":")
            events = _play(t, seat, card, C.ERAS.index(era))
        return CODEC.freeze(t), events

    # ----------------------------------------------------------------- views
    def view(self, s: GhostsState, seat: int | None) -> GhostsView:
        eras = [C.ERAS[i] for i in range(_era_count(s))]
        v: GhostsView = {
            "game": self.key,
            "seat": seat,
            "seats": s.seats,
            "variant": s.variant,
            "beyond": s.beyond,
            "phase": s.phase,
            "finished": s.phase == "over",
            "hand_no": min(s.hand_no + 1, s.seats),
            "hands": s.seats,
            "round_no": s.round_no + 1,
            "rounds": _rounds(s),
            "eras": eras,
            "dials": list(s.dials),
            "played": [list(row) for row in s.played],
            "marker": s.marker,
            "round_start": s.round_start,
            "to_act": sorted(self.to_act(s)),
            "bids": [None if b is None else {"purple": b[0], "red": b[1]} for b in s.bids],
            "won": list(s.won),
            "scores": list(s.scores),
            "hand_sizes": [len(h) for h in s.hands],
            "seen": list(s.seen),
            "last_round": _last_round_view(s),
            "history": [[_hand_row_view(row) for row in hand] for hand in s.history],
            "headline": _headline(s),
            "result": None if (r := self.result(s)) is None else r.to_dict(),
        }
        if seat is not None and 0 <= seat < s.seats:
            hand = s.hands[seat]
            v["hand"] = list(hand)
            suit_eras = eras_by_suit(s, seat)
            v["playable"] = (
                {c: [C.ERAS[e] for e in suit_eras[c[0]]] for c in hand if suit_eras[c[0]]}
                if s.phase == "play" and seat == s.turn
                else {}
            )
            v["pending"] = s.pending if seat == s.turn else None
            v["prompt"] = _prompt(s) if seat == s.turn and s.phase != "over" else ""
        return v

    def load(self, data: Mapping[str, Any]) -> GhostsState:
        """Games saved before `voids` existed load with the voids this round's plays show."""
        if "voids" not in data:
            data = {**data, "voids": _round_voids(data["seats"], data)}
        return CODEC.load(data)

    # ----------------------------------------------------------------- search
    def determinize(self, s: GhostsState, seat: int | None, rng: random.Random) -> GhostsState:
        """Redeal the cards `seat` has not seen among the hands that hold them (sizes kept).

        `seat` keeps its own hand and its half-made move. Everyone else's cards are unseen,
        but not unconstrained: a seat that put a card of another suit into an era whose dial
        was already turned has shown it holds none of the dial's suit (GOC-G07), so it is
        dealt none (`voids`, kept for the whole hand). A card the player to act has
        picked but not yet placed is theirs alone to know: for anyone else it is re-picked
        among the playable cards of their redealt hand. For the public table (`seat` None)
        every hand is unseen. Later hands are dealt from a fresh seed (and no rig): nobody
        has seen those shuffles either. The unseen cards are sorted before they are dealt,
        so the deal depends only on what `seat` knows and `rng`, not on who really holds them.
        """
        others = [i for i in range(s.seats) if i != seat]
        voids = [frozenset(v) for v in s.voids]
        pool = sorted(c for i in others for c in s.hands[i])
        dealt = _deal_constrained(
            pool, {i: len(s.hands[i]) for i in others}, {i: voids[i] for i in others}, rng
        )
        t = CODEC.thaw(s)
        t.hands = tuple(
            tuple(sorted(dealt[i], key=C.sort_key)) if i in dealt else s.hands[i]
            for i in range(s.seats)
        )
        if s.phase == "play" and s.pending is not None and seat != s.turn:
            unpicked = CODEC.thaw(s)  # the redealt hands, before the player to act picked
            unpicked.hands, unpicked.pending = t.hands, None
            picks = _legal(CODEC.freeze(unpicked), s.turn)
            t.pending = rng.choice([a.id for a in picks]).partition(":")[2]
        t.seed = rng.getrandbits(64)
        t.rig = None
        return CODEC.freeze(t)


# --------------------------------------------------------------------- helpers


def _legal(s: GhostsState, seat: int) -> tuple[Action, ...]:
    if s.phase == "over" or seat != s.turn:
        return ()
    if s.phase == "bid":
        return _DOOR_ACTIONS if s.pending is None else _red_actions(int(s.pending))
    table = _turn_table(s)
    if s.pending is None:
        menu = table.menu
        return tuple([menu[card] for card in s.hands[seat] if card in menu])
    return _era_menu(s.pending, table.eras[s.pending[0]])


#: The last `Playable` table of a seat to act, with the hand, cards played and dials it was
#: worked out from. A move's first step shares those tuples with the state before it, so its
#: second step finds the table here (tuples never change: the same objects, the same table).
_table_memo: (
    tuple[tuple[str, ...], tuple[tuple[str | None, ...], ...], tuple[str | None, ...], Playable]
    | None
) = None


def _turn_table(s: GhostsState) -> Playable:
    """The `Playable` table of the seat to act."""
    global _table_memo
    hand, played, dials = s.hands[s.turn], s.played, s.dials
    memo = _table_memo  # one read: another thread may replace it meanwhile
    if memo is not None and memo[0] is hand and memo[1] is played and memo[2] is dials:
        return memo[3]
    table = _playable_for(s, s.turn)
    _table_memo = (hand, played, dials, table)
    return table


def _era_count(s: GhostsDraft) -> int:
    return 4 if s.beyond else 3


def _rounds(s: GhostsDraft) -> int:
    return 3 if s.beyond else 4


def eras_by_suit(s: GhostsState, seat: int) -> dict[str, tuple[int, ...]]:
    """For each suit the seat holds, the eras a card of that suit may go into now (GOC-G07):
    an era the seat has not played into whose dial is face down, matches the suit, or names a
    suit the seat holds none of."""
    return _playable_for(s, seat).eras


def _playable_for(s: GhostsState, seat: int) -> Playable:
    held = frozenset(map(_suit_of, s.hands[seat]))
    # Per era, only what matters to this hand: already played into (closed), a dial naming a
    # suit the hand holds, or free (face down, or naming a suit the hand lacks). Few keys.
    return _playable(
        held,
        tuple(
            [
                _CLOSED if row[seat] is not None else dial if dial in held else None
                for dial, row in zip(s.dials, s.played, strict=False)  # same length
            ]
        ),
    )


Played = tuple[tuple[str | None, ...], ...]
Dials = tuple[str | None, ...]
_CLOSED = "closed"
_suit_of = itemgetter(0)


class Playable(NamedTuple):
    """What a hand's suits allow against the table: `eras` by suit, and `menu`, the
    first-step action of every card of a suit that has somewhere to go."""

    eras: dict[str, tuple[int, ...]]
    menu: dict[str, Action]


@cache  # keys are few: 15 suit sets × (closed, free or a held suit) per era
def _playable(held: frozenset[str], slots: tuple[str | None, ...]) -> Playable:
    eras = {suit: tuple(e for e, d in enumerate(slots) if d is None or d == suit) for suit in held}
    menu = {
        card: _card_action(card, eras[card[0]]) for card in C.ALL_CARDS_SORTED if eras.get(card[0])
    }
    return Playable(eras, menu)


_DOOR_ACTIONS = tuple(
    Action(f"doors:{n}", "0 doors — win no tricks" if n == 0 else plural(n, "door"))
    for n in range(MAX_DOORS + 1)
)


@cache
def _red_actions(n: int) -> tuple[Action, ...]:
    exact = "no tricks" if n == 0 else f"exactly {plural(n, 'trick')}"
    return (
        Action(f"bid:{n}:plain", f"{n} purple only — {exact}, 2 points each"),
        Action(
            f"bid:{n}:red",
            f"{n} purple + red door — {n} or {plural(n + 1, 'trick')}, 1 point each",
        ),
        Action(BACK, "↩ Change the number of doors", back=True),
    )


@cache
def _era_menu(card: str, eras: tuple[int, ...]) -> tuple[Action, ...]:
    """The second step of playing `card`: one action per era it may go into, then back."""
    return (*[_play_action(card, e) for e in eras], _BACK_CARD)


def _play_action(card: str, era: int) -> Action:
    name = C.ERAS[era]
    return Action(f"play:{card}:{name}", f"{C.label(card)} → {C.ERA_NAME[name]}")


@cache
def _card_action(card: str, eras: tuple[int, ...]) -> Action:
    hint = "→ " + ", ".join(C.ERA_NAME[C.ERAS[e]] for e in eras)
    return Action(f"card:{card}", C.label(card), hint)


_BACK_CARD = Action(BACK, "↩ Pick another card", back=True)


def _check_rig(rig: Mapping[str, Any] | None, seats: int) -> dict[str, Any] | None:
    if rig is None:
        return None
    bad = ActionError(
        ErrorCode.BAD_OPTIONS, "The rig must be {'decks': [[card, ...]], 'start': seat}."
    )
    if not isinstance(rig, Mapping) or set(rig) - {"decks", "start"}:
        raise bad
    out: dict[str, Any] = {}
    if "start" in rig:
        if not isinstance(rig["start"], int) or not 0 <= rig["start"] < seats:
            raise bad
        out["start"] = rig["start"]
    if "decks" in rig:
        want = sorted(C.deck(seats))
        decks = [list(d) for d in rig["decks"]]
        if len(decks) > seats or any(sorted(d) != want for d in decks):
            raise ActionError(
                ErrorCode.BAD_OPTIONS,
                f"Each rigged deck must hold exactly the {len(want)} cards in play.",
            )
        out["decks"] = decks
    return out


def _deal(s: GhostsDraft) -> None:
    """Shuffle and deal the hand `s.hand_no` into the draft `s`."""
    decks = (s.rig or {}).get("decks", [])
    if s.hand_no < len(decks):
        deck = list(decks[s.hand_no])
    else:
        deck = list(C.deck(s.seats))
        make_rng(s.seed, "ghosts", "deal", s.hand_no).shuffle(deck)
    n = s.seats
    s.hands = tuple(tuple(sorted(deck[i::n], key=C.sort_key)) for i in range(n))
    s.bids = (None,) * n
    s.won = (0,) * n
    s.voids = ("",) * n
    s.seen = ()
    s.round_no = 0
    s.pending = None
    s.played = ((None,) * n,) * _era_count(s)
    s.dials = (None,) * _era_count(s)
    s.round_start = s.turn = s.marker
    s.hand_first = s.marker
    s.phase = "play" if s.variant == "tiny_tim" else "bid"


def _bid(t: GhostsDraft, seat: int, purple: int, red: bool) -> list[Event]:
    """Record a finished bid in the draft `t`; bidding runs clockwise from the marker."""
    t.bids = _set(t.bids, seat, (purple, red))
    t.pending = None
    t.turn = (seat + 1) % t.seats
    if t.turn == t.marker:  # everyone has bid
        t.phase = "play"
        t.round_start = t.marker
    return [_event("bid", {"seat": seat, "purple": purple, "red": red})]


def _play(t: GhostsDraft, seat: int, card: str, era: int) -> list[Event]:
    """Put `card` into `era` in the draft `t`; resolve the round once it is full."""
    t.pending = None
    hand = t.hands[seat]
    i = hand.index(card)
    t.hands = _set(t.hands, seat, hand[:i] + hand[i + 1 :])
    t.played = _set(t.played, era, _set(t.played[era], seat, card))
    dial = t.dials[era]
    if dial is None:
        t.dials = _set(t.dials, era, card[0])
    elif card[0] != dial and dial not in t.voids[seat]:
        t.voids = _set(t.voids, seat, t.voids[seat] + dial)
    events = [_event("play", {"seat": seat, "card": card, "era": C.ERAS[era]})]
    t.turn = (seat + 1) % t.seats
    if t.turn == t.round_start and all([None not in row for row in t.played]):
        _resolve_round(t, events)
    return events


def _resolve_round(t: GhostsDraft, events: list[Event]) -> None:
    """Score the round's tricks Past → Present → Future (→ Beyond) (GOC-G02, GOC-G19)."""
    won = list(t.won)
    tricks: list[Trick] = []
    for e, row in enumerate(t.played):
        leader = t.marker
        led = row[leader]
        assert led is not None, "a round is resolved once every era is full"
        lead_suit = led[0]
        winner = trick_winner(row, lead_suit)
        won[winner] += 1
        t.marker = winner
        tricks.append((C.ERAS[e], leader, lead_suit, winner))
        events.append(
            _event(
                "trick",
                {
                    "era": C.ERAS[e],
                    "leader": leader,
                    "suit": lead_suit,
                    "winner": winner,
                    "card": row[winner],
                },
            )
        )
    t.won = tuple(won)
    t.seen = t.seen + tuple(c for row in t.played for c in row if c is not None)
    t.last_played = t.played
    t.last_tricks = tuple(tricks)
    t.round_no += 1
    n = t.seats
    t.played = ((None,) * n,) * _era_count(t)
    t.dials = (None,) * _era_count(t)
    t.round_start = t.turn = t.marker
    if t.round_no == _rounds(t):
        _score_hand(t, events)


def trick_winner(row: Sequence[str | None], lead_suit: str) -> int:
    """The highest Heart wins; with no Hearts, the highest card of the scoring suit."""
    best, best_rank = -1, -1
    for trump_pass in (C.HEARTS, lead_suit):
        for seat, card in enumerate(row):
            if card is not None and card[0] == trump_pass and int(card[1:]) > best_rank:
                best, best_rank = seat, int(card[1:])
        if best >= 0:
            return best
    raise AssertionError("the leader's own card always follows the scoring suit")


def _score_hand(t: GhostsDraft, events: list[Event]) -> None:
    rows = []
    scores = list(t.scores)
    for seat in range(t.seats):
        w = t.won[seat]
        if t.variant == "tiny_tim":
            purple, red, pts = -1, False, tiny_tim_points(w, t.seats)
        else:
            bid = t.bids[seat]
            assert bid is not None
            purple, red = bid
            pts = bid_points(w, purple, red)
        scores[seat] += pts
        rows.append((purple, red, w, pts))
    t.scores = tuple(scores)
    t.history = (*t.history, tuple(rows))
    events.append(
        _event(
            "hand_scored",
            {
                "hand": t.hand_no + 1,
                "rows": [{"purple": p, "red": r, "won": w, "points": x} for p, r, w, x in rows],
                "scores": list(scores),
            },
        )
    )
    t.hand_no += 1
    if t.hand_no == t.seats:  # one hand per player
        t.phase = "over"
        result = Result.from_keys(t.scores)
        events.append(_event("game_over", result.to_dict()))
        return
    if t.rotate:  # GOC-G03 option; by default the marker simply stays with the last winner
        t.marker = (t.hand_first + 1) % t.seats
    _deal(t)
    events.append(_event("deal", {"hand": t.hand_no + 1, "start": t.marker}))


def _headline(s: GhostsState) -> str:
    if s.phase == "over":
        return "Game over"
    doing = "Bidding" if s.phase == "bid" else "Playing"
    return f"Hand {s.hand_no + 1} of {s.seats} · Round {s.round_no + 1} of {_rounds(s)} · {doing}"


def _prompt(s: GhostsState) -> str:
    if s.phase == "bid":
        if s.pending is None:
            return "Your bid: how many tricks will you win this hand? Take that many purple doors."
        return f"{plural(int(s.pending), 'purple door')}: add the red door as well?"
    if s.pending is None:
        return "Pick a card to play."
    return f"Play {C.label(s.pending)} into which era?"


def _hand_row_view(row: HandRow) -> HandRowView:
    return {"purple": row[0], "red": row[1], "won": row[2], "points": row[3]}


def _last_round_view(s: GhostsState) -> LastRoundView | None:
    if s.last_played is None or s.last_tricks is None:
        return None
    return {
        "played": [list(row) for row in s.last_played],
        "tricks": [
            {"era": era, "leader": leader, "suit": suit, "winner": winner}
            for era, leader, suit, winner in s.last_tricks
        ],
    }


T = TypeVar("T")


def _set(tup: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """`tup` with item `i` replaced (through a list: the quickest way for short tuples)."""
    items = list(tup)
    items[i] = value
    return tuple(items)


GAME = Ghosts()


# --------------------------------------------------------------------- determinisation


def _round_voids(seats: int, data: Mapping[str, Any]) -> list[str]:
    """The voids shown in the current round of a dumped state (`played` and `dials`): all a
    game saved before `voids` existed can tell."""
    voids = [""] * seats
    for dial, row in zip(data["dials"], data["played"], strict=True):
        for p, card in enumerate(row):
            if card is not None and dial is not None and card[0] != dial and dial not in voids[p]:
                voids[p] += dial
    return voids


def _deal_constrained(
    cards: list[str],
    sizes: Mapping[int, int],
    voids: Mapping[int, frozenset[str]],
    rng: random.Random,
) -> dict[int, list[str]]:
    """Deal `cards` at random so that seat i gets `sizes[i]` of them and none of a suit in
    `voids[i]`. With no voids that is a plain shuffle. Otherwise the cards go one by one to
    a seat drawn in proportion to the room it has left, among the seats that leave the rest
    dealable. The cards come from such a deal, so one always exists."""
    rest = list(cards)
    rng.shuffle(rest)
    hands: dict[int, list[str]] = {}
    if not any(voids[i] for i in sizes):
        at = 0
        for i, n in sizes.items():
            hands[i], at = rest[at : at + n], at + n
        return hands
    room = dict(sizes)
    count = Counter(card[0] for card in rest)
    hands = {i: [] for i in sizes}
    for card in rest:
        count[card[0]] -= 1
        fits = [i for i in room if room[i] and card[0] not in voids[i]]
        while True:
            seat = rng.choices(fits, weights=[room[i] for i in fits])[0]
            room[seat] -= 1
            if _dealable(count, room, voids):
                break
            room[seat] += 1
            fits.remove(seat)
        hands[seat].append(card)
    return hands


def _dealable(
    count: Mapping[str, int], room: Mapping[int, int], voids: Mapping[int, frozenset[str]]
) -> bool:
    """Hall's condition: the cards of every set of suits fit into the room of the seats that
    may hold at least one of those suits."""
    suits = [suit for suit, n in count.items() if n]
    for mask in range(1, 1 << len(suits)):
        chosen = frozenset(suits[b] for b in range(len(suits)) if mask >> b & 1)
        need = sum(count[suit] for suit in chosen)
        if need > sum(n for i, n in room.items() if not chosen <= voids[i]):
            return False
    return True
