"""Text beside the picture and details on demand, through the fake Discord with the test-only
game (tests/bot/toy.py): the renderer's panel shows under each picture, the table's detail
buttons answer anyone privately from the public view and a hand's from the presser's own seat,
a forged detail changes nothing, and a picture that has not changed is not uploaded again."""

from __future__ import annotations

import pytest

from bot import wire
from tests.bot import toy
from tests.bot.play import open_lobby


@pytest.fixture(autouse=True)
def toy_game(monkeypatch):
    toy.install(monkeypatch)


def answer_texts(harness, answer) -> str:
    """The words of a private Components V2 answer."""
    assert answer.original_id is not None, answer.ephemeral_text
    return harness.text(answer.original_id)


async def test_the_panel_shows_under_each_picture(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, game="toy", joiners=[bea], timer=300)
    assert "Chosen: nobody yet" in harness.text(table)
    assert "Your colour: not chosen yet" in harness.text(harness.dm(ann))
    await harness.click(ann, harness.dm(ann), "Red")
    assert "Chosen: Ann" in harness.text(table)
    assert "Your colour: red" in harness.text(harness.dm(ann))
    assert "red" not in harness.text(table).lower(), "the table's panel keeps the secret"


async def test_details_answer_privately_from_the_right_view(harness, monkeypatch):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    eve = fake.add_user("Eve")  # a spectator
    table = await open_lobby(harness, ann, game="toy", joiners=[bea], timer=300)
    await harness.click(ann, harness.dm(ann), "Red")
    before = len(await harness.bot.storage.actions(1))
    # Anyone may look at the table's details: the public view's, so still hidden.
    looked = await harness.click(eve, table, "Colours")
    assert looked.responses[0]["data"]["flags"] & 64, "answered privately"
    assert "still hidden" in answer_texts(harness, looked)
    # A hand's detail shows the seat's own view, with its picture.
    mine = await harness.click(ann, harness.dm(ann), "My pick")
    assert "You picked red." in answer_texts(harness, mine)
    assert fake.messages[mine.original_id]["attachments"], "the detail's picture"
    await harness.click(bea, harness.dm(bea), "Blue")
    looked = await harness.click(eve, table, "Colours")
    assert "Ann: red\nBea: blue" in answer_texts(harness, looked)
    # A forged detail, a hand's detail pressed by someone not seated, and a detail the game
    # no longer offers (an old message's button) are refused in a sentence.
    forged = await harness.click(eve, table, custom_id=wire.anytime(1, "look:secrets"))
    assert forged.ephemeral_text == "That button isn't one of mine, or it no longer exists."
    bea_dm = harness.dm(bea)
    stranger = await harness.click(eve, bea_dm, "My pick")
    assert stranger.ephemeral_text == "You're not playing in this game, so there's no hand to show."
    monkeypatch.setattr(toy.RENDER, "details", lambda view: ())
    gone = await harness.click(eve, table, "Colours")
    assert gone.ephemeral_text.startswith("That isn't shown at this moment of the game")
    assert len(await harness.bot.storage.actions(1)) == before + 1, "only Bea's move"


async def test_an_unchanged_picture_is_not_uploaded_again(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, game="toy", joiners=[bea], timer=300)
    uploads = [name for mid, name in fake.uploads if mid == table]
    await harness.click(ann, harness.dm(ann), "Red")
    await harness.click(bea, harness.dm(bea), "Blue")
    await harness.settle()
    # The toy's picture never changes: the table was edited, its picture never sent again.
    assert "Colours shown: Ann red, Bea blue" in harness.text(table)
    assert [name for mid, name in fake.uploads if mid == table] == uploads
    (shown,) = fake.messages[table]["attachments"]
    urls = [i["media"]["url"] for c in harness.components(table) for i in c.get("items", [])]
    assert urls == [f"attachment://{shown['filename']}"]
