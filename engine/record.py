"""Shared plumbing for game states: frozen value objects, built through mutable drafts.

Each game declares its state's fields once, as a slotted dataclass subclassing `Draft` (the
fields every game shares: seats, seed, rig, step, phase), and its state class as
`class XState(XDraft, Frozen)`: the same slots, but no attribute can be set. Every field holds
an immutable value (ints, strings, nested tuples), so:

- `Codec.thaw` is a shallow copy into a draft that `apply` changes field by field (it rebuilds
  only the fields it changes), and `Codec.freeze` turns the draft into the state in place;
- the JSON form is the fields themselves: tuples serialise as lists, and `load` turns every
  list back into a tuple — except the test rig, which is kept in its JSON form.

Nothing is cached on a state: memos (e.g. `legal`'s) live in the game object, keyed by state
identity.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import FrozenInstanceError, dataclass, fields
from operator import attrgetter
from typing import Any, Generic, NoReturn, TypeVar

D = TypeVar("D", bound="Draft")
S = TypeVar("S", bound="Draft")

#: Fields stored exactly as JSON gives them (lists and dicts), not turned into tuples.
AS_JSON = frozenset({"rig"})


@dataclass(slots=True)
class Draft:
    """The fields every game's state has. A draft is a state being built by `new` or `apply`."""

    seats: int
    seed: int
    rig: dict[str, Any] | None
    step: int  # actions applied so far
    phase: str  # each game narrows it to a `Literal`; "over" once the game has ended


class Frozen:
    """Mixed into a state class after its draft class: instances cannot be changed."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise FrozenInstanceError(f"cannot assign to field {name!r} of a state")

    def __delattr__(self, name: str) -> NoReturn:
        raise FrozenInstanceError(f"cannot delete field {name!r} of a state")


def tuples(x: Any) -> Any:
    """Lists (from JSON) back to tuples, recursively."""
    if isinstance(x, list | tuple):
        return tuple(tuples(v) for v in x)
    return x


def _generated(name: str, lines: list[str], namespace: dict[str, Any]) -> Callable[[Any], Any]:
    """A function compiled from `lines`, generated from field names only, once per class (as
    `dataclasses` does for `__init__`): thawing and freezing are on every move's path, and
    straight-line code runs about twice as fast as calling the dataclass constructor."""
    exec("\n".join(lines), namespace)
    function: Callable[[Any], Any] = namespace[name]
    return function


class Codec(Generic[D, S]):
    """Thaw, freeze, dump and load one game's states (`S`, frozen) through its drafts (`D`)."""

    def __init__(self, draft: type[D], state: type[S]) -> None:
        assert issubclass(state, draft) and issubclass(state, Frozen), "state = (draft, Frozen)"
        self.draft: type[D] = draft
        self.state: type[S] = state
        self.fields: tuple[str, ...] = tuple(f.name for f in fields(draft))
        self._values: Callable[[S], tuple[Any, ...]] = attrgetter(*self.fields)
        #: A draft copy of a state to change (the state itself never changes).
        self.thaw: Callable[[S], D] = _generated(
            "thaw",
            ["def thaw(state):", "    out = new(draft)"]
            + [f"    out.{name} = state.{name}" for name in self.fields]
            + ["    return out"],
            {"new": object.__new__, "draft": draft},
        )
        #: The finished draft as a state, in place: its class becomes the frozen state class
        #: (the same slots), so the draft must not be used afterwards.
        self.freeze: Callable[[D], S] = _generated(
            "freeze",
            ["def freeze(draft):", "    draft.__class__ = state", "    return draft"],
            {"state": state},
        )

    def dump(self, state: S) -> dict[str, Any]:
        """A JSON-ready dict of the state's fields."""
        return dict(zip(self.fields, self._values(state), strict=True))

    def load(self, data: Mapping[str, Any]) -> S:
        values = {
            name: data[name] if name in AS_JSON else tuples(data[name]) for name in self.fields
        }
        return self.freeze(self.draft(**values))
