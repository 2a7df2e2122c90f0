"""A turn (§2.7.1): before the roll, the roll (Snow Day, Doubles Deal, Roll A Miracle, Express
Shipping), the move in town or in December, the on-turn cards afterwards and the end-of-turn
checks (HF-G52: the Race, then the tree), then the next family.
"""

from __future__ import annotations

from engine.fever import board as B
from engine.fever import cards as C
from engine.fever.common import (
    act,
    cards_to_play,
    collect,
    discard_card,
    event,
    pop,
    push,
    task,
    tree_full,
    with_item,
)
from engine.fever.dice import roll
from engine.fever.menus import own_label, paged
from engine.fever.nn import lay, play
from engine.fever.spaces import land
from engine.fever.state import Entry, FeverDraft, FeverState, RaceCause
from engine.protocol import Action, Event
from engine.words import plural

ROLL, GO, END = "roll", "go", "end"
MIRACLE_BONUS = 720
#: Why the Race began, by the index a "race" task carries.
CAUSES: tuple[RaceCause, ...] = ("", "gifts", "values", "elephant", "rounds")
#: Per seat, the tasks of a turn and the step to the next one, made once: every turn pushes
#: them, and this is the path of most moves.
_TURN = tuple((task("pre", p), task("post", p), task("end", p)) for p in range(B.MAX_PLAYERS))
_NEXT = tuple(task("next", p) for p in range(B.MAX_PLAYERS))


def start_turn(t: FeverDraft, seat: int, ev: list[Event]) -> None:
    t.turn = seat
    t.snow = False
    ev.append(event("turn", {"seat": seat, "round": t.round}))
    t.agenda = (*_TURN[seat], *t.agenda)


# ----------------------------------------------------------------------------- before the roll
_ROLL_ONLY = (act(ROLL, "🎲 Roll"),)


def pre_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    seat = e[1]
    if s.stocking[seat] and not s.hands[seat]:  # most turns: nothing to do but roll
        return _ROLL_ONLY
    head = [act(ROLL, "🎲 Roll")]
    head += [
        act(f"play:{c}", f"Play {C.NN[c].name}", C.NN[c].effect)
        for c in cards_to_play(s, seat, "pre")
    ]
    items = []
    if not s.stocking[seat]:  # HF-G15: only before rolling, if not already laid
        items = [
            act(f"stocking:{k + 1}", own_label(s, seat, k, "🧦 Lay the Stocking on"))
            for k in range(len(s.gifts[seat]))
        ]
    return paged(s, head, items)


def answer_pre(t: FeverDraft, e: Entry, action: str, ev: list[Event]) -> None:
    seat = e[1]
    if action != ROLL:
        verb, _, arg = action.partition(":")
        if verb == "stocking":
            lay(t, seat, int(arg) - 1, ev)
        else:
            play(t, seat, arg, ev)
        return
    t.agenda = t.agenda[1:]  # pop
    n = 1 if t.december[seat] >= B.ONE_DIE_FROM else 2  # one die from the 12th (HF-G44)
    if t.snow:  # A01: two rolls, keep one (HF-G68)
        t.snow_rolls = (roll(t, n), roll(t, n))
        t.dice, t.dice_for = t.snow_rolls[1], "snow"
        ev.append(
            event("roll", {"seat": seat, "dice": [list(r) for r in t.snow_rolls], "for": "snow"})
        )
        push(t, task("snow", seat))
    else:
        movement(t, seat, roll(t, n), ev)


def snow_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    return tuple(
        act(f"keep:{i + 1}", f"Keep {' + '.join(map(str, r))} = {sum(r)}")
        for i, r in enumerate(s.snow_rolls)
    )


def answer_snow(t: FeverDraft, e: Entry, action: str, ev: list[Event]) -> None:
    pop(t)
    dice = t.snow_rolls[int(action.partition(":")[2]) - 1]
    t.snow, t.snow_rolls = False, ()
    movement(t, e[1], dice, ev)


def movement(t: FeverDraft, seat: int, dice: tuple[int, ...], ev: list[Event]) -> None:
    """A movement roll: Doubles Deal (HF-G10, G11, G45), the Miracle (HF-G46, G53), then
    Express Shipping may add 2 (HF-G54)."""
    t.dice, t.dice_for = dice, "move"
    ev.append(event("roll", {"seat": seat, "dice": list(dice), "for": "move"}))
    two = len(dice) == 2
    if two and dice[0] == dice[1]:
        ev.append(event("doubles", {"seat": seat, "dice": list(dice)}))
        collect(t, seat, sum(dice) * B.DOUBLES_DEAL, "Doubles Deal", ev)
    awaited = t.miracle[seat]
    if awaited:
        t.miracle = with_item(t.miracle, seat, 0)
        if two and dice == (awaited, awaited):
            ev.append(event("miracle", {"seat": seat}))
            collect(t, seat, MIRACLE_BONUS, "Roll A Miracle", ev)
    # HF-D07: any Anytime card in hand, so the pause shows nothing
    step = "express" if t.hands[seat] else "move"
    t.agenda = ((step, seat, sum(dice), -1, -1, -1), *t.agenda)  # push


