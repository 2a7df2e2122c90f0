"""Holiday Fever at the end, in words: dollars, every family's score card, the sing-along.

The bot shows these through the protocol (`score_text`, `final_report`, `farewell`); the
picture of the same sheets is `render.fever_sheets`. A score card lists each family's
deposits and debts (a forgiven debt struck through), its stars, its tree and its Christmas
bonus, capped so that six families still fit one Discord message.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.fever import board as B
from engine.fever.scoring import sheet
from engine.fever.state import FeverDraft, Line
from engine.fever.talk import CAROL, TOPICS, spec
from engine.protocol import seat_ref
from engine.words import plural

#: Entries shown per list before "+N more", for up to four families and for five or six.
MOST_ENTRIES = 8
MOST_ENTRIES_6 = 5


def money(n: int) -> str:
    """Dollars as the table writes them: "$3,210", "−$150"."""
    return f"−${-n:,}" if n < 0 else f"${n:,}"


def _entries(lines: Sequence[Line], most: int, struck: int = 0) -> str:
    """ "$200 Red Sled, ~~$50 rent~~, … +3 more": the first `most` entries, the first
    `struck` of them struck through (forgiven)."""
    shown = []
    for k, (amount, note) in enumerate(lines[:most]):
        entry = f"{money(amount)} {note}".strip()
        shown.append(f"~~{entry}~~" if k < struck else entry)
    if len(lines) > most:
        shown.append(f"+{len(lines) - most} more")
    return ", ".join(shown)


def family_card(s: FeverDraft, seat: int) -> tuple[str, ...]:
    """One family's score card: value, stars and Christmas; then In and Out."""
    sh = sheet(s, seat)
    most = MOST_ENTRIES if s.seats <= 4 else MOST_ENTRIES_6
    decorations = s.lights[seat] + s.ornaments[seat]
    extras = int(decorations > 0) + int(sh.christmas)
    gifts_and_deposits = sh.deposits[: len(sh.deposits) - extras]
    stars = f"★ {plural(sh.stars, 'star')}"
    if sh.full:
        stars += " · full tree on Christmas: every debt forgiven"
    elif sh.forgiven:
        stars += f" (forgave {plural(sh.forgiven, 'debt')})"
    head = f"**{seat_ref(seat)}** · **{money(sh.value)}** · {stars}"
    if sh.christmas:
        head += " · 🎄 reached Christmas"
    parts = [_entries(gifts_and_deposits, most)] if gifts_and_deposits else []
    if decorations:
        counts = ((s.lights[seat], "Light"), (s.ornaments[seat], "Ornament"))
        tree = ", ".join(plural(n, what) for n, what in counts if n)
        parts.append(f"tree ({tree}) {money(B.DECORATION_VALUE * decorations)}")
    if sh.christmas:
        parts.append(f"Christmas bonus {money(B.CHRISTMAS_BONUS)}")
    total_in = sum(a for a, _ in sh.deposits)
    kept = sum(a for a, _ in sh.debts[sh.forgiven :])
    lines = [head, f"➕ In {money(total_in)}: " + ("; ".join(parts) or "nothing")]
    if sh.debts:
        listed = _entries(sh.debts, most, sh.forgiven)
        lines.append(f"➖ Out {money(kept)} of {money(sum(a for a, _ in sh.debts))}: {listed}")
    else:
        lines.append("➖ Out: no debts")
    return tuple(lines)


def final_report(s: FeverDraft) -> tuple[str, ...]:
    """Every family's score card, in seat order; nothing before the game is over."""
    if s.phase != "over":
        return ()
    out: list[str] = ["**Score cards** (a struck debt was forgiven)"]
    for seat in range(s.seats):
        out.extend(family_card(s, seat))
    return tuple(out)


def carol_lines() -> tuple[str, ...]:
    """Fever's own carol lines (the ones computer families sing)."""
    return spec(TOPICS.index(CAROL), "").canned


def sing_along(s: FeverDraft) -> tuple[str, ...]:
    """The post once a family has landed on Christmas: everyone sings together."""
    if s.phase != "over" or s.christmas < 0:
        return ()
    carols = carol_lines()
    line = f"\n> *{carols[s.seed % len(carols)]}*" if carols else ""
    return (
        f"🎶 **Sing-along!** {seat_ref(s.christmas)} made it to Christmas, so the whole"
        f" family gathers round and sings together.{line}",
    )
