"""Plain sentences for Holiday Fever events, for the bot and the demo transcript.

Private events (a Gift or Value seen, an Anytime card drawn) are narrated too, for the log of
the seats allowed to see them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.fever import board as B
from engine.fever import cards as C
from engine.fever.finale import money
from engine.protocol import Event, fill_names
from engine.words import and_list, plural

_ITEMS = {
    "gift": "a Gift with a Value",
    "value": "a Value",
    "light": "a Light",
    "ornament": "an Ornament",
}
_CAUSE = {
    "gifts": "the Gift deck is empty",
    "values": "the Value deck is empty",
    "elephant": "the decks cannot supply a White Elephant",
    "rounds": f"{plural(B.ROUND_LIMIT, 'round')} are over",
}
_TAKES = {"estate": "buys", "auction": "wins"}


def _gift(gift: str) -> str:
    return C.GIFT[gift].name


def narrate(event: Event, names: Sequence[str]) -> str | None:
    """One sentence for `event` (None for events not worth a line); score-card notes name
    families with placeholders, filled in here."""
    line = _line(event, names)
    return fill_names(line, names) if line else None


def _line(event: Event, names: Sequence[str]) -> str | None:
    d = event.data
    k = event.kind
    who = names[d["seat"]] if "seat" in d else ""

    def name(key: str) -> str:
        return str(names[d[key]])

    if k == "claim":
        return f"🧒 {who} is the youngest and begins."
    if k == "first":
        return f"Nobody claimed to be the youngest: {who} was drawn to begin."
    if k == "elephant":
        return f"🎁 White Elephant! Everyone draws a Gift, starting with {who}."
    if k == "show_gift":
        return f"{who} unwraps {_gift(d['gift'])}."
    if k == "drew_value":
        return f"{who} draws a ${d['value']} Value."
    if k == "keep":
        return f"{who} keeps their package."
    if k == "swap":
        return f"🔄 {who} swaps packages with {name('with')}."
    if k == "peek":
        return _peek(d, who)
    if k == "turn":
        return None
    if k == "round":
        return f"— Round {d['round']} —"
    if k == "stocking":
        return f"🧦 {who} lays the Stocking on Gift {d['place']}."
    if k == "play":
        return f"🃏 {who} plays {C.NN[d['card']].name}: {C.NN[d['card']].effect}"
    if k == "roll":
        if d["for"] == "snow":
            rolls = " or ".join("+".join(map(str, r)) for r in d["dice"])
            return f"❄️ {who} rolls twice: {rolls}."
        if d["for"] == "lucky":
            return f"🍀 {who} rolls {'+'.join(map(str, d['dice']))}."
        return f"🎲 {who} rolls {'+'.join(map(str, d['dice']))}."
    if k == "doubles":
        return f"Doubles! {who} makes a Doubles Deal."
    if k == "miracle":
        return f"✨ A Miracle! {who} rolled the doubles and collects $720."
    if k == "move":
        space = B.TRACK[d["space"]]
        return f"{who} moves to {space.name} ({d['space']})."
    if k == "december":
        day = B.CALENDAR[d["day"]]
        return f"📅 {who} moves to {day.name}" + (f" (Dec {d['day']})." if d["day"] else ".")
    if k == "stay":
        return f"{who} would pass Christmas and stays put."
    if k == "space":
        return None
    if k == "collect":
        return f"{who} collects ${d['amount']} ({d['note']})."
    if k == "pay":
        to = f" to {name('to')}" if d["to"] >= 0 else ""
        return f"{who} pays ${d['amount']}{to} ({d['note']})."
    if k == "buy":
        return None  # the store's line names every item
    if k == "drew_gift":
        return f"🎁 {who} gets a new Gift (Gift {d['place']})."
    if k == "placed":
        if "gift" in d:  # a new Gift and its one Value, told to the family alone
            return (
                f"{who}'s new Gift {d['place']} is {_gift(d['gift'])},"
                f" with a ${d['value']} Value under it."
            )
        return f"{who} tucks a Value under Gift {d['place']}."
    if k == "store":
        if not d["items"]:
            return f"{who} leaves the store without buying."
        return f"🛍️ {who} buys {and_list([_ITEMS[i] for i in d['items']])}."
    if k == "sell":
        if d["coal"]:
            return f"{who} sells Gift {d['place']}: Coal! Its Values were {_dollars(d['values'])}."
        return f"{who} sells Gift {d['place']}."
    if k == "speech":
        # The words themselves are posted by the bot, made inert (no mentions or links).
        return f"🎤 {who} speaks on “{d['topic']}” ★"
    if k == "donate":
        return f"💝 {who} donates and speaks ★"
    if k == "skip":
        return None
    if k == "card":
        card = C.NN[d["card"]]
        return f"🎅 {who} draws {card.name}: {card.effect}"
    if k == "anytime":
        return f"🎅 {who} draws a Play Anytime card and keeps it face down."
    if k == "price":
        dice = "+".join(map(str, d["dice"]))
        return f"🏷️ {who} points at {name('to')}'s Gift {d['place']} and rolls {dice} for the price."
    if k == "take":
        what = f" — it is {_gift(d['gift'])}!" if "gift" in d else "."
        return f"{who} takes {name('from')}'s Gift {d['place']}{what}"
    if k == "mistletoe":
        return f"🌿 {who} plays Mistletoe: {name('taker')} cannot take it."
    if k == "guess":
        return f"🔨 {who} guesses that {name('to')}'s Gift {d['place']} is {d['name']}."
    if k == "miss":
        return "Wrong guess."
    if k in ("light", "ornament"):
        return f"{'💡' if k == 'light' else '🔴'} {who} adds {_ITEMS[k]} to the tree."
    if k == "lose":
        return f"{who} loses {_ITEMS[d['what']]}."
    if k == "to_town":
        return f"{who}'s tree is no longer full: back to {B.TRACK[d['space']].name}."
    if k == "race":
        return f"🏁 The Race to Christmas begins: {_CAUSE[d['cause']]}!"
    if k == "reunion":
        return "👪 Family Reunion! Everyone may secretly give one Gift to another family."
    if k == "chosen":
        return f"{who} has chosen."
    if k == "gave":
        return f"🎁 {who} gives Gift {d['place']} to {name('to')} ★"
    if k == "received":
        return f"The Gift {who} gave {name('to')} is {_gift(d['gift'])}."
    if k == "receipt":
        return f"🧾 {who} takes a ${d['value']} Value out of Gift {d['place']}."
    if k == "elf":
        return f"🧝 {who} sends the Sneaky Elf to {name('to')}'s Gift {d['place']}."
    if k == "stole":
        return f"🧝 The Elf brings {who} a Value from {name('from')}'s Gift {d['place']}."
    if k == "erase":
        return f"✨ {who} strikes out the ${d['amount']} debt ({d['note']})."
    if k == "coal":
        return f"{who} holds {plural(d['count'], 'Coal', 'Coal')}." if d["count"] else None
    if k == "christmas":
        return f"🎄 {who} lands on Christmas! 🎶 Everyone sings along!"
    if k == "game_over":
        scores, winners = d["scores"], d["winners"]
        table = ", ".join(f"{names[i]} {money(v)}" for i, v in enumerate(scores))
        won = and_list([names[w] for w in winners])
        return f"The most valuable Christmas: {won}! ({table})"
    return None


def _dollars(values: Sequence[int]) -> str:
    return and_list([f"${v}" for v in values]) or "none"


def _peek(d: Mapping[str, Any], who: str) -> str | None:
    if "gift" in d and "place" in d:
        return f"{who}'s new Gift {d['place']} is {_gift(str(d['gift']))}."
    if "gift" in d:
        return f"The Gift is {_gift(str(d['gift']))}."
    if "value" in d:
        return f"{who} sees a ${d['value']} Value."
    if "card" in d:
        return f"It is {C.NN[str(d['card'])].name}: {C.NN[str(d['card'])].effect}"
    return None
