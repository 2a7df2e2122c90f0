"""The README and the package description say what exists and what the bot asks for."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from bot.client import PERMISSIONS, invite_url
from engine import GAMES

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_package_description_names_the_games_that_exist():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    description = project["description"]
    assert not re.search(r"\b(one|two|three|four|five|six|\d+)\b", description), description
    for game in GAMES.values():
        assert game.title.split(":")[0] in description


def test_the_readme_lists_exactly_the_invite_permissions():
    shown_as = {"read_messages": "View Channel"}  # discord.py's name for View Channel
    for name, on in PERMISSIONS:
        words = shown_as.get(name, name.replace("_", " ").title())
        assert (f"**{words}**" in README) == on, f"the README is wrong about {words}"
    assert f"permissions={PERMISSIONS.value}" in invite_url(1)
    assert f"permissions={PERMISSIONS.value}" in README and f"({PERMISSIONS.value})" in README


def test_the_readme_walks_a_newcomer_through_set_up():
    for needed in (
        "python3 -m venv .venv",
        "Reset Token",
        "no privileged gateway",
        "Copy Server ID",
        "TINSEL_DEV_GUILD",
        "Procfile",
        "TINSEL_DB=",
        "python -m pytest tests/bot/test_timers.py",
    ):
        assert needed in README, needed


def test_the_readme_gives_the_two_commands_ci_runs():
    """One command runs the bot, one runs the tests; CI runs exactly the second."""
    run = "python -m pip install . && python -m bot"
    test = 'python -m pip install -e ".[test]" && python -m pytest'
    assert run in README and test in README
    assert test in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_readme_shows_each_games_table_and_hand_at_phone_size():
    from PIL import Image

    for key in GAMES:
        for what in ("table", "hand"):
            path = f"docs/screens/{key}-{what}.png"
            assert f"]({path})" in README, path
            with Image.open(ROOT / path) as img:
                assert img.width == 400, (path, img.size)
