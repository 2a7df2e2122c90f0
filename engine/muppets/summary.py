"""The `/rules` text for the Muppets game (the full rules page is docs/games/muppets.md)."""

SUMMARY = """\
## 🐸 The Muppet Christmas Carol: Spirit of Giving — 2 to 4 players
Everyone has a **row of three cards**: the outer two face up, the centre one face down (you \
may always look at your own). Three cards **match** when they share a **colour** or a \
**character**; 🌈 Wilds count as every colour and every character.

**Getting ready.** If your dealt row already matches you swap cards for new ones until it \
doesn't. The deck is cut into four stacks under the four **Story tiles** — only **Scrooge** is \
showing at first; each other tile joins the row the moment the cards above it are drawn. \
Then the race: whoever **sings a carol first** (🎶 button) goes first. If nobody sings \
within 30 seconds, the first player is drawn.

**Your turn.** Use any one revealed tile:
• **Scrooge** — draw a card, look at it, and put it in place of any card on the table (a \
centre card is replaced face down). The old card goes face up on the discard pile.
• **Past** — the same with the top card of the discard pile.
• **Present** — exchange two cards on the table (even two of one row).
• **Yet to Come** — show everyone any centre card, then use a *different* tile.

**Completing sets.** After your move every matching row scores, yours first, then clockwise:
• your own row → you take **one gift** blind;
• someone else's row → you take **two gifts**, look at both, **give one** to that player and \
keep the other (if only one gift is left, you keep it).
The completed player discards the three cards (choosing which lands on top) and draws three \
new ones; if those match too, they take another gift.

**The end.** When the gifts run out or the deck is empty (or after 60 turns each), gifts are \
turned over: gifts are worth 1–3, the highest total wins, then the most gifts; still tied \
means a shared victory.

On Discord: **My hand** shows your row, the centre cards you know and your gifts.
"""
