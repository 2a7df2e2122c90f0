"""The lobby: who sits where, which options and timer, and the message that shows it."""

from __future__ import annotations

import contextlib

import discord

from bot import components, wire
from bot.names import shown
from bot.session import bot_name
from bot.storage import GameRow, SeatRow
from bot.texts import No, say
from engine import GAMES, Game
from engine.protocol import Option, seat_choices

#: Turn timer choices (ENG-05): seconds, label. 0 means no timer.
TIMERS = ((0, "Off"), (60, "1 minute"), (300, "5 minutes"), (3600, "1 hour"), (86400, "24 hours"))
#: Where a lobby points newcomers.
NEW_HERE = "-# New here? `/help` explains the games, your hand, timers and every command."


class LobbyError(Exception):
    """A lobby press that cannot be done: why (`bot.texts`), shown to the presser."""

    def __init__(self, code: No, **details: object) -> None:
        super().__init__(say(code, **details))
        self.code = code


def timer_label(seconds: int | None) -> str:
    return dict(TIMERS).get(seconds or 0, f"{seconds} s")


def default_options(game: Game) -> dict[str, str]:
    return {opt.key: opt.default for opt in game.options()}


def seat_count_ok(game: Game, row: GameRow) -> bool:
    return game.min_seats <= len(row.seats) <= game.max_seats


def join(row: GameRow, user_id: int, name: str) -> None:
    game = GAMES[row.game]
    if any(s.user_id == user_id for s in row.seats):
        raise LobbyError(No.SEATED)
    if len(row.seats) >= game.max_seats:
        raise LobbyError(No.FULL, max=game.max_seats)
    row.seats.append(SeatRow(seat=len(row.seats), user_id=user_id, name=name, bot_level=None))


def leave(row: GameRow, user_id: int) -> str:
    """A seated player leaves. A host who leaves hands the lobby to the next seated human;
    returns the note saying so ("" for none). With no human left, the caller closes it."""
    mine = [s for s in row.seats if s.user_id == user_id]
    if not mine:
        raise LobbyError(No.NO_SEAT)
    _unseat(row, row.seats.index(mine[0]))
    heir = next((s.user_id for s in row.seats if s.user_id is not None), None)
    if user_id != row.host_id or heir is None:
        return ""
    row.host_id = heir
    return f"👑 <@{heir}> is the host now."


def remove(row: GameRow, value: str) -> str:
    """The host removes a seated player (`value`: their user id); returns the note saying so."""
    found = [s for s in row.seats if s.user_id is not None and str(s.user_id) == value]
    if not found:
        raise LobbyError(No.NOT_IN_LOBBY)
    if found[0].user_id == row.host_id:
        raise LobbyError(No.REMOVE_SELF)
    _unseat(row, row.seats.index(found[0]))
    return f"<@{row.host_id}> removed <@{value}> from the lobby."


def humans_left(row: GameRow) -> bool:
    return any(s.user_id is not None for s in row.seats)


def add_bot(row: GameRow, level: str) -> None:
    game = GAMES[row.game]
    if level not in game.bots:
        raise LobbyError(No.BAD_LEVEL)
    if len(row.seats) >= game.max_seats:
        raise LobbyError(No.FULL, max=game.max_seats)
    index = sum(1 for s in row.seats if s.user_id is None)
    row.seats.append(
        SeatRow(seat=len(row.seats), user_id=None, name=bot_name(index, level), bot_level=level)
    )


def set_level(row: GameRow, value: str) -> str:
    """The host changes a seated computer's level (`value`: "<seat number>:<level>");
    returns the note saying so."""
    index, _, level = value.partition(":")
    seat = row.seats[int(index)] if index.isdigit() and int(index) < len(row.seats) else None
    if seat is None or seat.user_id is not None:
        raise LobbyError(No.COMPUTER_GONE)
    if level not in GAMES[row.game].bots:
        raise LobbyError(No.BAD_LEVEL)
    seat.bot_level = level
    return f"🤖 {shown(seat.name)} now plays at level {level}."


#: The lobby's Hints menu: value, label.
HINTS = (("hints:off", "Off"), ("hints:on", "On: a 💡 Hint button in every hand"))


def set_hints(row: GameRow, value: str) -> None:
    if value not in dict(HINTS):
        raise LobbyError(No.BAD_OPTION)
    row.hints = value == "hints:on"


def remove_bot(row: GameRow) -> None:
    bots = [s for s in row.seats if s.user_id is None]
    if not bots:
        raise LobbyError(No.NO_COMPUTER)
    _unseat(row, row.seats.index(bots[-1]))


