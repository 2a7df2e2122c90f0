"""Games do not wait for each other: a computer thinks off the event loop, and a game moved by
another process is read again instead of being overwritten."""

from __future__ import annotations

import asyncio
import random
import threading

from bot import wire
from bot.storage import Storage
from engine import GAMES, bot_move
from tests.bot.harness import HANG
from tests.bot.play import open_lobby, table_version


class Blocking:
    """A computer player that, once armed, thinks until the test lets it go."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.armed = False
        self.thinking = False
        self.started = threading.Event()
        self.release = threading.Event()

    def choose(self, view, legal, rng):
        if self.armed:
            self.thinking = True
            self.started.set()
            released = self.release.wait(HANG)
            self.thinking = False
            if not released:
                raise AssertionError("never released")
        return self.inner.choose(view, legal, rng)


async def test_a_thinking_computer_does_not_hold_up_another_game(harness, monkeypatch):
    fake = harness.fake
    game = GAMES["shuffle"]
    policy = Blocking(game.bots["normal"])
    monkeypatch.setitem(game.bots, "normal", policy)
    harness.bot.service.hub.bot_delay = 1000.0  # computers move when the test says so
    ann, bea, cid = fake.add_user("Ann"), fake.add_user("Bea"), fake.add_user("Cid")
    await open_lobby(harness, ann, game="shuffle", bots=["normal"], timer=0)
    await open_lobby(harness, bea, game="shuffle", joiners=[cid], timer=0)
    first = harness.bot.service.sessions[1]
    rng = random.Random(3)
    while not first.bots_to_act():  # Ann plays until the computer is to move in game 1
        await harness.play_move(ann, harness.dm(ann), rng)
    version = first.row.version
    policy.armed = True
    harness.clock.advance(1000)
    waking = asyncio.create_task(harness.bot.service.run_due())
    assert await asyncio.to_thread(policy.started.wait, HANG), "the computer started thinking"
    # Meanwhile, a press in game 2 is answered.
    mover = next(u for u in (bea, cid) if harness.moves_on(harness.dm(u)))
    dm = harness.dm(mover)
    kind, custom_id, value = harness.moves_on(dm)[0]
    data = {"custom_id": custom_id, "component_type": 2 if kind == "button" else 3}
    if kind == "select":
        data["values"] = [value]
    press = await fake.interact(mover, 3, data, message_id=dm)
    await asyncio.wait_for(press.answered.wait(), HANG)
    assert policy.thinking, "game 2's press was answered while game 1's computer thought"
    assert press.response_type == 7, "game 2 moved"
    assert first.row.version == version, "game 1's computer has not moved yet"
    policy.release.set()
    await waking
    await harness.settle()
    assert first.row.version > version, "then the computer moved"


async def test_a_game_moved_elsewhere_is_read_again(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, game="shuffle", joiners=[bea])
    session = harness.bot.service.sessions[1]
    game = session.game
    (seat,) = game.to_act(session.state)
    mover = (ann, bea)[seat]
    dm = harness.dm(mover)
    kind, custom_id, value = harness.moves_on(dm)[0]
    # Another process moves the game first, through its own connection to the database.
    row = await harness.bot.storage.game(1)
    action = bot_move(game, session.state, seat, "normal")
    elsewhere, _ = game.apply(session.state, seat, action)
    other = await Storage.open(str(harness.db_path))
    try:
        await other.commit_action(
            1, row.version, seat, action, "user", game.dump(elsewhere), None, None
        )
    finally:
        await other.close()
    # This bot still thinks the press is current: its write comes back stale.
    if kind == "button":
        answer = await harness.click(mover, dm, custom_id=custom_id)
    else:
        answer = await harness.choose(mover, dm, value, custom_id=custom_id)
    assert answer.ephemeral_text == "That button is out of date: the game has moved on since."
    stored = await harness.bot.storage.game(1)
    assert stored.version == row.version + 1, "the other process's move stands, alone"
    assert session.row.version == stored.version, "the session was read again"
    assert game.dump(session.state) == game.dump(elsewhere)
    assert harness.bot.service.sessions[1] is session
    # The messages catch up with the game as stored: the table, and the hand of whoever owes
    # the next decision, with controls at the stored version.
    last = [s for s in fake.public_log if s["id"] == table][-1]
    assert table_version(last, 1) == stored.version
    for now in game.to_act(session.state):
        hand = session.row.seats[now].dm_message_id
        ids = [c for _, c, _ in harness.moves_on(hand)]
        assert ids and all(wire.parse(c).version == stored.version for c in ids)
