"""The protocol contract, checked over many random legal games of every registered game.

Two sweeps play the same checks. The Hypothesis sweep draws the game, the seat count, the
options, the seed, every seat and move choice (and any typed text) and how many steps to play,
so a failure shrinks to a short game with the first choices wherever they do not matter; it is
derandomized with a fixed number of examples, so CI always tries the same games, and it runs
every check on every step. The budgeted sweep plays many more games cheaply: each game once
per option value (one option changed at a time) with the seat count cycling through its range,
the heavy checks on every step of the first games and on a fixed sample of steps after that;
set TINSEL_SWEEP_FULL=1 to run them on every step of every game.

After every step: only acting seats have actions and decisions; every decision fits Discord
(≤ 25 choices, short ids, short labels) and agrees with `legal` (its kind, public flag, clock
and timeout event shared by every seat owing one at once, `on_timeout` and the text action
among its actions, a timeout event only with an `on_timeout`); bad ids, wrong seats, text on a
move that takes none and stale input raise `ActionError` and change nothing; the input state
is never mutated; the game ends within its declared bound. Heavier checks — the JSON round
trip, views unchanged by `determinize`, the public table learning nothing that was not shown
openly, replay from the action log with its typed text — run as said above.

The public table is a channel with spectators: `determinize(state, None, rng)` rearranges
everything not shown openly at the table — including cards every seated player knows
privately — and the public view and the public events (with their narration) must not change.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any, Protocol

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import GAMES, Action, ActionError, ErrorCode, Game, replay
from engine.protocol import (
    MAX_ACTION_ID,
    MAX_CHOICES,
    MAX_LABEL,
    TextSpec,
    clean_text,
    normalize_options,
)
from tests.engine.invariants import INVARIANTS
from tests.engine.steps import required_words

GAMES_PER_SWEEP = int(os.environ.get("TINSEL_SWEEP_GAMES", "80"))
FULL = os.environ.get("TINSEL_SWEEP_FULL") == "1"
HEAVY_GAMES = 5  # games per sweep checked in full on every step
HEAVY_EVERY = 47  # after that, full checks on one step in this many
#: Hypothesis examples per game (every one checked in full on every step).
EXAMPLES = int(os.environ.get("TINSEL_HYPOTHESIS_EXAMPLES", "12"))
NAMES = ("Ann", "Bea", "Cal", "Dot", "Eve", "Fay")
ID_CHARS = re.compile(r"^[A-Za-z0-9:_.\-]+$")
SEAT_REF = re.compile(r"\{p(\d+)\}")
MAX_TEXT_LABEL = 45  # Discord's limit for the label of a form's text field
#: A move as a log stores it: (seat, action id, typed text or None).
Move = tuple[int, str, str | None]


class Chooser(Protocol):
    """Where a sweep's choices come from: a seeded rng, or Hypothesis."""

    def seat(self, to_act: Sequence[int]) -> int: ...

    def action(self, actions: Sequence[Action]) -> Action: ...

    def text(self, spec: TextSpec) -> str | None:
        """Text to type for `spec`'s action: None for none; may be out of bounds."""
        ...

    def stop(self, steps: int) -> bool:
        """Stop the game here (before it ends) and check what was reached."""
        ...


