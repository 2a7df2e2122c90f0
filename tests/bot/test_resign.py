"""Resigning a running game: the hand's **Resign** asks first, then the computer plays the seat
to the end (a last place, said on the table and in the result); when nobody is left playing,
the game is abandoned."""

from __future__ import annotations

import random

from tests.bot.play import game_over, hand_message, open_lobby, play_to_the_end

RESIGNED = "You resigned from this game: the computer plays your seat to the end."


async def resign(harness, user, message: int) -> None:
    """Press **Resign** on the user's hand message, then **Yes, resign**."""
    asked = await harness.click(user, message, "Resign")
    assert "Resign from game #1" in harness.text(asked.original_id)
    done = await harness.click(user, asked.original_id, "Yes, resign")
    assert done.response_type == 7, "the confirmation is answered in place"


async def results(harness) -> list[tuple]:
    rows = harness.query(
        "SELECT user_id, rank, abandoned FROM results WHERE game_id = 1 ORDER BY seat"
    )
    return list(rows)


async def play_a_little(harness, users, rng, moves: int) -> None:
    for _ in range(moves):
        for user in users:
            if harness.moves_on(harness.dm(user)):
                await harness.play_move(user, harness.dm(user), rng)
                break


async def test_a_player_resigns_ghosts_and_the_computer_plays_their_seat_to_the_end(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, joiners=[bea], bots=["normal"], options=["tiny_tim"])
    rng = random.Random(5)
    await play_a_little(harness, [ann, bea], rng, 6)
    dm = harness.dm(ann)
    assert harness.labels(dm)[-1] == "Resign", "Resign ends the hand's controls"
    before = (await harness.bot.storage.game(1)).version
    await resign(harness, ann, dm)
    seats = await harness.bot.storage.seats(1)
    assert seats[0].resigned and seats[0].replaced and not seats[1].resigned
    text = harness.text(table)
    assert "Ann resigned; the computer plays their seat." in text
    assert "⚙ Ann: played by the computer after resigning." in text
    assert "You resigned: the computer plays your seat" in harness.text(harness.dm(ann))
    hand = harness.dm(ann)
    assert not harness.moves_on(hand), "no move"
    assert not {"Take my seat back", "Resign"} & set(harness.labels(hand)), "no way back"
    await play_to_the_end(harness, [bea], table, rng)
    assert game_over(harness, table)
    rows = harness.query(
        "SELECT COUNT(*) FROM actions WHERE game_id = 1 AND seat = 0 AND source = 'bot'"
        " AND version > ?",
        (before,),
    )
    assert rows[0][0] > 0, "the computer played Ann's seat"
    (ann_row, bea_row, _bot) = await results(harness)
    assert ann_row[0] == ann.id and ann_row[2] == 1, "a last place for ratings and stats"
    assert bea_row[2] == 0
    post = harness.channel_texts()[-1]
    assert "is over" in post and f"<@{ann.id}>" in post
    assert "(resigned; played by the computer)" in post
    stats = await harness.command(ann, "stats")
    assert "1 game · 0 wins" in stats.ephemeral_text


async def test_a_player_resigns_the_tree_duel_from_my_hand(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    fake.closed_dms.add(bea.id)  # Bea plays from the ephemeral "My hand"
    table = await open_lobby(harness, ann, game="tree", joiners=[bea])
    rng = random.Random(8)
    for _ in range(4):
        for user in (ann, bea):
            if harness.moves_on(message := await hand_message(harness, user, table)):
                await harness.play_move(user, message, rng)
    mine = await harness.click(bea, table, "My hand")
    await resign(harness, bea, mine.original_id)
    assert "Bea resigned; the computer plays their seat." in harness.text(table)
    await play_to_the_end(harness, [ann], table, rng)
    rows = await results(harness)
    assert [r[2] for r in rows] == [0, 1]
    assert "(resigned; played by the computer)" in harness.channel_texts()[-1]


async def test_when_everyone_resigns_the_game_is_abandoned(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, joiners=[bea], bots=["easy"], options=["tiny_tim"])
    await resign(harness, ann, harness.dm(ann))
    assert (await harness.bot.storage.game(1)).status == "running"
    await resign(harness, bea, harness.dm(bea))
    assert (await harness.bot.storage.game(1)).status == "abandoned"
    told = [t for t in harness.channel_texts() if "every player resigned" in t]
    assert told == [
        "Game #1 (Ghosts of Christmas) was abandoned: every player resigned. No ratings change."
    ]
    assert "This game was abandoned." in harness.text(table)
    assert await results(harness) == [], "no result, no ratings change"


async def test_stale_and_foreign_resign_presses_change_nothing(harness):
    fake = harness.fake
    ann, bea, eve = fake.add_user("Ann"), fake.add_user("Bea"), fake.add_user("Eve")
    table = await open_lobby(harness, ann, joiners=[bea], bots=["easy"], options=["tiny_tim"])
    dm = harness.dm(ann)
    stranger = await harness.click(eve, dm, "Resign")
    assert stranger.ephemeral_text == "You're not playing in this game."
    forged = await harness.click(ann, dm, custom_id="t2:1:h:resign:yes")
    assert forged.ephemeral_text == "That button isn't one of mine, or it no longer exists."
    first = await harness.click(ann, dm, "Resign")
    second = await harness.click(ann, dm, "Resign")
    kept = await harness.click(ann, first.original_id, "Keep playing")
    assert "You keep playing your seat." in harness.text(kept.message_id)
    assert not (await harness.bot.storage.seats(1))[0].resigned
    rng = random.Random(3)
    while not harness.moves_on(harness.dm(ann)):
        await harness.play_move(bea, harness.dm(bea), rng)
    # An ephemeral "My hand" reply nobody can edit keeps its old controls.
    mine = (await harness.click(ann, table, "My hand")).original_id
    moves = harness.moves_on(mine)
    await harness.click(ann, second.original_id, "Yes, resign")
    version = (await harness.bot.storage.game(1)).version
    late = await harness.click(ann, mine, "Resign")
    assert late.ephemeral_text == RESIGNED
    kind, cid, value = moves[0]
    move = await (
        harness.choose(ann, mine, value, custom_id=cid)
        if kind == "select"
        else harness.click(ann, mine, custom_id=cid)
    )
    assert move.ephemeral_text == RESIGNED
    back = await harness.click(ann, table, "My hand")
    assert "Resign" not in harness.labels(back.original_id)
    assert (await harness.bot.storage.seats(1))[0].resigned
    assert (await harness.bot.storage.game(1)).version >= version  # only the computer moved
