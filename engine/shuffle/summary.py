"""The `/rules` text for Holiday Shuffle (the full rules page is docs/games/shuffle.md)."""

SUMMARY = """\
## 📅 Holiday Shuffle — 2 to 4 players
Get the ten cards on your mat into **calendar order**, January on the left, December on the \
right. The first to do it wins the round.

**Cards.** 78 in all: 60 **Holidays** and 12 **Celebrations**, each on its own date of 2004 \
(six per month), and 6 **Wilds** that stand for any date not already on your mat.

**Set-up.** Ten cards are dealt face up onto each mat, in the order they come. One card starts \
the discard pile; the rest are the draw pile. The player left of the dealer starts.

**Your turn.** Either **take the discard** — then you must swap it into a slot — or **draw**: \
only you see the card, and you swap it into a slot or discard it. The card you replace goes on \
the discard pile.

**Celebrations** act when you *keep* one (never when dealt, switched or traded): **SWITCH** \
two of your own cards, **TRADE** one of your cards for one on another mat, or **+TURN**: take \
another turn (these can chain). Every effect is optional.

**Round end.** As soon as a mat is in strict date order, that player wins the round. When the \
draw pile runs out the discard pile is turned over (not shuffled); the third time it would be \
needed the round ends with no winner (so does a round of 200 turns).

**Scoring.** Everyone scores the cards in order from the left (at least 1; the winner 10), plus \
*n* points for each run of *n* ≥ 3 neighbours in consecutive months (Dec → Jan does not count) \
and for each run of *n* ≥ 3 neighbours in the same month in date order. Wilds get the dates that \
score best — except that the round winner's Wilds keep their mat in order.

Three rounds, the deal passing left (lobby option: **one round**). Most points wins; ties share \
the victory.

On Discord: press **Take the discard** or **Draw**, then pick the slot. Your drawn card comes \
by DM (or press **My hand**).
"""
