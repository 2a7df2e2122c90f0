"""/replay through the fake Discord: a finished game's public table as an animated picture,
frame by frame the public views (never a seat's picture), with its story paged; a game with
a restart in the middle replays byte for byte like the same game without one; games that
cannot be replayed here get a sentence each."""

from __future__ import annotations

import io
import itertools
import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

from PIL import Image, ImageSequence

from bot.thinking import NICENESS, start_worker
from engine import GAMES
from render import render
from render.replay import HOLD_MS, MAX_FRAMES, public_views, sample
from tests.bot.play import open_lobby, play_to_the_end


def in_process(harness) -> None:
    """Draw replays on a thread of the test's process (fast; the bot uses a process)."""
    harness.bot.service.hub.replay_executor = ThreadPoolExecutor(1)


async def muppets_game(harness, user, restart_after: int | None = None) -> int:
    """A two-player Spirit of Giving game, the user against the normal computer, the user
    playing as the normal computer would (so a seed always gives the same game); with
    `restart_after`, the bot crashes and restarts after that many of the user's clicks."""
    table = await open_lobby(harness, user, game="muppets", bots=["normal"])
    game_id = await _newest(harness)
    clicks = 0

    async def maybe_restart() -> None:
        nonlocal clicks
        clicks += 1
        if clicks == restart_after:
            await harness.crash_bot()
            await harness.start_bot()

    await play_to_the_end(
        harness, [user], table, random.Random(0), after_each=maybe_restart, game_id=game_id
    )
    assert restart_after is None or clicks > restart_after, "the restart came mid-game"
    return game_id


async def _newest(harness) -> int:
    rows = await harness.bot.storage.games_in_channel(harness.fake.general, ("running",))
    return rows[-1].id


def replay_of(harness, answer) -> tuple[bytes, int]:
    """The animated picture a /replay answered with, and the message holding its story."""
    assert answer.response_type == 5, "deferred at once"
    picture, story = answer.followups
    (data,) = harness.fake.files[picture].values()
    return data, story


def frames(data: bytes) -> list[tuple[bytes, int]]:
    """Each frame's RGB pixels and its time on screen."""
    animation = Image.open(io.BytesIO(data))
    assert animation.format == "WEBP"
    return [
        (f.convert("RGB").tobytes(), f.info["duration"]) for f in ImageSequence.Iterator(animation)
    ]


def pixels(png: bytes) -> bytes:
    return Image.open(io.BytesIO(png)).convert("RGB").tobytes()


async def test_a_replay_is_the_public_table_frame_by_frame(harness):
    fake = harness.fake
    ann, eve = fake.add_user("Ann"), fake.add_user("Eve")
    game_id = await muppets_game(harness, ann)
    in_process(harness)
    answer = await harness.command(eve, "replay", game=game_id)
    data, story = replay_of(harness, answer)
    shown = frames(data)

    # The frames are the renders of the public views, a move that changed nothing on the
    # table adding none, sampled; the last (the end of the game) is held longer.
    row = await harness.bot.storage.game(game_id)
    moves = await harness.bot.storage.actions(game_id)
    names = [s.name for s in row.seats]
    game = GAMES[row.game]
    rig = game.load(row.state).rig
    views = public_views(row.game, len(row.seats), row.options, row.seed, rig, moves)
    assert all(a != b for a, b in itertools.pairwise(views))
    wanted = [pixels(render(views[i], names)) for i in sample(len(views), MAX_FRAMES)]
    assert [f for f, _ in shown] == wanted
    assert 1 < len(shown) <= MAX_FRAMES
    assert shown[-1][1] == HOLD_MS and all(ms < HOLD_MS for _, ms in shown[:-1])

    # No frame is a picture only a seat sees.
    state = game.new(len(row.seats), row.options, row.seed, rig)
    hands = set()
    for seat, action, text in moves:
        hands |= {pixels(render(game.view(state, s), names)) for s in range(len(names))}
        state, _ = game.apply(state, seat, action, text)
    assert not hands & {f for f, _ in shown}

    # The story: the table's narration, paged; anyone turns its pages.
    text = harness.text(story)
    assert f"### 📖 Game #{game_id} · The Muppet Christmas Carol" in text and "Page 1 of" in text
    await harness.click(ann, story, "Next")
    assert "Page 2 of" in harness.text(story)
    assert "replay-1.webp" in fake.messages[answer.followups[0]]["attachments"][0]["filename"]


async def test_a_restart_mid_game_changes_nothing_in_its_replay(harness):
    ann = harness.fake.add_user("Ann")
    straight = await muppets_game(harness, ann)
    harness.next_seed = 1  # the same seed again: the same game
    restarted = await muppets_game(harness, ann, restart_after=8)
    storage = harness.bot.storage
    assert await storage.actions(straight) == await storage.actions(restarted)
    # Drawn in the bot's own replay process this time.
    first, _ = replay_of(harness, await harness.command(ann, "replay", game=straight))
    second, _ = replay_of(harness, await harness.command(ann, "replay", game=restarted))
    assert isinstance(harness.bot.service.hub.replay_executor, ProcessPoolExecutor)
    assert first == second


async def test_games_that_cannot_be_replayed_here_get_a_sentence(harness):
    fake = harness.fake
    ann = fake.add_user("Ann")
    storage = harness.bot.storage
    await open_lobby(harness, ann, game="muppets", bots=["normal"])  # game 1: running
    await open_lobby(harness, ann, game="muppets", start=False, channel=fake.add_channel("b"))
    elsewhere = await storage.create_lobby("muppets", 42, 7, ann.id, "Ann", {}, None, 5)
    third = fake.add_channel("c")
    await open_lobby(harness, ann, game="muppets", bots=["normal"], channel=third)
    await harness.command(ann, "abandon", game=4, channel=third)
    assert (await storage.game(4)).status == "abandoned"

    async def refused(game: int) -> str:
        answer = await harness.command(ann, "replay", game=game)
        assert answer.responses[0]["data"]["flags"] & 64, "privately"
        return answer.ephemeral_text

    assert await refused(1) == "Game #1 is still being played: its replay is ready once it ends."
    assert await refused(2) == "Game #2 hasn't started yet: there's nothing to replay."
    assert await refused(elsewhere) == (
        f"Game #{elsewhere} was played on another server, so it can't be replayed here."
    )
    assert await refused(4) == "Game #4 was never finished, so it has no replay."
    assert await refused(999) == (
        "There is no game #999: `/history` lists this server's finished games."
    )
    assert await refused(0) == (
        "There is no game #0: `/history` lists this server's finished games."
    )


async def test_a_replay_waits_its_turn_and_too_many_are_asked_to_come_back(harness):
    ann = harness.fake.add_user("Ann")
    game_id = await muppets_game(harness, ann)
    replays = harness.bot.service.replays
    replays.waiting = 3  # one drawing, two waiting
    busy = await harness.command(ann, "replay", game=game_id)
    assert (
        busy.ephemeral_text == "I'm drawing other replays right now: please try again in a minute."
    )
    replays.waiting = 0


def test_the_replay_process_yields_the_cores_to_the_bot():
    """The process that draws replays starts at a lower priority than the bot's own."""
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=spawn, initializer=start_worker) as worker:
        assert worker.submit(os.nice, 0).result() == min(19, os.nice(0) + NICENESS)
