"""Level `normal` for Holiday Fever: a score-card accountant that sees only its seat's view.

Every decision is a choice among the legal actions, each scored in dollars of final value:

- Gifts are worth the Values under them (Coal: minus them, or plus them once sold); a Value
  or Gift not yet seen is worth the Value deck's average, less the chance of Coal.
- Lights and Ornaments are $100 each, plus a bonus while the family is *rushing the tree*:
  with a full tree it goes to December early, where landing on Christmas pays $500 and
  forgives every debt. A Value is worth more than a decoration, so without the bonus a store
  basket fills with Values and the tree never grows. The family rushes by its position, and
  only if the tree can be finished before the Race: when half the tree is up, or when the
  Christmas bonus and the forgiven debts would put it ahead of every other family (at a
  table of two, by $300: there the other family shops on undisturbed). The tree itself is
  left out of that sum: its $600 roughly buys back the Values it costs the basket. Measured with
  `bench/fever_selfplay.py routes` and `versus`: rushing this way wins a tree family more
  than its fair share at 3–6 families, and no less than shopping head to head.
- A star is worth the debt entry it would wipe out (the average of those not yet forgiven),
  nothing once a full tree in December makes full forgiveness likely.
- What it knows of other families' Gifts comes from the view (`gift`, `values_seen`): a Gift
  seen at a White Elephant, after an Estate Sale or a right guess is a sure Auction hit.

Multi-step choices (Estate Sale, Auction, Sneaky Elf, Gift Receipt, Reunion) are recomputed
at each step from the same evaluation, so the later steps follow the plan of the first one.
The policy keeps no memory between calls and never takes a `back` action.

Level `hard` has a second plan besides this one (`GATHERER`, engine.search.Planning): gather
Gifts. A store's Gift comes with a Value, so it is worth a Value card and a new place for
Values; `normal` counts it a little below a Value (the Gift may be Coal). The gatherer counts
it far above a Value or a decoration and so buys Gifts wherever it can: it empties the Gift
deck, which brings on the Race before the tree families are home, with the most Gifts at the
table. Against three `normal` families it wins 32.8 % of 400 seeded games at four families
(`normal` in its seat: 24.8 %; `python -m bench.fever_selfplay plans`), and more than
`normal` at every table size; the search picks, move by move, the plan the position favours.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cached_property

from engine.fever import board as B
from engine.fever import cards as C
from engine.fever.views import FamilyView, FeverView, GiftSlotView
from engine.protocol import Action, RandomPolicy

# The constants below were checked with bench/fever_selfplay.py (normal against easy, and
# against variants of itself).
VALUE = 135.0  # the average Value card ($50–$300, about $135 at every table size)
DECORATION = float(B.DECORATION_VALUE)
RUSH_BONUS = 70.0  # on top of $100, for a Light or Ornament that brings December nearer
GIFT = 5.0  # a store's Gift beyond the Value under it: a new place for Values
GATHER = 150.0  # the same, for the gatherer (measured: 120–180 wins alike)
STAR_DEFAULT = 60.0  # a star with no unforgiven debt yet: the debt it will meet later
PIP = float(next(sp.price for sp in B.TRACK if sp.kind == "estate_sale"))  # $10 a pip
YARD_SALE = float(C.NN["A04"].amount)  # what Yard Sale pays for a Gift (Coal: its Values)
ESTATE_PRICE = 7 * PIP  # the Estate Sale price, 2d6 × $10, on average
RIVAL = 0.5  # extra weight of what we take from the leading other family
VAULT = 300.0  # lay the Stocking once a Gift holds this much
RESTOCK = 150.0  # Stocking Stuffer moves the Stocking to a Gift worth this much more
MISTLETOE_FROM = 120.0  # cancel a take that costs this much or more
MIRACLE_ERASE_FROM = 150.0  # strike out a last debt this big
ROUNDS_PER_DECORATION = 1.5  # town rounds it takes to gather one decoration, roughly
VALUES_PER_TURN = 0.7  # Value cards a family draws per town turn, roughly
COMMIT = 3  # with this many decorations, finish the tree
LEAD = 300.0  # at a table of two, rush when Christmas would put us this far ahead
COALS = sum(1 for g in C.GIFTS if g.coal)  # the two Coal, in every game
CHRISTMAS = 2000.0  # landing on Christmas: the game ends (in our favour, mostly)

#: What landing on a town space is worth, roughly, by kind (businesses and stores apart).
_SPACE: dict[str, float] = {
    "white_elephant": 60.0,
    "naughty_or_nice": 20.0,
    "pawn": 40.0,
    "donation": 10.0,
    "estate_sale": 120.0,
    "miracle": 40.0,
    "institution": 300.0,
    "cook_off": 330.0,
    "vacation": 240.0,
    "auction": 60.0,
}

Score = Callable[[str], float]


def _youngest(view: FeverView, moves: Sequence[str]) -> str | None:
    """HF-D15: a computer is never the youngest; it leaves the claim to the people."""
    if view["phase"] != "youngest":
        return None
    return "none" if "none" in moves else moves[0]


class FeverEasy:
    """The `easy` computer family: a random legal move, except that it never claims to be
    the youngest (HF-D15)."""

    name = "easy"

    def choose(self, view: FeverView, legal: Sequence[Action], rng: random.Random) -> str:
        claim = _youngest(view, [a.id for a in legal])
        return claim if claim is not None else RandomPolicy().choose(view, legal, rng)


class FeverNormal:
    """The `normal` computer family (see the module docstring); with `gift` at `GATHER`,
    the gatherer."""

    name = "normal"

    def __init__(self, gift: float = GIFT) -> None:
        self.gift = gift

    def choose(self, view: FeverView, legal: Sequence[Action], rng: random.Random) -> str:
        moves = [a.id for a in legal if not a.back] or [a.id for a in legal]
        claim = _youngest(view, moves)
        if claim is not None:
            return claim
        me = Me(view, self.gift)
        stage = view["stage"]
        score = _STAGES.get(stage)
        if score is None:
            return moves[0]
        judge = score(me)
        return max(moves, key=lambda m: (judge(m), -moves.index(m)))


class Me:
    """What one decision needs to know, read once from the seat's view."""

    def __init__(self, view: FeverView, gift: float = GIFT) -> None:
        seat = view["seat"]
        assert seat is not None, "a computer player sees its own seat's view"
        self.gift = gift
        self.view = view
        self.seat = seat
        self.fam: FamilyView = view["families"][seat]
        self.gifts = self.fam["gifts"]
        self.coal_p = _coal_chance(view)
        self.december = self.fam["december"]
        self.tree_full = min(self.fam["lights"], self.fam["ornaments"]) >= B.MAX_DECORATIONS
        self.star = self._star_value()

    # -- plans ---------------------------------------------------------------------
    @cached_property
    def rush(self) -> bool:
        """Rush the tree (see the module docstring): never when it cannot be finished in the
        rounds left (30, or fewer when the Value deck will run dry first); always once half of
        it stands; else when finishing it and landing on Christmas would put us ahead. Worked
        out only when asked (a decoration on offer): most decisions never ask."""
        v = self.view
        if v["race"] or self.december is not None:
            return False
        need = 2 * B.MAX_DECORATIONS - self.fam["lights"] - self.fam["ornaments"]
        rounds_left = v["round_limit"] - v["round"]
        by_values = v["decks"]["values"] / (VALUES_PER_TURN * v["seats"])
        if need * ROUNDS_PER_DECORATION > min(rounds_left, by_values) + 2:
            return False
        if need <= 2 * B.MAX_DECORATIONS - COMMIT:
            return True
        christmas = B.CHRISTMAS_BONUS + self.forgiveness()
        best = max(self.estimate(f) for f in v["families"] if f["seat"] != self.seat)
        margin = LEAD if v["seats"] == 2 else 0.0
        return self.estimate(self.fam) + christmas >= best + margin

    def estimate(self, f: FamilyView) -> float:
        """A family's Christmas as it stands: its card (stars wiping out the first debts),
        its Gifts as this seat knows them, its tree."""
        debts = [d["amount"] for d in f["debts"]]
        card = f["deposit_total"] - sum(debts[f["stars"] :])
        tree = DECORATION * (f["lights"] + f["ornaments"])
        return card + tree + sum(self.worth(g) for g in f["gifts"])

    def rival(self) -> int:
        """The other family most likely to beat us: what we take from it counts half again
        (RIVAL), for it is our loss avoided as well as our gain."""
        others = [f for f in self.view["families"] if f["seat"] != self.seat]
        return max(others, key=lambda f: (self.estimate(f), -f["seat"]))["seat"]

    def forgiveness(self) -> float:
        """What full forgiveness would add: the debts stars leave, and the Coal debts."""
        debts = [d["amount"] for d in self.fam["debts"]]
        coal = sum(-self.worth(g) for g in self.gifts if g["coal"])
        return float(sum(debts[self.fam["stars"] :])) + coal

    def _star_value(self) -> float:
        """A star wipes out debt entry number `stars` (HF-G16); a full tree in December
        (likely full forgiveness) makes it worth little."""
        if self.december is not None and self.tree_full and not self.view["race"]:
            return 10.0
        debts = [d["amount"] for d in self.fam["debts"][self.fam["stars"] :]]
        return sum(debts) / len(debts) if debts else STAR_DEFAULT

    # -- Gifts -----------------------------------------------------------------------
    def worth(self, slot: GiftSlotView) -> float:
        """What a Gift adds to its holder's final value, from what this seat knows."""
        seen = [v for v in slot["values_seen"] if v is not None]
        total = sum(seen) + VALUE * (len(slot["values_seen"]) - len(seen))
        if slot["coal"] is None:
            return total * (1.0 - 2.0 * self.coal_p)
        return -total if slot["coal"] else total

    def sale_gain(self, slot: GiftSlotView, price: float) -> float:
        """Selling one of our Gifts: the price (Coal: its Values) instead of what it is worth."""
        total = float(sum(v or 0 for v in slot["values_seen"]))
        if slot["coal"]:
            return 2 * total
        return price - total

    def own(self, place: int) -> GiftSlotView:
        return self.gifts[place - 1]

    def other(self, family: int, place: int) -> GiftSlotView:
        return self.view["families"][family]["gifts"][place - 1]

    def best_vault(self) -> GiftSlotView | None:
        """The Gift the Stocking should lie on: our richest."""
        if not self.gifts:
            return None
        return max(self.gifts, key=lambda g: (self.worth(g), -g["place"]))

    def value_home(self) -> int | None:
        """Where a new Value goes: never under Coal if avoidable; onto the richest Gift while
        the Stocking is still to be laid (it will protect them together), else onto the
        poorest (spreading what a take could cost)."""
        open_ = [g for g in self.gifts if not g["stocking"]]
        if not open_:
            return None
        clean = [g for g in open_ if not g["coal"]] or open_
        if self.fam["stocking"] is None:
            pick = max(clean, key=lambda g: (self.worth(g), -g["place"]))
        else:
            pick = min(clean, key=lambda g: (self.worth(g), g["place"]))
        return pick["place"]

    # -- the board -------------------------------------------------------------------
    def item(self, what: str, picked: Sequence[str] = ()) -> float:
        """A store item, before its price, with `picked` already in the basket."""
        if what in ("light", "ornament"):
            lights = self.fam["lights"] + picked.count("light")
            ornaments = self.fam["ornaments"] + picked.count("ornament")
            have, other = (lights, ornaments) if what == "light" else (ornaments, lights)
            if have >= B.MAX_DECORATIONS:
                return -1.0
            bonus = RUSH_BONUS if self.rush else 0.0
            return DECORATION + bonus + (5.0 if have < other else 0.0)
        if what == "gift":
            return VALUE * (1.0 - 2.0 * self.coal_p) + self.gift
        if what == "value":
            home = self.value_home()
            if home is None:  # under a Gift picked in this same store
                return VALUE if "gift" in picked else -1.0
            return VALUE if not self.own(home)["coal"] else 0.3 * VALUE
        return 0.0

    def space(self, pos: int) -> float:
        sp = B.TRACK[pos]
        if sp.kind == "business":
            owner = self._owner(sp.colour)
            if owner is None:
                return 0.0
            return float(sp.collect) if owner == self.seat else -float(sp.pay)
        if sp.kind == "store":
            return 40.0 * sp.items + 30.0
        return _SPACE.get(sp.kind, 0.0)

    def _owner(self, colour: str | None) -> int | None:
        for f in self.view["families"]:
            if f["colour"] == colour:
                return f["seat"]
        return None

    def day(self, day: int) -> float:
        """A December day: how near Christmas, plus what the day does (not in the Race)."""
        if day == B.CHRISTMAS:
            return CHRISTMAS
        near = 100.0 if day >= B.CHRISTMAS - 6 else 4.0 * day
        if self.view["race"]:
            return near
        d = B.CALENDAR[day]
        if d.kind == "collect":
            return near + d.collect
        if d.kind == "pay":
            return near - d.pay
        if d.kind == "lose_light":
            return near - 500.0
        if d.kind in ("speech", "carol"):
            return near + self.star
        if d.kind == "shopping":
            return near - d.pay + VALUE
        if d.kind == "value":
            return near + VALUE
        return near + 20.0

    def landing(self, steps: int) -> float:
        """Where `steps` takes our token: a town space, or a December day (or staying)."""
        if self.december is None:
            return self.space(((self.fam["track"] or 0) + steps) % B.TRACK_LENGTH)
        if self.december + steps > B.CHRISTMAS:
            return self.day(self.december)
        return self.day(self.december + steps)


