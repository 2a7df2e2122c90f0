"""The `/rules` texts: they call things what the bot and the rules pages call them."""

from __future__ import annotations

import re

import pytest

from engine import GAMES


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_private_button_is_called_my_hand(key: str) -> None:
    # The table message's button for a player's own picture and controls is "My hand"
    # (docs/bot.md); a summary that names it must use that label.
    named = re.findall(r"\*\*(My [^*]+)\*\*", GAMES[key].summary)
    assert named, "the summary says where a player's own cards are"
    assert set(named) == {"My hand"}


def test_shuffle_summary_keeps_the_winners_wilds_in_order() -> None:
    # HS-D02: the round winner's Wilds take the best dates that keep the mat in order.
    summary = GAMES["shuffle"].summary
    assert re.search(r"winner's Wilds[^.]*\bin order\b", summary), summary


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_summary_fits_one_discord_message(key: str) -> None:
    # `/rules` answers with the summary as one message: Discord refuses content over 2000.
    assert len(GAMES[key].summary) <= 2000


def test_plural_is_the_one_way_to_count():
    from engine.words import plural

    assert [plural(n, "point") for n in (1, -1, 0, 2)] == [
        "1 point",
        "-1 point",
        "0 points",
        "2 points",
    ]
    assert plural(3, "family", "families") == "3 families"


def test_every_game_has_a_one_line_tagline_for_help() -> None:
    """/help lists each game with its tagline: one short sentence of our own."""
    for game in GAMES.values():
        assert game.tagline.endswith(".") and "\n" not in game.tagline
        assert 20 <= len(game.tagline) <= 110, game.key
