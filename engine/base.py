"""What every game object shares: its computer players, options, storage and narration.

A game subclasses `BaseGame`, sets its identity (`key`, `title`, `summary`, seat range), its
lobby options, its state `codec` and its `narrator`, and writes the rules: `new`, `to_act`,
`choices`, `apply`, `view`, `result`, `shuffle_unseen` and `max_steps`.

Its state has a `phase` that is `"over"` once the game has ended and an uncompared
`legal_memo` field (default None) where `legal` keeps its last answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from engine.protocol import Action, ActionError, ErrorCode, Event, Option, Policy, RandomPolicy
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

    def check_move(self, state: Any, seat: int, action_id: str) -> None:
        """Raise the protocol's error unless `seat` may take `action_id` now."""
        if state.phase == "over":
            raise ActionError(ErrorCode.GAME_OVER, "This game is already over.")
        if seat not in self.to_act(state):
            raise ActionError(ErrorCode.NOT_YOUR_TURN, "It is not your turn.")
        for action in self.legal(state, seat):
            if action.id == action_id:
                return
        raise ActionError(
            ErrorCode.ILLEGAL, f"{str(action_id)[:60]!r} is not a move you can make now."
        )

    def to_act(self, state: Any) -> frozenset[int]:
        raise NotImplementedError

    def options(self) -> tuple[Option, ...]:
        return self.OPTIONS

    def time_limit(self, state: Any) -> int | None:
        """By default the lobby's turn timer applies to every decision."""
        return None

    def decided_in_public(self, state: Any) -> bool:
        """By default choices are private: they go to the player's DM or "My hand"."""
        return False

    def narrate(self, event: Event, names: Sequence[str]) -> str | None:
        return type(self).narrator(event, names)

    def dump(self, state: Any) -> dict[str, Any]:
        return self.codec.dump(state)

    def load(self, data: Mapping[str, Any]) -> Any:
        return self.codec.load(data)
