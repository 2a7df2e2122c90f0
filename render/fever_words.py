"""Holiday Fever in words: the status line, the families' places and Gifts, the names of things,
shared by the pictures and the text description."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from engine.fever.board import ROUND_LIMIT, TRACK, Space
from engine.fever.cards import GIFT
from engine.fever.views import FamilyView, FeverView, GiftSlotView
from engine.protocol import fill_names
from engine.words import and_list, plural
from render.fever_sheets import money

#: Emoji and pictographs the bundled font lacks; ★ and ✓, which it has, stay.
_EMOJI = re.compile(
    "[\U0001f300-\U0001faff\u2600-\u2604\u2606-\u2712\u2714-\u27bf\u2b1b\u2b1c]\ufe0f? ?"
)


def plain(line: str, names: Sequence[str]) -> str:
    """An engine line for a picture: names filled in, emoji dropped (the font has none)."""
    return _EMOJI.sub("", fill_names(line, names)).strip()


def status_line(view: FeverView, names: Sequence[str]) -> str:
    """The picture's header: where the game is (the round, or the Race) and whose turn it is,
    or that every family is choosing at the Family Reunion. The engine's headline begins
    with the same words and goes on to whom the table waits for."""
    phase, turn = view["phase"], view["turn"]
    if phase == "youngest":
        return "Who is the youngest?"
    if phase == "over":
        who = view["christmas"]
        return f"Game over: {names[who]} reached Christmas" if who is not None else "Game over"
    where = when(view)
    if view["stage"] == "reunion":
        return f"{where} · Family Reunion"
    if turn is None:
        return where
    return f"{where} · {names[turn]}'s turn"


def when(view: FeverView) -> str:
    """ "Race to Christmas", "Round 7 of 30" or "The opening White Elephant"."""
    if view["race"]:
        return "Race to Christmas"
    if view["round"] == 0:
        return "The opening White Elephant"
    return f"Round {view['round']} of {view['round_limit'] or ROUND_LIMIT}"


def race_lead(view: FeverView, names: Sequence[str]) -> str:
    """ "Cal leads (Dec 18)": the families nearest Christmas, once any has left the Reunion."""
    days = [f["december"] or 0 for f in view["families"]]
    best = max(days)
    if best <= 0:
        return ""
    ahead = [names[f["seat"]] for f, d in zip(view["families"], days, strict=True) if d == best]
    return f"{and_list(ahead)} {'leads' if len(ahead) == 1 else 'lead'} (Dec {best})"


def deck_words(decks: Mapping[str, int]) -> tuple[str, str, str]:
    """The cards left in the Gift, Value and Naughty-or-Nice decks, in words."""
    return (
        plural(decks.get("gifts", 0), "Gift"),
        plural(decks.get("values", 0), "Value"),
        plural(decks.get("nn", 0), "Naughty-or-Nice card"),
    )


CAUSE = {
    "gifts": "the Gift deck ran out",
    "values": "the Value deck ran out",
    "elephant": "too few cards for a White Elephant",
    "rounds": f"{plural(ROUND_LIMIT, 'round')} were played",
    "": "",
}
DICE_FOR = {
    "move": "to move",
    "snow": "Snow Day",
    "price": "Estate Sale price",
    "lucky": "Lucky Day",
    "": "",
}
MOMENT = {
    "before_roll": "before your roll",
    "after_roll": "after your roll",
    "own_turn": "on your turn",
    "reaction": "when robbed",
}


_STORE_SHORT = {
    "Gingerbread Grocery": "Grocery",
    "Northern Lights": "N. Lights",
    "Snowflake Sweets": "Sweets",
    "Jingle Bell Toys": "Toys",
    "Tinsel Town Treasures": "Tinsel",
    "Mistletoe Mall": "Mall",
    "Candy Cane Corner": "Candy C.",
    "Frosty's Outlet": "Outlet",
    "Reindeer Games": "Reindeer",
    "Holiday Pawn": "Pawn",
    "Nobel Books": "Books",
}
_BUSINESS_SHORT = {
    "red": "Auto",
    "orange": "Hearth",
    "yellow": "Bakery",
    "green": "Trees",
    "blue": "Savings",
    "purple": "Plum Co.",
}


def short_place(space: Space) -> str:
    """A town space in a few words, for a family's "where"."""
    if space.kind in ("store", "pawn"):
        return _STORE_SHORT[space.name]
    if space.kind == "business":
        assert space.colour is not None, "a business has its family's colour"
        return _BUSINESS_SHORT[space.colour]
    return {
        "white_elephant": "White Elephant",
        "naughty_or_nice": "Naughty or Nice",
        "donation": "Charity",
        "estate_sale": "Estate Sale",
        "miracle": "Miracle",
        "institution": "Institute",
        "cook_off": "Chili",
        "vacation": "Vacation",
        "auction": "Auction",
    }[space.kind]


def where(fam: FamilyView) -> str:
    if fam["december"] is not None:
        day = fam["december"]
        return "Family Reunion" if day == 0 else f"Dec {day}" + " Christmas!" * (day == 25)
    track = fam["track"]
    return f"{short_place(TRACK[track])} ({track})" if track is not None else ""


def known_worth(slot: GiftSlotView) -> int | None:
    """What a Gift's Values add up to, when the viewer has seen every one of them."""
    seen = slot["values_seen"]
    if seen and all(v is not None for v in seen):
        return sum(v or 0 for v in seen)
    return None


def gift_words(slot: GiftSlotView) -> str:
    name = slot["name"] or "face down"
    seen = slot["values_seen"]
    if (worth := known_worth(slot)) is not None:
        vals = " + ".join(f"${v}" for v in seen) + f" = {money(worth)}"
    else:
        known = [f"${v}" for v in seen if v is not None]
        vals = plural(slot["values"], "Value") + (f" (known: {', '.join(known)})" if known else "")
    return f"#{slot['place']} {name}: {vals}" + (" [Stocking]" if slot["stocking"] else "")


def gift_name(gift_id: str) -> str:
    return GIFT[gift_id].name if gift_id in GIFT else gift_id


def under_way(view: FeverView, names: Sequence[str]) -> list[tuple[str, str]]:
    """What is in progress, as (emoji, sentence): a store visit, a White Elephant, a Family
    Reunion. The panel shows them with their emoji, the alt text as plain sentences."""
    out = []
    if (store := view["store"]) is not None:
        space = TRACK[store["space"]]
        out.append(
            (
                "🛍️",
                f"Shopping at {space.name}: ${space.price} for up to"
                f" {plural(space.items, 'item')}; {store['bought']} in the basket,"
                f" {store['left']} more allowed",
            )
        )
    if (packages := view["white_elephant"]) is not None:
        shown = ", ".join(
            f"{names[s]}: {'nothing' if g is None else gift_name(g)}"
            for s, g in enumerate(packages)
        )
        out.append(("🐘", f"White Elephant, keep or swap: {shown}"))
    if (chosen := view["reunion"]) is not None:
        done = [names[s] for s, c in enumerate(chosen) if c]
        out.append(("👪", "Family Reunion, chosen so far: " + (", ".join(done) or "nobody")))
    return out
