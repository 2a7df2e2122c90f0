"""Helpers that play whole games through the fake Discord by clicking what the bot offers."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Sequence

from tests.bot.fake_discord import User
from tests.bot.harness import Harness


async def open_lobby(
    h: Harness,
    host: User,
    game: str = "ghosts",
    joiners: Sequence[User] = (),
    bots: Sequence[str] = (),
    timer: int | None = None,
    options: Sequence[str] = (),
    start: bool = True,
    channel: int | None = None,
) -> int:
    """/play, join, add computers, set options; returns the lobby (later table) message id."""
    lobby = (await h.command(host, "play", channel=channel, game=game)).original_id
    assert lobby is not None
    for user in joiners:
        await h.click(user, lobby, "Join")
    for level in bots:
        await h.click(host, lobby, f"Add computer ({level})")
    for value in options:  # option values are unique across a game's selects
        await h.choose(host, lobby, value)
    if timer is not None:
        await h.choose(host, lobby, str(timer))
    if start:
        await h.click(host, lobby, "Start")
    return lobby


def game_over(h: Harness, table: int) -> bool:
    return "My hand" not in h.labels(table)


async def hand_message(h: Harness, user: User, table: int) -> int | None:
    """Where the user sees their controls: their DM, else a fresh "My hand" reply."""
    if user.id not in h.fake.closed_dms:
        return h.dm(user)
    inter = await h.click(user, table, "My hand")
    return inter.original_id


async def play_to_the_end(
    h: Harness,
    humans: Sequence[User],
    table: int,
    rng: random.Random,
    max_moves: int = 2000,
    after_each: Callable[[], Awaitable[None] | None] | None = None,
) -> int:
    """Every human clicks one of the moves offered to them until the game ends.

    Returns the number of clicks made.
    """
    clicks = 0
    while not game_over(h, table):
        moved = False
        for user in humans:
            message = await hand_message(h, user, table)
            if message is None:
                continue
            if await h.play_move(user, message, rng) is not None:
                clicks += 1
                moved = True
                if after_each is not None and (maybe := after_each()) is not None:
                    await maybe
                break
        assert moved or game_over(h, table), "nobody has a move, yet the game is not over"
        assert clicks <= max_moves, "the game did not end"
    return clicks
