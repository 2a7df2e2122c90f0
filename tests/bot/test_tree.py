"""My First Christmas Tree through the fake Discord: a whole game against a computer with a
restart in the middle, and two humans taking turns — all through the generic session layer."""

from __future__ import annotations

import random
import re

from bot import wire
from engine.tree import cards as C
from tests.bot.play import assert_no_public_moves, open_lobby, play_to_the_end, sensible


def public_words(harness) -> str:
    fake = harness.fake
    return "\n".join(
        t for entry in fake.public_log for t in entry["texts"] + entry["alt"] + entry["labels"]
    )


async def test_one_human_against_a_computer_with_a_restart(harness):
    fake = harness.fake
    ann = fake.add_user("Ann")
    table = await open_lobby(harness, ann, game="tree", bots=["normal"], options=["20"])
    assert "My First Christmas Tree" in harness.text(table)
    assert re.search(r"turn \d+ of 20", harness.text(table)), harness.text(table)
    secret = set(
        harness.bot.service.sessions[1].state.dealt[0]
        + harness.bot.service.sessions[1].state.dealt[1]
    )
    assert len(secret) == 3, "one card dealt face down to the first player, two to the second"
    assert not any(C.card_name(card) in public_words(harness) for card in secret)
    rng = random.Random(2)
    clicks = 0
    while clicks < 12:  # a few turns, then the bot is killed between two presses
        dm = harness.dm(ann)
        assert harness.moves_on(dm), "Ann has nothing to press, yet the game goes on"
        await harness.play_move(ann, dm, rng, chooser=sensible(harness, 1, ann))
        clicks += 1
    # The cards dealt face down and not played yet are still secret: not one public word names
    # them (a card taken from the open pool was seen by everyone and may be named).
    dealt = harness.bot.service.sessions[1].state.dealt
    assert not any(C.card_name(card) in public_words(harness) for card in dealt[0] + dealt[1])
    version = (await harness.bot.storage.game(1)).version
    await harness.crash_bot()
    await harness.start_bot()
    assert (await harness.bot.storage.game(1)).version == version
    await play_to_the_end(harness, [ann], table, rng, game_id=1)
    shown = public_words(harness)
    # A line per step, in the table's narration.
    assert re.search(r"Ann prepares \S+ .*— row \S+ matches (row \d|tiles [\d. ]+)\.", shown)
    assert re.search(r"(Ann|Tinsel|Computer).* decorates ", shown), shown[-2000:]
    final = harness.text(table)
    assert "wins" in final or "share" in final or "Game over" in final, final
    assert harness.labels(table) == []
    assert_no_public_moves(harness)
    rows = await harness.bot.storage.finished_games(fake.guild_id, "tree")
    assert len(rows) == 1


async def test_two_humans_take_turns_and_a_wrong_click_changes_nothing(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    await open_lobby(harness, ann, game="tree", joiners=[bea])
    session = harness.bot.service.sessions[1]
    first = next(u for u in (ann, bea) if session.seat_of(u.id).seat == session.state.first)
    other = bea if first is ann else ann
    # The first player's DM offers the pool (and the wipe commit); the other's offers nothing.
    offered = harness.moves_on(harness.dm(first))
    assert offered and harness.moves_on(harness.dm(other)) == []
    actions = {m[2] if m[0] == "select" else wire.parse(m[1]).action for m in offered}
    assert {f"take:{c}" for c in session.state.pool} <= actions
    # The other player sending that control's custom_id (forged into their own DM) is
    # refused and changes nothing.
    before = session.state
    kind, cid, value = offered[0]
    if kind == "button":
        wrong = await harness.click(other, harness.dm(other), custom_id=cid)
    else:
        wrong = await harness.choose(other, harness.dm(other), value, custom_id=cid)
    assert wrong.ephemeral_text, "the sender hears why nothing happened"
    assert harness.bot.service.sessions[1].state == before
    # Whole turns by buttons and menus: the turn passes to the other player.
    rng = random.Random(7)
    turns_seen = set()
    for _ in range(60):
        state = harness.bot.service.sessions[1].state
        turns_seen.add(state.turn)
        if len(turns_seen) == 2 and state.turns == (2, 2):
            break
        user = first if state.turn == state.first else other
        await harness.play_move(user, harness.dm(user), rng)
    state = harness.bot.service.sessions[1].state
    assert state.turns == (2, 2), "both players have had turns"
    assert_no_public_moves(harness)


async def test_the_cubes_are_one_multi_select_and_a_forged_pick_changes_nothing(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    await open_lobby(harness, ann, game="tree", joiners=[bea])
    rng = random.Random(3)
    for _ in range(400):
        session = harness.bot.service.sessions[1]
        user = next(u for u in (ann, bea) if session.seat_of(u.id).seat == session.state.turn)
        dm = harness.dm(user)
        multi = [m for m in harness.moves_on(dm) if m[0] == "multi"]
        if multi:
            break
        await harness.play_move(user, dm, rng)
    else:
        raise AssertionError("no placement asked for its tiles in 400 presses")
    state = session.state
    n = len(multi[0][2].split(","))
    (select,) = [c for c in harness.components(dm) if c.get("type") == 3]
    assert select["min_values"] == select["max_values"] == n
    assert all(o["label"].startswith("Tile ") for o in select["options"])
    # One tile too few, or one tile more than once: refused, nothing moves.
    values = [o["value"] for o in select["options"]]
    for forged in (values[: n - 1], [values[0]] * (n + 1), ["9"] * n):
        answer = await harness.pick(user, dm, forged, custom_id=multi[0][1])
        assert answer.ephemeral_text == "That move isn't allowed right now."
        assert harness.bot.service.sessions[1].state == state
    await harness.pick(user, dm, multi[0][2].split(","), custom_id=multi[0][1])
    after = harness.bot.service.sessions[1].state
    assert after != state and after.phase != "cubes"
    assert_no_public_moves(harness)
