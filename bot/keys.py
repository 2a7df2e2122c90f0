"""What a message shows, reduced to a key: a message is edited only when its key changes."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.decisions import on_table
from bot.session import Snapshot


def public_key(snap: Snapshot, lines: Sequence[str]) -> str:
    """What the table message shows: the public view, the status, the narration, the clock and
    who plays by computer, plus the version only while the table itself offers the decision
    (its controls carry the version). A private half-step changes none of these, so it costs
    no table edit and no new upload of the same picture."""
    game = snap.game
    offers = (
        snap.status == "running" and bool(game.to_act(snap.state)) and on_table(game, snap.state)
    )
    return json.dumps(
        [
            snap.view(None),
            snap.status,
            list(lines),
            snap.deadline,
            sorted(snap.computers),
            snap.version if offers else None,
        ],
        sort_keys=True,
    )


def private_parts(mine: Any, public: Any, path: tuple[Any, ...] = ()) -> list[Any]:
    """Where a seat's view differs from the public view, as (path, the seat's value) pairs.

    Compared part by part, so a public change (a card played) moves nothing here, while a
    change to what only this seat knows (its hand, a card it peeked at) does."""
    if mine == public:
        return []
    if isinstance(mine, dict) and isinstance(public, dict):
        return [
            part
            for key in sorted(mine)
            for part in private_parts(mine[key], public.get(key), (*path, key))
        ]
    if isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
        return [
            part
            for i, (a, b) in enumerate(zip(mine, public, strict=True))
            for part in private_parts(a, b, (*path, i))
        ]
    return [[list(path), mine]]


def private_key(snap: Snapshot, seat: int) -> str:
    """What makes a seat's private message differ from the last one it was sent: what only
    that seat sees, plus, while it owes a decision, the version its controls must carry
    (the version since which it has been offered the same actions: others choosing at the
    same time do not make it stale), plus whether the game still runs and the computer plays
    the seat. A waiting player's message is not edited for every public move: the table
    shows those, and the message catches up when the player's turn comes or their own cards
    change."""
    public = snap.view(None)
    mine = snap.view(seat)
    owes = seat in snap.game.to_act(snap.state)
    since = snap.offered_since.get(seat, snap.version) if owes else None
    taken = seat in snap.replaced
    guided = seat in snap.guided
    return json.dumps(
        [private_parts(mine, public), since, snap.status, taken, guided], sort_keys=True
    )