#: Level `normal`, and level hard's two plans (see the module docstring).
NORMAL = FeverNormal()
GATHERER = FeverNormal(GATHER)


def _coal_chance(view: FeverView) -> float:
    """The chance that a Gift this seat has not seen is Coal: the Coal not yet located over
    the Gifts not yet known (in rows and in the deck)."""
    known_coal = unknown = 0
    for f in view["families"]:
        for g in f["gifts"]:
            if g["coal"] is None:
                unknown += 1
            elif g["coal"]:
                known_coal += 1
    unknown += view["decks"]["gifts"]
    coal_left = max(0, COALS - known_coal)
    return coal_left / unknown if unknown else 0.0


# ----------------------------------------------------------------------------- by stage
def _arg(move: str) -> str:
    return move.partition(":")[2]


def _place(move: str) -> int:
    return int(_arg(move))


def _pre(me: Me) -> Score:
    """Lay the Stocking on a rich Gift, play the cards that pay now, else roll."""
    vault = me.best_vault()

    def judge(m: str) -> float:
        if m == "roll":
            return 0.0
        if m.startswith("stocking:"):
            g = me.own(_place(m))
            if vault is None or g["place"] != vault["place"]:
                return -1.0
            late = me.view["race"] or me.december is not None or me.view["round"] >= 20
            return 1.0 if me.worth(g) >= VAULT or (late and me.worth(g) > 0) else -1.0
        if m.startswith("play:"):
            return _card_now(me, _arg(m))
        return -5.0  # page

    return judge


