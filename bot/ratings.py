"""Leaderboards: a skill rating per player from finished games, with openskill.

Ratings use the Plackett–Luce model (openskill), which handles any number of players and ties.
Only games with at least two humans change ratings; computer seats are left out of the rating
update. A human whose seat was handed to the computer (after repeated timeouts, or because
they resigned) is ranked last in that game: the game counts as played, never as a win
(whatever the computer made of the seat), and its score is no best score. Games played, wins
and win rate count every finished game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

#: (user id or None for a computer, name, rank, score, won, abandoned)
ResultRow = tuple[int | None, str, int, int, int, int]

#: Shown rating = BASE + SCALE × openskill ordinal (μ − 3σ), so a newcomer starts at 1000.
BASE = 1000
SCALE = 40


@dataclass
class Standing:
    user_id: int
    name: str
    rating: float = float(BASE)
    games: int = 0
    wins: int = 0
    rated_games: int = 0
    best: int | None = None

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def standings(games: Sequence[Sequence[ResultRow]]) -> dict[int, Standing]:
    """Replay finished games (oldest first) into one standing per human player."""
    model = PlackettLuce()
    ratings: dict[int, object] = {}
    table: dict[int, Standing] = {}
    for rows in games:
        humans = [r for r in rows if r[0] is not None]
        for uid, name, _rank, score, won, abandoned in humans:
            st = table.setdefault(uid, Standing(uid, name))  # type: ignore[arg-type]
            st.name = name
            st.games += 1
            st.wins += int(bool(won) and not abandoned)
            if not abandoned:
                st.best = score if st.best is None else max(st.best, score)
        if len(humans) < 2:
            continue
        worst = max(r[2] for r in rows) + 1
        ranks = [worst if r[5] else r[2] for r in humans]
        teams = [[ratings.setdefault(r[0], model.rating(name=str(r[0])))] for r in humans]  # type: ignore[index]
        rated = model.rate(teams, ranks=ranks)  # type: ignore[arg-type]
        for r, (new,) in zip(humans, rated, strict=True):
            ratings[r[0]] = new  # type: ignore[index]
            st = table[r[0]]  # type: ignore[index]
            st.rating = BASE + SCALE * new.ordinal()
            st.rated_games += 1
    return table


def leaderboard(games: Sequence[Sequence[ResultRow]], limit: int = 15) -> list[Standing]:
    ranked = sorted(standings(games).values(), key=lambda s: (-s.rating, -s.wins, s.name))
    return ranked[:limit]
