"""The table, hand and result messages, built from a snapshot without Discord."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from bot.ending import announcement, outcome
from bot.messages import status_line
from bot.session import Session, Snapshot
from bot.storage import GameRow, SeatRow
from engine import GAMES, bot_move


def snapshot(game: Any, state: Any, names: tuple[str, ...], **changes: Any) -> Snapshot:
    """A moment of a game in channel 2 of server 1; seat i is user i + 1 (computers: None)."""
    computers = changes.get("computers", frozenset())
    base = Snapshot(
        game=game,
        state=state,
        game_id=1,
        version=0,
        status="running",
        guild_id=1,
        channel_id=2,
        table_message_id=None,
        names=names,
        mentions=tuple(
            f"**{n}**" if i in computers and i not in changes.get("replaced", ()) else f"<@{i + 1}>"
            for i, n in enumerate(names)
        ),
        deadline=None,
        text_names=names,
    )
    return dataclasses.replace(base, **changes)


def race_snapshot() -> Snapshot:
    game = GAMES["muppets"]
    state = game.new(3, None, seed=4)
    while state.phase != "sing":
        (seat,) = game.to_act(state)
        state, _ = game.apply(state, seat, bot_move(game, state, seat, "normal"))
    return snapshot(game, state, ("Ann", "Bea", "Holly-bot"), computers=frozenset({2}))


def test_a_race_waits_for_the_humans_only():
    line = status_line(race_snapshot())
    assert line.startswith("Waiting for <@1>, <@2>") and "Holly-bot" not in line


def finished(key: str = "shuffle", seats: int = 2, seed: int = 4):
    """A finished game of `key`, played with random legal moves."""
    game = GAMES[key]
    rng = random.Random(seed)
    state = game.new(seats, None, seed)
    while game.result(state) is None:
        seat = min(game.to_act(state))
        moves = [a for a in game.legal(state, seat) if not a.back]
        state, _ = game.apply(state, seat, rng.choice(moves).id)
    return game, state


def test_a_seat_the_computer_took_over_wins_as_the_computer_playing_it():
    game, state = finished()
    (winner,) = game.result(state).winners
    names = ("Ann", "Bea")
    took = frozenset({winner})
    snap = snapshot(game, state, names, status="finished", computers=took, replaced=took)
    card = announcement(snap).card
    (container,) = card.view.children
    text = "\n".join(c.content for c in container.children if hasattr(c, "content"))
    who = f"<@{winner + 1}>"
    assert f"🏆 The computer, playing {who}'s seat, wins with **" in text
    assert f"{who} 🏆 — " in text and "(played by the computer)" in text
    assert f"{names[winner]} wins" not in text, "the headline names who really played"
    assert f"The computer, playing {names[winner]}'s seat, wins" in outcome(snap)


def test_snapshots_of_one_state_share_its_views_and_a_move_starts_afresh() -> None:
    """A move's keys, pictures and texts read each view once (`Snapshot.view`); the next
    state's snapshots never see the last state's views."""
    game = GAMES["ghosts"]
    state = game.new(3, None, seed=2)
    seats = [SeatRow(i, i + 1, n, None) for i, n in enumerate(("Ann", "Bea", "Cal"))]
    row = GameRow(1, "ghosts", "running", 1, 2, 1, {}, None, 2, 0, *[None] * 5, 0.0, seats)
    session = Session(row=row, game=game, state=state)
    first, again = session.snapshot(), session.snapshot()
    assert first.view(0) is again.view(0) == game.view(state, 0)
    assert first.view(None) == game.view(state, None)
    seat = min(game.to_act(state))
    session.state, _ = game.apply(state, seat, game.legal(state, seat)[0].id)
    after = session.snapshot()
    assert after.views is not first.views
    assert after.view(0) == game.view(session.state, 0)
    assert first.view(0) == game.view(state, 0), "an older snapshot keeps its own views"
