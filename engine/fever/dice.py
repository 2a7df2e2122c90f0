"""Holiday Fever's chance: the set-up's shuffles, then the dice and the Sneaky Elf's pick,
each drawn from the game's seed and a counter (`rolls`, `chance`), so a game replays from its
seed.

How the seeded dice are drawn is versioned by the state's `dice_rule`, since a saved game
must replay with the very dice it rolled:

- `OLD_DICE` (1), every game saved before the rule was recorded: die k is
  `make_rng(seed, "fever", "die", k).randint(1, 6)`, a Mersenne Twister seeded per die through
  SHA-512, which made seeding a fifth of a random playout's time;
- `SPLITMIX` (2), every new game: die k is SplitMix64 (Steele, Lea & Flood 2014) at counter k
  of a stream keyed by the seed, modulo 6 (the 2^64 outputs split into six near-equal
  parts: the bias is below 10^-18). Pure integer arithmetic, about twenty times quicker.

The Sneaky Elf's pick is the same under both rules: one Mersenne Twister per pick, rare enough.
"""

from __future__ import annotations

import _random
import random
from functools import lru_cache
from hashlib import sha512
from typing import Any

from engine.fever.state import FeverDraft

#: `dice_rule` of the games saved before it was recorded (a state or rig without one).
OLD_DICE = 1
#: `dice_rule` of every new game.
SPLITMIX = 2
DICE_RULES = (OLD_DICE, SPLITMIX)

_MASK = (1 << 64) - 1
#: SplitMix64's increment (2^64 / the golden ratio) and its finaliser's multipliers.
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB

_seed_mt = _random.Random.seed  # the C seeding, under `random.Random.seed`'s hashing


def _stream(seed: int, purpose: str, k: int) -> random.Random:
    """`make_rng(seed, "fever", purpose, k)`, built a little quicker: every draw has its own
    generator (so a game replays from its seed). Seeds the C generator with the very integer
    `Random.seed` makes of the string (version 2: the bytes followed by their SHA-512),
    skipping the Python layers around it."""
    key = f"{seed}/fever/{purpose}/{k}".encode()
    rng = random.Random.__new__(random.Random)
    _seed_mt(rng, int.from_bytes(key + sha512(key).digest()))
    return rng


def _old_die(seed: int, k: int) -> int:
    """`OLD_DICE`: `make_rng(seed, "fever", "die", k).randint(1, 6)`; `randint` takes 3
    random bits until they are below 6."""
    bits = _stream(seed, "die", k).getrandbits
    r = bits(3)
    while r >= 6:
        r = bits(3)
    return r + 1


@lru_cache(maxsize=256)
def _dice_key(seed: int) -> int:
    """The 64-bit key of a game's SplitMix64 dice stream: any integer seed (negative, or
    beyond 64 bits) hashed once per game, so near seeds get unrelated streams."""
    return int.from_bytes(sha512(f"{seed}/fever/dice".encode()).digest()[:8])


def _splitmix_die(key: int, k: int) -> int:
    """`SPLITMIX`: die k of the stream `key`."""
    z = (key + (k + 1) * _GAMMA) & _MASK
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return (z ^ (z >> 31)) % 6 + 1


def shuffle(cards: list[Any], rng: random.Random) -> None:
    """`rng.shuffle(cards)`, the very same permutation (Fisher–Yates from the end, each index
    by `getrandbits` of its bit length until below the bound, as CPython 3.11's `_randbelow`
    draws it), without a Python call per card: the set-up's three shuffles were a tenth of a
    random playout."""
    bits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]


def seeded_dice(seed: int, rule: int, first: int, count: int) -> tuple[int, ...]:
    """Dice `first` … `first + count - 1` of the game seeded `seed` under `rule`."""
    if rule == SPLITMIX:
        key = _dice_key(seed)
        return tuple(_splitmix_die(key, k) for k in range(first, first + count))
    return tuple(_old_die(seed, k) for k in range(first, first + count))


def roll(t: FeverDraft, dice: int) -> tuple[int, ...]:
    """`dice` dice: the rig's queue first (rig key `dice`), then the seeded stream."""
    rigged = t.rig["dice"] if t.rig and "dice" in t.rig else ()
    n = t.rolls
    t.rolls = n + dice
    if n >= len(rigged):
        if dice == 2 and t.dice_rule == SPLITMIX:  # the usual roll, inline
            key = _dice_key(t.seed)
            return (_splitmix_die(key, n), _splitmix_die(key, n + 1))
        return seeded_dice(t.seed, t.dice_rule, n, dice)
    return tuple(
        int(rigged[k]) if k < len(rigged) else seeded_dice(t.seed, t.dice_rule, k, 1)[0]
        for k in range(n, n + dice)
    )


def pick(t: FeverDraft, key: str, n: int) -> int:
    """A random index below `n` for `key` (the rig's queue of 1-based picks first)."""
    rigged = (t.rig or {}).get(key, ())
    k = t.chance
    t.chance += 1
    if k < len(rigged) and 1 <= int(rigged[k]) <= n:
        return int(rigged[k]) - 1
    return _stream(t.seed, key, k).randrange(n)
