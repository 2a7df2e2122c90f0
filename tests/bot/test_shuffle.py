"""Holiday Shuffle through the fake Discord: the same session layer, no Shuffle code in bot/."""

from __future__ import annotations

import random
import re

from bot import wire
from tests.bot.play import assert_no_public_moves, open_lobby, play_to_the_end, sensible


async def test_one_human_and_a_computer_play_three_rounds(harness):
    fake = harness.fake
    ann = fake.add_user("Ann")
    table = await open_lobby(harness, ann, game="shuffle", bots=["normal"])
    assert "Holiday Shuffle" in harness.text(table)
    dm = harness.dm(ann)
    assert dm is not None and "Holiday Shuffle · game #1" in harness.text(dm)
    await play_to_the_end(harness, [ann], table, random.Random(1), game_id=1)
    shown = "\n".join(t for entry in fake.public_log for t in entry["texts"])
    # Each round ends with every player's score breakdown in the narration.
    rounds = set(re.findall(r"Round (\d): .*\+\d+ \(\d+ in order", shown))
    assert rounds == {"1", "2", "3"}, shown
    final = harness.text(table)
    assert "Game over" in final or "wins" in final
    assert harness.labels(table) == ["Mats in words", "Last round", "Card colours"]  # details only
    assert_no_public_moves(harness)
    rows = await harness.bot.storage.finished_games(fake.guild_id, "shuffle")
    assert len(rows) == 1


async def test_a_drawn_card_offers_ten_slots_or_a_discard_and_stays_private(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    await open_lobby(harness, ann, game="shuffle", joiners=[bea], options=["1"])
    user = next(u for u in (ann, bea) if harness.moves_on(harness.dm(u)))
    dm = harness.dm(user)
    draw = next(m for m in harness.moves_on(dm) if m[1].endswith(":draw") or m[2] == "draw")
    if draw[0] == "button":
        await harness.click(user, dm, custom_id=draw[1])
    else:
        await harness.choose(user, dm, "draw", custom_id=draw[1])
    offered = [m[2] if m[0] == "select" else wire.parse(m[1]).action for m in harness.moves_on(dm)]
    assert [o for o in offered if o.startswith("place:")] == [f"place:{k}" for k in range(1, 11)]
    assert "discard" in offered
    session = harness.bot.service.sessions[1]
    seat = session.seat_of(user.id).seat
    drawn = session.game.view(session.state, seat)["drawn"]
    other = session.game.view(session.state, 1 - seat)
    assert drawn and other["drawn"] is None
    from engine.shuffle.cards import label

    assert label(drawn) in harness.text(dm)  # the drawer sees it…
    for entry in fake.public_log:  # …nobody else does
        assert all(label(drawn) not in t for t in entry["texts"] + entry["alt"] + entry["labels"])
    assert_no_public_moves(harness)


async def test_four_humans_with_a_restart_mid_round(harness):
    fake = harness.fake
    players = [fake.add_user(n) for n in ("Ann", "Bea", "Cal", "Dot")]
    table = await open_lobby(
        harness, players[0], game="shuffle", joiners=players[1:], options=["1"]
    )
    rng = random.Random(4)
    clicks = 0
    for _ in range(200):
        if clicks >= 12:
            break
        for user in players:
            dm = harness.dm(user)
            if harness.moves_on(dm):
                await harness.play_move(user, dm, rng, chooser=sensible(harness, 1, user))
                clicks += 1
                break
    dms = {u.id: harness.dm(u) for u in players}
    version = (await harness.bot.storage.game(1)).version
    await harness.crash_bot()
    await harness.start_bot()
    assert (await harness.bot.storage.game(1)).version == version
    await play_to_the_end(harness, players, table, rng, game_id=1)
    assert {u.id: harness.dm(u) for u in players} == dms
    assert harness.labels(table) == ["Mats in words", "Last round", "Card colours"]  # details only
    assert_no_public_moves(harness)
