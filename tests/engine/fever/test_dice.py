"""Fever's seeded dice (engine/fever/dice.py). Games saved before `dice_rule` was recorded
roll the old dice (`OLD_DICE`: the very numbers `make_rng` gives) and must replay exactly;
new games roll SplitMix64 dice (`SPLITMIX`), which must be fair."""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.fever.dice import OLD_DICE, SPLITMIX, _old_die, _stream, roll, seeded_dice, shuffle
from engine.fever.game import GAME
from engine.fever.state import CODEC, FeverState
from engine.protocol import ActionError, ErrorCode, Event, make_rng
from tests.engine.fever.helpers import new

#: Three random games recorded before the rule existed (code of 9c0d06c): their creation
#: arguments, moves, the stored state after `saved_at` moves, and after every move a digest
#: of the state's JSON, the events, every view and the legal actions. The 6-family game is
#: rigged (`dice` [6, 6, 1]); two of them have a Sneaky Elf pick.
OLD_GAMES = json.loads((Path(__file__).parent / "data" / "old_games.json").read_text())


def _digest(obj: Any) -> str:
    text = json.dumps(obj, sort_keys=True, default=sorted)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _old_dump(s: FeverState) -> dict[str, Any]:
    """The state's JSON as the release before `dice_rule` wrote it."""
    data = GAME.dump(s)
    assert data.pop("dice_rule") == OLD_DICE
    rig = {k: v for k, v in data["rig"].items() if k != "dice_rule"}
    data["rig"] = rig or None
    return data


def _events(events: list[Event]) -> list[Any]:
    return [
        [e.kind, dict(e.data), None if e.visible_to is None else sorted(e.visible_to)]
        for e in events
    ]


def _step(s: FeverState, events: list[Event]) -> str:
    views = [GAME.view(s, None), *(GAME.view(s, p) for p in range(s.seats))]
    legal = {str(p): [a.id for a in GAME.legal(s, p)] for p in sorted(GAME.to_act(s))}
    parts = (_old_dump(s), _events(events), views, legal)
    return " ".join(_digest(part) for part in parts)


def _replay(s: FeverState, moves: list[Any], steps: list[str]) -> None:
    for k, ((seat, action, text), expected) in enumerate(zip(moves, steps, strict=True)):
        s, events = GAME.apply(s, seat, action, text)
        assert _step(s, events) == expected, f"move {k + 1}"
    assert not GAME.to_act(s)


@pytest.mark.parametrize("old", OLD_GAMES, ids=lambda g: f"{g['seats']}-families")
def test_an_old_game_replays_from_its_log_as_the_bot_rebuilds_it(old: dict[str, Any]) -> None:
    # The bot rebuilds a logged game with `new(seats, options, seed, load(stored state).rig)`.
    rig = GAME.load(old["saved"]).rig
    assert rig is not None and rig["dice_rule"] == OLD_DICE
    s = GAME.new(old["seats"], old["options"], old["seed"], rig)
    _replay(s, old["moves"], old["steps"])


@pytest.mark.parametrize("old", OLD_GAMES, ids=lambda g: f"{g['seats']}-families")
def test_an_old_stored_state_plays_on_with_the_old_dice(old: dict[str, Any]) -> None:
    k = old["saved_at"]
    s = GAME.load(old["saved"])
    assert s.dice_rule == OLD_DICE
    assert json.loads(json.dumps(_old_dump(s))) == old["saved"]
    _replay(s, old["moves"][k:], old["steps"][k:])
    again = GAME.load(json.loads(json.dumps(GAME.dump(s))))  # now saved with its rule
    assert again == s


def test_new_games_record_the_splitmix_rule() -> None:
    s = new(3, seed=8)
    data = GAME.dump(s)
    assert s.dice_rule == SPLITMIX and data["dice_rule"] == SPLITMIX and data["rig"] is None
    assert GAME.load(json.loads(json.dumps(data))) == s


def test_old_dice_are_make_rng_dice() -> None:
    for seed in (*range(40), 2**63 + 5, 12345678901234567890):
        for k in range(25):
            assert _old_die(seed, k) == make_rng(seed, "fever", "die", k).randint(1, 6)
            assert seeded_dice(seed, OLD_DICE, k, 1) == (_old_die(seed, k),)


def test_sneaky_elf_picks_are_make_rng_picks() -> None:
    for seed in range(40):
        for k in range(10):
            for n in (2, 3, 5):
                expected = make_rng(seed, "fever", "elf", k).randrange(n)
                assert _stream(seed, "elf", k).randrange(n) == expected


def _chi_square(counts: Counter[Any], cells: list[Any]) -> float:
    total = sum(counts.values())
    expected = total / len(cells)
    return sum((counts[c] - expected) ** 2 / expected for c in cells)


def test_splitmix_dice_are_uniform() -> None:
    # 60,000 dice of 300 games; 99.9 % quantiles of chi-square: 20.5 (5 degrees of freedom),
    # 66.6 (35). The pairs are the two dice of a roll: doubles must come one time in six.
    faces = list(range(1, 7))
    seeds = (*range(200), 2**62 + 1, -7, 3**50)
    dice = [seeded_dice(seed, SPLITMIX, 0, 300) for seed in seeds]
    singles = Counter(d for row in dice for d in row)
    pairs = Counter(p for row in dice for p in zip(row[::2], row[1::2], strict=True))
    firsts = Counter(seeded_dice(seed, SPLITMIX, 0, 1)[0] for seed in range(6000))
    assert set(singles) == set(faces)
    assert _chi_square(singles, faces) < 20.5
    assert _chi_square(pairs, [(a, b) for a in faces for b in faces]) < 66.6
    assert _chi_square(firsts, faces) < 20.5  # neighbouring seeds start unrelated


@pytest.mark.parametrize("rule", [OLD_DICE, SPLITMIX])
def test_the_seeded_dice_follow_the_rigged_ones(rule: int) -> None:
    t = CODEC.thaw(new(2, seed=3, dice=[5, 5, 2], dice_rule=rule))
    assert roll(t, 2) == (5, 5)
    assert roll(t, 2) == (2, *seeded_dice(3, rule, 3, 1))
    assert roll(t, 2) == seeded_dice(3, rule, 4, 2)
    assert roll(t, 1) == seeded_dice(3, rule, 6, 1)
    assert t.rolls == 7


def test_a_bad_rule_is_refused() -> None:
    with pytest.raises(ActionError) as err:
        GAME.new(2, {}, 1, {"dice_rule": 3})
    assert err.value.code == ErrorCode.BAD_OPTIONS


def test_the_set_up_shuffle_is_randoms_shuffle() -> None:
    # A deck's order comes from the seed: old games must be dealt as they were.
    for seed in range(300):
        for n in (0, 1, 2, 20, 23, 30, 48, 68):
            ours, theirs = list(range(n)), list(range(n))
            mine, reference = random.Random(seed), random.Random(seed)
            shuffle(ours, mine)
            reference.shuffle(theirs)
            assert ours == theirs and mine.random() == reference.random()
