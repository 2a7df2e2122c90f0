"""Sentences every game's narration needs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def plural(n: int, word: str) -> str:
    """`1 card`, `2 cards`: a count with its noun."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def and_list(items: Sequence[str]) -> str:
    """`Ann`, `Ann and Bea`, `Ann, Bea and Cal`."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def victory(result: Mapping[str, Any], names: Sequence[str]) -> str:
    """Who won a finished game (a `Result.to_dict()`), with shared victories spelled out."""
    winners = [names[i] for i in result["winners"]]
    top = result["scores"][result["winners"][0]]
    if len(winners) == 1:
        return f"{winners[0]} wins with {top} points."
    return f"{and_list(winners)} share the victory with {top} points."
