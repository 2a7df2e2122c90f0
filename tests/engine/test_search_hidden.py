"""Level `hard` and hints never read what the seat has not seen (issue 31), over every game.

Two states a seat cannot tell apart (the same view; the unseen cards lie elsewhere, and the
chance still to come differs) must give the same imagined deals for the same rng, so the
same search, move for move and count for count, and the same hint. The rearranged states
come two ways: cards swapped by hand between other hands and the deck (this file says per
game which cards are unseen, independently of the engine's code), and whole re-deals by
`determinize` itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from itertools import combinations
from typing import Any

import pytest

from engine import GAMES, Game, bot_move
from engine.fever import cards as fever_cards
from engine.ghosts import cards as ghosts_cards
from engine.hints import hint
from engine.muppets import cards as muppet_cards
from engine.search import Budget, search
from tests.engine.steps import required_words, worth_a_search
from tests.engine.test_determinize import reached_states

#: Playouts per search: enough to try every move twice in most positions.
PLAYOUTS = 12
#: Mid-game positions searched per game.
POSITIONS = 3

Data = dict[str, Any]


def _swap_ends(items: list[Any], at: list[int]) -> bool:
    """Swap the first and last of the places `at` when their items differ."""
    if len(at) < 2 or items[at[0]] == items[at[-1]]:
        return False
    items[at[0]], items[at[-1]] = items[at[-1]], items[at[0]]
    return True


def _shuffle(d: Data, seat: int) -> bool:
    """The draw pile's order is unseen until it was rebuilt this round (HS-G17)."""
    draw = list(d["draw"])
    if d["rebuilds"] or not _swap_ends(draw, list(range(len(draw)))):
        return False
    d["draw"] = tuple(draw)
    return True


def _tree(d: Data, seat: int) -> bool:
    """The deck and another seat's cards dealt face down at setup are unseen."""
    other = 1 - seat
    deck, dealt = list(d["deck"]), list(d["dealt"][other])
    if not deck or not dealt:
        if not _swap_ends(deck, list(range(len(deck)))):
            return False
        d["deck"] = tuple(deck)
        return True
    old, new = dealt[0], deck[0]
    deck[0], dealt[0] = old, new
    hands, dealts = list(d["hands"]), list(d["dealt"])
    hands[other] = tuple(new if c == old else c for c in d["hands"][other])
    dealts[other] = tuple(dealt)
    d.update(deck=tuple(deck), hands=tuple(hands), dealt=tuple(dealts))
    return True


def _ghosts(d: Data, seat: int) -> bool:
    """Other hands are unseen; a card swapped for one of its own suit keeps every void (a
    card the player to act has picked stays: it is theirs to know)."""
    hands = [list(h) for h in d["hands"]]
    pending, suit = d["pending"], ghosts_cards.suit
    for p, q in combinations([p for p in range(len(hands)) if p != seat], 2):
        for a in hands[p]:
            same = [b for b in hands[q] if suit(b) == suit(a) and pending not in (a, b)]
            if same:
                hands[p][hands[p].index(a)], hands[q][hands[q].index(same[0])] = same[0], a
                d["hands"] = tuple(tuple(sorted(h, key=ghosts_cards.sort_key)) for h in hands)
                return True
    return False


