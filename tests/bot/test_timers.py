"""The turn timer (ENG-05): the computer plays a late decision; three in a row hand the seat
to the computer for good."""

from __future__ import annotations

import random

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


async def test_three_timeouts_in_a_row_hand_the_seat_to_the_computer(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(
        harness, ann, joiners=[bea], bots=["easy"], timer=60, options=["tiny_tim"]
    )
    rng = random.Random(2)
    timeouts = 0
    for _ in range(500):
        if timeouts == 3:
            break
        if harness.moves_on(harness.dm(bea)):
            await harness.play_move(bea, harness.dm(bea), rng)
        elif harness.moves_on(harness.dm(ann)):
            await expire(harness)
            timeouts += 1
        else:
            await harness.settle()
    seats = await harness.bot.storage.seats(1)
    assert seats[0].replaced and seats[0].timeouts == 3
    assert "the computer plays their seat until they take it back" in harness.text(table)
    refused = await harness.click(ann, table, "My hand")
    assert refused.original_id is not None  # Ann can still look at her cards...
    assert not harness.moves_on(refused.original_id)  # ...but no longer decides
    await play_to_the_end(harness, [bea], table, rng)
    assert game_over(harness, table)
    cur = await harness.bot.storage.db.execute(
        "SELECT user_id, abandoned FROM results WHERE game_id = 1 ORDER BY seat"
    )
    results = await cur.fetchall()
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
