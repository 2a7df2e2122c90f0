"""Fever's dice are seeded the quick way (`common._die`, `common._stream`): they must be the
very numbers `make_rng` gives, or a saved game would replay with other dice."""

from engine.fever.common import _die, _stream
from engine.protocol import make_rng


def test_dice_are_make_rng_dice() -> None:
    for seed in (*range(40), 2**63 + 5, 12345678901234567890):
        for k in range(25):
            assert _die(seed, k) == make_rng(seed, "fever", "die", k).randint(1, 6)


def test_sneaky_elf_picks_are_make_rng_picks() -> None:
    for seed in range(40):
        for k in range(10):
            for n in (2, 3, 5):
                expected = make_rng(seed, "fever", "elf", k).randrange(n)
                assert _stream(seed, "elf", k).randrange(n) == expected
