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
from typing import Any, ClassVar, Literal, NamedTuple, Protocol, TypeVar, runtime_checkable

from engine.views import ResultView

#: A game's state type (opaque to callers) and its view type (a `TypedDict`, see
#: `engine.views`).
S = TypeVar("S")
V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)
K_contra = TypeVar("K_contra", bound=str, contravariant=True)

#: A decision never offers more choices than this, so it always fits one select menu.
MAX_CHOICES = 25
#: Action ids travel inside a Discord custom_id next to the game id and a version.
MAX_ACTION_ID = 40
#: Discord's limit for button labels and select option labels.
MAX_LABEL = 80

#: What a searching computer player plays for (`Game.objective`): the chance to win, or the
#: final score's margin over the best other seat.
Objective = Literal["win", "score"]


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

    Whether an action takes typed text is said by the decision it belongs to
    (`Decision.text`), not by the action.
    """

    id: str
    label: str
    hint: str = ""
    back: bool = False


class Kind(enum.StrEnum):
    """What sort of decision a seat owes; the bot maps each kind to Discord in one place."""

    #: Pick one of the offered actions, on this seat's turn.
    CHOOSE = "choose"
    #: Everyone owing it at once; the first press that settles it wins; a clock (`seconds`).
    RACE = "race"
    #: Simultaneous secret choices: each seat chooses privately, revealed together once all
    #: have chosen; the table shows who has chosen, never what.
    SECRET = "secret"
    #: Free text tied to an action (a speech, a carol line): the text is part of the move.
    TEXT = "text"
    #: A reaction window: the seat *may* respond out of turn before the game goes on; when
    #: the clock runs out, `on_timeout` (declining) is played for it.
    REACT = "react"


@dataclass(frozen=True, slots=True)
class TextSpec:
    """The typed text an action takes: `apply(..., text=...)` with `min_len`–`max_len`
    characters after whitespace is collapsed. `optional` lets the action be taken without
    text as well (then the bot offers both a plain press and a press that opens a form)."""

    action: str
    label: str
    min_len: int
    max_len: int
    optional: bool = False
    #: Lines a computer player says when it takes the action (or takes it for a seat whose
    #: time ran out), each within the bounds; without them a computer never takes the action
    #: when its text is required.
    canned: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PickSpec:
    """The decision's actions starting with `prefix` are the ways to pick `count` of `items`:
    the id is `prefix` then the picked items' ids in item order (`put:` + `1`, `3` = `put:13`).

    The actions stay in `legal` (computer players and replays use them as they are); the spec
    lets the bot offer the items in one multi-select instead of a menu of every combination.
    Item ids are single characters, so a joined id reads back one way only."""

    prefix: str
    count: int
    items: tuple[Action, ...]

    def action_id(self, picked: Sequence[str]) -> str | None:
        """The action for the picked item ids (any order), or None unless they are `count`
        different items."""
        order = [item.id for item in self.items]
        if len(picked) != self.count or len(set(picked)) != self.count:
            return None
        if not set(picked) <= set(order):
            return None
        return self.prefix + "".join(sorted(picked, key=order.index))


@dataclass(frozen=True, slots=True)
class Decision:
    """Everything the bot needs to know about one seat's pending decision.

    `actions` are the seat's legal actions (the same tuple `legal` returns). `public` says
    the choices reveal nothing and are the same for every seat owing them, so they may also
    be offered on the table. `seconds`, when set, is a clock fixed by the rules that replaces
    the lobby's turn timer; when it runs out `on_timeout` is played for the seat (no strike:
    the rules ended the decision). With no `seconds`, the lobby's timer applies and a timeout
    is a strike answered by the seat's `normal` computer player. `pick`, when set, says some
    actions are combinations of items (see `PickSpec`).

    `timeout_event`, when set (only with `on_timeout`), is the kind of the one public event
    that `on_timeout` makes to tell that seat's own choice, with the seat as its
    `data["seat"]` (Muppets' "pass": "Ann lets someone else start"). When the clock plays
    `on_timeout` for a late seat, the bot leaves that one event untold, since its own "time's
    up" line tells it and nobody pressed anything; every other event of the move is told.
    None when the timeout's events tell no such choice.
    """

    kind: Kind
    actions: tuple[Action, ...]
    public: bool = False
    seconds: int | None = None
    on_timeout: str | None = None
    text: TextSpec | None = None
    pick: PickSpec | None = None
    timeout_event: str | None = None


def clean_text(text: str) -> str:
    """Typed text as the engine stores it: whitespace collapsed, ends trimmed."""
    return " ".join(str(text).split())


class Event(NamedTuple):
    """Something that happened, for narration and the game log.

    `visible_to` is None for public events, else the seats allowed to see it. (A NamedTuple:
    immutable like a frozen dataclass, and twice as quick to make on the engine's hot path.)
    """

    kind: str
    data: Mapping[str, Any]
    visible_to: frozenset[int] | None = None


class EventMaker(Protocol[K_contra]):
    """`Event` itself, seen through a game's own event kinds: a game writes
    `_event: EventMaker[EventKind] = Event`, and mypy checks every kind it makes."""

    def __call__(
        self, kind: K_contra, data: Mapping[str, Any], visible_to: frozenset[int] | None = None
    ) -> Event: ...


@dataclass(frozen=True, slots=True)
class Option:
    """A variant the lobby offers: a key, a label and string choices (value, label).

    A `per_seat` option is chosen by each player for their own seat (a family colour), and
    no two seats share a value. Its value is the seats' choices joined by commas in seat
    order, "" for a seat that has not chosen (`default` is ""); `seat_choices` hands the
    seats that did not choose the first free values, in `choices` order."""

    key: str
    label: str
    choices: tuple[tuple[str, str], ...]
    default: str
    per_seat: bool = False


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

    def to_dict(self) -> ResultView:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
        }


class Policy(Protocol[V_contra]):
    """A computer player. It sees only its seat's view and that seat's legal actions."""

    def choose(self, view: V_contra, legal: Sequence[Action], rng: random.Random) -> str: ...


@runtime_checkable
class Game(Protocol[S, V]):
    """What every registered game provides, generic over its state `S` (opaque to callers)
    and its view `V`.

    Views are JSON-serialisable plain dicts, typed per game as a `TypedDict`. Every view
    carries at least (`engine.views.BaseView`): `game` (the key), `seat` (the viewer, None for
    the public table), `to_act` (a list of seats), `headline` (one line: where the game
    stands) and `finished` (bool). A seat's view also carries `prompt` (what that seat is being
    asked) while it owes a decision.
    """

    key: ClassVar[str]
    title: ClassVar[str]
    #: A short explanation in our own words for `/rules` (Discord markdown, ≤ 3,500 chars).
    summary: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    #: What the game calls the best single score ever reached on a server (`/records`).
    record_name: ClassVar[str]
    #: The label of the note a player may leave once the game is over ("" when the game
    #: offers none).
    keepsake: ClassVar[str]

    def options(self) -> tuple[Option, ...]: ...

    def new(
        self,
        seats: int,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
        rig: Mapping[str, Any] | None = None,
    ) -> S: ...

    def to_act(self, state: S) -> frozenset[int]: ...

    def legal(self, state: S, seat: int) -> tuple[Action, ...]: ...

    def decision(self, state: S, seat: int) -> Decision | None:
        """The decision `seat` owes now (None when it owes none): its kind, its actions
        (`legal`), whether it may be offered in public, its clock and its typed text."""
        ...

    def apply(
        self, state: S, seat: int, action_id: str, text: str | None = None
    ) -> tuple[S, list[Event]]:
        """Take `action_id` for `seat`. `text` is the typed text of an action the decision's
        `TextSpec` names (required unless optional, within its bounds); it is part of the
        move, so logs store it and replays pass it again."""
        ...

    def view(self, state: S, seat: int | None) -> V: ...

    def result(self, state: S) -> Result | None: ...

    def dump(self, state: S) -> dict[str, Any]: ...

    def load(self, data: Mapping[str, Any]) -> S: ...

    def narrate(self, event: Event, names: Sequence[str]) -> str | None: ...

    def score_text(self, score: int) -> str:
        """A final score as players read it: "12 points", or in the game's own unit."""
        ...

    def final_report(self, state: S) -> tuple[str, ...]:
        """Lines (Discord markdown, `seat_ref` placeholders for names) the end-of-game post
        shows under the scores once the game is over: a score card; none by default."""
        ...

    def farewell(self, state: S) -> tuple[str, ...]:
        """Public posts the game makes once it is over, each its own channel message after
        the result (`seat_ref` placeholders for names); none by default."""
        ...

    def determinize(self, state: S, seat: int | None, rng: random.Random) -> S:
        """A state `seat` cannot tell from `state`: everything it has not seen is re-dealt at
        random, consistently with everything it has seen (including what it saw and others
        did not). For the public table (`seat` None) that is everything not shown openly,
        even what every seated player knows privately. For tests and search players."""
        ...

    def max_steps(self, seats: int, options: Mapping[str, str]) -> int:
        """An upper bound on the length of a whole game played without any `back` action."""
        ...

    @property
    def bots(self) -> Mapping[str, Policy[V]]: ...

    @property
    def objective(self) -> Objective:
        """What level `hard` plays for: "win" (its chance of winning) or "score" (its final
        margin over the best other seat); each game's docs/games page says why."""
        ...


@dataclass(frozen=True, slots=True)
class RandomPolicy:
    """Level `easy`: a uniformly random legal move (never a `back`)."""

    name: str = field(default="easy")

    def choose(self, view: object, legal: Sequence[Action], rng: random.Random) -> str:
        moves = [a for a in legal if not a.back] or list(legal)
        return rng.choice(moves).id


class Seated(Protocol):
    """The identity `check_seats` and `normalize_options` read (every `Game` has it)."""

    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]

    def options(self) -> tuple[Option, ...]: ...


