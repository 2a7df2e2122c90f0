"""A throwaway PostgreSQL server for the repository's contract tests (pytest-postgresql).

`postgresql_proc` starts one server per test process (each pytest-xdist worker its own, on
its own port); `postgres_url` gives each test a fresh, empty database on it. Without the
server binaries (pg_ctl on PATH or in /usr/lib/postgresql/*/bin) the PostgreSQL tests are
skipped with one line saying how to get them. As root, pg_ctl runs as another user
(`pg_ctl_as_user`), since PostgreSQL refuses to run as root.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_postgresql import factories
from pytest_postgresql.executors import PostgreSQLExecutor
from pytest_postgresql.janitor import DatabaseJanitor

SKIPPED = (
    "PostgreSQL tests skipped: no pg_ctl found; install the postgresql package"
    " (apt-get install postgresql) to run them"
)


def find_pg_ctl() -> str | None:
    """pg_ctl on PATH, else the newest in Debian's /usr/lib/postgresql/*/bin."""
    found = shutil.which("pg_ctl")
    if found:
        return found
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    return candidates[-1] if candidates else None


PG_CTL = find_pg_ctl()
WRAPPER = str(Path(__file__).with_name("pg_ctl_as_user"))
if PG_CTL is not None:
    os.environ.setdefault("TINSEL_PG_CTL", PG_CTL)

postgresql_proc = factories.postgresql_proc(executable=WRAPPER, port=None)

_numbers = itertools.count(1)


@pytest.fixture
def postgres_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh database on the throwaway server, as a ``postgresql://`` URL."""
    if PG_CTL is None:
        pytest.skip(SKIPPED)
    proc: PostgreSQLExecutor = request.getfixturevalue("postgresql_proc")
    name = f"tinsel_{os.getpid()}_{next(_numbers)}"
    janitor = DatabaseJanitor(
        user=proc.user,
        host=proc.host,
        port=proc.port,
        dbname=name,
        password=proc.password,
    )
    janitor.init()
    try:
        yield f"postgresql://{proc.user}@{proc.host}:{proc.port}/{name}"
    finally:
        janitor.drop()
