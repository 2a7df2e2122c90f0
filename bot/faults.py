"""What to tell a user when something outside the game fails, and how loudly to log it.

Every interaction gets one private sentence, whatever went wrong. A fault of the machine (a
busy, full or read-only database) or a refusal from Discord is logged as one line; only a
real bug gets a traceback.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.storage.errors import DatabaseError, Kind

BUSY = "I'm busy right now and couldn't save that, so nothing changed. Please try again."
DISK_FULL = (
    "My server's disk is full, so I couldn't save that. Nothing was lost: the game is as it"
    " was before your press. Please try again later."
)
READ_ONLY = (
    "My database can't be written to right now, so I couldn't save that. Nothing was lost:"
    " the game is as it was before your press."
)
DAMAGED = "My database is damaged, so I couldn't do that. Nothing else changed."
BROKEN = "Something went wrong on my side, and nothing changed. Please try again."
BAD_OPTION = "One of the options you gave isn't valid."
SERVER_ONLY = "That command works in a server channel only."
UNKNOWN_COMMAND = (
    "I don't have a command called /{name} (any more): type `/` to see my commands as they are now."
)
CHANGED_COMMAND = (
    "/{name} has changed since your Discord app loaded it: type `/` and pick it again."
)

#: What the player is told of each kind of database failure (`bot.storage.errors`).
_DATABASE: dict[Kind, str] = {
    "busy": BUSY,
    "full": DISK_FULL,
    "read_only": READ_ONLY,
    "damaged": DAMAGED,
}


def explain(error: BaseException) -> str | None:
    """The sentence for a known fault, or None for a bug."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, DatabaseError):
        return _DATABASE.get(error.kind)
    if isinstance(error, app_commands.NoPrivateMessage):
        return SERVER_ONLY
    if isinstance(error, app_commands.CommandNotFound):
        return UNKNOWN_COMMAND.format(name=" ".join([*error.parents, error.name]))
    if isinstance(error, app_commands.CommandSignatureMismatch):
        return CHANGED_COMMAND.format(name=error.command.qualified_name)
    if isinstance(error, app_commands.TransformerError | app_commands.CheckFailure):
        return BAD_OPTION
    if isinstance(error, discord.HTTPException):
        return "Discord refused what I tried to send, so I couldn't finish that. Please try again."
    return None


def report(log: logging.Logger, what: str, error: BaseException) -> str:
    """Log `error` (a traceback only for a bug) and return the sentence to answer with."""
    text = explain(error)
    if text is None:
        log.error("%s failed", what, exc_info=error)
        return BROKEN
    log.warning("%s failed: %s", what, error)
    return text


def quarantined(game_id: int) -> str:
    return (
        f"⚠️ Game #{game_id} can't continue: its saved state is damaged. Every other game is"
        f" fine. The host or a moderator can clear it with `/abandon game:{game_id}`."
    )


async def tell(channel: discord.abc.Messageable, text: str) -> None:
    """Post a notice nobody is waiting for; if Discord refuses, log it and carry on."""
    try:
        await channel.send(text, allowed_mentions=discord.AllowedMentions.none())  # no pings
    except discord.HTTPException as exc:
        logging.getLogger(__name__).warning("could not post a notice: %s", exc)
