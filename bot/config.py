"""Settings from the environment and an optional `.env` file (the environment wins).

pydantic-settings reads both sources (python-dotenv parses `.env`: comments, quotes,
`export`); `Environment` names every variable Tinsel reads. What it cannot turn into a value
becomes one `ConfigError` sentence saying what to set, never a validation dump.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, ClassVar

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import (
    BaseSettings,
    DotEnvSettingsSource,
    EnvSettingsSource,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)


class ConfigError(Exception):
    """A setting is missing or malformed; the message says what to set."""


MISSING_TOKEN = (
    "DISCORD_TOKEN is not set: put DISCORD_TOKEN=<your bot token> in .env"
    " (see .env.example) or in the environment."
)
SHARD_COUNT = "TINSEL_SHARD_COUNT must be a whole number of shards, 1 or more."
SHARD_IDS = (
    "TINSEL_SHARD_IDS must be shard numbers below TINSEL_SHARD_COUNT, separated by commas"
    " (like 0,1)."
)
UNREADABLE = "{file} could not be read: save it as plain UTF-8 text (see .env.example)."

#: Where `Environment` reads from while it is built: the `.env` file, and the environment
#: variables to use instead of `os.environ` (tests), if any.
_sources: contextvars.ContextVar[tuple[Path, Mapping[str, str] | None]] = contextvars.ContextVar(
    "tinsel_sources", default=(Path(".env"), None)
)


class _Given(EnvSettingsSource):
    """Environment variables from a mapping given to `Settings.load`, not `os.environ`."""

    def __init__(self, settings_cls: type[BaseSettings], environ: Mapping[str, str]) -> None:
        self._environ = environ
        super().__init__(settings_cls)

    def _load_env_vars(self) -> Mapping[str, str | None]:
        return dict(self._environ)


class Environment(BaseSettings):
    """Every variable Tinsel reads, by its name, parsed; a blank value means the default."""

    model_config = SettingsConfigDict(
        case_sensitive=True, extra="ignore", env_file_encoding="utf-8", frozen=True
    )

    DISCORD_TOKEN: str = ""
    TINSEL_DB: str = "tinsel.db"
    TINSEL_DEV_GUILD: int | None = None
    TINSEL_LOG_LEVEL: str = "INFO"
    TINSEL_BOT_DELAY: Annotated[float, Field(allow_inf_nan=False)] = 1.5
    TINSEL_TABLE_GAP: Annotated[float, Field(allow_inf_nan=False)] = 1.0
    TINSEL_API_BASE: str | None = None
    TINSEL_GATEWAY_URL: str | None = None
    TINSEL_SHARD_COUNT: Annotated[int | None, Field(ge=1)] = None
    TINSEL_SHARD_IDS: Annotated[tuple[int, ...] | None, NoDecode] = None
    TINSEL_HEARTBEAT: Path | None = None

    #: The sentence that says what to set when a variable's value cannot be used.
    SENTENCES: ClassVar[dict[str, str]] = {
        "TINSEL_DEV_GUILD": "TINSEL_DEV_GUILD must be a server (guild) id: digits only.",
        "TINSEL_BOT_DELAY": "TINSEL_BOT_DELAY must be a number of seconds.",
        "TINSEL_TABLE_GAP": "TINSEL_TABLE_GAP must be a number of seconds.",
        "TINSEL_SHARD_COUNT": SHARD_COUNT,
        "TINSEL_SHARD_IDS": SHARD_IDS,
    }

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        env_file, environ = _sources.get()
        env = env_settings if environ is None else _Given(settings_cls, environ)
        return (init_settings, env, DotEnvSettingsSource(settings_cls, env_file=env_file))

    @field_validator("TINSEL_DEV_GUILD", mode="before")
    @classmethod
    def _digits(cls, value: Any) -> Any:
        if isinstance(value, str) and not value.isdigit():
            raise ValueError("not digits")
        return value

    @field_validator("TINSEL_LOG_LEVEL")
    @classmethod
    def _upper(cls, value: str) -> str:
        return value.upper()

    @field_validator("TINSEL_BOT_DELAY", "TINSEL_TABLE_GAP")
    @classmethod
    def _not_negative(cls, value: float) -> float:
        return max(0.0, value)

    @field_validator("TINSEL_SHARD_IDS", mode="before")
    @classmethod
    def _comma_separated(cls, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        parts = [part.strip() for part in value.split(",")]
        if not all(part.isdigit() for part in parts):
            raise ValueError("not shard numbers")
        return tuple(sorted({int(part) for part in parts}))

    @field_validator("*", mode="before")
    @classmethod
    def _blank_is_default(cls, value: Any, info: Any) -> Any:
        """Surrounding spaces do not count, and an empty value means the default. (Defined
        after the other `before` validators: pydantic runs the last defined first.)"""
        if not isinstance(value, str):
            return value
        return value.strip() or cls.model_fields[info.field_name].default


@contextmanager
def _reading(env_file: Path, environ: Mapping[str, str] | None) -> Iterator[None]:
    token = _sources.set((env_file, environ))
    try:
        yield
    finally:
        _sources.reset(token)


def environment(
    env_file: Path = Path(".env"), environ: Mapping[str, str] | None = None
) -> Environment:
    """The variables from `.env` and the environment (`environ` instead of `os.environ` if
    given), which wins; raises `ConfigError` with one sentence for a value it cannot use."""
    try:
        with _reading(env_file, environ):
            return Environment()
    except ValidationError as err:
        raise ConfigError(_sentence(err)) from None
    except (OSError, UnicodeDecodeError):
        raise ConfigError(UNREADABLE.format(file=env_file)) from None


def _sentence(err: ValidationError) -> str:
    """The sentence for the first variable whose value cannot be used."""
    first = err.errors(include_url=False)[0]
    where = str(first["loc"][0]) if first["loc"] else ""
    return Environment.SENTENCES.get(where, f"{where} cannot be used as it is set.")


@dataclass(frozen=True, slots=True)
class Settings:
    token: str
    database: str = "tinsel.db"
    dev_guild: int | None = None
    log_level: str = "INFO"
    bot_delay: float = 1.5  # seconds a computer "thinks" before it moves
    api_base: str | None = None  # e.g. a local fake Discord; None for discord.com
    gateway_url: str | None = None
    #: How many shards the bot has in all, and which of them this process runs (None: let
    #: Discord say how many, and run them all).
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    #: A file the running process rewrites while it is connected, for `python -m bot.health`
    #: (None: no file).
    heartbeat: Path | None = None
    #: How long a press's answer waits for its picture before it acknowledges the press and
    #: edits the message when the picture is ready (tests make it long: one answer each).
    quick_answer: float = 0.04
    #: The least time between two edits of a running game's table message: moves made
    #: meanwhile are shown together by one edit (Discord limits edits per channel, and a
    #: spectator loses nothing by seeing two quick moves at once). Tests make it 0
    #: (`TINSEL_TABLE_GAP`).
    table_gap: float = 1.0

    @classmethod
    def load(
        cls, env_file: Path = Path(".env"), environ: Mapping[str, str] | None = None
    ) -> Settings:
        env = environment(env_file, environ)
        if not env.DISCORD_TOKEN:
            raise ConfigError(MISSING_TOKEN)
        ids, count = env.TINSEL_SHARD_IDS, env.TINSEL_SHARD_COUNT
        if ids is not None and (count is None or any(i >= count for i in ids)):
            raise ConfigError(SHARD_IDS)
        return cls(
            token=env.DISCORD_TOKEN,
            database=env.TINSEL_DB,
            dev_guild=env.TINSEL_DEV_GUILD,
            log_level=env.TINSEL_LOG_LEVEL,
            bot_delay=env.TINSEL_BOT_DELAY,
            table_gap=env.TINSEL_TABLE_GAP,
            api_base=env.TINSEL_API_BASE,
            gateway_url=env.TINSEL_GATEWAY_URL,
            shard_count=env.TINSEL_SHARD_COUNT,
            shard_ids=env.TINSEL_SHARD_IDS,
            heartbeat=env.TINSEL_HEARTBEAT,
        )
