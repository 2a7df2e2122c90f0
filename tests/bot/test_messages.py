"""The table and hand messages, built from a snapshot without Discord."""

from __future__ import annotations

from bot.messages import status_line
from bot.session import Snapshot
from engine import GAMES, bot_move


def race_snapshot() -> Snapshot:
    game = GAMES["muppets"]
    state = game.new(3, None, seed=4)
    while state.phase != "sing":
        (seat,) = game.to_act(state)
        state, _ = game.apply(state, seat, bot_move(game, state, seat, "normal"))
    return Snapshot(
        game=game,
        state=state,
        game_id=1,
        version=0,
        status="running",
        guild_id=1,
        channel_id=2,
        table_message_id=None,
        names=("Ann", "Bea", "Holly-bot"),
        mentions=("<@1>", "<@2>", "**Holly-bot**"),
        deadline=None,
        computers=frozenset({2}),
    )


def test_a_race_waits_for_the_humans_only():
    line = status_line(race_snapshot())
    assert line.startswith("Waiting for <@1>, <@2>") and "Holly-bot" not in line
