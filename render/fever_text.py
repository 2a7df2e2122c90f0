"""Holiday Fever in the message's text: what sits under the picture (`panel`) and what a
player opens on demand (`details`, `detail`).

Under the table: where the game is and the last roll's sum, what is under way, each family's
line (where it stands, stars, tree, score card totals, Gifts as the table knows them) and the
cards left. Under a seat's picture: that family's own line, its Gifts with every Value, its
Anytime cards with what they do, the Value it is placing. On demand: every score card in full,
the December calendar while nobody is in December (it is in the picture otherwise), and the
town's spaces with who stands where (a seat's "Board" adds the board's picture).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.fever.board import CALENDAR, FAMILIES, ONE_DIE_FROM, TRACK
from engine.fever.cards import NN
from engine.fever.views import EntryView, FamilyView, FeverView, GiftSlotView
from engine.protocol import fill_names
from engine.words import plural
from render.fever_parts import FAMILY_BY, initials
from render.fever_sheets import money, sheet_lines, winners
from render.fever_words import (
    CAUSE,
    DICE_FOR,
    MOMENT,
    deck_words,
    known_worth,
    race_lead,
    status_line,
    under_way,
    when,
    where,
)

View = FeverView
#: What one text display of a detail may hold (Discord's limit for a whole message is 4,000).
TEXT_ROOM = 3_800
#: The families' lines under the table: the message also holds its header and narration.
FAMILIES_ROOM = 2_200
EMOJI: dict[str, str] = {f.colour: f.emoji for f in FAMILIES}


def in_december(view: View) -> bool:
    """Whether the picture shows the December calendar: someone is in December (or past)."""
    return any(f["december"] is not None for f in view["families"])


# ----------------------------------------------------------------------------- the panel


def panel(view: View, names: Sequence[str]) -> str:
    """The text under the table (the public view) or under a seat's own picture."""
    if view["seat"] is not None:
        return _own_panel(view, names)
    lines = [_situation(view, names), *_under_way(view, names)]
    if view["result"] is not None:
        lines += _ranking(view, names)
    else:
        for short in (False, True):  # a crowded table: each family's Gifts in fewer words
            rows = [line for fam in view["families"] for line in _family(view, fam, names, short)]
            if len("\n".join(rows)) <= FAMILIES_ROOM:
                break
        lines += rows
    lines.append("Cards left: " + " · ".join(deck_words(view["decks"])))
    return "\n".join(lines)


def _situation(view: View, names: Sequence[str]) -> str:
    """ "**Round 7 of 30** · 🎲 3 + 4 = **7** to move", or the Race and who leads it."""
    if view["phase"] == "over":
        return f"**{status_line(view, names)}**"
    head = "Who is the youngest?" if view["phase"] == "youngest" else when(view)
    parts = [f"**{head}**"]
    if view["race"]:
        if lead := race_lead(view, names):
            parts.append(lead)
        if cause := CAUSE[view["race_cause"]]:
            parts.append(f"began because {cause}")
    if view["snow_rolls"]:
        rolls = " or ".join(" + ".join(map(str, r)) for r in view["snow_rolls"])
        parts.append(f"🎲 Snow Day: keep {rolls}")
    elif view["dice"]:
        roll = " + ".join(map(str, view["dice"]))
        if len(view["dice"]) > 1:
            roll += f" = **{sum(view['dice'])}**"
        else:
            roll = f"**{roll}**"
        parts.append(f"🎲 {roll} {DICE_FOR.get(view['dice_for'], '')}".rstrip())
    return " · ".join(parts)


def _under_way(view: View, names: Sequence[str]) -> list[str]:
    """A store visit, a White Elephant, a Family Reunion, the last card shown."""
    out = [f"{emoji} {sentence}" for emoji, sentence in under_way(view, names)]
    if view["card"] in NN:
        card = NN[view["card"] or ""]
        out.append(f"🃏 Last card shown: **{card.name}** — {card.effect}")
    return out


def _mark(view: View, fam: FamilyView, names: Sequence[str]) -> str:
    """ "🟥 **Ann**", with the token's number when tokens show numbers, ▶ on its turn."""
    seat = fam["seat"]
    letter = initials(names)[seat]
    token = f" ({letter})" if letter.isdigit() else ""
    turn = "▶ " if view["turn"] == seat else ""
    return f"{turn}{EMOJI[fam['colour']]} **{names[seat]}**{token}"


