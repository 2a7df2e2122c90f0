"""The code base stays `ruff` clean (lint and formatting), checked with the other tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args, "."], cwd=ROOT, capture_output=True, text=True
    )


def test_ruff_check() -> None:
    done = ruff("check")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format() -> None:
    done = ruff("format", "--check")
    assert done.returncode == 0, done.stdout + done.stderr
