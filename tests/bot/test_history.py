"""/history through the fake Discord, with the test-only game (tests/bot/toy.py): a server's
finished games newest first, paged with ◀ / ▶ buttons that anyone may press and that still
work after a restart, filtered by game and by player; forged page ids get a sentence."""

from __future__ import annotations

import random
import re

import pytest

from bot import wire
from tests.bot import toy
from tests.bot.play import open_lobby, play_to_the_end

NOT_MINE = "That button isn't one of mine, or it no longer exists."


@pytest.fixture(autouse=True)
def toy_game(monkeypatch):
    toy.install(monkeypatch)


async def finish_toys(harness, host, count: int, guest=None) -> None:
    """`count` toy games, the host against a computer (or against `guest`), played out."""
    rng = random.Random(count)
    for _ in range(count):
        joiners, bots = ([guest], []) if guest else ([], ["easy"])
        table = await open_lobby(harness, host, game="toy", joiners=joiners, bots=bots)
        await play_to_the_end(harness, [host, *joiners], table, rng)


def listed(harness, message: int) -> list[int]:
    """The game numbers a /history page lists, in order."""
    return [int(n) for n in re.findall(r"\*\*#(\d+) · ", harness.text(message))]


async def test_history_pages_newest_first_and_anyone_turns_them(harness):
    fake = harness.fake
    ann, bea, eve = fake.add_user("Ann"), fake.add_user("Bea"), fake.add_user("Eve")
    empty = await harness.command(ann, "history")
    assert empty.ephemeral_text == (
        "No finished games here yet: they're listed here once they end."
    )
    await finish_toys(harness, ann, 9)
    await finish_toys(harness, ann, 3, guest=bea)  # games 10–12: Ann against Bea
    await open_lobby(harness, ann, game="toy", bots=["easy"])  # game 13 runs: not listed

    shown = await harness.command(eve, "history")
    page = shown.original_id
    assert not shown.responses[0]["data"].get("flags", 0) & 64, "public"
    assert listed(harness, page) == list(range(12, 2, -1))
    text = harness.text(page)
    assert "### 📜 Finished games on this server" in text and "Page 1 of 2" in text
    assert "Ann, Bea · 🏆 Ann · `/replay game:12`" in text
    assert re.search(r"<t:\d+:d>", text)
    table_of_12 = (await harness.bot.storage.game(12)).table_message_id
    assert f"/{fake.general}/{table_of_12})" in text, "a link to the table"
    assert "<@" not in text, "names are plain text"
    assert harness.labels(page) == ["Previous", "Next"]

    # Anyone presses ▶: the same message shows the older games.
    await harness.click(bea, page, "Next")
    assert listed(harness, page) == [2, 1] and "Page 2 of 2" in harness.text(page)
    with pytest.raises(AssertionError):
        harness.find_button(page, "Next")  # the last page: ▶ is disabled

    # After a restart, the buttons drawn before it still turn the pages.
    await harness.crash_bot()
    await harness.start_bot()
    await harness.click(eve, page, "Previous")
    assert listed(harness, page) == list(range(12, 2, -1))


async def test_history_filters_by_game_and_by_player(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    await finish_toys(harness, ann, 2)
    await finish_toys(harness, ann, 1, guest=bea)

    bea_only = await harness.command(ann, "history", player=bea)
    assert listed(harness, bea_only.original_id) == [3]
    text = harness.text(bea_only.original_id)
    assert (
        "— with Bea" in text and "Page" not in text and harness.labels(bea_only.original_id) == []
    )

    toys = await harness.command(ann, "history", game="toy")
    assert listed(harness, toys.original_id) == [3, 2, 1]
    assert "— Toy" in harness.text(toys.original_id)

    none = await harness.command(ann, "history", game="ghosts", player=bea)
    assert none.ephemeral_text == (
        "No finished games of Ghosts of Christmas with Bea here yet:"
        " they're listed here once they end."
    )


async def test_forged_page_ids_get_a_sentence(harness):
    fake = harness.fake
    ann = fake.add_user("Ann")
    await finish_toys(harness, ann, 11)
    page = (await harness.command(ann, "history")).original_id
    before = harness.text(page)

    async def forged(custom_id: str) -> str:
        # A button the bot never drew, injected into the message it claims to be on.
        fake.messages[page]["components"][0]["components"].append(
            {
                "type": 1,
                "components": [{"type": 2, "style": 2, "label": "x", "custom_id": custom_id}],
            }
        )
        answer = await harness.click(ann, page, custom_id=custom_id)
        fake.messages[page]["components"][0]["components"].pop()
        return answer.ephemeral_text

    assert await forged(wire.page("nosuch", 2, "-.-")) == "That page no longer exists."
    assert await forged(wire.page("history", 2, "chess.-")) == "That page no longer exists."
    assert await forged(wire.page("history", 2, "x")) == "That page no longer exists."
    assert await forged(wire.page("replay", 1, "99")) == "That page no longer exists."
    for junk in ("t2:p:history:0:-.-", "t2:p:history:1:" + "x" * 61, "t2:p::1:"):
        assert await forged(junk) == NOT_MINE
    # A well-formed id not on the message it claims to come from.
    other = await harness.click(ann, page, custom_id=wire.page("history", 3, "-.-"))
    assert other.ephemeral_text == NOT_MINE
    assert harness.text(page) == before
    # Asked for a page past the end (fewer games than when it was drawn): the last one.
    assert await forged(wire.page("history", 9, "-.-")) == ""
    assert listed(harness, page) == [1]
