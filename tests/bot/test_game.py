"""Whole games of Ghosts of Christmas through the fake Discord, clicking what the bot offers."""

from __future__ import annotations

import random
import re

from bot import wire
from engine import GAMES
from tests.bot.harness import kind_of
from tests.bot.play import PUBLIC_KINDS, open_lobby, play_to_the_end, table_version

SUITS = {
    "♥️": "H",
    "🕯️": "C",
    "🎵": "N",
    "⚖️": "S",
    "Hearts": "H",
    "Candles": "C",
    "Notes": "N",
    "Scales": "S",
}
CARD = re.compile(r"(♥️|🕯️|🎵|⚖️) ?(\d{1,2})\b|\b(Hearts|Candles|Notes|Scales) (\d{1,2})\b")


def cards_named(text: str) -> set[str]:
    """Every Ghosts card a piece of text names, in any of the forms the bot writes."""
    out = set()
    for m in CARD.finditer(text):
        suit = m.group(1) or m.group(3)
        rank = m.group(2) or m.group(4)
        out.add(f"{SUITS[suit]}{rank}")
    return out


class LeakWatch:
    """After every step, every public message version shown so far is checked:

    - its picture's alt text names no card that was in a hand at the version it shows (a table
      picture is named after its version; hands then are rebuilt by replaying the action log);
    - each narration line is the narration of a public event that had happened by then;
    - nothing else it says names a card;
    - no public message offers move controls (they would reveal what a player may play).
    """

    def __init__(self, harness, game_id: int) -> None:
        self.h = harness
        self.game_id = game_id
        self.checked = 0
        self.checks = 0

    async def _history(self) -> tuple[object, list[object], list[set[str]]]:
        storage = self.h.bot.storage
        row = await storage.game(self.game_id)
        game = GAMES[row.game]
        names = [s.name for s in row.seats]
        state = game.new(len(row.seats), row.options, row.seed)
        said: set[str] = {f"The game begins! Seats: {', '.join(names)}."}
        states, lines = [state], [set(said)]
        for seat, action, text in await storage.actions(self.game_id):
            state, events = game.apply(state, seat, action, text)
            said |= {game.narrate(e, names) for e in events if e.visible_to is None} - {None}
            states.append(state)
            lines.append(set(said))
        return game, states, lines

    async def __call__(self) -> None:
        fake = self.h.fake
        _game, states, lines = await self._history()
        for shown in fake.public_log[self.checked :]:
            version = table_version(shown, self.game_id)
            other = [shown["content"], *shown["labels"]]
            if version is None:
                assert not cards_named("\n".join(other + shown["texts"] + shown["alt"])), shown
                continue
            held = {c for hand in states[version].hands for c in hand}
            for alt in shown["alt"]:
                assert not cards_named(alt) & held, f"alt text names cards in hand: {alt}"
            for text in shown["texts"]:
                for line in text.splitlines():
                    if line.startswith("• "):
                        assert line[2:] in lines[version] or line[2:].startswith("⏰"), (
                            f"unknown line {line!r}"
                        )
                    else:
                        assert not cards_named(line), f"names a card: {line!r}"
            assert not any(cards_named(t) for t in other), other
        self.checked = len(fake.public_log)
        for m in fake.visible_to_all():
            for _kind, cid, _ in self.h.choices(int(m["id"])):
                assert kind_of(cid) in PUBLIC_KINDS, f"a public message offers a move: {cid}"
        self.checks += 1


