"""Headlines and prompts: one line each, naming families with `seat_ref` placeholders."""

from __future__ import annotations

from engine.fever import board as B
from engine.fever import cards as C
from engine.fever.common import fam
from engine.fever.flow import owing as owing_seats
from engine.fever.spaces import ESTATE, TAKES, basket
from engine.fever.state import FeverDraft
from engine.fever.talk import TOPICS
from engine.words import and_list, plural

#: What a Mistletoe window warns of, by the kind of take: "{gift}" is the Gift at stake.
_WARNINGS = {
    "buy": "buy {gift}",
    "auction": "win {gift} at the Auction",
    "rob": "rob a Value from {gift}",
}


def headline(s: FeverDraft) -> str:
    """Where the game is and whom the table is waiting for. A choice the families make at
    once (the youngest claim, the Family Reunion) names everyone who has not answered yet,
    never what anyone chose; a family answering out of turn (a Mistletoe window, a donation,
    a White Elephant trade) is named beside the turn's owner."""
    if s.phase == "youngest":
        waiting = [p for p in range(s.seats) if not s.passed[p]]
        return (
            "🧒 Who is the youngest? The first claim begins; else a family drawn at random"
            f" · waiting for {_who(waiting, s.seats)}"
        )
    if s.phase == "over":
        if s.christmas >= 0:
            return f"🎄 Game over: {fam(s.christmas)} reached Christmas"
        return "Game over"
    owing = owing_seats(s)
    stage = s.agenda[0][0]
    if s.phase == "race":
        head = "🏁 Race to Christmas"
    elif s.turn < 0:
        head = f"🎁 The opening White Elephant · {fam(s.first)} is the youngest"
    else:
        head = f"Round {s.round} of {B.ROUND_LIMIT}"
    parts = [head]
    if stage == "reunion":  # the turn is over: every family gives at once
        parts.append("👪 Family Reunion")
    elif s.turn >= 0:
        parts.append(f"{fam(s.turn)}'s turn")
    if stage in _WAITING or owing != [s.turn]:
        parts.append(f"waiting for {_who(owing, s.seats)} {_WAITING.get(stage, '')}".rstrip())
    if s.phase == "race":
        parts.append(_race_lead(s))
    return " · ".join(p for p in parts if p)


#: What the table waits for when families answer out of turn or all at once.
_WAITING = {
    "reunion": "to choose in secret",
    "mistletoe": "to let the take happen or stop it",  # names no card: the window shows none
    "donate": "to donate or not",
    "trade": "to keep or swap",
}


def _who(seats: list[int], everyone: int) -> str:
    """The families a choice waits for: "{p0} and {p2}", or "every family"."""
    if len(seats) == everyone > 1:
        return "every family"
    return and_list([fam(p) for p in seats])


def _race_lead(s: FeverDraft) -> str:
    """The families nearest Christmas, when any has left the Reunion."""
    best = max(s.december)
    if best <= 0:
        return ""
    ahead = [p for p in range(s.seats) if s.december[p] == best]
    verb = "leads" if len(ahead) == 1 else "lead"
    return f"{and_list([fam(p) for p in ahead])} {verb} (Dec {best})"


#: A store item as the basket names it.
BASKET = {"gift": "Gift + Value", "value": "Value", "light": "Light", "ornament": "Ornament"}


def prompt(s: FeverDraft, seat: int) -> str:
    """What `seat` is asked now (it owes a decision)."""
    if s.phase == "youngest":
        return "Are you the youngest player? The first claim begins; else a random family."
    e = s.agenda[0]
    name, a, b, c = e[0], e[2], e[3], e[4]
    if name == "reunion":
        return "Family Reunion: give one Gift (not Coal) to another family for a ★, in secret."
    if name == "pre":
        if s.phase == "race":
            return "🏁 Race! Roll the dice (20 seconds)."
        return "Roll the dice. First you may lay your Stocking or play a card."
    if name == "snow":
        return "Snow Day: keep one of your two rolls."
    if name == "express":
        return f"You rolled {a}: move, or first play an Anytime card that works now."
    if name == "post":
        return "Play an Anytime card, or end your turn."
    if name == "place":
        return f"Place your ${s.held} Value under one of your Gifts."
    if name == "store":
        space, picked = B.TRACK[a], basket(b)
        offer = f"{space.name}, ${space.price} for up to {plural(space.items, 'item')}"
        if not picked:
            return f"{offer}: pick what you want, then pay, or leave."
        more = space.items - len(picked)
        then = f"pick {plural(more, 'item')} more, or pay" if more else "pay"
        return f"{offer}. In your basket: {', '.join(BASKET[i] for i in picked)}; {then}, or leave."
    if name == "pawn":
        space = B.TRACK[a]
        return f"{space.name}: buy or sell one item for ${space.price}, or do nothing."
    if name in ("estate", "auction"):
        what = (
            "Estate Sale: buy a Gift for 2d6 × $10"
            if name == "estate"
            else ("Holiday Auction: name a Gift to win it")
        )
        if a < 0:
            return f"{what}, or sell one of yours for ${B.GIFT_SALE}, or do nothing."
        if b < 0:
            return f"{what}: which of {fam(a)}'s Gifts?"
        return f"Holiday Auction: what is {fam(a)}'s Gift {b + 1}?"
    if name == "mistletoe":
        price = f" for ${e[5]}" if c == ESTATE else ""
        take = _WARNINGS[TAKES[c]].format(gift=f"your Gift {b + 1}")
        return f"{fam(a)} is about to {take}{price}. Play Mistletoe?"
    if name == "trade":
        return "White Elephant: keep the package in front of you, or swap it with another."
    if name == "speech":
        return f"A speech for a ★ — {TOPICS[a]}."
    if name == "donate":
        return f"Donate ${b} with a speech for a ★ — {TOPICS[a]}."
    if name == "decoration":
        return f"{C.NN['N07'].name}: a Light or an Ornament?"
    if name == "regift":
        return f"{C.NN['N08'].name}: move your Stocking to another Gift?"
    if name == "receipt":
        return f"{C.NN['N14'].name}: take a Value out of a Gift and collect it."
    if name == "elf":
        return f"{C.NN['A03'].name}: which Gift do you rob a Value from?"
    if name == "yard":
        return f"{C.NN['A04'].name}: which Gift do you sell?"
    if name == "stuffer":
        return f"{C.NN['A07'].name}: which Gift gets your Stocking?"
    return ""
