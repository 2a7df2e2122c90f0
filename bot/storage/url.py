"""Where the database is: `TINSEL_DB` as a file name, a `file:` URI or a URL.

- ``tinsel.db``, ``/data/tinsel.db``, ``file:tinsel.db?mode=ro``: a SQLite file, as before.
- ``sqlite:///tinsel.db`` (relative) and ``sqlite:////data/tinsel.db`` (absolute): a SQLite
  file named by what follows the third slash, as SQLAlchemy spells it; a query string is
  kept (``sqlite:///tinsel.db?mode=ro`` opens ``file:tinsel.db?mode=ro``).
- ``postgresql://user:password@host:5432/db`` (or ``postgres://…``): a PostgreSQL database,
  reached through asyncpg whatever driver the URL names.
"""

from __future__ import annotations

import re

from bot.storage.errors import StorageError

_URL = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*)://(.*)", re.DOTALL)


def scheme_of(url: str) -> str:
    """The backend a location names, lower case, without a ``+driver`` suffix: ``sqlite``
    for a plain file name or a ``file:`` URI."""
    match = _URL.fullmatch(url)
    if match is None or match[1].lower() == "file":
        return "sqlite"
    return match[1].lower().split("+")[0]


def sqlite_target(url: str) -> str:
    """The file name or ``file:`` URI SQLite opens for `url` (see the module docstring)."""
    match = _URL.fullmatch(url)
    if match is None or match[1].lower() == "file":
        return url
    if scheme_of(url) != "sqlite":
        raise StorageError(f"{url} is not a SQLite database: it is a {match[1]} URL.")
    rest = match[2]
    if not rest.startswith("/") or len(rest.partition("?")[0]) < 2:
        raise StorageError(
            f"cannot use the database {url}: a SQLite URL names a file after three slashes,"
            " like sqlite:///tinsel.db (or sqlite:////data/tinsel.db for an absolute path)."
        )
    path, mark, query = rest[1:].partition("?")
    return f"file:{path}?{query}" if mark else path


def postgres_url(url: str) -> str:
    """`url` as SQLAlchemy reaches PostgreSQL through asyncpg: ``postgresql+asyncpg://…``."""
    match = _URL.fullmatch(url)
    if match is None or scheme_of(url) not in ("postgresql", "postgres"):
        raise StorageError(f"{url} is not a PostgreSQL database URL.")
    return f"postgresql+asyncpg://{match[2]}"
