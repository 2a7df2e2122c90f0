"""Computer levels in the lobby, `hard` thinking in the worker processes, the thinking line,
**💡 Hint** and `/play <game> learn`."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

import pytest

from bot.ending import HINTED
from bot.texts import No, say
from tests.bot.harness import HANG
from tests.bot.play import game_over, open_lobby, play_to_the_end

#: A searching computer's think per move in these tests: tiny, so games stay quick.
TINY = 0.05
PLAYOUTS = 4


def private_to(harness, answer, user) -> bool:
    """The answer was acknowledged privately and its follow-up only the user sees."""
    flags = int((answer.responses[0].get("data") or {}).get("flags") or 0)
    shown = [harness.fake.messages[m].get("_ephemeral_for") for m in answer.followups]
    return bool(flags & 64) and shown == [user.id]


def fake_private(harness, message: int) -> bool:
    return harness.fake.messages[message].get("_ephemeral_for") is not None


class HeldThinking(Executor):
    """A thinking process that holds each search until the test lets it go (`release`)."""

    def __init__(self) -> None:
        self.held: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = []
        self.asked = asyncio.Event()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.held.append((future, fn, args))
        self.asked.set()
        return future

    def release(self) -> None:
        for future, fn, args in self.held:
            future.set_result(fn(*args))
        self.held.clear()

    def finish_oldest(self) -> Any:
        """Let the oldest search go (and wait for the next one to be asked); its first
        argument."""
        future, fn, args = self.held.pop(0)
        self.asked.clear()
        future.set_result(fn(*args))
        return args[0]


def tiny_budget(harness) -> None:
    hub = harness.bot.service.hub
    hub.think_seconds = hub.hint_seconds = TINY
    hub.think_playouts = PLAYOUTS


async def test_the_lobby_offers_three_levels_and_the_host_changes_a_computers_level(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    lobby = await open_lobby(harness, ann, joiners=[bea], bots=["normal"], start=False)
    offered = [label for label in harness.labels(lobby) if label.startswith("Add computer")]
    assert offered == ["Add computer (easy)", "Add computer (normal)", "Add computer (hard)"]
    refused = await harness.choose(bea, lobby, "2:hard")
    assert refused.ephemeral_text == say(No.HOST_ONLY)
    await harness.choose(ann, lobby, "2:hard")
    text = harness.text(lobby)
    assert "🤖 Holly-bot, hard" in text and "Holly-bot now plays at level hard." in text
    menu = harness.find_select(lobby, "2:easy")
    for forged, code in (("0:hard", No.COMPUTER_GONE), ("9:hard", No.COMPUTER_GONE)):
        answer = await harness.choose(ann, lobby, forged, custom_id=menu)
        assert answer.ephemeral_text == say(code)
    answer = await harness.choose(ann, lobby, "2:expert", custom_id=menu)
    assert answer.ephemeral_text == say(No.BAD_LEVEL)
    await harness.click(ann, lobby, "Start")
    assert [s.bot_level for s in await harness.bot.storage.seats(1)] == [None, None, "hard"]
    assert "-# 🤖 Holly-bot: hard" in harness.text(lobby), "the table names the level"


async def test_a_hard_computer_plays_a_whole_game_thinking_in_a_worker_process(harness):
    tiny_budget(harness)
    ann = harness.fake.add_user("Ann")
    table = await open_lobby(harness, ann, game="muppets", bots=["hard"])
    await play_to_the_end(harness, [ann], table, random.Random(3))
    assert game_over(harness, table)
    assert isinstance(harness.bot.service.hub.think_executor, ProcessPoolExecutor)
    rows = harness.query(
        "SELECT COUNT(*) FROM actions WHERE game_id = 1 AND seat = 1 AND source = 'bot'"
    )
    assert rows[0][0] > 0
    assert (await harness.bot.storage.game(1)).status == "finished"


async def test_the_table_shows_a_hard_computer_thinking(harness):
    tiny_budget(harness)
    hub = harness.bot.service.hub
    hub.bot_delay = 60.0  # the computer waits for its alarm: the table shows it meanwhile
    ann = harness.fake.add_user("Ann")
    table = await open_lobby(harness, ann, game="muppets", bots=["hard"])
    rng = random.Random(1)
    for _ in range(20):
        if "🤔 **Holly-bot** is thinking…" in harness.text(table):
            break
        await harness.play_move(ann, harness.dm(ann), rng)
    text = harness.text(table)
    assert "🤔 **Holly-bot** is thinking…" in text and "Waiting for **Holly-bot**" not in text
    version = (await harness.bot.storage.game(1)).version
    harness.clock.advance(60)
    await harness.bot.service.run_due()
    await harness.settle()
    assert (await harness.bot.storage.game(1)).version > version, "it thought, then moved"


SINGING, PASSING = "🎶 I'm singing!", "Let someone else start"


@pytest.mark.parametrize(
    ("others", "pressed", "kept"),
    [
        (0, SINGING, False),  # Ann sings first: the race is over, the computer's move dropped
        (1, PASSING, True),  # Ann passes: the computer's choice is the same, its move stands
    ],
)
async def test_a_press_in_the_same_game_is_answered_while_a_hard_computer_thinks(
    harness, others: int, pressed: str, kept: bool
):
    """The game's lock is not held during a search: in Muppets' singing race the computer
    and the players choose at once, and Ann's press is committed and answered while the
    computer's search is still running. The computer's move is then made only if the choice
    it thought about is still the one it owes."""
    tiny_budget(harness)
    hub = harness.bot.service.hub
    hub.bot_delay = 60.0  # the computer thinks when its alarm is run, below
    people = [harness.fake.add_user(name) for name in ("Ann", "Bea")[: 1 + others]]
    table = await open_lobby(harness, people[0], "muppets", people[1:], bots=["hard"])
    rng = random.Random(5)
    for _ in range(20):  # any setup before the race
        if SINGING in harness.labels(table):
            break
        turn = [u for u in people if harness.moves_on(harness.dm(u))]
        if turn:
            await harness.play_move(turn[0], harness.dm(turn[0]), rng)
        else:
            harness.clock.advance(60)
            await harness.bot.service.run_due()
            await harness.settle()
    assert SINGING in harness.labels(table)
    version = (await harness.bot.storage.game(1)).version
    hub.think_executor = thinking = HeldThinking()
    harness.clock.advance(60)
    waking = asyncio.ensure_future(harness.bot.service.run_due())
    try:
        await asyncio.wait_for(thinking.asked.wait(), HANG)
        data = {"custom_id": harness.find_button(table, pressed), "component_type": 2}
        press = await harness.fake.interact(people[0], 3, data, message_id=table)
        await asyncio.wait_for(press.answered.wait(), HANG)
        assert press.response_type != 6, "answered at once, not acknowledged to be made late"
        assert (await harness.bot.storage.game(1)).version == version + 1, "Ann's move is made"
        assert not waking.done() and thinking.held, "while the computer still thinks"
    finally:
        thinking.release()
    await waking
    await harness.settle()
    query = "SELECT seat, source FROM actions WHERE game_id = 1 AND version > ? ORDER BY version"
    rows = harness.query(query, (version,))
    computer = 1 + others
    assert rows[0] == (0, "user")
    assert (rows[1:2] == [(computer, "bot")]) is kept


async def test_hints_are_off_by_default(harness):
    ann = harness.fake.add_user("Ann")
    table = await open_lobby(harness, ann, game="muppets", bots=["normal"], start=False)
    assert "Hints: **Off**" in harness.text(table)
    await harness.click(ann, table, "Start")
    await harness.settle()
    hand = harness.dm(ann)
    assert "Hint" not in harness.labels(hand)
    forged = await harness.click(ann, hand, custom_id="t2:1:h:hint")
    assert forged.ephemeral_text == "That button isn't one of mine, or it no longer exists."


async def test_a_hint_answers_privately_changes_nothing_and_the_game_is_unrated(harness):
    tiny_budget(harness)
    fake = harness.fake
    ann, bea, eve = fake.add_user("Ann"), fake.add_user("Bea"), fake.add_user("Eve")
    table = await open_lobby(harness, ann, game="muppets", joiners=[bea], start=False)
    refused = await harness.choose(bea, table, "hints:on")
    assert refused.ephemeral_text == say(No.HOST_ONLY)
    await harness.choose(ann, table, "hints:on")
    assert "Hints: **On**" in harness.text(table) and "**Unrated**: hints are on." in harness.text(
        table
    )
    await harness.click(ann, table, "Start")
    turn = next(u for u in (ann, bea) if harness.moves_on(harness.dm(u)))
    hand = harness.dm(turn)
    assert "Hint" in harness.labels(hand)
    before = await harness.bot.storage.game(1)
    public = len(fake.public_log)
    answer = await harness.click(turn, hand, "Hint")
    assert private_to(harness, answer, turn) and answer.ephemeral_text.startswith("💡 ")
    after = await harness.bot.storage.game(1)
    assert (after.version, after.state) == (before.version, before.state), "nothing changed"
    assert len(fake.public_log) == public, "nothing public was said"
    stranger = await harness.click(eve, hand, "Hint")
    assert stranger.ephemeral_text == say(No.NOT_SEATED)
    replies = {}  # "My hand" answers drawn while both owe a move, each with its Hint
    for user in (ann, bea):
        replies[user.id] = (await harness.click(user, table, "My hand")).original_id
        assert "Hint" in harness.labels(replies[user.id])
    rng = random.Random(2)
    for _ in range(30):  # until one of them waits for the other
        waiting = [u for u in (ann, bea) if not harness.moves_on(harness.dm(u))]
        if waiting:
            break
        await harness.play_move(ann, harness.dm(ann), rng)
    assert "Hint" not in harness.labels(harness.dm(waiting[0])), "only for a move owed"
    late = await harness.click(waiting[0], replies[waiting[0].id], "Hint")
    assert late.ephemeral_text == say(No.HINT_NOT_NOW)
    await play_to_the_end(harness, [ann, bea], table, rng)
    assert not (await harness.bot.storage.game(1)).rated
    assert any(HINTED in text for text in harness.channel_texts())


async def test_play_learn_starts_a_guided_game_against_computers_with_hints(harness):
    tiny_budget(harness)
    ann = harness.fake.add_user("Ann")
    started = await harness.command(ann, "play", game="tree", learn=True)
    table = started.original_id
    assert not fake_private(harness, table) and "My hand" in harness.labels(table)
    row = await harness.bot.storage.game(1)
    assert (row.status, row.hints, row.learn, row.timer) == ("running", True, True, None)
    assert [(s.user_id, s.bot_level) for s in row.seats] == [(ann.id, None), (None, "normal")]
    rng = random.Random(4)
    for _ in range(10):  # the computer may open the game
        if harness.moves_on(harness.dm(ann)):
            break
        await harness.settle()
    hand = harness.dm(ann)
    assert "Welcome to My First Christmas Tree!" in harness.text(hand)
    assert "Hint" in harness.labels(hand)
    hint = await harness.click(ann, hand, "Hint")
    assert private_to(harness, hint, ann) and hint.ephemeral_text.startswith("💡 ")
    await harness.play_move(ann, hand, rng)
    assert "Welcome to" not in harness.text(harness.dm(ann)), "only the first turn is guided"
