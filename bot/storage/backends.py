"""Open a `Repository` from where `TINSEL_DB` says the database is (see `bot.storage.url`).

A backend is three functions of that location: `preflight`, a quick synchronous check run
before the bot connects to Discord, `open`, and `backup` (`python -m bot.backup`). Both
backends open the same `SqlRepository` (SQLAlchemy Core); they differ in the checks and the
backup only.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.storage.errors import StorageError
from bot.storage.repository import Repository
from bot.storage.sql import postgres, sqlite_file
from bot.storage.sql.repository import SqlRepository
from bot.storage.url import scheme_of


@dataclass(frozen=True, slots=True)
class Backend:
    preflight: Callable[[str], None]
    open: Callable[[str], Awaitable[Repository]]
    #: A consistent copy of the database into a file, safe while the bot runs.
    backup: Callable[[str, str], None]


_POSTGRES = Backend(postgres.preflight, SqlRepository.open, postgres.backup)
BACKENDS: dict[str, Backend] = {
    "sqlite": Backend(sqlite_file.preflight, SqlRepository.open, sqlite_file.backup),
    "postgresql": _POSTGRES,
    "postgres": _POSTGRES,
}


def backend(url: str) -> Backend:
    """The backend for `url`; StorageError with a sentence for the operator if none."""
    scheme = scheme_of(url)
    if scheme in BACKENDS:
        return BACKENDS[scheme]
    raise StorageError(
        f"cannot use the database {url}: Tinsel does not know {scheme}:// databases. Set"
        " TINSEL_DB to a file name such as tinsel.db (or sqlite:///tinsel.db), or to a"
        " PostgreSQL URL such as postgresql://user:password@host/tinsel."
    )


def preflight(url: str) -> None:
    """Check, before anything else starts, that `url` names a database Tinsel can use and
    write; raises StorageError saying why not."""
    backend(url).preflight(url)


async def open_repository(url: str) -> Repository:
    """Open (and migrate) the database `url` names: a file name, a `file:` URI, a
    `sqlite:///` URL or a `postgresql://` URL."""
    return await backend(url).open(url)


def backup(url: str, target: str) -> None:
    """Copy the database `url` names into the file `target`, while the bot may be running;
    raises StorageError saying why not (PostgreSQL: use pg_dump)."""
    backend(url).backup(url, target)
