"""Shared plumbing for game states: slotted dataclasses whose fields are immutable values.

Each game keeps its state as a `@dataclass(slots=True)` of ints, strings and (nested) tuples,
plus uncompared memo fields (e.g. `legal_memo`). Because nothing inside is mutable, a shallow
copy is a safe copy, `apply` rebuilds only the fields it changes, and the JSON form is the
fields themselves: tuples serialise as lists, and `load` turns every list back into a tuple —
except the test rig, which is kept in its JSON form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
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


def _cloner(cls: type[S], value_fields: tuple[str, ...]) -> Callable[[S], S]:
    """A shallow copy with fresh memos, written out field by field.

    Copying is on every move's path, and straight-line attribute copies run about twice as
    fast as calling the dataclass constructor; the code is generated once per class, as
    `dataclasses` itself does for `__init__`.
    """
    memos = [f for f in fields(cls) if not f.compare]  # type: ignore[arg-type]
    assert all(f.default is None for f in memos), "memo fields must default to None"
    lines = ["def clone(state):", "    copy = new(cls)"]
    lines += [f"    copy.{name} = state.{name}" for name in value_fields]
    lines += [f"    copy.{f.name} = None" for f in memos]
    lines.append("    return copy")
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    exec("\n".join(lines), namespace)  # generated from the field names only
    return namespace["clone"]  # type: ignore[no-any-return]


class Codec(Generic[S]):
    """Copy, dump and load one state class."""

    def __init__(self, cls: type[S]) -> None:
        self.cls = cls
        self.fields = tuple(f.name for f in fields(cls) if f.compare)  # type: ignore[arg-type]
        self._values = attrgetter(*self.fields)
        self.clone = _cloner(cls, self.fields)

    def dump(self, state: S) -> dict[str, Any]:
        """A JSON-ready dict of the state's value fields."""
        return dict(zip(self.fields, self._values(state), strict=True))

    def load(self, data: Mapping[str, Any]) -> S:
        values = {
            name: data[name] if name in AS_JSON else tuples(data[name]) for name in self.fields
        }
        return self.cls(**values)
