"""What every game object shares: its computer players, options, storage and narration.

A game subclasses `BaseGame`, sets its identity (`key`, `title`, `summary`, seat range), its
lobby options, its state `codec` and its `narrator`, and writes the rules: `new`, `to_act`,
`choices`, `apply`, `view`, `result`, `determinize` and `max_steps`.

Its state has a `phase` that is `"over"` once the game has ended and an uncompared
`legal_memo` field (default None) where `legal` keeps its last answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from engine.protocol import (
    Action,
    ActionError,
    Decision,
    ErrorCode,
    Event,
    Kind,
    Option,
    Policy,
    RandomPolicy,
    clean_text,
)
from engine.record import Codec


class BaseGame:
    key: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    codec: ClassVar[Codec[Any]]
    narrator: ClassVar[Callable[[Event, Sequence[str]], str | None]]

    def __init__(self, normal: Policy, easy: Policy | None = None) -> None:
        self._bots: dict[str, Policy] = {"easy": easy or RandomPolicy(), "normal": normal}
        #: One frozenset per seat, so `to_act` allocates nothing on the hot path.
        self._only = tuple(frozenset({seat}) for seat in range(self.max_seats))

    @property
    def bots(self) -> Mapping[str, Policy]:
        return self._bots

    def choices(self, state: Any, seat: int) -> tuple[Action, ...]:
        """The actions `seat` may take now (none when it owes no decision)."""
        raise NotImplementedError

    def legal(self, state: Any, seat: int) -> tuple[Action, ...]:
        """`choices`, worked out once per state and seat: states never change once made,
        and `apply` asks again to check its input."""
        memo = state.legal_memo
        if memo is not None and memo[0] == seat:
            return memo[1]  # type: ignore[no-any-return]
        actions = self.choices(state, seat)
        state.legal_memo = (seat, actions)
        return actions

    def decision(self, state: Any, seat: int) -> Decision | None:
        """By default a seat owing a decision chooses one of its legal actions, on the lobby's
        timer, in private. Games with races, secret choices, text or reactions override it."""
        if seat not in self.to_act(state):
            return None
        return Decision(Kind.CHOOSE, self.legal(state, seat))

    def check_move(
        self, state: Any, seat: int, action_id: str, text: str | None = None
    ) -> str | None:
        """Raise the protocol's error unless `seat` may take `action_id` (with `text`) now.

        Returns the text as the move stores it (cleaned), or None when the move has none."""
        if state.phase == "over":
            raise ActionError(ErrorCode.GAME_OVER, "This game is already over.")
        if seat not in self.to_act(state):
            raise ActionError(ErrorCode.NOT_YOUR_TURN, "It is not your turn.")
        if not any(action.id == action_id for action in self.legal(state, seat)):
            raise ActionError(
                ErrorCode.ILLEGAL, f"{str(action_id)[:60]!r} is not a move you can make now."
            )
        decision = self.decision(state, seat)
        spec = decision.text if decision is not None else None
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

    def to_act(self, state: Any) -> frozenset[int]:
        raise NotImplementedError

    def options(self) -> tuple[Option, ...]:
        return self.OPTIONS

    def narrate(self, event: Event, names: Sequence[str]) -> str | None:
        return type(self).narrator(event, names)

    def dump(self, state: Any) -> dict[str, Any]:
        return self.codec.dump(state)

    def load(self, data: Mapping[str, Any]) -> Any:
        return self.codec.load(data)
