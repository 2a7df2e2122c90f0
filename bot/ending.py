"""The end of a game: who won, the score sheet, and the Rematch button.

When a game finishes, the channel gets a new message (so players are notified, unlike a silent
edit of the table) naming the winners with every seat's rank and score. Its **Rematch** button
(`t2:<game id>:h:rematch`) opens a new lobby with the same game, options, timer and computer
players; each player of the finished game presses it to take a seat there.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot import components, wire
from bot.session import Snapshot
from engine import Result
from engine.protocol import fill_names
from engine.words import and_list, plural

REMATCH = "rematch"
PLAYED_BY_COMPUTER = "played by the computer"


def points(score: int) -> str:
    return plural(score, "point")


def winners_line(result: Result, who: Sequence[str]) -> str:
    """ "🏆 Ann wins with 12 points!" or a shared victory, naming seats as `who` says."""
    names = [who[i] for i in result.winners]
    best = points(result.scores[result.winners[0]])
    if len(names) == 1:
        return f"🏆 {names[0]} wins with **{best}**!"
    return f"🏆 Shared victory: {and_list(names)} with **{best}** each!"


def score_sheet(snap: Snapshot, result: Result) -> list[str]:
    """One line per seat, best first: rank, who, score, and a seat the computer took over."""
    lines = []
    for seat in sorted(range(len(snap.names)), key=lambda s: (result.ranks[s], s)):
        mark = " 🏆" if seat in result.winners else ""
        took_over = f" ({PLAYED_BY_COMPUTER})" if seat in snap.replaced else ""
        lines.append(
            f"{result.ranks[seat]}. {snap.mentions[seat]}{mark} — {points(result.scores[seat])}"
            + took_over
        )
    return lines


def announcement(snap: Snapshot) -> discord.ui.LayoutView:
    """The message posted in the channel when a game has finished."""
    result = snap.game.result(snap.state)
    assert result is not None
    headline = fill_names(snap.game.view(snap.state, None)["headline"], snap.text_names)
    link = f"https://discord.com/channels/{snap.guild_id or '@me'}/{snap.channel_id}"
    table = f" · [final table]({link}/{snap.table_message_id})" if snap.table_message_id else ""
    body = "\n".join(
        [
            f"### 🎄 {snap.game.title} · game #{snap.game_id} is over",
            winners_line(result, snap.mentions),
            f"-# {headline}{table}",
            "**Scores**",
            *score_sheet(snap, result),
        ]
    )
    return components.layout(
        components.text(body),
        discord.ui.ActionRow(
            components.button(
                "Rematch",
                wire.anytime(snap.game_id, REMATCH),
                discord.ButtonStyle.success,
                emoji="🔁",
            )
        ),
    )


def outcome(snap: Snapshot) -> str:
    """What a player's own hand message says once the game is over."""
    result = snap.game.result(snap.state)
    if result is None:
        return "This game has ended."
    return f"**Game over.** {winners_line(result, snap.text_names)}"
