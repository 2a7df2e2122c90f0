"""The custom_id wire format: an explicit kind, and buttons posted before it still work."""

from __future__ import annotations

import pytest

from bot import wire
from bot.wire import Kind, Press
from tests.bot.play import open_lobby


@pytest.mark.parametrize(
    ("custom_id", "press"),
    [
        ("t2:7:m:12:card:H5", Press(7, Kind.MOVE, "card:H5", 12)),
        ("t2:7:m:0:~", Press(7, Kind.MOVE, "~", 0)),
        ("t2:7:w:3:sing", Press(7, Kind.WRITE, "sing", 3)),
        ("t2:7:f:3:sing", Press(7, Kind.FORM, "sing", 3)),
        ("t2:7:l:bot:easy", Press(7, Kind.LOBBY, "bot:easy")),
        ("t2:7:h:hand", Press(7, Kind.ANY, "hand")),
        # The format before the kind field: the version slot said it.
        ("t1:7:12:card:H5", Press(7, Kind.MOVE, "card:H5", 12)),
        ("t1:7:L:join", Press(7, Kind.LOBBY, "join")),
        ("t1:7:H:rematch", Press(7, Kind.ANY, "rematch")),
    ],
)
def test_both_formats_parse(custom_id, press):
    assert wire.parse(custom_id) == press


def test_new_ids_round_trip_and_carry_no_version_where_none_belongs():
    for press in (
        Press(1, Kind.MOVE, "play:H1:now", 4),
        Press(1, Kind.WRITE, "sing", 4),
        Press(1, Kind.FORM, "speak", 9),
        Press(1, Kind.LOBBY, "opt:variant"),
        Press(1, Kind.ANY, "reclaim"),
    ):
        cid = wire.encode(press.game_id, press.kind, press.action, press.version)
        assert cid.startswith("t2:") and wire.parse(cid) == press
    assert wire.COMPONENT.fullmatch("t2:1:f:3:sing") is None, "a form is not a component"


@pytest.mark.parametrize(
    "junk", ["hello", "t2:1", "t2:1:x:0:a", "t2:1:m:card", "t2:1:l", "t1:x:0:a", "t3:1:h:a"]
)
def test_malformed_ids_are_not_ours(junk):
    assert wire.parse(junk) is None


async def test_a_button_posted_before_the_upgrade_still_moves(harness):
    """A DM sent by the previous version carries `t1:` ids; pressing one makes the move."""
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    await open_lobby(harness, ann, game="shuffle", joiners=[bea])
    user = next(u for u in (ann, bea) if harness.moves_on(harness.dm(u)))
    dm = harness.dm(user)
    before = (await harness.bot.storage.game(1)).version
    for c in harness.components(dm):  # as the old bot drew it
        if (press := wire.parse(c.get("custom_id", ""))) is not None and press.version is not None:
            c["custom_id"] = f"t1:{press.game_id}:{press.version}:{press.action}"
    kind, cid, value = harness.moves_on(dm)[0]
    assert cid.startswith("t1:")
    if kind == "button":
        await harness.click(user, dm, custom_id=cid)
    else:
        await harness.choose(user, dm, value, custom_id=cid)
    assert (await harness.bot.storage.game(1)).version == before + 1
