"""What every game object shares: its computer players, options, storage and narration.

A game subclasses `BaseGame[Draft, State, View]`, sets its identity (`key`, `title`, `summary`,
seat range), its lobby options and its `narrator`, hands its state `codec` and computer players
to `__init__`, and writes the rules: `new`, `to_act`, `choices`, `apply`, `view`, `result`,
`determinize` and `max_steps`.

Its state is an `engine.record` state (frozen; `phase` is `"over"` once the game has ended).
`legal` keeps its last answer here, in the game object, not on the state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from engine.protocol import (
    Action,
    ActionError,
    Decision,
    ErrorCode,
    Event,
    Kind,
    Objective,
    Option,
    Policy,
    TextSpec,
    clean_text,
)
from engine.record import Codec, Draft
from engine.search import levels
from engine.words import plural

D = TypeVar("D", bound=Draft)
S = TypeVar("S", bound=Draft)
V = TypeVar("V")


class BaseGame(Generic[D, S, V]):
    """A game whose drafts are `D`, whose (frozen) states are `S` and whose views are `V`."""

    key: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    tagline: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    record_name: ClassVar[str] = "record"
    keepsake: ClassVar[str] = ""
    objective: ClassVar[Objective] = "win"
    #: Level `hard`'s playouts per decision when the caller gives no budget: about a second
    #: on one core.
    hard_playouts: ClassVar[int] = 100
    narrator: ClassVar[Callable[[Event, Sequence[str]], str | None]]

    def __init__(
        self, codec: Codec[D, S], normal: Policy[V], easy: Policy[V] | None = None
    ) -> None:
        self.codec = codec
        self._bots: Mapping[str, Policy[V]] = levels(normal, easy, self.hard_playouts)
        #: One frozenset per seat, so `to_act` allocates nothing on the hot path.
        self._only = tuple(frozenset({seat}) for seat in range(self.max_seats))
        #: `legal`'s last answer: (state, seat, actions). States never change, so the state's
        #: identity is its key; holding the state keeps that identity from being reused.
        self._legal_memo: tuple[S, int, tuple[Action, ...]] | None = None

    @property
    def bots(self) -> Mapping[str, Policy[V]]:
        return self._bots

    def choices(self, state: S, seat: int) -> tuple[Action, ...]:
        """The actions `seat` may take now (none when it owes no decision)."""
        raise NotImplementedError

    def legal(self, state: S, seat: int) -> tuple[Action, ...]:
        """`choices`, worked out once per state and seat: a caller asks `legal` and then
        `apply`s one of them, and `apply` asks again to check its input."""
        memo = self._legal_memo  # one read: another thread may replace it meanwhile
        if memo is not None and memo[0] is state and memo[1] == seat:
            return memo[2]
        actions = self.choices(state, seat)
        self._legal_memo = (state, seat, actions)
        return actions

    def decision(self, state: S, seat: int) -> Decision | None:
        """By default a seat owing a decision chooses one of its legal actions, on the lobby's
        timer, in private. Games with races, secret choices, text or reactions override it."""
        if seat not in self.to_act(state):
            return None
        return Decision(Kind.CHOOSE, self.legal(state, seat))

    def text_spec(self, state: S, seat: int) -> TextSpec | None:
        """The typed text `seat`'s decision takes, if any (its `Decision.text`).

        Only a game that overrides `decision` can ask for text, so the others answer without
        building a `Decision`: `check_move` asks on every `apply`, search's hot path."""
        if type(self).decision is BaseGame.decision:
            return None
        decision = self.decision(state, seat)
        return decision.text if decision is not None else None

    def check_move(
        self, state: S, seat: int, action_id: str, text: str | None = None
    ) -> str | None:
        """Raise the protocol's error unless `seat` may take `action_id` (with `text`) now.

        Returns the text as the move stores it (cleaned), or None when the move has none."""
        for action in self.legal(state, seat):
            if action.id == action_id:
                break
        else:  # nothing is legal once the game is over, nor for a seat not to act
            if state.phase == "over":
                raise ActionError(ErrorCode.GAME_OVER, "This game is already over.")
            if seat not in self.to_act(state):
                raise ActionError(ErrorCode.NOT_YOUR_TURN, "It is not your turn.")
            raise ActionError(
                ErrorCode.ILLEGAL, f"{str(action_id)[:60]!r} is not a move you can make now."
            )
        spec = self.text_spec(state, seat)
        if spec is None or spec.action != action_id:
            if text is not None:
                raise ActionError(ErrorCode.ILLEGAL, "That move takes no text.")
            return None
        if text is None or not clean_text(text):
            if spec.optional:
                return None
            raise ActionError(ErrorCode.ILLEGAL, f"{spec.label}: some text is needed.")
        cleaned = clean_text(text)
        if not spec.min_len <= len(cleaned) <= spec.max_len:
            raise ActionError(
                ErrorCode.ILLEGAL,
                f"{spec.label}: {spec.min_len}–{spec.max_len} characters, please.",
            )
        return cleaned

    def to_act(self, state: S) -> frozenset[int]:
        raise NotImplementedError

    def options(self) -> tuple[Option, ...]:
        return self.OPTIONS

    def narrate(self, event: Event, names: Sequence[str]) -> str | None:
        return type(self).narrator(event, names)

    def dump(self, state: S) -> dict[str, Any]:
        return self.codec.dump(state)

    def load(self, data: Mapping[str, Any]) -> S:
        return self.codec.load(data)

    def score_text(self, score: int) -> str:
        return plural(score, "point")

    def final_report(self, state: S) -> tuple[str, ...]:
        return ()

    def farewell(self, state: S) -> tuple[str, ...]:
        return ()
