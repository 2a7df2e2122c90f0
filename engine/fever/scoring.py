"""Final scoring, exactly as §2.8: Gifts, the tree, Christmas, then stars against debts."""

from __future__ import annotations

from dataclasses import dataclass

from engine.fever import board as B
from engine.fever import cards as C
from engine.fever.common import tree_full
from engine.fever.state import FeverDraft, Line
from engine.protocol import Result


@dataclass(frozen=True, slots=True)
class Sheet:
    """One family's score sheet: every entry, in the order it counts."""

    seat: int
    deposits: tuple[Line, ...]
    debts: tuple[Line, ...]
    forgiven: int  # debt entries forgiven, from the top
    full: bool  # landed on Christmas with a full tree: every debt forgiven (HF-G56)
    christmas: bool
    stars: int
    value: int


def sheet(s: FeverDraft, seat: int) -> Sheet:
    deposits = list(s.deposits[seat])
    coal: list[Line] = []
    for gift, values in zip(s.gifts[seat], s.values[seat], strict=True):
        name = C.GIFT[gift].name
        if C.GIFT[gift].coal:  # HF-G17, G55: one entry per Coal, in arrival order
            if values:
                coal.append((sum(values), name))
        else:
            deposits += [(v, name) for v in values]
    decorations = s.lights[seat] + s.ornaments[seat]
    if decorations:
        deposits.append((B.DECORATION_VALUE * decorations, "Tree"))
    landed = s.christmas == seat
    if landed:
        deposits.append((B.CHRISTMAS_BONUS, "Christmas"))
    debts = (*s.debts[seat], *coal)
    full = landed and tree_full(s, seat)
    forgiven = len(debts) if full else min(s.stars[seat], len(debts))  # HF-G16
    value = sum(a for a, _ in deposits) - sum(a for a, _ in debts[forgiven:])
    return Sheet(seat, tuple(deposits), debts, forgiven, full, landed, s.stars[seat], value)


def result(s: FeverDraft) -> Result:
    """The most valuable Christmas wins; ties go to more stars, then are shared (HF-G36)."""
    sheets = [sheet(s, p) for p in range(s.seats)]
    values = [sh.value for sh in sheets]
    return Result.from_keys(values, [(sh.value, sh.stars) for sh in sheets])
