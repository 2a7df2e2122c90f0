"""My First Christmas Tree: build symbol rows that fit a tree of tiles, and decorate it (2
players). Work in progress (issue 20): not yet registered in `engine.GAMES`."""