class RandomChooser:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def seat(self, to_act: Sequence[int]) -> int:
        return self.rng.choice(to_act)

    def action(self, actions: Sequence[Action]) -> Action:
        return self.rng.choice(actions)

    def text(self, spec: TextSpec) -> str | None:
        if self.rng.random() < 0.5:
            return None
        return " ".join(["fa", "la"] * self.rng.randint(1, spec.max_len // 6))

    def stop(self, steps: int) -> bool:
        return False


class DrawnChooser:
    """Every choice drawn by Hypothesis; `length` (None: to the end) caps the game."""

    def __init__(self, data: st.DataObject, length: int | None) -> None:
        self.data, self.length = data, length

    def seat(self, to_act: Sequence[int]) -> int:
        return self.data.draw(st.sampled_from(to_act))

    def action(self, actions: Sequence[Action]) -> Action:
        return actions[self.data.draw(st.integers(0, len(actions) - 1))]

    def text(self, spec: TextSpec) -> str | None:
        return self.data.draw(st.none() | st.text(max_size=spec.max_len + 10))

    def stop(self, steps: int) -> bool:
        return self.length is not None and steps >= self.length


def sweeps() -> Iterator[Any]:
    for key in sorted(GAMES):
        game = GAMES[key]
        yield pytest.param(key, {}, id=f"{key}-default")
        for opt in game.options():
            for value, _ in opt.choices:
                if value != opt.default:
                    yield pytest.param(key, {opt.key: value}, id=f"{key}-{opt.key}={value}")


def check_decision(game: Game, state: Any, seat: int, seats: int, labels: bool) -> None:
    """Every decision: 1–25 choices, unique ids, some progress, the same actions as `legal`,
    its timeout and text actions among them. With `labels`, also every id, label and hint
    against Discord's limits (on the steps that get the full checks)."""
    actions = game.legal(state, seat)
    assert 1 <= len(actions) <= MAX_CHOICES, f"{len(actions)} choices for seat {seat}"
    ids = [a.id for a in actions]
    assert len(set(ids)) == len(ids), f"duplicate ids {ids}"
    assert not all(a.back for a in actions), "a decision must offer progress"
    decision = game.decision(state, seat)
    assert decision is not None, f"seat {seat} is to act but owes no decision"
    assert decision.actions == actions, "a decision's actions are not `legal`"
    assert decision.on_timeout is None or decision.on_timeout in ids, decision.on_timeout
    assert decision.timeout_event is None or decision.on_timeout is not None
    assert decision.seconds is None or decision.seconds > 0
    if decision.text is not None:
        spec = decision.text
        assert spec.action in ids, f"text for {spec.action!r}, which is not offered"
        assert 0 <= spec.min_len <= spec.max_len and 0 < len(spec.label) <= MAX_TEXT_LABEL
        for line in spec.canned:  # a computer's words pass the same bounds as a player's
            assert spec.min_len <= len(clean_text(line)) <= spec.max_len, line
    if decision.pick is not None:  # the multi-select offers exactly the combined actions
        pick = decision.pick
        assert 1 <= pick.count <= len(pick.items) <= MAX_CHOICES
        assert all(len(item.id) == 1 for item in pick.items)
        combined = {
            pick.action_id([item.id for item in combo])
            for combo in combinations(pick.items, pick.count)
        }
        assert combined == {i for i in ids if i.startswith(pick.prefix)}, (combined, ids)
    if not labels:
        return
    for a in actions:
        assert 0 < len(a.id) <= MAX_ACTION_ID and ID_CHARS.match(a.id), a.id
        assert 0 < len(a.label) <= MAX_LABEL, a.label
        assert len(a.hint) <= 100, a.hint
        for ref in SEAT_REF.findall(a.label + a.hint):
            assert int(ref) < seats, f"{a.label!r} names a seat that isn't there"


def check_decisions(
    game: Game, state: Any, to_act: frozenset[int], seats: int, labels: bool
) -> None:
    """A decision for exactly the seats to act; seats owing one at once owe the same sort."""
    shared = set()
    for seat in range(seats):
        if seat in to_act:
            check_decision(game, state, seat, seats, labels)
            d = game.decision(state, seat)
            assert d is not None
            shared.add((d.kind, d.public, d.seconds, d.timeout_event))
        else:
            assert game.legal(state, seat) == ()
            assert game.decision(state, seat) is None
    assert len(shared) <= 1, f"seats owing a decision at once owe different sorts: {shared}"


def bad_ids(actions: list[str]) -> list[str]:
    first = actions[0]
    return [
        "",
        "nonsense",
        first + "x",
        first + ":",
        ":" + first,
        first.upper() + "\u0661",
        "💥" * 5,
    ]


def check_rejections(game: Game, state: Any, seat: int, to_act: frozenset[int], seats: int) -> None:
    before = game.dump(state)
    ids = [a.id for a in game.legal(state, seat)]
    for bad in bad_ids(ids):
        if bad in ids:
            continue
        with pytest.raises(ActionError) as err:
            game.apply(state, seat, bad)
        assert err.value.code == ErrorCode.ILLEGAL
    for other in range(seats):
        if other not in to_act:
            with pytest.raises(ActionError) as err:
                game.apply(state, other, ids[0])
            assert err.value.code == ErrorCode.NOT_YOUR_TURN
    decision = game.decision(state, seat)
    spec = decision.text if decision is not None else None
    plain = [i for i in ids if spec is None or i != spec.action]
    if plain:  # typed text on a move that takes none
        with pytest.raises(ActionError) as err:
            game.apply(state, seat, plain[0], "a line nobody asked for")
        assert err.value.code == ErrorCode.ILLEGAL
    assert game.dump(state) == before, "a rejected action changed the state"


def check_heavy(game: Game, state: Any, seats: int, rng: random.Random) -> None:
    data = game.dump(state)
    assert game.load(json.loads(json.dumps(data))) == state
    for seat in [None, *range(seats)]:
        view = game.view(state, seat)
        json.dumps(view)
        assert view["game"] == game.key and view["seat"] == seat
        assert {"to_act", "headline", "finished"} <= set(view)
        for _ in range(2):
            other = game.determinize(state, seat, rng)
            assert game.view(other, seat) == view, f"seat {seat}'s view depends on unseen cards"


def public_record(game: Game, events: list[Any], seats: int) -> list[tuple[Any, ...]]:
    """What the public table hears of a step: its public events and their narration."""
    names = NAMES[:seats]
    return [(e.kind, e.data, game.narrate(e, names)) for e in events if e.visible_to is None]


def check_public_step(
    game: Game,
    state: Any,
    move: Move,
    after: Any,
    events: list[Any],
    seats: int,
    rng: random.Random,
) -> int:
    """The same move in a state where everything not shown openly is rearranged must tell
    the table the same thing. A move that itself shows something openly (a card played or
    turned face up) may tell a different story; then either the public view after it differs
    too, or the move used up every difference (a round ended and everything was dealt anew,
    so the two states are equal again). Those pairs are skipped, as are moves the rearranged
    state does not offer (the mover's own cards moved). Returns how many were compared."""
    seat, action_id, text = move
    heard = public_record(game, events, seats)
    seen_after = game.view(after, None)
    compared = 0
    for _ in range(2):
        other = game.determinize(state, None, rng)
        if action_id not in {a.id for a in game.legal(other, seat)}:
            continue
        other_after, other_events = game.apply(other, seat, action_id, text)
        if game.view(other_after, None) != seen_after or other_after == after:
            continue
        assert public_record(game, other_events, seats) == heard, (
            f"the public events of {action_id!r} depend on cards not shown openly"
        )
        compared += 1
    return compared


def typed(game: Game, state: Any, seat: int, action: Action, chooser: Chooser) -> str | None:
    """The text typed with `action`, if its decision takes text: what the chooser offers when
    it is within bounds (out of bounds, `apply` must refuse it), else a line that fits."""
    decision = game.decision(state, seat)
    spec = decision.text if decision is not None else None
    if spec is None or spec.action != action.id:
        return None
    text = chooser.text(spec)
    cleaned = clean_text(text) if text is not None else ""
    if (spec.min_len <= len(cleaned) <= spec.max_len) if cleaned else spec.optional:
        return text
    before = game.dump(state)
    with pytest.raises(ActionError) as err:
        game.apply(state, seat, action.id, text)
    assert err.value.code == ErrorCode.ILLEGAL
    assert game.dump(state) == before
    return "a" * max(spec.min_len, 1)


def play_checked(
    game: Game,
    seats: int,
    options: dict[str, str],
    seed: int,
    heavy: bool,
    chooser: Chooser,
) -> tuple[int, int, int]:
    """Play one legal game with every check, its choices from `chooser`; returns (net
    progress, all steps, steps whose public events were compared with a rearranged state's).
    """
    rng = random.Random(seed)
    state = game.new(seats, options, seed)
    invariant = INVARIANTS.get(game.key)
    bound = game.max_steps(seats, normalize_options(game, options))
    log: list[Move] = []
    progress = compared = 0
    replay_at = rng.randrange(1, bound)
    while True:
        to_act = game.to_act(state)
        result = game.result(state)
        if not to_act:
            assert result is not None, "no one to act, yet no result"
            break
        assert result is None, "a result while seats still owe decisions"
        if chooser.stop(len(log)):
            break
        full = FULL or heavy or len(log) % HEAVY_EVERY == 0
        check_decisions(game, state, to_act, seats, labels=full or len(log) % 7 == 0)
        seat = chooser.seat(sorted(to_act))
        if full or len(log) % 11 == 0:
            check_rejections(game, state, seat, to_act, seats)
        if full:
            check_heavy(game, state, seats, rng)
        before = game.dump(state) if full else None
        action = chooser.action(game.legal(state, seat))
        text = typed(game, state, seat, action, chooser)
        new_state, events = game.apply(state, seat, action.id, text)
        stored = clean_text(text) if text is not None else ""
        move = (seat, action.id, stored or None)  # as the log keeps it
        if before is not None:
            assert game.dump(state) == before, "apply mutated its input"
        for event in events:
            assert event.visible_to is None or event.visible_to <= set(range(seats))
        if full:
            compared += check_public_step(game, state, move, new_state, events, seats, rng)
        if invariant:
            invariant(game, state, new_state, events)
        state = new_state
        log.append(move)
        progress += -1 if action.back else 1  # a `back` undoes the step before it
        assert progress <= bound, f"game exceeded its bound of {bound} steps"
        assert len(log) <= 20 * bound, "the game is not making progress"
        if len(log) == replay_at:
            assert replay(game, seats, options, seed, log) == state
    assert replay(game, seats, options, seed, log) == state, "the log with its text replays"
    check_heavy(game, state, seats, rng)
    if game.to_act(state):
        return progress, len(log), compared
    result = game.result(state)
    assert result is not None and len(result.scores) == seats
    assert min(result.ranks) == 1 and set(result.winners) == {
        i for i, r in enumerate(result.ranks) if r == 1
    }
    assert all(game.decision(state, seat) is None for seat in range(seats))
    with pytest.raises(ActionError) as err:
        game.apply(state, 0, log[-1][1])
    assert err.value.code == ErrorCode.GAME_OVER
    return progress, len(log), compared


# --------------------------------------------------------------------- the Hypothesis sweep


@st.composite
def setups(draw: st.DrawFn, key: str) -> tuple[int, dict[str, str], int, int | None]:
    """(seats, options, seed, length) for one game of `key`: any seat count, any value of
    every option, a seed, and either the whole game (None) or its first `length` steps —
    which is what a failure shrinks towards."""
    game = GAMES[key]
    seats = draw(st.integers(game.min_seats, game.max_seats))
    options = {
        opt.key: draw(
            st.sampled_from([opt.default, *(v for v, _ in opt.choices if v != opt.default)])
        )
        for opt in game.options()
    }
    seed = draw(st.integers(0, 2**32 - 1))
    length = draw(st.integers(0, game.max_steps(seats, options)) | st.none())
    return seats, options, seed, length


@pytest.mark.parametrize("key", sorted(GAMES))
def test_hypothesis_games(key: str) -> None:
    game = GAMES[key]

    @settings(
        max_examples=EXAMPLES,
        derandomize=True,  # the same games on every run: CI never flakes on a new example
        database=None,
        deadline=None,  # whole games vary in length; the example count bounds the time
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(setup=setups(key), data=st.data())
    def check(setup: tuple[int, dict[str, str], int, int | None], data: st.DataObject) -> None:
        seats, options, seed, length = setup
        play_checked(game, seats, options, seed, True, DrawnChooser(data, length))

    check()


# --------------------------------------------------------------------- the budgeted sweep


@pytest.mark.parametrize(("key", "options"), list(sweeps()))
def test_random_games(key: str, options: dict[str, str]) -> None:
    game = GAMES[key]
    span = game.max_seats - game.min_seats + 1
    steps = compared = 0
    for i in range(GAMES_PER_SWEEP):
        seats = game.min_seats + i % span
        chooser = RandomChooser(random.Random(f"{i}/moves"))
        _, n, k = play_checked(game, seats, options, seed=i, heavy=i < HEAVY_GAMES, chooser=chooser)
        steps, compared = steps + n, compared + k
    print(f"{key}: {compared} public comparisons over {steps} steps")
    # The public check must not be vacuous: most moves are offered again after rearranging.
    assert compared > 0.1 * min(steps, HEAVY_GAMES * steps / GAMES_PER_SWEEP)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_bad_set_up_is_refused(key: str) -> None:
    game = GAMES[key]
    for seats in (game.min_seats - 1, game.max_seats + 1):
        with pytest.raises(ActionError) as err:
            game.new(seats, {}, 1)
        assert err.value.code == ErrorCode.BAD_OPTIONS
    with pytest.raises(ActionError):
        game.new(game.min_seats, {"no-such-option": "1"}, 1)
    for opt in game.options():
        with pytest.raises(ActionError):
            game.new(game.min_seats, {opt.key: "no-such-value"}, 1)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_same_seed_same_game(key: str) -> None:
    game = GAMES[key]
    a = game.new(game.min_seats, {}, 42)
    b = game.new(game.min_seats, {}, 42)
    assert a == b and game.view(a, 0) == game.view(b, 0)
    different = {json.dumps(opening(game, seed), sort_keys=True) for seed in range(5)}
    assert len(different) > 1, "the seed deals different games"


def opening(game: Game, seed: int, steps: int = 12) -> list[Any]:
    """What seat 0 sees over a game's first steps, each taking the first offered action (a
    game may look the same everywhere until its first card or die)."""
    state = game.new(game.min_seats, {}, seed)
    seen = [game.view(state, 0)]
    for _ in range(steps):
        to_act = game.to_act(state)
        if not to_act:
            break
        seat = min(to_act)
        action = next(a for a in game.legal(state, seat) if not a.back)
        state, _ = game.apply(state, seat, action.id, required_words(game, state, seat, action.id))
        seen.append(game.view(state, 0))
    return seen


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_level_plays_a_whole_game(key: str) -> None:
    from engine import bot_move, bot_words
    from engine.search import Budget

    game = GAMES[key]
    for level in game.bots:
        state = game.new(game.max_seats, {}, 7)
        steps = 0
        while to_act := game.to_act(state):
            seat = min(to_act)
            # `hard` searches within its budget; none here (tests/engine/test_search.py plays
            # it with playouts): it still picks among the distinct legal moves
            action = bot_move(game, state, seat, level, budget=Budget(playouts=0))
            assert action in {a.id for a in game.legal(state, seat)}
            # the words the bot gives a computer with a text action (its canned lines)
            state, _ = game.apply(state, seat, action, bot_words(game, state, seat, action))
            steps += 1
            assert steps <= game.max_steps(game.max_seats, normalize_options(game, {}))
        assert game.result(state) is not None
