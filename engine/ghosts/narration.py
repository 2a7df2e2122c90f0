"""Plain sentences for Ghosts of Christmas events, used by the bot and the demo transcript."""

from __future__ import annotations

from collections.abc import Sequence

from engine.ghosts import cards as C
from engine.protocol import Event
from engine.words import victory


def bid_text(purple: int, red: bool) -> str:
    if red:
        return f"{purple} + red door ({purple}–{purple + 1} tricks)"
    return f"{purple} ({'no tricks' if purple == 0 else f'exactly {purple}'})"


def narrate(event: Event, names: Sequence[str]) -> str | None:
    d = event.data
    k = event.kind
    if k == "deal":
        return f"Hand {d['hand']} is dealt. {names[d['start']]} holds the start marker."
    if k == "bid":
        return f"{names[d['seat']]} bids {bid_text(d['purple'], d['red'])}."
    if k == "play":
        return f"{names[d['seat']]} played {C.short(d['card'])} into the {C.ERA_NAME[d['era']]}."
    if k == "trick":
        suit = f"{C.SUIT_EMOJI[d['suit']]} {C.SUIT_NAME[d['suit']]}"
        return (
            f"{C.ERA_NAME[d['era']]}: {names[d['leader']]} leads, scoring suit {suit}"
            f" — {names[d['winner']]} wins with {C.short(d['card'])}."
        )
    if k == "hand_scored":
        parts = []
        for seat, row in enumerate(d["rows"]):
            bid = "" if row["purple"] < 0 else f"bid {bid_text(row['purple'], row['red'])}, "
            parts.append(f"{names[seat]} +{row['points']} ({bid}won {row['won']})")
        return f"Hand {d['hand']} scored: " + "; ".join(parts) + "."
    if k == "game_over":
        return f"Game over! {victory(d, names)}"
    return None
