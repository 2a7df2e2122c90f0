"""Pure game rules. No Discord, no I/O, no clock, no global random.

`GAMES` maps each game's key to its game object; every game speaks `engine.protocol.Game`.
"""

from engine.ghosts import GAME as _GHOSTS
from engine.muppets import GAME as _MUPPETS
from engine.protocol import (
    Action,
    ActionError,
    Decision,
    ErrorCode,
    Event,
    Game,
    Option,
    Policy,
    Result,
)
from engine.replay import bot_move, replay
from engine.shuffle import GAME as _SHUFFLE

GAMES: dict[str, Game] = {g.key: g for g in (_GHOSTS, _MUPPETS, _SHUFFLE)}

__all__ = [
    "GAMES",
    "Action",
    "ActionError",
    "Decision",
    "ErrorCode",
    "Event",
    "Game",
    "Option",
    "Policy",
    "Result",
    "bot_move",
    "replay",
]
