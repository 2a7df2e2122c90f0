"""My First Christmas Tree pictures and text: sane phone-sized PNGs, nothing hidden on the
table, cubes and matching segments drawn in their player's colour, the hand's wipe warning; the
panel under the picture and the details behind its buttons."""

from __future__ import annotations

import copy
import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

import render
import render.tree
import render.tree_parts
from engine.tree import GAME, cards
from engine.tree.state import TreeState
from render.tree import (
    CUBE,
    EMOJI,
    TH,
    WIDTH,
    cube_xy,
    describe,
    detail,
    details,
    hand,
    panel,
    table,
    tile_xy,
)
from render.tree_parts import PLAYER
from tests.engine.tree.played import finished_games
from tests.engine.tree.test_rules import act, edit, prepared

NAMES = ["Ann", "Bea"]
TREE = "GDAHTBGDAHTBGDAHTBGD"  # row 2 reads Arrow, Hammer, Dots
#: Seat 1 is player 1 and prepares Arrow, Hammer, Dots over two turns, then places on row 2.
MOVES = [
    (1, "take:RH"),
    (1, "play:RA"),
    (1, "play:RH"),
    (0, "take:BB"),
    (0, "end"),
    (1, "take:RT"),
    (1, "play:RT:R"),
    (1, "place"),
]


def _new() -> TreeState:
    deck = ["RH", "YG", "GB", "BB", "RA", "YD", "GD", "RT", "YB"]
    return GAME.new(2, {}, 7, rig={"tree": TREE, "deck": deck, "first": 1})


def _play(moves: list[tuple[int, str]]) -> TreeState:
    state = _new()
    for seat, action in moves:
        state, _ = GAME.apply(state, seat, action)
    return state


def check_png(data: bytes) -> Image.Image:
    """A PNG drawn phone first: 800 px wide, not too tall to show whole, at most 150 KB."""
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert 1_000 < len(data) <= 150 * 1024, f"{len(data)} bytes"
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.width == WIDTH and 300 <= img.height <= 1600, img.size
    return img


def _image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def _near(got: tuple[int, ...], want: tuple[int, int, int], slack: int = 30) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(got, want, strict=True))


def _count(data: bytes, colour: tuple[int, int, int]) -> int:
    """Pixels within a small distance of `colour`."""
    return sum(n for n, px in _image(data).getcolors(1 << 20) or [] if _near(px, colour, 12))


def test_pictures_stay_in_bounds_through_a_placement() -> None:
    state = _new()
    for seat, action in [*MOVES, (1, "seg:1")]:
        check_png(table(GAME.view(state, None), NAMES))
        for s in (0, 1):
            check_png(hand(GAME.view(state, s), NAMES))
        state, _ = GAME.apply(state, seat, action)


def test_a_placed_cube_is_drawn_in_its_players_colour() -> None:
    before = _play(MOVES)
    state, events = GAME.apply(before, 1, "seg:1")  # row 2
    assert "place" in [e.kind for e in events]
    view = GAME.view(state, None)
    assert view["cubes"][1] == [[1], [1], [1]]
    img = _image(table(view, NAMES))
    for i in (1, 2, 3):
        # player 1's cube sits at the tile's bottom left: sample its middle
        x, y = cube_xy(2, i, 0)
        assert _near(img.getpixel((int(x + CUBE / 2), int(y + CUBE / 2))), PLAYER[0]), i
    # an undecorated tile has no cube there
    x, y = cube_xy(3, 1, 0)
    assert not _near(img.getpixel((int(x + CUBE / 2), int(y + CUBE / 2))), PLAYER[0])


def test_the_matched_segment_is_ringed_in_the_players_colour() -> None:
    state = _play(MOVES)  # Arrow, Hammer, Dots: matches row 2, then row 5's first three tiles
    view = GAME.view(state, None)
    assert view["matches"][1][0] == ["2.1", "2.2", "2.3"]
    img = _image(table(view, NAMES))
    x, y = tile_xy(2, 1)
    assert _near(img.getpixel((int(x) - 2, int(y + TH / 2))), PLAYER[0])
    plain = copy.deepcopy(view)
    plain["matches"] = [[], []]
    img = _image(table(plain, NAMES))
    assert not _near(img.getpixel((int(x) - 2, int(y + TH / 2))), PLAYER[0])


def test_a_highlighted_segment_changes_the_picture() -> None:
    view = GAME.view(_play(MOVES[:3]), None)
    other = copy.deepcopy(view)
    other["matches"][0] = [["4.1", "4.2"]]
    assert table(view, NAMES) != table(other, NAMES)


