"""What the table reads: every label says what pressing it does, the headline says what the
table is waiting for (the Race, whom a secret or simultaneous choice still waits on, never
what anyone chose), and every count is written with its noun in the right number."""

from __future__ import annotations

import random
import re

from engine.fever import flow
from engine.fever.game import GAME
from engine.fever.state import CODEC, FeverState
from engine.protocol import fill_names, seat_ref
from tests.engine.fever.helpers import act, edit, give, land, new, start

NAMES = ("Ann", "Bea", "Cal", "Dot", "Eve", "Fay")
#: The words a label may open with (after its emoji): each says what the press does.
VERBS = {
    "Roll", "Play", "Lay", "Move", "Keep", "Put", "Pick", "Pay", "Leave", "Buy", "Sell",
    "Do", "Guess", "Show", "Rob", "Give", "Take", "Swap", "Let", "Donate", "Sing", "Skip",
    "End", "Back", "I'm", "Not",
}  # fmt: skip
_EMOJI = re.compile(r"^[^\w$']+")
_MANY = r"(?:Gifts|Values|stars|items|cards|spaces|rounds|Lights|Ornaments|debts|deposits|families)"
_ONE = r"(?:Gift|Value|star|item|card|space|round|Light|Ornament|debt|deposit|family)"
_NOT_A_COUNT = r"(?<![\d$,.+−-])\b"  # "$1", "+1", "1,050" are no counts of things
#: "1 Gifts", "1 Anytime cards": one with a plural noun.
ONE_MANY = re.compile(_NOT_A_COUNT + r"1 (?:Anytime |Naughty-or-Nice )?" + _MANY + r"\b")
#: "2 Gift", "0 Anytime card": more or none with a singular noun.
MANY_ONE = re.compile(
    _NOT_A_COUNT + r"(?:0|[2-9]|\d\d+) (?:Anytime |Naughty-or-Nice )?" + _ONE + r"\b"
)


def first_word(label: str) -> str:
    return _EMOJI.sub("", label).split(" ", 1)[0]


def check_counts(line: str) -> None:
    assert not ONE_MANY.search(line), line
    assert not MANY_ONE.search(line), line


def race_at_reunion(seats: int = 3) -> FeverState:
    """The Race has just begun (the Gift deck ran out) and its Family Reunion is open."""
    s = start(seats)
    for seat in range(seats):
        s = give(s, seat, (["puppy", "telescope", "bathrobe"][seat % 3], (100,)))
    t = CODEC.thaw(s)
    t.agenda = (("race", 0, 1, -1, -1, -1), ("next", 0, -1, -1, -1, -1))
    flow.advance(t, [])
    s = CODEC.freeze(t)
    assert s.phase == "race" and s.agenda[0][0] == "reunion"
    return s


def waiting_for(headline: str) -> set[int]:
    return {int(n) for n in re.findall(r"\{p(\d)\}", headline.partition("waiting for")[2])}


# ----------------------------------------------------------------------------- labels
def test_every_label_says_what_pressing_it_does() -> None:
    seen: set[str] = set()
    for seats in range(2, 7):
        for i in range(2):
            rng = random.Random(100 * seats + i)
            s = GAME.new(seats, {}, 100 * seats + i)
            while to_act := GAME.to_act(s):
                seat = rng.choice(sorted(to_act))
                legal = GAME.legal(s, seat)
                stage = s.agenda[0][0] if s.agenda else "youngest"
                seen.add(stage)
                for a in legal:
                    assert len(a.label) <= 80 and len(a.hint) <= 100, a
                    assert first_word(a.label) in VERBS, (stage, a.label)
                    check_counts(fill_names(a.label + " " + a.hint, NAMES))
                action = rng.choice([a for a in legal if not a.back])
                decision = GAME.decision(s, seat)
                spec = decision.text if decision else None
                text = rng.choice(spec.canned) if spec and spec.action == action.id else None
                s, _ = GAME.apply(s, seat, action.id, text)
    every = set(flow.OFFER) | {"reunion", "youngest"}
    assert seen == every, f"no label seen at {every - seen}"


def test_estate_sale_and_auction_say_sell_on_every_sale() -> None:
    s = start(3)
    s = give(s, 0, ("jigsaw-puzzle", (100,)))
    for space, buy in ((7, "Buy"), (20, "Guess")):
        at = land(s, space)
        labels = {a.id: a.label for a in GAME.legal(at, 0)}
        sales = [label for i, label in labels.items() if i.startswith("sell:")]
        assert sales and all(label.startswith("Sell ") for label in sales), labels
        assert "Sell 2. Jigsaw Puzzle ($100)" in sales
        assert labels["from:1"] == f"{buy} a Gift of {seat_ref(1)}"
        picked = act(at, 0, "from:1")
        for a in GAME.legal(picked, 0):
            assert a.back or a.label.startswith(f"{buy} {seat_ref(1)}'s Gift "), a.label


def test_a_long_label_is_shortened_by_words_never_cut() -> None:
    s = start(2)
    many = (50, 100, 150, 200, 250, 300, 100, 150, 200, 50)
    s = give(s, 0, ("grape-jelly-of-the-month", many))
    labels = [a.label for a in GAME.legal(land(s, 7), 0) if a.id.startswith("sell:")]
    long = next(label for label in labels if "Grape Jelly" in label)
    assert len(long) <= 80
    assert long == "Sell 2. Grape Jelly of the Month (10 Values, $1,550)"


# ----------------------------------------------------------------------------- headlines
def test_the_race_headline_says_the_race_is_on_not_the_round() -> None:
    s = race_at_reunion()
    for seat in range(3):
        s = act(s, seat, "none")
    assert s.agenda[0][0] == "pre" and s.phase == "race"
    line = GAME.view(s, None)["headline"]
    assert "Race to Christmas" in line and "Round" not in line, line
    assert f"{seat_ref(s.turn)}'s turn" in line


def test_the_race_headline_tells_who_is_nearest_christmas() -> None:
    s = race_at_reunion()
    for seat in range(3):
        s = act(s, seat, "none")
    s = edit(s, december=(3, 14, 9))
    assert "{p1} leads (Dec 14)" in GAME.view(s, None)["headline"]
    s = edit(s, december=(14, 14, 9))
    assert "{p0} and {p1} lead (Dec 14)" in GAME.view(s, None)["headline"]


def test_the_race_reunion_names_whom_the_table_waits_for_never_a_turn() -> None:
    s = race_at_reunion()
    line = GAME.view(s, None)["headline"]
    assert "Race to Christmas" in line and "'s turn" not in line and "Round" not in line
    assert "Family Reunion" in line and "every family" in line, line
    gave = act(s, 0, "give:1", "to:1")
    kept = act(s, 0, "none")
    half = act(s, 0, "give:1")  # a Gift picked, the family not yet
    assert GAME.view(gave, None)["headline"] == GAME.view(kept, None)["headline"]
    assert waiting_for(GAME.view(gave, None)["headline"]) == {1, 2}
    assert GAME.view(half, None)["headline"] == line, "still waiting for every family"
    for seat in (None, 0, 1, 2):  # nobody's headline tells what was chosen
        assert GAME.view(gave, seat)["headline"] == GAME.view(kept, seat)["headline"]


def test_a_town_reunion_names_whom_the_table_waits_for() -> None:
    s = race_at_reunion()
    t = CODEC.thaw(s)
    t.phase, t.race_cause, t.gives = "play", "", ()
    t.december = (0, -1, -1)
    t.agenda = (("reunion", 0, -1, -1, -1, -1), ("next", 0, -1, -1, -1, -1))
    flow.advance(t, [])
    s = CODEC.freeze(t)
    line = GAME.view(s, None)["headline"]
    assert "'s turn" not in line and "Family Reunion" in line
    s = act(s, 2, "none")
    assert waiting_for(GAME.view(s, None)["headline"]) == {0, 1}


def test_the_youngest_claim_names_whom_it_waits_for() -> None:
    s = new(3)
    assert "every family" in GAME.view(s, None)["headline"]
    s = act(s, 0, "none")
    line = GAME.view(s, None)["headline"]
    assert waiting_for(line) == {1, 2} and "'s turn" not in line


def test_a_mistletoe_window_names_the_family_that_may_answer() -> None:
    s = start(3)
    t = CODEC.thaw(s)
    t.agenda = (("mistletoe", 2, 0, 0, 0, 60), *t.agenda)
    s = CODEC.freeze(t)
    line = GAME.view(s, None)["headline"]
    assert waiting_for(line) == {2} and "let the take happen or stop it" in line, line
    assert "Mistletoe" not in line, "the window is offered whether or not the card is held"
    assert GAME.view(s, 0)["headline"] == line == GAME.view(s, 2)["headline"]


def test_the_opening_white_elephant_names_the_family_choosing() -> None:
    s = act(new(3), 1, "claim")
    line = GAME.view(s, None)["headline"]
    assert "White Elephant" in line and waiting_for(line) == {s.agenda[0][1]}, line


# ----------------------------------------------------------------------------- counts
def test_every_count_has_its_noun_in_the_right_number() -> None:
    for seats in (2, 4, 6):
        rng = random.Random(seats)
        s = GAME.new(seats, {}, seats)
        while to_act := GAME.to_act(s):
            seat = rng.choice(sorted(to_act))
            view = GAME.view(s, seat)
            check_counts(fill_names(view["headline"] + " " + view.get("prompt", ""), NAMES))
            legal = GAME.legal(s, seat)
            action = rng.choice([a for a in legal if not a.back])
            decision = GAME.decision(s, seat)
            spec = decision.text if decision else None
            text = rng.choice(spec.canned) if spec and spec.action == action.id else None
            s, events = GAME.apply(s, seat, action.id, text)
            for e in events:
                check_counts(GAME.narrate(e, NAMES[:seats]) or "")
        for line in GAME.final_report(s):
            check_counts(fill_names(line, NAMES))


def test_the_counting_checks_catch_a_wrong_number() -> None:
    for bad in ("1 Gifts left", "out of 1 stars", "2 Value", "holds 0 Anytime card"):
        try:
            check_counts(bad)
        except AssertionError:
            continue
        raise AssertionError(f"{bad!r} passed")
    for good in ("1 Gift", "$1 stars", "1 of 3 Lights", "2 Values", "Gift 2 is Gift Card", "+1 ★"):
        check_counts(good)
