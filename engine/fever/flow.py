"""The agenda's machinery: which function runs, offers and answers each task, and the loop
that resolves tasks until one needs a decision."""

from __future__ import annotations

from collections.abc import Callable

from engine.fever import december, nn, spaces, talk, turn
from engine.fever.december import reunion_owes
from engine.fever.state import Entry, FeverDraft, FeverState
from engine.protocol import Action, Event

Run = Callable[[FeverDraft, Entry, list[Event]], bool]
Offer = Callable[[FeverState, Entry], tuple[Action, ...]]
Answer = Callable[[FeverDraft, Entry, str, list[Event]], None]

#: Tasks that may resolve themselves; True means the task now owes a decision.
RUN: dict[str, Run] = {
    "space": spaces.run_space,
    "place": spaces.run_place,
    "store": spaces.run_store,
    "item": spaces.run_item,
    "elephant": spaces.run_elephant,
    "nn": nn.run_nn,
    "move": turn.run_move,
    "post": turn.run_post,
    "end": turn.run_end,
    "next": turn.run_next,
    "day": december.run_day,
    "race": december.run_race,
    "reunion": december.run_reunion,
    "christmas": december.run_christmas,
}

OFFER: dict[str, Offer] = {
    "pre": turn.pre_choices,
    "snow": turn.snow_choices,
    "express": turn.express_choices,
    "post": turn.post_choices,
    "place": spaces.place_choices,
    "store": spaces.store_choices,
    "pawn": spaces.pawn_choices,
    "estate": spaces.estate_choices,
    "auction": spaces.auction_choices,
    "mistletoe": spaces.mistletoe_choices,
    "trade": spaces.trade_choices,
    "speech": talk.speech_choices,
    "donate": talk.donation_choices,
    "decoration": nn.decoration_choices,
    "regift": nn.regift_choices,
    "receipt": nn.receipt_choices,
    "elf": nn.elf_choices,
    "yard": nn.yard_choices,
    "stuffer": nn.stuffer_choices,
}

ANSWER: dict[str, Answer] = {
    "pre": turn.answer_pre,
    "snow": turn.answer_snow,
    "express": turn.answer_express,
    "post": turn.answer_post,
    "place": spaces.answer_place,
    "store": spaces.answer_store,
    "pawn": spaces.answer_pawn,
    "estate": spaces.answer_estate,
    "auction": spaces.answer_auction,
    "mistletoe": spaces.answer_mistletoe,
    "trade": spaces.answer_trade,
    "decoration": nn.answer_decoration,
    "regift": nn.answer_stocking,
    "receipt": nn.answer_receipt,
    "elf": nn.answer_elf,
    "yard": nn.answer_yard,
    "stuffer": nn.answer_stocking,
}

#: Tasks whose decision takes typed text (talk.py).
TEXT = frozenset({"speech", "donate"})


def advance(t: FeverDraft, ev: list[Event]) -> None:
    """Resolve tasks until the one on top owes a decision, or the game is over."""
    while t.phase in ("play", "race") and t.agenda:
        e = t.agenda[0]
        run = RUN.get(e[0])
        if run is None or run(t, e, ev):
            return


def owing(s: FeverDraft) -> list[int]:
    """The seats owing a decision now (after `advance`)."""
    if s.phase == "over":
        return []
    if s.phase == "youngest":
        return [p for p in range(s.seats) if not s.passed[p]]
    e = s.agenda[0]
    if e[0] == "reunion":
        return reunion_owes(s)
    return [e[1]]


def offer(s: FeverState, seat: int) -> tuple[Action, ...]:
    e = s.agenda[0]
    if e[0] == "reunion":
        return december.reunion_choices(s, seat)
    return OFFER[e[0]](s, e)


def answer(t: FeverDraft, seat: int, action: str, text: str | None, ev: list[Event]) -> None:
    e = t.agenda[0]
    if e[0] == "reunion":
        december.answer_reunion(t, seat, action, ev)
    elif e[0] == "speech":
        talk.answer_speech(t, e, action, text, ev)
    elif e[0] == "donate":
        talk.answer_donation(t, e, action, text, ev)
    else:
        ANSWER[e[0]](t, e, action, ev)
