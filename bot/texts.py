"""Every sentence a press can be refused with, in one place.

The press ladder (`bot.ladder`) and the lobby return a `No` code; `say` turns it into the
private sentence the presser reads. Faults of the machine (a busy database, a bug) have their
own sentences in `bot.faults`.
"""

from __future__ import annotations

import enum

from bot import faults
from engine import ErrorCode


class No(enum.StrEnum):
    """Why a press does nothing."""

    GONE = "gone"
    NOT_STARTED = "not_started"
    QUARANTINED = "quarantined"
    OVER = "over"
    ABANDONED = "abandoned"
    NOT_SEATED = "not_seated"
    NO_HAND = "no_hand"
    TAKEN_OVER = "taken_over"
    RESIGNED = "resigned"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL = "illegal"
    GAME_OVER = "game_over"
    STALE = "stale"
    UNKNOWN = "unknown"
    NO_TEXT = "no_text"
    BAD_TEXT = "bad_text"
    FOREIGN_FORM = "foreign_form"
    ALREADY_SELF = "already_self"
    NO_DETAIL = "no_detail"
    # the lobby
    STARTED = "started"
    CLOSED = "closed"
    ELSEWHERE = "elsewhere"
    HOST_ONLY = "host_only"
    UNKNOWN_GAME = "unknown_game"
    NOT_IN_DM = "not_in_dm"
    PLAY_ELSEWHERE = "play_elsewhere"
    SEATED = "seated"
    FULL = "full"
    NOT_IN_LOBBY = "not_in_lobby"
    REMOVE_SELF = "remove_self"
    NO_SEAT = "no_seat"
    BAD_LEVEL = "bad_level"
    NO_COMPUTER = "no_computer"
    BAD_OPTION = "bad_option"
    COMPUTER_GONE = "computer_gone"
    BAD_TIMER = "bad_timer"
    CHOSEN_BY = "chosen_by"
    TOO_FEW = "too_few"
    LOBBY_OPEN = "lobby_open"
    # /abandon and Rematch
    NONE_HERE = "none_here"
    SEVERAL_HERE = "several_here"
    NOT_HERE = "not_here"
    NOT_HOST_OR_MOD = "not_host_or_mod"
    JUST_ENDED = "just_ended"
    NOT_FINISHED = "not_finished"
    NOT_A_PLAYER = "not_a_player"
    REMATCH_STARTED = "rematch_started"
    # /settings
    NOT_MANAGER = "not_manager"
    # keepsake notes
    NOTE_NOT_YET = "note_not_yet"
    NOTE_PLAYERS_ONLY = "note_players_only"
    NO_NOTES = "no_notes"
    # hints
    NO_HINTS = "no_hints"
    HINT_NOT_NOW = "hint_not_now"
    HINT_BUSY = "hint_busy"
    # a graceful stop (`bot.stopping`)
    RESTARTING = "restarting"


