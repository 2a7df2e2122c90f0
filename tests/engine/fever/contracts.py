"""Holiday Fever's entries for the generic suites, kept beside its rules tests because they
are long: the invariant for `tests/engine/invariants.py` and what is hidden from whom for
`tests/engine/test_determinize.py` (HIDDEN, KNOWN), stated from the rules (§2.11), not from
the engine's code."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine import Event, Game
from engine.fever import board as B
from engine.fever import cards as C

PUBLIC = 1 << 6
_NAMES = list(dict.fromkeys(g.name for g in C.GIFTS))


def _missed(name: str) -> int:
    """The mask bit saying a public Auction guess of `name` missed (state.MISSED_SHIFT)."""
    return 1 << (16 + _NAMES.index(name))


def invariant(game: Game[Any, Any], before: Any, after: Any, events: Sequence[Event]) -> None:
    """Every card is in exactly one place; rows are consistent; trees stay within 3 and 3."""
    s = after
    gifts = list(s.gift_deck) + [g for row in s.gifts for g in row] + list(s.gone)
    assert sorted(gifts) == sorted(C.gift_deck(s.colours)), "Gifts lost or duplicated"
    values = list(s.value_deck) + [v for row in s.values for vs in row for v in vs]
    values += list(s.gone_values) + ([s.held] if s.held else [])
    assert Counter(values) == Counter(C.value_deck(s.seats)), "Values lost or duplicated"
    cards = list(s.nn_deck) + [c for h in s.hands for c in h]
    assert Counter(cards) == Counter(C.nn_deck()), "Naughty-or-Nice cards lost"
    assert all(C.NN[c].when == "anytime" for h in s.hands for c in h)
    assert 0 <= s.nn_open <= len(s.nn_deck)
    placing = {e[1] for e in s.agenda if e[0] == "place"}
    for p in range(s.seats):
        n = len(s.gifts[p])
        assert len(s.values[p]) == len(s.gseen[p]) == len(s.vseen[p]) == n
        assert all(len(v) == len(m) for v, m in zip(s.values[p], s.vseen[p], strict=True))
        assert all(m & (1 << p) for m in s.gseen[p]), "a family knows its own Gifts"
        assert all(m & (1 << p) for ms in s.vseen[p] for m in ms)
        if p not in placing:  # HF-G34: every Gift keeps a Value
            assert all(s.values[p]), f"family {p} has a Gift without a Value"
        assert not s.stocking[p] or s.stocking[p] in s.gifts[p]
        assert 0 <= s.lights[p] <= B.MAX_DECORATIONS and 0 <= s.ornaments[p] <= B.MAX_DECORATIONS
        assert -1 <= s.december[p] <= B.CHRISTMAS
    if s.phase == "over":
        assert s.christmas >= 0 and s.december[s.christmas] == B.CHRISTMAS


def hidden(s: Any, seat: int | None) -> bool:
    """The Gift and Value decks are never seen (two cards at least of either), nor another
    family's Anytime cards nor the Naughty-or-Nice cards never played."""
    unseen_nn = len(s.nn_deck) - s.nn_open
    return (
        len(set(s.gift_deck)) >= 2
        or len(set(s.value_deck)) >= 2
        or unseen_nn >= 2
        or any(s.hands[p] for p in range(s.seats) if p != seat)
    )


def known(s: Any, d: Any, seat: int | None) -> None:
    """What the seat knows stays: its own row and hand, every Gift and Value it saw where it
    saw it, everything public (score cards, counts, positions, the played cards under the
    deck), and what open play proved (a Gift known not to be Coal)."""
    me = PUBLIC if seat is None else 1 << seat
    over = s.phase == "over"
    for field in (
        "deposits",
        "debts",
        "stars",
        "lights",
        "ornaments",
        "track",
        "december",
        "gseen",
        "vseen",
        "gone_seen",
        "gone_vseen",
        "agenda",
        "gives",
        "dice",
    ):
        assert getattr(d, field) == getattr(s, field), field
    assert d.nn_deck[len(d.nn_deck) - s.nn_open :] == s.nn_deck[len(s.nn_deck) - s.nn_open :]
    assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
    if seat is not None:
        assert d.hands[seat] == s.hands[seat]
        assert d.gifts[seat] == s.gifts[seat] and d.values[seat] == s.values[seat]
    for p in range(s.seats):
        assert [len(v) for v in d.values[p]] == [len(v) for v in s.values[p]]
        assert (d.stocking[p] == "") == (s.stocking[p] == "")
        for k, mask in enumerate(s.gseen[p]):
            if over or mask & me:
                assert d.gifts[p][k] == s.gifts[p][k]
            else:
                if mask & 1 << 7:
                    assert not C.GIFT[d.gifts[p][k]].coal
                assert not mask & _missed(C.GIFT[d.gifts[p][k]].name), "a missed name dealt"
            for i, vm in enumerate(s.vseen[p][k]):
                if over or vm & me:
                    assert d.values[p][k][i] == s.values[p][k][i]
    for i, mask in enumerate(s.gone_seen):
        if mask & me:
            assert d.gone[i] == s.gone[i]
