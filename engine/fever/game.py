"""Holiday Fever rules. Rulings cited as HF-Gnn are in the project's rules file and summarised,
with our own HF-Dnn, in docs/games/fever.md.

The turn is an agenda of small tasks (state.py); the rules for each are in `turn.py` (the
roll and the move), `spaces.py` (the town), `nn.py` (Naughty-or-Nice), `december.py`
(December, the Race, the Reunion, Christmas), `talk.py` (speeches) and `scoring.py`;
`flow.py` wires them up, and this module speaks the protocol: set-up, decisions, views and
determinisation.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.base import BaseGame
from engine.fever import board as B
from engine.fever import cards as C
from engine.fever import flow, narration
from engine.fever.ai import GATHERER, NORMAL, FeverEasy
from engine.fever.common import act, bit, event, task
from engine.fever.december import NONE
from engine.fever.dice import OLD_DICE, SPLITMIX
from engine.fever.finale import final_report, money, sing_along
from engine.fever.hidden import determinize
from engine.fever.scoring import result, sheet
from engine.fever.setup import boxed, check_rig, stack
from engine.fever.spaces import ESTATE, TAKES, basket, gift_list
from engine.fever.spaces import GROUPS as GROUP_NAMES
from engine.fever.state import CODEC, PUBLIC, FeverDraft, FeverState
from engine.fever.summary import SUMMARY
from engine.fever.talk import DONATE, SPEECH, spec
from engine.fever.texts import headline, prompt
from engine.fever.views import (
    EntryView,
    FamilyView,
    FeverView,
    GiftSlotView,
    PendingView,
    SheetView,
    StoreView,
)
from engine.protocol import (
    Action,
    Decision,
    Event,
    Kind,
    Option,
    Result,
    TextSpec,
    check_seats,
    make_rng,
    normalize_options,
    seat_choices,
)

CLAIM = "claim"
#: The Mistletoe window (HF-G69): long enough to read the offer.
MISTLETOE_SECONDS = 30
#: A bound on the decisions of one turn without `back` (pre-roll cards and the Stocking, the
#: roll, a four-item store with its Values, a Reunion for everyone, donations, reactions).
STEPS_PER_TURN = 80
#: Race rounds allowed for in `max_steps`: a Race lasts a few rounds; missing Christmas for
#: this many in a row has a chance far below one in a billion.
RACE_ROUNDS = 150
#: The clock of a Race turn's own steps and what it plays on timeout (HF-G26).
_RACE_DEFAULT = {"pre": "roll", "express": "go", "post": "end", "snow": "keep:1"}
#: The phases of turns, where the agenda's top task owes the decision.
_TURNS = frozenset({"play", "race"})
#: Each family picks its colour in the lobby; the rest are handed out red first (§2.5).
COLOUR_OPTION = Option(
    "colours",
    "Colour",
    tuple((f.colour, f"{f.emoji} {f.name}") for f in B.FAMILIES),
    "",
    per_seat=True,
)


class Fever(BaseGame[FeverDraft, FeverState, FeverView]):
    key = "fever"
    title = "Holiday Fever: A Family Tradition"
    summary = SUMMARY
    tagline = (
        "Roll around town to shop, pay bills and give speeches, or race to decorate your tree"
        " before Christmas."
    )
    min_seats = B.MIN_PLAYERS
    max_seats = B.MAX_PLAYERS
    narrator = narration.narrate
    # Level hard plays to win: one family gets to Christmas first, and dollars past the
    # winner's total buy nothing.
    objective = "win"
    # A long game decided by dice: one move seldom changes the outcome, a plan held to the
    # end does. Level hard weighs two (engine.search.Planning): gather Gifts and bring on
    # the Race (the first, kept when the budget is too small to compare), or `normal`'s
    # way, which decorates the tree when the position favours it.
    plans = (GATHERER, NORMAL)
    plan_names = (
        "gathering Gifts to bring on the Race early",
        "playing steadily and decorating the tree when it pays",
    )
    hard_playouts = 50  # 25 a plan: p99 under a second at six families (bench.ai_speed)
    OPTIONS = (COLOUR_OPTION,)
    record_name = "family record"
    keepsake = "A note for future players"

    def __init__(self) -> None:
        super().__init__(CODEC, NORMAL, FeverEasy())

    # ----------------------------------------------------------------- set-up
    def new(
        self,
        seats: int,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
        rig: Mapping[str, Any] | None = None,
    ) -> FeverState:
        """Colours as the families chose them (option `colours`), the decks built for the
        table and shuffled (§2.5), then the youngest-player claim (HF-G21).

        `rig` (docs/games/fever.md): `gifts`, `values`, `nn` (top cards first, the rest in the
        seeded order), `dice` and `elf` (queues), `first` (the seat drawn if nobody claims),
        `colours` (per seat), `dice_rule` (how the seeded dice are drawn: a game saved before
        the rule was recorded is loaded with rule 1 in its rig, so `new` rebuilds it rolling
        the same dice; see `load`)."""
        check_seats(self, seats)
        chosen = normalize_options(self, options)["colours"]
        rig_data = check_rig(rig, seats)
        r = rig_data or {}
        colours = tuple(r.get("colours") or seat_choices(COLOUR_OPTION, chosen, seats))
        rng = make_rng(seed, "fever", "setup")
        gift_deck, value_deck, nn_deck = boxed(colours)
        gifts = stack(list(gift_deck), r.get("gifts", ()), rng)
        values = stack(list(value_deck), r.get("values", ()), rng)
        nn_cards = stack(list(nn_deck), r.get("nn", ()), rng)
        empty: tuple[tuple[Any, ...], ...] = ((),) * seats
        t = FeverDraft(
            seats=seats,
            seed=seed,
            rig=rig_data,
            step=0,
            phase="youngest",
            colours=colours,
            first=-1,
            fallback=r["first"] if "first" in r else rng.randrange(seats),
            turn=-1,
            round=0,
            passed=(False,) * seats,
            track=(B.WHITE_ELEPHANT,) * seats,
            december=(-1,) * seats,
            race_cause="",
            christmas=-1,
            deposits=empty,
            debts=empty,
            stars=(0,) * seats,
            lights=(0,) * seats,
            ornaments=(0,) * seats,
            gifts=empty,
            values=empty,
            gseen=empty,
            vseen=empty,
            stocking=("",) * seats,
            hands=empty,
            gift_deck=tuple(gifts),
            value_deck=tuple(values),
            nn_deck=tuple(nn_cards),
            nn_open=0,
            gone=(),
            sold_open=(),
            gone_seen=(),
            gone_values=(),
            gone_vseen=(),
            held=0,
            held_seen=0,
            dice=(),
            dice_for="",
            rolls=0,
            chance=0,
            dice_rule=r.get("dice_rule", SPLITMIX),
            miracle=(0,) * seats,
            snow=False,
            snow_rolls=(),
            card="",
            gives=(),
            page=0,
            agenda=(),
        )
        return CODEC.freeze(t)

    def load(self, data: Mapping[str, Any]) -> FeverState:
        """A state saved before `dice_rule` was recorded rolls the old dice (`OLD_DICE`), and so
        does its game rebuilt by `new` from its creation arguments: the bot replays a log from
        the stored state's rig, so the rule goes there too."""
        if "dice_rule" not in data:
            rig = {**(data["rig"] or {}), "dice_rule": OLD_DICE}
            data = {**data, "dice_rule": OLD_DICE, "rig": rig}
        return CODEC.load(data)

    def max_steps(self, seats: int, options: Mapping[str, str]) -> int:
        town = (B.ROUND_LIMIT + 1) * seats * STEPS_PER_TURN
        return seats + town + RACE_ROUNDS * seats * 8

    # ----------------------------------------------------------------- queries
    def to_act(self, s: FeverState) -> frozenset[int]:
        if s.phase in _TURNS and s.agenda[0][0] != "reunion":  # one seat: the task's
            return self._only[s.agenda[0][1]]
        owing = flow.owing(s)
        if len(owing) == 1:
            return self._only[owing[0]]
        return frozenset(owing)

    def choices(self, s: FeverState, seat: int) -> tuple[Action, ...]:
        if s.phase in _TURNS and s.agenda[0][0] != "reunion":  # one seat: the task's
            e = s.agenda[0]
            return flow.OFFER[e[0]](s, e) if seat == e[1] else ()
        if seat not in flow.owing(s):
            return ()
        if s.phase == "youngest":
            return (
                act(CLAIM, "🧒 I'm the youngest"),
                act(NONE, "Not me", "If nobody claims, a random family begins"),
            )
        return flow.offer(s, seat)

    def decision(self, s: FeverState, seat: int) -> Decision | None:
        """The claim is a public race (HF-G21); the Reunion a secret choice (HF-G29);
        Mistletoe a reaction window (HF-G69); speeches take text; a Race turn's own steps run
        on a 20-second clock (HF-G26). Everything else is a private choice.

        Of the clocked decisions only the Reunion's timeout tells the late family's choice
        ("has chosen", its `timeout_event`); a "Not me" makes no event of its own, letting
        Mistletoe's take happen tells the taker's take, and a Race default tells the roll or
        the move, which the clock's "time's up" line does not say."""
        if seat not in flow.owing(s):
            return None
        actions = self.legal(s, seat)
        if s.phase == "youngest":
            return Decision(
                Kind.RACE, actions, public=True, seconds=B.YOUNGEST_SECONDS, on_timeout=NONE
            )
        e = s.agenda[0]
        name = e[0]
        if name == "reunion":
            return Decision(
                Kind.SECRET,
                actions,
                seconds=B.REUNION_SECONDS,
                on_timeout=NONE,
                timeout_event="chosen",
            )
        if name == "mistletoe":
            return Decision(Kind.REACT, actions, seconds=MISTLETOE_SECONDS, on_timeout="allow")
        if name in flow.TEXT:
            return Decision(
                Kind.TEXT, actions, text=spec(e[2], SPEECH if name == "speech" else DONATE)
            )
        if s.phase == "race" and name in _RACE_DEFAULT:
            return Decision(
                Kind.CHOOSE, actions, seconds=B.RACE_SECONDS, on_timeout=_RACE_DEFAULT[name]
            )
        return Decision(Kind.CHOOSE, actions)

    def text_spec(self, s: FeverState, seat: int) -> TextSpec | None:
        """Only speeches and donations take text; `check_move` asks on every move."""
        if not s.agenda:
            return None
        e = s.agenda[0]
        name = e[0]
        if name not in flow.TEXT or seat != e[1] or s.phase == "youngest":
            return None
        return spec(e[2], SPEECH if name == "speech" else DONATE)

    def result(self, s: FeverState) -> Result | None:
        return result(s) if s.phase == "over" else None

    def score_text(self, score: int) -> str:
        return money(score)

    def final_report(self, s: FeverState) -> tuple[str, ...]:
        return final_report(s)

    def farewell(self, s: FeverState) -> tuple[str, ...]:
        return sing_along(s)

    def determinize(self, s: FeverState, seat: int | None, rng: random.Random) -> FeverState:
        """Re-deal what `seat` has not seen (for None: what was not shown openly): Gift
        identities and Values wherever its masks say it does not know them (in the decks,
        other rows, a Value being placed, out of play) and the Naughty-or-Nice cards in other
        hands and in the deck above the cards the table saw played. It keeps what open play
        proved: a Gift known not to be Coal stays non-Coal, the Gifts a Naughty List counted
        for a family keep their number of Coal, a name missed at the Auction stays missed,
        held cards stay Anytime cards. Chance to come gets a fresh seed and the rig is
        dropped."""
        return determinize(s, seat, rng)

    # ----------------------------------------------------------------- moves
    def apply(
        self, s: FeverState, seat: int, action_id: str, text: str | None = None
    ) -> tuple[FeverState, list[Event]]:
        """Apply one action. Anything not offered by `legal` raises and changes nothing."""
        text = self.check_move(s, seat, action_id, text)
        t = CODEC.thaw(s)
        t.step += 1
        ev: list[Event] = []
        verb, _, arg = action_id.partition(":")
        if s.phase == "youngest":
            _youngest(t, seat, action_id, ev)
        elif verb == "page":
            t.page = int(arg)
        else:
            t.page = 0
            flow.answer(t, seat, action_id, text, ev)
        flow.advance(t, ev)
        if t.phase == "over":
            res = result(t)
            ev.append(
                event("game_over", {"scores": list(res.scores), "winners": list(res.winners)})
            )
        return CODEC.freeze(t), ev

    # ----------------------------------------------------------------- views
    def view(self, s: FeverState, seat: int | None) -> FeverView:
        over = s.phase == "over"
        e = s.agenda[0] if s.agenda else None
        top = e[0] if e else ""
        owing = flow.owing(s)
        v: FeverView = {
            "game": self.key,
            "seat": seat,
            "to_act": owing,
            "headline": headline(s),
            "finished": over,
            "seats": s.seats,
            "phase": s.phase,
            "stage": top,
            "turn": s.turn if s.turn >= 0 and not over else None,
            "first": s.first if s.first >= 0 else None,
            "round": s.round,
            "round_limit": B.ROUND_LIMIT,
            "race": s.phase == "race" or bool(s.race_cause),
            "race_cause": s.race_cause,
            "families": [_family(s, p, seat) for p in range(s.seats)],
            "dice": list(s.dice),
            "dice_for": s.dice_for,
            "snow_rolls": [list(r) for r in s.snow_rolls] if s.snow_rolls else None,
            "decks": {"gifts": len(s.gift_deck), "values": len(s.value_deck), "nn": len(s.nn_deck)},
            "card": s.card or None,
            "store": _store(e) if e and top == "store" else None,
            "white_elephant": [row[-1] for row in s.gifts] if top == "trade" else None,
            "reunion": [p not in owing for p in range(s.seats)] if top == "reunion" else None,
            "gift_list": list(gift_list(s)),
            "sold_open": [
                {"gift": g, "name": C.GIFT[g].name, "values": list(v)} for g, v in s.sold_open
            ],
            "christmas": s.christmas if s.christmas >= 0 else None,
            "sheets": [_sheet(s, p) for p in range(s.seats)] if over else None,
            "result": result(s).to_dict() if over else None,
        }
        if seat is not None:
            v["prompt"] = prompt(s, seat) if seat in owing else ""
            v["hand"] = sorted(s.hands[seat])
            mine = e is not None and top == "place" and e[1] == seat
            v["drawn"] = s.held if mine and s.held else None
            v["pending"] = _pending(s, seat)
        return v


