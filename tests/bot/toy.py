"""A tiny test-only game that owes every decision kind the bot maps but `choose` and `race`:
both seats secretly pick a colour (`secret`), seat 1 may object out of turn (`react`, 60 s,
declining on time-out), then seat 0 must give a toast in words (`text`, required). Its
renderer draws a blank card. `install` registers both for one test.
"""

from __future__ import annotations

import io
import random
import sys
import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from engine import GAMES, Action, Event, Result
from engine.base import BaseGame
from engine.protocol import Decision, Kind, RandomPolicy, TextSpec, seat_ref
from engine.record import Codec, Draft, Frozen
from render.more import Detail, Shown

KEY = "toy"
COLOURS = ("red", "blue")
TOAST = TextSpec(
    "speak", "Your toast to the table", 5, 100, canned=("To the cooks!", "To absent friends!")
)
REACT_SECONDS = 60


@dataclass(slots=True)
class ToyDraft(Draft):
    """Phases: secret | react | speech | over."""

    picks: tuple[str, ...]  # "" until chosen
    objected: bool
    toast: str


class ToyState(ToyDraft, Frozen):
    __slots__ = ()


CODEC = Codec(ToyDraft, ToyState)


def _narrate(event: Event, names: Sequence[str]) -> str | None:
    if event.kind == "revealed":
        return "Colours shown: " + ", ".join(
            f"{names[i]} {c}" for i, c in enumerate(event.data["picks"])
        )
    if event.kind == "reacted":
        return f"{names[1]} {'objects' if event.data['objected'] else 'lets it be'}."
    if event.kind == "spoke":
        return f"{names[0]} raises a toast."
    return None


class Toy(BaseGame[ToyDraft, ToyState, Any]):
    key = KEY
    title = "Toy"
    summary = "A test-only game."
    min_seats = 2
    max_seats = 2
    narrator = staticmethod(_narrate)

    def new(
        self,
        seats: int,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
        rig: Mapping[str, Any] | None = None,
    ) -> ToyState:
        return CODEC.freeze(ToyDraft(seats, seed, None, 0, "secret", ("",) * seats, False, ""))

    def to_act(self, state: ToyState) -> frozenset[int]:
        if state.phase == "secret":
            return frozenset(i for i, p in enumerate(state.picks) if not p)
        return {"react": frozenset({1}), "speech": frozenset({0})}.get(state.phase, frozenset())

    def choices(self, state: ToyState, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act(state):
            return ()
        if state.phase == "secret":
            return tuple(Action(c, c.title()) for c in COLOURS)
        if state.phase == "react":
            return (Action("object", "Object!"), Action("let", "Let it be"))
        return (Action("speak", "Raise a toast"),)

    def decision(self, state: ToyState, seat: int) -> Decision | None:
        if seat not in self.to_act(state):
            return None
        actions = self.legal(state, seat)
        if state.phase == "secret":  # public choices, yet secret: never on the table
            return Decision(Kind.SECRET, actions, public=True)
        if state.phase == "react":
            return Decision(Kind.REACT, actions, seconds=REACT_SECONDS, on_timeout="let")
        return Decision(Kind.TEXT, actions, text=TOAST)

    def apply(
        self, state: ToyState, seat: int, action_id: str, text: str | None = None
    ) -> tuple[ToyState, list[Event]]:
        said = self.check_move(state, seat, action_id, text)
        s = CODEC.thaw(state)
        s.step += 1
        events = []
        if s.phase == "secret":
            picks = list(s.picks)
            picks[seat] = action_id
            s.picks = tuple(picks)
            events.append(Event("picked", {"seat": seat}, frozenset({seat})))
            if all(picks):
                s.phase = "react"
                events.append(Event("revealed", {"picks": picks}, None))
        elif s.phase == "react":
            s.phase, s.objected = "speech", action_id == "object"
            events.append(Event("reacted", {"objected": s.objected}, None))
        else:
            s.phase, s.toast = "over", said or ""
            events.append(Event("spoke", {}, None))
        return CODEC.freeze(s), events

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        to_act = sorted(self.to_act(state))
        shown = state.phase != "secret"
        view: dict[str, Any] = {
            "game": KEY,
            "seat": seat,
            "to_act": to_act,
            "headline": f"Phase: {state.phase}",
            "finished": state.phase == "over",
            "chosen": [bool(p) for p in state.picks],
            "picks": list(state.picks) if shown else None,
            "objected": state.objected,
        }
        if seat is not None:
            view["mine"] = state.picks[seat]
            if seat in to_act:
                view["prompt"] = f"{seat_ref(seat)}, your move."
        return view

    def result(self, state: ToyState) -> Result | None:
        return Result.from_keys([1, 0]) if state.phase == "over" else None

    def determinize(self, state: ToyState, seat: int | None, rng: random.Random) -> ToyState:
        return state

    def max_steps(self, seats: int, options: Mapping[str, str]) -> int:
        return seats + 2


GAME = Toy(CODEC, RandomPolicy())


def _png(view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(out, format="PNG")
    return out.getvalue()


def _describe(view: Mapping[str, Any], names: Sequence[str]) -> str:
    return f"The toy table: {view['headline']}."


def _panel(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """Under the picture: who has chosen (the table); the seat's own pick (a hand)."""
    if view["seat"] is not None:
        return f"Your colour: {view['mine'] or 'not chosen yet'}"
    chosen = [names[i] for i, done in enumerate(view["chosen"]) if done]
    return "Chosen: " + (", ".join(chosen) or "nobody yet")


def _details(view: Mapping[str, Any]) -> tuple[Detail, ...]:
    """The table offers the colours shown; a hand, the seat's own pick as a picture."""
    if view["seat"] is None:
        return (Detail("colours", "Colours", "🎨"),)
    return (Detail("mine", "My pick"),)


def _detail(view: Mapping[str, Any], names: Sequence[str], key: str) -> Shown | None:
    if key == "colours":
        picks = view["picks"]
        if picks is None:
            return Shown("The colours are still hidden.")
        return Shown("\n".join(f"{names[i]}: {c}" for i, c in enumerate(picks)))
    return Shown(f"You picked {view['mine'] or 'nothing yet'}.", _png(view, names), "A swatch.")


RENDER = types.ModuleType(f"render.{KEY}")
RENDER.table = _png  # type: ignore[attr-defined]
RENDER.hand = _png  # type: ignore[attr-defined]
RENDER.describe = _describe  # type: ignore[attr-defined]
RENDER.panel = _panel  # type: ignore[attr-defined]
RENDER.details = _details  # type: ignore[attr-defined]
RENDER.detail = _detail  # type: ignore[attr-defined]


def install(monkeypatch: Any) -> None:
    """Register the toy game and its renderer for one test."""
    monkeypatch.setitem(GAMES, KEY, GAME)
    monkeypatch.setitem(sys.modules, f"render.{KEY}", RENDER)
