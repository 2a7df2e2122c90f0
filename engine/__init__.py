"""Pure game rules. No Discord, no I/O, no clock, no global random.

`GAMES` maps each game's key to its game object; every game speaks `engine.protocol.Game`.
"""

from typing import Any

from engine.fever import GAME as _FEVER
from engine.fever.state import FeverState
from engine.fever.views import FeverView
from engine.ghosts import GAME as _GHOSTS
from engine.ghosts.state import GhostsState
from engine.ghosts.views import GhostsView
from engine.muppets import GAME as _MUPPETS
from engine.muppets.state import MuppetsState
from engine.muppets.views import MuppetsView
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
from engine.replay import bot_move, bot_words, replay
from engine.shuffle import GAME as _SHUFFLE
from engine.shuffle.state import ShuffleState
from engine.shuffle.views import ShuffleView
from engine.tree import GAME as _TREE
from engine.tree.state import TreeState
from engine.tree.views import TreeView

#: mypy checks here that each game satisfies `Game` with its own state and view types.
_CHECKED: tuple[
    Game[FeverState, FeverView],
    Game[GhostsState, GhostsView],
    Game[MuppetsState, MuppetsView],
    Game[ShuffleState, ShuffleView],
    Game[TreeState, TreeView],
] = (_FEVER, _GHOSTS, _MUPPETS, _SHUFFLE, _TREE)
GAMES: dict[str, Game[Any, Any]] = {g.key: g for g in _CHECKED}

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
    "bot_words",
    "replay",
]