def _youngest(t: FeverDraft, seat: int, action: str, ev: list[Event]) -> None:
    """HF-G21: the first claim wins; if everyone declines (or the clock runs out), a random
    seat (the rig's `first`) begins. Then the opening White Elephant, the youngest as lander
    (§2.5 step 5), and the youngest's first turn."""
    if action == CLAIM:
        first = seat
        ev.append(event("claim", {"seat": seat}))
    else:
        t.passed = tuple(p or k == seat for k, p in enumerate(t.passed))
        if not all(t.passed):
            return
        first = t.fallback
        ev.append(event("first", {"seat": first}))
    t.first = first
    t.phase = "play"
    t.passed = (True,) * t.seats
    t.agenda = (task("elephant", first), task("next", (first - 1) % t.seats))


# ----------------------------------------------------------------------------- view helpers
def _viewer(s: FeverState, seat: int | None) -> int:
    return PUBLIC if seat is None else bit(seat)


def _row(s: FeverState, p: int, me: int, over: bool) -> list[GiftSlotView]:
    """Family `p`'s Gifts as a viewer with knowledge bit `me` sees them (all, once over)."""
    sock = s.stocking[p]
    row: list[GiftSlotView] = []
    places = zip(s.gifts[p], s.values[p], s.gseen[p], s.vseen[p], strict=True)
    for k, (gid, values, gseen, vseen) in enumerate(places):
        gift = C.GIFT[gid]
        known = over or bool(gseen & me)
        row.append(
            {
                "place": k + 1,
                "values": len(values),
                "stocking": sock == gid,
                "gift": gid if known else None,
                "name": gift.name if known else None,
                "coal": gift.coal if known else None,
                "values_seen": list(values)
                if over
                else [v if m & me else None for v, m in zip(values, vseen, strict=True)],
            }
        )
    return row


