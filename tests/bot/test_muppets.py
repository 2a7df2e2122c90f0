"""The Muppet Christmas Carol through the fake Discord: the singing race, a line of a carol,
private gift choices and a restart — all through the generic session layer."""

from __future__ import annotations

import asyncio
import random
import re

from tests.bot.harness import HANG, form_inputs
from tests.bot.play import assert_no_public_moves, open_lobby, play_to_the_end, sensible


async def sing_buttons(harness, *users):
    out = {}
    for user in users:
        dm = harness.dm(user)
        moves = harness.moves_on(dm)
        sing = [m for m in moves if m[1].endswith(":sing") or m[2] == "sing"]
        if sing:
            out[user.id] = (dm, sing[0])
    return out


async def press(harness, user, dm, move):
    kind, cid, value = move
    if kind == "button":
        return await harness.click(user, dm, custom_id=cid)
    return await harness.choose(user, dm, value, custom_id=cid)


async def test_the_first_singer_starts(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, game="muppets", joiners=[bea], bots=["normal"])
    session = await reach_the_race(harness, ann, bea)
    # The race is on the table itself, for everyone to see; the computer never sings.
    assert "I'm singing!" in " ".join(harness.labels(table))
    sing = harness.find_button(table, "I'm singing!")
    # Both press at (nearly) the same moment; Bea's click arrives first.
    clicks = []
    for user in (bea, ann):
        data = {"custom_id": sing, "component_type": 2}
        clicks.append(await fake.interact(user, 3, data, message_id=table))
    await asyncio.wait_for(asyncio.gather(*(c.answered.wait() for c in clicks)), HANG)
    await harness.settle()
    won, late = clicks
    assert won.response_type == 7, "the table moved on at once"
    assert (
        late.ephemeral_text == "Too late: 🎶 Bea sings a Christmas carol and takes the first turn!"
    )
    assert session.game.to_act(session.state) == {1}, "Bea sang first and takes the first turn"
    assert "I'm singing!" not in " ".join(harness.labels(table))
    assert_no_public_moves(harness)
    # A plain press sings without words: nothing is typed, nothing is quoted.
    assert [t for _, a, t in await harness.bot.storage.actions(1) if a == "sing"] == [None]
    assert "🎤" not in harness.text(table)


async def test_a_sung_line_is_typed_in_a_form_and_survives_a_restart(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, game="muppets", joiners=[bea], bots=["normal"])
    await reach_the_race(harness, ann, bea)
    # ✍️ beside "I'm singing!" opens the form; the move waits for the words.
    write = harness.find_write(table)
    form = await harness.click(bea, table, custom_id=write)
    assert form.response_type == 9
    (modal,) = fake.modals
    (item,) = form_inputs(modal)
    assert item["label"] == "A line of the carol you're singing"
    assert (item["min_length"], item["max_length"]) == (10, 400)
    assert harness.bot.service.sessions[1].state.phase == "sing", "opening the form moves nothing"
    # Too short (Discord would refuse it; a forged submit is refused here too).
    short = await harness.submit(bea, modal["custom_id"], "la la")
    assert short.ephemeral_text == "Your words need 10–400 characters."
    # The form outlives a restart: its custom_id says which game, version and action.
    await harness.crash_bot()
    await harness.start_bot()
    line = "Deck the halls @everyone <@&1> see https://evil.example/x **now**"
    sung = await harness.submit(bea, modal["custom_id"], line, message_id=table)
    assert sung.response_type == 7, "the table moved on at once"
    session = harness.bot.service.sessions[1]
    assert session.game.to_act(session.state) == {1}, "Bea sang and takes the first turn"
    stored = [(s, a, t) for s, a, t in await harness.bot.storage.actions(1) if a == "sing"]
    assert stored == [(1, "sing", " ".join(line.split()))]
    # On the table, openly, and inert: no ping, no link, no formatting.
    text = harness.text(table)
    assert "🎤 Bea: “Deck the halls" in text
    assert "@everyone" not in text and "https://" not in text and "**now**" not in text
    # The same form again is out of date (one move, one line).
    again = await harness.submit(bea, modal["custom_id"], "Fa la la la la, la la la la")
    assert again.ephemeral_text == "That button is out of date: the game has moved on since."
    await harness.settle()
    # A restart keeps the line: stored with its move, shown on the table.
    await harness.crash_bot()
    await harness.start_bot()
    assert "🎤 Bea: “Deck the halls" in harness.text(table)
    assert [t for _, a, t in await harness.bot.storage.actions(1) if a == "sing"] == [stored[0][2]]
    assert not [v for v in fake.violations if "form" in v or "modal" in v]


