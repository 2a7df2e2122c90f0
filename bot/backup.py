"""`python -m bot.backup <file>`: a consistent copy of Tinsel's database, safe while the bot
runs (the newest moves may still be in SQLite's write-ahead log, `tinsel.db-wal`, so copying
`tinsel.db` alone can miss them). The database is `TINSEL_DB`, from `.env` or the environment,
as for the bot. To restore: stop the bot, put the copy in place of the database file, delete
any `-wal` and `-shm` files beside it, and start the bot. A PostgreSQL database is copied with
pg_dump instead, as this command says.
"""

from __future__ import annotations

import argparse
import sys

from bot.config import ConfigError, environment
from bot.storage import StorageError, backup


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.backup", description=__doc__)
    parser.add_argument("target", help="the file to write the copy to (replaced if it exists)")
    args = parser.parse_args(argv)
    try:
        source = environment().TINSEL_DB
    except ConfigError as err:
        print(f"tinsel: {err}", file=sys.stderr)
        return 2
    try:
        backup(source, args.target)
    except StorageError as err:
        print(f"tinsel: {err}", file=sys.stderr)
        return 4
    print(f"tinsel: copied {source} to {args.target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
