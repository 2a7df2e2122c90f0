"""Holiday Fever pictures: the public table and a seat's own picture, plus the text beside
them and the details on demand.

The table is the town board, 800 px square: a ring of 40 spaces (White Elephant at the top
left, clockwise) with tokens in the families' colours and initials, the token whose turn it is
ringed in gold. Its middle shows the round, the dice and what is under way while every family
is in town, and the December calendar once any family is in December. Lists and numbers (each
family's line, money, Gifts, the cards left) are the text under the picture
(`render.fever_text`). A seat's picture is its own family: its Gifts, its Anytime cards and the
Value it is placing (`render.fever_hand`). The bare board is drawn once per set of colours.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.fever.cards import NN
from engine.fever.views import FamilyView, FeverView, GiftSlotView
from engine.words import plural
from render.alt import ALT_LIMIT
from render.common import GOLD, png
from render.fever_hand import hand_picture
from render.fever_middle import middle
from render.fever_parts import (
    CELL,
    FAMILY_BY,
    MARGIN,
    TOKEN_R,
    bare_board,
    calendar_picture,
    cell_box,
    day_spots,
    initials,
    token,
    token_spots,
)
from render.fever_sheets import money, sheet_lines
from render.fever_text import calendar_text, in_december, score_cards, town_text
from render.fever_text import panel as panel_text
from render.fever_words import (
    CAUSE,
    DICE_FOR,
    deck_words,
    gift_words,
    known_worth,
    plain,
    status_line,
    under_way,
    where,
)
from render.more import Detail, Shown

View = FeverView

TITLE = "Holiday Fever: A Family Tradition"
#: The alt text Discord keeps: past it, the families' rows are told in fewer words.
ALT_ROOM = ALT_LIMIT


# --------------------------------------------------------------------- the board


def _mode(view: View) -> str:
    """What the middle of the board shows: "town" (the round and dice), or the calendar with
    its note: "december", "race" or "over"."""
    if view["finished"]:
        return "over"
    if view["race"]:
        return "race"
    return "december" if in_december(view) else "town"


def token_spots_of(view: View) -> dict[int, tuple[int, int]]:
    """Every family's token centre in the picture, by seat."""
    spots: dict[int, tuple[int, int]] = {}
    town: dict[int, list[int]] = {}
    days: dict[int, list[int]] = {}
    for fam in view["families"]:
        if fam["december"] is not None:
            days.setdefault(fam["december"], []).append(fam["seat"])
        elif fam["track"] is not None:
            town.setdefault(fam["track"], []).append(fam["seat"])
    for group, where_at in ((town, token_spots), (days, day_spots)):
        for place, seats in group.items():
            for seat, (x, y) in zip(seats, where_at(place, len(seats)), strict=True):
                spots[seat] = (MARGIN + x, MARGIN + y)
    return spots


def space_xy(k: int) -> tuple[int, int]:
    """The centre of town space k in the table picture (tests look for tokens with it)."""
    x, y = cell_box(k)
    return MARGIN + x + CELL // 2, MARGIN + y + CELL // 2


def table(view: View, names: Sequence[str]) -> bytes:
    colours = tuple(f["colour"] for f in view["families"])
    mode = _mode(view)
    img = bare_board(colours, mode).copy()
    draw = ImageDraw.Draw(img)
    if mode == "town":
        middle(draw, view, names)
    letters = initials(names)
    spots = token_spots_of(view)
    for seat, (x, y) in sorted(spots.items()):
        if seat == view["turn"] or seat in view["to_act"]:
            r = TOKEN_R + 4
            draw.ellipse((x - r, y - r, x + r, y + r), outline=GOLD, width=4)
        token(draw, x, y, view["families"][seat]["colour"], letters[seat])
    return png(img)


def hand(view: View, names: Sequence[str]) -> bytes:
    return png(hand_picture(view, names))


def panel(view: View, names: Sequence[str]) -> str:
    return panel_text(view, names)


def details(view: View) -> tuple[Detail, ...]:
    """Score cards, the December calendar (its days' names: the board shows only their
    effects) and the town, always."""
    mine = view["seat"] is not None
    return (
        Detail("cards", "Score cards", "📒"),
        Detail("calendar", "December", "📅"),
        Detail("board", "Board" if mine else "Town spaces", "🏘️"),
    )


def detail(view: View, names: Sequence[str], key: str) -> Shown | None:
    if key == "cards":
        return Shown(score_cards(view, names))
    if key == "calendar":
        if _mode(view) != "town" and view["seat"] is None:  # the table picture shows it
            return Shown(calendar_text())
        return Shown(calendar_text(), png(calendar_picture()), "The December calendar.")
    if key == "board":
        if view["seat"] is None:
            return Shown(town_text(view, names))
        public = view.copy()
        public["seat"] = None
        return Shown(town_text(view, names), table(public, names), describe(public, names))
    return None


