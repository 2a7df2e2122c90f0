"""Per-server records: each game's best single score, `/records`, and the "New record!" post.

A record is the best score a person reached in a finished game on this server, playing their
seat to the end themselves: computer seats do not count, nor a seat the computer took over
(it is the server's players' record). Of equal scores the first reached keeps the record. A
game names its record (`Game.record_name`, Fever's is the "family record").

"New record!" is posted only when a game beats an earlier record: the first finished game of
a title sets the record quietly (`/records` shows it), and a computer's higher score in the
same game neither counts nor stops a person's record.
"""

from __future__ import annotations

from typing import Any

from bot import limits
from bot.names import shown
from bot.storage import GameRow, NoteRow, RecordRow, Repository
from engine import GAMES, Game
from engine.words import plural

#: Keepsake notes shown under a game's record in `/records`.
NOTES_SHOWN = 2
#: Whose scores count, as `/records` and the "New record!" post say it.
WHOSE = "Only people's own scores count: computer seats and taken-over seats don't."


def record_line(game: Game[Any, Any], row: RecordRow) -> str:
    """ "**Holiday Fever** — family record: Ann, **$2,600** · 12 Dec 2026 · 4 players"."""
    score = game.score_text(row.score)
    return (
        f"**{game.title}** — {game.record_name}: {shown(row.name)}, **{score}**"
        f" · <t:{int(row.finished)}:D> · {plural(row.players, 'player')} · game #{row.game_id}"
    )


def note_line(note: NoteRow) -> str:
    """A keepsake note as `/records` quotes it (inert: no mentions, links or markdown)."""
    return f"-# 📝 “{shown(note.text)}” — {shown(note.name)}, game #{note.game_id}"


async def board(storage: Repository, guild_id: int | None, game: str | None) -> str | None:
    """The `/records` message for a guild (one game, or all), or None when it has none."""
    rows = [r for r in await storage.records(guild_id, game) if r.game in GAMES]
    if not rows:
        return None
    lines = ["### 🏅 Records on this server"]
    for row in rows:
        found = GAMES[row.game]
        lines.append(record_line(found, row))
        if found.keepsake:
            notes = await storage.newest_notes(guild_id, row.game, NOTES_SHOWN)
            lines.extend(note_line(n) for n in notes)
    return limits.lines(lines, limits.CONTENT - len(WHOSE) - 4) + f"\n-# {WHOSE}"


async def new_record(storage: Repository, row: GameRow) -> str | None:
    """The post for a game that has just beaten its server's earlier record, or None (no
    record, or the first game of its title on the server)."""
    game = GAMES.get(row.game)
    if game is None:
        return None
    best = await storage.records(row.guild_id, row.game)
    if not best or best[0].game_id != row.id:
        return None
    earlier = await storage.records(row.guild_id, row.game, before=row.id)
    if not earlier:
        return None
    held, beaten = best[0], earlier[0]
    return (
        f"🏅 **New {game.record_name}!** {shown(held.name)} reached"
        f" **{game.score_text(held.score)}** in game #{row.id} of *{game.title}*, beating"
        f" {shown(beaten.name)}'s {game.score_text(beaten.score)} from game #{beaten.game_id}."
        f"\n-# {WHOSE}"
    )