def normalize_options(game: Seated, options: Mapping[str, str] | None) -> dict[str, str]:
    """Fill defaults and reject unknown keys or values with BAD_OPTIONS."""
    given = dict(options or {})
    known = {opt.key: opt for opt in game.options()}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise ActionError(ErrorCode.BAD_OPTIONS, f"Unknown option {unknown[0]!r} for {game.title}.")
    out: dict[str, str] = {}
    for key, opt in known.items():
        value = str(given.get(key, opt.default))
        if opt.per_seat:
            out[key] = _check_seat_values(opt, value)
            continue
        if value not in {v for v, _ in opt.choices}:
            allowed = ", ".join(v for v, _ in opt.choices)
            raise ActionError(ErrorCode.BAD_OPTIONS, f"{opt.label} must be one of: {allowed}.")
        out[key] = value
    return out


def _check_seat_values(opt: Option, value: str) -> str:
    """A per-seat option's value, checked: known choices, none taken twice."""
    picked = [v for v in value.split(",") if v]
    allowed = {v for v, _ in opt.choices}
    if not set(picked) <= allowed:
        wrong = sorted(set(picked) - allowed)[0]
        raise ActionError(ErrorCode.BAD_OPTIONS, f"{opt.label}: {wrong!r} is not a choice.")
    if len(set(picked)) != len(picked):
        raise ActionError(ErrorCode.BAD_OPTIONS, f"{opt.label}: two seats chose the same.")
    return value


def seat_choices(opt: Option, value: str, seats: int) -> tuple[str, ...]:
    """Each seat's value of a per-seat option (see `Option`): what it chose, else the first
    value nobody chose, in `choices` order."""
    given = [*value.split(","), *[""] * seats] if value else [""] * seats
    if any(given[seats:]):
        raise ActionError(ErrorCode.BAD_OPTIONS, f"{opt.label}: more choices than seats.")
    given = given[:seats]
    free = iter(v for v, _ in opt.choices if v not in given)
    return tuple(v or next(free) for v in given)


def check_seats(game: Seated, seats: int) -> None:
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
