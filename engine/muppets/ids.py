"""Action ids that the rules (game.py) and the computer players (ai.py) both name: kept here so
neither module imports the other's way back."""

from __future__ import annotations

BACK = "back"
SING = "sing"
PASS = "pass"