async def test_one_human_and_two_computers_play_a_whole_game(harness):
    fake = harness.fake
    ann = fake.add_user("Ann")
    table = await open_lobby(harness, ann, bots=["normal", "easy"])
    watch = LeakWatch(harness, 1)
    first_dm = harness.dm(ann)
    assert first_dm is not None
    dm_text = harness.text(first_dm)
    assert (
        "Ghosts of Christmas · game #1" in dm_text
        and "North Pole" in dm_text
        and "#general" in dm_text
    )
    clicks = await play_to_the_end(harness, [ann], table, random.Random(5), after_each=watch)
    assert clicks >= 2 * 3 * 12  # bids and two steps per card, three hands
    # One table message, edited all game, then the result; one DM, edited all game.
    cards = [m["id"] for m in fake.channel_messages(fake.general) if m["components"]]
    assert cards[0] == str(table) and len(cards) == 2 and "is over" in harness.text(int(cards[1]))
    assert len(fake.channel_messages(fake.dm_channels[ann.id])) == 1 and harness.dm(ann) == first_dm
    final = harness.text(table)
    assert "Game over" in final and ("wins with" in final or "Shared victory" in final)
    left = [cid for _, cid, _ in harness.choices(table)]
    assert all(wire.parse(c).action.startswith("look:") for c in left), (
        "moves and the hand button are removed at the end; only details may stay"
    )
    assert "Game over." in harness.text(first_dm)
    assert watch.checks == clicks
    # The result is stored.
    rows = await harness.bot.storage.finished_games(fake.guild_id, "ghosts")
    assert len(rows) == 1 and len(rows[0]) == 3


async def test_three_humans_play_a_whole_game_without_leaking_hands(harness):
    fake = harness.fake
    players = [fake.add_user(n) for n in ("Ann", "Bea", "Cal")]
    table = await open_lobby(harness, players[0], joiners=players[1:], options=["tiny_tim"])
    watch = LeakWatch(harness, 1)
    clicks = await play_to_the_end(harness, players, table, random.Random(8), after_each=watch)
    assert clicks == 3 * 3 * 12 * 2  # three hands of 12 cards each, two steps per card
    assert "Game over" in harness.text(table)
    # Each player was pinged when their turn came, and the channel holds at most one ping.
    pings = [
        m
        for m in fake.channel_messages(fake.general, include_deleted=True)
        if "your turn" in m["content"]
    ]
    assert {p.id for p in players} <= {
        int(x) for m in pings for x in re.findall(r"<@(\d+)>", m["content"])
    }
    assert not [m for m in fake.channel_messages(fake.general) if "your turn" in m["content"]]


async def test_turns_narrate_tricks_and_mention_the_player_to_act(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, joiners=[bea], bots=["easy"], options=["tiny_tim"])
    rng = random.Random(2)
    for _ in range(30):
        for user in (ann, bea):
            dm = harness.dm(user)
            if harness.moves_on(dm):
                await harness.play_move(user, dm, rng)
                break
    shown = "\n".join(t for entry in fake.public_log for t in entry["texts"])
    assert re.search(r"Past: \S+( \(bot\))? leads, scoring suit .+ wins with", shown)
    assert "played" in shown
    text = harness.text(table)
    waiting = re.search(r"Waiting for (.+)", text).group(1)
    assert "<@" in waiting or "-bot" in waiting


async def test_my_hand_shows_a_player_their_cards_and_a_spectator_a_polite_no(harness):
    fake = harness.fake
    ann, eve = fake.add_user("Ann"), fake.add_user("Eve")
    table = await open_lobby(harness, ann, bots=["easy", "easy"])
    mine = await harness.click(ann, table, "My hand")
    assert mine.original_id and fake.messages[mine.original_id]["_ephemeral_for"] == ann.id
    assert "Ann's hand:" in harness.text(mine.original_id)
    nosy = await harness.click(eve, table, "My hand")
    assert nosy.ephemeral_text == "You're not playing in this game, so there's no hand to show."
    rules = await harness.click(eve, table, "How to play")
    assert "Hearts always trump" in rules.ephemeral_text


async def test_closed_dms_fall_back_to_my_hand(harness):
    fake = harness.fake
    ann = fake.add_user("Ann")
    bea = fake.add_user("Bea", dms_open=False)
    table = await open_lobby(harness, ann, joiners=[bea], bots=["normal"], options=["tiny_tim"])
    told = [
        m
        for m in fake.channel_messages(fake.general)
        if "can't send you direct messages" in m["content"]
    ]
    assert len(told) == 1 and f"<@{bea.id}>" in told[0]["content"]
    assert bea.id not in fake.dm_channels or not fake.channel_messages(fake.dm_channels[bea.id])
    clicks = await play_to_the_end(harness, [ann, bea], table, random.Random(4))
    assert clicks == 3 * 12 * 2 * 2
    assert "Game over" in harness.text(table)