def _store(e: tuple[str, int, int, int, int, int]) -> StoreView:
    picked = basket(e[3])
    items = B.TRACK[e[2]].items
    return {"space": e[2], "left": items - len(picked), "bought": len(picked), "basket": picked}


def _entries(lines: tuple[tuple[int, str], ...]) -> list[EntryView]:
    return [{"amount": a, "note": n} for a, n in lines]


def _family(s: FeverState, p: int, seat: int | None) -> FamilyView:
    me, over = _viewer(s, seat), s.phase == "over"
    sock = s.stocking[p]
    return {
        "seat": p,
        "colour": s.colours[p],
        "business": B.FAMILY[s.colours[p]].business,
        "track": s.track[p] if s.december[p] < 0 else None,
        "december": s.december[p] if s.december[p] >= 0 else None,
        "lights": s.lights[p],
        "ornaments": s.ornaments[p],
        "stars": s.stars[p],
        "gifts": _row(s, p, me, over),
        "stocking": s.gifts[p].index(sock) + 1 if sock else None,
        "anytime": len(s.hands[p]),
        "miracle": s.miracle[p] or None,
        "deposits": _entries(s.deposits[p]),
        "debts": _entries(s.debts[p]),
        "deposit_total": sum(a for a, _ in s.deposits[p]),
        "debt_total": sum(a for a, _ in s.debts[p]),
    }


