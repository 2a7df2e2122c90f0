"""What `/leaderboard` and `/stats` say, from the kept standings (`bot.ratings`).

A leaderboard is built in two steps so it can be paged (`Boards`, a `bot.pages` source):
`rows` makes every row of the board (settled players ranked, then the provisional ones), and
`render` shows the rows a..b of it under the board's heading. Each row says the figures that
explain its place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import discord

from bot import limits
from bot.names import shown
from bot.pages import Page, Pager, clamp, count
from bot.ratings import ALL, SETTLED, Standing, ranked
from bot.storage import Repository
from engine import GAMES
from engine.words import plural

RATED = (
    "Ratings (openskill) change only in rated games with at least two people. A seat the"
    " computer took over counts as played and last, never as a win."
)
PROVISIONAL = f"**Provisional** — fewer than {SETTLED} rated games"
TAKEN_OVER = (
    "A game the computer finished for you counts as played, not won, and sets no best score."
)


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a leaderboard, and whether it is in the provisional part."""

    text: str
    provisional: bool


def figures(st: Standing) -> str:
    """ "**1,184** · 12 games · 7 wins · avg place 1.6"."""
    return (
        f"**{st.rating:,.0f}** · {plural(st.games, 'game')} · {plural(st.wins, 'win')}"
        f" · avg place {st.average_place:.1f}"
    )


def rows(standings: Sequence[Standing]) -> list[Row]:
    """Every row of a leaderboard: settled players numbered by rank, then the provisional."""
    settled, provisional = ranked(standings)
    return [
        Row(f"{i}. <@{st.user_id}> — {figures(st)}", False) for i, st in enumerate(settled, start=1)
    ] + [Row(f"• <@{st.user_id}> — {figures(st)}", True) for st in provisional]


def render(game: str | None, board: Sequence[Row], start: int = 0, end: int | None = None) -> str:
    """The message showing rows `start`..`end` of a leaderboard, within a message's length."""
    title = GAMES[game].title if game else "all games"
    lines: list[str] = []
    for i, row in enumerate(board[start:end]):
        if row.provisional and (i == 0 or not board[start + i - 1].provisional):
            lines.append(PROVISIONAL)
        lines.append(row.text)
    heading = f"### 🏆 Leaderboard — {title}"
    room = limits.CONTENT - len(heading) - len(RATED) - 10
    return "\n".join([heading, limits.lines(lines, room, "player"), f"-# {RATED}"])


def stats(name: str, kept: Mapping[str, Standing]) -> str | None:
    """One player's figures on a server, per game and over all games (None: no games)."""
    total = kept.get(ALL)
    if total is None:
        return None
    lines = [
        f"### 📊 {shown(name)} on this server",
        f"All games — rating {figures(total)} ({100 * total.win_rate:.0f}% won)",
    ]
    for key, g in sorted(GAMES.items()):
        if (st := kept.get(key)) is not None:
            best = g.score_text(st.best) if st.best is not None else "—"
            lines.append(f"**{g.title}** — rating {figures(st)} · best score {best}")
    lines.append(f"-# {TAKEN_OVER}")
    return limits.lines(lines)


#: The pager's source for /leaderboard; its arguments are the game key, or "-" for all games.
SOURCE = "board"
PER_PAGE = 15


def args(game: str | None) -> str:
    return game or "-"


class Boards:
    """The page source behind /leaderboard: each page read again from the kept standings."""

    def __init__(self, storage: Repository, pager: Pager) -> None:
        self.storage = storage
        pager.add(SOURCE, self.page)

    async def page(self, interaction: discord.Interaction, text: str, number: int) -> Page | None:
        if text != "-" and text not in GAMES:
            return None
        game = None if text == "-" else text
        board = rows(await self.storage.standings(interaction.guild_id, game))
        if not board:
            return None
        pages = count(len(board), PER_PAGE)
        number = clamp(number, pages)
        start = (number - 1) * PER_PAGE
        return Page(render(game, board, start, start + PER_PAGE), number, pages)
