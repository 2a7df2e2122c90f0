"""The turn timer (ENG-05, as docs/bot.md rules it): one clock covers a player's whole move;
when it runs out the computer plays the whole move; two in a row hand the seat to the computer
until the player takes it back, so a game never waits more than two turn timers in all for a
player who has gone."""

from __future__ import annotations

import random

from bot.moves import STEP_GRACE
from tests.bot.play import game_over, open_lobby, play_to_the_end


async def wait_for_turn(harness, user):
    for _ in range(50):
        if harness.moves_on(harness.dm(user)):
            return harness.dm(user)
        await harness.settle()
    raise AssertionError(f"{user.name} never got a turn")


async def expire(harness) -> None:
    row = await harness.bot.storage.game(1)
    assert row.deadline is not None, "a timer is running"
    harness.clock.advance(row.deadline - harness.clock() + 1)
    await harness.bot.service.run_due()
    await harness.settle()


async def test_the_computer_plays_a_late_decision_and_the_channel_is_told(harness):
    fake = harness.fake
    ann = fake.add_user("Ann")
    table = await open_lobby(harness, ann, bots=["easy", "easy"], timer=60)
    await wait_for_turn(harness, ann)
    before = await harness.bot.storage.game(1)
    await expire(harness)
    after = await harness.bot.storage.game(1)
    assert after.version > before.version
    assert "Ann ran out of time; the computer played for them." in harness.text(table)
    seats = await harness.bot.storage.seats(1)
    assert seats[0].timeouts == 1 and not seats[0].replaced
    # Acting in time again resets the count.
    await harness.play_move(ann, await wait_for_turn(harness, ann), random.Random(1))
    assert (await harness.bot.storage.seats(1))[0].timeouts == 0


