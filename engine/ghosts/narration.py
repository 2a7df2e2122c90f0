"""Plain sentences for Ghosts of Christmas events, used by the bot and the demo transcript."""

from __future__ import annotations

from collections.abc import Sequence

from engine.ghosts import cards as C
from engine.protocol import Event
from engine.words import plural, victory


def bid_text(purple: int, red: bool) -> str:
    """`3 + red door (3 or 4 tricks)`, `3 (exactly 3 tricks)`, `0 (no tricks)`: the doors
    taken and the tricks they ask for (GOC-G09)."""
    if red:
        return f"{purple} + red door ({purple} or {plural(purple + 1, 'trick')})"
    return f"{purple} ({'no tricks' if purple == 0 else 'exactly ' + plural(purple, 'trick')})"


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