def _unseat(row: GameRow, index: int) -> None:
    """Free a seat, and with it the seat's choices of per-seat options (later seats move up,
    their choices with them)."""
    del row.seats[index]
    for opt in per_seat(GAMES[row.game]):
        chosen = _chosen(row, opt)
        if index < len(chosen):
            del chosen[index]
            row.options[opt.key] = ",".join(chosen)


def per_seat(game: Game) -> list[Option]:
    return [opt for opt in game.options() if opt.per_seat]


def _chosen(row: GameRow, opt: Option) -> list[str]:
    """The values the seats picked themselves, in seat order ("" for none)."""
    value = row.options.get(opt.key, "")
    return value.split(",") if value else []


def seat_values(row: GameRow, opt: Option) -> tuple[str, ...]:
    """What each seat gets of a per-seat option if the game started now."""
    return seat_choices(opt, row.options.get(opt.key, ""), len(row.seats))


def choose_own(row: GameRow, user_id: int, key: str, value: str) -> None:
    """A seated player picks their own value of a per-seat option (their colour)."""
    opt = next((o for o in per_seat(GAMES[row.game]) if o.key == key), None)
    if opt is None or value not in dict(opt.choices):
        raise LobbyError(No.BAD_OPTION)
    index = next((i for i, s in enumerate(row.seats) if s.user_id == user_id), None)
    if index is None:
        raise LobbyError(No.NO_SEAT)
    chosen = _chosen(row, opt)
    chosen += [""] * (len(row.seats) - len(chosen))
    if value in chosen and chosen.index(value) != index:
        who = row.seats[chosen.index(value)]
        name = f"<@{who.user_id}>" if who.user_id is not None else shown(who.name)
        raise LobbyError(No.CHOSEN_BY, who=name, value=dict(opt.choices)[value])
    chosen[index] = value
    row.options[key] = ",".join(chosen).rstrip(",")


def carried_options(game: Game, options: dict[str, str]) -> dict[str, str]:
    """The options a rematch keeps: all but the seats' own choices (the seats change; each
    player's own choices follow them, see `carry_picks`)."""
    mine = {opt.key for opt in per_seat(game)}
    return {key: value for key, value in options.items() if key not in mine}


def carry_picks(row: GameRow, old: GameRow, user_id: int) -> None:
    """A player sitting down in a rematch keeps what they picked for themselves last game
    (their family colour), unless someone seated before them has taken it since."""
    before = next((i for i, s in enumerate(old.seats) if s.user_id == user_id), None)
    if before is None:
        return
    for opt in per_seat(GAMES[row.game]):
        picked = _chosen(old, opt)
        if before < len(picked) and picked[before]:
            with contextlib.suppress(LobbyError):
                choose_own(row, user_id, opt.key, picked[before])


def set_option(row: GameRow, key: str, value: str) -> None:
    game = GAMES[row.game]
    for opt in game.options():
        if opt.key == key and not opt.per_seat and value in {v for v, _ in opt.choices}:
            row.options[key] = value
            return
    raise LobbyError(No.BAD_OPTION)


def set_timer(row: GameRow, value: str) -> None:
    if not value.isdigit() or int(value) not in dict(TIMERS):
        raise LobbyError(No.BAD_TIMER)
    row.timer = int(value) or None


def rating_note(row: GameRow) -> str:
    """What the lobby says of ratings with hints on, or where the server rates no game with
    a computer."""
    if row.hints:
        return "\n🚫 **Unrated**: hints are on."
    if not row.computers_unrated:
        return ""
    if not row.rated:
        return "\n🚫 **Unrated**: this server rates no game with a computer player."
    return "\n-# This server rates no game with a computer player: adding one makes it unrated."