def _sheet(s: FeverState, p: int) -> SheetView:
    sh = sheet(s, p)
    return {
        "seat": p,
        "gifts": _row(s, p, PUBLIC, True),
        "deposits": _entries(sh.deposits),
        "debts": _entries(sh.debts),
        "forgiven": sh.forgiven,
        "full_forgiveness": sh.full,
        "christmas": sh.christmas,
        "stars": sh.stars,
        "value": sh.value,
    }


def _pending(s: FeverState, seat: int) -> PendingView | None:
    if not s.agenda:
        return None
    e = s.agenda[0]
    name = e[0]
    if name == "reunion" and s.gives:
        k, to = s.gives[seat]
        if k < 0:
            return None
        return {
            "stage": name,
            "family": to if to >= 0 else None,
            "place": k + 1,
            "group": None,
            "take": None,
            "price": None,
        }
    if e[1] != seat or name not in ("estate", "auction", "elf", "receipt", "mistletoe"):
        return None
    if name == "mistletoe":  # who is about to take what from which of the seat's Gifts
        return {
            "stage": name,
            "family": e[2],
            "place": e[3] + 1,
            "group": None,
            "take": TAKES[e[4]],
            "price": e[5] if e[4] == ESTATE else None,
        }
    if name == "receipt":
        return {
            "stage": name,
            "family": None,
            "place": e[2] + 1 if e[2] >= 0 else None,
            "group": None,
            "take": None,
            "price": None,
        }
    group = None
    if name == "auction" and 0 <= e[4] < len(GROUP_NAMES):
        group = GROUP_NAMES[e[4]]
    return {
        "stage": name,
        "family": e[2] if e[2] >= 0 else None,
        "place": e[3] + 1 if e[3] >= 0 else None,
        "group": group,
        "take": None,
        "price": None,
    }


GAME = Fever()
