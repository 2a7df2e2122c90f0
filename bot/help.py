"""`/help`: what Tinsel does, its games, hands, timers, every command and this server's settings.

Nothing here is a list kept by hand: the games come from the engine's registry (titles, seat
counts, the first sentence of each summary) and the commands from the command tree, so a new
game or command shows up in `/help` by itself.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bot import limits, server_settings
from bot.storage import GuildSettings
from engine import GAMES, Game

#: The longest one-line description of a game.
GAME_LINE = 120

INTRO = (
    "### 🎄 Tinsel — holiday board games for this server\n"
    "Type `/play` and pick a game. Friends press **Join**; the host can add computer players,"
    " choose options and the turn timer, then presses **Start**."
)
HANDS = (
    "**Your hand** arrives by DM, with your moves when it is your turn. DMs closed? Press"
    " **My hand** on the table: it answers only you."
)
TIMERS = (
    "**Timers** — if your turn timer runs out, the computer plays that move for you. After two"
    " in a row it keeps your seat until you press **Take my seat back**; a game it finished for"
    " you counts as played, not won."
)


def players(game: Game[Any, Any]) -> str:
    low, high = game.min_seats, game.max_seats
    return f"{low} players" if low == high else f"{low}–{high} players"


def one_line(summary: str) -> str:
    """The first sentence of a rules summary (after its heading), within GAME_LINE."""
    paragraph = next(
        (line for line in summary.splitlines() if line.strip() and not line.startswith("#")), ""
    )
    first = limits.clip(re.split(r"(?<=[.!?])\s", paragraph.strip(), maxsplit=1)[0], GAME_LINE)
    return first + "**" if first.count("**") % 2 else first  # a cut inside bold text


def games() -> list[str]:
    return [
        f"• **{g.title}** (`{key}`, {players(g)}) — {one_line(g.summary)}"
        for key, g in sorted(GAMES.items())
    ]


def help_text(commands: Sequence[tuple[str, str]], settings: GuildSettings | None) -> str:
    """The help card: `commands` are (name, description) of every registered command;
    `settings` are the server's (None in a DM)."""
    parts = [
        INTRO,
        "**Games**",
        *games(),
        HANDS,
        TIMERS,
        "**Commands**",
        *(f"`/{name}` — {about}" for name, about in sorted(commands)),
    ]
    if settings is not None:
        parts += ["**This server**", *server_settings.lines(settings)]
    return "\n".join(parts)