def _card_now(me: Me, card: str) -> float:
    """Whether to play an Anytime card now (positive: yes, higher first)."""
    if card == "A01":  # Snow Day: for the roll that can reach Christmas
        d = me.december
        reach = 6 if d is not None and d >= B.ONE_DIE_FROM else 12
        return 3.0 if d is not None and B.CHRISTMAS - d <= reach else -1.0
    if card == "A03":  # Sneaky Elf: a Value is a Value
        return 4.0
    if card == "A04":  # Yard Sale: only for a clear gain
        gain = max((me.sale_gain(g, YARD_SALE) for g in me.gifts), default=0.0)
        return 2.0 if gain >= 80.0 else -1.0
    if card == "A05":
        debts = me.fam["debts"]
        last = debts[-1]["amount"] if debts else 0
        unforgiven = len(debts) > me.fam["stars"]
        endgame = me.view["race"] or me.december is not None or me.view["round"] >= 26
        big = last >= MIRACLE_ERASE_FROM or (endgame and last >= 50)
        return 2.5 if unforgiven and big and me.star > 15.0 else -1.0
    if card == "A07":  # Stocking Stuffer: onto a richer Gift than the one it guards
        vault, now = me.best_vault(), me.fam["stocking"]
        if vault is None or vault["stocking"] or now is None:  # unlaid: lay it for free
            return -1.0
        return 1.5 if me.worth(vault) >= me.worth(me.own(now)) + RESTOCK else -1.0
    return -1.0


