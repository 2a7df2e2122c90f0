"""Shared plumbing for game states: slotted dataclasses whose fields are immutable values.

Each game keeps its state as a `@dataclass(slots=True)` of ints, strings and (nested) tuples,
plus uncompared memo fields (e.g. `legal_memo`). Because nothing inside is mutable, a shallow
copy is a safe copy, `apply` rebuilds only the fields it changes, and the JSON form is the
fields themselves: tuples serialise as lists, and `load` turns every list back into a tuple —
except the test rig, which is kept in its JSON form.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from operator import attrgetter
from typing import Any, Generic, TypeVar

S = TypeVar("S")

#: Fields stored exactly as JSON gives them (lists and dicts), not turned into tuples.
AS_JSON = frozenset({"rig"})


def tuples(x: Any) -> Any:
    """Lists (from JSON) back to tuples, recursively."""
    if isinstance(x, list | tuple):
        return tuple(tuples(v) for v in x)
    return x


class Codec(Generic[S]):
    """Copy, dump and load one state class."""

    def __init__(self, cls: type[S]) -> None:
        self.cls = cls
        self.fields = tuple(f.name for f in fields(cls) if f.compare)  # type: ignore[arg-type]
        self._values = attrgetter(*self.fields)

    def clone(self, state: S) -> S:
        """A shallow copy with fresh (empty) memos."""
        return self.cls(*self._values(state))

    def dump(self, state: S) -> dict[str, Any]:
        """A JSON-ready dict of the state's value fields."""
        return dict(zip(self.fields, self._values(state), strict=True))

    def load(self, data: Mapping[str, Any]) -> S:
        values = {
            name: data[name] if name in AS_JSON else tuples(data[name]) for name in self.fields
        }
        return self.cls(**values)