def _muppets(d: Data, seat: int) -> bool:
    """The deck's cards (not its tiles, nor the cards set aside during the fix) are unseen,
    and so is a centre card the seat does not know: it may trade places with a deck card
    that keeps its row a set or not, as it was (everyone sees that)."""
    deck, rows = list(d["deck"]), list(d["rows"])
    aside = min(d["step"], len(deck)) if d["phase"] == "fix" else 0
    at = [k for k, c in enumerate(deck[: len(deck) - aside]) if c not in muppet_cards.TILE_SET]
    for p in range(len(rows) // 3):
        outer, centre, right = rows[3 * p : 3 * p + 3]
        if centre is None or d["know"][p][seat] != "-":
            continue
        was = muppet_cards.is_set(outer, centre, right)
        for k in at:
            if muppet_cards.is_set(outer, deck[k], right) == was:
                rows[3 * p + 1], deck[k] = deck[k], centre
                d.update(deck=tuple(deck), rows=tuple(rows))
                return True
    if not _swap_ends(deck, at):
        return False
    d["deck"] = tuple(deck)
    return True


def _fever(d: Data, seat: int) -> bool:
    """The Gift and Value decks, the Naughty-or-Nice cards not yet seen played, and other
    families' held cards (Anytime cards, face down)."""
    gifts, values = list(d["gift_deck"]), list(d["value_deck"])
    unseen = len(d["nn_deck"]) - d["nn_open"]
    nn = list(d["nn_deck"])
    swapped = [
        _swap_ends(gifts, list(range(len(gifts)))),
        _swap_ends(values, list(range(len(values)))),
        _swap_ends(nn, list(range(unseen))),
    ]
    hands = [list(h) for h in d["hands"]]
    other = next((p for p in range(len(hands)) if p != seat and hands[p]), None)
    anytime = [k for k in range(unseen) if fever_cards.NN[nn[k]].when == "anytime"]
    if other is not None and anytime:  # a held Anytime card for one from the deck
        k = anytime[0]
        hands[other][0], nn[k] = nn[k], hands[other][0]
        swapped.append(True)
    d.update(
        gift_deck=tuple(gifts),
        value_deck=tuple(values),
        nn_deck=tuple(nn),
        hands=tuple(tuple(h) for h in hands),
    )
    return any(swapped)


SWAPS: dict[str, Callable[[Data, int], bool]] = {
    "shuffle": _shuffle,
    "tree": _tree,
    "ghosts": _ghosts,
    "muppets": _muppets,
    "fever": _fever,
}


def swapped(game: Game, state: Any, seat: int) -> Any | None:
    """`state` with two unseen cards swapped and other chance to come, or None when there
    is nothing unseen to swap. The seat's view must not change (checked)."""
    data = game.dump(state)
    if not SWAPS[game.key](data, seat):
        return None
    data["seed"] = data["seed"] + 1
    other = game.load(data)
    assert game.view(other, seat) == game.view(state, seat), "a swap the seat could see"
    return other


def rearranged(game: Game, state: Any, seat: int) -> Iterator[Any]:
    """States `seat` cannot tell from `state`: one swapped by hand, two re-dealt."""
    other = swapped(game, state, seat)
    assert other is not None
    yield other
    for k in range(2):
        dealt = game.determinize(state, seat, random.Random(100 + k))
        assert game.view(dealt, seat) == game.view(state, seat)
        yield dealt


def positions(game: Game) -> Iterator[tuple[Any, int]]:
    """Seeded mid-game positions of games played by `normal` where the seat to act has a
    choice worth a search and something unseen could be swapped."""
    seats = min(max(3, game.min_seats), game.max_seats)
    for seed in range(11, 31):
        state = game.new(seats, {}, seed)
        n = 0
        while to_act := game.to_act(state):
            seat = min(to_act)
            n += 1
            if (
                n % 7 == 3 + seed % 4
                and worth_a_search(game, state, seat)
                and swapped(game, state, seat) is not None
            ):
                yield state, seat
                break
            action = bot_move(game, state, seat, "normal")
            state, _ = game.apply(state, seat, action, required_words(game, state, seat, action))


@pytest.mark.parametrize("key", sorted(GAMES))
def test_search_never_reads_what_the_seat_has_not_seen(key: str) -> None:
    """The same seed finds the same move with the same counts, and gives the same hint, in
    every state the seat cannot tell from the real one."""
    game = GAMES[key]
    found = 0
    for state, seat in positions(game):
        real = search(game, state, seat, random.Random(5), Budget(PLAYOUTS))
        assert not real.instant and real.playouts == PLAYOUTS
        told = hint(game, state, seat, random.Random(5), Budget(PLAYOUTS))
        for other in rearranged(game, state, seat):
            assert game.dump(other) != game.dump(state)
            assert search(game, other, seat, random.Random(5), Budget(PLAYOUTS)) == real
            assert hint(game, other, seat, random.Random(5), Budget(PLAYOUTS)) == told
        found += 1
        if found == POSITIONS:
            return
    pytest.fail(f"{key}: only {found} positions with something unseen")


@pytest.mark.parametrize("key", sorted(GAMES))
def test_determinize_depends_only_on_what_the_seat_knows(key: str) -> None:
    """For every seat and the public table, at states reached in seeded random games:
    `determinize` with the same rng gives the very same state from the real one and from any
    state the viewer cannot tell from it."""
    game = GAMES[key]
    for i, (state, _) in enumerate(reached_states(game)):
        for seat in [None, *range(state.seats)]:
            same = game.dump(game.determinize(state, seat, random.Random(7)))
            others = [game.determinize(state, seat, random.Random(1000 + i))]
            if seat is not None and (other := swapped(game, state, seat)) is not None:
                others.append(other)
            for other in others:
                assert game.view(other, seat) == game.view(state, seat)
                assert game.dump(game.determinize(other, seat, random.Random(7))) == same
