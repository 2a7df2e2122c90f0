"""Answers kept for the questions a computer player is asked again and again.

A search plays the same position out on many imagined deals, so a player's valuation is
asked the same questions many times; keeping the last answers (by everything the answer
depends on) saves that work without changing any answer. The bot runs computer players on
several threads at once, so a `Kept` may be shared between threads: reads are single dict
lookups, and inserting and dropping the oldest happen under a lock.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")


class Kept(Generic[K, T]):
    """The answers to the last `size` keys asked, the oldest dropped first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._answers: dict[K, T] = {}
        self._lock = threading.Lock()

    def get(self, key: K, work_out: Callable[[], T]) -> T:
        """The answer kept for `key`, else `work_out()`'s, kept from now on."""
        got = self._answers.get(key)
        if got is None:
            made = work_out()
            with self._lock:
                got = self._answers.setdefault(key, made)
                if len(self._answers) > self.size:
                    del self._answers[next(iter(self._answers))]
        return got

    def clear(self) -> None:
        with self._lock:
            self._answers.clear()
