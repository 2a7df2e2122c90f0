"""Counts reach players in words: "1 point", "2 points", never "1 points" (`engine.words.plural`).

Looked for in every golden transcript (the narration and the alt text of each pictured moment of
a seeded game) and in a second seeded computer game per title, at every step: the alt text of
the table and of every seat, the labels and hints offered, the narration, the final report, and
the words drawn on the pictures at a dozen moments.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest

from engine import GAMES, bot_move, bot_words
from engine.protocol import fill_names
from render import describe, render
from render.demo import NAMES
from tests.golden import files
from tests.render.drawn import drawn_words

#: Every noun the games count, as its plural. Each must be seen after a count other than 1
#: somewhere below (test_every_noun_is_counted_somewhere), so none is a typo that can never
#: match.
PLURALS = (
    "points",
    "cards",
    "tricks",
    "doors",
    "gifts",
    "sets",
    "lights",
    "ornaments",
    "values",
    "items",
    "turns",
    "seconds",
)
#: `1 points`, not after another digit, a decimal point, a thousands comma, a dollar sign, a
#: range's dash or a sum's plus (`11 points`, `$1 points`, `0–1 tricks`, `purple + 1 tricks`
#: are fine).
ONE_MANY = re.compile(rf"(?<![\d.,$–])(?<!\+ )\b1 ({'|'.join(PLURALS)})\b", re.IGNORECASE)
#: A count other than 1 before a noun: proof the noun is spelled as the games spell it.
MANY = re.compile(rf"(?<![\d.,$–])\b(?:[02-9]|\d\d+) ({'|'.join(PLURALS)})\b", re.IGNORECASE)

SEED = 2
#: Moments of the seeded game whose pictures' words are read too (rendering is the slow part).
PICTURED = 12


def _played(key: str, seats: int) -> Iterator[tuple[str, str]]:
    """(where, text) for everything a seeded computer game of `key` shows its players."""
    game = GAMES[key]
    names = list(NAMES[:seats])
    state = game.new(seats, {}, SEED)
    states = [state]
    while to_act := game.to_act(state):
        for seat in sorted(to_act):
            for action in game.legal(state, seat):
                yield "label", fill_names(action.label, names)
                yield "hint", fill_names(action.hint, names)
        yield "alt text", describe(game.view(state, None), names)
        for seat in range(seats):
            yield f"{names[seat]}'s alt text", describe(game.view(state, seat), names)
        seat = min(to_act)
        action = bot_move(game, state, seat, "normal" if seat % 2 == 0 else "easy")
        state, events = game.apply(state, seat, action, bot_words(game, state, seat, action))
        states.append(state)
        for event in events:
            yield "narration", game.narrate(event, names) or ""
    for line in game.final_report(state):
        yield "final report", fill_names(line, names)
    yield "alt text", describe(game.view(state, None), names)
    every = max(1, len(states) // PICTURED)
    with drawn_words() as drawn:
        for k, pictured in enumerate([*states[::every], state]):
            for seat in (None, *range(seats)):
                drawn.clear()
                render(game.view(pictured, seat), names)
                where = f"picture {k} ({'table' if seat is None else names[seat]})"
                yield where, " / ".join(line for line, _ in drawn)


@cache
def _shown(key: str) -> tuple[tuple[str, str], ...]:
    """What `key` shows its players: its summary (the lobby's rules in short), its golden
    transcript and a seeded game's words."""
    golden = files.transcript_path(key).read_text(encoding="utf-8")
    return (
        ("summary", GAMES[key].summary),
        ("golden transcript", golden),
        *_played(key, GAMES[key].max_seats),
    )


@pytest.mark.parametrize("key", sorted(GAMES))
def test_one_is_never_followed_by_a_plural(key: str) -> None:
    found = sorted(
        {
            f"{where}: …{text[max(0, m.start() - 40) : m.end() + 20]}…".replace("\n", " ⏎ ")
            for where, text in _shown(key)
            for m in ONE_MANY.finditer(text)
        }
    )
    assert not found, f"{key} writes a count of one with a plural noun:\n" + "\n".join(found[:20])


def test_every_noun_is_counted_somewhere() -> None:
    seen = {
        m.group(1).lower()
        for key in sorted(GAMES)
        for _, text in _shown(key)
        for m in MANY.finditer(text)
    }
    assert set(PLURALS) <= seen, f"never counted, so never checked: {set(PLURALS) - seen}"
