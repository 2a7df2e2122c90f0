"""The end of a game through the fake Discord: scores in the game's unit, Fever's score cards
and picture, the sing-along post, keepsake notes, `/records` and the "New record!" post."""

from __future__ import annotations

import asyncio
import random

from bot import limits
from bot.ending import CUT
from bot.keepsake import MAX_NOTE
from tests.bot.harness import HANG, form_submission
from tests.bot.play import open_lobby, play_to_the_end

NOTE = "Never trust the Fruitcake. @everyone https://x.y <@1100000000000000099> **shout**"


def posts(harness) -> list[tuple[int, str]]:
    return [
        (int(m["id"]), harness.text(int(m["id"])))
        for m in harness.fake.channel_messages(harness.fake.general)
    ]


def result_message(harness) -> int:
    (found,) = [mid for mid, text in posts(harness) if "· game #1 is over" in text]
    return found


async def fever_to_the_end(harness, bots=("normal", "easy", "normal")) -> tuple:
    fake = harness.fake
    ann = fake.add_user("Ann")
    table = await open_lobby(harness, ann, game="fever", bots=list(bots))
    await play_to_the_end(harness, [ann], table, random.Random(1), game_id=1, max_moves=800)
    return ann, table


async def test_fever_ends_in_dollars_with_every_score_card_the_picture_and_one_sing_along(
    harness,
):
    fake = harness.fake
    ann, _table = await fever_to_the_end(harness)
    session = await harness.bot.service.session(1)
    game, state = session.game, session.state
    mid = result_message(harness)
    text = harness.text(mid)
    assert "point" not in text
    result = game.result(state)
    assert f"wins with **{game.score_text(result.scores[result.winners[0]])}**" in text
    for seat, name in enumerate(session.names):
        assert f"**{name}** · **{game.score_text(result.scores[seat])}**" in text
    sheets = game.view(state, None)["sheets"]
    struck = sum(min(s["forgiven"], 8) for s in sheets if s["debts"])
    assert text.count("~~") == 2 * struck, "each forgiven debt shown is struck through"
    assert [a["filename"] for a in fake.messages[mid]["attachments"]] == ["final-1.png"]
    assert {"Rematch", "Keepsake note"} <= set(harness.labels(mid))
    after = [(m, t) for m, t in posts(harness) if m > mid]
    sung = [m for m, t in posts(harness) if "Sing-along!" in t]
    assert len(sung) == 1 and sung[0] > mid, "one sing-along, after the result"
    assert not any("New family record" in t for _, t in after), (
        "the first finished game sets the family record quietly: it beat nothing"
    )
    shown = await harness.command(ann, "records")
    said = harness.text(shown.original_id)
    assert f"family record: Ann, **{game.score_text(result.scores[0])}**" in said
    assert game.title in said and "<t:" in said and "4 players" in said
    stats = harness.text((await harness.command(ann, "stats")).original_id)
    assert f"best score {game.score_text(result.scores[0])}" in stats


async def test_a_keepsake_note_is_stored_posted_inert_replaced_and_kept_across_a_restart(
    harness,
):
    fake = harness.fake
    ann, _table = await fever_to_the_end(harness, bots=("easy",))
    eve = fake.add_user("Eve")
    mid = result_message(harness)
    nosy = await harness.click(eve, mid, "Keepsake note")
    assert nosy.ephemeral_text == "Only the players of game #1 can leave a keepsake note."
    opened = len(fake.modals)
    await harness.click(ann, mid, "Keepsake note")
    assert len(fake.modals) == opened + 1
    form = fake.modals[-1]
    assert form["custom_id"] == "t2:1:h:keepsake"
    wrote = await harness.submit(ann, form["custom_id"], NOTE, message_id=mid)
    assert "saved" in wrote.ephemeral_text
    (note,) = await harness.bot.storage.notes(1)
    assert (note.user_id, note.text) == (ann.id, NOTE)
    (posted,) = [t for _, t in posts(harness) if "keepsake note for game #1" in t]
    assert posted.startswith("📝 Ann's keepsake note for game #1: “Never trust the Fruitcake.")
    for live in ("@everyone", "https://", "<@1100000000000000099>", "**shout**"):
        assert live not in posted, f"{live} stays inert"
    refused = await harness.submit(eve, form["custom_id"], "me too", message_id=mid)
    assert refused.ephemeral_text == "Only the players of game #1 can leave a keepsake note."
    too_long = await harness.submit(ann, form["custom_id"], "x" * (MAX_NOTE + 1))
    assert too_long.ephemeral_text == f"Your words need 1–{MAX_NOTE} characters."
    replays = [
        fake.interact(ann, 5, form_submission(form["custom_id"], NOTE), message_id=mid)
        for _ in range(10)
    ]
    for replay in await asyncio.gather(*replays):  # the same form, replayed ten times at once
        await asyncio.wait_for(replay.answered.wait(), HANG)
    await harness.settle()
    (again,) = [m for m, t in posts(harness) if "keepsake note for game #1" in t]
    await harness.submit(ann, form["custom_id"], "Second thoughts: hold on to the Puppy.")
    (note,) = await harness.bot.storage.notes(1)
    assert note.text == "Second thoughts: hold on to the Puppy."
    (edited,) = [(m, t) for m, t in posts(harness) if "keepsake note for game #1" in t]
    assert edited[0] == again, "one post per note: a rewrite edits it"
    assert "Second thoughts: hold on to the Puppy." in edited[1]
    await harness.crash_bot()
    await harness.start_bot()
    (note,) = await harness.bot.storage.notes(1)
    assert note.text == "Second thoughts: hold on to the Puppy."
    board = harness.text((await harness.command(ann, "records", game="fever")).original_id)
    assert "“Second thoughts: hold on to the Puppy.” — Ann, game #1" in board
    await harness.click(ann, mid, "Keepsake note")
    assert fake.modals[-1]["custom_id"] == "t2:1:h:keepsake", "the button works after a restart"


