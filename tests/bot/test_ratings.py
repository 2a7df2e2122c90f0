"""Kept ratings: updated with each result, equal to replaying every result from the start.

`recomputed` is how Tinsel computed standings before they were kept (every /leaderboard
replayed every finished game of the server); the kept standings must agree with it exactly.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import sqlalchemy
from openskill.models import PlackettLuce

from bot import ratings
from bot.storage import FinishedRow, GameRow, Repository, SeatRow, open_repository
from bot.storage.legacy import MIGRATIONS
from tests.bot.test_repository import GUILD, STATE, lobby, move, read

KEYS = ("ghosts", "shuffle", "tree")
PEOPLE = (11, 12, 13, 14, 15)


def recomputed(games: Sequence[Sequence[FinishedRow]]) -> dict[int, tuple[float, int, int, int]]:
    """(rating, games, wins, rated games) per player, replaying games oldest first as
    Tinsel did before ratings were kept."""
    model = PlackettLuce()
    kept: dict[int, Any] = {}
    table: dict[int, list[Any]] = {}
    for rows in games:
        humans = [r for r in rows if r[0] is not None]
        for uid, _name, _rank, _score, won, abandoned in humans:
            st = table.setdefault(uid, [float(ratings.BASE), 0, 0, 0])  # type: ignore[arg-type]
            st[1] += 1
            st[2] += int(bool(won) and not abandoned)
        if len(humans) < 2:
            continue
        worst = max(r[2] for r in rows) + 1
        ranks = [worst if r[5] else r[2] for r in humans]
        teams = [[kept.setdefault(r[0], model.rating(name=str(r[0])))] for r in humans]
        for r, (new,) in zip(humans, model.rate(teams, ranks=ranks), strict=True):
            kept[r[0]] = new
            table[r[0]][0] = ratings.BASE + ratings.SCALE * new.ordinal()  # type: ignore[index]
            table[r[0]][3] += 1  # type: ignore[index]
    return {uid: (st[0], st[1], st[2], st[3]) for uid, st in table.items()}


def figures(standings: Sequence[ratings.Standing]) -> dict[int, tuple[float, int, int, int]]:
    return {st.user_id: (st.rating, st.games, st.wins, st.rated_games) for st in standings}


def history(seed: int, count: int) -> list[tuple[str, list[tuple[int | None, str]], list[Any]]]:
    """Seeded finished games: (game key, seats as (user id or None, name), results)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        humans = rng.sample(PEOPLE, rng.randint(1, 4))
        seats: list[tuple[int | None, str]] = [(uid, f"P{uid}") for uid in humans]
        seats += [(None, f"Bot{i}") for i in range(rng.randint(0 if len(humans) > 1 else 1, 2))]
        rng.shuffle(seats)
        ranks = sorted(rng.randint(1, len(seats)) for _ in seats)
        ranks = [r - ranks[0] + 1 for r in ranks]  # someone is first; ties happen
        rng.shuffle(ranks)
        results = [
            (
                i,
                uid,
                name,
                ranks[i],
                rng.randint(0, 40),
                ranks[i] == 1,
                uid is not None and rng.random() < 0.1,  # taken over by the computer
            )
            for i, (uid, name) in enumerate(seats)
        ]
        out.append((rng.choice(KEYS), seats, results))
    return out


async def finish(
    repo: Repository, key: str, seats: list[tuple[int | None, str]], result: list[Any]
) -> None:
    """Open, seat, start and finish one game with `result`."""
    host = next(uid for uid, _ in seats if uid is not None)
    game_id = await lobby(repo, game=key, host_id=host)
    row = await read(repo, game_id)
    row.seats = [
        SeatRow(i, uid, name, None if uid is not None else "easy")
        for i, (uid, name) in enumerate(seats)
    ]
    await repo.save_lobby(row)
    row = await read(repo, game_id)
    assert await repo.start(row, STATE, None, None)
    await move(repo, row, 0, result=result)


async def test_kept_standings_equal_a_replay_of_every_result(tmp_path: Path) -> None:
    repo = await open_repository(str(tmp_path / "t.db"))
    try:
        for key, seats, result in history(7, 60):
            await finish(repo, key, seats, result)
        for key in (None, *KEYS):
            kept = figures(await repo.standings(GUILD, key))
            assert kept == recomputed(await repo.finished_games(GUILD, key)), key
            assert len(kept) == len(PEOPLE)
        assert await repo.standings(GUILD + 1, None) == []
        mine = await repo.player_standings(GUILD, PEOPLE[0])
        assert set(mine) <= {*KEYS, ratings.ALL} and ratings.ALL in mine
        assert mine[ratings.ALL].games == sum(mine[k].games for k in KEYS if k in mine)
    finally:
        await repo.close()


