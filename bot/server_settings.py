"""A server's settings (`/settings`): what they say, and how a change to them is made.

Stored per server (`Repository.guild_settings`); a server that never changed anything has the
defaults of `GuildSettings`. New lobbies take their turn timer from here, `/play` is refused
outside the allowed channels, a game with a computer player is unrated where computers are
not rated, and a lobby nobody starts closes after the expiry.
"""

from __future__ import annotations

import dataclasses

from bot.lobby import TIMERS, timer_label
from bot.storage import GuildSettings
from engine.words import and_list, plural

#: The shortest and longest lobby expiry a server may choose, in minutes.
EXPIRY_MIN, EXPIRY_MAX = 5, 1440
#: The most channels `/play` may be limited to (the list is read out in sentences).
MAX_CHANNELS = 20


class SettingsError(Exception):
    """A change that cannot be made: the sentence says why."""


def channels_text(settings: GuildSettings) -> str:
    if not settings.play_channels:
        return "every channel"
    return and_list([f"<#{c}>" for c in settings.play_channels])


def lines(settings: GuildSettings) -> list[str]:
    """The settings, one per line, as `/settings` and `/help` show them."""
    rated = "rated" if settings.computers_rated else "unrated"
    return [
        f"• Turn timer of new games: **{timer_label(settings.timer)}**",
        f"• A lobby not started closes after **{plural(settings.lobby_expiry, 'minute')}**",
        f"• `/play` works in: {channels_text(settings)}",
        f"• Games with a computer player: **{rated}**",
    ]


def change(
    settings: GuildSettings,
    timer: int | None = None,
    expiry: int | None = None,
    computers_rated: bool | None = None,
    add_channel: int | None = None,
    remove_channel: int | None = None,
) -> GuildSettings:
    """The settings with the given changes made (None: unchanged). A timer of 0 is off."""
    channels = list(settings.play_channels)
    if add_channel is not None and add_channel not in channels:
        if len(channels) >= MAX_CHANNELS:
            raise SettingsError(
                f"`/play` can be limited to {MAX_CHANNELS} channels at most: remove one first."
            )
        channels.append(add_channel)
    if remove_channel is not None:
        if remove_channel not in channels:
            raise SettingsError(
                f"<#{remove_channel}> isn't on the list of `/play` channels"
                f" ({channels_text(settings)})."
            )
        channels.remove(remove_channel)
    if timer is not None and timer not in dict(TIMERS):
        raise SettingsError(f"The turn timer is one of: {', '.join(t for _, t in TIMERS)}.")
    if expiry is not None and not EXPIRY_MIN <= expiry <= EXPIRY_MAX:
        raise SettingsError(
            f"A lobby expiry is {EXPIRY_MIN} to {EXPIRY_MAX} minutes (a day), not {expiry}."
        )
    return dataclasses.replace(
        settings,
        timer=settings.timer if timer is None else (timer or None),
        lobby_expiry=settings.lobby_expiry if expiry is None else expiry,
        computers_rated=settings.computers_rated if computers_rated is None else computers_rated,
        play_channels=tuple(channels),
    )
