"""Ratings: a skill rating per player, kept up to date as each game finishes (openskill).

Ratings use the Plackett–Luce model (openskill), which handles any number of players and ties.
They are kept, not recomputed: the storage applies `play` to a server's standings in the same
transaction that stores a game's result, once per game type and once for all games together
(`ALL`). The rules:

- Only a rated game with at least two humans changes ratings; computer seats are left out of
  the rating update. A game is unrated when a computer player took part on a server that
  does not rate such games (`/settings`).
- A human whose seat was handed to the computer (after repeated timeouts, or because they
  resigned) is ranked last in that game: the game counts as played, never as a win (whatever
  the computer made of the seat), its place is the last, and its score is no best score.
- Games played, wins, places and best scores count every finished game, rated or not.
- An abandoned game stores no result and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from openskill.models import PlackettLuce

#: (user id or None for a computer, name, rank, score, won, taken over), one per seat.
ResultRow = tuple[int | None, str, int, int, int, int]

#: Shown rating = BASE + SCALE × openskill ordinal (μ − 3σ), so a newcomer starts at 1000.
BASE = 1000
SCALE = 40
#: The game key of the standings over all games together.
ALL = "*"
#: Fewer rated games than this and a player is listed apart, as provisional.
SETTLED = 3

MODEL = PlackettLuce()
_FRESH = MODEL.rating()


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's kept figures on one server, for one game type (or `ALL`)."""

    user_id: int
    name: str
    mu: float = _FRESH.mu
    sigma: float = _FRESH.sigma
    games: int = 0
    wins: int = 0
    #: The sum of the player's places (1 for first), for the average place.
    places: int = 0
    rated_games: int = 0
    best: int | None = None

    @property
    def rating(self) -> float:
        return BASE + SCALE * (self.mu - 3 * self.sigma)

    @property
    def average_place(self) -> float:
        return self.places / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def provisional(self) -> bool:
        return self.rated_games < SETTLED


def play(kept: Mapping[int, Standing], rows: Sequence[ResultRow], rated: bool) -> list[Standing]:
    """The new standings of a finished game's humans, from their `kept` ones (a player
    missing there starts fresh); `rows` is every seat, in seat order."""
    humans = [r for r in rows if r[0] is not None]
    after: dict[int, Standing] = {}
    for uid, name, rank, score, won, taken_over in humans:
        assert uid is not None
        st = kept.get(uid) or Standing(uid, name)
        after[uid] = replace(
            st,
            name=name,
            games=st.games + 1,
            wins=st.wins + int(bool(won) and not taken_over),
            places=st.places + (len(rows) if taken_over else rank),
            best=st.best if taken_over else max(score, st.best if st.best is not None else score),
        )
    if rated and len(humans) >= 2:
        worst = max(r[2] for r in rows) + 1
        ranks = [worst if r[5] else r[2] for r in humans]
        teams = [[MODEL.rating(after[r[0]].mu, after[r[0]].sigma)] for r in humans]  # type: ignore[index]
        for r, (new,) in zip(humans, MODEL.rate(teams, ranks=ranks), strict=True):  # type: ignore[arg-type]
            st = after[r[0]]  # type: ignore[index]
            after[st.user_id] = replace(
                st, mu=new.mu, sigma=new.sigma, rated_games=st.rated_games + 1
            )
    return list(after.values())


def replay(games: Iterable[tuple[Sequence[ResultRow], bool]]) -> dict[int, Standing]:
    """Standings from finished games (each with whether it was rated), oldest first."""
    table: dict[int, Standing] = {}
    for rows, rated in games:
        table.update((st.user_id, st) for st in play(table, rows, rated))
    return table


def ranked(standings: Iterable[Standing]) -> tuple[list[Standing], list[Standing]]:
    """The leaderboard's order, best first: (settled players, provisional players)."""
    order = sorted(standings, key=lambda s: (-s.rating, -s.wins, s.name))
    return [s for s in order if not s.provisional], [s for s in order if s.provisional]
