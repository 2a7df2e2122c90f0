"""/history: a server's finished games, newest first, paged (`bot.pages`).

Each entry says the game, its number, when it ended, who played (names as plain text, never
pings) and who won, with a link to its table message and the `/replay` to type. The pager's
arguments are the filters, `<game key or ->.<user id or ->`, so every page is read again
from the results when it is asked for.
"""

from __future__ import annotations

import re

import discord

from bot import components
from bot.names import shown
from bot.pages import Page, Pager, clamp, count
from bot.storage import PastGame, Repository
from engine import GAMES

SOURCE = "history"
PER_PAGE = 10
_ARGS = re.compile(r"(?P<game>[a-z]{1,16}|-)\.(?P<user>[0-9]{1,20}|-)")


def args(game: str | None, user_id: int | None) -> str:
    """The pager's arguments for these filters."""
    return f"{game or '-'}.{user_id if user_id is not None else '-'}"


def filters(text: str) -> tuple[str | None, int | None] | None:
    """The filters a pager's arguments name, or None if they name none we know."""
    m = _ARGS.fullmatch(text)
    if m is None or (m["game"] != "-" and m["game"] not in GAMES):
        return None
    return (None if m["game"] == "-" else m["game"]), (None if m["user"] == "-" else int(m["user"]))


def entry(past: PastGame, guild_id: int | None) -> str:
    """One finished game: two short lines."""
    title = GAMES[past.game].title if past.game in GAMES else past.game
    link = components.message_url(guild_id, past.channel_id, past.table_message_id)
    players = ", ".join(shown(name) for _, name, *_ in past.seats)
    winners = [shown(name) for _, name, _, _, won, _ in past.seats if won]
    won = f"🏆 {' & '.join(winners)}" if winners else "no winner"
    where = f" · [table]({link})" if link else ""
    return (
        f"**#{past.game_id} · {title}** · <t:{int(past.finished)}:d>{where}\n"
        f"{players} · {won} · `/replay game:{past.game_id}`"
    )


def heading(game: str | None, player: str | None) -> str:
    of = [GAMES[game].title] if game else []
    if player is not None:
        of.append(f"with {player}")
    return "### 📜 Finished games on this server" + (f" — {', '.join(of)}" if of else "")


def nothing(game: str | None, player: str | None) -> str:
    """What /history says when no finished game fits its filters."""
    of = f" of {GAMES[game].title}" if game else ""
    with_ = f" with {player}" if player is not None else ""
    return f"No finished games{of}{with_} here yet: they're listed here once they end."


class History:
    """The page source behind /history."""

    def __init__(self, storage: Repository, pager: Pager) -> None:
        self.storage = storage
        pager.add(SOURCE, self.page)

    async def page(self, interaction: discord.Interaction, text: str, number: int) -> Page | None:
        wanted = filters(text)
        if wanted is None:
            return None
        game, user = wanted
        guild = interaction.guild_id
        offset = (number - 1) * PER_PAGE
        total, rows = await self.storage.history(guild, game, user, offset, PER_PAGE)
        pages = count(total, PER_PAGE)
        if number != clamp(number, pages):  # fewer pages than when the button was drawn
            number = clamp(number, pages)
            total, rows = await self.storage.history(
                guild, game, user, (number - 1) * PER_PAGE, PER_PAGE
            )
        if not rows:
            return Page(nothing(game, None), 1, 1)
        player = next(
            (shown(name) for r in rows for uid, name, *_ in r.seats if user and uid == user), None
        )
        lines = [heading(game, player), *(entry(r, guild) for r in rows)]
        return Page("\n".join(lines), number, pages)