def test_the_seat_picture_shows_the_hand_and_the_table_does_not() -> None:
    state = _play(MOVES[:1])
    public, mine = GAME.view(state, None), GAME.view(state, 1)
    assert mine["hand"]
    assert table(public, NAMES) != hand(mine, NAMES)
    text = describe(mine, NAMES)
    assert all(cards.card_name(c) in text for c in mine["hand"])


def test_the_public_text_never_names_a_hand_card() -> None:
    state = _new()
    for seat, action in [*MOVES, (1, "seg:1")]:
        text = describe(GAME.view(state, None), NAMES)
        held = [c for seat_hand in state.hands for c in seat_hand]
        assert held
        assert not [c for c in held if cards.card_name(c) in text], text
        assert "My First Christmas Tree" in text and "Ann" in text and "Bea" in text
        state, _ = GAME.apply(state, seat, action)


def test_the_text_names_the_symbols_in_words() -> None:
    text = describe(GAME.view(_new(), None), NAMES)
    assert "Row 2 (3 points) unmarked: Arrow, Hammer, Dots" in text
    assert "Row 5 (6 points) unmarked: Arrow, Hammer, Dots, Bricks, Gear, Drop" in text


def test_a_card_that_would_wipe_the_row_is_marked() -> None:
    state = _play([*MOVES[:5], (1, "take:YG")])  # Gear fits no end of Arrow, Hammer
    view = GAME.view(state, 1)
    assert view["hand_marks"] == {"YG": "wipes"}
    calm = copy.deepcopy(view)
    calm["hand_marks"] = {"YG": "extends"}
    orange = (255, 140, 0)
    assert _count(hand(view, NAMES), orange) > 150
    assert _count(hand(calm, NAMES), orange) < 20
    assert "Yellow Gear (wipes row)" in describe(view, NAMES)


def test_long_names_fit() -> None:
    names = ["Ebenezer Scrooge the Third of Camden Town", "Bob Cratchit of the Counting House"]
    state = _play([*MOVES, (1, "seg:1")])
    check_png(table(GAME.view(state, None), names))
    check_png(hand(GAME.view(state, 0), names))
    assert names[0] in describe(GAME.view(state, 0), names)


def test_the_end_shows_the_winner() -> None:
    view = GAME.view(_new(), None)
    view["finished"] = True
    view["turn"] = None
    view["result"] = {"scores": [12, 9], "ranks": [1, 2], "winners": [0]}
    check_png(table(view, NAMES))
    assert "Winner: Ann — Ann 12 points, Bea 9 points" in describe(view, NAMES)


def test_the_chosen_segment_is_named_while_placing() -> None:
    # RD BA then RG: row 2 and a "\\" diagonal both match; the player chose the diagonal
    s = act(prepared(("RG",), ("RD", "BA")), "play:RG:R", "place", "seg:2")
    view = GAME.view(s, 0)
    assert view["segment"] == ["2.3", "3.4", "4.5"]
    text = describe(view, NAMES)
    assert "placing cubes on" in text and "2.3" in text, text
    check_png(hand(view, NAMES))


# --------------------------------------------------------------------- what the pictures say

PARTS = ["Star", "Base tiles", "Row markers", "Other completed rows", "Boxes", "Cubes not placed"]
#: A count of one written with a plural noun ("1 points", "−1 cubes").
ONE_PLURAL = re.compile(r"(?<![\d.])[−-]?1 (points|pts|cards|cubes|tiles|segments|boxes|rows)\b")


class Drawn(list[str]):
    """Every string the Tree pictures draw, in drawing order; `pieces` holds those drawn by
    `render.tree_parts` (letters on cards, numbers on the players' pieces)."""

    pieces: list[str]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    seen = Drawn()
    seen.pieces = []
    original: Callable[..., None] = render.tree.text

    def recorder(into: list[str]) -> Callable[..., None]:
        def record(draw: Any, xy: Any, value: str, *args: Any, **kwargs: Any) -> None:
            seen.append(value)
            into.append(value)
            original(draw, xy, value, *args, **kwargs)

        return record

    monkeypatch.setattr(render.tree, "text", recorder([]))
    monkeypatch.setattr(render.tree_parts, "text", recorder(seen.pieces))
    return seen


def _number(points: str) -> int:
    return int(points.replace("−", "-").removeprefix("+").split()[0])