def _tree(fam: FamilyView) -> str:
    if not fam["lights"] and not fam["ornaments"]:
        return "bare tree"
    return f"🎄 {plural(fam['lights'], 'Light')}, {plural(fam['ornaments'], 'Ornament')}"


def _family(view: View, fam: FamilyView, names: Sequence[str], short: bool) -> list[str]:
    """A family in two short lines: where, stars, tree, score card; then Gifts and cards."""
    first = [
        _mark(view, fam, names),
        where(fam),
        f"★ {fam['stars']}",
        _tree(fam),
        f"in {money(fam['deposit_total'])}, out {money(fam['debt_total'])}",
    ]
    gifts = ", ".join(_gift(g, short) for g in fam["gifts"]) or "none"
    second = [f"Gifts: {gifts}"]
    if fam["anytime"]:
        second.append(plural(fam["anytime"], "Anytime card"))
    if fam["miracle"]:
        second.append(f"Miracle: double {fam['miracle']} next roll")
    return [" · ".join(first), "  " + " · ".join(second)]


def _gift(slot: GiftSlotView, short: bool = False) -> str:
    """ "#1 🧦 face down (2 Values)", "#2 Puppy $450", "#3 Coal −$200" as far as known;
    `short`: "#1 🧦 ? (2)"."""
    stocking = "🧦 " if slot["stocking"] else ""
    name = slot["name"] or ("?" if short else "face down")
    worth = known_worth(slot)
    if worth is None and short:
        amount = f"({slot['values']})"
    elif worth is None:
        known = [f"${v}" for v in slot["values_seen"] if v is not None]
        seen = f", known {', '.join(known)}" if known else ""
        amount = f"({plural(slot['values'], 'Value')}{seen})"
    else:
        amount = money(-worth if slot["coal"] else worth)
    return f"#{slot['place']} {stocking}{name} {amount}"


def _ranking(view: View, names: Sequence[str]) -> list[str]:
    result = view["result"]
    assert result is not None, "the game is over"
    fams = view["families"]
    ranked = sorted(range(len(fams)), key=lambda p: (result["ranks"][p], p))
    lines = [f"🏆 {winners(view, names)}"]
    for p in ranked:
        lines.append(
            f"{result['ranks'][p]}. {EMOJI[fams[p]['colour']]} **{names[p]}**"
            f" {money(result['scores'][p])} · ★ {fams[p]['stars']}"
        )
    return lines


def _own_panel(view: View, names: Sequence[str]) -> str:
    """Under a seat's picture: its family, its Gifts in full, its Anytime cards."""
    seat = view["seat"]
    assert seat is not None, "a seat's own view"
    fam = view["families"][seat]
    family = FAMILY_BY[fam["colour"]]
    lines = [
        " · ".join(
            (
                f"{EMOJI[fam['colour']]} **{names[seat]}**, {family.name} ({family.business})",
                where(fam),
                f"★ {fam['stars']}",
                _tree(fam),
            )
        ),
        f"Score card: in {money(fam['deposit_total'])}"
        f" ({plural(len(fam['deposits']), 'entry', 'entries')}),"
        f" out {money(fam['debt_total'])} ({plural(len(fam['debts']), 'entry', 'entries')})",
    ]
    if fam["miracle"]:
        lines.append(f"Miracle: double {fam['miracle']} on your next roll collects $720")
    if drawn := view.get("drawn"):
        lines.append(f"**To place:** a ${drawn} Value under one of your Gifts")
    if pending := view.get("pending"):
        bits = []
        if pending["family"] is not None:
            bits.append(f"{names[pending['family']]}'s Gifts")
        if pending["place"] is not None:
            bits.append(f"Gift #{pending['place']}")
        if pending["group"]:
            bits.append(f"{pending['group']} Gifts")
        if bits:
            lines.append("So far: " + ", ".join(bits))
        other = pending["family"]
        if other is not None and other != seat:
            gifts = ", ".join(_gift(g) for g in view["families"][other]["gifts"]) or "none"
            lines.append(f"{names[other]}'s Gifts: {gifts}")
    lines.append("**Your Gifts:**" + ("" if fam["gifts"] else " none"))
    lines += [f"- {_own_gift(g)}" for g in fam["gifts"]]
    held = Counter(view.get("hand", []))
    for card_id, copies in held.items():
        card = NN.get(card_id)
        if card is None:
            continue
        twice = f" ×{copies}" if copies > 1 else ""
        moment = MOMENT.get(card.moment or "", "")
        lines.append(f"🃏 **{card.name}**{twice} ({moment}): {card.effect}")
    return "\n".join(lines)


