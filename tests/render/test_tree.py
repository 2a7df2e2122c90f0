"""My First Christmas Tree pictures and text: sane PNGs, nothing hidden on the table, cubes
and matching segments drawn in their player's colour, the hand's wipe warning."""

from __future__ import annotations

import copy
import io

from PIL import Image

from engine.tree import GAME, cards
from engine.tree.state import TreeState
from render.tree import TH, describe, hand, table, tile_xy
from render.tree_parts import PLAYER
from tests.engine.tree.test_rules import act, prepared
from tests.render.test_render import check_png

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
        x, y = tile_xy(2, i)
        # player 1's cube sits at the tile's bottom left: sample inside its edge, off the letter
        assert _near(img.getpixel((int(x) + 14, int(y + TH) - 34)), PLAYER[0]), i
        assert not _near(img.getpixel((int(x) + 14, int(y + TH) - 34)), PLAYER[1])
    # an undecorated tile has no cube there
    x, y = tile_xy(3, 1)
    assert not _near(img.getpixel((int(x) + 14, int(y + TH) - 34)), PLAYER[0])


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
    assert "Row 2: Arrow, Hammer, Dots" in text
    assert "Row 5: Arrow, Hammer, Dots, Bricks, Gear, Drop" in text


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
    assert "Winner: Ann (Bea 9, Ann 12)" in describe(view, NAMES)


def test_the_chosen_segment_is_named_while_placing() -> None:
    # RD BA then RG: row 2 and a "\\" diagonal both match; the player chose the diagonal
    s = act(prepared(("RG",), ("RD", "BA")), "play:RG:R", "place", "seg:2")
    view = GAME.view(s, 0)
    assert view["segment"] == ["2.3", "3.4", "4.5"]
    text = describe(view, NAMES)
    assert "placing cubes on" in text and "2.3" in text, text
    check_png(hand(view, NAMES))
