"""Plain sentences for Muppets events, used by the bot and the demo transcript.

Private events (a card drawn, a gift's value) are narrated too, for the log of the seats
allowed to see them; the sentences name players in the third person.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.muppets import cards as C
from engine.protocol import Event
from engine.words import and_list, plural

_END = {
    "gifts": "the last gift has been given out",
    "deck": "the deck is empty",
    "cap": "the turn limit has been reached",
}


def slot_name(names: Sequence[str], owner: int, pos: str) -> str:
    return f"{names[owner]}'s {C.POSITION_NAME[pos]} card"


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(C.label(c) for c in cards)


def _a(word: str) -> str:
    return f"{'an' if word[0] in 'AEIOU' else 'a'} {word}"


def narrate(event: Event, names: Sequence[str]) -> str | None:
    d = event.data
    k = event.kind
    who = names[d["seat"]] if "seat" in d else ""
    if k == "fix":
        if d["pos"] == "C":
            return f"{who}'s dealt cards match, so {who} replaces the face-down centre card."
        return (
            f"{who}'s dealt cards match, so {who} replaces the {C.POSITION_NAME[d['pos']]} card,"
            f" {C.label(d['old'])}, with {C.label(d['new'])}."
        )
    if k == "peek":
        return f"{who}'s centre card is now {C.label(d['card'])}."
    if k == "deck":
        *rest, last = d["stacks"]
        stacks = and_list([*map(str, rest), plural(last, "card")])
        return f"The deck is split into four stacks of {stacks}, each under a Story tile."
    if k == "tile_revealed":
        return f"📜 The {C.TILE_NAME[d['tile']]} tile is revealed: it can be used from now on."
    if k == "sing":
        return f"🎶 {who} sings a Christmas carol and takes the first turn!"
    if k == "pass":
        return f"{who} lets someone else start."
    if k == "drawn":
        return f"Nobody sang, so the first player was drawn: {who} starts."
    if k == "draw":
        return f"{who} uses Scrooge and draws a card."
    if k == "drew":
        return f"{who} drew {C.label(d['card'])}."
    if k == "put":
        where = slot_name(names, d["owner"], d["pos"])
        old = C.label(d["old"])
        if d["source"] == "past":
            return (
                f"👻 {who} uses the Ghost of Christmas Past: {C.label(d['card'])} from the discard"
                f" pile replaces {where}, {old}, which goes on the discard pile."
            )
        card = "the drawn card face down" if d["card"] is None else C.label(d["card"])
        return f"{who} puts {card} in place of {where}, {old}, which goes on the discard pile."
    if k == "swap":
        (a_owner, _, a_pos), (b_owner, _, b_pos) = d["a"].partition(":"), d["b"].partition(":")
        a = slot_name(names, int(a_owner), a_pos)
        b = slot_name(names, int(b_owner), b_pos)
        line = f"🔄 {who} uses the Ghost of Christmas Present to swap {a} with {b}."
        shown = [
            f"{slot_name(names, int(slot[0]), slot[2])} is now {C.label(card)}"
            for slot, card in d["shown"].items()
            if card is not None
        ]
        return line + (f" {and_list(shown)}." if shown else "")
    if k == "reveal":
        return (
            f"🔮 {who} uses the Ghost of Christmas Yet to Come: {names[d['owner']]}'s centre card"
            f" is {C.label(d['card'])}."
        )
    if k == "set":
        if d["chain"]:
            return f"🎉 {who}'s new cards match too: {_a(d['name'])} set! ({_cards(d['cards'])})"
        return f"🎉 {who} completed {_a(d['name'])} set! ({_cards(d['cards'])})"
    if k == "gift":
        if d["last_for"] >= 0:
            return (
                f"🎁 Only one gift was left, so {who} takes it (now {plural(d['count'], 'gift')})."
            )
        return f"🎁 {who} takes a gift without looking (now {plural(d['count'], 'gift')})."
    if k == "value":
        return f"{who}'s new gift is worth {d['value']}."
    if k == "offer":
        return f"🎁 {who} takes two gifts to look at, one of them for {names[d['for']]}."
    if k == "looked":
        return f"{who} looks at two gifts worth {d['values'][0]} and {d['values'][1]}."
    if k == "give":
        return f"🎁 {who} gives {names[d['to']]} a gift and keeps the other."
    if k == "gave":
        return f"{who} gave {names[d['to']]} the {d['value']} and kept the {d['kept']}."
    if k == "received":
        return f"{who} received a gift worth {d['value']} from {names[d['by']]}."
    if k == "discard":
        return f"{who} discards the set; {C.label(d['cards'][-1])} is on top of the pile."
    if k == "refill":
        up = [C.label(c) for c in (d["L"], d["R"]) if c is not None]
        if d["centre"] and len(up) == 2:
            return f"{who} draws three new cards: {up[0]} and {up[1]} face up, one face down."
        got = up + (["one face down"] if d["centre"] else [])
        return f"The deck runs out: {who} draws only {and_list(got) if got else 'nothing'}."
    if k == "game_over":
        return _game_over(d, names)
    return None  # "turn": the table shows whose turn it is


def _game_over(d: Mapping[str, Any], names: Sequence[str]) -> str:
    winners = d["winners"]
    scores, gifts = d["scores"], d["gifts"]
    best = scores[winners[0]]
    points = plural(best, "point")
    line = f"Game over: {_END[d['reason']]}! "
    if len(winners) == 1:
        w = winners[0]
        tied = [i for i, sc in enumerate(scores) if sc == best and i != w]
        if tied:  # the most gift tokens break the tie
            line += f"{names[w]} wins the tie on {points} with {plural(gifts[w], 'gift')}."
        else:
            line += f"{names[w]} wins with {points}."
    else:
        line += f"{and_list([names[i] for i in winners])} share the victory with {points}."
    table = ", ".join(
        f"{names[i]} {scores[i]} ({plural(gifts[i], 'gift')})" for i in range(len(scores))
    )
    return f"{line} Scores: {table}."
