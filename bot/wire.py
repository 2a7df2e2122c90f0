"""The custom_id wire format: what every Tinsel button, menu and form carries.

A custom_id is `t2:<game id>:<kind>[:<version>]:<action>` (≤ 100 characters), where `<kind>`
says what the control is:

- `m` (move) and `w` (write) carry the game's version: the number of actions applied when the
  control was drawn, so a press on an older one is *stale*. `m` takes `<action>` (an engine
  action id, `~` for a select menu whose chosen value is the action id, or `~~` for a
  multi-select whose chosen values are items of the decision's pick); `w` opens the form
  to type the text that `<action>` takes.
- `f` (form) is a submitted text form for `<action>` at `<version>`.
- `l` (lobby): `join`, `leave`, `start`, `cancel`, `bot:<level>`, `unbot`, `opt:<key>`, `timer`,
  `mine:<key>` (a player's own pick of a per-seat option), `remove` (the host's menu of seated
  players, whose chosen value is a user id), `level` (the host's menu of computers' levels,
  valued `<seat number>:<level>`), `hints` (valued `hints:on` or `hints:off`).
- `h` (any version): `hand`, `rules`, `hint`, `rematch`, `reclaim`, `resign` (and its confirmation's
  answers `resign:yes`, `resign:no`), `keepsake` (the button, and the form it opens, for a
  finished game's keepsake note), `look:<key>` and `own:<key>` (a detail of the table's public
  view, or of the presser's own view; see `render.more`).

A pager's ◀ / ▶ buttons (`bot.pages`) are `t2:p:<source>:<page>:<args>`: the page source's
name, the page the button shows, and the source's own arguments (a filter, a game id).

The game id and version make every press self-describing, so controls keep working after a
restart. Controls posted before this format (`t1:<game id>:<version|L|H>:<action>`) still
parse: a version means `m`, `L` means `l`, `H` means `h`.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

PREFIX = "t2"
#: The select menu's action: the chosen value is the engine action id.
SELECT = "~"
#: The multi-select's action: the chosen values are items of the decision's `PickSpec`.
PICK = "~~"
_ACTION = r"[A-Za-z0-9:_.~\-]{1,60}"
_GID = r"[0-9]{1,18}"
_VER = r"[0-9]{1,9}"


class Kind(enum.StrEnum):
    MOVE = "m"
    WRITE = "w"
    FORM = "f"
    LOBBY = "l"
    ANY = "h"


#: Kinds that carry a version.
VERSIONED = frozenset({Kind.MOVE, Kind.WRITE, Kind.FORM})

_NEW = rf"t2:(?P<gid>{_GID}):(?:(?P<kind>[mwf]):(?P<ver>{_VER})|(?P<free>[lh])):(?P<act>{_ACTION})"
_OLD = rf"t1:(?P<ogid>{_GID}):(?P<over>{_VER}|L|H):(?P<oact>{_ACTION})"
#: Every id a button or menu may carry (forms are not components).
COMPONENT = re.compile(
    rf"t2:{_GID}:(?:[mw]:{_VER}|[lh]):{_ACTION}|t1:{_GID}:(?:{_VER}|L|H):{_ACTION}"
)
_ANY = re.compile(f"{_NEW}|{_OLD}")
#: A pager's button: which page source, which page (1 for the first), the source's arguments.
PAGE = re.compile(
    r"t2:p:(?P<source>[a-z]{1,16}):(?P<page>[1-9][0-9]{0,5}):(?P<args>[A-Za-z0-9_.\-]{0,60})"
)


@dataclass(frozen=True, slots=True)
class Press:
    """A parsed press: which game, what kind of control, the version it was drawn at (for
    versioned kinds), the action, and the values chosen in a menu."""

    game_id: int
    kind: Kind
    action: str
    version: int | None = None
    values: tuple[str, ...] = ()

    @property
    def chosen(self) -> str:
        """The engine action a move press asks for: a menu's value, or the button's action."""
        return self.values[0] if self.action == SELECT and self.values else self.action


def encode(game_id: int, kind: Kind, action: str, version: int | None = None) -> str:
    if kind in VERSIONED:
        assert version is not None
        return f"{PREFIX}:{game_id}:{kind}:{version}:{action}"
    return f"{PREFIX}:{game_id}:{kind}:{action}"


def move(game_id: int, version: int, action: str) -> str:
    return encode(game_id, Kind.MOVE, action, version)


def write(game_id: int, version: int, action: str) -> str:
    return encode(game_id, Kind.WRITE, action, version)


def form(game_id: int, version: int, action: str) -> str:
    return encode(game_id, Kind.FORM, action, version)


def lobby(game_id: int, action: str) -> str:
    return encode(game_id, Kind.LOBBY, action)


def anytime(game_id: int, action: str) -> str:
    return encode(game_id, Kind.ANY, action)


def page(source: str, number: int, args: str) -> str:
    """The custom_id of a pager's button that shows page `number` of `source`."""
    return f"{PREFIX}:p:{source}:{number}:{args}"


def parse(custom_id: str, values: tuple[str, ...] = ()) -> Press | None:
    """The press a custom_id describes (either format), or None if it is not one of ours."""
    m = _ANY.fullmatch(custom_id)
    if m is None:
        return None
    if m["gid"] is not None:
        if m["free"] is not None:
            return Press(int(m["gid"]), Kind(m["free"]), m["act"], None, values)
        return Press(int(m["gid"]), Kind(m["kind"]), m["act"], int(m["ver"]), values)
    ver = m["over"]
    if ver in ("L", "H"):
        kind = Kind.LOBBY if ver == "L" else Kind.ANY
        return Press(int(m["ogid"]), kind, m["oact"], None, values)
    return Press(int(m["ogid"]), Kind.MOVE, m["oact"], int(ver), values)
