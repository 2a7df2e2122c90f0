"""Fewer requests per move: no table edit when the table would look the same, and no ping
(nor the deletion of the last one) for a player who is at the table already."""

from __future__ import annotations

import random
import time

from bot import wire
from bot.publisher import MID_TURN
from tests.bot.play import open_lobby, table_version


def table_edits(harness, table: int) -> int:
    path = f"/channels/{harness.fake.general}/messages/{table}"
    return sum(1 for _, method, p in harness.fake.requests if method == "PATCH" and p == path)


def pings(harness) -> list[dict]:
    return [
        m
        for m in harness.fake.channel_messages(harness.fake.general, include_deleted=True)
        if "🔔" in m["content"]
    ]


async def test_a_private_half_step_does_not_touch_the_table(harness):
    ann = harness.fake.add_user("Ann")
    table = await open_lobby(harness, ann, bots=["easy", "easy"], options=["tiny_tim"])
    session = harness.bot.service.sessions[1]
    for _ in range(10):  # until Ann is asked the first step of a two-step move
        dm = harness.dm(ann)
        if harness.moves_on(dm) and not any(
            c.endswith(":back") for _, c, _ in harness.moves_on(dm)
        ):
            break
        await harness.settle()
    edits, version = table_edits(harness, table), session.row.version
    await harness.play_move(ann, harness.dm(ann), random.Random(1))
    assert session.row.version == version + 1
    assert any(c.endswith(":back") for _, c, _ in harness.moves_on(harness.dm(ann))), (
        "Ann is half-way through her move"
    )
    assert table_edits(harness, table) == edits, "the table looks the same: no edit"


async def test_a_player_who_just_moved_is_not_pinged_again_until_they_are_away(harness):
    fake = harness.fake
    players = [fake.add_user(n) for n in ("Ann", "Bea", "Cal")]
    await open_lobby(harness, players[0], joiners=players[1:], options=["tiny_tim"], timer=0)
    rng = random.Random(3)
    clicks = 0
    while clicks < 18:  # every player moves, several times
        for user in players:
            dm = harness.dm(user)
            if harness.moves_on(dm):
                await harness.play_move(user, dm, rng)
                clicks += 1
                break
    called = [m["content"].split(">")[0] for m in pings(harness)]
    assert sorted(called) == sorted(f"🔔 <@{u.id}" for u in players), (
        "each player is called for their first turn only: after that they are at the table"
    )
    # Ten minutes later the next player to become due is away: they are called again.
    harness.clock.advance(600)
    before = len(pings(harness))
    for _ in range(12):
        for user in players:
            dm = harness.dm(user)
            if harness.moves_on(dm):
                await harness.play_move(user, dm, rng)
                break
        if len(pings(harness)) > before:
            break
    assert len(pings(harness)) > before


def dm_edits(harness, user) -> int:
    channel = harness.fake.dm_channels[user.id]
    prefix = f"/channels/{channel}/messages/"
    return sum(
        1 for _, method, p in harness.fake.requests if method == "PATCH" and p.startswith(prefix)
    )


async def test_a_waiting_players_hand_is_not_edited_for_others_public_moves(harness):
    """Muppets seats see their own knowledge inside the shared rows: a card played by someone
    else changes the rows, but rarely what only the waiting player sees, so their hand
    message is seldom edited while they wait (the table shows every move)."""
    fake = harness.fake
    players = [fake.add_user(n) for n in ("Ann", "Bea", "Cal")]
    await open_lobby(harness, players[0], joiners=players[1:], game="muppets", timer=0)
    rng = random.Random(4)
    waits = edits = 0
    for _ in range(30):
        mover = next(u for u in players if harness.moves_on(harness.dm(u)))
        others = [u for u in players if u is not mover and not harness.moves_on(harness.dm(u))]
        before = {u.id: dm_edits(harness, u) for u in others}
        await harness.play_move(mover, harness.dm(mover), rng)
        for user in others:
            if not harness.moves_on(harness.dm(user)):  # still waiting after the move
                waits += 1
                edits += dm_edits(harness, user) - before[user.id]
    assert waits >= 20
    assert edits <= waits // 4


async def test_quick_moves_are_shown_on_the_table_together(harness):
    """While a game runs its table is edited at most once per `table_gap`: a move made sooner
    waits and is shown with whatever follows it, by one edit. A player's hand never waits."""
    await harness.stop_bot()
    harness.table_gap = 600.0  # far longer than the test: only the catch-up below edits
    await harness.start_bot()
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, joiners=[bea], game="tree", timer=0)
    session = harness.bot.service.sessions[1]
    rng = random.Random(5)

    async def move() -> None:
        mover = next(u for u in (ann, bea) if harness.moves_on(harness.dm(u)))
        await harness.play_move(mover, harness.dm(mover), rng)

    await move()  # the first edit since the start goes out at once
    shown = [s for s in fake.public_log if s["id"] == table]
    edits = table_edits(harness, table)
    for _ in range(6):
        await move()
    assert table_edits(harness, table) == edits, "no edit within the gap"
    assert [s for s in fake.public_log if s["id"] == table] == shown
    assert session.table_later is not None and not session.table_later.cancelled()
    # Every move reached the hands at once: whoever is due now has controls for this version.
    due = [u for u in (ann, bea) if harness.moves_on(harness.dm(u))]
    assert due and all(
        wire.parse(c).version == session.row.version
        for u in due
        for _, c, _ in harness.moves_on(harness.dm(u))
    )
    # The gap passes: one edit shows every move since.
    session.table_later.cancel()
    harness.bot.service.hub.table_gap = 0.0
    harness.bot.service.publisher.publish(session)
    await harness.settle()
    assert table_edits(harness, table) == edits + 1
    last = [s for s in fake.public_log if s["id"] == table][-1]
    assert table_version(last, 1) == session.row.version


async def test_the_steps_of_one_turn_wait_longer_for_the_table(harness):
    """Past one gap the table shows a turn that has passed to other seats at once; while the
    same seats are still to act it waits `MID_TURN` gaps."""
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    await open_lobby(harness, ann, joiners=[bea], game="tree", timer=0)
    session = harness.bot.service.sessions[1]
    publisher = harness.bot.service.publisher
    harness.bot.service.hub.table_gap = 10.0
    to_act = session.game.to_act(session.state)
    session.table_key = "an older table"
    session.table_at = time.monotonic() - 15  # one gap and a half ago
    session.table_turn = to_act
    wait = publisher._table_wait(session)
    assert 10 * MID_TURN - 16 < wait <= 10 * MID_TURN - 15, "the same seats: a longer wait"
    session.table_turn = frozenset(range(2)) - to_act
    assert publisher._table_wait(session) == 0.0, "the turn passed: shown now"
