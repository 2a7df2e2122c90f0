"""The `/rules` text for My First Christmas Tree (the full rules page is docs/games/tree.md)."""

SUMMARY = """\
## 🎄 My First Christmas Tree — 2 players
Two of you decorate one tree of **symbol tiles** (⚙ 💧 ➡ 🔨 ⋯ 🧱) in five rows of 2 to 6 \
tiles. Lay symbol cards in a **row** beside you; once it spells a straight line of the tree \
(along a row or a diagonal, either way round), hang your cubes on that line.

**Your turn.**
1. **Take** a card from the face-up pool of four (it refills at once).
2. **Prepare** up to two hand cards, each at either end of your row. A card that breaks the \
match throws the row away and starts a new one (Tinsel warns you: ⚠). At most **4** cards.
3. **Place** once the row has 3 cards or more (you must at your maximum): pick the matching \
line, count the most cards of one colour in your row, and put that many cubes on different \
tiles of it that do not hold one of yours yet.
4. **Boxes.** Name a colour of your row: if it has as many cards as your maximum, take your \
own box card (4, then 5, then 6) and your maximum grows; a count of 4, 5 or 6 can also win a \
neutral box card.
5. **Checks.** First to cover a whole tree row marks it; a cube in every row wins the **Star**; \
completed rows far apart win the **Base** tiles.

**Commit**, once a turn: wipe the pool before taking, take a second card, prepare a third card, \
or count two colours for a box.

**The end.** Once all five rows are marked, the second player has the last turn. The game \
also stops after 40 turns each (lobby option: 20).

**Scoring.** Star 6 · left Base 4 · right Base 3 · each row you marked: its tiles (2–6) · each \
other row you completed: half that, rounded down · box cards: their number · −1 for each \
decoration cube still in your supply. Ties go to more marked rows, then are shared.

On Discord: press a pool card, then a card and an end for your row, then **Place** or **End \
turn**. Your hand comes by DM (or press **My hand**), each card marked if it fits your row. \
Player 1's pieces are squares marked 1, player 2's discs marked 2; a card's letter is its colour.
"""
