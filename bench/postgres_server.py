"""A throwaway PostgreSQL server for a bench run (as the test suite starts one: the server
binaries of Debian's `postgresql` package, run as another user when the bench runs as root)."""

from __future__ import annotations

import contextlib
import socket
import tempfile
from collections.abc import Iterator
from pathlib import Path

from pytest_postgresql.executors import PostgreSQLExecutor
from pytest_postgresql.janitor import DatabaseJanitor

from tests.bot.postgres import PG_CTL, SKIPPED, WRAPPER


@contextlib.contextmanager
def throwaway_postgres(folder: Path) -> Iterator[str]:
    """A PostgreSQL server of our own for the bench, with an empty database: its URL."""
    if PG_CTL is None:
        raise SystemExit(SKIPPED.replace("PostgreSQL tests skipped", "cannot run on PostgreSQL"))
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = PostgreSQLExecutor(
        executable=WRAPPER,
        host="127.0.0.1",
        port=port,
        datadir=str(folder / "pgdata"),
        unixsocketdir=tempfile.gettempdir(),
        logfile=str(folder / "pg.log"),
        startparams="-w",
        dbname="tinsel",
    )
    server.start()
    try:
        janitor = DatabaseJanitor(user="postgres", host="127.0.0.1", port=port, dbname="tinsel")
        janitor.init()
        yield f"postgresql://postgres@127.0.0.1:{port}/tinsel"
    finally:
        server.stop()
