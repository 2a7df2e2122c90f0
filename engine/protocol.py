"""The small protocol every Tinsel game speaks.

A game is a deterministic function of (seats, options, seed, rig, actions). The bot, the
renderer, the computer players and the tests only ever talk to a game through `Game`, so a
new game needs no code anywhere else. See docs/protocol.md for the contract in prose.
"""

from __future__ import annotations

import enum
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, runtime_checkable

#: A decision never offers more choices than this, so it always fits one select menu.
MAX_CHOICES = 25
#: Action ids travel inside a Discord custom_id next to the game id and a version.
MAX_ACTION_ID = 40
#: Discord's limit for button labels and select option labels.
MAX_LABEL = 80


class ErrorCode(enum.StrEnum):
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    ILLEGAL = "ILLEGAL"
    STALE = "STALE"
    GAME_OVER = "GAME_OVER"
    BAD_OPTIONS = "BAD_OPTIONS"


class ActionError(Exception):
    """The one error a game raises for bad input; the state it was given is left untouched."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Action:
    """One choice of one decision.

    `back` marks the choice that returns to the previous step of a multi-step move (for
    example "pick another card" after a card was picked). It makes no progress, so computer
    players never take it and bounds on game length do not count it.

    `say`, when set, is a prompt: after this action the player may type one line (10–400
    characters) that the bot posts publicly — a carol, a toast. The engine never sees it.
    """

    id: str
    label: str
    hint: str = ""
    back: bool = False
    say: str = ""


class Event(NamedTuple):
    """Something that happened, for narration and the game log.

    `visible_to` is None for public events, else the seats allowed to see it. (A NamedTuple:
    immutable like a frozen dataclass, and twice as quick to make on the engine's hot path.)
    """

    kind: str
    data: Mapping[str, Any]
    visible_to: frozenset[int] | None = None


@dataclass(frozen=True, slots=True)
class Option:
    """A variant the lobby offers: a key, a label and string choices (value, label)."""

    key: str
    label: str
    choices: tuple[tuple[str, str], ...]
    default: str


@dataclass(frozen=True, slots=True)
class Result:
    """Final standing. Ranks use competition ranking (1, 1, 3); every rank-1 seat wins."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]

    @classmethod
    def from_keys(cls, scores: Sequence[int], keys: Sequence[Any] | None = None) -> Result:
        """Rank seats by `keys` (default: the scores), higher first; equal keys share a rank."""
        keys = list(scores) if keys is None else list(keys)
        ranks = tuple(1 + sum(1 for other in keys if other > k) for k in keys)
        winners = tuple(i for i, r in enumerate(ranks) if r == 1)
        return cls(tuple(scores), ranks, winners)

    def to_dict(self) -> dict[str, list[int]]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
        }


@runtime_checkable
class Game(Protocol):
    """What every registered game provides. `State` is opaque to callers.

    Views are plain JSON-serialisable dicts. Every view carries at least:
    `game` (the key), `seat` (the viewer, None for the public table), `to_act` (a list of
    seats), `headline` (one line: where the game stands) and `finished` (bool). A seat's view
    also carries `prompt` (what that seat is being asked) while it owes a decision.
    """

    key: str
    title: str
    #: A short explanation in our own words for `/rules` (Discord markdown, ≤ 3,500 chars).
    summary: str
    min_seats: int
    max_seats: int

    def options(self) -> tuple[Option, ...]: ...

    def new(
        self,
        seats: int,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
        rig: Mapping[str, Any] | None = None,
    ) -> Any: ...

    def to_act(self, state: Any) -> frozenset[int]: ...

    def legal(self, state: Any, seat: int) -> tuple[Action, ...]: ...

    def apply(self, state: Any, seat: int, action_id: str) -> tuple[Any, list[Event]]: ...

    def view(self, state: Any, seat: int | None) -> dict[str, Any]: ...

    def result(self, state: Any) -> Result | None: ...

    def dump(self, state: Any) -> dict[str, Any]: ...

    def load(self, data: Mapping[str, Any]) -> Any: ...

    def narrate(self, event: Event, names: Sequence[str]) -> str | None: ...

    def shuffle_unseen(self, state: Any, seat: int | None, rng: random.Random) -> Any:
        """Return the state with everything `seat` cannot see rearranged (for tests/search).
        For the public table (`seat` None) that is everything not shown openly at the table,
        including what every seat knows privately."""
        ...

    def time_limit(self, state: Any) -> int | None:
        """Seconds allowed for the current decision when the game fixes it (a race, say),
        overriding the lobby's turn timer; None to use the lobby's timer."""
        ...

    def decided_in_public(self, state: Any) -> bool:
        """True when the current decision's choices reveal nothing and are the same for every
        seat owing it (a race, say): the bot may then offer them on the public table."""
        ...

    def max_steps(self, seats: int, options: Mapping[str, str]) -> int:
        """An upper bound on the length of a whole game played without any `back` action."""
        ...

    @property
    def bots(self) -> Mapping[str, Policy]: ...


class Policy(Protocol):
    """A computer player. It sees only its seat's view and that seat's legal actions."""

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> str: ...


@dataclass(frozen=True, slots=True)
class RandomPolicy:
    """Level `easy`: a uniformly random legal move (never a `back`)."""

    name: str = field(default="easy")

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> str:
        moves = [a for a in legal if not a.back] or list(legal)
        return rng.choice(moves).id


def normalize_options(game: Game, options: Mapping[str, str] | None) -> dict[str, str]:
    """Fill defaults and reject unknown keys or values with BAD_OPTIONS."""
    given = dict(options or {})
    known = {opt.key: opt for opt in game.options()}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise ActionError(ErrorCode.BAD_OPTIONS, f"Unknown option {unknown[0]!r} for {game.title}.")
    out: dict[str, str] = {}
    for key, opt in known.items():
        value = str(given.get(key, opt.default))
        if value not in {v for v, _ in opt.choices}:
            allowed = ", ".join(v for v, _ in opt.choices)
            raise ActionError(ErrorCode.BAD_OPTIONS, f"{opt.label} must be one of: {allowed}.")
        out[key] = value
    return out


def check_seats(game: Game, seats: int) -> None:
    if not isinstance(seats, int) or not game.min_seats <= seats <= game.max_seats:
        raise ActionError(
            ErrorCode.BAD_OPTIONS,
            f"{game.title} takes {game.min_seats}–{game.max_seats} players, not {seats}.",
        )


_SEAT_REF = re.compile(r"\{p(\d{1,2})\}")


def seat_ref(seat: int) -> str:
    """A placeholder for a seat's name in labels, hints, prompts and headlines: the engine
    knows no names, so the bot and the renderer fill them in with `fill_names`."""
    return f"{{p{seat}}}"


def fill_names(text: str, names: Sequence[str]) -> str:
    """Replace every `seat_ref` placeholder in `text` with that seat's name."""
    return _SEAT_REF.sub(
        lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), text
    )


def make_rng(seed: int, *purpose: object) -> random.Random:
    """A private generator for one purpose of one game; string seeds hash stably across runs."""
    return random.Random("/".join(str(p) for p in (seed, *purpose)))
