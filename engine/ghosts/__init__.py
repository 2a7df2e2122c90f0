"""Ghosts of Christmas: trick-taking into Past, Present and Future (3–4 players)."""

from engine.ghosts.game import GAME

__all__ = ["GAME"]
