"""`engine/` and `render/` pass `mypy --strict` (configured in pyproject.toml), checked with
the other tests. Among other things this checks that every registered game satisfies
`engine.protocol.Game` with its own state and view types (see `engine/__init__.py`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_strict() -> None:
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
