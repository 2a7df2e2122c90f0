"""No engine module imports its way back to itself, not even through an import tucked inside a
function (which only hides a cycle until the function runs): each game's rules, computer
players, narration and data stay layered."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.import_graph import find_cycle, modules

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def module_imports(path: Path, known: set[str]) -> set[str]:
    """The engine modules `path` imports anywhere in it: at module level, under `if`, inside
    functions. `from a.b import c` imports the module `a.b.c` when there is one, else `a.b`."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if sub in known else node.module)
    return found & known


def graph() -> dict[str, set[str]]:
    mods = modules(ENGINE)
    return {name: module_imports(path, set(mods)) - {name} for name, path in mods.items()}


def test_engine_modules_import_each_other_without_a_cycle() -> None:
    edges = graph()
    assert "engine.muppets.cards" in edges.get("engine.muppets.ai", set()), "the graph was read"
    cycle = find_cycle(edges)
    assert cycle is None, " → ".join(cycle or [])


def test_an_import_inside_a_function_counts(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from engine.muppets.ai import EASY\n", encoding="utf-8")
    assert module_imports(module, set(modules(ENGINE))) == {"engine.muppets.ai"}
