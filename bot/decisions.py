"""Each kind of engine `Decision`, mapped to Discord in one place.

- `choose`: controls in the seat's hand message, and on the table too when `public`; the
  lobby's timer, whose running out is a strike (the computer plays the decision).
- `race`: every racer's hand message, and the table when `public` (the first press wins);
  the rules' clock `seconds`, after which `on_timeout` is played for each seat still owing
  it, with no strike.
- `secret`: only the seat's hand message; the table shows who has chosen, never what.
- `react`: only the reacting seat's hand message, with a note and the rules' clock;
  `on_timeout` is played when it runs out, with no strike.
- `text`: as `choose`; its text action opens a form.

Whatever the kind, the action named by `Decision.text` takes typed text: pressing it opens a
form (title and label from the spec, Discord's limits applied) and submitting the form makes
the move with the text. When the text is optional the plain press makes the move without
text and a ✍️ button beside it opens the form. A clock fixed by the rules (`seconds`)
replaces the lobby's timer and is never a strike.
"""

from __future__ import annotations

from typing import Any

import discord

from bot import components, wire
from bot.session import Snapshot
from bot.thinking import Move, computer_action
from engine import Decision, Game, bot_words
from engine.protocol import Kind, TextSpec, fill_names

#: What a react decision's hand message adds to its prompt.
REACT_NOTE = "You may respond now, before the game goes on."
#: How a hand message opens a pending decision, by kind: a reaction or a secret choice is
#: not the seat's turn, and a race is won by the first press.
HEADINGS = {
    Kind.CHOOSE: "Your turn.",
    Kind.TEXT: "Your turn.",
    Kind.RACE: "Quick, the first press wins!",
    Kind.SECRET: "Choose in secret.",
    Kind.REACT: "You may respond.",
}
#: The title of the form for a text action.
FORM_TITLE = "Your words for the table"


def pending(game: Game, state: Any) -> Decision | None:
    """The decision the game is waiting on, as the first seat owing it sees it (every seat
    owing a decision at once owes one of the same kind, clock and publicity)."""
    to_act = game.to_act(state)
    return game.decision(state, min(to_act)) if to_act else None


def rule_seconds(game: Game, state: Any) -> int | None:
    """The clock the rules fix for the pending decision, or None for the lobby's timer."""
    decision = pending(game, state)
    return decision.seconds if decision is not None else None


def on_table(game: Game, state: Any) -> bool:
    """The pending decision's controls are offered on the table too: a public choice, race
    or text. A secret choice or a reaction is only ever private."""
    decision = pending(game, state)
    return (
        decision is not None
        and decision.public
        and decision.kind in (Kind.CHOOSE, Kind.RACE, Kind.TEXT)
    )


def is_secret(game: Game, state: Any) -> bool:
    decision = pending(game, state)
    return decision is not None and decision.kind == Kind.SECRET


def strikes(game: Game, state: Any) -> bool:
    """Running out of time on the pending decision is a strike: not for a clock the rules
    fixed, a race or a reaction (the rules end those on time-out)."""
    decision = pending(game, state)
    if decision is None:
        return True
    return decision.seconds is None and decision.kind not in (Kind.RACE, Kind.REACT)


def timeout_action(game: Game, state: Any, seat: int, salt: object) -> Move:
    """What is played for a seat whose clock ran out: the rules' `on_timeout` when the rules
    end the decision (see `strikes`), else what the `normal` computer player would do."""
    decision = game.decision(state, seat)
    if decision is not None and not strikes(game, state):
        ruled = decision.on_timeout
        if ruled and any(a.id == ruled for a in decision.actions):
            return ruled, bot_words(game, state, seat, ruled, salt)
    return computer_action(game, state, seat, "normal", salt)


def form(game_id: int, version: int, spec: TextSpec) -> discord.ui.Modal:
    """The form for a text action; its custom_id carries the game, version and action, so a
    form submitted after a restart still finds its game."""
    return components.text_form(FORM_TITLE, wire.form(game_id, version, spec.action), spec)


def controls(snap: Snapshot, seat: int) -> list[discord.ui.ActionRow]:
    """The controls offering `seat`'s pending decision (names filled in for labels)."""
    decision = snap.game.decision(snap.state, seat)
    if decision is None or not decision.actions:
        return []
    prompt = fill_names(snap.view(seat).get("prompt") or "", snap.names)
    return components.move_controls(
        snap.game_id,
        snap.version,
        decision.actions,
        prompt,
        snap.names,
        decision.text,
        decision.pick,
    )


def picked(game: Game, state: Any, seat: int, values: tuple[str, ...]) -> str:
    """The action a multi-select's chosen items stand for in the seat's pending decision, or
    "" (no move) when they do not make one."""
    decision = game.decision(state, seat)
    pick = decision.pick if decision is not None else None
    return (pick.action_id(values) if pick is not None else None) or ""


def heading(snap: Snapshot, seat: int) -> str:
    """How the seat's hand message opens the decision it owes."""
    decision = snap.game.decision(snap.state, seat)
    return HEADINGS[decision.kind] if decision is not None else HEADINGS[Kind.CHOOSE]


def hand_note(snap: Snapshot, seat: int) -> str:
    """A line a kind adds to the seat's hand message while it owes the decision."""
    decision = snap.game.decision(snap.state, seat)
    return REACT_NOTE if decision is not None and decision.kind == Kind.REACT else ""


def table_controls(snap: Snapshot) -> list[discord.ui.ActionRow]:
    """The controls the table itself offers: the same for every seat owing the decision."""
    to_act = sorted(snap.game.to_act(snap.state))
    if snap.status != "running" or not to_act or not on_table(snap.game, snap.state):
        return []
    return controls(snap, to_act[0])


def chosen_line(snap: Snapshot) -> str:
    """For a secret choice, who has chosen already (never what); empty otherwise."""
    if snap.status != "running" or not is_secret(snap.game, snap.state):
        return ""
    to_act = snap.game.to_act(snap.state)
    done = [snap.text_names[i] for i in range(len(snap.names)) if i not in to_act]
    return f"✅ Chosen: {', '.join(done)}" if done else ""
