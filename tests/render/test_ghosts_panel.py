"""The text under the Ghosts pictures and the two buttons beside them (issue 28): the numbers
that were small print in the picture are here, and the public table's text shows only what was
played openly — its panel names no card at all."""

from __future__ import annotations

import re

from engine import bot_move
from engine.ghosts import GAME
from engine.ghosts.cards import deck
from render import detail, details, panel

NAMES = ["Ann", "Bea", "Cal", "Dot"]
#: Any card in the forms the bot writes: `🎵7`, `🎵 7`, `Notes 7`.
CARD = re.compile(r"(♥️|🕯️|🎵|⚖️) ?\d{1,2}\b|\b(Hearts|Candles|Notes|Scales) \d{1,2}\b")


def _states(seats: int, options: dict[str, str] | None = None, seed: int = 1):
    """Every state of a computer game, the first one included."""
    state = GAME.new(seats, options or {}, seed)
    yield state
    while to_act := GAME.to_act(state):
        seat = min(to_act)
        state, _ = GAME.apply(state, seat, bot_move(GAME, state, seat, "normal"))
        yield state


def _named(text: str) -> set[str]:
    """The cards `_by_suit` lines name: `🎵 Notes: 2 9 10` → N2, N9, N10."""
    out = set()
    for line in text.splitlines():
        if m := re.match(r"\S+ (Hearts|Candles|Notes|Scales): ([\d ]+)$", line):
            out |= {m[1][0] + r for r in m[2].split()}
    return out


def test_every_seats_points_bid_tricks_and_cards_are_in_the_table_text():
    state = next(s for s in _states(4) if s.phase == "play" and any(s.won))
    view = GAME.view(state, None)
    text = panel(view, NAMES)
    for seat, name in enumerate(NAMES):
        line = next(line for line in text.splitlines() if f"**{name}**" in line)
        bid = view["bids"][seat]
        assert bid is not None
        assert f"{view['scores'][seat]} point" in line, line
        assert f"bid {bid['purple']}" in line and ("+ red door" in line) == bid["red"], line
        assert f"won {view['won'][seat]}" in line, line
        assert f"{view['hand_sizes'][seat]} card" in line, line
        assert ("⭐ start" in line) == (view["marker"] == seat), line
        assert line.startswith("▶ ") == (seat in view["to_act"]), line
    assert "Last round: Past → **" in text, text


def test_the_public_text_and_details_never_name_a_card_in_a_hand():
    for options, seats in (({}, 4), ({"variant": "tiny_tim", "beyond": "on"}, 3)):
        names = NAMES[:seats]
        for state in _states(seats, options):
            view = GAME.view(state, None)
            held = {c for hand in state.hands for c in hand}
            text = panel(view, names)
            assert not CARD.search(text), text
            for d in details(view):
                shown = detail(view, names, d.key)
                assert shown is not None and shown.png is None
                assert not _named(shown.text) & held, shown.text
                if d.key == "played":  # exactly the cards played this hand
                    played = {c for row in state.played for c in row if c}
                    assert _named(shown.text) == set(state.seen) | played, shown.text


def test_a_seats_played_cards_add_the_cards_still_in_the_others_hands():
    state = next(s for s in _states(4) if s.phase == "play" and s.seen)
    for seat in range(4):
        view = GAME.view(state, seat)
        text = detail(view, NAMES, "played").text
        played, out = text.split("**Still in the others' hands**")
        others = {c for p, hand in enumerate(state.hands) if p != seat for c in hand}
        assert _named(out) == others, out
        assert _named(played) == set(deck(4)) - others - set(state.hands[seat]), played


def test_the_buttons_come_when_there_is_something_to_show():
    states = list(_states(3))
    assert details(GAME.view(states[0], None)) == ()  # nothing played, nothing scored
    first_card = next(s for s in states if any(c for row in s.played for c in row))
    assert [d.key for d in details(GAME.view(first_card, None))] == ["played"]
    scored = next(s for s in states if s.history and s.phase == "play")
    assert [d.key for d in details(GAME.view(scored, 1))] == ["scores"]  # a new hand
    later = next(s for s in states if s.history and s.seen)
    assert [d.key for d in details(GAME.view(later, 1))] == ["scores", "played"]
    text = detail(GAME.view(scored, None), NAMES[:3], "scores").text
    row = scored.history[0][1]
    assert f"Bea **+{row[3]}** (bid {row[0]}" in text and f"won {row[2]})" in text, text
    assert text.splitlines()[-1] == "**Total** " + " · ".join(
        f"{n} {s}" for n, s in zip(NAMES, scored.scores, strict=False)
    )


def test_the_finished_game_text_names_the_winner_and_holds_the_score_sheet():
    *_, last = _states(3)
    view = GAME.view(last, None)
    text = panel(view, NAMES[:3])
    lines = text.splitlines()
    assert re.match(r"🏆 \*\*(Winner|Shared victory): .+ — \d+ points?\*\*$", lines[0]), lines
    assert [line.split(":")[0] for line in lines[-3:]] == ["Hand 1", "Hand 2", "Hand 3"], lines
    assert "⭐" not in text and "card" not in text, text  # no marker, no hands left
    assert details(view) == ()  # the score sheet is in the text; no controls are left


def test_the_hand_text_says_how_the_seats_hand_stands():
    state = next(s for s in _states(4) if s.phase == "play")
    view = GAME.view(state, 0)

    def standing(purple: int, red: bool, won: int) -> str:
        view["bids"][0] = {"purple": purple, "red": red}
        view["won"][0] = won
        text = panel(view, NAMES)
        assert "**Ann** (you)" in text and "(you)" not in text.replace("**Ann** (you)", "")
        return next(line for line in text.splitlines() if line.startswith("**Your hand:**"))

    assert standing(3, False, 1).endswith("won 1, 2 more tricks to reach your bid.")
    assert standing(3, False, 3).endswith("won 3, on your bid: 6 points as it stands.")
    assert standing(3, True, 4).endswith("won 4, on your bid: 4 points as it stands.")
    assert standing(3, True, 5).endswith("won 5, past your bid: this hand scores 0.")
    assert "**Your hand:**" not in panel(GAME.view(state, None), NAMES)


def test_tiny_tim_text_says_how_a_hand_scores():
    state = next(s for s in _states(3, {"variant": "tiny_tim"}) if s.phase == "play")
    text = panel(GAME.view(state, 2), NAMES[:3])
    assert "Tiny Tim, no bids: a hand without tricks scores 6, otherwise 1 point a trick up" in text
    assert "**Your hand:** won 0, 6 points as it stands." in text, text
    assert not [line for line in text.splitlines() if "** — " in line and "bid" in line], text
