"""Holiday Fever: A Family Tradition: roll around the town of Eastern Star, shop, give speeches
and race through December to land exactly on Christmas (2–6 families).

Work in progress: only the components exist so far, as data (`board.py`: families, the town
track and the December calendar; `cards.py`: the Gifts, the Value deck and the Naughty-or-Nice
cards). The rules engine is still to be written, and the game is not registered in `/play`.
Rules page: `docs/games/fever.md`.
"""
