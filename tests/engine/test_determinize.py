"""The `determinize(state, seat, rng)` contract, over every registered game.

A search player imagines the game it is in: it asks for a state it cannot tell from the real
one and plays it out. So at many reached states of seeded random games, for every seat and the
public table (None), a determinized state must
  (a) leave that seat's view unchanged;
  (b) be a valid state: it survives the JSON round trip, the game's invariants hold in it and
      after a move from it, and it can be played to the end with random legal moves;
  (c) really re-deal: wherever something is hidden from the seat, several rngs give several
      different states (and where nothing is, only the seed of chance still to come changes);
  (d) keep everything the seat knows where it knows it, including what it saw privately and
      what it can work out from open play, which no view shows (this file states that per
      game, independently of the engine's code).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine import GAMES, Game
from engine.ghosts import cards as ghosts_cards
from engine.muppets import cards as muppet_cards
from engine.protocol import normalize_options
from tests.engine.fever.contracts import hidden as fever_hidden
from tests.engine.fever.contracts import known as fever_known
from tests.engine.invariants import INVARIANTS
from tests.engine.steps import required_words

GAMES_PER_KEY = 6  # seeded random games per registered game
SAMPLES = 25  # reached states per game
RNGS = 6  # determinizations compared per state and seat
#: Fields that hold chance still to come: a determinized state draws them afresh.
FUTURE = frozenset({"seed", "rig"})


def _option_sets(game: Game) -> list[dict[str, str]]:
    sets: list[dict[str, str]] = [{}]
    for opt in game.options():
        sets += [{opt.key: value} for value, _ in opt.choices if value != opt.default]
    return sets


def reached_states(game: Game) -> Iterator[tuple[Any, dict[str, str]]]:
    """About SAMPLES evenly spaced states of each of GAMES_PER_KEY seeded random games, and
    each game's end, options and seats cycling."""
    options = _option_sets(game)
    span = game.max_seats - game.min_seats + 1
    for i in range(GAMES_PER_KEY):
        opts = options[i % len(options)]
        rng = random.Random(i)
        state = game.new(game.min_seats + i % span, opts, seed=100 + i)
        states = []
        while to_act := game.to_act(state):
            states.append(state)
            seat = rng.choice(sorted(to_act))
            action = rng.choice(game.legal(state, seat)).id
            state, _ = game.apply(state, seat, action, required_words(game, state, seat, action))
        every = max(1, len(states) // SAMPLES)
        for reached in states[i % every :: every]:
            yield reached, opts
        yield state, opts  # the end: everything is shown, nothing should move


def _present(game: Game, state: Any) -> dict[str, Any]:
    """The state's value without its chance still to come."""
    return {k: v for k, v in game.dump(state).items() if k not in FUTURE}


# --------------------------------------------------------------------- per game: what is hidden


def _ghosts_voids(s: Any) -> list[set[str]]:
    """Suits each seat has shown it lacks this round (played off-suit under a turned dial)."""
    voids: list[set[str]] = [set() for _ in range(s.seats)]
    for dial, row in zip(s.dials, s.played, strict=True):
        for p, card in enumerate(row):
            if card is not None and dial is not None and card[0] != dial:
                voids[p].add(dial)
    return voids


def ghosts_hidden(s: Any, seat: int | None) -> bool:
    """Cards in at least two hands the seat cannot see can trade places."""
    return sum(1 for p in range(s.seats) if p != seat and s.hands[p]) >= 2


def ghosts_known(s: Any, d: Any, seat: int | None) -> None:
    assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
    if seat is not None:
        assert d.hands[seat] == s.hands[seat]
        if seat == s.turn:
            assert d.pending == s.pending
    assert d.voids == s.voids
    for p, void in enumerate(_ghosts_voids(s)):
        void |= set(s.voids[p])  # this round's, and those shown earlier in the hand
        assert not void & {ghosts_cards.suit(c) for c in d.hands[p]}, f"{p} is void in {void}"
    if d.phase == "play" and d.pending is not None:
        assert d.pending in d.hands[d.turn], "a picked card is in its holder's hand"


def _muppets_knows(s: Any, p: int, seat: int | None) -> bool:
    return bool(s.public[p]) if seat is None else s.know[p][seat] != "-"


def _muppets_unknown_cards(s: Any, seat: int | None) -> int:
    deck = [c for c in s.deck if c not in muppet_cards.TILE_SET]
    if s.phase == "fix":
        deck = deck[: len(deck) - min(s.step, len(deck))]
    centres = [
        p
        for p in range(s.seats)
        if s.rows[3 * p + 1] is not None and not _muppets_knows(s, p, seat)
    ]
    return len(deck) + len(centres) + (s.held is not None and seat != s.actor)


def _muppets_known_tokens(s: Any, seat: int | None) -> set[int]:
    if s.phase == "over":
        return {g for held in s.gifts for g in held}
    if seat is None:
        return set()
    known = set(s.gifts[seat]) | {g for g, by in enumerate(s.gift_from) if by == seat}
    return known | (set(s.offer) if seat == s.actor else set())


def muppets_hidden(s: Any, seat: int | None) -> bool:
    tokens = set(s.pool) | set(s.offer) | {g for held in s.gifts for g in held}
    values = {s.gift_value[g] for g in tokens - _muppets_known_tokens(s, seat)}
    return _muppets_unknown_cards(s, seat) >= 2 or len(values) >= 2


def muppets_known(s: Any, d: Any, seat: int | None) -> None:
    assert d.know == s.know and d.public == s.public and d.discard == s.discard
    for p in range(s.seats):
        for pos in range(3):
            if pos != muppet_cards.CENTRE or _muppets_knows(s, p, seat):
                assert d.rows[3 * p + pos] == s.rows[3 * p + pos], (p, pos)
    for p in range(s.seats):  # everyone sees whether a row is a set: it is resolved at once
        row, was = d.rows[3 * p : 3 * p + 3], s.rows[3 * p : 3 * p + 3]
        assert muppet_cards.is_set(*row) == muppet_cards.is_set(*was), f"row {p}"
    assert [c in muppet_cards.TILE_SET for c in d.deck] == [
        c in muppet_cards.TILE_SET for c in s.deck
    ]
    assert [c for c in d.deck if c in muppet_cards.TILE_SET] == [
        c for c in s.deck if c in muppet_cards.TILE_SET
    ]
    if s.phase == "fix" and s.step:  # cards set aside in setup went under the deck
        assert d.deck[-s.step :] == s.deck[-s.step :]
    if seat is not None and seat == s.actor:
        assert d.held == s.held
    assert (d.held is None) == (s.held is None)
    for g in _muppets_known_tokens(s, seat):
        assert d.gift_value[g] == s.gift_value[g], f"gift {g}"
    assert sorted(d.gift_value) == sorted(s.gift_value)


def shuffle_hidden(s: Any, seat: int | None) -> bool:
    """Before a rebuild the draw pile (and a card drawn by someone else) is unseen; after
    one, the pile is the old discard pile turned over, which everyone watched being laid."""
    drawn = s.drawn is not None and seat != s.turn
    return not s.rebuilds and len(s.draw) + drawn >= 2


def shuffle_known(s: Any, d: Any, seat: int | None) -> None:
    assert d.mats == s.mats and d.discard == s.discard
    if seat == s.turn or s.rebuilds:
        assert d.drawn == s.drawn
    if s.rebuilds:
        assert d.draw == s.draw
    assert sorted(d.draw) == sorted(s.draw) or s.drawn is not None


def tree_hidden(s: Any, seat: int | None) -> bool:
    """The deck's order, and the cards dealt face down at setup to the other hand(s)."""
    others = [k for k in range(2) if k != seat]
    return len(s.deck) + sum(len(s.dealt[k]) for k in others) >= 2


def tree_known(s: Any, d: Any, seat: int | None) -> None:
    # Everything on the table stays, and so does every card taken from the open pool.
    assert (d.pool, d.discard, d.rows, d.cubes, d.tree) == (
        s.pool,
        s.discard,
        s.rows,
        s.cubes,
        s.tree,
    )
    for k in range(2):
        taken = [c for c in s.hands[k] if c not in s.dealt[k]]
        assert [c for c in d.hands[k] if c not in d.dealt[k]] == taken
        assert len(d.hands[k]) == len(s.hands[k])
    if seat is not None:
        assert d.hands[seat] == s.hands[seat]
    assert sorted(d.deck + tuple(c for h in d.dealt for c in h)) == sorted(
        s.deck + tuple(c for h in s.dealt for c in h)
    )


HIDDEN: dict[str, Callable[[Any, int | None], bool]] = {
    "fever": fever_hidden,
    "ghosts": ghosts_hidden,
    "muppets": muppets_hidden,
    "shuffle": shuffle_hidden,
    "tree": tree_hidden,
}
KNOWN: dict[str, Callable[[Any, Any, int | None], None]] = {
    "fever": fever_known,
    "ghosts": ghosts_known,
    "muppets": muppets_known,
    "shuffle": shuffle_known,
    "tree": tree_known,
}


# --------------------------------------------------------------------- the contract


def play_out(game: Game, state: Any, options: dict[str, str], rng: random.Random) -> None:
    """What a search player does with a determinized state: play it to the end at random."""
    invariant = INVARIANTS[game.key]
    bound = game.max_steps(state.seats, normalize_options(game, options))
    steps = 0
    while to_act := game.to_act(state):
        seat = rng.choice(sorted(to_act))
        moves = [a for a in game.legal(state, seat) if not a.back]
        action = rng.choice(moves).id
        after, events = game.apply(state, seat, action, required_words(game, state, seat, action))
        invariant(game, state, after, events)
        state = after
        steps += 1
        assert steps <= bound, "a determinized state played past the game's bound"
    assert game.result(state) is not None


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_states_what_is_hidden(key: str) -> None:
    assert key in HIDDEN and key in KNOWN, f"say what {key} hides from whom in this file"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_determinize_contract(key: str) -> None:
    game = GAMES[key]
    invariant = INVARIANTS[key]
    rng = random.Random(key)
    hidden_cases = varied = 0
    for n, (state, options) in enumerate(reached_states(game)):
        before = game.dump(state)
        present = _present(game, state)
        for seat in [None, *range(state.seats)]:
            view = game.view(state, seat)
            seen = []
            for k in range(RNGS):
                d = game.determinize(state, seat, rng)
                assert game.view(d, seat) == view, f"(a) seat {seat}'s view changed"
                assert game.load(json.loads(json.dumps(game.dump(d)))) == d, "(b) round trip"
                invariant(game, d, d, [])
                KNOWN[key](state, d, seat)
                seen.append(json.dumps(_present(game, d), sort_keys=True))
                if k == 0 and (seat is None or seat == n % state.seats):
                    play_out(game, d, options, rng)
            assert game.dump(state) == before, "determinize changed its input"
            if HIDDEN[key](state, seat):
                hidden_cases += 1
                varied += len(set(seen)) > 1
            else:
                assert set(seen) == {json.dumps(present, sort_keys=True)}, (
                    f"(c) nothing is hidden from {seat}, yet the state changed"
                )
    # (c) Wherever something is hidden, it is re-dealt: rare exceptions are states where the
    # constraints (say, suits a player showed it lacks) leave one deal only.
    assert hidden_cases > 50, "the sample reaches too few states with hidden information"
    assert varied >= 0.9 * hidden_cases, f"(c) only {varied} of {hidden_cases} states re-dealt"
