"""My First Christmas Tree: the rulings `test_rules.py` leaves out, and the scoring table, on the
same constructed tree (TREE-G06)."""

from __future__ import annotations

from typing import Any

from engine.tree import cards as C
from engine.tree.game import GAME, scores_of
from engine.tree.state import TreeState
from tests.engine.tree.test_rules import act, edit, ids, new, prepared

#  row 1:      H T
#  row 2:     D A G
#  row 3:    B G D A
#  row 4:   T H B G D
#  row 5:  A T H B T G


def cubes_on(*owned: tuple[int, tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """Cubes for (seat, rows it has completed) pairs."""
    cubes: list[tuple[int, ...]] = [()] * C.TILES
    for seat, rows in owned:
        for r in rows:
            for x in C.row_tiles(r):
                cubes[C.INDEX[x]] = tuple(sorted((*cubes[C.INDEX[x]], seat)))
    return tuple(cubes)


def over(**fields: Any) -> TreeState:
    return edit(new(), phase="over", ended_by="trigger", **fields)


# --------------------------------------------------------------------- set-up and turns


def test_the_first_player_is_drawn_at_random():  # TREE-G22
    firsts = {GAME.new(2, {}, seed).first for seed in range(20)}
    assert firsts == {0, 1}
    s = GAME.new(2, {}, 3)
    assert s.turn == s.first and len(s.hands[s.first]) == 1 and len(s.hands[1 - s.first]) == 2


def test_six_colours_add_deck_cards_only():  # TREE-G38
    s = new(colors="6")
    assert len(C.deck_cards(6)) == 36
    assert s.own_box == ((4, 5, 6), (4, 5, 6)) and s.neutral == (2, 2, 2)


def test_turns_are_counted_per_player():  # TREE-D05, G41
    s = new(length="20")
    assert GAME.view(s, None)["headline"] == "{p0}'s turn 1 of 20"
    s = act(s, "take:RH", "end")
    view = GAME.view(s, None)
    assert s.turns == (1, 1) and view["turn_no"] == 1 and view["turn_limit"] == 20
    assert view["headline"] == "{p1}'s turn 1 of 20"


# --------------------------------------------------------------------- collect


def test_the_pool_refills_only_after_a_take():  # TREE-G33
    s = prepared(("RG",), ("RD", "RA"), deck=(), discard=(), pool=("GT", "BB", "YH"))
    s = act(s, "play:RG:R", "place", "seg:1")  # three reds on row 2: no question, no box
    assert s.turn == 1 and s.discard == ("RD", "RA", "RG")
    assert s.pool == ("GT", "BB", "YH")  # the discards wait for a take
    s = act(s, "take:GT")
    assert len(s.pool) == 4 and s.reshuffles == 1 and len(s.deck) == 1


def test_an_empty_table_asks_for_no_take_and_a_lone_card_is_just_taken():  # TREE-D04, G08
    s = prepared((), (), deck=(), discard=(), pool=())
    s = act(s, "end")
    assert s.turn == 1 and s.phase == "prepare" and s.taken == 0  # nothing to take or wipe
    s = prepared((), (), deck=(), discard=(), pool=("GT",))
    s = act(s, "end")
    assert s.turn == 1 and s.hands[1] == ("RA", "RG", "GT") and s.pool == ()


def test_useless_commits_are_not_offered():  # TREE-D02
    s = prepared((), (), deck=(), discard=(), pool=("GT",))
    s = act(s, "end")
    assert not [i for i in ids(s) if i == "wipe" or i.startswith("more:")]  # nothing to deal
    s = prepared(("RD", "RA"), pool=())
    assert not any(i.startswith("more:") for i in ids(s))  # no second card to take
    s = prepared(("RD", "RA", "RG"), ("RB",))
    s = act(s, "play:RG", "play:RD:R")  # B G D: three cards, room for one more
    assert ids(s) == ["play:RA:L", "play:RA:R", "place", "end"]  # the third card is C3
    s = prepared(("RD", "RA", "RG"), ("RB",), commit="wipe")
    s = act(s, "play:RG", "play:RD:R")
    assert ids(s) == ["place", "end"]  # the commit is spent: no third card (TREE-G24)
    s = act(prepared(("RD", "RA")), "play:RD", "play:RA")
    assert s.turn == 1  # nothing left to ask: the turn ended by itself


# --------------------------------------------------------------------- place


def test_after_the_own_six_a_row_still_stops_at_six():  # TREE-G14, G35
    s = prepared(("YG",), ("RA", "GT", "RH", "RB", "BT"), own_box=((), (4, 5, 6)))
    assert GAME.view(s, 0)["max_len"][0] is None
    assert "end" in ids(s) and "place" in ids(s)  # five cards: placing is optional
    s = act(s, "play:YG:R")  # all of row 5: six cards, the longest line
    assert s.phase == "cubes" and s.segment == C.row_tiles(5)
    assert len(ids(s)) == 20  # three reds on six tiles: C(6, 3), compulsory


def test_finishing_cubes_replace_spent_decoration_cubes():  # TREE-G27, G36
    s = prepared(("RG",), ("RD", "RA"), decoration=(1, 20))
    s = act(s, "play:RG:R", "place", "seg:1")
    assert s.cubes[C.INDEX[(2, 3)]] == (0,)
    # one decoration cube, two finishing cubes, then a finishing marker on row 2
    assert s.decoration[0] == 0 and s.finishing[0] == 12 - 2 - 1 and s.markers[1] == 0


def test_a_placement_that_adds_no_cube_still_clears_the_row():  # TREE-G40
    s = prepared(
        ("RG",), ("RD", "RA"), cubes=cubes_on((0, (2,))), markers=(None, 0, None, None, None)
    )
    s = act(s, "play:RG:R", "place", "seg:1")
    assert s.decoration[0] == 20 and s.rows[0] == () and s.discard[-3:] == ("RD", "RA", "RG")
    assert s.turn == 1


# --------------------------------------------------------------------- end of turn


def test_only_the_player_whose_turn_ends_is_checked():  # TREE-G40, G15
    s = prepared((), (), cubes=cubes_on((1, (1,))))
    s = act(s, "end")
    assert s.markers[0] is None  # seat 1 completed row 1, but it was seat 0's turn
    s = act(s, "take:" + s.pool[0], "end")
    assert s.markers[0] == 1 and s.finishing[1] == 11


def test_the_second_base_tile_needs_four_completed_rows():  # TREE-G16, G31
    s = prepared((), (), cubes=cubes_on((0, (1, 2, 3, 4))), markers=(1,) * 4 + (None,))
    s = act(s, "end")
    assert s.base == (0, 0)  # both in one turn: two rows apart, then four rows
    s = prepared((), (), cubes=cubes_on((0, (2, 4))), base=(1, None))
    s = act(s, "end")
    assert s.base == (1, 0)  # the leftmost free tile
    s = prepared((), (), cubes=cubes_on((0, (1, 2, 3))), base=(0, None))
    assert act(s, "end").base == (0, None)  # three rows are not enough for the second
    s = prepared((), (), cubes=cubes_on((0, (1, 2))))
    assert act(s, "end").base == (None, None)  # neighbouring rows are not apart


# --------------------------------------------------------------------- scoring


def test_the_scoring_table():  # rules §5.6, TREE-G18
    s = over(
        cubes=cubes_on((0, (1, 2, 4)), (1, (1, 3))),
        markers=(0, 0, 1, None, None),
        star=0,
        base=(0, 1),
        claimed=((4, 5), (6,)),
        decoration=(3, 0),
        finishing=(2, 7),
    )
    # seat 0: Star 6, left Base 4, marked rows 1 and 2 (2 + 3), row 4 unmarked (5 // 2),
    # boxes 4 + 5, three decoration cubes left; finishing cubes cost nothing
    # seat 1: right Base 3, marked row 3 (4), row 1 completed but marked by seat 0 (2 // 2), box 6
    assert scores_of(s) == [6 + 4 + 2 + 3 + 2 + 9 - 3, 3 + 4 + 1 + 6]
    result = GAME.result(s)
    assert result is not None and list(result.scores) == [23, 14] and result.winners == (0,)


def test_an_unmarked_row_is_worth_half_rounded_down():  # rules §5.6
    for r, points in zip(range(1, 6), (1, 1, 2, 2, 3), strict=True):
        s = over(cubes=cubes_on((1, (r,))), markers=(0,) * 5, decoration=(0, 0))
        assert scores_of(s)[1] == points


def test_equal_scores_and_markers_share_the_win():  # TREE-G19
    s = over(
        cubes=cubes_on((0, (1,)), (1, (2,))),
        markers=(0, 1, None, None, None),
        claimed=((1,), ()),
        decoration=(0, 0),
    )
    assert scores_of(s) == [3, 3]
    result = GAME.result(s)
    assert result is not None and result.winners == (0, 1)


def test_the_cubes_are_one_pick_of_n_tiles():  # issue 20: a placement's cubes in one menu
    s = act(prepared(("RG",), ("RD", "BA")), "play:RG:R", "place", "seg:1")
    decision = GAME.decision(s, 0)
    assert decision is not None and decision.pick is not None
    pick = decision.pick
    assert pick.prefix == "put:" and pick.count == 2
    assert [(i.id, i.label) for i in pick.items] == [
        ("1", "Tile 2.1 (Drop)"),
        ("2", "Tile 2.2 (Arrow)"),
        ("3", "Tile 2.3 (Gear)"),
    ]
    assert pick.action_id(["3", "1"]) == "put:13" and "put:13" in ids(s)
    assert pick.action_id(["1"]) is None and pick.action_id(["1", "1"]) is None
    assert pick.action_id(["1", "9"]) is None