def _own_gift(slot: GiftSlotView) -> str:
    """ "#1 Blue Jeans $200 + $150 = $350 🧦": every Value the seat knows."""
    name = slot["name"] or "face down"
    seen = slot["values_seen"]
    worth = known_worth(slot)
    if worth is not None and len(seen) > 1:
        values = " + ".join(f"${v}" for v in seen) + f" = {money(worth)}"
    elif worth is not None:
        values = money(worth)
    else:
        values = plural(slot["values"], "Value")
    if slot["coal"]:
        values += " (Coal: a debt at the end)"
    return f"#{slot['place']} {name} {values}" + (" 🧦" if slot["stocking"] else "")


# ----------------------------------------------------------------------------- details


def score_cards(view: View, names: Sequence[str]) -> str:
    """Every family's score card entry by entry (at the end, the final sheets)."""
    for notes in (True, False):  # past the room, the entries without their notes
        if view["sheets"]:
            text = "\n".join(sheet_lines(view, names, notes))
        else:
            text = "\n".join(_card_text(fam, names, notes) for fam in view["families"])
        if len(text) <= TEXT_ROOM:
            return text
    return _within(text)


def _card_text(fam: FamilyView, names: Sequence[str], notes: bool) -> str:
    deposits = ", ".join(_entry("+", e, names, notes) for e in fam["deposits"]) or "none"
    debts = ", ".join(_entry("−", e, names, notes) for e in fam["debts"]) or "none"
    return (
        f"{EMOJI[fam['colour']]} **{names[fam['seat']]}** · ★ {fam['stars']} · {_tree(fam)}\n"
        f"  In {money(fam['deposit_total'])}: {deposits}\n"
        f"  Out {money(fam['debt_total'])}: {debts}"
    )


def _entry(sign: str, e: EntryView, names: Sequence[str], notes: bool) -> str:
    note = fill_names(e["note"], names) if notes else ""
    return f"{sign}${e['amount']}" + (f" {note}" if note else "")


def calendar_text() -> str:
    """December day by day (movement is one die from the 12th on)."""
    lines = [f"**December** (one die from the {ONE_DIE_FROM}th; in the Race no day does anything)"]
    lines += [f"{'Reunion' if d.day == 0 else d.day}. {d.name}: {d.effect}" for d in CALENDAR]
    return "\n".join(lines)


_KEY = (
    "**The colours:** brown Store (one price, above, for up to N items: one parcel each) ·"
    " olive Pawn or Books (buy or sell one) · family colour Business ($200) · red and green"
    " Naughty-or-Nice (draw a card) · purple ★ spaces (a speech for a star; the label is what"
    " it costs or pays) · blue Estate Sale or Auction (a Gift from a family) · gold Miracle"
    " (the doubles shown pay $720)"
)


def town_text(view: View, names: Sequence[str]) -> str:
    """The 40 town spaces, clockwise from the top left, with who stands on each."""
    here: dict[int, list[str]] = {}
    for fam in view["families"]:
        if fam["track"] is not None and fam["december"] is None:
            here.setdefault(fam["track"], []).append(names[fam["seat"]])
    lines = ["**The town**, clockwise from the White Elephant (top left)"]
    for space in TRACK:
        who = f" — **{', '.join(here[space.pos])}**" if space.pos in here else ""
        lines.append(f"{space.pos}. {space.name}: {space.effect}{who}")
    return _within("\n".join([*lines, _KEY]))


def _within(text: str) -> str:
    """At most `TEXT_ROOM` characters, cut between lines."""
    if len(text) <= TEXT_ROOM:
        return text
    kept = text[: TEXT_ROOM - 2].rsplit("\n", 1)[0]
    return kept + "\n…"