TEXT: dict[No, str] = {
    No.GONE: "This game no longer exists.",
    No.NOT_STARTED: "This lobby hasn't started yet.",
    No.OVER: "This game is over.",
    No.ABANDONED: "This game was abandoned.",
    No.NOT_SEATED: "You're not playing in this game.",
    No.NO_HAND: "You're not playing in this game, so there's no hand to show.",
    No.TAKEN_OVER: (
        "The computer is playing your seat: press **Take my seat back** in your hand"
        " (**My hand** on the table) to play again."
    ),
    No.RESIGNED: "You resigned from this game: the computer plays your seat to the end.",
    No.NOT_YOUR_TURN: "It isn't your turn.",
    No.ILLEGAL: "That move isn't allowed right now.",
    No.GAME_OVER: "This game is already over.",
    No.STALE: "That button is out of date: the game has moved on since.",
    No.UNKNOWN: "That button isn't one I know.",
    No.NO_TEXT: "That move takes no text.",
    No.BAD_TEXT: "Your words need {min}–{max} characters.",
    No.FOREIGN_FORM: "That form doesn't belong to a game you're in.",
    No.ALREADY_SELF: "You're already playing your seat yourself.",
    No.NO_DETAIL: (
        "That isn't shown at this moment of the game: press a button on its newest message."
    ),
    No.STARTED: "This game has already started.",
    No.CLOSED: "This lobby is closed.",
    No.ELSEWHERE: "That button belongs to a lobby somewhere else.",
    No.HOST_ONLY: "Only the host can do that.",
    No.UNKNOWN_GAME: "I don't know that game.",
    No.NOT_IN_DM: "Games are played in a server channel, not in DMs.",
    No.PLAY_ELSEWHERE: "On this server, games are played in {channels}: type `/play` there.",
    No.SEATED: "You already have a seat in this game.",
    No.FULL: "This game is full ({max} players).",
    No.NOT_IN_LOBBY: "That player isn't seated in this lobby any more.",
    No.REMOVE_SELF: "You can't remove yourself: press **Leave** to hand the lobby on.",
    No.NO_SEAT: "You don't have a seat in this game.",
    No.BAD_LEVEL: "Unknown computer level.",
    No.NO_COMPUTER: "There is no computer player to remove.",
    No.BAD_OPTION: "That option is not available.",
    No.COMPUTER_GONE: "That seat has no computer player any more.",
    No.BAD_TIMER: "That timer is not available.",
    No.CHOSEN_BY: "{who} has already chosen {value}: pick another.",
    No.TOO_FEW: "{title} needs {min}–{max} players to start.",
    No.LOBBY_OPEN: (
        "You already have a lobby open in this channel: game #{game_id} ({title}){link}. Start"
        " it, or press **Cancel** on it, before you open another."
    ),
    No.NONE_HERE: "There is no game running in this channel.",
    No.SEVERAL_HERE: "Several games run here ({ids}): say which with the `game` option.",
    No.NOT_HERE: "There is no game #{game_id} running in this channel.",
    No.NOT_HOST_OR_MOD: "Only the game's host or a moderator (Manage Messages) can end it.",
    No.JUST_ENDED: "That game has just ended.",
    No.NOT_FINISHED: "Only a finished game can be played again.",
    No.NOT_A_PLAYER: "Only the players of game #{game_id} can join its rematch.",
    No.REMATCH_STARTED: "The rematch, game #{game_id}, has already started.",
    No.NOT_MANAGER: (
        "Only members who can manage this server (**Manage Server**) can use `/settings`."
        " `/help` shows this server's settings."
    ),
    No.NOTE_NOT_YET: "Keepsake notes can be written once game #{game_id} is over.",
    No.NOTE_PLAYERS_ONLY: "Only the players of game #{game_id} can leave a keepsake note.",
    No.NO_NOTES: "This game has no keepsake notes.",
    No.NO_HINTS: "This game has no hints: the host can turn **Hints** on in the lobby.",
    No.HINT_NOT_NOW: "A hint is for a move you owe: ask again when it's your turn.",
    No.HINT_BUSY: "I'm still thinking about your last hint: one moment, then ask again.",
    No.RESTARTING: "Tinsel is restarting — press again in a moment.",
}

#: The engine's refusals, as the presser reads them.
ENGINE: dict[ErrorCode, No] = {
    ErrorCode.NOT_YOUR_TURN: No.NOT_YOUR_TURN,
    ErrorCode.ILLEGAL: No.ILLEGAL,
    ErrorCode.GAME_OVER: No.GAME_OVER,
    ErrorCode.STALE: No.STALE,
}


def say(code: No, **details: object) -> str:
    """The sentence for `code`, with its details (a game number, a limit) filled in."""
    if code is No.QUARANTINED:
        return faults.quarantined(int(details["game_id"]))  # type: ignore[call-overload]
    return TEXT[code].format(**details)


def too_late(line: str) -> str:
    """A press on an outdated control, when we still know what beat it."""
    return f"Too late: {line}"
