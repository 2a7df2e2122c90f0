"""Hostile display names stay plain text, and only the players meant to be pinged can be."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace
from typing import Any, cast

from bot.names import place
from tests.bot.fake_discord import walk
from tests.bot.play import open_lobby

ROLE = "123456789012345678"
HOSTILE = f"@everyone [free gifts](https://evil.example) <@&{ROLE}> **loud**"


async def test_a_hostile_name_is_shown_inert_and_pings_nobody(harness):
    fake = harness.fake
    ann, eve = fake.add_user("Ann"), fake.add_user(HOSTILE)
    table = await open_lobby(harness, ann, joiners=[eve], bots=["easy"])
    rng = random.Random(4)
    for _ in range(6):
        mover = next((u for u in (ann, eve) if harness.moves_on(harness.dm(u))), None)
        if mover is None:
            break
        await harness.play_move(mover, harness.dm(mover), rng)
    stats = await harness.command(ann, "stats", user=eve)
    listing = await harness.command(ann, "games")
    # Message text is markdown; labels and alt text are shown as typed, and never ping.
    shown = [stats.ephemeral_text, listing.ephemeral_text]
    for m in fake.visible_to_all():
        shown.append(m.get("content") or "")
        shown.extend(c["content"] for c in walk(m["components"]) if c.get("type") == 10)
    assert any("free gifts" in t for t in shown), "the name is shown"
    for text in shown:
        assert "@everyone" not in text, text
        assert not re.search(r"(?<!\\)\[free gifts\]\(", text), f"a live masked link: {text}"
        assert f"<@&{ROLE}>" not in text, text
        assert "**loud**" not in text, text
        assert "https://evil" not in text, f"a clickable link: {text}"
    pings = [m for m in fake.visible_to_all() if "🔔" in (m.get("content") or "")]
    assert pings, "someone was pinged"
    for m in pings:
        meant = set(re.findall(r"<@(\d+)>", m["content"]))
        assert {str(u) for u in m["_allowed_mentions"]["users"]} == meant
    assert harness.text(table)


def test_a_games_place_names_its_server_and_channel_inertly() -> None:
    """The DM header's place is kept with the game (`names.place`): a server's chosen name is
    plain text in it, and a guild this process does not hold is "a server"."""
    guild = SimpleNamespace(name="**Pole** @everyone")
    channel = SimpleNamespace(name="games_room")
    client = cast(
        Any,
        SimpleNamespace(
            get_guild=lambda i: guild if i == 1 else None,
            get_channel=lambda i: channel if i == 2 else None,
        ),
    )
    assert place(client, 1, 2) == "Playing in **\\*\\*Pole\\*\\* @\u200beveryone** › #games\\_room"
    assert place(client, 9, 9) == "Playing in a server › a channel"
