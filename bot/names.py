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
