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
from bot.config import SHARD_COUNT, SHARD_IDS, ConfigError, Settings
from tests.bot.test_stopping import spawn

ROOT = Path(__file__).resolve().parents[2]


def test_settings_come_from_env_file_and_environment(tmp_path):
    env = tmp_path / ".env"
    env.write_text(
        "# a comment\nDISCORD_TOKEN='abc.def'\nexport TINSEL_DB=games.db\nTINSEL_DEV_GUILD=123\n"
        "TINSEL_LOG_LEVEL=debug\n\nTINSEL_BOT_DELAY=0.5\nTINSEL_TABLE_GAP=0\n",
        encoding="utf-8",
    )
    s = Settings.load(env, environ={})
    assert (s.token, s.database, s.dev_guild, s.log_level, s.bot_delay, s.table_gap) == (
        "abc.def",
        "games.db",
        123,
        "DEBUG",
        0.5,
        0.0,
    )
    assert Settings.load(env, environ={"TINSEL_DB": "other.db"}).database == "other.db"
    defaults = Settings.load(tmp_path / "missing", environ={"DISCORD_TOKEN": "t"})
    assert (
        defaults.database == "tinsel.db"
        and defaults.dev_guild is None
        and defaults.api_base is None
        and defaults.table_gap == 1.0
    )


def test_a_missing_token_says_what_to_set(tmp_path):
    with pytest.raises(ConfigError, match="DISCORD_TOKEN"):
        Settings.load(tmp_path / "missing", environ={})
    with pytest.raises(ConfigError, match="TINSEL_DEV_GUILD"):
        Settings.load(
            tmp_path / "missing", environ={"DISCORD_TOKEN": "t", "TINSEL_DEV_GUILD": "abc"}
        )


@pytest.mark.parametrize(
    ("variable", "value", "said"),
    [
        ("TINSEL_DEV_GUILD", "-12", "TINSEL_DEV_GUILD must be a server (guild) id: digits only."),
        ("TINSEL_BOT_DELAY", "soon", "TINSEL_BOT_DELAY must be a number of seconds."),
        ("TINSEL_BOT_DELAY", "nan", "TINSEL_BOT_DELAY must be a number of seconds."),
        ("TINSEL_TABLE_GAP", "often", "TINSEL_TABLE_GAP must be a number of seconds."),
        ("TINSEL_TABLE_GAP", "inf", "TINSEL_TABLE_GAP must be a number of seconds."),
        ("TINSEL_SHARD_COUNT", "0", SHARD_COUNT),
        ("TINSEL_SHARD_COUNT", "two", SHARD_COUNT),
        ("TINSEL_SHARD_COUNT", "1.5", SHARD_COUNT),
    ],
)
def test_a_value_that_cannot_be_used_gets_one_sentence(tmp_path, variable, value, said):
    with pytest.raises(ConfigError) as caught:
        Settings.load(tmp_path / "missing", environ={"DISCORD_TOKEN": "t", variable: value})
    assert str(caught.value) == said


def test_shards_come_as_a_count_and_the_ids_this_process_runs(tmp_path):
    def load(**environ: str) -> Settings:
        return Settings.load(tmp_path / "missing", environ={"DISCORD_TOKEN": "t", **environ})

    assert (load().shard_count, load().shard_ids) == (None, None)
    assert load(TINSEL_SHARD_COUNT="4").shard_count == 4
    both = load(TINSEL_SHARD_COUNT=" 4 ", TINSEL_SHARD_IDS="3, 1,1")
    assert (both.shard_count, both.shard_ids) == (4, (1, 3))
    assert load(TINSEL_SHARD_COUNT="2", TINSEL_SHARD_IDS="").shard_ids is None
    for count, ids in [(None, "0"), ("2", "2"), ("2", "0,,1"), ("2", "[0,1]"), ("2", "-1")]:
        environ = {"TINSEL_SHARD_IDS": ids} | ({"TINSEL_SHARD_COUNT": count} if count else {})
        with pytest.raises(ConfigError) as caught:
            load(**environ)
        assert str(caught.value) == SHARD_IDS


def test_blank_values_mean_the_defaults_and_the_environment_wins(tmp_path):
    env = tmp_path / ".env"
    env.write_text(
        "DISCORD_TOKEN=from-file\nTINSEL_DB=file.db\nTINSEL_DEV_GUILD=\nTINSEL_BOT_DELAY=-2\n"
        "TINSEL_API_BASE=\nTINSEL_HEARTBEAT=/tmp/beat\n",
        encoding="utf-8",
    )
    s = Settings.load(env, environ={"DISCORD_TOKEN": " from-env ", "TINSEL_DB": "  "})
    assert (s.token, s.database, s.dev_guild, s.bot_delay, s.api_base) == (
        "from-env",
        "tinsel.db",
        None,
        0.0,
        None,
    )
    assert s.heartbeat == Path("/tmp/beat")


def test_an_env_file_that_is_not_text_gets_one_sentence(tmp_path):
    env = tmp_path / ".env"
    env.write_bytes(b"DISCORD_TOKEN=\xff\xfe\n")
    with pytest.raises(ConfigError, match=r"\.env could not be read: save it as plain UTF-8"):
        Settings.load(env, environ={})


def test_python_m_bot_with_a_bad_value_exits_with_one_line(tmp_path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=t\nTINSEL_SHARD_IDS=0,1\n", encoding="utf-8")
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [f"tinsel: {SHARD_IDS}"]


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
    proc = await spawn(env, tmp_path)
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