async def test_nobody_sings_within_30_seconds(harness):
    fake = harness.fake
    ann = fake.add_user("Ann")
    await open_lobby(harness, ann, game="muppets", bots=["easy"], timer=0)
    session = harness.bot.service.sessions[1]
    for _ in range(20):
        if session.state.phase == "sing":
            break
        await harness.play_move(
            ann, harness.dm(ann), random.Random(0), chooser=sensible(harness, 1, ann)
        )
    row = await harness.bot.storage.game(1)
    assert row.deadline is not None and row.deadline - harness.clock() <= 30.5, "the race has 30 s"
    harness.clock.advance(31)
    await harness.bot.service.run_due()
    await harness.settle()
    assert session.state.phase != "sing", "time ran out: a first player was drawn"


async def test_two_humans_and_a_computer_play_with_a_restart(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, game="muppets", joiners=[bea], bots=["normal"])
    rng = random.Random(6)
    clicks = 0
    for _ in range(200):
        if clicks >= 15:
            break
        for user in (ann, bea):
            if harness.moves_on(harness.dm(user)):
                await harness.play_move(
                    user, harness.dm(user), rng, chooser=sensible(harness, 1, user)
                )
                clicks += 1
                break
        else:
            await harness.settle()
    dms = {u.id: harness.dm(u) for u in (ann, bea)}
    await harness.crash_bot()
    await harness.start_bot()
    await play_to_the_end(harness, [ann, bea], table, rng, game_id=1)
    assert {u.id: harness.dm(u) for u in (ann, bea)} == dms
    shown = "\n".join(t for entry in fake.public_log for t in entry["texts"])
    assert re.search(r"🎉 \S+( \(bot\))? completed an? \w+ set!", shown), "sets are announced"
    assert "Game over" in harness.text(table) or "wins" in harness.text(table)
    assert_no_public_moves(harness)
    # Gift values are private: the public record only ever counts them.
    assert not re.search(r"\d-point gift", shown)


async def reach_the_race(harness, *users):
    session = harness.bot.service.sessions[1]
    for _ in range(20):
        if session.state.phase == "sing":
            return session
        fixer = next(u for u in users if harness.moves_on(harness.dm(u)))
        await harness.play_move(
            fixer, harness.dm(fixer), random.Random(0), chooser=sensible(harness, 1, fixer)
        )
    raise AssertionError("the singing race never started")


async def test_a_race_that_runs_out_settles_only_the_race(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, game="muppets", joiners=[bea], timer=300)
    session = await reach_the_race(harness, ann, bea)
    before = len(await harness.bot.storage.actions(1))
    harness.clock.advance(31)
    await harness.bot.service.run_due()
    await harness.settle()
    # Only the race was decided: each singer passed, and nobody's turn was played for them.
    after = await harness.bot.storage.actions(1)
    assert [a for _, a, _ in after[before:]] == ["pass", "pass"]
    (first,) = session.game.to_act(session.state)
    row = await harness.bot.storage.game(1)
    assert row.deadline - harness.clock() > 250, "the drawn player gets the lobby's timer"
    # Singing is optional: running out of time is no strike.
    assert [s.timeouts for s in await harness.bot.storage.seats(1)] == [0, 0]
    text = harness.text(table)
    assert "ran out of time" not in text
    assert text.index("⏰ Time's up for Ann and Bea.") < text.index("Nobody sang")
    assert "lets someone else start" not in text, "a timeout is told as a timeout, not a choice"
    storage = harness.bot.storage
    recalled = session.recent_lines(await storage.actions(1), await storage.timed_out(1))
    assert any("Nobody sang" in line for line in recalled), "told again after a restart…"
    assert not any("lets someone else start" in line for line in recalled), "…the same way"
    # The drawn player now has a normal turn: the table waits for them, their hand asks them.
    drawn = (ann, bea)[first]
    assert f"Waiting for <@{drawn.id}>" in text
    assert harness.moves_on(harness.dm(drawn))
