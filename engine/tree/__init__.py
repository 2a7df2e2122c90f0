"""My First Christmas Tree: build symbol rows that fit a tree of tiles, and decorate it (2
players)."""

from engine.tree.game import GAME

__all__ = ["GAME"]
