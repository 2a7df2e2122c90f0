"""`engine.kept.Kept`: the last answers, by key, shared safely between threads."""

from __future__ import annotations

import threading

from engine.kept import Kept


def test_an_answer_is_worked_out_once_and_the_oldest_is_dropped() -> None:
    kept: Kept[int, str] = Kept(2)
    asked: list[int] = []

    def answer(k: int) -> str:
        return kept.get(k, lambda: asked.append(k) or f"#{k}")

    assert [answer(1), answer(1), answer(2), answer(3), answer(2), answer(1)] == [
        "#1",
        "#1",
        "#2",
        "#3",
        "#2",
        "#1",
    ]
    assert asked == [1, 2, 3, 1], "1 was dropped when 3 came"


def test_threads_sharing_it_get_the_answers_they_would_alone() -> None:
    kept: Kept[int, int] = Kept(8)
    wrong: list[tuple[int, int]] = []
    start = threading.Barrier(4)

    def ask(offset: int) -> None:
        start.wait()
        for i in range(20_000):
            key = (i * 7 + offset) % 50
            if (got := kept.get(key, lambda k=key: k * k)) != key * key:
                wrong.append((key, got))

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []
