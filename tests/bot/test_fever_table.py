"""Holiday Fever at the fake Discord table: the youngest claim, a Mistletoe window, the Race's
clock, speeches and the Reunion's secret choices, as the players see them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot import decisions
from engine import GAMES
from engine.fever.ai import Me as FeverMe
from engine.fever.board import TRACK
from engine.fever.cards import NN_CARDS
from tests.bot.harness import every_text, form_inputs
from tests.bot.play import (
    assert_no_public_moves,
    game_over,
    hand_message,
    open_lobby,
    play_to_the_end,
    sensible,
    table_version,
)
from tests.engine.fever.helpers import secrets_named, table_secrets

#: The buttons a Fever message adds to open its details (render.fever.details).
DETAILS = {"Score cards", "December", "Board", "Town spaces"}
#: What ends a player's hand controls, after the detail buttons.
RESIGN = "Resign"


def rig(monkeypatch: pytest.MonkeyPatch, **cards: Any) -> None:
    """Every Fever game started from now on is dealt with the rig (docs/games/fever.md)."""
    game = GAMES["fever"]
    plain = game.new

    def new(seats: int, options: Any = None, seed: int = 0, rig: Any = None) -> Any:
        return plain(seats, options, seed, cards)

    monkeypatch.setattr(game, "new", new)


async def seconds_left(h, game_id: int = 1) -> float:
    row = await h.bot.storage.game(game_id)
    assert row.deadline is not None, "a clock is running"
    return row.deadline - h.clock()


async def expire(h, game_id: int = 1) -> None:
    """Push the fake clock past the running deadline and let the alarm fire."""
    h.clock.advance(await seconds_left(h, game_id) + 1)
    await h.bot.service.run_due()
    await h.settle()


async def test_a_person_claims_to_be_the_youngest_on_the_table(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, game="fever", joiners=[bea], bots=["normal"])
    # The computer has said "Not me" (HF-D15); the people have the 30 s on the table.
    assert {"🧒 I'm the youngest", "Not me"} <= set(harness.labels(table))
    assert 25 < await seconds_left(harness) <= 30
    text = harness.text(table)
    assert f"Waiting for <@{ann.id}>, <@{bea.id}>" in text and "⏳ <t:" in text
    dm = harness.dm(bea)
    assert "Quick, the first press wins!" in harness.text(dm)
    await harness.click(bea, table, "I'm the youngest")
    text = harness.text(table)
    assert "🧒 Bea is the youngest and begins." in text
    assert "I'm the youngest" not in " ".join(harness.labels(table))
    assert [s.timeouts for s in await harness.bot.storage.seats(1)] == [0, 0, 0]
    assert (1, "claim", None) in await harness.bot.storage.actions(1)


async def test_nobody_claims_and_the_drawn_family_begins(harness, monkeypatch):
    rig(monkeypatch, first=1)
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, game="fever", joiners=[bea], bots=["easy"])
    assert "else a family drawn at random" in harness.text(table)
    assert "claims, Bea" not in harness.text(table), "the draw is not told before the time is up"
    await expire(harness)
    text = harness.text(table)
    assert "Nobody claimed to be the youngest: Bea was drawn to begin." in text
    assert "I'm the youngest" not in " ".join(harness.labels(table))
    actions = await harness.bot.storage.actions(1)
    assert [a for _seat, a, _text in actions[:3]] == ["none"] * 3
    assert [s.timeouts for s in await harness.bot.storage.seats(1)] == [0, 0, 0], "no strike"


async def test_a_mistletoe_window_runs_out_and_the_take_goes_ahead(harness, monkeypatch):
    # Ann (the youngest) draws Mistletoe on space 6 and keeps it; the computer lands on the
    # Estate Sale (7) and buys her Telescope, whose $300 it saw at the White Elephant.
    rig(
        monkeypatch,
        first=0,
        dice=[1, 5, 3, 4, 5, 5],
        values=[300, 50],
        gifts=["telescope", "puppy"],
        nn=["A02"],
    )
    fake = harness.fake
    ann = fake.add_user("Ann")
    table = await open_lobby(harness, ann, game="fever", bots=["normal"])
    await harness.click(ann, table, "I'm the youngest")
    await harness.choose(ann, harness.dm(ann), "swap:1")  # she takes her Telescope back
    await harness.click(ann, harness.dm(ann), "Roll")
    assert "Ann's Anytime cards: Mistletoe." in harness.text(harness.dm(ann))
    await harness.click(ann, harness.dm(ann), "End the turn")

    # The offer is Ann's alone, with its 30-second clock; the table shows no move.
    dm = harness.dm(ann)
    offer = harness.text(dm)
    assert "**You may respond.** Holly-bot is about to buy your Gift 1 for $100." in offer
    assert "⏳ <t:" in offer and "You may respond now" in offer
    assert harness.labels(dm)[:2] == ["🌿 Play Mistletoe", "Let it happen"]
    *details, last = harness.labels(dm)[2:]
    assert set(details) <= DETAILS and last == RESIGN, "then only the detail buttons, Resign"
    assert 25 < await seconds_left(harness) <= 30
    assert_no_public_moves(harness)
    assert "Holly-bot points at Ann's Gift 1" in harness.text(table)
    before = len(await harness.bot.storage.actions(1))

    await expire(harness)
    actions = await harness.bot.storage.actions(1)
    assert actions[before] == (0, "allow", None), "the rules' on_timeout, played for Ann"
    assert [s.timeouts for s in await harness.bot.storage.seats(1)] == [0, 0], "no strike"
    assert not (await harness.bot.storage.seats(1))[0].replaced
    text = harness.text(table)
    assert "⏰ Time's up for Ann." in text and "Holly-bot takes Ann's Gift 1." in text
    # Play goes on: Ann's next turn; her card stays hers and out of every public word.
    dm = harness.dm(ann)
    assert "🎲 Roll" in harness.labels(dm) and "Ann's Gifts: none." in harness.text(dm)
    assert not any("Mistletoe" in t for t in every_text(fake))


def owing(h, game_id: int, user) -> dict[str, Any] | None:
    """The user's view while their seat owes a decision, else None."""
    session = h.bot.service.sessions[game_id]
    seat = session.seat_of(user.id).seat
    if seat not in session.game.to_act(session.state):
        return None
    return session.game.view(session.state, seat)


async def play_until(h, humans, table: int, game_id: int, rng, stop) -> Any:
    """The humans make the `normal` computer's moves, one press at a time, until
    `stop(user, view)` holds for a human owing a decision; returns that user."""
    for _ in range(2000):
        await h.bot.service.session(game_id)  # loaded again after a restart
        for user in humans:
            seen = owing(h, game_id, user)
            if seen is not None and stop(user, seen):
                return user
        assert not game_over(h, table), "the game ended first"
        for user in humans:
            message = await hand_message(h, user, table)
            chooser = sensible(h, game_id, user)
            if message is not None and await h.play_move(user, message, rng, chooser=chooser):
                break
        else:
            raise AssertionError("nobody has a move")
    raise AssertionError("never got there")


def bullets(h, message_id: int) -> list[str]:
    """The recent lines a table message shows."""
    return [line for line in h.text(message_id).splitlines() if line.startswith("• ")]


def row_of(h, message_id: int, label: str) -> list[dict[str, Any]]:
    """The action row holding the button `label`."""
    for c in h.components(message_id):
        if c.get("type") == 1 and any(b.get("label") == label for b in c["components"]):
            return c["components"]
    raise AssertionError(f"no {label!r} on {message_id}")


def shoppers_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """`normal` never rushes the tree: every family shops until a deck runs dry, so the game
    comes to the Race to Christmas (and its Family Reunion)."""
    monkeypatch.setattr(FeverMe, "rush", property(lambda self: False))


async def test_two_families_two_computers_restart_in_a_store_and_in_the_race(harness, monkeypatch):
    shoppers_only(monkeypatch)
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, game="fever", joiners=[bea], bots=["normal", "easy"])
    rng = random.Random(1)

    def shopping(user, seen) -> bool:
        return seen["stage"] == "store" and bool(seen["store"]) and seen["store"]["bought"] > 0

    shopper = await play_until(harness, [ann, bea], table, 1, rng, shopping)
    dm = harness.dm(shopper)
    offered = harness.moves_on(dm)
    assert "In your basket:" in harness.text(dm)
    told = bullets(harness, table)
    await harness.crash_bot()
    await harness.start_bot()
    dm = harness.dm(shopper)
    assert harness.moves_on(dm) == offered, "the same store step, on the same version"
    assert "In your basket:" in harness.text(dm)
    version = (await harness.bot.storage.game(1)).version
    await harness.bot.service.session(1)
    assert await harness.play_move(shopper, dm, rng, chooser=sensible(harness, 1, shopper))
    assert (await harness.bot.storage.game(1)).version > version
    # What the table said before the crash is told again from the log when it next changes.
    moves = (await harness.bot.storage.actions(1))[:version]
    recalled = harness.bot.service.sessions[1].recent_lines(moves)
    assert [f"• {line}" for line in recalled] == told

    def racing(user, seen) -> bool:
        return seen["phase"] == "race" and seen["stage"] == "pre"

    racer = await play_until(harness, [ann, bea], table, 1, rng, racing)
    left = await seconds_left(harness)
    assert 15 < left <= 20, "a Race turn runs on the rules' 20 s, not the lobby's timer"
    await harness.crash_bot()
    await harness.start_bot()
    assert abs(await seconds_left(harness) - left) < 1, "the clock survives the restart"
    dm = harness.dm(racer)
    roll = row_of(harness, dm, "🎲 Roll")
    assert len(roll) == 1 and roll[0]["style"] == 1, "a big Roll: primary, alone on its row"
    assert "⏳ <t:" in harness.text(dm)
    before = len(await harness.bot.storage.actions(1))
    await expire(harness)
    seat = [ann, bea].index(racer)
    actions = await harness.bot.storage.actions(1)
    assert actions[before] == (seat, "roll", None), "the rules roll for the late racer"
    seats = await harness.bot.storage.seats(1)
    assert [s.timeouts for s in seats] == [0, 0, 0, 0] and not seats[seat].replaced
    text = harness.text(table)
    assert f"⏰ Time's up for {racer.name}." in text and f"🎲 {racer.name} rolls" in text
    await play_to_the_end(harness, [ann, bea], table, rng, game_id=1)
    assert len(await harness.bot.storage.finished_games(fake.guild_id, "fever")) == 1
    assert_no_public_moves(harness)


#: The names of the town's spaces, longest first: public words, whatever cards they share
#: a word with.
PLACES = sorted({space.name for space in TRACK}, key=len, reverse=True)
#: Words that name a card without showing one: the board's spaces ("Mistletoe Mall") and the
#: Naughty or Nice cards' rules, read out when one is drawn ("… (not Coal, …)").
NAMING_NO_CARD = PLACES + sorted({c.effect for c in NN_CARDS}, key=len, reverse=True)


class HiddenWatch:
    """After every press, each public message version shown since the last check:

    - each narration line (`• …`) narrates a public event that had happened by the version the
      table shows, or is the bot's own: a clock running out, or a speech quoted;
    - its other text and its picture's alt text name no Gift lying face down at that version
      (unless the same name lies face up somewhere, as the second Coal may) and no Anytime
      card in a hand.

    States are rebuilt by replaying the stored actions, once each.
    """

    def __init__(self, h, game_id: int) -> None:
        self.h, self.game_id = h, game_id
        self.checked = 0
        self.states: list[Any] = []
        self.lines: list[set[str]] = []
        self.checks = 0

    async def _catch_up(self) -> None:
        storage = self.h.bot.storage
        row = await storage.game(self.game_id)
        game = GAMES[row.game]
        names = [s.name for s in row.seats]
        if not self.states:
            self.states = [game.new(len(row.seats), row.options, row.seed)]
            self.lines = [{f"The game begins! Seats: {', '.join(names)}."}]
        actions = await storage.actions(self.game_id)
        for seat, action, text in actions[len(self.states) - 1 :]:
            state, events = game.apply(self.states[-1], seat, action, text)
            said = {game.narrate(e, names) for e in events if e.visible_to is None} - {None}
            self.states.append(state)
            self.lines.append(self.lines[-1] | said)

    @staticmethod
    def secrets(state: Any) -> set[str]:
        return table_secrets(state)

    async def __call__(self) -> None:
        await self._catch_up()
        fake = self.h.fake
        for shown in fake.public_log[self.checked :]:
            version = table_version(shown, self.game_id)
            if version is None:  # a ping, the result or a notice: no secret at all
                version = len(self.states) - 1
            secret = self.secrets(self.states[version])
            prose = [shown["content"], *shown["labels"], *shown["alt"]]
            for text in shown["texts"]:
                for line in text.splitlines():
                    if not line.startswith("• "):
                        prose.append(line)
                    elif not line.startswith(("• ⏰", "• 🎤")) or ": “" not in line:
                        assert line[2:] in self.lines[version] or line.startswith("• ⏰"), line
            for words in prose:
                for common in NAMING_NO_CARD:
                    words = words.replace(common, "")
                named = secrets_named(words, secret)
                assert not named, f"public words name {named}: {words!r}"
        self.checked = len(fake.public_log)
        if not decisions.on_table(GAMES["fever"], self.states[-1]):  # a public race may
            assert_no_public_moves(self.h)
        self.checks += 1