def _card_lines(text: str, names: list[str]) -> dict[str, tuple[int, list[tuple[str, int]]]]:
    """Per name, the total and the parts of its score card as the panel or a detail writes
    them: "🔵 **Ann** **50 points**: Star **6** · …" or a name line, then a line per part."""
    out = {}
    for name in names:
        line = next(
            x
            for x in text.splitlines()
            if f"**{name}**" in x and "point" in x and not x.startswith("🏆")
        )
        total = _number(re.findall(r"\*\*([−+]?\d+ points?)\*\*", line)[0])
        parts = re.findall(r"([A-Z][a-z ]+?) \*\*([−+]?\d+)\*\*", line)
        if not parts:  # a line per part below the name
            after = text.splitlines()[text.splitlines().index(line) + 1 :][: len(PARTS)]
            parts = [re.findall(r"- ([A-Z][a-z ]+?) \*\*([−+]?\d+)\*\*", x)[0] for x in after]
        out[name] = (total, [(label, _number(n)) for label, n in parts])
    return out


def test_the_final_panel_has_score_cards_that_add_up(drawn: Drawn) -> None:
    for s in finished_games()[::2]:
        result = GAME.result(s)
        assert result is not None
        view = GAME.view(s, None)
        drawn.clear()
        table(view, NAMES)
        assert any(" wins · " in d or d.startswith("Shared win") for d in drawn), drawn
        text = panel(view, NAMES)
        assert text.startswith("🏆 "), text
        for name, (total, parts) in _card_lines(text, NAMES).items():
            seat = NAMES.index(name)
            assert [label for label, _ in parts] == PARTS
            assert sum(n for _, n in parts) == total == result.scores[seat], (name, parts)
            assert f"{EMOJI[0 if seat == s.first else 1]} **{name}**" in text
        assert details(view) == details(GAME.view(s, 0)) == (), "the panel shows the cards"


def test_the_score_cards_detail_adds_up_during_play() -> None:
    state = _play([*MOVES, (1, "seg:1")])
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        assert next(d.key for d in details(view)) == "score_cards"
        shown = detail(view, NAMES, "score_cards")
        assert shown is not None and shown.png is None
        cards_of = _card_lines(shown.text, NAMES)
        for name, (total, parts) in cards_of.items():
            assert [label for label, _ in parts] == PARTS
            assert sum(n for _, n in parts) == total == view["scores"][NAMES.index(name)]
    assert cards_of["Bea"][1][-1] == ("Cubes not placed", -17)


def test_the_final_alt_text_keeps_the_winner_and_both_score_cards() -> None:
    for s in finished_games()[::2]:
        result = GAME.result(s)
        assert result is not None
        for seat in (None, 0, 1):
            text = render.describe(GAME.view(s, seat), NAMES)
            assert ("Winner: " in text) != ("Shared win: " in text), text
            for k, name in enumerate(NAMES):
                line = next(x for x in text.splitlines() if x.startswith(f"{name}'s score card"))
                head, body = line.split(": ", 1)  # "Ann's score card, 50 points: Star 6 · …"
                total = _number(head.rsplit(", ", 1)[1])
                assert total == result.scores[k]
                parts = re.findall(r"(?:^|· )([A-Z][a-z ]+) ([−+]?\d+)", body)
                assert [p for p, _ in parts] == PARTS, line
                assert sum(_number(n) for _, n in parts) == total, line


def test_the_panel_gives_scores_and_what_the_cubes_not_placed_take_off() -> None:
    view = GAME.view(_new(), None)
    text = panel(view, NAMES)
    assert text.count("**−20 points** (−20 for 20 cubes not placed yet)") == 2, text
    assert "🟥 **Bea**" in text and "🔵 **Ann**" in text, "seat 1 is player 1: squares"
    assert "Deck " in text and "neutral boxes left 4: 2, 5: 2, 6: 2" in text
    text = describe(view, NAMES)
    assert "Scores so far (tied): " in text
    assert "Ann −20 points (−20 for 20 cubes not placed yet)" in text
    state = _play([*MOVES, (1, "seg:1")])  # Bea placed three cubes: three points up
    assert state.decoration == (20, 17)
    assert "(−17 for 17 cubes not placed yet)" in panel(GAME.view(state, None), NAMES)
    one = panel(GAME.view(edit(state, decoration=(1, 0)), None), NAMES)
    assert "−1 for 1 cube not placed yet" in one and "every cube placed" in one
    assert "−0" not in one


def test_the_public_panel_and_details_never_name_a_hand_card() -> None:
    state = _new()
    for seat, action in [*MOVES, (1, "seg:1"), (0, "take:GB")]:
        view = GAME.view(state, None)
        held = [c for seat_hand in state.hands for c in seat_hand]
        words = [panel(view, NAMES)]
        words += [shown.text for d in details(view) if (shown := detail(view, NAMES, d.key))]
        for said in words:
            assert not [c for c in held if cards.card_name(c) in said], said
            assert not [c for c in held if f"{cards.COLOUR_NAMES[c[0]]}" in said], said
        state, _ = GAME.apply(state, seat, action)


