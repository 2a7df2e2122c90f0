"""The press ladder: the checks a press climbs before anything happens, each returning the
code of the sentence to refuse it with (`bot.texts`), never a sentence itself.

The game exists → it is running → the presser has a seat and has not resigned → the computer
is not playing it → the version is current → the seat owes a decision. The last rung, the
engine accepting the action, is `Moves.commit` (an `ActionError`, mapped by `texts.ENGINE`).
"""

from __future__ import annotations

from bot.hub import Hub
from bot.session import Session
from bot.storage import SeatRow
from bot.texts import No
from engine.protocol import TextSpec, clean_text


async def missing(hub: Hub, game_id: int) -> No:
    """Why a game has no session: a lobby, a damaged game, or no game at all."""
    row = await hub.storage.game(game_id)
    if row is not None and row.status == "lobby":
        return No.NOT_STARTED
    if row is not None and row.status == "quarantined":
        return No.QUARANTINED
    return No.GONE


async def running_game(hub: Hub, game_id: int) -> Session | No:
    """The session of a running game, or why there is none."""
    session = await hub.session(game_id)
    if session is None:
        return await missing(hub, game_id)
    return still_running(session) or session


def still_running(session: Session) -> No | None:
    """Why a game's session, read earlier, is no longer running (caller holds the lock)."""
    if session.row.status == "running":
        return None
    return No.OVER if session.row.status == "finished" else No.ABANDONED


def playing_seat(session: Session, user_id: int) -> SeatRow | No:
    """The presser's own seat, while they play it themselves."""
    seat = session.seat_of(user_id)
    if seat is None:
        return No.NOT_SEATED
    if seat.resigned:
        return No.RESIGNED
    if seat.replaced:
        return No.TAKEN_OVER
    return seat


def owes(session: Session, seat: int, version: int | None) -> No | None:
    """The control is current and the seat owes a decision now (caller holds the lock)."""
    if version != session.row.version:
        return No.STALE
    if seat not in session.game.to_act(session.state):
        return No.NOT_YOUR_TURN
    return None


def text_fits(spec: TextSpec | None, text: str | None) -> No | None:
    """The action takes typed text, and (for a submitted form) the text is within its bounds."""
    if spec is None:
        return No.NO_TEXT
    if text is not None and not spec.min_len <= len(clean_text(text)) <= spec.max_len:
        return No.BAD_TEXT
    return None


def beaten_by(session: Session, version: int | None) -> str | None:
    """What beat a press on an outdated control, while every line since it is still kept."""
    if version is None:
        return None
    since = [line for v, line in session.said if v > version]
    if since and session.said[0][0] <= version:
        return since[0]
    return None
