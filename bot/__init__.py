"""Tinsel, the Discord bot: a generic game-session layer over `engine` and `render`."""
