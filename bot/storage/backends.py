"""Open a `Repository` from where `TINSEL_DB` says the database is (see `bot.storage.url`).

A backend is three functions of that location: `preflight`, a quick synchronous check run
before the bot connects to Discord, `open`, and `backup` (`python -m bot.backup`). Adding one
(PostgreSQL) means a `Backend` here and a package beside `bot.storage.sqlite`; the rest of the
bot only sees `Repository`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.storage.errors import StorageError
from bot.storage.repository import Repository
from bot.storage.sqlite.connection import backup as sqlite_backup
from bot.storage.sqlite.connection import preflight as sqlite_preflight
from bot.storage.sqlite.queries import SqliteRepository
from bot.storage.url import scheme_of


@dataclass(frozen=True, slots=True)
class Backend:
    preflight: Callable[[str], None]
    open: Callable[[str], Awaitable[Repository]]
    #: A consistent copy of the database into a file, safe while the bot runs.
    backup: Callable[[str, str], None]


BACKENDS: dict[str, Backend] = {
    "sqlite": Backend(sqlite_preflight, SqliteRepository.open, sqlite_backup),
}

#: Schemes with a backend planned but not written yet.
PLANNED = {"postgresql": "PostgreSQL", "postgres": "PostgreSQL"}


def backend(url: str) -> Backend:
    """The backend for `url`; StorageError with a sentence for the operator if none."""
    scheme = scheme_of(url)
    if scheme in BACKENDS:
        return BACKENDS[scheme]
    if scheme in PLANNED:
        raise StorageError(
            f"{PLANNED[scheme]} is not available yet: Tinsel stores its games in SQLite for"
            " now. Set TINSEL_DB to a file name such as tinsel.db (or sqlite:///tinsel.db)."
        )
    raise StorageError(
        f"cannot use the database {url}: Tinsel does not know {scheme}:// databases. Set"
        " TINSEL_DB to a file name such as tinsel.db (or sqlite:///tinsel.db)."
    )


def preflight(url: str) -> None:
    """Check, before anything else starts, that `url` names a database Tinsel can use and
    write; raises StorageError saying why not."""
    backend(url).preflight(url)


async def open_repository(url: str) -> Repository:
    """Open (and migrate) the database `url` names: a file name, a `file:` URI, or a
    `sqlite:///` URL. Raises StorageError for a backend that is not available."""
    return await backend(url).open(url)


def backup(url: str, target: str) -> None:
    """Copy the database `url` names into the file `target`, while the bot may be running;
    raises StorageError saying why not."""
    backend(url).backup(url, target)