def _post(me: Me) -> Score:
    """After the space: play the cards that pay now, else end the turn."""

    def judge(m: str) -> float:
        if m == "end":
            return 0.0
        if m.startswith("play:"):
            return _card_now(me, _arg(m))
        return -5.0

    return judge


def _roll_choice(me: Me) -> Score:
    """Snow Day's pick, or Express Shipping: the better landing."""
    rolls = me.view["snow_rolls"] or []
    dice_total = sum(me.view["dice"])

    def judge(m: str) -> float:
        if m.startswith("keep:"):
            k = _place(m) - 1
            return me.landing(sum(rolls[k])) if k < len(rolls) else -1e9
        if m == "play:A06":
            return me.landing(dice_total + 2) - 5.0
        return me.landing(dice_total)

    return judge


def _store(me: Me) -> Score:
    """A store fills a basket, then pays its price once (HF-D11): each pick is judged by
    what the basket would then be worth against the price, so a pick that makes the visit
    worth paying for comes before `done`, and `leave` wins only when nothing pays."""
    st = me.view["store"]
    price = float(B.TRACK[st["space"]].price) if st else 0.0
    picked = list(st["basket"]) if st else []
    basket = sum(me.item(i, picked[:n]) for n, i in enumerate(picked))

    def judge(m: str) -> float:
        if m.startswith("buy:"):
            return basket + me.item(_arg(m), picked) - price + 1.0
        if m == "done":
            return basket - price
        return 0.0  # leave

    return judge


