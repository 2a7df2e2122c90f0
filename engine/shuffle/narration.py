"""Plain sentences for Holiday Shuffle events, used by the bot and the demo transcript."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.protocol import Event
from engine.shuffle import cards as C
from engine.shuffle.views import RowView
from engine.words import victory

_REASON = {
    "stalemate": "the draw pile would have to be rebuilt a third time",
    "turn_limit": "the turn limit was reached",
}


def breakdown(row: RowView) -> str:
    """`6 in order + months 4 + same month 3` for one mat's round score."""
    parts = [f"{row['prefix']} in order"]
    parts += [f"months {n}" for n in row["month_runs"]]
    parts += [f"same month {n}" for n in row["same_runs"]]
    return " + ".join(parts)


def wild_text(row: RowView) -> str:
    """`Wilds: Jul 19, Jan 1` (the dates the mat's Wilds were given, left to right), or ``."""
    days = [C.date_text(day) for _, day in row["wilds"]]
    if not days:
        return ""
    return ("Wild: " if len(days) == 1 else "Wilds: ") + ", ".join(days)


def narrate(event: Event, names: Sequence[str]) -> str | None:
    d = event.data
    k = event.kind
    who = names[d["seat"]] if "seat" in d else ""
    if k == "deal":
        return f"Round {d['round']}: {names[d['dealer']]} deals, {names[d['first']]} goes first."
    if k == "draw":
        return f"{who} drew a card ({d['draw_size']} left in the pile)."
    if k == "drew":
        return f"{who} drew {C.label(d['card'])}."
    if k == "rebuild":
        return (
            f"The draw pile ran out: the discard pile is turned over (rebuild {d['rebuilds']}"
            f" of 2) and {C.label(d['discard'])} starts a new discard pile."
        )
    if k == "place":
        source = "took the discard" if d["source"] == "discard" else "kept the drawn card"
        return (
            f"{who} {source}, {C.label(d['card'])}, swapped it into slot {d['slot'] + 1}"
            f" and discarded {C.label(d['removed'])}."
        )
    if k == "discard":
        return f"{who} discarded the drawn card, {C.label(d['card'])}."
    if k == "celebration":
        return f"Celebration! {C.NAME[d['card']]} lets {who} {C.EFFECT_THEY[d['effect']]}."
    if k == "switch":
        a, b = d["slots"]
        first, second = d["cards"]
        return (
            f"{who} switched slot {a + 1} ({C.label(first)}) with slot {b + 1} ({C.label(second)})."
        )
    if k == "trade":
        return (
            f"{who} traded slot {d['slot'] + 1} ({C.label(d['gave'])}) for"
            f" {names[d['other']]}'s slot {d['other_slot'] + 1} ({C.label(d['got'])})."
        )
    if k == "skip":
        return f"{who} chose not to use {C.NAME[d['card']]}."
    if k == "end_turn":
        return f"{who} ended the turn without using the extra turn."
    if k == "round_over":
        return _round_over(d, names)
    if k == "game_over":
        return f"Game over! {victory(d, names)}"
    return None


def _round_over(d: Mapping[str, Any], names: Sequence[str]) -> str:
    winner = d["winner"]
    if d["reason"] == "dealt_in_order":
        head = f"Round {d['round']}: {names[winner]} was dealt ten cards in order and wins!"
    elif winner is not None:
        head = f"Round {d['round']}: {names[winner]} has all ten cards in order and wins!"
    else:
        head = f"Round {d['round']} ends with no winner: {_REASON[d['reason']]}."
    scores = "; ".join(
        f"{names[seat]} +{row['points']} ({breakdown(row)}"
        + (f"; {wild_text(row)})" if row["wilds"] else ")")
        for seat, row in enumerate(d["rows"])
    )
    return f"{head} {scores}."
