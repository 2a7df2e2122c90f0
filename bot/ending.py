"""The end of a game: who won, the score sheet, the game's score card, and its buttons.

When a game finishes, the channel gets a new message (so players are notified, unlike a silent
edit of the table) naming the winners with every seat's rank and score (in the game's own unit,
`Game.score_text`), then the game's `final_report` (a score card) and the final table picture.
Its **Rematch** button (`t2:<game id>:h:rematch`) opens a new lobby with the same game, options,
timer and computer players; each player of the finished game presses it to take a seat there.
A game with a `keepsake` note adds **📝 Keepsake note** (`t2:<game id>:h:keepsake`, see
`bot.keepsake`). The game's `farewell` posts follow as messages of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot import components, limits, takeover, wire
from bot.session import Snapshot
from engine import Game, Result
from engine.protocol import fill_names
from engine.words import and_list
from render import describe, render

REMATCH = "rematch"
KEEPSAKE = "keepsake"
#: Under the scores of a game with a computer player, where the server rates no such game.
UNRATED = "-# Unrated: this server rates no game with a computer player."
#: Under the scores of a game played with hints.
HINTED = "-# Unrated: hints were on."
#: Where a score card too long for the message stops.
CUT = "-# …the rest is on the picture."


@dataclass(frozen=True, slots=True)
class Ending:
    """The result message ready to send and the posts after it."""

    card: components.Card
    posts: tuple[str, ...]


def winners_line(
    game: Game[Any, Any],
    result: Result,
    who: Sequence[str],
    replaced: frozenset[int] = frozenset(),
) -> str:
    """ "🏆 Ann wins with 12 points!" or a shared victory, naming seats as `who` says. A seat
    the computer took over is won by the computer, and the line says so: "🏆 The computer,
    playing Ann's seat, wins with 16 points!" (it is not Ann's win: see `bot.ratings`)."""
    best = game.score_text(result.scores[result.winners[0]])
    if len(result.winners) == 1:
        (seat,) = result.winners
        name = takeover.by_computer(who[seat]) if seat in replaced else who[seat]
        return f"🏆 {name[0].upper()}{name[1:]} wins with **{best}**!"
    names = [
        takeover.by_computer(who[i], aside=True) if i in replaced else who[i]
        for i in result.winners
    ]
    return f"🏆 Shared victory: {and_list(names)} with **{best}** each!"


def score_sheet(snap: Snapshot, result: Result) -> list[str]:
    """One line per seat, best first: rank, who, score, and a seat the computer took over
    (saying whether its player resigned)."""
    lines = []
    for seat in sorted(range(len(snap.names)), key=lambda s: (result.ranks[s], s)):
        mark = " 🏆" if seat in result.winners else ""
        why = takeover.RESIGNED_MARK if seat in snap.resigned else takeover.MARK
        took_over = f" ({why})" if seat in snap.replaced else ""
        score = snap.game.score_text(result.scores[seat])
        lines.append(f"{result.ranks[seat]}. {snap.mentions[seat]}{mark} — {score}" + took_over)
    return lines


def announcement(snap: Snapshot) -> Ending:
    """The message posted in the channel when a game has finished (renders its picture)."""
    game = snap.game
    result = game.result(snap.state)
    assert result is not None
    public = snap.view(None)
    headline = fill_names(public["headline"], takeover.text_names(snap))
    url = components.message_url(snap.guild_id, snap.channel_id, snap.table_message_id)
    table = f" · [final table]({url})" if url else ""
    body = "\n".join(
        [
            f"### 🎄 {game.title} · game #{snap.game_id} is over",
            winners_line(game, result, snap.mentions, snap.replaced),
            f"-# {headline}{table}",
            "**Scores**",
            *score_sheet(snap, result),
            *([] if snap.rated else [HINTED if snap.hints else UNRATED]),
        ]
    )
    filename = f"final-{snap.game_id}.png"
    png = render(public, takeover.picture_names(snap))
    children: list[discord.ui.Item[Any]] = [components.text(body)]
    report = [fill_names(line, snap.text_names) for line in game.final_report(snap.state)]
    if report:
        room = limits.CARD_TEXT - len(body) - 50
        children.append(components.text(limits.lines(report, room, more=CUT)))
    children.append(components.media(filename, describe(public, takeover.alt_names(snap))))
    buttons = [
        components.button(
            "Rematch", wire.anytime(snap.game_id, REMATCH), discord.ButtonStyle.success, emoji="🔁"
        )
    ]
    if game.keepsake:
        buttons.append(
            components.button("Keepsake note", wire.anytime(snap.game_id, KEEPSAKE), emoji="📝")
        )
    children.append(discord.ui.ActionRow(*buttons))
    posts = tuple(fill_names(post, snap.text_names) for post in game.farewell(snap.state))
    return Ending(components.Card(components.layout(*children), png, filename), posts)


def outcome(snap: Snapshot) -> str:
    """What a player's own hand message says once the game is over."""
    result = snap.game.result(snap.state)
    if result is None:
        return "This game has ended."
    line = winners_line(snap.game, result, snap.text_names, snap.replaced)
    return f"**Game over.** {line}"
