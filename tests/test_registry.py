"""Every registered game comes with everything around it: a renderer, conformance invariants,
a rules page, rules examples and golden files. A new game fails here until it has them all."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from engine import GAMES
from render.demo import NAMES
from tests.engine.invariants import INVARIANTS
from tests.golden import files

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_game_has_a_renderer(key: str) -> None:
    module = importlib.import_module(f"render.{key}")
    for name in ("table", "hand", "describe"):
        assert callable(getattr(module, name, None)), f"render/{key}.py lacks {name}()"
    assert getattr(module, "DEMO_MOMENTS", ()), f"render/{key}.py lists no DEMO_MOMENTS"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_game_has_invariants(key: str) -> None:
    assert key in INVARIANTS, f"tests/engine/invariants.py has no invariants for {key}"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_game_has_a_rules_page(key: str) -> None:
    page = ROOT / "docs" / "games" / f"{key}.md"
    assert page.is_file(), f"docs/games/{key}.md is missing"
    text = page.read_text(encoding="utf-8")
    assert GAMES[key].title in text
    assert "## For developers" in text, "the page documents no action ids, rig or view keys"
    assert "rig" in text.split("## For developers", 1)[1].lower()


@pytest.mark.parametrize("key", sorted(GAMES))
def test_game_has_rules_examples(key: str) -> None:
    folder = ROOT / "tests" / "engine" / key
    assert list(folder.glob("test_*.py")), f"tests/engine/{key}/ has no rules examples"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_game_has_golden_files(key: str) -> None:
    assert files.transcript_path(key).is_file(), "no golden transcript (--update-golden)"
    first = NAMES[0].lower()
    pictures = [p for p in files.picture_dir(key).glob("*.png") if files.pictured(p.name, first)]
    assert any(p.name.endswith("-table.png") for p in pictures), "no golden pictures"
