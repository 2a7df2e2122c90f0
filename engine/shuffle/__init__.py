"""Holiday Shuffle: put ten holiday cards in calendar order on your mat (2–4 players)."""

from engine.shuffle.game import GAME

__all__ = ["GAME"]
