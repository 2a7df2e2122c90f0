"""Holiday Shuffle pictures and the text beside them, phone first.

Pictures are 800 px wide with text of 22 px and more, so that they read at 400 px wide:
- the table: the card in play (the discard pile's top) and the draw pile, then every mat as a
  row of ten small cards, month and day large, the cards in order on a green bar;
- a seat's picture: its own mat as ten lines, slot number, date and the holiday's whole name,
  then the card in play; during its own trade, the other mats too.

What is a list or a number (scores, the score sheet, the piles' counts, how a round scored) is
text under the picture (`panel`); the holidays' names on other mats and the last round's final
mats are a press away (`details`). See docs/games/shuffle.md, "Playing on Discord".
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.shuffle import cards as C
from engine.shuffle.narration import breakdown, wild_text
from engine.shuffle.views import ShuffleView
from engine.words import and_list, plural
from render.common import (
    GOLD,
    GREEN,
    INK,
    MB,
    MUTED,
    PANEL,
    canvas,
    fit,
    font,
    kept,
    png,
    text,
)
from render.more import Detail, Shown
from render.shuffle_parts import (
    EFFECT_MARK,
    FACE_H,
    FACE_W,
    LABEL,
    LINE_H,
    NAME_ON_ROW,
    PILE_W,
    ROW_H,
    ROW_LABEL,
    SMALL,
    TILE_GAP,
    TILE_H,
    TILE_W,
    TILE_X0,
    TYPE_INK,
    WIDTH,
    back,
    face,
    in_order_text,
    mat_line,
    mat_row,
    wild_days,
)

View = ShuffleView

_REASON = {"in_order": "won the round", "dealt_in_order": "was dealt a mat in order"}
_NO_WINNER = {
    "stalemate": "the draw pile would have been turned over a third time",
    "turn_limit": "the turn limit was reached",
}


def _wrap(value: str, size: int, width: float, bold: bool = False) -> list[str]:
    """Words greedily into lines of at most `width` pixels (a lone word wider gets its own)."""
    f = font(size, bold)
    lines: list[str] = []
    for word in value.split():
        if lines and f.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _wild_days(view: View, seat: int) -> tuple[tuple[int, int], ...]:
    """Designated Wild dates to show, once the game is over (the mats are the final ones)."""
    if not view["finished"] or not view["history"]:
        return ()
    return wild_days(view["history"][-1][seat]["wilds"])


def _result_text(view: View, names: Sequence[str]) -> str:
    """`Winner: Cal — 39 points`, or `Shared victory: Ann, Bea — 20 points`."""
    result = view["result"]
    assert result is not None, "the game is over"
    winners = [names[i] for i in result["winners"]]
    best = result["scores"][result["winners"][0]]
    head = "Winner: " if len(winners) == 1 else "Shared victory: "
    return f"{head}{', '.join(winners)} — {plural(best, 'point')}"


def _status(view: View, names: Sequence[str]) -> str:
    if view["finished"]:
        return "The game is over."
    turn = view["turn"]
    assert turn is not None, "the game goes on"
    who = names[turn]
    if view["effect"]:
        effect = C.EFFECT_THEY[C.EFFECT[view["effect"]]]
        return f"{who} kept {C.NAME[view['effect']]} and may {effect}."
    if view["drawn_by"] is not None:
        return f"{who} drew a card and is deciding what to do with it."
    if view["bonus_turn"]:
        return f"{who} is taking another turn."
    return f"{who} to play: take the discard or draw."


def _tag(view: View, seat: int) -> str:
    tags = []
    if view["dealer"] == seat and not view["finished"]:
        tags.append("dealer")
    if view["drawn_by"] == seat:
        tags.append("drew a card")
    return " · ".join(tags)


def _row(view: View, names: Sequence[str], seat: int, acting: bool) -> Image.Image:
    return mat_row(
        fit(names[seat], NAME_ON_ROW, 300, True),
        tuple(view["mats"][seat]),
        _wild_days(view, seat),
        view["prefix"][seat],
        "▶" if acting else "",
        _tag(view, seat),
    )


# --------------------------------------------------------------------- the card in play

PLAY_H = FACE_H + 30


@kept(4 * MB)
def _play_panel(
    card_id: str | None, lines: tuple[str, ...], gold: bool, draw_size: int
) -> Image.Image:
    """The card in play large on the left, what it is beside it (the first line in gold when
    it is this seat's to place), the draw pile on the right with its count. Kept: it changes
    only when a card is played or drawn."""
    img, draw = canvas(WIDTH, PLAY_H)
    draw.rounded_rectangle((4, 0, WIDTH - 4, PLAY_H - 6), 14, fill=PANEL)
    if card_id:
        if gold:
            draw.rounded_rectangle((10, 6, 22 + FACE_W, 18 + FACE_H), 14, fill=GOLD)
        sprite = face(card_id)
        img.paste(sprite, (16, 12), sprite)
    x = 16 + FACE_W + 20
    room = WIDTH - x - PILE_W - 40
    ty = 14
    for k, line in enumerate(lines):
        size, bold = (LABEL, False) if k == 0 else (28, True)
        ink = GOLD if k == 0 and gold else MUTED if k == 0 else INK
        if k >= 2:
            size, bold, ink = SMALL + 2, True, TYPE_INK[C.CELEBRATION]
        for part in _wrap(line, size, room, bold):
            text(draw, (x, ty), part, size, ink, bold)
            ty += size + 10
        ty += 4
    bx = WIDTH - 20 - PILE_W
    text(draw, (bx + PILE_W / 2, 12), "Draw pile", SMALL, MUTED, anchor="mt")
    pile = back(draw_size)
    img.paste(pile, (bx, 46), pile)
    return img


def _card_lines(card_id: str) -> list[str]:
    """A card's name and, for a Celebration, what it does when kept."""
    lines = [C.label(card_id)]
    if card_id in C.EFFECT:
        lines.append(f"Celebration: {C.EFFECT_YOU[C.EFFECT[card_id]]}")
    return lines


# --------------------------------------------------------------------- the table


def table(view: View, names: Sequence[str]) -> bytes:
    n = view["seats"]
    head = 110 if view["finished"] else PLAY_H
    img, draw = canvas(WIDTH, head + n * ROW_H + 8)
    if view["finished"]:
        _banner(draw, view, names)
    else:
        top = view["discard_top"]
        lines = ["Discard pile", *(_card_lines(top) if top else [])]
        img.paste(_play_panel(top, tuple(lines), False, view["draw_size"]), (0, 0))
    acting = set(view["to_act"])
    for seat in range(n):
        img.paste(_row(view, names, seat, seat in acting), (0, head + seat * ROW_H))
    return png(img)


def _banner(draw: ImageDraw.ImageDraw, view: View, names: Sequence[str]) -> None:
    """The game's result, over the final mats."""
    lines = _wrap("★ " + _result_text(view, names), 30, WIDTH - 48, True)
    size = 30 if len(lines) == 1 else 26
    for k, line in enumerate(_wrap("★ " + _result_text(view, names), size, WIDTH - 48, True)[:2]):
        text(draw, (24, 14 + k * (size + 8)), line, size, GOLD, True)
    text(draw, (24, 72), "The final mats, each Wild on its date", LABEL, MUTED)


# --------------------------------------------------------------------- a seat's picture

MAT_TOP = 52


def hand(view: View, names: Sequence[str]) -> bytes:
    seat = view["seat"]
    assert seat is not None, "a seat's own view"
    effect = view["effect"]
    mine = bool(view.get("prompt"))
    if mine and effect is not None and C.EFFECT[effect] == C.TRADE:
        return _trading(view, names, seat)
    first = (view.get("pending") or "").partition(":")[0]
    picked = int(first) - 1 if effect and mine and first else -1
    play_top = MAT_TOP + 10 * LINE_H + 6
    img, draw = canvas(WIDTH, play_top + PLAY_H)

    prefix = view["prefix"][seat]
    text(draw, (16, 12), "Your mat", 28, GOLD, True)
    x = 26 + font(28, True).getlength("Your mat")
    text(draw, (x, 14), in_order_text(prefix), LABEL + 2, GREEN, True)
    days = dict(_wild_days(view, seat))
    for k, slot in enumerate(view["mats"][seat]):
        row = mat_line(k + 1, slot, k < prefix, k == picked, days.get(k))
        img.paste(row, (0, MAT_TOP + k * LINE_H))

    draw.rounded_rectangle((4, play_top, WIDTH - 4, play_top + PLAY_H - 6), 14, fill=PANEL)
    if view["finished"]:
        result = _wrap(_result_text(view, names), 28, WIDTH - 48, True)[:2]
        for k, line in enumerate(result):
            text(draw, (24, play_top + 20 + k * 40), line, 28, GOLD, True)
        mine_total = plural(view["scores"][seat], "point") + " in total for you"
        text(draw, (24, play_top + 24 + 40 * len(result)), mine_total, LABEL, INK)
    else:
        card_id, lines, gold = _in_play_of(view, names, mine)
        img.paste(_play_panel(card_id, tuple(lines), gold, view["draw_size"]), (0, play_top))
    return png(img)


def _trading(view: View, names: Sequence[str], seat: int) -> bytes:
    """A seat in the middle of its trade: the Celebration, then its own mat and the others as
    rows of small cards, as on the table (the card it gives ringed in gold, the player it
    trades with marked ▶): both cards of a trade in one look."""
    mine, _, other = (view.get("pending") or "").partition(":")
    partner = int(other) if other else None
    n = view["seats"]
    others = [partner] if partner is not None else [(seat + k) % n for k in range(1, n)]
    img, draw = canvas(WIDTH, PLAY_H + (1 + len(others)) * ROW_H + 8)
    card_id, lines, gold = _in_play_of(view, names, True)
    img.paste(_play_panel(card_id, tuple(lines), gold, view["draw_size"]), (0, 0))
    row = mat_row(
        "Your mat", tuple(view["mats"][seat]), (), view["prefix"][seat], "", _tag(view, seat)
    )
    img.paste(row, (0, PLAY_H))
    if mine:
        x = TILE_X0 + (int(mine) - 1) * (TILE_W + TILE_GAP)
        y = PLAY_H + ROW_LABEL
        draw.rounded_rectangle(
            (x - 3, y - 4, x + TILE_W + 3, y + TILE_H + 4), 10, outline=GOLD, width=3
        )
    for k, o in enumerate(others):
        img.paste(_row(view, names, o, o == partner), (0, PLAY_H + (k + 1) * ROW_H))
    return png(img)


def _in_play_of(view: View, names: Sequence[str], mine: bool) -> tuple[str | None, list[str], bool]:
    """The card the seat's picture shows in play, what to say of it, and whether it is the
    seat's to place: the card it drew, the discard it is taking, a Celebration it is using,
    or else the discard pile's top."""
    drawn = view.get("drawn")
    if drawn:
        return drawn, ["You drew this card", *_card_lines(drawn)], True
    effect = view["effect"]
    if effect:
        who = "You" if mine else names[view["turn"] or 0]
        use = C.EFFECT_YOU if mine else C.EFFECT_THEY
        lines = [
            f"{who} kept this Celebration",
            C.label(effect),
            f"May {use[C.EFFECT[effect]]} (optional)",
        ]
        return effect, lines, mine
    top = view["discard_top"]
    taking = view.get("pending") == "take"
    caption = "You are taking the discard" if taking else "Discard pile"
    return top, [caption, *(_card_lines(top) if top else [])], taking


# --------------------------------------------------------------------- text


def _mat_text(mat: Sequence[str]) -> str:
    """A mat in full: `1 Jul 4 Independence Day | 2 Wild card | …`."""
    return " | ".join(f"{k + 1} {C.label(c)}" for k, c in enumerate(mat))


def _dates(mat: Sequence[str]) -> str:
    """A mat by its dates only, `Jul 4, Wild, Dec 25, …`: what order and runs are made of."""
    return ", ".join(C.short(c) for c in mat)


def describe(view: View, names: Sequence[str]) -> str:
    """The picture as text, most important first (`render.alt.fit` drops the end when Discord
    would not keep it all): the scores, whose turn it is and what this seat is asked, its own
    mat in full, the piles, everyone else's mat by its dates (four mats with their holidays'
    names would not fit), then how the last round scored."""
    me = view["seat"]
    lines = [f"Holiday Shuffle — {view['headline']}"]
    if view["result"]:
        lines.append(_result_text(view, names) + ".")
    scores = [f"{names[i]} {plural(score, 'point')}" for i, score in enumerate(view["scores"])]
    lines.append("Scores: " + ", ".join(scores) + ".")
    if not view["finished"]:
        lines.append(f"{_status(view, names)} Dealer: {names[view['dealer']]}.")
    if me is not None:
        waiting = "waiting for " + and_list([names[i] for i in view["to_act"]]) + "."
        asked = view.get("prompt") or ("the game is over." if view["finished"] else waiting)
        lines.append(f"{names[me]}'s view: {asked}")
        lines.append(f"Your mat ({view['prefix'][me]} in order): {_mat_text(view['mats'][me])}")
    if not view["finished"]:
        top = view["discard_top"]
        assert top is not None, "a round in play always has a discard pile"
        lines.append(
            f"Discard pile: {C.label(top)} on top"
            f" ({plural(view['discard_size'], 'card')})."
            f" Draw pile: {plural(view['draw_size'], 'card')}."
        )
    n = view["seats"]
    for seat in [(k + (me or 0)) % n for k in range(n)]:
        if seat != me:
            mat = _dates(view["mats"][seat])
            lines.append(f"{names[seat]}'s mat ({view['prefix'][seat]} in order): {mat}")
    last = view["last_round"]
    if last:
        lines.append(_round_line(view, names))
    return "\n".join(lines)


def _round_line(view: View, names: Sequence[str]) -> str:
    """How the last round scored, every mat's breakdown, in one line."""
    last = view["last_round"]
    assert last is not None, "a round has been played"
    winner = last["winner"]
    who = "no winner" if winner is None else f"won by {names[winner]}"
    parts = [
        f"{names[seat]} +{row['points']} ({breakdown(row)}"
        + (f"; {wild_text(row)})" if row["wilds"] else ")")
        for seat, row in enumerate(view["history"][-1])
    ]
    return f"Round {last['round']}, {who}: " + "; ".join(parts)


def _in_order(n: int) -> str:
    return "✓ all 10 in order" if n == 10 else f"✓ {n} in order"


def panel(view: View, names: Sequence[str]) -> str:
    """Under the picture: the result, everyone's score and cards in order (▶ whoever is to
    act), what is happening, the piles' counts and the score sheet, a round a line. A seat's
    own panel starts with its own mat's count and the card it holds."""
    me = view["seat"]
    lines = []
    if view["result"]:
        lines.append(f"🏆 **{_result_text(view, names)}**")
    if me is not None and not view["finished"]:
        drawn = view.get("drawn")
        if drawn:
            lines.append(f"You drew **{C.label(drawn)}**. Only you see it until it is placed.")
    acting = set(view["to_act"])
    for seat, score in enumerate(view["scores"]):
        mark = "▶ " if seat in acting else ""
        you = " (you)" if seat == me else ""
        extra = " · dealer" if seat == view["dealer"] and not view["finished"] else ""
        lines.append(
            f"{mark}**{names[seat]}**{you} — {plural(score, 'point')} ·"
            f" {_in_order(view['prefix'][seat])}{extra}"
        )
    if not view["finished"]:
        lines.append(_status(view, names))
        lines.append(
            f"Discard pile {plural(view['discard_size'], 'card')} ·"
            f" draw pile {plural(view['draw_size'], 'card')}"
            f" (turned over {view['rebuilds']} of {view['max_rebuilds']})"
        )
    for k, rows in enumerate(view["history"]):
        won = view["outcomes"][k]["winner"]
        head = "no winner" if won is None else f"{names[won]} won"
        points = " · ".join(f"{names[s]} +{row['points']}" for s, row in enumerate(rows))
        lines.append(f"Round {k + 1} ({head}): {points}")
    return "\n".join(lines)


MATS = Detail("mats", "Mats in words", "📅")
LAST = Detail("last", "Last round", "🧾")
KEY = Detail("cards", "Card colours", "🎨")


def details(view: View) -> tuple[Detail, ...]:
    """Every mat with its holidays' names; the last round's final mats and how they scored
    (once a round has been played); what the card colours and marks mean."""
    return (MATS, LAST, KEY) if view["last_round"] else (MATS, KEY)


def detail(view: View, names: Sequence[str], key: str) -> Shown | None:
    if key == MATS.key:
        return Shown(_mats_text(view, names))
    if key == LAST.key:
        return _last_round(view, names)
    if key == KEY.key:
        return Shown(KEY_TEXT)
    return None


KEY_TEXT = "\n".join(
    (
        "**Reading the cards**",
        "🟦 Holiday: a blue band with the month, the day below (● on your own mat).",
        "🟧 Celebration: an orange band and a ★ star. Kept from the piles, it lets you"
        " **SWITCH** two of your cards, **TRADE** one with another player, or take another"
        " turn (**+TURN**); on a mat it does nothing.",
        "🟪 Wild: a purple band that says WILD (◆ on your own mat): any date not on its mat."
        " When a round is scored each Wild gets the date that scores best, shown on it.",
        "✓ **In order**: the cards in rising date order from slot 1 sit on a green bar (on"
        " your own mat: a green edge and green slot numbers). Each scores a point.",
    )
)


def _card_word(card_id: str, wild_day: int | None = None) -> str:
    """`Jul 4 Independence Day`, `Sep 19 Talk Like a Pirate Day (TRADE)`, `Wild (= Feb 10)`."""
    if C.is_wild(card_id):
        return "Wild" if wild_day is None else f"Wild (= {C.date_text(wild_day)})"
    effect = C.EFFECT.get(card_id)
    return C.label(card_id) + (f" ({EFFECT_MARK[effect]})" if effect else "")


def _mat_words(mat: Sequence[str], wilds: Sequence[tuple[int, int]] = ()) -> str:
    days = dict(wilds)
    return " · ".join(f"`{k + 1}` {_card_word(c, days.get(k))}" for k, c in enumerate(mat))


def _mats_text(view: View, names: Sequence[str]) -> str:
    """Every mat, slot by slot, with its holidays' names (the mats lie face up)."""
    me = view["seat"]
    n = view["seats"]
    lines = []
    for seat in [(k + (me or 0)) % n for k in range(n)]:
        who = "Your mat" if seat == me else f"**{names[seat]}**"
        lines.append(f"{who} ({_in_order(view['prefix'][seat])})")
        lines.append(_mat_words(view["mats"][seat], _wild_days(view, seat)))
    return "\n".join(lines)


def _last_round(view: View, names: Sequence[str]) -> Shown | None:
    """How the last round ended: its winner, each mat's score and its final cards, with the
    dates its Wilds were given (text: the same mats are on the table once the round is over,
    and this answers after the next deal has replaced them)."""
    last = view["last_round"]
    if last is None:
        return None
    winner = last["winner"]
    if winner is None:
        head = f"**Round {last['round']}**: no winner ({_NO_WINNER[last['reason']]})"
    else:
        head = f"**Round {last['round']}**: {names[winner]} {_REASON[last['reason']]}"
    lines = [head]
    for seat, row in enumerate(view["history"][-1]):
        star = " ★" if seat == winner else ""
        lines.append(f"**{names[seat]}**{star} +{row['points']} = {breakdown(row)}")
        lines.append(_mat_words(last["mats"][seat], wild_days(row["wilds"])))
    return Shown("\n".join(lines))


#: Moments the demo pictures: (event kind, which occurrence, name).
DEMO_MOMENTS = (
    ("draw", 2, "drawn-card"),
    ("celebration", 1, "celebration"),
    ("round_over", 1, "end-of-round"),
)
