"""Every third-party package the code imports is declared, and the linter is pinned."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OURS = {"bot", "engine", "render", "tests", "bench"}
# Import names whose distribution is named otherwise, for optional packages that a clean
# clone (CI) has not installed, so importlib.metadata cannot map them.
NOT_INSTALLED = {"pyspiel": "open-spiel"}


def declared() -> tuple[list[str], list[str]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return project["dependencies"], project["optional-dependencies"]["test"]


def dist_name(requirement: str) -> str:
    return re.split(r"[<>=!~\[ ;]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def imported(folders: list[str]) -> set[str]:
    names: set[str] = set()
    for folder in folders:
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    names.update(a.name.split(".")[0] for a in node.names)
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names.add(node.module.split(".")[0])
    return {n for n in names if n not in OURS and n not in sys.stdlib_module_names}


def undeclared(modules: set[str], allowed: set[str]) -> list[str]:
    dists = packages_distributions()
    missing = []
    for module in sorted(modules):
        owners = {
            d.lower().replace("_", "-")
            for d in dists.get(module, [NOT_INSTALLED.get(module, module)])
        }
        if not owners & allowed:
            missing.append(module)
    return missing


def test_the_bot_imports_only_declared_packages() -> None:
    runtime, _ = declared()
    assert undeclared(imported(["bot", "engine", "render"]), {dist_name(r) for r in runtime}) == []


def test_tests_and_benchmarks_import_only_declared_packages() -> None:
    runtime, test = declared()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    bench = project["optional-dependencies"].get("bench", [])  # e.g. OpenSpiel to compare with
    allowed = {dist_name(r) for r in (*runtime, *test, *bench)}
    assert undeclared(imported(["tests", "bench"]), allowed) == []


def test_ruff_and_hypothesis_are_pinned_exactly() -> None:
    _, test = declared()
    for name in ("ruff", "hypothesis"):
        (pin,) = [r for r in test if dist_name(r) == name]
        assert re.fullmatch(rf"{name}==[0-9.]+", pin), pin
