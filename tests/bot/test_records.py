"""Per-server records and keepsake notes in storage, and the "New record!" decision: the best
human score per game, first reached keeps it; computers and taken-over seats never count."""

from __future__ import annotations

import pytest

from bot import records
from bot.storage import Repository
from tests.bot.test_repository import ANN, GUILD, backend, move, read, repo, running, url

__all__ = ["backend", "repo", "url"]  # the fixtures, for pytest: each backend in turn

BEA = 2002


@pytest.fixture
def store(repo: Repository) -> Repository:
    return repo


def result(ann: int, bea: int, robo: int, ann_gave_up: bool = False) -> list:
    """Ann and Bea (humans) and a computer, with these scores."""
    scores = {0: ann, 1: robo, 2: bea}
    ranks = {s: 1 + sum(v > scores[s] for v in scores.values()) for s in scores}
    return [
        (0, ANN, "Ann", ranks[0], ann, ranks[0] == 1, ann_gave_up),
        (1, None, "Robo", ranks[1], robo, ranks[1] == 1, False),
        (2, BEA, "Bea", ranks[2], bea, ranks[2] == 1, False),
    ]


async def finish(repo: Repository, rows: list, game: str = "ghosts", guild: int = GUILD):
    row = await running(repo, game=game, guild_id=guild)
    await move(repo, row, 0, result=rows)
    return await read(repo, row.id)


async def test_the_first_game_sets_the_record_quietly_and_only_a_better_one_beats_it(
    store: Repository,
) -> None:
    repo = store
    assert await repo.records(GUILD) == []
    first = await finish(repo, result(ann=10, bea=7, robo=30))
    assert await records.new_record(repo, first) is None, "nothing was beaten: no news"
    (held,) = await repo.records(GUILD)
    assert (held.user_id, held.score) == (ANN, 10), "the computer's 30 does not count"
    tie = await finish(repo, result(ann=3, bea=10, robo=0))
    assert await records.new_record(repo, tie) is None, "a tie does not beat the record"
    worse = await finish(repo, result(ann=8, bea=2, robo=0))
    assert await records.new_record(repo, worse) is None
    better = await finish(repo, result(ann=4, bea=11, robo=0))
    news = await records.new_record(repo, better) or ""
    assert news.startswith(
        "🏅 **New record!** Bea reached **11 points** in game #4 of *Ghosts of Christmas*,"
        " beating Ann's 10 points from game #1."
    )
    assert "Only people's own scores count" in news
    (best,) = await repo.records(GUILD, "ghosts")
    assert (best.game_id, best.user_id, best.score, best.players) == (4, BEA, 11, 3)
    assert best.finished > 0


async def test_a_seat_the_computer_took_over_sets_no_record(store: Repository) -> None:
    repo = store
    await finish(repo, result(ann=50, bea=5, robo=0, ann_gave_up=True))
    (best,) = await repo.records(GUILD)
    assert best.user_id == BEA and best.score == 5


async def test_records_are_per_game_and_per_server(store: Repository) -> None:
    repo = store
    await finish(repo, result(ann=10, bea=7, robo=0))
    await finish(repo, result(ann=900, bea=7, robo=0), game="fever")
    await finish(repo, result(ann=99, bea=7, robo=0), guild=GUILD + 1)
    found = {r.game: r.score for r in await repo.records(GUILD)}
    assert found == {"fever": 900, "ghosts": 10}
    board = await records.board(repo, GUILD, "fever")
    assert board is not None and "family record: Ann, **$900**" in board
    assert "<t:" in board and "3 players" in board
    assert await records.board(repo, GUILD + 2, None) is None


async def test_a_keepsake_note_is_kept_once_per_player_and_only_for_a_finished_game(
    store: Repository,
) -> None:
    repo = store
    row = await running(repo, game="fever")
    assert not await repo.save_note(row.id, ANN, "Ann", "too soon"), "not finished yet"
    await move(repo, row, 0, result=result(ann=10, bea=7, robo=0))
    assert await repo.save_note(row.id, ANN, "Ann", "first words")
    assert await repo.save_note(row.id, BEA, "Bea", "hello")
    assert await repo.save_note(row.id, ANN, "Ann", "second thoughts")
    notes = await repo.notes(row.id)
    assert sorted((n.user_id, n.text) for n in notes) == [(ANN, "second thoughts"), (BEA, "hello")]
    newest = await repo.newest_notes(GUILD, "fever", 5)
    assert {n.text for n in newest} == {"second thoughts", "hello"}
    assert await repo.newest_notes(GUILD, "ghosts") == []


async def test_history_lists_finished_games_newest_first_by_game_and_player(
    store: Repository,
) -> None:
    repo = store
    assert await repo.history(GUILD) == (0, [])
    await finish(repo, result(ann=10, bea=7, robo=0))  # 1
    await finish(repo, result(ann=900, bea=7, robo=0), game="fever")  # 2
    await finish(repo, result(ann=99, bea=7, robo=0), guild=GUILD + 1)  # 3: elsewhere
    unfinished = await running(repo)  # 4: still running
    solo = await running(repo)  # 5: Ann and the computer only
    await move(repo, solo, 0, result=[(0, ANN, "Ann", 1, 3, True, False)])
    total, rows = await repo.history(GUILD)
    assert total == 3 and [r.game_id for r in rows] == [5, 2, 1]
    assert unfinished.id not in [r.game_id for r in rows]
    first = rows[-1]
    assert (first.game, first.channel_id, first.finished > 0) == ("ghosts", 500, True)
    assert [(uid, name, won) for uid, name, _, _, won, _ in first.seats] == [
        (ANN, "Ann", 1),
        (None, "Robo", 0),
        (BEA, "Bea", 0),
    ]
    assert [r.game_id for r in (await repo.history(GUILD, "ghosts"))[1]] == [5, 1]
    assert await repo.history(GUILD, user_id=BEA) == (2, (await repo.history(GUILD, None, BEA))[1])
    assert [r.game_id for r in (await repo.history(GUILD, None, BEA))[1]] == [2, 1]
    assert [r.game_id for r in (await repo.history(GUILD, offset=1, limit=1))[1]] == [2]
    assert (await repo.history(GUILD, offset=5))[0] == 3
