"""User-chosen words — display names, typed lines — made inert before they go into a message.

Names are stored as the user chose them (pictures draw them as they are); wherever they go
into message text, markdown, masked links and @everyone / role / user mentions are escaped.
Who may actually be pinged is decided separately, by each message's `allowed_mentions`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import discord

#: The default for every message: nobody is pinged unless a message names them.
NO_PINGS = discord.AllowedMentions.none()


def shown(words: str) -> str:
    """`words` as plain text in a message: no formatting, no links, no mentions."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(words))


#: A URL scheme followed by `//`: what makes Discord turn text into a link.
_LINK = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*):(?=//)")


def inert(words: str) -> str:
    """Typed words as plain text for the table: `shown`, and no bare link either (a
    zero-width space after the scheme keeps Discord from making it clickable or embedding
    it)."""
    return _LINK.sub("\\1\u200b:", shown(words))


def pinging(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Allow pings for exactly these users, nobody else, no roles, no @everyone."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(uid) for uid in user_ids]
    )