def describe(view: View, names: Sequence[str]) -> str:
    """The table (and, for a seat's view, what that seat knows) as plain text, most important
    first: where the game is and whom it waits for, the standings (at the end: who won, then
    the score sheets), the seat's own prompt, Gifts and cards, what is under way, the last
    move, then the detail and each family's Gifts. Past Discord's 1,000 characters
    `render.describe` drops whole items from the end, so the least important go first; a busy
    table tells the families' rows in fewer words."""
    status, headline = status_line(view, names), plain(view["headline"], names)
    first = headline if status in headline else " · ".join(filter(None, (status, headline)))
    lines = [f"{TITLE} — {first}"]
    if view["sheets"]:  # who won, then every score sheet
        winners, *sheets = sheet_lines(view, names)
        lines += [winners, _standings(view, names), *sheets]
    else:
        lines.append(_standings(view, names))
    lines += _own(view, names)
    lines += [f"{sentence}." for _, sentence in under_way(view, names)]
    if view["dice"]:
        roll = " + ".join(map(str, view["dice"]))
        if len(view["dice"]) > 1:
            roll += f" = {sum(view['dice'])}"
        lines.append(f"Last roll: {roll} ({DICE_FOR.get(view['dice_for'], '')}).")
    if view["card"] in NN:
        card = NN[view["card"] or ""]
        lines.append(f"Last Naughty-or-Nice card: {card.name} — {card.effect}")
    if view["race"]:
        lines.append(f"The Race to Christmas began: {CAUSE[view['race_cause']]}.")
    lines.append("Cards left: " + ", ".join(deck_words(view["decks"])) + ".")
    families = [_family_line(fam, names) for fam in view["families"]]
    room = ALT_ROOM - len("\n".join(lines)) - 1
    if len("\n".join(families)) > room:  # every family, in fewer words
        families = [_family_short(fam, names) for fam in view["families"]]
    return "\n".join(lines + families)


def _standings(view: View, names: Sequence[str]) -> str:
    """Every family in one line: at the end by final value, in the Race nearest Christmas
    first, else in seat order; where each stands, its stars, tree and score card totals."""
    fams = view["families"]
    if (result := view["result"]) is not None:
        ranked = sorted(range(len(fams)), key=lambda p: (result["ranks"][p], p))
        return "Standings: " + "; ".join(
            f"{result['ranks'][p]}. {names[p]} {money(result['scores'][p])},"
            f" {plural(fams[p]['stars'], 'star')}"
            for p in ranked
        )
    days = [-1 if f["december"] is None else f["december"] for f in fams]
    if view["race"] or max(days) > 0:  # nearest Christmas first
        order = sorted(range(len(fams)), key=lambda p: -days[p])
        return "Families, nearest Christmas first: " + "; ".join(
            _standing(fams[p], names) for p in order
        )
    return "Families: " + "; ".join(_standing(fam, names) for fam in fams)


def _standing(fam: FamilyView, names: Sequence[str]) -> str:
    tree = (
        f"{plural(fam['lights'], 'Light')}, {plural(fam['ornaments'], 'Ornament')}"
        if fam["lights"] or fam["ornaments"]
        else "bare tree"
    )
    return (
        f"{names[fam['seat']]}: {where(fam)}, {plural(fam['stars'], 'star')}, {tree},"
        f" in {money(fam['deposit_total'])}, out {money(fam['debt_total'])}"
    )


def _own(view: View, names: Sequence[str]) -> list[str]:
    """What only this seat sees: what it is asked, the Value it holds, its Gifts and cards."""
    seat = view["seat"]
    if seat is None:
        return []
    out = []
    if view.get("prompt"):
        out.append(plain(view.get("prompt", ""), names))
    if drawn := view.get("drawn"):
        out.append(f"Drawn Value to place: ${drawn}.")
    gifts = view["families"][seat]["gifts"]
    mine = "; ".join(gift_words(g) for g in gifts) or "none"
    out.append(f"{names[seat]}'s Gifts: {mine}.")
    cards = [NN[c].name if c in NN else c for c in view.get("hand", [])]
    out.append(f"{names[seat]}'s Anytime cards: {', '.join(cards) or 'none'}.")
    return out


def _family_line(fam: FamilyView, names: Sequence[str]) -> str:
    """A family's row beyond the standings: colour and business, cards held, its Gifts."""
    family = FAMILY_BY[fam["colour"]]
    gifts = "; ".join(gift_words(g) for g in fam["gifts"]) or "none"
    parts = [
        f"{names[fam['seat']]} ({family.name}, {family.business})",
        plural(fam["anytime"], "Anytime card"),
        f"deposits {plural(len(fam['deposits']), 'entry', 'entries')},"
        f" debts {plural(len(fam['debts']), 'entry', 'entries')}",
    ]
    if fam["miracle"]:
        parts.append(f"Miracle awaits double {fam['miracle']}")
    return " · ".join(parts) + f" · Gifts: {gifts}"


def _family_short(fam: FamilyView, names: Sequence[str]) -> str:
    """A family's Gifts in as few words as the alt text of a busy table leaves room for."""
    parts = [f"{names[fam['seat']]} ({FAMILY_BY[fam['colour']].name})"]
    if fam["anytime"]:
        parts.append(plural(fam["anytime"], "Anytime card"))
    if fam["miracle"]:
        parts.append(f"Miracle: double {fam['miracle']}")
    gifts = ", ".join(_gift_short(g) for g in fam["gifts"]) or "none"
    return " · ".join(parts) + f" · Gifts: {gifts}"


def _gift_short(slot: GiftSlotView) -> str:
    """ "Puppy $450", "hidden (3 Values)" (face down), with 🧦 for the Stocking."""
    known = known_worth(slot)
    worth = money(known) if known is not None else f"({plural(slot['values'], 'Value')})"
    return f"{slot['name'] or 'hidden'} {worth}" + (" 🧦" if slot["stocking"] else "")


#: Moments the demo pictures: (event kind, which occurrence, name).
DEMO_MOMENTS = (
    ("swap", 1, "white-elephant"),
    ("buy", 1, "store"),
    ("card", 2, "naughty-or-nice"),
    ("take", 1, "estate-sale"),
    ("december", 3, "december"),
    ("reunion", 1, "reunion"),
    ("race", 1, "race"),
)
