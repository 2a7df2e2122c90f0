from __future__ import annotations

import random


async def test_play_opens_a_lobby(harness):
    fake = harness.fake
    ann = fake.add_user("Ann")
    inter = await harness.command(ann, "play", game="ghosts")
    assert inter.original_id is not None
    text = harness.text(inter.original_id)
    assert "Ghosts of Christmas" in text, text


async def test_one_human_two_bots(harness):
    fake = harness.fake
    ann = fake.add_user("Ann")
    lobby = (await harness.command(ann, "play", game="ghosts")).original_id
    await harness.click(ann, lobby, "Add computer (normal)")
    await harness.click(ann, lobby, "Add computer (easy)")
    await harness.click(ann, lobby, "Start")
    rng = random.Random(1)
    for _ in range(400):
        dm = harness.dm(ann)
        assert dm is not None
        inter = await harness.play_move(ann, dm, rng)
        if inter is None:
            break
    print(harness.text(lobby))
    assert "wins" in harness.text(lobby) or "Shared victory" in harness.text(lobby)
