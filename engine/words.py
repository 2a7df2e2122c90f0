"""Sentences every game's narration needs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def plural(n: int, word: str, many: str | None = None) -> str:
    """`1 card`, `2 cards`, `-1 point`: a count with its noun, the one way every count that
    reaches a player is written. `many` is the plural of a noun that does not just add an s
    (`plural(2, "family", "families")`)."""
    return f"{n} {word if abs(n) == 1 else many or word + 's'}"


def and_list(items: Sequence[str]) -> str:
    """`Ann`, `Ann and Bea`, `Ann, Bea and Cal`."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def victory(result: Mapping[str, Any], names: Sequence[str]) -> str:
    """Who won a finished game (a `Result.to_dict()`), with shared victories spelled out."""
    winners = [names[i] for i in result["winners"]]
    top = plural(result["scores"][result["winners"][0]], "point")
    if len(winners) == 1:
        return f"{winners[0]} wins with {top}."
    return f"{and_list(winners)} share the victory with {top} each."
