"""Muppet Christmas Carol in words: the alt text, the text under the picture (`panel`) and
the discard pile behind a button (`details`, `detail`).

The picture shows what needs space: the rows of three, the Story tiles, the deck and the top
of the discard pile, and in a seat's picture the card it drew or the two gifts it chooses
between. Everything that is a list or a count lives here: gifts and sets per player, what
each player is doing, a seat's own gift values and the gifts it gave, the scores at the end;
the whole discard pile is one press away.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.muppets.cards import TILE_NAME, label, plain
from engine.muppets.views import MuppetsView, SlotView
from engine.protocol import fill_names
from engine.words import plural
from render.more import Detail, Shown

View = MuppetsView

#: How the viewer knows a face-down card (the view's `know`), in the alt text.
KNOW_TEXT = {
    "owner": "(your own card)",
    "placed": "(you put it there)",
    "revealed": "(it was revealed)",
    "seen": "(seen face up)",
    "had": "(it was yours)",
    "everyone": "(it was shown)",
}
#: The same, short enough for the caption under a card in the picture.
KNOW_SHORT = {
    "owner": "yours",
    "placed": "you put it",
    "revealed": "revealed",
    "seen": "seen it",
    "had": "was yours",
    "everyone": "shown",
}
#: How the table's rules are put in one line, shown while the game sets up.
RULE_LINE = (
    "Make your row of three match: one colour or one character (🌈 Wild matches anything)."
    " Your own set: 1 gift. Someone else's: take 2, give them 1, keep 1."
    " Gift values stay secret until the end."
)
DISCARD = "discard"


def named(line: str, names: Sequence[str]) -> str:
    """An engine prompt for a picture: seat placeholders become names, and the colour emoji
    are dropped (the bundled font has none; the colour's name is spelled out anyway)."""
    return _EMOJI.sub("", fill_names(line, names))


_EMOJI = re.compile("[\U0001f300-\U0001faff\u2600-\u27bf]\ufe0f? ?")


def status(view: View, names: Sequence[str]) -> str:
    phase = view["phase"]
    if phase == "fix":
        return f"Setting up: {names[view['to_act'][0]]} replaces a card"
    if phase == "sing":
        return "Who sings first? The first singer starts"
    if phase == "over":
        return f"Game over after {plural(view['turn_no'], 'turn')}"
    turn = view["turn"]
    assert turn is not None, "a turn is being played"
    return f"Turn {view['turn_no']} · {names[turn]} to play"


def doing(view: View, p: int) -> str:
    """What a player is doing now, if anything, in a few words."""
    phase, stage = view["phase"], view["stage"]
    if phase == "sing":
        return "let someone else start" if p in view["passed"] else "may sing to start"
    if phase == "fix":
        return "replacing a card" if p in view["to_act"] else ""
    if view["completing"] == p:
        if stage == "give":
            return "set complete! gift on its way"
        return "set complete! discarding"
    if phase == "play" and view["turn"] == p:
        if stage == "place" and view["using"]:
            return "drew a card with Scrooge"
        if stage == "give":
            return "choosing which gift to give"
        if view["followup"]:
            return "used Yet to Come; choosing another tile"
        return "choosing a Story tile"
    return ""


def coming(view: View) -> str:
    """When the next Story tile turns up: "in 3 cards"."""
    n = view["next_tile_in"]
    return "" if n is None else f"in {plural(n, 'card')}"


# --------------------------------------------------------------------- the panel


def panel(view: View, names: Sequence[str]) -> str:
    """Under the picture: a seat's own gifts first (in its own view), then a line per player
    (gifts, sets, what they are doing), or at the end the winner and every score."""
    lines: list[str] = []
    seat = view["seat"]
    if view["result"] is not None:
        lines += _final(view, names)
    elif seat is not None:
        lines += _mine(view, names)
    if view["result"] is None:
        lines += [_player_line(view, names, p) for p in range(view["seats"])]
        if view["phase"] in ("sing", "fix") and seat is None:
            lines.append(f"-# {RULE_LINE}")
    return "\n".join(lines)


def _player_line(view: View, names: Sequence[str], p: int) -> str:
    mark = "▶ " if p in view["to_act"] else ("✓ " if view["completing"] == p else "")
    you = " (you)" if view["seat"] == p else ""
    gifts = plural(view["gift_counts"][p], "gift")
    sets = plural(view["sets"][p], "set")
    now = doing(view, p)
    return f"{mark}**{names[p]}**{you} · 🎁 {gifts} · {sets}" + (f" — {now}" if now else "")


def _mine(view: View, names: Sequence[str]) -> list[str]:
    """A seat's own gifts, with their values and who gave them, and the gifts it gave."""
    mine = view["my_gifts"]
    if mine:
        values = [g["value"] for g in mine]
        sums = " + ".join(map(str, values))
        total = plural(sum(values), "point")
        worth = f"{sums} = {total}" if len(values) > 1 else total
        given = [f"a {g['value']} from {names[g['from']]}" for g in mine if g["from"] is not None]
        line = f"🎁 **Your gifts:** {worth}" + (f" ({', '.join(given)})" if given else "")
    else:
        line = "🎁 **Your gifts:** none yet"
    lines = [line]
    if gave := view["gave"]:
        lines.append(
            "**You gave:** " + ", ".join(f"a {g['value']} to {names[g['to']]}" for g in gave)
        )
    return lines


def _final(view: View, names: Sequence[str]) -> list[str]:
    """The winner, then each player best first: points, gift values, gifts and sets."""
    result, scores, values = view["result"], view["scores"], view["gift_values"]
    assert result is not None and scores is not None and values is not None, "a finished game"
    winners = result["winners"]
    points = plural(scores[winners[0]], "point")
    if len(winners) == 1:
        head = f"🏆 **{names[winners[0]]}** wins with {points}"
    else:
        head = f"🏆 Shared victory: **{'**, **'.join(names[p] for p in winners)}** · {points} each"
    lines = [head]
    for p in sorted(range(view["seats"]), key=lambda p: (result["ranks"][p], p)):
        gifts = " + ".join(map(str, sorted(values[p], reverse=True))) or "no gifts"
        counts = f"{plural(view['gift_counts'][p], 'gift')}, {plural(view['sets'][p], 'set')}"
        lines.append(f"**{names[p]}** {plural(scores[p], 'point')}: {gifts} ({counts})")
    return lines


# --------------------------------------------------------------------- details


def details(view: View) -> tuple[Detail, ...]:
    """The whole discard pile, once there is one (the picture shows its top card)."""
    n = len(view["discard"])
    return (Detail(DISCARD, f"Discard pile ({n})"),) if n else ()


def detail(view: View, names: Sequence[str], key: str) -> Shown | None:
    if key != DISCARD:
        return None
    pile = view["discard"]
    if not pile:
        return Shown("The discard pile is empty.")
    top, *rest = reversed(pile)
    lines = [
        f"**Discard pile** · {plural(len(pile), 'card')}, all face up",
        f"**Top:** {label(top)} (the Ghost of Christmas Past takes this one)",
    ]
    if rest:
        lines.append("**Below, newest first:** " + " · ".join(label(c) for c in rest))
    return Shown("\n".join(lines))


# --------------------------------------------------------------------- alt text


def _card_text(cell: SlotView) -> str:
    if cell["empty"]:
        return "—"
    if cell["card"] is None:
        return "face down"
    return plain(cell["card"])


def describe(view: View, names: Sequence[str]) -> str:
    """The picture in words, most important first (`render.alt.fit` keeps the head when the
    text is too long): whose turn, who leads, what this seat is asked with its own cards and
    gifts, what is happening now; then the other rows, the Story tiles and the piles."""
    seat = view["seat"]
    lines = [f"The Muppet Christmas Carol: Spirit of Giving — {status(view, names)}"]
    lines += _standing(view, names)
    if seat is not None:
        lines += _own(view, names, seat)
    busy = [
        f"{names[p]}: {now}"
        for p in range(view["seats"])
        if (now := doing(view, p)) and now not in _SAID
    ]
    lines += [" · ".join(busy)] if busy else []
    lines += [_row_text(view, names, p) for p in range(view["seats"]) if p != seat]
    shown = ", ".join(TILE_NAME[t] for t in view["story"]) or "none yet"
    nxt = view["next_tile"]
    later = f" (next: {TILE_NAME[nxt]} {coming(view)})" if nxt else ""
    lines.append(f"Story tiles: {shown}{later}")
    top = plain(view["discard"][-1]) if view["discard"] else "empty"
    lines.append(
        f"Deck: {plural(view['deck'], 'card')}."
        f" Discard pile: {plural(len(view['discard']), 'card')}, top {top}."
        f" {plural(view['gifts_left'], 'gift')} left."
    )
    return "\n".join(lines)


#: What a player may be doing that the status line already says.
_SAID = frozenset({"may sing to start", "replacing a card", "choosing a Story tile"})


def _standing(view: View, names: Sequence[str]) -> list[str]:
    """Who leads: at the end the winners and every score, best first; before, the gifts and
    sets each player has (their values are hidden), once anyone has one."""
    counts = [
        f"{plural(view['gift_counts'][p], 'gift')}, {plural(view['sets'][p], 'set')}"
        for p in range(view["seats"])
    ]
    result, scores = view["result"], view["scores"]
    if result is not None and scores is not None:
        order = sorted(range(view["seats"]), key=lambda p: (result["ranks"][p], p))
        won = " and ".join(names[p] for p in result["winners"])
        head = "Winners" if len(result["winners"]) > 1 else "Winner"
        table = " · ".join(f"{names[p]} {plural(scores[p], 'point')} ({counts[p]})" for p in order)
        return [f"{head}: {won} · Scores: {table}"]
    if not any(view["gift_counts"]) and not any(view["sets"]):
        return []
    return ["Gifts so far: " + " · ".join(f"{names[p]} {c}" for p, c in enumerate(counts))]


def _own(view: View, names: Sequence[str], seat: int) -> list[str]:
    """What the seat is asked and what it has to answer with: the prompt, a drawn card or
    two gifts to choose from, its own row and its gifts."""
    lines = [named(view["prompt"], names)] if view.get("prompt") else []
    if held := view.get("held"):
        lines.append(f"Drawn card: {plain(held)}.")
    if offer := view.get("offer"):
        lines.append(f"Gifts to choose from: {offer[0]} and {offer[1]}.")
    lines.append(_row_text(view, names, seat))
    mine = [g["value"] for g in view["my_gifts"]]
    worth = f"{', '.join(map(str, mine))} ({plural(sum(mine), 'point')})" if mine else "none"
    gave = ", ".join(f"{g['value']} to {names[g['to']]}" for g in view["gave"])
    lines.append(f"{names[seat]}'s gifts: {worth}." + (f" Gave: {gave}." if gave else ""))
    return lines


def _row_text(view: View, names: Sequence[str], p: int) -> str:
    row = view["rows"][p]
    cells = [_card_text(row[0]), _card_text(row[1]), _card_text(row[2])]
    know = row[1]["know"]
    if know == "everyone" and not row[1]["face_up"]:
        cells[1] += " (face down, shown to everyone)"
    elif know and not row[1]["face_up"]:
        cells[1] += f" (face down, you know it: {KNOW_TEXT[know].strip('()')})"
    return f"{names[p]} (P{p + 1}): {' | '.join(cells)}"
