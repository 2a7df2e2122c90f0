"""Start-up: settings from .env and the environment, the missing-token message, the invite."""

from __future__ import annotations

import asyncio
import logging
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bot.client import invite_url
from bot.config import ConfigError, Settings

ROOT = Path(__file__).resolve().parents[2]


def test_settings_come_from_env_file_and_environment(tmp_path):
    env = tmp_path / ".env"
    env.write_text(
        "# a comment\nDISCORD_TOKEN='abc.def'\nexport TINSEL_DB=games.db\nTINSEL_DEV_GUILD=123\n"
        "TINSEL_LOG_LEVEL=debug\n\nTINSEL_BOT_DELAY=0.5\n",
        encoding="utf-8",
    )
    s = Settings.load(env, environ={})
    assert (s.token, s.database, s.dev_guild, s.log_level, s.bot_delay) == (
        "abc.def",
        "games.db",
        123,
        "DEBUG",
        0.5,
    )
    assert Settings.load(env, environ={"TINSEL_DB": "other.db"}).database == "other.db"
    defaults = Settings.load(tmp_path / "missing", environ={"DISCORD_TOKEN": "t"})
    assert (
        defaults.database == "tinsel.db"
        and defaults.dev_guild is None
        and defaults.api_base is None
    )


def test_a_missing_token_says_what_to_set(tmp_path):
    with pytest.raises(ConfigError, match="DISCORD_TOKEN"):
        Settings.load(tmp_path / "missing", environ={})
    with pytest.raises(ConfigError, match="TINSEL_DEV_GUILD"):
        Settings.load(
            tmp_path / "missing", environ={"DISCORD_TOKEN": "t", "TINSEL_DEV_GUILD": "abc"}
        )


def test_python_m_bot_without_a_token_exits_non_zero_with_one_line(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and ".env" in lines[0]


def test_invite_url_asks_for_the_scopes_and_permissions_needed():
    url = invite_url(1234)
    assert "client_id=1234" in url and "scope=bot+applications.commands" in url
    assert "permissions=" in url


async def test_the_invite_url_is_logged_at_start(fake, tmp_path, caplog):
    from tests.bot.harness import Harness

    caplog.set_level(logging.INFO, logger="bot.client")
    h = Harness(fake, tmp_path / "t.db")
    await h.start_bot()
    try:
        assert any(
            "Invite me: https://discord.com/oauth2/authorize" in r.message for r in caplog.records
        )
    finally:
        await h.stop_bot()


async def start_without_discord(tmp_path, api_base: str, gateway: str) -> tuple[int, str]:
    """Run `python -m bot` against `api_base`; its exit code and what it printed."""
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "fake-token",
        "TINSEL_DB": str(tmp_path / "t.db"),
        "TINSEL_API_BASE": api_base,
        "TINSEL_GATEWAY_URL": gateway,
    }
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=tmp_path,
        env=env,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    _, err = await asyncio.wait_for(proc.communicate(), 120)  # a guard against a hang
    assert proc.returncode is not None
    return proc.returncode, err.decode()


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize(
    ("fault", "said", "code"),
    [
        ("offline", "tinsel: cannot reach Discord", 6),
        ("token", "tinsel: Discord refused the token: check DISCORD_TOKEN", 3),
        ("intents", "tinsel: Discord refused a privileged gateway intent", 5),
    ],
)
async def test_starting_without_discord_says_why_in_one_sentence(fake, tmp_path, fault, said, code):
    api, gateway = fake.api_base, fake.gateway_url
    if fault == "offline":
        port = closed_port()
        api, gateway = f"http://127.0.0.1:{port}/api/v10", f"ws://127.0.0.1:{port}/"
    fake.refuse_token = fault == "token"
    fake.refuse_intents = fault == "intents"
    returncode, printed = await start_without_discord(tmp_path, api, gateway)
    assert returncode == code, printed
    assert "Traceback" not in printed, printed
    (line,) = [line for line in printed.splitlines() if line.startswith("tinsel:")]
    assert line.startswith(said)
