"""Each decision kind through the fake Discord, with a test-only game (tests/bot/toy.py):
a secret choice shows who has chosen and never what; a reaction is private, on its own clock,
declined on time-out without a strike; a required text opens a form and is part of the move."""

from __future__ import annotations

import pytest

from tests.bot import toy
from tests.bot.harness import every_text, form_inputs
from tests.bot.play import assert_no_public_moves, open_lobby


@pytest.fixture(autouse=True)
def toy_game(monkeypatch):
    toy.install(monkeypatch)


async def press(harness, user, label):
    dm = harness.dm(user)
    return await harness.click(user, dm, label)


async def test_secret_react_and_text_end_to_end(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, game="toy", joiners=[bea], timer=300)
    # secret: both choose privately; the table offers nothing, though the choices are public.
    assert harness.moves_on(harness.dm(ann)) and harness.moves_on(harness.dm(bea))
    assert_no_public_moves(harness)
    await press(harness, ann, "Red")
    text = harness.text(table)
    assert "✅ Chosen: Ann" in text and f"Waiting for <@{bea.id}>" in text
    assert not any("red" in t.lower() for t in every_text(fake)), "never what was chosen"
    assert not harness.moves_on(harness.dm(ann)), "Ann has chosen"
    await press(harness, bea, "Blue")
    assert "Colours shown: Ann red, Bea blue" in harness.text(table)

    # react: offered only to Bea, privately, with a note and the rules' 60 s clock.
    assert_no_public_moves(harness)
    assert "You may respond now" in harness.text(harness.dm(bea))
    assert "Object!" in harness.labels(harness.dm(bea))
    row = await harness.bot.storage.game(1)
    assert row.deadline - harness.clock() <= 60.5, "the reaction's own clock, not the lobby's"
    harness.clock.advance(61)
    await harness.bot.service.run_due()
    await harness.settle()
    actions = await harness.bot.storage.actions(1)
    assert actions[-1] == (1, "let", None), "on_timeout was played for Bea"
    assert [s.timeouts for s in await harness.bot.storage.seats(1)] == [0, 0], "no strike"
    assert "Bea lets it be." in harness.text(table)

    # text (required): pressing the action opens the form; the move waits for the words.
    form = await press(harness, ann, "Raise a toast")
    assert form.response_type == 9
    modal = fake.modals[-1]
    (item,) = form_inputs(modal)
    assert item["label"] == toy.TOAST.label
    assert (item["min_length"], item["max_length"]) == (5, 100)
    assert len(await harness.bot.storage.actions(1)) == len(actions), "nothing moved yet"
    done = await harness.submit(ann, modal["custom_id"], "  To   @here  all of us!  ")
    assert done.response_type in (4, 7)
    assert (await harness.bot.storage.actions(1))[-1] == (0, "speak", "To @here all of us!")
    text = harness.text(table)
    assert "🎤 Ann: “To @\u200bhere all of us!”" in text
    assert "wins" in text, "the toast ended the game"
    assert not fake.violations


async def test_a_required_text_cannot_be_skipped_or_forged(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    await open_lobby(harness, ann, game="toy", joiners=[bea])
    await press(harness, ann, "Red")
    await press(harness, bea, "Blue")
    await press(harness, bea, "Let it be")
    form = await press(harness, ann, "Raise a toast")
    cid = fake.modals[-1]["custom_id"]
    short = await harness.submit(ann, cid, "Hi")
    assert short.ephemeral_text == "Your words need 5–100 characters."
    stranger = await harness.submit(bea, cid, "Cheers, everyone!")
    assert stranger.ephemeral_text == "It isn't your turn."
    wrong = await harness.submit(ann, cid.replace(":speak", ":let"), "Cheers, everyone!")
    assert wrong.ephemeral_text == "That move takes no text."
    expired = await harness.submit(ann, "t1say:1:0:3", "Cheers, everyone!")
    assert expired.ephemeral_text == "That form has expired."
    assert form.response_type == 9
    assert (await harness.bot.storage.actions(1))[-1][1] == "let", "nothing else moved"


async def test_a_computer_or_a_timed_out_seat_speaks_in_the_game_s_canned_words(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, game="toy", joiners=[bea], timer=300)
    await press(harness, ann, "Red")
    await press(harness, bea, "Blue")
    await press(harness, bea, "Let it be")
    harness.clock.advance(301)  # Ann lets the lobby's clock run out on her toast
    await harness.bot.service.run_due()
    await harness.settle()
    seat, action, words = (await harness.bot.storage.actions(1))[-1]
    assert (seat, action) == (0, "speak") and words in toy.TOAST.canned
    assert f"🎤 Ann: “{words}”" in harness.text(table)
    assert [s.timeouts for s in await harness.bot.storage.seats(1)] == [1, 0], "a strike"
    assert not fake.violations


async def test_another_seat_choosing_in_secret_leaves_my_message_and_its_controls_alone(harness):
    """While Ann chooses, Bea is offered the same choices: her DM is not edited for it, and
    its controls (drawn before Ann's move) still make her move."""
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    await open_lobby(harness, ann, game="toy", joiners=[bea], timer=300)
    dm = harness.dm(bea)
    path = f"/channels/{fake.dm_channels[bea.id]}/messages/{dm}"

    def edits() -> int:
        return sum(1 for _, method, p in fake.requests if method == "PATCH" and p == path)

    before = edits()
    await press(harness, ann, "Red")
    assert edits() == before, "Bea's message did not need an edit"
    version = (await harness.bot.storage.game(1)).version
    chosen = await harness.click(bea, dm, "Blue")
    assert chosen.response_type == 7 and not chosen.ephemeral_text, "not stale: same choices"
    assert (await harness.bot.storage.game(1)).version == version + 1
