"""The session layer stays layered: small files, and no bot module importing its way back to
itself (the layer diagram is in docs/bot.md)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.import_graph import find_cycle, modules

BOT = Path(__file__).resolve().parents[2] / "bot"
MAX_LINES = 400


def module_imports(path: Path, known: set[str]) -> set[str]:
    """The bot modules `path` imports at module level (including under `if TYPE_CHECKING`,
    which is a cycle all the same), not inside functions."""
    found: set[str] = set()
    pending = list(ast.parse(path.read_text(encoding="utf-8")).body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.If | ast.Try):
            pending.extend(node.body + node.orelse + getattr(node, "handlers", []))
            pending.extend(getattr(node, "finalbody", []))
        elif isinstance(node, ast.ExceptHandler):
            pending.extend(node.body)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name in known}


def graph() -> dict[str, set[str]]:
    mods = modules(BOT)
    return {name: module_imports(path, set(mods)) - {name, "bot"} for name, path in mods.items()}


def test_no_bot_file_is_over_400_lines():
    long = {
        str(path.relative_to(BOT.parent)): n
        for path in BOT.rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, f"split these (over {MAX_LINES} lines): {long}"


def test_bot_modules_import_each_other_without_a_cycle():
    edges = graph()
    assert edges.get("bot.service"), "the import graph was read"
    assert find_cycle(edges) is None, " → ".join(find_cycle(edges) or [])


def test_the_cycle_finder_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