async def test_six_families_play_to_christmas_and_the_table_keeps_their_secrets(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(
        harness, ann, game="fever", joiners=[bea], bots=["normal", "easy", "normal", "easy"]
    )
    watch = HiddenWatch(harness, 1)
    await watch()
    rng = random.Random(6)
    clicks = await play_to_the_end(harness, [ann, bea], table, rng, after_each=watch, game_id=1)
    assert watch.checks == clicks + 1
    state = watch.states[-1]
    assert state.seats == 6 and GAMES["fever"].result(state) is not None
    assert len(await harness.bot.storage.finished_games(fake.guild_id, "fever")) == 1


async def test_speeches_and_the_reunion_with_one_family_s_dms_closed(harness, monkeypatch):
    shoppers_only(monkeypatch)
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    fake.closed_dms.add(bea.id)
    table = await open_lobby(harness, ann, game="fever", joiners=[bea], bots=["normal", "easy"])
    rng = random.Random(3)
    said = f"@everyone <@{ann.id}> https://evil.example"

    def speaking(who):
        return lambda user, seen: user is who and seen["stage"] == "speech"

    await play_until(harness, [ann, bea], table, 1, rng, speaking(bea))
    hand = await hand_message(harness, bea, table)
    assert fake.messages[hand].get("_ephemeral_for"), "Bea plays from the table's My hand"
    speak, skip, *more, last = harness.labels(hand)
    assert set(more) <= DETAILS and last == RESIGN
    assert speak in ("🎤 Give speech (+1 ★)", "🎤 Sing (+1 ★)") and skip == "Skip"
    stars = harness.bot.service.sessions[1].state.stars[1]
    form = await harness.click(bea, hand, speak)
    assert form.response_type == 9
    (field,) = form_inputs(fake.modals[-1])
    topic = GAMES["fever"].decision(harness.bot.service.sessions[1].state, 1).text.label
    assert field["label"] == topic, "the form is labelled with the topic"
    assert "Everyone at the table" in fake.modals[-1]["components"][0]["description"]
    await harness.submit(bea, fake.modals[-1]["custom_id"], said, message_id=hand)
    assert harness.bot.service.sessions[1].state.stars[1] == stars + 1
    # Stored with the move, so a restarted bot quotes it again (inert) from the log.
    moves = await harness.bot.storage.actions(1)
    spoke = moves.index((1, "speech", said)) + 1
    await harness.crash_bot()
    await harness.start_bot()
    session = await harness.bot.service.session(1)
    assert session is not None
    assert session.recent_lines(moves[:spoke])[-1] == session.quote(1, said)
    # Shown inert on the table (in some version of it: later moves scroll it away): no live
    # mention, no link, nobody pinged.
    shown = [*every_text(fake), *(text for m in fake.public_log for text in m["texts"])]
    quoted = [line for t in shown for line in t.splitlines() if "evil" in line]
    assert quoted and all(line.startswith("• 🎤 Bea: “") for line in quoted)
    for line in quoted:
        assert "@everyone" not in line and f"<@{ann.id}>" not in line
        assert "https://" not in line
    assert all(not m.get("embeds") for m in fake.visible_to_all())
    assert fake.messages[table]["_allowed_mentions"] == {"parse": []}

    # Ann skips her next speech: no star.
    await play_until(harness, [ann, bea], table, 1, rng, speaking(ann))
    stars = harness.bot.service.sessions[1].state.stars[0]
    await harness.click(ann, harness.dm(ann), "Skip")
    assert harness.bot.service.sessions[1].state.stars[0] == stars
    assert (0, "skip", None) in await harness.bot.storage.actions(1)

    # The Family Reunion: both families choose in secret at once.
    def reunion(user, seen) -> bool:
        return seen["stage"] == "reunion"

    await play_until(harness, [ann, bea], table, 1, rng, reunion)
    session = harness.bot.service.sessions[1]
    assert sorted(session.game.to_act(session.state)) == [0, 1], "both at once"
    assert "✅ Chosen: Holly-bot, Jingle-bot" in harness.text(table)
    assert_no_public_moves(harness)
    before, stars = session.state.gifts, session.state.stars
    hand = await hand_message(harness, bea, table)  # Bea opens her hand before Ann chooses
    assert "**Choose in secret.**" in harness.text(hand)
    (alt,) = [
        i["description"] for c in harness.components(hand) if c["type"] == 12 for i in c["items"]
    ]
    assert "Bea's Anytime cards:" in alt, "her own secrets come before the cut of the alt text"
    dm = harness.dm(ann)
    assert "**Choose in secret.**" in harness.text(dm) and "⏳ <t:" in harness.text(dm)
    await harness.choose(ann, dm, "give:2")
    await harness.choose(ann, harness.dm(ann), "to:1")
    assert "✅ Chosen: Ann, Holly-bot, Jingle-bot" in harness.text(table)
    assert session.state.gifts == before, "nothing moves until everyone has chosen"
    assert not harness.moves_on(harness.dm(ann)), "Ann has chosen"
    # Bea's hand, opened before Ann's two steps, still works: her own choice did not change.
    await harness.choose(bea, hand, "give:2")
    hand = await hand_message(harness, bea, table)
    await harness.choose(bea, hand, "to:0")
    # Both gifts move together, each to the end of its receiver's row (after the one it gave,
    # beside any a computer gave it); a star per giver.
    after = harness.bot.service.sessions[1].state
    assert before[1][1] in after.gifts[0][len(before[0]) - 1 :]
    assert before[0][1] in after.gifts[1][len(before[1]) - 1 :]
    assert (after.stars[0], after.stars[1]) == (stars[0] + 1, stars[1] + 1)
    text = harness.text(table)
    assert "🎁 Ann gives Gift 2 to Bea ★" in text and "🎁 Bea gives Gift 2 to Ann ★" in text
    watch = HiddenWatch(harness, 1)
    await watch()  # no public word ever named a face-down Gift or a held card
