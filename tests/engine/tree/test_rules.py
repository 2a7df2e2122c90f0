"""My First Christmas Tree, rule by rule, on a constructed tree (the seed's coordinates
contradict each other, TREE-G06). Ruling ids are in docs/games/tree.md."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import ActionError, ErrorCode
from engine.tree import cards as C
from engine.tree.game import GAME, box_outcomes, scores_of
from engine.tree.state import CODEC, TreeState

#  row 1:      H T
#  row 2:     D A G
#  row 3:    B G D A
#  row 4:   T H B G D
#  row 5:  A T H B T G
TREE = "HTDAGBGDATHBGDATHBTG"
POOL = ["RH", "GT", "BB", "YH"]


def new(deck: list[str] | None = None, first: int = 0, **opts: str) -> TreeState:
    rig: dict[str, Any] = {"tree": TREE, "first": first, "deck": deck or POOL}
    return GAME.new(2, opts, 5, rig=rig)


def edit(s: TreeState, **fields: Any) -> TreeState:
    t = CODEC.thaw(s)
    for k, v in fields.items():
        setattr(t, k, v)
    return CODEC.freeze(t)


def ids(s: TreeState, seat: int | None = None) -> list[str]:
    return [a.id for a in GAME.legal(s, s.turn if seat is None else seat)]


def act(s: TreeState, *moves: str) -> TreeState:
    for m in moves:
        s, _ = GAME.apply(s, s.turn, m)
    return s


def all_cards(s: TreeState) -> list[str]:
    return sorted(
        (
            *s.deck,
            *s.pool,
            *s.discard,
            *(c for h in s.hands for c in h),
            *(c for r in s.rows for c in r),
        )
    )


# --------------------------------------------------------------------- components and setup


def test_components():  # TREE-G02–G05, G26
    assert len(C.deck_cards()) == 24 and len(set(C.deck_cards(6))) == 36
    assert len(C.ALL_TILES) == 20 and len(set(C.GLYPHS.values())) == 6
    assert C.OWN_BOX == (4, 5, 6) and sum(C.NEUTRAL_BOX.values()) == 6
    for seed in range(30):
        C.check_tree(C.deal_tree(random.Random(seed)))


def test_lines_are_straight():  # TREE-G06: rows, "\" and "/" only
    assert ((3, 2), (4, 3), (5, 4)) in C.segments(3)  # the seed's one consistent diagonal
    assert ((1, 1), (2, 1), (3, 1)) in C.segments(3)
    assert ((1, 1), (2, 3), (3, 3)) not in C.segments(3)  # the seed's zig-zag
    assert len(C.segments(6)) == 1  # only row 5 is six tiles long


def test_setup_deals_pool_then_first_then_second():  # rules §5.4
    s = new([*POOL, "RD", "RA", "RG"], first=1)
    assert s.pool == tuple(POOL) and s.turn == 1
    assert s.hands[1] == ("RD",) and s.hands[0] == ("RA", "RG")
    assert s.turns == (0, 1) and s.own_box == ((4, 5, 6), (4, 5, 6))
    assert s.decoration == (20, 20) and s.finishing == (12, 12)
    assert len(all_cards(s)) == 24 and len(all_cards(new(colors="6"))) == 36
    assert GAME.view(s, None)["headline"] == "{p1}'s turn 1 of 40"
    assert new(length="20").turn_limit == 20


def test_bad_rig():
    with pytest.raises(ActionError) as e:
        GAME.new(2, {}, 1, rig={"tree": "G" * 20})
    assert e.value.code == ErrorCode.BAD_OPTIONS


# --------------------------------------------------------------------- collect


def test_take_refills_the_pool_from_the_deck():  # TREE-G08, G33
    s = new([*POOL, "RD", "RA", "RG", "BD"])
    assert ids(s) == ["take:RH", "take:GT", "take:BB", "take:YH", "wipe"]
    s = act(s, "take:BB")
    assert s.pool == ("RH", "GT", "YH", "BD") and s.hands[0] == ("RD", "BB")
    assert s.phase == "prepare" and "more:YH" in ids(s)


def test_commit_wipe_then_take():  # C1 before the first take
    s = act(new([*POOL, "RD", "RA", "RG", "BD", "BA", "BG", "BT"]), "wipe")
    assert s.commit == "wipe" and s.discard == tuple(POOL)
    assert s.pool == ("BD", "BA", "BG", "BT") and "wipe" not in ids(s)
    s = act(s, "take:BA")
    assert not any(i.startswith("more:") for i in ids(s))  # one commit a turn (TREE-G24)


def test_commit_take_two():  # C2 right after the first take (TREE-G34), in one press
    s = act(new([*POOL, "RD", "RA", "RG", "BD", "BA"]), "take:RH")
    more = [a for a in GAME.legal(s, 0) if a.id.startswith("more:")]
    assert [a.id for a in more] == ["more:GT", "more:BB", "more:YH", "more:BD"]
    assert more[-1].label == "Commit: also take Blue Drop"
    s = act(s, "more:BD")
    assert s.commit == "take2" and s.phase == "prepare" and s.taken == 2
    assert s.hands[0] == ("RD", "RH", "BD") and s.pool == ("GT", "BB", "YH", "BA")
    assert not any(i.startswith("more:") for i in ids(s))


def test_reshuffle_when_the_deck_is_empty():  # TREE-G20, G33
    s = new([*POOL, "RD", "RA", "RG"])
    s = edit(s, deck=(), discard=("BD",))
    s = act(s, "take:RH")
    assert s.pool == ("GT", "BB", "YH", "BD") and s.reshuffles == 1
    s = edit(s, deck=(), discard=(), pool=("GT",), phase="collect", taken=0, commit=None)
    s = act(s, "take:GT")
    assert s.pool == ()  # nothing left to draw: the pool shrinks


# --------------------------------------------------------------------- prepare


def prepared(hand: tuple[str, ...], row: tuple[str, ...] = (), **more: Any) -> TreeState:
    s = act(new([*POOL, "RD", "RA", "RG"]), "take:RH")
    return edit(s, hands=(hand, ("RA", "RG")), rows=(row, ()), **more)


def test_a_short_row_has_no_ends():  # TREE-D01
    s = prepared(("RD", "RA"))
    assert ids(s) == ["play:RA", "play:RD", "more:GT", "more:BB", "more:YH", "more:GB", "end"]
    s = act(s, "play:RD")
    assert ids(s) == ["play:RA", "end"]  # a row of one: either end reads the same
    s = prepared(("RG",), ("RD", "RA"))
    assert ids(s)[:2] == ["play:RG:L", "play:RG:R"]


def test_a_big_hand_chooses_the_symbol_first():  # ≤ 25 choices (TREE-G21: no hand limit)
    hand = tuple(c for c in C.deck_cards(6) if c[1] != "A")[:13]  # 26 plays: too many
    s = prepared(hand, ("RD", "RA"), colours=6)
    assert ids(s)[:5] == ["sym:G", "sym:D", "sym:H", "sym:T", "sym:B"]
    assert ids(s)[5:] == ["more:GT", "more:BB", "more:YH", "more:GB", "end"]
    s = act(s, "sym:G")
    assert ids(s) == [f"play:{c}G:{e}" for c in "BGR" for e in "LR"] + ["back"]
    assert act(s, "back").pending is None
    s = act(s, "play:BG:R")
    assert s.rows[0] == ("RD", "RA", "BG") and s.pending is None


def test_matching_reads_both_ways_and_warns_before_a_wipe():  # TREE-G07, G10
    s = prepared(("RG", "BT"), ("RD", "RA"))
    labels = {a.id: a.label for a in GAME.legal(s, 0)}
    assert "⚠" not in labels["play:RG:R"] and "⚠" not in labels["play:RG:L"]
    assert labels["play:BT:R"].endswith("⚠ wipes your row")
    assert GAME.view(s, 0)["hand_marks"] == {"RG": "extends", "BT": "wipes"}
    s = act(s, "play:BT:R")  # TREE-G10: allowed on purpose
    assert s.rows[0] == ("BT",) and s.discard[-2:] == ("RD", "RA")


def test_two_cards_a_turn_then_the_commit_for_a_third():  # TREE-G09, G34
    s = prepared(("RD", "RA", "RG", "BT"))
    s = act(s, "play:RD", "play:RA")
    third = GAME.legal(s, 0)
    assert any("commit: one more card" in a.label for a in third)
    s = act(s, "play:RG:R")
    assert s.commit == "extra" and s.rows[0] == ("RD", "RA", "RG")
    assert ids(s) == ["place", "end"]  # no fourth card


def test_a_full_row_goes_straight_to_placing():  # TREE-G35, G30
    s = prepared(("RA", "BD"), ("RT", "BH", "GB"))
    s = act(s, "play:RA:L")  # A T H B: row 5, at the maximum 4
    assert s.phase == "cubes" and s.segment == ((5, 1), (5, 2), (5, 3), (5, 4))
    assert len(ids(s)) == 6  # two reds: two of four tiles, C(4, 2); no segment to go back to


# --------------------------------------------------------------------- place and boxes


def test_place_n_cubes_on_the_chosen_segment():  # TREE-G12
    s = prepared(("RG",), ("RD", "BA"))
    s = act(s, "play:RG:R", "place")
    assert ids(s) == ["seg:1", "seg:2"]  # row 2, and the "\" diagonal 2.3 3.4 4.5
    s = act(s, "seg:1")
    # RD BA RG: two red cards, so two cubes on three free tiles
    assert ids(s) == ["put:12", "put:13", "put:23", "back"]
    s = act(s, "put:13")
    assert s.cubes[C.INDEX[(2, 1)]] == (0,) and s.cubes[C.INDEX[(2, 3)]] == (0,)
    assert s.cubes[C.INDEX[(2, 2)]] == () and s.decoration[0] == 18
    assert s.rows[0] == () and s.turn == 1  # no box to win: the turn ended


def test_cubes_are_not_asked_when_all_fit():  # TREE-G12, G28, G29
    s = prepared(("RG",), ("RD", "RA"))
    cubes = list(s.cubes)
    cubes[C.INDEX[(2, 2)]] = (0, 1)  # own cube already there; the opponent's is ignored
    cubes[C.INDEX[(2, 1)]] = (1,)
    s = edit(s, cubes=tuple(cubes))
    s = act(s, "play:RG:R", "place", "seg:1")  # three reds, two free tiles: no question
    assert s.cubes[C.INDEX[(2, 1)]] == (0, 1) and s.cubes[C.INDEX[(2, 3)]] == (0,)
    assert s.decoration[0] == 18


def test_own_box_raises_the_maximum():  # TREE-G13 2A
    s = prepared(("RH",), ("RG", "RD", "RA"))  # H? row 3 B G D A: RG RD RA then H is not there
    s = edit(s, rows=(("RB", "RG", "RD"), ()), hands=(("RA",), ("RA", "RG")))
    s = act(s, "play:RA:R")  # B G D A = row 3, four reds at maximum 4: placed at once
    assert s.claimed[0] == (4,) and s.own_box[0] == (5, 6)
    assert GAME.view(s, None)["max_len"][0] == 5


def test_box_outcomes_with_two_colours():  # TREE-G13, C4, TREE-D03
    s = prepared((), ("RB", "RG", "RD", "BA"), phase="box", own_box=((5, 6), (4, 5, 6)))
    assert box_outcomes(s, 0) == {"4": ("B", "R")}  # 3 red + 1 blue = 4: a neutral 4, with C4
    s = edit(s, commit="wipe")
    assert box_outcomes(s, 0) == {}


# --------------------------------------------------------------------- end of turn and end


def test_marker_star_and_base():  # TREE-G15, G16, G31
    cubes = [()] * 20
    for r in (1, 3):
        for x in C.row_tiles(r):
            cubes[C.INDEX[x]] = (0,)
    for r in (2, 4, 5):
        cubes[C.INDEX[(r, 1)]] = (0,)
    s = prepared((), ())
    s = edit(s, cubes=tuple(cubes))
    s = act(s, "end")
    assert s.markers == (0, None, 0, None, None) and s.star == 0 and s.base == (0, None)
    assert s.finishing[0] == 10 and s.decoration[0] == 18
    assert scores_of(s)[0] == 2 + 4 + 6 + 4 - 18


def test_trigger_on_the_first_players_turn_gives_player_two_a_last_turn():  # TREE-G17
    cubes = [(0,)] * 20
    s = prepared((), ())
    s = edit(s, cubes=tuple(cubes), markers=(1, 1, 1, 1, None))
    s = act(s, "end")
    assert s.ending and s.phase != "over" and s.turn == 1
    s = act(s, "take:" + s.pool[0], "end")
    assert s.phase == "over" and s.ended_by == "trigger"


def test_turn_limit_after_player_twos_last_turn():  # TREE-G39
    s = new(length="20")
    s = edit(s, turns=(20, 19))
    s = act(s, "take:RH", "end")
    assert s.turn == 1 and s.turns == (20, 20)
    s = act(s, "take:" + s.pool[0], "end")
    assert s.phase == "over" and s.ended_by == "limit"


def test_ties_go_to_markers_then_are_shared():  # TREE-G19
    s = edit(new(), phase="over", decoration=(0, 0))
    assert GAME.result(s).winners == (0, 1)  # type: ignore[union-attr]
    cubes = [()] * 20
    cubes[C.INDEX[(1, 1)]] = cubes[C.INDEX[(1, 2)]] = (0,)
    for x in C.row_tiles(2):
        cubes[C.INDEX[x]] = (1,)
    s = edit(s, cubes=tuple(cubes), markers=(0, None, None, None, None), claimed=((), (1,)))
    assert scores_of(s) == [2, 2]  # row 1 marked (2) against row 2 unmarked (1) + a box 1
    assert GAME.result(s).winners == (0,)  # type: ignore[union-attr]


def test_random_games_keep_every_card_and_fit_discord():
    for seed in range(40):
        s = GAME.new(2, {"colors": "6"} if seed % 2 else {}, seed)
        rng = random.Random(seed)
        total = len(all_cards(s))
        while s.phase != "over":
            acts = GAME.legal(s, s.turn)
            assert 1 <= len(acts) <= 25
            s = act(s, rng.choice([a for a in acts if not a.back]).id)
            assert len(all_cards(s)) == total
            assert GAME.load(GAME.dump(s)) == s


def test_determinize_keeps_what_was_seen():  # protocol: Determinisation
    s = act(new([*POOL, "RD", "RA", "RG"]), "take:RH")  # seat 0 holds RD (dealt) and RH (taken)
    assert s.dealt == (("RD",), ("RA", "RG"))
    for k in range(10):
        rng = random.Random(k)
        for seat in (0, 1, None):
            d = GAME.determinize(s, seat, rng)
            assert GAME.view(d, seat) == GAME.view(s, seat)
            assert "RH" in d.hands[0] and sorted(all_cards(d)) == sorted(all_cards(s))
            if seat == 0:
                assert d.hands[0] == s.hands[0]
            assert d.pool == s.pool and d.rig is None
    moved = {GAME.determinize(s, 0, random.Random(k)).hands[1] for k in range(10)}
    assert len(moved) > 1