def express_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    go = act(GO, f"Move {plural(e[2], 'space')}")
    if "A06" not in s.hands[e[1]]:
        return (go,)
    return (go, act("play:A06", f"Play {C.NN['A06'].name}: move {plural(e[2] + 2, 'space')}"))


def answer_express(t: FeverDraft, e: Entry, action: str, ev: list[Event]) -> None:
    pop(t)
    steps = e[2]
    if action != GO:
        discard_card(t, e[1], "A06")
        t.card = "A06"
        ev.append(event("play", {"seat": e[1], "card": "A06"}))
        steps += 2
    push(t, task("move", e[1], steps))


def run_move(t: FeverDraft, e: Entry, ev: list[Event]) -> bool:
    """Town: clockwise, passing does nothing (HF-G37). December: overshooting the 25th means
    staying (§2.7.3, HF-G27); landing on it ends the game; days act only before the Race."""
    seat, steps = e[1], e[2]
    day = t.december[seat]
    if day < 0:
        pos = (t.track[seat] + steps) % B.TRACK_LENGTH
        t.track = with_item(t.track, seat, pos)
        ev.append(event("move", {"seat": seat, "space": pos}))
        t.agenda = t.agenda[1:]  # pop
        land(t, seat, pos, ev)  # what the task "space" would do at once
        return False
    pop(t)
    if day + steps > B.CHRISTMAS:
        ev.append(event("stay", {"seat": seat, "day": day}))
        return False
    day += steps
    t.december = with_item(t.december, seat, day)
    ev.append(event("december", {"seat": seat, "day": day}))
    if day == B.CHRISTMAS:
        push(t, task("christmas", seat))
    elif t.phase != "race":
        push(t, task("day", seat, day))
    return False


# ----------------------------------------------------------------------------- after the space
def run_post(t: FeverDraft, e: Entry, ev: list[Event]) -> bool:
    """HF-D07: a family holding any Anytime card is asked, whatever the card, so the pause
    gives nothing away; the others' turns end at once."""
    if t.hands[e[1]]:
        return True
    t.agenda = t.agenda[1:]  # pop
    return False


def post_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    cards = cards_to_play(s, e[1], "post")
    plays = [act(f"play:{c}", f"Play {C.NN[c].name}", C.NN[c].effect) for c in cards]
    return (act(END, "End the turn"), *plays)


def answer_post(t: FeverDraft, e: Entry, action: str, ev: list[Event]) -> None:
    if action == END:
        pop(t)
    else:
        play(t, e[1], action.partition(":")[2], ev)


def run_end(t: FeverDraft, e: Entry, ev: list[Event]) -> bool:
    """HF-G52: the Race check (a deck ran out, or round 30 is over, HF-G65), then the tree
    check (HF-G22); then the next family."""
    t.agenda = t.agenda[1:]  # pop
    seat = e[1]
    if t.phase != "race":
        cause = ""
        if not t.gift_deck:
            cause = "gifts"
        elif not t.value_deck:
            cause = "values"
        elif (seat + 1) % t.seats == t.first and t.round >= B.ROUND_LIMIT:
            cause = "rounds"
        if cause:
            push(t, task("race", seat, CAUSES.index(cause)), _NEXT[seat])
            return False
        if t.december[seat] < 0 and tree_full(t, seat):
            t.december = with_item(t.december, seat, 0)
            ev.append(event("december", {"seat": seat, "day": 0}))
            push(t, task("reunion", seat), _NEXT[seat])
            return False
    next_turn(t, seat, ev)  # what the task "next" would do at once
    return False


def run_next(t: FeverDraft, e: Entry, ev: list[Event]) -> bool:
    t.agenda = t.agenda[1:]  # pop
    next_turn(t, e[1], ev)
    return False


def next_turn(t: FeverDraft, seat: int, ev: list[Event]) -> None:
    """The turn of the family after `seat` (a new round after the last family)."""
    seat = (seat + 1) % t.seats
    if seat == t.first:
        t.round += 1
        ev.append(event("round", {"round": t.round}))
    start_turn(t, seat, ev)
