"""Helpers that play whole games through the fake Discord by clicking what the bot offers."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Sequence

import pytest

from bot import messages, wire
from bot.components import Card
from bot.session import Snapshot
from tests.bot.fake_discord import User, walk
from tests.bot.harness import Harness, kind_of

#: The controls a public message may carry: lobby controls and those valid at any version.
PUBLIC_KINDS = (wire.Kind.LOBBY, wire.Kind.ANY)


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


def sensible(
    h: Harness, game_id: int, user: User
) -> Callable[[list[tuple[str, str, str]]], tuple[str, str, str]]:
    """A chooser that clicks the offered control the `normal` computer would pick for this
    player (the bot's own state says which), so games last as long as real ones."""
    from engine import bot_move

    def choose(moves: list[tuple[str, str, str]]) -> tuple[str, str, str]:
        assert h.bot is not None
        session = h.bot.service.sessions[game_id]
        seat = session.seat_of(user.id).seat
        want = bot_move(session.game, session.state, seat, "normal")
        decision = session.game.decision(session.state, seat)
        pick = decision.pick if decision is not None else None
        for move in moves:
            kind, cid, value = move
            press = wire.parse(cid)
            assert press is not None
            if kind == "multi":
                assert pick is not None
                value = pick.action_id(value.split(",")) or ""
            if (value if kind in ("select", "multi") else press.action) == want:
                return move
        raise AssertionError(f"{want!r} is not among the offered moves {moves}")

    return choose


async def play_to_the_end(
    h: Harness,
    humans: Sequence[User],
    table: int,
    rng: random.Random,
    max_moves: int = 2000,
    after_each: Callable[[], Awaitable[None] | None] | None = None,
    game_id: int | None = None,
) -> int:
    """Every human clicks one of the moves offered to them until the game ends: a random one,
    or with `game_id` the one the `normal` computer would choose.

    Returns the number of clicks made.
    """
    clicks = 0
    while not game_over(h, table):
        moved = False
        for user in humans:
            message = await hand_message(h, user, table)
            if message is None:
                continue
            chooser = None
            if game_id is not None:
                assert h.bot is not None
                await h.bot.service.session(game_id)  # loaded again after a restart
                chooser = sensible(h, game_id, user)
            if await h.play_move(user, message, rng, chooser=chooser) is not None:
                clicks += 1
                moved = True
                if after_each is not None and (maybe := after_each()) is not None:
                    await maybe
                break
        assert moved or game_over(h, table), "nobody has a move, yet the game is not over"
        assert clicks <= max_moves, "the game did not end"
    return clicks


def assert_no_public_moves(h: Harness) -> None:
    """No public message may offer move controls: they would show what a player may play."""
    for m in h.fake.visible_to_all():
        for _kind, cid, _ in h.choices(int(m["id"])):
            assert kind_of(cid) in PUBLIC_KINDS, f"a public message offers a move: {cid}"


#: The game version each table card was drawn at, by its game and the words it shows (a
#: table picture's file is named for its content, not its version): see `drawn_tables`.
DRAWN: dict[tuple[int, tuple[str, ...]], int] = {}


def drawn_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """Record the version of every table card the bot draws, for `table_version`."""
    real = messages.table_card

    def recording(snap: Snapshot, lines: Sequence[str]) -> Card:
        card = real(snap, lines)
        words = tuple(c["content"] for c in walk(card.view.to_components()) if c.get("type") == 10)
        DRAWN[snap.game_id, words] = snap.version
        return card

    monkeypatch.setattr(messages, "table_card", recording)


def table_version(shown: dict, game_id: int) -> int | None:
    """The game version a public message's table shows (recorded by `drawn_tables`), or None
    for a message with no table picture."""
    if not any(name.startswith(f"table-{game_id}-") for name in shown["files"]):
        return None
    version = DRAWN.get((game_id, tuple(shown["texts"])))
    assert version is not None, f"a table nobody drew: {shown['texts']}"
    return version