def _pawn(me: Me) -> Score:
    track = me.fam["track"]
    assert track is not None, "Holiday Pawn and Nobel Books are in town"
    price = float(B.TRACK[track].price)

    def judge(m: str) -> float:
        verb, _, arg = m.partition(":")
        if verb == "buy":
            return me.item(arg) - price
        if verb == "sell":
            if arg in ("light", "ornament"):
                return price - DECORATION - (RUSH_BONUS if me.rush else 0.0)
            return me.sale_gain(me.own(int(arg)), price)
        if verb == "pass":
            return 0.0
        return -5.0

    return judge


def _take(me: Me, cost: float) -> Score:
    """Estate Sale (`cost` the expected price) or Auction (free, if the guess hits)."""
    pending = me.view.get("pending")
    family = pending["family"] if pending else None
    auction = me.view["stage"] == "auction"

    def chance(slot: GiftSlotView) -> float:
        return 1.0 if not auction or slot["gift"] is not None else _hit_chance(me)

    rival = me.rival()

    def gain(f: int, slot: GiftSlotView) -> float:
        swing = 1.0 + RIVAL if f == rival else 1.0
        return chance(slot) * (me.worth(slot) * swing - cost)

    def best_in(f: int) -> float:
        fam = me.view["families"][f]
        return max((gain(f, g) for g in fam["gifts"] if not g["stocking"]), default=-1e9)

    def judge(m: str) -> float:
        verb, _, arg = m.partition(":")
        if verb == "from":
            return best_in(int(arg))
        if verb in ("take", "guess") and family is not None:
            return gain(family, me.other(family, int(arg)))
        if verb == "sell":
            return me.sale_gain(me.own(int(arg)), float(B.GIFT_SALE))
        if verb in ("group", "name"):
            return _name_score(me, m)
        if verb == "pass":
            return 0.0
        return -5.0

    return judge


def _hit_chance(me: Me) -> float:
    """A blind guess names one of the Gifts this seat has not located."""
    n = len(_candidates(me))
    return 1.0 / n if n else 0.0


def _candidates(me: Me) -> list[str]:
    """Auction names whose Gift this seat has not located anywhere (Coal left out: a hit
    would bring minus its Values)."""
    located = set()
    for f in me.view["families"]:
        for g in f["gifts"]:
            if g["name"] is not None:
                located.add(g["name"])
    return [n for n in me.view["gift_list"] if n not in located and n != C.COAL]


def _guess_name(me: Me) -> str | None:
    """The name to call: the Gift's own if known, else a candidate picked by the place."""
    pending = me.view.get("pending")
    if not pending or pending["family"] is None or pending["place"] is None:
        return None
    slot = me.other(pending["family"], pending["place"])
    if slot["name"] is not None:
        return slot["name"]
    cands = _candidates(me)
    if not cands:
        return None
    return cands[(pending["family"] * 7 + pending["place"] + me.view["round"]) % len(cands)]


def _name_score(me: Me, m: str) -> float:
    name = _guess_name(me)
    if name is None:
        return 0.0
    verb, _, arg = m.partition(":")
    if verb == "name":
        want = "coal" if name == C.COAL else name.lower().replace(" ", "-")
        return 1.0 if arg == want else 0.0
    colour = next(g.colour for g in C.GIFTS if g.name == name)
    return 1.0 if arg == (colour or "neutral") else 0.0


def _place_value(me: Me) -> Score:
    home = me.value_home()

    def judge(m: str) -> float:
        if m.startswith("under:"):
            g = me.own(_place(m))
            return (1.0 if g["place"] == home else 0.0) - (2.0 if g["coal"] else 0.0)
        return -5.0

    return judge


def _trade(me: Me) -> Score:
    """White Elephant: keep, or swap for the package worth most (its Value if we held it)."""

    def package(seat: int) -> float:
        gifts = me.view["families"][seat]["gifts"]
        return me.worth(gifts[-1]) if gifts else 0.0

    def judge(m: str) -> float:
        if m == "keep":
            return package(me.seat) + 1.0
        return package(_place(m))

    return judge