async def test_a_forged_keepsake_for_a_running_game_is_refused(harness):
    fake = harness.fake
    ann = fake.add_user("Ann")
    table = await open_lobby(harness, ann, game="fever", bots=["easy"])
    forged = await harness.submit(ann, "t2:1:h:keepsake", "too soon", message_id=table)
    assert forged.ephemeral_text == "Keepsake notes can be written once game #1 is over."
    pressed = await harness.click(ann, table, custom_id="t2:1:h:keepsake")
    assert "isn't one of mine" in pressed.ephemeral_text
    assert await harness.bot.storage.notes(1) == []
    assert not [t for _, t in posts(harness) if "keepsake note" in t]


async def test_other_games_keep_points_no_note_no_sing_along_and_records_their_best(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    empty = await harness.command(ann, "records")
    assert empty.ephemeral_text == "No records here yet: finish a game to set the first one."
    table = await open_lobby(harness, ann, joiners=[bea], bots=["easy"], options=["tiny_tim"])
    await play_to_the_end(harness, [ann, bea], table, random.Random(3))
    mid = result_message(harness)
    assert "point" in harness.text(mid) and "$" not in harness.text(mid)
    assert harness.labels(mid) == ["Rematch"]
    assert not [t for _, t in posts(harness) if "Sing-along" in t]
    (result,) = await harness.bot.storage.finished_games(fake.guild_id, "ghosts")
    best = max((score, -i) for i, (uid, _n, _r, score, _w, _a) in enumerate(result) if uid)
    holder = result[-best[1]][1]
    assert not [t for _, t in posts(harness) if "New record!" in t], "nothing was beaten yet"
    board = harness.text((await harness.command(bea, "records")).original_id)
    assert f"record: {holder}, **{best[0]} point" in board
    none = await harness.command(bea, "records", game="tree")
    assert none.ephemeral_text.startswith("No records of ")


async def test_six_families_with_a_long_name_fit_one_result_message(harness):
    fake = harness.fake
    ann = fake.add_user("Annabel_the_*Magnificent*_Elf__")
    bots = ["normal", "easy", "normal", "easy", "normal"]
    table = await open_lobby(harness, ann, game="fever", bots=bots)
    await play_to_the_end(harness, [ann], table, random.Random(2), game_id=1, max_moves=900)
    mid = result_message(harness)
    shown = [c["content"] for c in _texts(fake.messages[mid]["components"])]
    assert sum(map(len, shown)) <= 4000, "Discord's limit for one message's text"
    assert "**Score cards**" in shown[1]
    assert not fake.violations


def _texts(components: list[dict]) -> list[dict]:
    out = []
    for c in components:
        if c.get("type") == 10:
            out.append(c)
        out.extend(_texts(c.get("components", [])))
    return out


def test_a_score_card_too_long_for_the_message_stops_at_a_whole_line():
    lines = [f"line {i} " + "x" * 90 for i in range(60)]
    text = limits.lines(lines, 1000, more=CUT)
    assert len(text) <= 1000 and text.endswith(CUT)
    assert all(line in lines for line in text.splitlines()[:-1])
    assert limits.lines(lines[:3], 1000, more=CUT) == "\n".join(lines[:3])
