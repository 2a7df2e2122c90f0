"""`python -m bot`: read the settings, then run Tinsel until stopped (gracefully on SIGTERM or
SIGINT: `bot.stopping`)."""

from __future__ import annotations

import asyncio
import logging
import sys

import aiohttp
import discord

from bot.client import TinselBot
from bot.config import ConfigError, Settings
from bot.hub import share_arenas
from bot.stopping import serve
from bot.storage import StorageError, preflight


def point_at(settings: Settings) -> None:
    """Use another Discord-compatible API and gateway (a proxy, or the test suite's fake)."""
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base.rstrip("/")
    if settings.gateway_url:
        import yarl

        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


def main() -> int:
    share_arenas()  # first, before any thread
    try:
        settings = Settings.load()
    except ConfigError as err:
        print(f"tinsel: {err}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=getattr(logging, settings.log_level, logging.INFO),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    try:  # before connecting: a bad database must stop the process at once, saying why
        preflight(settings.database)
    except StorageError as err:
        print(f"tinsel: {err}", file=sys.stderr)
        return 4
    point_at(settings)
    bot = TinselBot(settings)
    try:
        asyncio.run(serve(bot, settings.token))
    except KeyboardInterrupt:  # Ctrl-C where signals cannot be watched (`bot.stopping`)
        return 0
    except discord.LoginFailure:
        print("tinsel: Discord refused the token: check DISCORD_TOKEN in .env.", file=sys.stderr)
        return 3
    except discord.PrivilegedIntentsRequired:
        print(
            "tinsel: Discord refused a privileged gateway intent this bot asks for: turn it on"
            " under Bot → Privileged Gateway Intents in the Developer Portal.",
            file=sys.stderr,
        )
        return 5
    except (aiohttp.ClientError, OSError, TimeoutError) as exc:
        print(
            f"tinsel: cannot reach Discord ({type(exc).__name__}): check this machine's"
            " network connection, then start again.",
            file=sys.stderr,
        )
        return 6
    return 0


if __name__ == "__main__":
    sys.exit(main())
