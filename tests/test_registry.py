"""Every registered game comes with everything around it: a renderer, conformance invariants,
a rules page, rules examples and golden files. A new game fails here until it has them all,
and a fake game registered for the test shows that it does."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

import engine
from engine import GAMES
from engine.muppets.game import Muppets
from render.demo import NAMES
from tests.engine.invariants import INVARIANTS
from tests.golden import files

ROOT = Path(__file__).resolve().parents[1]


def renderer_gaps(key: str) -> list[str]:
    try:
        module = importlib.import_module(f"render.{key}")
    except ModuleNotFoundError:
        return [f"render/{key}.py is missing"]
    gaps = [
        f"render/{key}.py lacks {name}()"
        for name in ("table", "hand", "describe")
        if not callable(getattr(module, name, None))
    ]
    if not getattr(module, "DEMO_MOMENTS", ()):
        gaps.append(f"render/{key}.py lists no DEMO_MOMENTS")
    return gaps


def invariant_gaps(key: str) -> list[str]:
    if key in INVARIANTS:
        return []
    return [f"tests/engine/invariants.py has no invariants for {key}"]


def rules_page_gaps(key: str) -> list[str]:
    page = ROOT / "docs" / "games" / f"{key}.md"
    if not page.is_file():
        return [f"docs/games/{key}.md is missing"]
    text = page.read_text(encoding="utf-8")
    gaps = [] if GAMES[key].title in text else [f"docs/games/{key}.md never names its title"]
    if "## For developers" not in text:
        gaps.append(f"docs/games/{key}.md documents no action ids, rig or view keys")
    elif "rig" not in text.split("## For developers", 1)[1].lower():
        gaps.append(f"docs/games/{key}.md documents no rig keys")
    return gaps


def rules_example_gaps(key: str) -> list[str]:
    if list((ROOT / "tests" / "engine" / key).glob("test_*.py")):
        return []
    return [f"tests/engine/{key}/ has no rules examples"]


def golden_gaps(key: str) -> list[str]:
    gaps = []
    if not files.transcript_path(key).is_file():
        gaps.append(f"tests/golden/data/{key}/ has no transcript (--update-golden)")
    first = NAMES[0].lower()
    folder = files.picture_dir(key)
    pictures = [p.name for p in folder.glob("*.png") if files.pictured(p.name, first)]
    if not any(name.endswith("-table.png") for name in pictures):
        gaps.append(f"tests/golden/data/{key}/ has no golden pictures (--update-golden)")
    return gaps


CHECKS = {
    "renderer": renderer_gaps,
    "invariants": invariant_gaps,
    "rules page": rules_page_gaps,
    "rules examples": rules_example_gaps,
    "golden files": golden_gaps,
}


@pytest.mark.parametrize("what", sorted(CHECKS))
@pytest.mark.parametrize("key", sorted(GAMES))
def test_game_has_everything_around_it(key: str, what: str) -> None:
    assert CHECKS[what](key) == []


class _Fake(Muppets):
    """A game the rules of which exist, and nothing else."""

    key = "fakegame"
    title = "A Fake Game"


def test_a_game_with_nothing_around_it_fails_every_check(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _Fake()
    monkeypatch.setitem(engine.GAMES, fake.key, fake)
    assert fake.key in GAMES  # the registry the checks read
    for what, check in CHECKS.items():
        assert check(fake.key), f"the {what} check passes a game that has none"
