"""Ghosts of Christmas in words: the alt text of a picture, the text under it (`panel`) and
the two things a player may open on demand (`details`): the score sheet and the cards played.

The public table's text names no card: the cards in the eras are in the picture, and the
cards played in earlier rounds of the hand are behind the "Played cards" button (they were
played openly, so anyone may look, but a line in the channel stays free of card names).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ghosts.cards import ERA_NAME, SUIT_EMOJI, SUIT_NAME, SUITS, deck
from engine.ghosts.narration import bid_text
from engine.ghosts.scoring import TINY_TIM_CAP, TINY_TIM_ZERO, bid_points, tiny_tim_points
from engine.ghosts.views import BidView, GhostsView
from engine.words import and_list, plural
from render.more import Detail, Shown

View = GhostsView

SCORES = Detail("scores", "Score sheet", "🧾")
PLAYED = Detail("played", "Played cards", "🃏")


def _card_text(card_id: str | None) -> str:
    return "—" if card_id is None else f"{SUIT_EMOJI[card_id[0]]}{card_id[1:]}"


def _bid_words(bid: BidView | None) -> str:
    return "no bid yet" if bid is None else f"bid {bid_text(bid['purple'], bid['red'])}"


def result_line(view: View, names: Sequence[str]) -> str:
    """`Winner: Ann — 14 points`, or `Shared victory: Ann, Bea — 9 points`."""
    result = view["result"]
    assert result is not None, "a finished game"
    winners = [names[i] for i in result["winners"]]
    head = "Winner: " if len(winners) == 1 else "Shared victory: "
    return f"{head}{', '.join(winners)} — {plural(result['scores'][result['winners'][0]], 'point')}"


# --------------------------------------------------------------------- alt text


def describe(view: View, names: Sequence[str]) -> str:
    """The table as text, most important first (`render.alt.fit` drops the end when Discord
    would not keep it all): the winner, everyone's points and bid, whose turn it is, what this
    seat is asked and its hand, then the cards in the eras, how the last round went and the
    score sheet."""
    me = view["seat"]
    tiny = view["variant"] == "tiny_tim"
    lines = [f"Ghosts of Christmas — {view['headline']}" + (" · Tiny Tim" if tiny else "")]
    if view["result"]:
        lines.append(result_line(view, names) + ".")
    n = view["seats"]
    for i in range(n):
        made = "" if tiny else _bid_words(view["bids"][i]) + ", "
        lines.append(
            f"{names[i]}: {plural(view['scores'][i], 'point')}, {made}"
            f"won {plural(view['won'][i], 'trick')}, {plural(view['hand_sizes'][i], 'card')}"
        )
    if not view["finished"]:
        acting = and_list([names[i] for i in view["to_act"]])
        lines.append(f"Start marker: {names[view['marker']]}. To act: {acting}.")
    if me is not None:
        waiting = f"waiting for {and_list([names[i] for i in view['to_act']])}."
        asked = view.get("prompt") or ("the game is over." if view["finished"] else waiting)
        lines.append(f"{names[me]}'s view: {asked}")
        if view["hand"]:  # empty once the game is over
            held = " | ".join(
                f"{SUIT_NAME[s]}: " + (" ".join(c[1:] for c in view["hand"] if c[0] == s) or "none")
                for s in SUITS
            )
            lines.append(f"{names[me]}'s hand: {held}")
    if view["finished"]:  # the eras are empty: the score sheet tells how it went
        return "\n".join([*lines, *_score_sheet(view, names)])
    for e, era in enumerate(view["eras"]):
        dial = view["dials"][e]
        head = f"dial {SUIT_NAME[dial]}" if dial else "dial face down"
        cells = ", ".join(f"{names[i]} {_card_text(view['played'][e][i])}" for i in range(n))
        lines.append(f"{ERA_NAME[era]} ({head}): {cells}")
    if last := view["last_round"]:
        parts = [
            f"{ERA_NAME[t['era']]} {SUIT_NAME[t['suit']]} → {names[t['winner']]}"
            for t in last["tricks"]
        ]
        lines.append("Last round: " + "; ".join(parts))
    return "\n".join([*lines, *_score_sheet(view, names)])


def _score_sheet(view: View, names: Sequence[str]) -> list[str]:
    """`Hand 1: Ann +3, Bea +0, …` for every finished hand."""
    return [
        f"Hand {k + 1}: " + ", ".join(f"{names[i]} +{row['points']}" for i, row in enumerate(rows))
        for k, rows in enumerate(view["history"])
    ]


# --------------------------------------------------------------------- under the picture


def panel(view: View, names: Sequence[str]) -> str:
    """The numbers beside the picture, a line a seat: points, tricks won, the bid and what
    it asks for, cards left; then how the last round went. On a seat's own picture its line
    says "you" and adds how its hand stands. Once the game is over, the winner and the score
    sheet; before any hand is scored, a reminder of how an era is won."""
    me = view["seat"]
    lines = []
    if view["result"]:
        lines.append(f"🏆 **{result_line(view, names)}**")
    for seat in range(view["seats"]):
        lines.append(_seat_line(view, names, seat, seat == me))
    if me is not None and (standing := _standing(view, me)):
        lines.append(standing)
    if view["variant"] == "tiny_tim":
        cap = TINY_TIM_CAP[view["seats"]]
        lines.append(
            f"Tiny Tim, no bids: a hand without tricks scores {TINY_TIM_ZERO}, otherwise"
            f" 1 point a trick up to {cap}; more than {cap} scores 0."
        )
    if view["finished"]:
        lines += ["**Score sheet**", *(f"{line}" for line in _score_sheet(view, names))]
    elif last := view["last_round"]:
        parts = [
            f"{ERA_NAME[t['era']]} → **{names[t['winner']]}** ({SUIT_NAME[t['suit']]})"
            for t in last["tricks"]
        ]
        lines.append("Last round: " + " · ".join(parts))
    if not view["history"]:
        lines.append(
            "-# Hearts trump. In each era the start player's card sets the scoring suit,"
            " and the era's winner takes the start marker for the next."
        )
    return "\n".join(lines)


def _seat_line(view: View, names: Sequence[str], seat: int, mine: bool) -> str:
    """`▶ **Ann** (you) ⭐ start — 3 points · bid 3 + red door (3 or 4 tricks) · won 1 ·
    10 cards`."""
    head = ("▶ " if seat in view["to_act"] else "") + f"**{names[seat]}**"
    if mine:
        head += " (you)"
    if view["marker"] == seat and not view["finished"]:
        head += " ⭐ start"
    parts = [plural(view["scores"][seat], "point")]
    if view["variant"] != "tiny_tim":
        made = view["bids"][seat]
        bidding = made is None and view["phase"] == "bid" and seat in view["to_act"]
        parts.append("bidding now" if bidding else _bid_words(made))
    parts.append(f"won {view['won'][seat]}")
    if not view["finished"]:
        parts.append(plural(view["hand_sizes"][seat], "card"))
    return f"{head} — {' · '.join(parts)}"


def _standing(view: View, me: int) -> str:
    """How this seat's hand stands: what it would score if no more tricks came, and in the
    standard game how far it is from its bid."""
    if view["finished"]:
        return ""
    won = view["won"][me]
    if view["variant"] == "tiny_tim":
        now = plural(tiny_tim_points(won, view["seats"]), "point")
        return f"**Your hand:** won {won}, {now} as it stands."
    made = view["bids"][me]
    if made is None:
        return ""
    purple, red = made["purple"], made["red"]
    if won < purple:
        return f"**Your hand:** won {won}, {plural(purple - won, 'more trick')} to reach your bid."
    if won > purple + red:
        return f"**Your hand:** won {won}, past your bid: this hand scores 0."
    points = plural(bid_points(won, purple, red), "point")
    return f"**Your hand:** won {won}, on your bid: {points} as it stands."


# --------------------------------------------------------------------- on demand


def details(view: View) -> tuple[Detail, ...]:
    """The score sheet once a hand is scored, and the cards played this hand once one is;
    none once the game is over (the text under the picture then holds the score sheet, and the
    finished game's message keeps no controls)."""
    if view["finished"]:
        return ()
    return tuple(d for d, shown in ((SCORES, view["history"]), (PLAYED, _played(view))) if shown)


def detail(view: View, names: Sequence[str], key: str) -> Shown | None:
    if key == SCORES.key:
        return Shown(_score_text(view, names))
    if key == PLAYED.key:
        return Shown(_played_text(view))
    return None


def _score_text(view: View, names: Sequence[str]) -> str:
    """Every finished hand: each seat's points, bid and tricks won; then the totals."""
    lines = ["**Score sheet**"]
    for k, rows in enumerate(view["history"]):
        lines.append(f"__Hand {k + 1}__")
        for seat, row in enumerate(rows):
            bid = "" if row["purple"] < 0 else f"bid {bid_text(row['purple'], row['red'])}, "
            lines.append(f"{names[seat]} **+{row['points']}** ({bid}won {row['won']})")
    totals = " · ".join(f"{names[i]} {s}" for i, s in enumerate(view["scores"]))
    lines.append(f"**Total** {totals}")
    return "\n".join(lines)


def _played(view: View) -> list[str]:
    """The cards played openly this hand: earlier rounds' and this round's."""
    return [*view["seen"], *(c for row in view["played"] for c in row if c)]


def _played_text(view: View) -> str:
    """The cards played this hand by suit; on a seat's own view also the cards still out (in
    the others' hands: neither played nor its own)."""
    played = set(_played(view))
    lines = [f"**Played this hand** ({plural(len(played), 'card')})"]
    lines += _by_suit(played)
    if view["seat"] is not None:
        out = set(deck(view["seats"])) - played - set(view["hand"])
        lines += [f"**Still in the others' hands** ({plural(len(out), 'card')})", *_by_suit(out)]
    return "\n".join(lines)


def _by_suit(cards: set[str]) -> list[str]:
    """`♥️ Hearts: 1 4 9` a suit a line, ranks in order."""
    return [
        f"{SUIT_EMOJI[s]} {SUIT_NAME[s]}: "
        + (" ".join(str(r) for r in sorted(int(c[1:]) for c in cards if c[0] == s)) or "none")
        for s in SUITS
    ]
