"""The `/rules` text for Ghosts of Christmas (the full rules page is docs/games/ghosts.md)."""

SUMMARY = """\
## 🎄 Ghosts of Christmas — 3 or 4 players
Trick-taking in three eras at once. Each **round** everyone plays one card into the **Past**, \
one into the **Present** and one into the **Future**, in any order, one card per turn.

**Cards.** Hearts ♥️, Candles 🕯️, Notes 🎵 and Scales ⚖️, numbered 1–12 (with three players \
the 1–3s are removed). **Hearts always trump.** All cards are dealt: 12 each.

**Following.** The first card into an era sets its dial to that suit. After that you must put \
a card of the dial's suit there if you hold *any* card of that suit; if you hold none, anything \
goes.

**Scoring the tricks.** When every era is full they are scored Past → Present → Future. The \
scoring suit of an era is the suit played there by whoever holds the **start marker** at that \
moment — it can differ from the dial. Highest Heart wins, else highest card of the scoring suit. \
The winner takes the marker straight away, so the Past's winner decides what counts in the \
Present.

**Bidding.** Before each hand, clockwise from the start player, bid how many tricks you will win \
by taking that many purple doors (0–12), optionally plus the red door. Exactly your purple count \
scores **2 per trick**; with the red door, purple or purple + 1 tricks score **1 per trick**. \
Anything else scores 0.

A hand is 4 rounds (12 tricks); the game is one hand per player. Most points wins; ties share \
the victory.

**Variants** (lobby options)
• **Tiny Tim** — no bidding: 0 tricks = 6 points, 1 up to 6 (3 players) or 5 (4 players) \
tricks = 1 each, more = 0.
• **Beyond** — a fourth era scored after the Future; 3 rounds per hand.
• **Later hands start with** the last trick's winner (default) or the next player in turn.

On Discord: your hand comes by DM (or press **My hand**); pick a card, then its era.
"""
