"""Speeches, carols and donations: `text` decisions whose typed words are part of the move
(§2.12, HF-G19: nobody judges a speech; any valid one earns the star), with the lines a
computer player says.
"""

from __future__ import annotations

from functools import cache

from engine.fever import board as B
from engine.fever import cards as C
from engine.fever.common import act, event, pay, pop, star
from engine.fever.state import Entry, FeverDraft, FeverState
from engine.protocol import Action, Event, TextSpec

SPEECH, SKIP, DONATE = "speech", "skip", "donate"
MIN_TEXT, MAX_TEXT = 3, 300
CAROL = "A carol line"

#: Every topic a speech can have, in a fixed order: tasks carry the index.
TOPICS: tuple[str, ...] = tuple(
    dict.fromkeys(
        [
            *(s.topic for s in B.TRACK if s.topic),
            *(d.topic for d in B.CALENDAR if d.topic),
            *(c.topic for c in C.NN_CARDS if c.topic),
        ]
    )
)

#: What a computer family says, per topic (our own words; carols are of our making).
_CANNED: dict[str, tuple[str, ...]] = {
    "How you would like to help the world": (
        "I'd make sure every kid on our street has a warm coat this winter.",
        "Free cocoa for every snow shoveller in town, forever.",
    ),
    "What goes into a successful life": (
        "A pinch of patience, a cup of kindness and plenty of chili.",
        "Good friends, good sleep and never skipping dessert.",
    ),
    "Where you would take everyone on a trip": (
        "A cabin in the mountains with a fireplace and too many board games.",
        "Somewhere with a beach, so we can miss the snow a little.",
    ),
    "What you are thankful for": (
        "I'm thankful for this family and its terrible puns.",
        "A warm house, a full table and all of you around it.",
    ),
    "The holiday treat you love most": (
        "Gingerbread, still warm, slightly burnt at the edges.",
        "Peppermint bark, no contest.",
    ),
    "The sweater you wear to the party": (
        "Green, itchy, with a reindeer whose nose really lights up.",
        "Knitted by grandma, three sizes too big, worn with pride.",
    ),
    CAROL: (
        "Snow on the rooftops, candles aglow, fa la la la la!",
        "Ring the bells and sing along, the holidays are here!",
    ),
    "A holiday song you love, and why": (
        "Any sleigh-bell song: it sounds like the first snow.",
        "The one we sing off-key every year in the car.",
    ),
    "What you put out for Santa": (
        "Milk, three cookies and a carrot for the reindeer.",
        "Hot cocoa in a flask, because it's a long night.",
    ),
    "A Christmas memory you love": (
        "Building a snow fort so big the whole street fit inside.",
        "The year the turkey burned and we had pancakes instead.",
    ),
    "What you value in the player on your left": (
        "You always share the last cookie, and I notice.",
        "You make every game night louder and better.",
    ),
    "The worst sweater imaginable": (
        "Orange and purple stripes with a singing fruitcake on the front.",
        "Tinsel sleeves, a blinking tree and it's somehow damp.",
    ),
    "Something you are grateful for": (
        "Everyone who showed up tonight.",
        "Snow days, and the people I spend them with.",
    ),
}


@cache
def spec(topic: int, action: str) -> TextSpec:
    """The form's label is the topic itself: every topic fits Discord's 45 characters."""
    name = TOPICS[topic]
    return TextSpec(action, name, MIN_TEXT, MAX_TEXT, canned=_CANNED.get(name, ()))


# ----------------------------------------------------------------------------- speeches
def speech_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    verb = "Sing (+1 ★)" if TOPICS[e[2]] == CAROL else "Give speech (+1 ★)"
    return (act(SPEECH, f"🎤 {verb}", TOPICS[e[2]]), act(SKIP, "Skip"))


def answer_speech(t: FeverDraft, e: Entry, action: str, text: str | None, ev: list[Event]) -> None:
    pop(t)
    seat = e[1]
    if action == SPEECH:
        star(t, seat)
        ev.append(event("speech", {"seat": seat, "topic": TOPICS[e[2]], "text": text or ""}))
    else:
        ev.append(event("skip", {"seat": seat, "topic": TOPICS[e[2]]}))


# ----------------------------------------------------------------------------- donations
def donation_choices(s: FeverState, e: Entry) -> tuple[Action, ...]:
    return (
        act(DONATE, f"🎤 Donate ${e[3]} and speak (+1 ★)", TOPICS[e[2]]),
        act(SKIP, "Skip"),
    )


def answer_donation(
    t: FeverDraft, e: Entry, action: str, text: str | None, ev: list[Event]
) -> None:
    """HF-G20: the $50 and the speech go together; skipping gives neither."""
    pop(t)
    seat = e[1]
    if action == DONATE:
        pay(t, seat, e[3], "Donation", ev)
        star(t, seat)
        ev.append(event("donate", {"seat": seat, "topic": TOPICS[e[2]], "text": text or ""}))
    else:
        ev.append(event("skip", {"seat": seat, "topic": TOPICS[e[2]]}))


def topic_of(topic: str) -> int:
    return TOPICS.index(topic)
