"""The `/rules` text for Holiday Fever (the full rules page is docs/games/fever.md)."""

SUMMARY = """\
## 🎄 Holiday Fever: A Family Tradition — 2 to 6 families
Roll two dice around the 40 spaces of Eastern Star: shop, pay bills, collect windfalls and \
give short **speeches** for Christmas Spirit ★. No cash: your **score card** lists debts and \
deposits, and only the end counts.

**Gifts** lie face down in a row before you; each is worth the **Value cards** under it \
(Coal counts against you). **Lights** and **Ornaments** are $100 each, at most 3 of each. \
Each ★ forgives one debt entry, oldest first. Your **Stocking** protects one Gift.

**Your turn.** Before rolling you may lay your Stocking or play an Anytime card. Doubles \
collect the total × $10. Do what the space says: stores sell up to N items for one price \
(Gift + Value, Value, Light, Ornament); Estate Sale and Holiday Auction take other families' \
Gifts by their place in the row; Naughty-or-Nice cards are played now or held.

**Two ways to Christmas.**
• **Decorate your tree**: with 3 Lights and 3 Ornaments, go to December and play its days; \
landing exactly on the 25th pays $500 and wipes every debt.
• **The Race**: once the Gift or Value deck runs out (or after 30 rounds) everyone dashes \
through December, days ignored, 20 seconds a roll.
From the 12th you roll one die; a roll past the 25th means you stay.

Whenever a token reaches the **Family Reunion**, every family may secretly give one Gift \
(not Coal) to another, for a ★.

**Scoring.** Gift Values are deposits (Coal: debts), the tree $100 each, Christmas $500; \
stars forgive debts from the top. Most valuable Christmas wins; ties go to more stars.

On Discord: your Gifts, Values and Anytime cards are under **My hand**.
"""