def _mistletoe(me: Me) -> Score:
    """Cancel a take when what we would lose is large (a Coal may go, with thanks)."""
    stage_cost = _threatened(me)

    def judge(m: str) -> float:
        if m == "mistletoe":
            return stage_cost - MISTLETOE_FROM
        return 0.0

    return judge


def _threatened(me: Me) -> float:
    """What the take on the table would cost us. The window (`pending`) names our Gift and
    the take: an Estate Sale pays us its rolled price, a Sneaky Elf robs one of the Gift's
    Values (at random), the Auction takes it all."""
    pending = me.view.get("pending")
    if not pending or pending["place"] is None:
        return 0.0
    slot = me.own(pending["place"])
    if pending["take"] == "rob":
        return me.worth(slot) / max(1, len(slot["values_seen"]))
    return me.worth(slot) - float(pending["price"] or 0)


def _speech(me: Me) -> Score:
    return lambda m: 1.0 if m == "speech" else 0.0


def _donate(me: Me) -> Score:
    return lambda m: (me.star - 50.0) if m == "donate" else 0.0


def _decoration(me: Me) -> Score:
    return lambda m: -float(me.fam["lights"] if m == "light" else me.fam["ornaments"])


def _stocking_move(me: Me) -> Score:
    """Regift / Stocking Stuffer: onto the richest Gift (staying put when it is there)."""
    vault = me.best_vault()

    def judge(m: str) -> float:
        if m.startswith("stocking:"):
            return 1.0 if vault is not None and _place(m) == vault["place"] else -1.0
        return 0.0

    return judge


def _receipt(me: Me) -> Score:
    """Gift Receipt: the Value out of our most exposed Gift, the largest one."""

    def judge(m: str) -> float:
        verb, _, arg = m.partition(":")
        if verb == "receipt":
            return me.worth(me.own(int(arg)))
        if verb == "value":
            return float(arg)
        return -1e9

    return judge


def _elf(me: Me) -> Score:
    """Sneaky Elf: rob the Gift whose Values are worth most each."""
    pending = me.view.get("pending")
    family = pending["family"] if pending else None

    def per_value(slot: GiftSlotView) -> float:
        n = len(slot["values_seen"])
        return me.worth(slot) / n if n >= 2 else -1e9

    def judge(m: str) -> float:
        verb, _, arg = m.partition(":")
        if verb == "from":
            gifts = me.view["families"][int(arg)]["gifts"]
            return max((per_value(g) for g in gifts if not g["stocking"]), default=-1e9)
        if verb == "elf" and family is not None:
            return per_value(me.other(family, int(arg)))
        return -1e9

    return judge


def _yard(me: Me) -> Score:
    return lambda m: me.sale_gain(me.own(_place(m)), YARD_SALE) if m.startswith("sell:") else -1e9


def _reunion(me: Me) -> Score:
    """Give our cheapest Gift for a star when the star is worth more, to the family that
    threatens us least (the lowest score card)."""
    pending = me.view.get("pending")

    def card(f: FamilyView) -> float:
        return f["deposit_total"] - f["debt_total"] + sum(me.worth(g) for g in f["gifts"])

    others = [f for f in me.view["families"] if f["seat"] != me.seat]
    weakest = min(others, key=lambda f: (card(f), f["seat"]))["seat"]

    def judge(m: str) -> float:
        verb, _, arg = m.partition(":")
        if verb == "give":
            return me.star - me.worth(me.own(int(arg)))
        if verb == "to":
            return 1.0 if int(arg) == weakest else 0.0
        if verb == "none":
            return 0.0 if pending is None else -1.0
        return -1e9

    return judge


_STAGES: dict[str, Callable[[Me], Score]] = {
    "pre": _pre,
    "post": _post,
    "snow": _roll_choice,
    "express": _roll_choice,
    "store": _store,
    "pawn": _pawn,
    "estate": lambda me: _take(me, ESTATE_PRICE),
    "auction": lambda me: _take(me, 0.0),
    "place": _place_value,
    "trade": _trade,
    "mistletoe": _mistletoe,
    "speech": _speech,
    "donate": _donate,
    "decoration": _decoration,
    "regift": _stocking_move,
    "stuffer": _stocking_move,
    "receipt": _receipt,
    "elf": _elf,
    "yard": _yard,
    "reunion": _reunion,
}