def layout(row: GameRow, note: str = "") -> discord.ui.LayoutView:
    """The lobby message: seats, options and the buttons to fill and start the game."""
    game = GAMES[row.game]
    gid = row.id
    owned = [(dict(opt.choices), seat_values(row, opt)) for opt in per_seat(game)]
    seats = "\n".join(
        f"{i + 1}. "
        + (
            f"<@{s.user_id}>" + (" (host)" if s.user_id == row.host_id else "")
            if s.user_id is not None
            else f"🤖 {shown(s.name)}, {s.bot_level}"
        )
        + "".join(f" · {labels[values[i]]}" for labels, values in owned)
        for i, s in enumerate(row.seats)
    )
    opts = " · ".join(
        f"{opt.label}: **{dict(opt.choices)[row.options.get(opt.key, opt.default)]}**"
        for opt in game.options()
        if not opt.per_seat
    )
    opts = (opts + " · " if opts else "") + f"Turn timer: **{timer_label(row.timer)}**"
    opts += f" · Hints: **{'On' if row.hints else 'Off'}**"
    need = (
        f"{game.min_seats}–{game.max_seats}"
        if game.min_seats != game.max_seats
        else f"{game.min_seats}"
    )
    body = (
        f"### 🎄 {game.title} — new game #{gid}\n"
        f"Host: <@{row.host_id}> · {need} players\n"
        f"**Seats ({len(row.seats)}/{game.max_seats})**\n{seats}\n"
        f"**Options** {opts}\n"
        "Press **Join** to take a seat. The host can add computer players, remove a player,"
        " change the options and start once enough players are seated."
        + "".join(f" Each player may pick their own {opt.label.lower()}." for opt in per_seat(game))
        + rating_note(row)
    )
    if row.wake_at is not None:
        body += f"\n-# This lobby closes <t:{int(row.wake_at)}:R> unless it has started."
    if note:
        body += f"\n\n{note}"
    body += f"\n{NEW_HERE}"

    def cid(act: str) -> str:
        return wire.lobby(gid, act)

    full = len(row.seats) >= game.max_seats
    children: list[discord.ui.Item] = [
        components.text(body),
        discord.ui.ActionRow(
            components.button("Join", cid("join"), discord.ButtonStyle.success, disabled=full),
            components.button("Leave", cid("leave")),
            components.button(
                "Start",
                cid("start"),
                discord.ButtonStyle.primary,
                disabled=not seat_count_ok(game, row),
            ),
            components.button("Cancel", cid("cancel"), discord.ButtonStyle.danger),
        ),
        discord.ui.ActionRow(
            *(
                components.button(f"Add computer ({lv})", cid(f"bot:{lv}"), disabled=full)
                for lv in game.bots
            ),
            components.button(
                "Remove computer",
                cid("unbot"),
                disabled=not any(s.user_id is None for s in row.seats),
            ),
        ),
    ]
    others = [s for s in row.seats if s.user_id is not None and s.user_id != row.host_id]
    if others:
        removable = [
            discord.SelectOption(label=f"Remove {s.name}"[:100], value=str(s.user_id))
            for s in others
        ]
        children.append(
            discord.ui.ActionRow(
                components.select("Remove a player (host)", cid("remove"), removable)
            )
        )
    if levels := level_options(row, game):
        children.append(
            discord.ui.ActionRow(components.select("Computer level (host)", cid("level"), levels))
        )
    for opt in per_seat(game):
        options = [
            discord.SelectOption(label=f"My {opt.label.lower()}: {lab}"[:100], value=val)
            for val, lab in opt.choices
        ]
        children.append(
            discord.ui.ActionRow(
                components.select(f"Pick my {opt.label.lower()}", cid(f"mine:{opt.key}"), options)
            )
        )
    for opt in game.options():
        if opt.per_seat:
            continue
        current = row.options.get(opt.key, opt.default)
        options = [
            discord.SelectOption(
                label=f"{opt.label}: {lab}"[:100], value=val, default=val == current
            )
            for val, lab in opt.choices
        ]
        children.append(
            discord.ui.ActionRow(components.select(opt.label, cid(f"opt:{opt.key}"), options))
        )
    timer_options = [
        discord.SelectOption(
            label=f"Turn timer: {lab}", value=str(sec), default=sec == (row.timer or 0)
        )
        for sec, lab in TIMERS
    ]
    children.append(
        discord.ui.ActionRow(components.select("Turn timer", cid("timer"), timer_options))
    )
    hints = [
        discord.SelectOption(
            label=f"Hints: {lab}", value=val, default=(val == "hints:on") == row.hints
        )
        for val, lab in HINTS
    ]
    children.append(discord.ui.ActionRow(components.select("Hints", cid("hints"), hints)))
    return components.layout(*children)


def level_options(row: GameRow, game: Game) -> list[discord.SelectOption]:
    """The host's menu of seated computers' other levels ("Holly-bot: play hard")."""
    return [
        discord.SelectOption(label=f"{s.name}: play {lv}"[:100], value=f"{i}:{lv}")
        for i, s in enumerate(row.seats)
        if s.user_id is None
        for lv in game.bots
        if lv != s.bot_level
    ][:25]


def closed_layout(row: GameRow, message: str) -> discord.ui.LayoutView:
    game = GAMES[row.game]
    return components.layout(components.text(f"### 🎄 {game.title} — game #{row.id}\n{message}"))
