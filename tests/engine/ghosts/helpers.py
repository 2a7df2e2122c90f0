"""Small helpers for writing Ghosts of Christmas examples with a fixed deal."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from engine.ghosts import GAME
from engine.ghosts.cards import deck
from engine.protocol import Event
from tests.engine.steps import apply_all

act = partial(apply_all, GAME)


def deck_from_hands(hands: Sequence[Sequence[str]]) -> list[str]:
    """The top-first deck that deals `hands` (card k goes to seat k mod players)."""
    n = len(hands)
    assert all(len(h) == 12 for h in hands), "every hand holds 12 cards"
    flat = [hands[k % n][k // n] for k in range(12 * n)]
    assert sorted(flat) == sorted(deck(n)), "the hands must use exactly the cards in play"
    return flat


def new_game(
    hands: Sequence[Sequence[str]],
    marker: int = 0,
    more_hands: Sequence[Sequence[Sequence[str]]] = (),
    **options: str,
) -> Any:
    decks = [deck_from_hands(hands), *(deck_from_hands(h) for h in more_hands)]
    return GAME.new(len(hands), options, seed=1, rig={"decks": decks, "start": marker})


def bid(state: Any, seat: int, purple: int, red: bool = False) -> tuple[Any, list[Event]]:
    return act(state, seat, f"doors:{purple}", f"bid:{purple}:{'red' if red else 'plain'}")


def play(state: Any, seat: int, card: str, era: str) -> tuple[Any, list[Event]]:
    return act(state, seat, f"card:{card}", f"play:{card}:{era}")


def plays(state: Any, moves: Sequence[tuple[int, str, str]]) -> tuple[Any, list[Event]]:
    """Apply (seat, card, era) plays in order, collecting every event."""
    events: list[Event] = []
    for seat, card, era in moves:
        state, evs = play(state, seat, card, era)
        events += evs
    return state, events
