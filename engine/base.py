"""What every game object shares: its computer players, options, storage and narration.

A game subclasses `BaseGame`, sets its identity (`key`, `title`, `summary`, seat range), its
lobby options, its state `codec` and its `narrator`, and writes the rules: `new`, `to_act`,
`legal`, `apply`, `view`, `result`, `shuffle_unseen` and `max_steps`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from engine.protocol import Event, Option, Policy, RandomPolicy
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
