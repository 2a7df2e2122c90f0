"""Per-game invariants the conformance sweep checks after every step, keyed by game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import chain
from typing import Any

from engine import Event, Game
from engine.ghosts.cards import deck as ghosts_deck
from engine.muppets import cards as muppet_cards
from engine.shuffle import cards as shuffle_cards
from engine.shuffle.game import MAX_REBUILDS, TURN_LIMIT
from engine.tree import cards as tree_cards
from engine.tree.game import cap, completed, scores_of
from tests.engine.fever.contracts import invariant as fever

_SORTED_DECKS = {n: sorted(ghosts_deck(n)) for n in (3, 4)}


def ghosts(game: Game, before: Any, after: Any, events: Sequence[Event]) -> None:
    # Every card is in exactly one place: a hand, this round's table, or played earlier.
    where = [c for h in after.hands for c in h]
    where += [c for row in after.played for c in row if c is not None]
    where += list(after.seen)
    if after.phase != "over":
        assert sorted(where) == _SORTED_DECKS[after.seats], "cards were lost or duplicated"
    for event in events:
        if event.kind == "hand_scored":
            assert sum(row["won"] for row in event.data["rows"]) == 12, "a hand is 12 tricks"
    tricks = [e for e in events if e.kind == "trick"]
    if tricks:
        assert len(tricks) == (4 if after.beyond else 3)
        for e in tricks:  # the marker passes to each winner in era order (GOC-G02)
            assert e.data["leader"] == (
                tricks[0].data["leader"]
                if e is tricks[0]
                else tricks[tricks.index(e) - 1].data["winner"]
            )


_MUPPET_CARDS = sorted(muppet_cards.CARDS)


def _named_cards(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value] if value in muppet_cards.ALL_CARDS else []
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list | tuple):
        return [c for v in value for c in _named_cards(v)]
    return []


def muppets(game: Game, before: Any, after: Any, events: Sequence[Event]) -> None:
    tiles = muppet_cards.TILE_SET
    # Every card is in exactly one place: a row, the deck, the discard pile or a Scrooge draw.
    where = [c for c in after.rows if c is not None] + list(after.discard)
    where += [c for c in after.deck if c not in tiles]
    where += [] if after.held is None else [after.held]
    assert sorted(where) == _MUPPET_CARDS, "cards were lost or duplicated"
    # Tiles surface in story order and never stay on top of the deck (MUP-G04, MUP-G06).
    in_deck = [x for x in after.deck if x in tiles]
    assert list(after.story) + in_deck == list(muppet_cards.TILES) or after.phase == "fix"
    assert not after.deck or after.deck[0] not in tiles
    # Every gift token is in one place; values never change; a held gift is never taken back.
    tokens = sorted([*after.pool, *after.offer, *(g for held in after.gifts for g in held)])
    assert tokens == list(range(len(muppet_cards.GIFT_VALUES))), "gifts were lost or duplicated"
    assert after.gift_value == before.gift_value
    assert all(a[: len(b)] == b for a, b in zip(after.gifts, before.gifts, strict=True))
    # Owners always know their own centre card (MUP-G22).
    assert all(k[p] == "o" and len(k) == after.seats for p, k in enumerate(after.know))
    # When a tile is to be chosen, every set has been resolved and every row is full.
    if after.phase == "play" and after.stage == "tile":
        assert None not in after.rows
        assert not any(
            muppet_cards.is_set(*after.rows[3 * p : 3 * p + 3]) for p in range(after.seats)
        )
    assert sum(after.sets) - sum(before.sets) == sum(1 for e in events if e.kind == "set")
    # No event names a centre card to a seat that does not know it, nor a Scrooge draw to
    # anyone but the drawer. (The only card named while in the deck is one set aside in setup.)
    centre = {after.rows[3 * p + 1]: p for p in range(after.seats)}
    for event in events:
        seeing = range(after.seats) if event.visible_to is None else event.visible_to
        for card in _named_cards(dict(event.data)):
            if card in centre:
                assert all(after.know[centre[card]][v] != "-" for v in seeing), event
            elif card == after.held:
                assert event.visible_to == {after.turn}, event
            elif card not in after.discard:
                assert card in after.rows or event.kind == "fix", event
    _muppets_table_sees_only_what_was_shown(game, before, after, events)


#: Public events that show a card openly at the table (turned up, revealed, the game's end).
_SHOWING = frozenset({"reveal", "set", "game_over"})


def _on_the_table(view: dict[str, Any]) -> set[str]:
    """Every card the public view shows: in the rows (face up or known) and the discard pile."""
    cards = {cell["card"] for row in view["rows"] for cell in row if cell["card"] is not None}
    return cards | set(view["discard"])


#: The last public view worked out, as (state, view): one step's `after` is the next's `before`.
_last_public: list[Any] = [None, None]


def _public_view(game: Game, state: Any) -> dict[str, Any]:
    if _last_public[0] is not state:
        _last_public[:] = [state, game.view(state, None)]
    return _last_public[1]  # type: ignore[no-any-return]


def _muppets_table_sees_only_what_was_shown(
    game: Game, before: Any, after: Any, events: Sequence[Event]
) -> None:
    """The public table (a channel with spectators) learns a card only when it is shown
    openly (MUP-Tinsel-11), never because every seat happens to know it. So a centre card
    the public view shows was on the table's view already (in another slot, on the discard
    pile) or was just revealed, turned up in a set or at the end; and a public event names
    only cards the table sees before or after it."""
    was, now = _on_the_table(_public_view(game, before)), _public_view(game, after)
    shown = set(was)
    for event in events:
        if event.visible_to is None and event.kind in _SHOWING:
            shown.update(_named_cards(dict(event.data)))
    for p, row in enumerate(now["rows"]):
        card = row[1]["card"]
        assert card is None or card in shown, f"the table sees {p}'s centre card {card}"
    seen = was | _on_the_table(now)
    for event in events:
        if event.visible_to is None:
            hidden = set(_named_cards(dict(event.data))) - seen
            assert not hidden, f"{event} names {hidden} to the table"


_SHUFFLE_CARDS = frozenset(shuffle_cards.ALL_CARDS)


def shuffle(game: Game, before: Any, after: Any, events: Sequence[Event]) -> None:
    # Every card is in exactly one place: a mat, the draw pile, the discard pile or in hand.
    drawn = () if after.drawn is None else (after.drawn,)
    where = [*chain.from_iterable(after.mats), *after.draw, *after.discard, *drawn]
    assert len(where) == 78 and set(where) == _SHUFFLE_CARDS, "cards were lost or duplicated"
    assert all(len(mat) == 10 for mat in after.mats)
    assert after.discard, "the discard pile is never empty between actions (HS-G20)"
    assert 0 <= after.rebuilds <= MAX_REBUILDS and 1 <= after.turns <= TURN_LIMIT
    # A drawn card is held only at the start of its decision, and only by the player to act.
    if drawn:
        assert after.pending is None and after.effect is None and after.phase == "play"
    mats_may_change = before.phase != "play"
    for event in events:
        if event.kind == "drew":
            assert event.visible_to == {event.data["seat"]}
        elif event.visible_to is None and drawn:
            assert drawn[0] not in event.data.values(), "a public event names the drawn card"
        if event.kind in ("trade", "round_over"):
            mats_may_change = True
        if event.kind == "round_over" and event.data["winner"] is not None:
            # The winner's mat is in order, Wilds included (HS-G16, HS-D02).
            assert event.data["rows"][event.data["winner"]]["prefix"] == 10
    # Only a Trade changes another player's mat.
    if not mats_may_change:
        for seat in range(after.seats):
            assert seat == before.turn or after.mats[seat] == before.mats[seat]
    # Round scores add up, and the totals are their sums.
    for rows in after.history[len(before.history) :]:
        for points, prefix, month_runs, same_runs, _ in rows:
            assert 1 <= prefix <= 10 and min((*month_runs, *same_runs), default=3) >= 3
            assert points == prefix + sum(month_runs) + sum(same_runs)
        assert list(after.scores) == [
            sum(rows[seat][0] for rows in after.history) for seat in range(after.seats)
        ]


def tree(game: Game, before: Any, after: Any, events: Sequence[Event]) -> None:
    # Every deck card is in exactly one place.
    where = [*after.deck, *after.pool, *after.discard, *chain(*after.hands), *chain(*after.rows)]
    assert sorted(where) == sorted(tree_cards.deck_cards(after.colours)), "cards lost or doubled"
    assert len(after.pool) <= tree_cards.POOL_SIZE
    assert not after.pool or len(after.pool) == 4 or not (after.deck or after.discard)
    for seat in range(2):
        assert set(after.dealt[seat]) <= set(after.hands[seat])
        row = after.rows[seat]
        # A row always matches the tree and never passes its maximum (TREE-G10, G35).
        assert len(row) <= cap(after, seat)
        assert not row or tree_cards.matching(after.tree, row)
        # Cubes are never lost: 20 + 12 per player, in supply or on the tree.
        on_tree = sum(seat in c for c in after.cubes)
        on_tree += after.markers.count(seat) + (after.star == seat) + after.base.count(seat)
        assert after.decoration[seat] + after.finishing[seat] + on_tree == 32
        # A marker is on a row its holder completed; the Base needs completed rows (TREE-G16).
        done = completed(after, seat)
        assert all(r in done for r, m in enumerate(after.markers, 1) if m == seat)
        if seat in after.base:
            assert any(b - a >= 2 for a in done for b in done)
        if after.base.count(seat) == 2:
            assert len(done) >= 4
        own = after.own_box[seat]
        assert own == tree_cards.OWN_BOX[len(tree_cards.OWN_BOX) - len(own) :]
    # Box cards are conserved.
    claimed = sorted(chain(*after.claimed, *after.own_box))
    neutral = [
        v for v, n in zip(tree_cards.BOX_VALUES, after.neutral, strict=True) for _ in range(2 - n)
    ]
    assert claimed == sorted([4, 5, 6, 4, 5, 6, *neutral])
    assert after.played <= 3 and after.taken <= 2
    assert after.turns[after.first] - after.turns[1 - after.first] in (0, 1)
    assert max(after.turns) <= after.turn_limit
    for event in events:
        if event.kind == "take" or event.kind == "prepare":
            assert event.visible_to is None  # pool cards and rows are open
    if after.phase == "over":
        assert after.ending or after.turns[1 - after.first] == after.turn_limit
        assert list(game.result(after).scores) == scores_of(after)  # type: ignore[union-attr]


INVARIANTS: dict[str, Callable[[Game, Any, Any, Sequence[Event]], None]] = {
    "fever": fever,
    "ghosts": ghosts,
    "muppets": muppets,
    "shuffle": shuffle,
    "tree": tree,
}
