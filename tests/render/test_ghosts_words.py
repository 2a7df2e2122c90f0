"""The words on the Ghosts pictures and the text under them: counts in words ("1 point",
"1 trick") and bids that read as bids on a phone (the 800 px picture is shown 400 px wide
there)."""

from __future__ import annotations

import copy
import re

from engine import bot_move
from engine.ghosts import GAME
from render import describe, panel
from render.ghosts import table
from tests.render.drawn import drawn_words

NAMES = ["Ann", "Bea", "Cal", "Dot"]
#: Text this size in the 800 px picture is 12 px at a phone's 400 px: above the 11 px rule.
READABLE = 24


def _playing():
    """A 4-player game in its first round of play, every bid made."""
    state = GAME.new(4, {}, 1)
    while state.phase == "bid":
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, bot_move(GAME, state, seat, "normal"))
    return state


def _ones(view):
    """`view` with one point, one trick won and one card in hand for everyone."""
    out = copy.deepcopy(view)
    out["scores"] = [1] * 4
    out["won"] = [1] * 4
    out["hand_sizes"] = [1] * 4
    return out


def _words(draw, view) -> list[tuple[str, int]]:
    """Every line the picture draws, with its size (kept drawings' words included)."""
    with drawn_words() as drawn:
        draw(view, NAMES)
    return list(drawn)


def test_the_table_counts_tricks_won_and_its_text_points_and_cards_in_words():
    view = _ones(GAME.view(_playing(), None))
    lines = [line for line, _ in _words(table, view)]
    assert lines.count("1 won") == 4, lines
    text = panel(view, NAMES)
    for count in ("1 point", "won 1", "1 card"):
        assert len(re.findall(rf"\b{count}\b", text)) == 4, (count, text)
    assert not re.search(r"\b1 (points|cards)", text), text


def test_the_hand_text_counts_one_point_and_one_trick_in_words():
    state = _playing()
    (seat,) = GAME.to_act(state)
    view = _ones(GAME.view(state, seat))
    view["bids"][seat] = {"purple": 2, "red": False}
    text = panel(view, NAMES)
    mine = next(line for line in text.splitlines() if f"**{NAMES[seat]}** (you)" in line)
    assert " — 1 point · " in mine and mine.endswith(" · won 1 · 1 card"), mine
    assert "**Your hand:** won 1, 1 more trick to reach your bid." in text, text


def test_the_alt_text_counts_in_words():
    view = _ones(GAME.view(_playing(), 0))
    text = describe(view, NAMES)
    for count in ("1 point", "won 1 trick", "1 card"):
        assert len(re.findall(rf"\b{count}\b", text)) == 4, (count, text)
    assert not re.search(r"\b1 (points|tricks|cards)", text), text


def test_a_bid_of_one_and_the_door_prompt_count_in_words():
    state = GAME.new(4, {}, 1)
    (seat,) = GAME.to_act(state)
    labels = [a.label for a in GAME.legal(state, seat)]
    assert "1 door" in labels[1] and "1 doors" not in labels[1], labels
    state, _ = GAME.apply(state, seat, "doors:1")
    prompt = GAME.view(state, seat)["prompt"]
    assert prompt.startswith("1 purple door:"), prompt
    red = GAME.legal(state, seat)
    assert "exactly 1 trick," in red[0].label and "1 or 2 tricks" in red[1].label, red
    state, events = GAME.apply(state, seat, "bid:1:plain")
    assert GAME.narrate(events[0], NAMES).endswith("bids 1 (exactly 1 trick)."), events
    (seat,) = GAME.to_act(state)
    state, events = GAME.apply(state, seat, "doors:0")
    state, events = GAME.apply(state, seat, "bid:0:red")
    assert GAME.narrate(events[0], NAMES).endswith("bids 0 + red door (0 or 1 trick)."), events


def _bid_label(bid) -> str:
    return f"Bid {bid['purple']}" + (" + red" if bid["red"] else "")


def test_every_bid_reads_as_a_bid_on_the_table_at_phone_size():
    view = GAME.view(_playing(), None)
    assert {bid["red"] for bid in view["bids"]} == {False, True}, "both kinds of bid shown"
    drawn = _words(table, view)
    for bid in view["bids"]:
        sizes = [size for line, size in drawn if line == _bid_label(bid)]
        assert sizes and min(sizes) >= READABLE, (_bid_label(bid), drawn)


def test_the_bids_so_far_read_as_bids_in_the_bidders_hand_text():
    state = GAME.new(4, {}, 1)
    for _ in range(2):  # two bids made
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, bot_move(GAME, state, seat, "normal"))
        state, _ = GAME.apply(state, seat, bot_move(GAME, state, seat, "normal"))
    (seat,) = GAME.to_act(state)
    view = GAME.view(state, seat)
    made = [(p, bid) for p, bid in enumerate(view["bids"]) if bid is not None]
    assert len(made) == 2
    text = panel(view, NAMES)
    for p, bid in made:
        n = bid["purple"]
        asks = f"{n} + red door ({n} or" if bid["red"] else f"{n} ("
        assert re.search(rf"\*\*{NAMES[p]}\*\*.* — \d+ points? · bid {re.escape(asks)}", text), text
    assert f"▶ **{NAMES[seat]}** (you) — 0 points · bidding now" in text, text


def test_the_alt_text_says_what_each_bid_asks_for():
    view = GAME.view(_playing(), None)
    text = describe(view, NAMES)
    for name, bid in zip(NAMES, view["bids"], strict=True):
        n = bid["purple"]
        plain = "0 (no tricks)" if n == 0 else f"{n} (exactly {n} trick"
        asks = f"{n} + red door ({n} or {n + 1} trick" if bid["red"] else plain
        assert f"{name}: " in text and f"bid {asks}" in text, (name, text)