async def test_two_timeouts_in_a_row_hand_the_seat_to_the_computer(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(
        harness, ann, joiners=[bea], bots=["easy"], timer=60, options=["tiny_tim"]
    )
    rng = random.Random(2)
    timeouts = 0
    for _ in range(500):
        if timeouts == 2:
            break
        if harness.moves_on(harness.dm(bea)):
            await harness.play_move(bea, harness.dm(bea), rng)
        elif harness.moves_on(harness.dm(ann)):
            await expire(harness)
            timeouts += 1
        else:
            await harness.settle()
    seats = await harness.bot.storage.seats(1)
    assert seats[0].replaced and seats[0].timeouts == 2
    assert (
        "Ann ran out of time twice in a row: the computer plays their seat until they take it"
        in (harness.text(table))
    )
    refused = await harness.click(ann, table, "My hand")
    assert refused.original_id is not None  # Ann can still look at her cards...
    assert not harness.moves_on(refused.original_id)  # ...but no longer decides
    await play_to_the_end(harness, [bea], table, rng)
    assert game_over(harness, table)
    rows = harness.query("SELECT user_id, abandoned FROM results WHERE game_id = 1 ORDER BY seat")
    results = rows
    assert results[0] == (ann.id, 1) and results[1] == (bea.id, 0)


async def test_no_timer_means_no_deadline(harness):
    ann = harness.fake.add_user("Ann")
    await open_lobby(harness, ann, bots=["easy", "easy"], timer=0)
    await wait_for_turn(harness, ann)
    assert (await harness.bot.storage.game(1)).deadline is None


async def test_a_taken_over_seat_is_marked_and_can_be_taken_back(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(
        harness, ann, joiners=[bea], bots=["easy"], timer=60, options=["tiny_tim"]
    )
    rng = random.Random(2)
    for _ in range(500):
        if (await harness.bot.storage.seats(1))[0].replaced:
            break
        if harness.moves_on(harness.dm(bea)):
            await harness.play_move(bea, harness.dm(bea), rng)
        elif harness.moves_on(harness.dm(ann)):
            await expire(harness)
        else:
            await harness.settle()
    # Marked on the table (text and picture) and in Ann's own hand, with a way back.
    assert "⚙ Ann: played by the computer" in harness.text(table)
    alts = [
        item.get("description") or ""
        for c in harness.components(table)
        if c.get("type") == 12
        for item in c["items"]
    ]
    assert any("Ann (played by the computer)" in alt for alt in alts)
    dm = harness.dm(ann)
    assert "The computer is playing your seat" in harness.text(dm)
    assert not harness.moves_on(dm)
    back = await harness.click(ann, dm, "Take my seat back")
    assert back.response_type == 7, "the hand message is updated in place"
    seats = await harness.bot.storage.seats(1)
    assert not seats[0].replaced and seats[0].timeouts == 0
    assert "Ann takes their seat back" in harness.text(table)
    assert "played by the computer" not in harness.text(table)
    assert "Take my seat back" not in harness.labels(harness.dm(ann))
    for _ in range(50):  # Ann decides again when her turn comes
        if harness.moves_on(harness.dm(ann)) or not harness.moves_on(harness.dm(bea)):
            break
        await harness.play_move(bea, harness.dm(bea), rng)
    assert harness.moves_on(harness.dm(ann))
    again = await harness.click(ann, table, "My hand")
    assert "Take my seat back" not in harness.labels(again.original_id)


async def shuffle_turn(harness, timer: int = 60):
    """Ann's first turn of a two-player Shuffle game against a computer, 60 s a move."""
    ann = harness.fake.add_user("Ann")
    await open_lobby(harness, ann, game="shuffle", bots=["easy"], timer=timer, options=["1"])
    return ann, await wait_for_turn(harness, ann)


def ann_owes(harness) -> bool:
    """Ann (seat 0) owes a decision now."""
    session = harness.bot.service.sessions[1]
    return 0 in session.game.to_act(session.state)


def table_of(harness) -> int:
    return int(harness.fake.channel_messages(harness.fake.general)[0]["id"])


async def actions_log(harness) -> list[tuple[int, str]]:
    rows = harness.query("SELECT seat, source FROM actions ORDER BY version")
    return [tuple(r) for r in rows]


async def test_an_idle_move_costs_one_timer_and_the_computer_plays_all_of_it(harness):
    await shuffle_turn(harness)
    before = len(await actions_log(harness))
    await expire(harness)
    log = (await actions_log(harness))[before:]
    assert log[:2] == [(0, "timeout"), (0, "timeout")], "the draw and the placing, both"
    assert log[2][0] == 1, f"then the computer's own turn: {log}"
    assert "Ann ran out of time; the computer played for them." in harness.text(table_of(harness))
    waited = harness.clock.offset
    assert waited <= 61, f"an idle move costs one timer, not one per step ({waited:.0f} s)"


async def test_one_clock_covers_the_steps_left_of_a_move_begun(harness):
    ann, dm = await shuffle_turn(harness)
    started = await harness.bot.storage.game(1)
    await harness.play_move(ann, dm, random.Random(5), chooser=lambda moves: moves[-1])
    mid = await harness.bot.storage.game(1)
    assert ann_owes(harness), "the draw is the first step: Ann still places the card"
    assert mid.deadline == started.deadline, "the same clock covers the next step"
    await expire(harness)
    log = await actions_log(harness)
    mine = log.index((0, "user"))
    assert log[mine + 1] == (0, "timeout"), log
    assert log[mine + 2][0] == 1, "the computer placed Ann's card: her whole move is played"


async def test_a_step_taken_at_the_last_second_leaves_time_for_the_next(harness):
    ann, dm = await shuffle_turn(harness)
    started = await harness.bot.storage.game(1)
    harness.clock.advance(started.deadline - harness.clock() - 2)  # 2 s left
    await harness.play_move(ann, dm, random.Random(5), chooser=lambda moves: moves[-1])
    mid = await harness.bot.storage.game(1)
    assert ann_owes(harness)
    assert mid.deadline >= harness.clock() + STEP_GRACE - 1, "a present player gets a moment"


async def test_an_absent_player_costs_at_most_two_timers_before_the_computer_takes_over(harness):
    ann, _dm = await shuffle_turn(harness)
    for _ in range(2):
        await wait_for_turn(harness, ann)
        await expire(harness)
    seats = await harness.bot.storage.seats(1)
    assert seats[0].replaced, "two timeouts in a row hand the seat over"
    assert harness.clock.offset <= 2 * 61, "two turn timers in all"
    await harness.settle()
    session = harness.bot.service.sessions.get(1)
    assert session is None or not session.humans_to_act(), "nobody waits for Ann any more"


def reminders(harness) -> list[str]:
    msgs = harness.fake.channel_messages(harness.fake.general, include_deleted=True)
    return [m["content"] for m in msgs if "⏳" in m["content"]]


async def run_until(harness, seconds_left: float) -> None:
    row = await harness.bot.storage.game(1)
    harness.clock.advance(row.deadline - harness.clock() - seconds_left)
    await harness.bot.service.run_due()
    await harness.settle()


async def test_a_long_timer_reminds_the_player_once_when_a_quarter_is_left(harness):
    ann = harness.fake.add_user("Ann")
    await open_lobby(harness, ann, bots=["easy", "easy"], timer=300)
    await wait_for_turn(harness, ann)
    await run_until(harness, 76)  # just over a quarter left: not yet
    assert reminders(harness) == []
    await run_until(harness, 74)
    (reminder,) = reminders(harness)
    assert reminder.startswith(f"⏳ <@{ann.id}>: a quarter of your time is left")
    await run_until(harness, 10)
    assert len(reminders(harness)) == 1, "only once"
    assert (await harness.bot.storage.seats(1))[0].timeouts == 0


async def test_a_short_timer_has_no_reminder(harness):
    ann = harness.fake.add_user("Ann")
    await open_lobby(harness, ann, bots=["easy", "easy"], timer=60)
    await wait_for_turn(harness, ann)
    await run_until(harness, 5)
    assert reminders(harness) == []
