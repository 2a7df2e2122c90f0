"""The Muppet Christmas Carol: Spirit of Giving: complete sets in anyone's row for gifts (2–4)."""

from engine.muppets.game import GAME

__all__ = ["GAME"]
