"""Holiday Fever: A Family Tradition: roll around the town of Eastern Star, shop, give speeches
and race through December to land exactly on Christmas (2–6 families).

The components are data (`board.py`, `cards.py`); the rules are an agenda of small tasks
(`game.py` and the modules it names); the computer players are in `ai.py`. Rules page:
`docs/games/fever.md`.
"""

from engine.fever.game import GAME

__all__ = ["GAME"]
