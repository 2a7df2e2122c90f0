"""Holiday Fever pictures and text, from views built by hand (the rules engine is written
elsewhere): sizes for 2–6 families, tokens where they stand, secrets kept, sheets at the end."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image

from engine.fever.board import seat_colours
from render import describe as alt_text
from render import detail, panel
from render.alt import ALT_LIMIT
from render.fever import describe, hand, space_xy, table, token_spots_of
from render.fever_parts import CELL, FAMILY_RGB, TOKEN_R, WIDTH
from render.fever_words import deck_words, plain, status_line
from tests.engine.fever.test_words import check_counts

NAMES = ["Ann", "Bea", "Cal", "Dot", "Eve", "Fin"]
LONG = "Ebenezer Scrooge the Third of Camden Town"
MAX_BYTES = 200 * 1024

#: Gifts handed out in order by the builder: (id, name, coal).
GIFTS = [
    ("puppy", "Puppy", False),
    ("coal-1", "Coal", True),
    ("video-game-console", "Video Game Console", False),
    ("red-sled", "Red Sled", False),
    ("grape-jelly-of-the-month", "Grape Jelly of the Month", False),
    ("telescope", "Telescope", False),
    ("fruitcake", "Fruitcake", False),
]


def gift(place: int, k: int, known: bool, values: list[int], stocking: bool = False) -> dict:
    gid, name, coal = GIFTS[k % len(GIFTS)]
    return {
        "place": place,
        "values": len(values),
        "stocking": stocking,
        "gift": gid if known else None,
        "name": name if known else None,
        "coal": coal if known else None,
        "values_seen": [v if known else None for v in values],
    }


def family(seat: int, viewer: int | None, n_gifts: int, *, track: int | None = 5) -> dict:
    """A family with `n_gifts` Gifts, face down unless the viewer is this seat."""
    colour = seat_colours(6)[seat]
    deposits = [{"amount": 200, "note": "Holiday Bonus"}, {"amount": 150, "note": "{p1}"}][
        : seat % 3
    ]
    debts = [{"amount": 60, "note": "Mistletoe Mall"}, {"amount": 200, "note": "{p0}"}][
        : (seat + 1) % 3
    ]
    gifts = [
        gift(p + 1, seat + p, viewer == seat, [100, 50 * (p + 1)][: 1 + p % 2], stocking=p == 0)
        for p in range(n_gifts)
    ]
    return {
        "seat": seat,
        "colour": colour,
        "business": colour,
        "track": track,
        "december": None if track is not None else 0,
        "lights": seat % 4,
        "ornaments": (seat + 1) % 4,
        "stars": seat,
        "gifts": gifts,
        "stocking": 1 if gifts else None,
        "anytime": seat % 2,
        "miracle": 6 if seat == 1 else None,
        "deposits": deposits,
        "debts": debts,
        "deposit_total": sum(e["amount"] for e in deposits),
        "debt_total": sum(e["amount"] for e in debts),
    }


def view(seats: int, seat: int | None = None, gifts: int = 3, **extra: Any) -> dict:
    """A mid-game view: every family on a town space of its own, `gifts` Gifts each."""
    out: dict[str, Any] = {
        "game": "fever",
        "seat": seat,
        "to_act": [0],
        "headline": "{p0} rolled 3 + 4 and landed on Mistletoe Mall.",
        "finished": False,
        "seats": seats,
        "phase": "play",
        "stage": "pre",
        "turn": 0,
        "first": 0,
        "round": 7,
        "round_limit": 30,
        "race": False,
        "race_cause": "",
        "families": [family(s, seat, gifts, track=3 + 6 * s) for s in range(seats)],
        "dice": [3, 4],
        "dice_for": "move",
        "snow_rolls": None,
        "decks": {"gifts": 12, "values": 30, "nn": 24},
        "card": "N01",
        "store": None,
        "white_elephant": None,
        "reunion": None,
        "gift_list": ["Puppy", "Coal"],
        "christmas": None,
        "sheets": None,
        "result": None,
    }
    if seat is not None:
        out |= {"prompt": "Roll the dice, or lay your Stocking.", "hand": ["A01", "A02"]}
        out |= {"drawn": 150, "pending": None}
    out.update(extra)
    return out


def december(seats: int, seat: int | None = None, gifts: int = 3, **extra: Any) -> dict:
    """The Race: everyone in December, on days 0, 3, 8, 12, 19, 24."""
    v = view(seats, seat, gifts, race=True, race_cause="gifts", phase="race", dice=[5], **extra)
    for s, fam in enumerate(v["families"]):
        fam["track"], fam["december"] = None, [0, 3, 8, 12, 19, 24][s]
    return v


def tree_route(seats: int, seat: int | None = None, gifts: int = 3) -> dict:
    """Mid-December before the Race: two families walk the calendar, the others the town."""
    v = view(seats, seat, gifts)
    for s, day in ((1, 9), (seats - 1, 4)):
        v["families"][s]["track"], v["families"][s]["december"] = None, day
    return v


def finished(seats: int, seat: int | None = None, entries: int = 4) -> dict:
    v = view(seats, seat, phase="over", finished=True, to_act=[], turn=None, stage="")
    sheets = []
    for s in range(seats):
        deposits = [{"amount": 50 * (k + 1), "note": f"entry {k}"} for k in range(entries * 3)]
        debts = [{"amount": 20 * (k + 1), "note": "{p1}"} for k in range(entries * 2)]
        sheets.append(
            {
                "seat": s,
                "gifts": [gift(p + 1, s + p, True, [100, 250]) for p in range(entries)],
                "deposits": deposits,
                "debts": debts,
                "forgiven": s,
                "full_forgiveness": s == 2,
                "christmas": s == 2,
                "stars": s,
                "value": 1000 - 300 * s,
            }
        )
    v["sheets"] = sheets
    v["christmas"] = 2 % seats
    v["result"] = {
        "scores": [sh["value"] for sh in sheets],
        "ranks": list(range(1, seats + 1)),
        "winners": [0],
    }
    return v


def crowded(seats: int, seat: int | None = None) -> dict:
    """Ten Gifts each, and (for a seat) every Anytime card at once and a Value to place."""
    v = view(seats, seat, gifts=10)
    if seat is not None:
        v["hand"] = ["A01", "A01", "A02", "A03", "A04", "A05", "A06", "A07"]
    return v


def check_png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert 1_000 < len(data) <= MAX_BYTES, f"{len(data)} bytes"
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.width == WIDTH and 150 <= img.height <= 1600, img.size
    return img.convert("RGB")


def near(img: Image.Image, xy: tuple[int, int], rgb: tuple[int, int, int], r: int = 6) -> int:
    """How many pixels within r of xy are (almost) the colour rgb."""
    x0, y0 = xy
    return sum(
        1
        for x in range(x0 - r, x0 + r + 1)
        for y in range(y0 - r, y0 + r + 1)
        if sum(abs(a - b) for a, b in zip(img.getpixel((x, y)), rgb, strict=True)) < 40  # type: ignore[arg-type]
    )


@pytest.mark.parametrize("seats", range(2, 7))
@pytest.mark.parametrize(
    "make",
    [
        view,
        december,
        finished,
        lambda n, s=None: view(n, s, gifts=12),
        lambda n, s=None: finished(n, s, 12),
        crowded,
    ],
)
def test_every_family_count_fits(seats: int, make: Any) -> None:
    for names in (NAMES[:seats], [LONG] * seats):
        check_png(table(make(seats), names))
        check_png(hand(make(seats, 0), names))


def test_the_seat_picture_adds_its_secrets() -> None:
    public, mine = view(4), view(4, seat=0)
    assert check_png(table(public, NAMES[:4])).size != check_png(hand(mine, NAMES[:4])).size
    words = describe(mine, NAMES[:4])
    assert "Puppy" in words and "Snow Day" in words and "$150" in words
    assert "Drawn Value to place: $150." in words


def test_the_public_text_never_names_a_hidden_gift() -> None:
    for seats, gifts in ((2, 3), (6, 7)):  # in full, and in the few words of a busy table
        words = describe(view(seats, gifts=gifts), NAMES)
        for _, name, _ in GIFTS:
            assert name not in words
    assert "#1 face down: 1 Value [Stocking]" in describe(view(2, gifts=3), NAMES)
    assert "Gifts: hidden (1 Value) 🧦, hidden (2 Values)" in describe(view(6, gifts=7), NAMES)
    shown = view(6, gifts=7)
    shown["families"][2]["gifts"][1] = gift(2, 0, True, [100])  # a Puppy everyone saw
    assert "hidden (1 Value) 🧦, Puppy $100" in describe(shown, NAMES)


def disc(img: Image.Image, xy: tuple[int, int], rgb: tuple[int, int, int]) -> bool:
    """Whether a token of colour rgb is centred on xy (looking under its letter)."""
    x, y = xy
    return near(img, (x, y + 12), rgb, 2) > 15


def inside(xy: tuple[int, int], k: int) -> bool:
    """Whether a point lies on town space k."""
    (x, y), (cx, cy) = xy, space_xy(k)
    return abs(x - cx) <= CELL // 2 and abs(y - cy) <= CELL // 2


def test_a_token_stands_on_its_space() -> None:
    v = view(4)
    img = check_png(table(v, NAMES[:4]))
    spots = token_spots_of(v)
    for fam in v["families"]:
        seat, colour = fam["seat"], FAMILY_RGB[fam["colour"]]
        assert inside(spots[seat], fam["track"]), fam["colour"]
        assert disc(img, spots[seat], colour), fam["colour"]
    moved = copy.deepcopy(v)
    moved["families"][1]["track"] = 33
    img = check_png(table(moved, NAMES[:4]))
    assert inside(token_spots_of(moved)[1], 33)
    assert disc(img, token_spots_of(moved)[1], FAMILY_RGB["orange"])
    assert not disc(img, spots[1], FAMILY_RGB["orange"]), "gone from where it stood"


@pytest.mark.parametrize("count", range(1, 7))
def test_tokens_on_one_space_all_show(count: int) -> None:
    v = view(6)
    for fam in v["families"][:count]:
        fam["track"] = 5
    img = check_png(table(v, NAMES))
    spots = token_spots_of(v)
    for fam in v["families"][:count]:
        assert disc(img, spots[fam["seat"]], FAMILY_RGB[fam["colour"]])
    shown = [spots[s] for s in range(count)]
    for k, (ax, ay) in enumerate(shown):  # none hides another
        for bx, by in shown[k + 1 :]:
            assert max(abs(ax - bx), abs(ay - by)) >= 2 * TOKEN_R
    assert all(inside(xy, 5) for xy in shown[:4]), "up to four on the space itself"


def test_the_december_calendar_shows_tokens() -> None:
    v = december(6)
    img = check_png(table(v, NAMES))
    spots = token_spots_of(v)
    for fam in v["families"]:
        assert disc(img, spots[fam["seat"]], FAMILY_RGB[fam["colour"]]), fam["colour"]
    assert "Race to Christmas" in describe(v, NAMES)


def test_a_store_visit_shows() -> None:
    plain, shopping = view(3), view(3, store={"space": 23, "left": 3, "bought": 1})
    assert table(plain, NAMES[:3]) != table(shopping, NAMES[:3])
    assert "Shopping at Mistletoe Mall" in describe(shopping, NAMES[:3])


def test_the_end_shows_every_sheet() -> None:
    v = finished(6)
    check_png(table(v, NAMES))
    said = panel(v, NAMES)
    assert said.startswith("**Game over: Cal reached Christmas**")
    assert "Ann wins" in said and all(f"**{name}** " in said for name in NAMES)
    assert "$1,000" in said and "−$500" in said
    cards = detail(v, NAMES, "cards")
    assert cards is not None
    assert all(f"{name}'s sheet: value" in cards.text for name in NAMES)
    words = describe(v, NAMES)
    for name in NAMES:
        assert f"{name}'s sheet: value" in words
    assert "−$20 Bea (forgiven)" in words  # Bea's first debt: one star
    assert "Ann wins" in words


def test_the_ring_runs_clockwise_from_the_top_left() -> None:
    corners = [space_xy(k) for k in (0, 10, 20, 30)]
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = corners
    assert x0 < x1 and y0 == y1  # along the top
    assert x1 == x2 and y1 < y2  # down the right
    assert x2 > x3 and y2 == y3  # back along the bottom
    for k in range(40):  # each space touches the next
        (ax, ay), (bx, by) = space_xy(k), space_xy((k + 1) % 40)
        assert abs(ax - bx) + abs(ay - by) == CELL


def test_a_business_is_drawn_in_its_family_colour_where_space_xy_says() -> None:
    img = check_png(table(view(6), NAMES))
    for k, colour in ((2, "red"), (14, "yellow"), (28, "blue")):
        x, y = space_xy(k)
        assert near(img, (x, y - 32), FAMILY_RGB[colour], 2) >= 20, k  # its colour bar
    x, y = space_xy(3)  # a store: no family's colour
    assert near(img, (x, y - 32), FAMILY_RGB["red"], 2) == 0


def test_the_seat_picture_shows_the_value_to_place() -> None:
    assert "$150 Value" in panel(view(2, seat=1), NAMES[:2])
    placing, waiting = view(2, seat=1), view(2, seat=1, drawn=None)
    assert hand(placing, NAMES[:2]) != hand(waiting, NAMES[:2])
    assert "Drawn Value" not in describe(waiting, NAMES[:2])


@pytest.mark.parametrize("seat", [None, 0])
@pytest.mark.parametrize("make", [view, crowded, lambda n, s=None: view(n, s, gifts=12)])
def test_every_family_is_in_the_alt_text_discord_keeps(seat: int | None, make: Any) -> None:
    """The bot keeps a picture's first 1,000 characters of description: the standings name
    every family, and the seat's own secrets come before the other families' rows."""
    for names in (NAMES, [LONG] * 6):
        words = alt_text(make(6, seat), names)
        assert len(words) <= ALT_LIMIT
        if seat is not None:
            assert f"{names[0]}'s Gifts:" in words
        standings = words.splitlines()[1]
        assert all(standings.count(names[k]) >= (names.count(names[k])) for k in range(6))


BUSY = {
    "mid-Race": lambda seat: december(6, seat, gifts=7),
    "mid-December": lambda seat: tree_route(6, seat, gifts=7),
}


@pytest.mark.parametrize("names", [NAMES, [LONG] * 6], ids=["short", "long"])
@pytest.mark.parametrize("seat", [None, 0, 4])
@pytest.mark.parametrize("moment", BUSY)
def test_a_busy_table_loses_only_its_least_important_whole_items(
    moment: str, seat: int | None, names: list[str]
) -> None:
    v = BUSY[moment](seat)
    full = describe(v, names).splitlines()
    assert not any("…" in line for line in full), "Fever shortens no line by cutting it"
    kept = alt_text(v, names).splitlines()
    assert len("\n".join(kept)) <= ALT_LIMIT
    for k, line in enumerate(kept):  # whole lines, the last maybe cut between items
        if line != full[k]:
            assert k == len(kept) - 1 and line.endswith("…"), line
            if line == "…":  # no item of that line fitted: a line of its own says so
                continue
            head = line.removesuffix("…")
            rest = full[k].removeprefix(head)
            assert rest != full[k] and rest[:2] in ("", " ·", "; ", ", "), line
    assert kept[0].startswith("Holiday Fever: A Family Tradition — ")
    assert kept[1] == full[1] and all(name in kept[1] for name in names), "standings, whole"
    if seat is None:
        return
    me, prompt = names[seat], plain(v["prompt"], names)
    asked = kept.index(prompt)
    others = [k for k, line in enumerate(full) if line.startswith(tuple(f"{n} (" for n in names))]
    gifts = next(k for k, line in enumerate(full) if line.startswith(f"{me}'s Gifts:"))
    roll = next(k for k, line in enumerate(full) if line.startswith("Last roll"))
    assert 1 < asked < gifts < roll < min(others), "the seat's own before the rest"
    if names == NAMES:
        assert kept[gifts] == full[gifts], "the seat's Gifts whole"


def test_the_race_is_in_the_header_not_the_round() -> None:
    v = december(6)
    assert status_line(v, NAMES) == "Race to Christmas · Ann's turn"
    first = alt_text(v, NAMES).splitlines()[0]
    assert "Race to Christmas" in first and "Round" not in first
    assert status_line(view(6), NAMES) == "Round 7 of 30 · Ann's turn"


def test_a_reunion_is_nobodys_turn_in_the_header() -> None:
    v = december(6, stage="reunion", reunion=[True, False] * 3, to_act=[1, 3, 5])
    assert status_line(v, NAMES) == "Race to Christmas · Family Reunion"
    check_png(table(v, NAMES))


def test_counts_are_written_with_their_nouns() -> None:
    assert deck_words({"gifts": 1, "values": 0, "nn": 1}) == (
        "1 Gift",
        "0 Values",
        "1 Naughty-or-Nice card",
    )
    busy = view(6, gifts=7, decks={"gifts": 1, "values": 1, "nn": 1})
    for v in (busy, view(2), december(6, 2), finished(6), crowded(6, 1)):
        check_counts(describe(v, NAMES))
