"""Level `normal` for Ghosts of Christmas: bid from hand strength, then steer toward the bid.

The policy sees only its seat's view. It estimates, for each legal (card, era) pair, the chance
that the card wins that era's trick from the cards it cannot see, then plays the pair that best
serves its goal: win while it still needs wreaths, lose (dumping dangerous high cards) once it
has enough. Both steps of a play (card, then era) come from the same evaluation, so the era
chosen in step two is the one the card was picked for.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.ghosts.cards import HEARTS, deck
from engine.ghosts.scoring import TINY_TIM_CAP
from engine.ghosts.views import GhostsView
from engine.protocol import Action

# Relative chance that a card wins a trick, by (is heart, rank).
_HEART_WIN = {12: 0.97, 11: 0.9, 10: 0.8, 9: 0.68, 8: 0.55, 7: 0.42, 6: 0.32, 5: 0.24}
_PLAIN_WIN = {12: 0.5, 11: 0.32, 10: 0.16, 9: 0.07}
# The constants below were tuned with bench/ai_strength.py and self-play (normal vs normal).
ESTIMATE_SCALE = 1.6  # hand strength → expected tricks
RED_FROM = 0.35  # take the red door when the estimate's fraction is at least this
MARGIN = 0.5  # keep trying to win until the expected wreaths are this close to the bid
WIN_COST = 0.4  # when winning, prefer spending weaker cards
DUMP = 0.1  # when losing, prefer getting rid of stronger cards
HEART_THREAT = 0.4  # weight of an unseen heart against a plain card
EXPONENT = 1.6  # how hard each opponent still to play contests the trick
ZERO_BELOW = 2.5  # Tiny Tim: aim for no wreaths when the hand is weaker than this


def card_strength(card: str) -> float:
    r = int(card[1:])
    if card[0] == HEARTS:
        return _HEART_WIN.get(r, 0.16)
    return _PLAIN_WIN.get(r, 0.0)


def estimate_tricks(hand: Sequence[str], seats: int) -> float:
    est = sum(card_strength(c) for c in hand)
    # Three players see more high cards per opponent: slightly fewer tricks each.
    return ESTIMATE_SCALE * est * (0.9 if seats == 3 else 1.0)


def plan_bid(hand: Sequence[str], seats: int) -> tuple[int, bool]:
    est = estimate_tricks(hand, seats)
    purple = int(est)
    red = est - purple >= RED_FROM
    return min(purple, 12), red


class GhostsNormal:
    name = "normal"

    def choose(self, view: GhostsView, legal: Sequence[Action], rng: random.Random) -> str:
        ids = {a.id for a in legal}
        seat = view["seat"]
        assert seat is not None, "a computer player sees its own seat's view"
        pending = view["pending"]
        if view["phase"] == "bid":
            purple, red = plan_bid(view["hand"], view["seats"])
            if pending is None:
                return f"doors:{purple}"
            want = f"bid:{pending}:{'red' if red else 'plain'}"
            return want if want in ids else next(a.id for a in legal if not a.back)
        card, era = self._best_pair(view, seat)
        if pending is None:
            return f"card:{card}"
        if pending != card:  # a human picked this card, then the timer ran out
            era = max(view["playable"][pending], key=lambda e: self._score(view, seat, pending, e))
        return f"play:{pending}:{era}"

    # -- evaluation ------------------------------------------------------------
    def _best_pair(self, view: GhostsView, seat: int) -> tuple[str, str]:
        pairs = [(c, e) for c, eras in view["playable"].items() for e in eras]
        return max(pairs, key=lambda p: self._score(view, seat, p[0], p[1]))

    def _score(self, view: GhostsView, seat: int, card: str, era: str) -> float:
        p = win_chance(view, seat, card, era)
        strength = card_strength(card) + int(card[1:]) / 100
        if wants_wins(view, seat):
            return p - WIN_COST * strength
        return -p + DUMP * strength


def wants_wins(view: GhostsView, seat: int) -> bool:
    """True while the seat still needs wreaths, counting its cards already on the table."""
    won = view["won"][seat]
    committed = sum(
        win_chance(view, seat, mine, era)
        for era, row in zip(view["eras"], view["played"], strict=True)
        if (mine := row[seat]) is not None
    )
    expected = won + committed
    if view["variant"] == "tiny_tim":
        cap = TINY_TIM_CAP[view["seats"]]
        hand = view["hand"]
        if (
            won == 0
            and estimate_tricks(hand, view["seats"]) + committed < ZERO_BELOW * len(hand) / 12
        ):
            return False  # a weak hand goes for the six-point clean sheet
        return expected < cap - MARGIN
    bid = view["bids"][seat]
    assert bid is not None, "card play starts once everyone has bid"
    return expected < bid["purple"] - MARGIN


def win_chance(view: GhostsView, seat: int, card: str, era: str) -> float:
    """Rough chance that `card` wins `era`'s trick, from what this seat can see."""
    e = view["eras"].index(era)
    row = view["played"][e]
    others = [c for i, c in enumerate(row) if c is not None and i != seat]
    suit, r = card[0], int(card[1:])
    if any(c[0] == HEARTS and (suit != HEARTS or int(c[1:]) > r) for c in others):
        return 0.0
    # The scoring suit: the Past leader is known; later eras usually follow their dial.
    lead_suit: str | None
    led = row[view["marker"]]
    if e == 0 and view["marker"] == seat:
        lead_suit = suit
    elif e == 0 and led is not None:
        lead_suit = led[0]
    else:
        lead_suit = view["dials"][e] or suit
    if suit != HEARTS:
        if lead_suit != suit:
            return 0.02
        if any(c[0] == suit and int(c[1:]) > r for c in others):
            return 0.0
    unseen = _unseen(view)
    if not unseen:
        return 1.0
    threats: float
    if suit == HEARTS:
        threats = sum(1 for c in unseen if c[0] == HEARTS and int(c[1:]) > r)
    else:
        higher = sum(1 for c in unseen if c[0] == suit and int(c[1:]) > r)
        hearts = sum(1 for c in unseen if c[0] == HEARTS)
        threats = higher + HEART_THREAT * hearts
    to_come = sum(1 for i, c in enumerate(row) if c is None and i != seat)
    f = min(1.0, threats / len(unseen))
    return float((1.0 - f) ** (EXPONENT * to_come))  # a positive base: never complex


def _unseen(view: GhostsView) -> list[str]:
    known = set(view["hand"]) | set(view["seen"])
    for row in view["played"]:
        known.update(c for c in row if c is not None)
    return [c for c in deck(view["seats"]) if c not in known]
