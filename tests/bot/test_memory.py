"""Memory is held for games in play only: what a finished game or a lobby leaves behind is let
go (bench/memory_soak.py measures the whole over a long run)."""

from __future__ import annotations

import asyncio
import platform
import subprocess
import sys
from pathlib import Path

import pytest

from bot.hub import ARENAS
from tests.bot.play import open_lobby

ROOT = Path(__file__).resolve().parents[2]


async def test_old_buttons_of_a_finished_game_leave_no_session_behind(harness):
    fake = harness.fake
    ann, bea = fake.add_user("Ann"), fake.add_user("Bea")
    table = await open_lobby(harness, ann, joiners=[bea], bots=["easy"])
    mover, dm = next((u, harness.dm(u)) for u in (ann, bea) if harness.moves_on(harness.dm(u)))
    old_table, old_dm = fake.public_message(table), fake.public_message(dm)
    assert 1 in harness.bot.service.sessions
    await harness.command(ann, "abandon")
    assert 1 not in harness.bot.service.sessions, "shown for the last time, then let go"
    # Players press buttons of messages drawn before the end (as Discord clients still may).
    fake.messages[table]["components"] = old_table["components"]
    fake.messages[dm]["components"] = old_dm["components"]
    kind, cid, value = harness.moves_on(dm)[0]
    late = await (
        harness.choose(mover, dm, value, cid)
        if kind == "select"
        else harness.click(mover, dm, custom_id=cid)
    )
    assert late.ephemeral_text == "This game was abandoned."
    assert 1 not in harness.bot.service.sessions, "a late move kept the finished game"
    for label in ("My hand", "How to play"):
        answered = await harness.click(bea, table, label)
        assert answered.response_type is not None, f"{label} is answered"
        assert 1 not in harness.bot.service.sessions, f"{label} kept the finished game"


async def test_a_lobby_lock_is_kept_only_while_a_press_holds_or_waits_for_it(harness):
    hub = harness.bot.service.hub
    first_in, first_may_go = asyncio.Event(), asyncio.Event()
    order: list[str] = []

    async def press(name: str, inside: asyncio.Event | None = None) -> None:
        async with hub.lobby_lock(("rematch", 7)):
            order.append(name)
            if inside is not None:
                inside.set()
                await first_may_go.wait()

    first = asyncio.create_task(press("first", first_in))
    await first_in.wait()
    second = asyncio.create_task(press("second"))
    await asyncio.sleep(0)  # the second press is now waiting for the lock
    assert order == ["first"], "one press at a time"
    first_may_go.set()
    await asyncio.gather(first, second)
    assert order == ["first", "second"]
    assert not hub._lobby_locks, "nobody holds or waits for it: nothing is kept"


#: Prints how many malloc arenas the process has while six threads that allocated are alive.
ARENAS_IN_USE = """
import ctypes, sys, tempfile, threading
from bot.hub import share_arenas
if sys.argv[1] == "shared":
    share_arenas()
alive = threading.Barrier(7)
def allocate():
    block = bytearray(1 << 16)
    alive.wait()
    alive.wait()
threads = [threading.Thread(target=allocate) for _ in range(6)]
for t in threads:
    t.start()
alive.wait()
libc = ctypes.CDLL(None)
libc.fopen.restype = ctypes.c_void_p
libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
libc.fclose.argtypes = [ctypes.c_void_p]
with tempfile.NamedTemporaryFile() as out:
    f = libc.fopen(out.name.encode(), b"w")
    libc.malloc_info(0, f)
    libc.fclose(f)
    print(open(out.name).read().count("<heap nr="))
alive.wait()
"""


def arenas_in_use(mode: str) -> int:
    done = subprocess.run(
        [sys.executable, "-c", ARENAS_IN_USE, mode],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(done.stdout)


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc",
    reason="malloc arenas are glibc's",
)
def test_threads_drawing_pictures_share_two_malloc_arenas():
    """Each thread's own arena kept its own high-water mark of 4–7 MB canvases."""
    assert arenas_in_use("default") > ARENAS, "by default each thread gets an arena of its own"
    assert arenas_in_use("shared") <= ARENAS