def test_the_discard_pile_is_one_press_away_once_it_holds_a_card() -> None:
    state = _play([*MOVES, (1, "seg:1")])  # Bea's row of three went to the discards
    view = GAME.view(state, None)
    assert view["discard"] and "discards" in [d.key for d in details(view)]
    shown = detail(view, NAMES, "discards")
    assert shown is not None
    assert f"{len(view['discard'])} cards" in shown.text
    for c in view["discard"]:
        line = next(x for x in shown.text.splitlines() if cards.SYMBOL_NAMES[c[1]] + ":" in x)
        assert cards.COLOUR_NAMES[c[0]] in line
    assert "discards" not in [d.key for d in details(GAME.view(_new(), None))]


def test_a_seats_panel_says_what_its_hand_would_do() -> None:
    state = _play([*MOVES[:5], (1, "take:YG")])  # Gear fits no end of Arrow, Hammer
    text = panel(GAME.view(state, 1), NAMES)
    assert "🟥 **Bea** (you)" in text
    assert "Your hand: 1 card — 1 would wipe your row" in text
    assert "**Turn 2 of 40**" in text
    assert "(you)" not in panel(GAME.view(state, None), NAMES)


def test_counts_of_one_are_singular_in_pictures_and_text(drawn: Drawn) -> None:
    view = GAME.view(_play(MOVES[:1]), 1)
    view["scores"] = [1, -1]
    view["hand_sizes"] = [1, 1]
    view["taken"] = 1
    view["played"] = 1
    hand(view, NAMES)
    table(GAME.view(_new(), None), NAMES)
    shown = "\n".join([*drawn, describe(view, NAMES)])
    assert "1 point" in shown and "−1 point" in shown
    assert not ONE_PLURAL.findall(shown), ONE_PLURAL.findall(shown)


def test_pieces_carry_no_letter_or_digit_only_cards_carry_letters(drawn: Drawn) -> None:
    # "Bea" and "Rob" start with the letters of Blue and Red cards: no piece may carry them,
    # nor a digit a card could be mistaken for
    names = ["Bea", "Rob"]
    state = _play([*MOVES, (1, "seg:1")])
    view = GAME.view(state, 0)
    render.tree._card.cache_clear()  # a kept card is pasted, not written again
    hand(view, names)
    shown = [*view["pool"], *view["rows"][0], *view["rows"][1], *view.get("hand", [])]
    assert sorted(drawn.pieces) == sorted(c[0] for c in shown), "parts write card letters only"
    letters = [d for d in drawn if len(d) == 1 and d.isalpha()]
    assert sorted(letters) == sorted(c[0] for c in shown), "letters are only card colours"


def test_player_two_cubes_are_round_and_player_one_cubes_square() -> None:
    view = GAME.view(_new(), None)
    first = view["first"]  # seat 1 is player 1 here
    view["cubes"][2][1] = [first, 1 - first]
    img = _image(table(view, NAMES))
    # player 1's square fills its corner; player 2's disc leaves the corner to the tile
    x, y = cube_xy(3, 2, 0)
    assert _near(img.getpixel((int(x) + 4, int(y) + 4)), PLAYER[0])
    x, y = cube_xy(3, 2, 1)
    assert not _near(img.getpixel((int(x) + 4, int(y) + 4)), PLAYER[1])
    assert _near(img.getpixel((int(x + CUBE / 2), int(y + CUBE / 2))), PLAYER[1])
    tile_x, tile_y = tile_xy(3, 2)
    assert x > tile_x + CUBE and y + CUBE < tile_y + TH, "at the right, inside the tile"


def test_alt_text_puts_scores_turn_and_the_seats_own_hand_before_the_board() -> None:
    hand_cards = tuple(c for c in cards.deck_cards(6) if c not in ("RH", "RA", "RG"))[:20]
    s = edit(prepared(hand_cards), decoration=(7, 13))
    view = GAME.view(s, 0)
    lines = describe(view, NAMES).splitlines()
    first = {
        key: next(k for k, x in enumerate(lines) if key in x)
        for key in ("Scores so far", view["prompt"], "Ann's hand", "Row 1 ", "Pool:")
    }
    assert first["Scores so far"] < first[view["prompt"]] < first["Ann's hand"] < first["Row 1 "]
    fitted = render.describe(view, NAMES)
    assert view["prompt"] in fitted
    assert all(cards.card_name(c) in fitted for c in hand_cards)
