"""A seat the computer took over, after too many timeouts or because its player resigned: its
marks, its hand message and the **Resign** button.

The seat stays marked everywhere while the computer plays it: its name on the table picture,
a line on the table, and the player's own hand message, which carries the **Take my seat
back** button (`t2:<game id>:h:reclaim`). Pressing it hands the seat back at once; if the
seat owes a decision right now, that decision starts on a fresh clock. A player who resigned
(**Resign** in their hand, `t2:<game id>:h:resign`, then **Yes, resign**; see `bot.resign`)
gave the seat up for good: their hand says so and offers no way back.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot import components, wire
from bot.session import Snapshot

RECLAIM = "reclaim"
RESIGN = "resign"
MARK = "played by the computer"
#: How the score sheet marks a seat whose player resigned.
RESIGNED_MARK = "resigned; played by the computer"


#: Marks a taken-over seat's name on pictures: short enough for every seat panel, and first,
#: so a long name that is cut short keeps it. The table's text explains it.
SIGN = "⚙"


def picture_names(snap: Snapshot) -> list[str]:
    """Seat names for pictures: a seat the computer took over carries the sign."""
    return [f"{SIGN} {n}" if i in snap.replaced else n for i, n in enumerate(snap.names)]


def alt_names(snap: Snapshot) -> list[str]:
    """Seat names for a picture's alt text: a seat the computer took over says so."""
    return _marked(snap.names, snap.replaced)


def text_names(snap: Snapshot) -> list[str]:
    """Seat names for message text (made inert), a seat the computer took over marked."""
    return _marked(snap.text_names, snap.replaced)


def _marked(names: Sequence[str], replaced: frozenset[int]) -> list[str]:
    return [f"{n} ({MARK})" if i in replaced else n for i, n in enumerate(names)]


def by_computer(name: str, aside: bool = False) -> str:
    """Who really played a seat the computer took over: "the computer, playing Ann's seat,"
    in a sentence, or "the computer (playing Ann's seat)" in a list (`aside`)."""
    return (
        f"the computer (playing {name}'s seat)"
        if aside
        else f"the computer, playing {name}'s seat,"
    )


def table_note(snap: Snapshot) -> str:
    """The table's lasting lines about seats the computer took over (empty if none)."""
    lines = []
    for seats, why in (
        (snap.replaced - snap.resigned, "after running out of time"),
        (snap.resigned, "after resigning"),
    ):
        if names := [snap.text_names[i] for i in sorted(seats)]:
            lines.append(f"{SIGN} " + ", ".join(names) + f": {MARK} {why}.")
    return "\n".join(lines)


def resign_button(game_id: int) -> components.Control:
    """The hand's quiet **Resign** button: it only asks for confirmation (`bot.resign`)."""
    return components.button("Resign", wire.anytime(game_id, RESIGN), emoji="🏳️")


def hand_rows(snap: Snapshot, seat: int) -> Sequence[discord.ui.Item[discord.ui.LayoutView]]:
    """What a taken-over player's hand message says, with the button to come back (and to
    resign); a player who resigned has no way back."""
    if seat in snap.resigned:
        return (
            components.text("🏳️ You resigned: the computer plays your seat to the end of the game."),
        )
    return (
        components.text(
            "🤖 The computer is playing your seat, because you ran out of time twice in a row."
            " Press **Take my seat back** to play again."
        ),
        discord.ui.ActionRow(
            components.button(
                "Take my seat back",
                wire.anytime(snap.game_id, RECLAIM),
                discord.ButtonStyle.success,
                emoji="🙋",
            ),
            resign_button(snap.game_id),
        ),
    )
