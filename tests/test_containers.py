"""The container files hold together (no Docker needed: the image cannot be built offline).

The Dockerfile copies only what exists and what .dockerignore lets through, runs as a user of
its own with a health check, and installs no test extras; compose.yaml runs PostgreSQL on a
volume with a health check, and one bot process per shard, given time to stop gracefully.
"""

from __future__ import annotations

import fnmatch
import re
import shlex
import tomllib
from pathlib import Path

from bot.stopping import GRACE

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = (ROOT / "Dockerfile").read_text(encoding="utf-8")
COMPOSE = (ROOT / "compose.yaml").read_text(encoding="utf-8")


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments), continuation lines joined, comments left out."""
    joined = re.sub(r"\\\n\s*", " ", DOCKERFILE)
    found = []
    for line in joined.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            found.append((word.upper(), rest.strip()))
    return found


def ignored(path: str) -> bool:
    patterns = [
        p.strip()
        for p in (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
        if p.strip() and not p.startswith("#")
    ]
    parts = Path(path).parts
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    return any(
        fnmatch.fnmatch(prefix, pattern.removeprefix("**/"))
        or fnmatch.fnmatch(parts[i], pattern.removeprefix("**/"))
        for pattern in patterns
        for i, prefix in enumerate(prefixes)
    )


def test_every_file_the_dockerfile_copies_exists_and_is_sent_to_the_build():
    copies = [shlex.split(args) for word, args in instructions() if word == "COPY"]
    sources = [src for args in copies if not args[0].startswith("--from") for src in args[:-1]]
    assert {"pyproject.toml", "README.md", "engine", "render", "bot"} <= set(sources)
    for src in sources:
        assert (ROOT / src).exists(), f"COPY {src}: no such file"
        assert not ignored(src), f"COPY {src}: .dockerignore leaves it out of the build"
    for secret in (".env", "tinsel.db", ".git", "tests"):
        assert ignored(secret), f"{secret} must stay out of the image"


def test_the_image_is_slim_runs_as_its_own_user_and_checks_its_health():
    steps = instructions()
    assert all(args.split()[0] == "python:3.11-slim" for word, args in steps if word == "FROM")
    last_from = max(i for i, (word, _) in enumerate(steps) if word == "FROM")
    final = steps[last_from:]
    users = [args for word, args in final if word == "USER"]
    assert users and users[-1] not in ("root", "0"), "the bot runs as a user of its own"
    (health,) = [args for word, args in final if word == "HEALTHCHECK"]
    assert '"bot.health"' in health
    assert ("CMD", '["python", "-m", "bot"]') in final
    assert ("STOPSIGNAL", "SIGTERM") in final
    env = " ".join(args for word, args in final if word == "ENV")
    assert "TINSEL_HEARTBEAT=" in env, "the health check reads the heartbeat the bot writes"
    installs = [args for word, args in steps if word == "RUN" and "pip install" in args]
    assert installs and all(args.rstrip().endswith(" .") for args in installs), "no extras"


def test_the_fonts_the_pictures_use_are_in_the_package():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "fonts/*.ttf" in project["tool"]["setuptools"]["package-data"]["render"]
    assert list((ROOT / "render" / "fonts").glob("*.ttf"))


def service(name: str) -> str:
    """The lines of one service in compose.yaml (services sit at two spaces' indent)."""
    match = re.search(rf"^  {name}:\n((?:    .*\n|\n)*)", COMPOSE, re.MULTILINE)
    assert match, f"compose.yaml has no service {name}"
    return match.group(1)


def test_compose_runs_postgres_on_a_volume_with_a_health_check():
    postgres = service("postgres")
    assert "image: postgres:16" in postgres
    assert "pg_isready" in postgres
    volume = re.search(r"- ([\w-]+):/var/lib/postgresql/data", postgres)
    assert volume, "the data lives on a named volume"
    assert re.search(rf"^volumes:\n  {volume.group(1)}:", COMPOSE, re.MULTILINE)


def test_compose_runs_one_bot_process_per_shard():
    bot = COMPOSE[COMPOSE.index("x-bot: &bot") : COMPOSE.index("services:")]
    count = int(re.search(r'TINSEL_SHARD_COUNT: "(\d+)"', bot).group(1))  # type: ignore[union-attr]
    assert count == 2
    assert "condition: service_healthy" in bot and "restart: unless-stopped" in bot
    assert re.search(r"TINSEL_DB: postgresql://tinsel:\$\{POSTGRES_PASSWORD[^}]*\}@postgres/", bot)
    assert "DISCORD_TOKEN: ${DISCORD_TOKEN" in bot
    grace = re.search(r"stop_grace_period: (\d+)s", bot)
    assert grace and int(grace.group(1)) > GRACE, "time to stop gracefully before a SIGKILL"
    for shard in range(count):
        lines = service(f"shard{shard}")
        assert "<<: *bot" in lines and f'TINSEL_SHARD_IDS: "{shard}"' in lines
