"""Small helpers for writing Holiday Shuffle examples with a fixed deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from engine.protocol import Event
from engine.shuffle import GAME
from engine.shuffle.cards import ALL_CARDS, DAY, EFFECT
from tests.engine.steps import action_ids, apply_all

act = partial(apply_all, GAME)
ids = partial(action_ids, GAME)


def deal_order(mats: Sequence[Sequence[str]], dealer: int) -> list[str]:
    """The top-first cards that deal `mats` (HS-G26: card k to seat (dealer + 1 + k) mod n)."""
    n = len(mats)
    assert all(len(m) == 10 for m in mats), "every mat holds 10 cards"
    return [mats[(dealer + 1 + k) % n][k // n] for k in range(10 * n)]


def filler(used: set[str], count: int = 10) -> list[str]:
    """`count` plain Holidays not in `used`, latest first: never in order, no runs."""
    spare = [c for c in reversed(ALL_CARDS) if c in DAY and c not in EFFECT and c not in used]
    picked = spare[:: max(1, len(spare) // count)][:count]
    used.update(picked)
    return picked


def deck(
    seats: int,
    mats: Mapping[int, Sequence[str]],
    dealer: int = 0,
    discard: str | None = None,
    draws: Sequence[str] = (),
) -> list[str]:
    """The top of a rigged deck: the given mats (others filled), the discard, then draws."""
    used = {c for m in mats.values() for c in m} | set(draws) | ({discard} if discard else set())
    full = [list(mats[s]) if s in mats else filler(used) for s in range(seats)]
    top = deal_order(full, dealer)
    if discard is not None:
        top.append(discard)
        top += list(draws)
    else:
        assert not draws, "give the discard before the draws"
    assert len(set(top)) == len(top), "a card appears twice"
    return top


def new_game(
    seats: int,
    mats: Mapping[int, Sequence[str]],
    dealer: int = 0,
    discard: str | None = None,
    draws: Sequence[str] = (),
    more: Sequence[list[str]] = (),
    **options: str,
) -> Any:
    """A game whose first round deals `mats`; `more` are the tops of later rounds' decks."""
    decks = [deck(seats, mats, dealer, discard, draws), *more]
    return GAME.new(seats, options, seed=1, rig={"decks": decks, "dealer": dealer})


def draw_and_discard(state: Any) -> tuple[Any, list[Event]]:
    """The player to act draws and throws the card away: nothing on the mats changes."""
    (seat,) = GAME.to_act(state)
    return act(state, seat, "draw", "discard")
