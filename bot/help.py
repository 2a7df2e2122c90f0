"""`/help`: what Tinsel does, its games, hands, timers, every command and this server's settings.

Nothing here is a list kept by hand: the games come from the engine's registry (titles, seat
counts, each game's one-line `tagline`) and the commands from the command tree, so a new game
or command shows up in `/help` by itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot import server_settings
from bot.storage import GuildSettings
from engine import GAMES, Game

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
LEAVING = (
    "**Leaving** — **🏳️ Resign** in your hand hands your seat to the computer for the rest of the"
    " game (it counts as a last place). In a lobby, **Leave** frees your seat."
)
COMPUTERS = (
    "**Computer players** — easy, normal or hard (hard thinks ahead for a second). With the"
    " lobby's **Hints** on, **💡 Hint** in your hand suggests a move and why (such games are"
    " unrated); `/play <game> learn:True` starts a practice game with hints."
)


def players(game: Game[Any, Any]) -> str:
    low, high = game.min_seats, game.max_seats
    return f"{low} players" if low == high else f"{low}–{high} players"


def games() -> list[str]:
    return [
        f"• **{g.title}** (`{key}`, {players(g)}) — {g.tagline}" for key, g in sorted(GAMES.items())
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
        LEAVING,
        COMPUTERS,
        "**Commands**",
        *(f"`/{name}` — {about}" for name, about in sorted(commands)),
    ]
    if settings is not None:
        parts += ["**This server**", *server_settings.lines(settings)]
    return "\n".join(parts)