def test_places_and_best_scores_count_a_taken_over_seat_last() -> None:
    rows = [(1, "Ann", 1, 30, 1, 1), (2, "Bea", 2, 20, 0, 0), (None, "Bot", 3, 5, 0, 0)]
    after = {st.user_id: st for st in ratings.play({}, rows, rated=True)}
    assert (after[1].wins, after[1].places, after[1].best) == (0, 3, None)
    assert (after[2].wins, after[2].places, after[2].best) == (0, 2, 20)
    assert after[2].rating > after[1].rating and after[1].rated_games == 1


def test_an_unrated_game_counts_but_changes_no_rating() -> None:
    rows = [(1, "Ann", 1, 30, 1, 0), (2, "Bea", 2, 20, 0, 0), (None, "Bot", 3, 5, 0, 0)]
    after = ratings.play({}, rows, rated=False)
    assert [(st.games, st.wins, st.rated_games, st.rating) for st in after] == [
        (1, 1, 0, ratings.BASE),
        (1, 0, 0, ratings.BASE),
    ]


async def make_v6(
    path: Path,
    games: list[tuple[str, list[tuple[int | None, str]], list[Any]]],
    guild: int = GUILD,
) -> None:
    """A database as schema 6 left it, with finished games and their results."""
    engine = sqlalchemy.create_engine(f"sqlite:///{path}")
    with engine.begin() as db:
        for migration in MIGRATIONS[:6]:
            migration(db)
        db.exec_driver_sql("PRAGMA user_version=6")
        for game_id, (key, seats, result) in enumerate(games, start=1):
            db.exec_driver_sql(
                "INSERT INTO games (id, game, status, guild_id, channel_id, host_id, options,"
                " seed, version, state, created, finished) VALUES (?, ?, 'finished', ?, 5, 1,"
                " '{}', 7, 9, ?, 0, ?)",
                (game_id, key, guild, json.dumps(STATE), float(game_id)),
            )
            db.exec_driver_sql(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                [(game_id, i, uid, name) for i, (uid, name) in enumerate(seats)],
            )
            db.exec_driver_sql(
                "INSERT INTO results (game_id, guild_id, game, seat, user_id, name, rank, score,"
                " won, abandoned, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(game_id, guild, key, *r, float(game_id)) for r in result],
            )
    engine.dispose()


async def test_a_v6_database_gets_kept_standings_equal_to_its_results(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    games = history(3, 40)
    await make_v6(path, games)
    repo = await open_repository(str(path))
    try:
        for key in (None, *KEYS):
            kept = figures(await repo.standings(GUILD, key))
            assert kept == recomputed(await repo.finished_games(GUILD, key)), key
        # and a game finished after the upgrade carries on from them
        await finish(repo, *history(4, 1)[0])
        assert figures(await repo.standings(GUILD, None)) == recomputed(
            await repo.finished_games(GUILD, None)
        )
        row: GameRow = await read(repo, 1)
        assert row.rated and not row.computers_unrated
    finally:
        await repo.close()


async def test_an_upgraded_server_shows_the_leaderboard_it_had(harness):
    """A server's database at schema 6, opened by this version: /leaderboard ranks and rates
    its players as the recomputation over every result did."""
    await harness.stop_bot()
    harness.db_path.unlink()
    games = history(11, 30)
    await make_v6(harness.db_path, games, harness.fake.guild_id)
    await harness.start_bot()
    ann = harness.fake.add_user("Ann")
    for key in (None, "ghosts"):
        answer = await harness.command(ann, "leaderboard", **({"game": key} if key else {}))
        text = harness.text(answer.original_id)
        shown = [
            (int(uid), int(rating.replace(",", "")))
            for uid, rating in re.findall(r"<@(\d+)> — \*\*([\d,]+)\*\*", text)
        ]
        before = recomputed(
            [[r[1:] for r in result] for k, _seats, result in games if key in (None, k)]
        )
        wins = {uid: f[2] for uid, f in before.items()}
        order = sorted(before, key=lambda uid: (-before[uid][0], -wins[uid], f"P{uid}"))
        settled = [uid for uid in order if before[uid][3] >= ratings.SETTLED]
        provisional = [uid for uid in order if before[uid][3] < ratings.SETTLED]
        assert shown == [(uid, round(before[uid][0])) for uid in settled + provisional]
