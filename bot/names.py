"""User-chosen words — display names, typed lines — made inert before they go into a message.

Names are stored as the user chose them (pictures draw them as they are); wherever they or
typed words go into message text, markdown, masked and bare links and @everyone / role / user
mentions are made inert (`shown`).
Who may actually be pinged is decided separately, by each message's `allowed_mentions`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import discord

#: The default for every message: nobody is pinged unless a message names them.
NO_PINGS = discord.AllowedMentions.none()


#: A URL scheme followed by `//`: what makes Discord turn text into a link.
_LINK = re.compile(r"(?i)([a-z][a-z0-9+.\-]*):(?=//)")


def shown(words: str) -> str:
    """A name or typed words as plain text in a message: no formatting, no mentions, and no
    link (a zero-width space after a URL's scheme keeps Discord from making it clickable or
    embedding it)."""
    escaped = discord.utils.escape_mentions(discord.utils.escape_markdown(words))
    return _LINK.sub("\\1\u200b:", escaped)


def pinging(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Allow pings for exactly these users, nobody else, no roles, no @everyone."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(uid) for uid in user_ids]
    )


def place(client: discord.Client, guild_id: int | None, channel_id: int) -> str:
    """Where a game is played, for the header of its players' DMs, from `client`'s cache of
    the guild (names made inert: a server's name is chosen by its people). It is said when the
    game's lobby opens, in the process running the guild's shard, and kept with the game, so
    every process writes the same header (`Hub.where`): another may not hold that guild."""
    guild = client.get_guild(guild_id) if guild_id else None
    channel = client.get_channel(channel_id)
    server = f"**{shown(guild.name)}**" if guild else "a server"
    name = getattr(channel, "name", None) if channel is not None else None
    return f"Playing in {server} › {f'#{shown(name)}' if name else 'a channel'}"
