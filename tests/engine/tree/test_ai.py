"""The `normal` computer player of My First Christmas Tree, on constructed positions (the tree
of test_rules.py) and in a small seeded match against `easy`."""

from __future__ import annotations

import random
from typing import Any

from engine import bot_move
from engine.tree import ai
from engine.tree import cards as C
from engine.tree.game import GAME
from engine.tree.state import CODEC, TreeState
from engine.tree.views import TreeView

#  row 1:      H T
#  row 2:     D A G
#  row 3:    B G D A
#  row 4:   T H B G D
#  row 5:  A T H B T G
TREE = "HTDAGBGDATHBGDATHBTG"
NORMAL = GAME.bots["normal"]


def start(pool: list[str], **fields: Any) -> TreeState:
    """Seat 0 to collect from `pool`, with `fields` set by hand (hands and rows empty unless
    given); every other card is in the deck, so the counts the player sees add up."""
    s = GAME.new(2, {}, 3, rig={"tree": TREE, "first": 0, "deck": pool})
    t = CODEC.thaw(s)
    t.hands = t.dealt = ((), ())
    for k, v in fields.items():
        setattr(t, k, v)
    used = {*t.pool, *(c for h in t.hands for c in h), *(c for r in t.rows for c in r)}
    t.deck = tuple(c for c in C.deck_cards(t.colours) if c not in used)
    return CODEC.freeze(t)


def cubes_on(*tiles: tuple[int, int]) -> tuple[tuple[int, ...], ...]:
    """Seat 0's cubes on `tiles`, nobody else's."""
    on = {C.INDEX[x] for x in tiles}
    return tuple((0,) if k in on else () for k in range(C.TILES))


def choose(s: TreeState, seed: int = 0) -> str:
    seat = s.turn
    return NORMAL.choose(GAME.view(s, seat), GAME.legal(s, seat), random.Random(seed))


def test_takes_the_card_that_extends_a_one_colour_row() -> None:
    # Red Bricks, Gear read B G: row 3 (and row 4) go on with a Drop; the red one keeps one
    # colour.
    s = start(["GT", "RD", "BT", "RT"], hands=((), ("YG", "YH")), rows=(("RB", "RG"), ()))
    assert choose(s) == "take:RD"
    while s.turn == 0:  # the rest of the turn: RD goes into the row, red cubes may follow
        s, _ = GAME.apply(s, 0, choose(s))
    assert "RD" in s.rows[0] or s.decoration[0] <= 17


def test_completes_a_tree_row_for_its_marker() -> None:
    # B G D is on row 3 (3.1–3.3) and on row 4 (4.3–4.5), where the player already has 4.1 and
    # 4.2: that one completes row 4 and wins its marker.
    s = start(
        ["GT", "YH", "BA", "YG"],
        cubes=cubes_on((4, 1), (4, 2)),
        hands=(("RD",), ()),
        rows=(("RB", "RG"), ()),
        phase="prepare",
        taken=1,
    )
    s, _ = GAME.apply(s, 0, "play:RD:R")
    s, _ = GAME.apply(s, 0, choose(s))  # place now: three reds, a row to finish
    segments = C.matching(TREE, s.rows[0])
    assert s.phase == "segment" and len(segments) >= 2
    pick = choose(s)
    assert segments[int(pick[4:]) - 1] == ((4, 3), (4, 4), (4, 5))
    s, _ = GAME.apply(s, 0, pick)
    assert s.markers[3] == 0


def test_places_in_its_last_turn() -> None:
    # Three cards of three colours place one cube; growing the row would pay later, but this is
    # the second player's 40th turn and every cube left in supply costs a point.
    fields: dict[str, Any] = {
        "hands": (("RT",), ()),
        "rows": ((), ("RB", "GG", "YD")),
        "phase": "prepare",
        "taken": 1,
        "commit": "take2",
        "turn": 1,
        "turns": (40, 40),
    }
    s = start(["GT", "YH", "BA", "YG"], **fields)
    assert "place" in {a.id for a in GAME.legal(s, 1)}
    assert choose(s) == "place"


def test_takes_its_own_box() -> None:
    # Maximum 5, a row of four reds and a yellow: the own 5 (and a longer row) beats a neutral 4.
    fields: dict[str, Any] = {
        "rows": (("RA", "RT", "RH", "RB", "YT"), ()),
        "own_box": ((5, 6), (4, 5, 6)),
        "claimed": ((4,), ()),
        "phase": "segment",
        "taken": 1,
        "played": 1,
        "turn": 0,
    }
    s = start(["GT", "YH", "BA", "YG"], **fields)
    while s.phase != "box":
        s, _ = GAME.apply(s, 0, choose(s))
    assert {a.id for a in GAME.legal(s, 0)} == {"box:own", "box:4"}
    assert choose(s) == "box:own"


def test_never_goes_back() -> None:
    hand = tuple(c for c in C.deck_cards(6) if c[1] != "A")[:13]
    s = start(["GT", "YH", "BA", "YG"], hands=(hand, ()), rows=(("KD", "KA"), ()), colours=6)
    s, _ = GAME.apply(s, 0, "take:GT")
    s, _ = GAME.apply(s, 0, "sym:G")  # a human picked the symbol, then the clock ran out
    pick = choose(s)
    assert pick.startswith("play:") and pick[6] == "G"


def test_is_deterministic_given_its_rng() -> None:
    s = start(["GT", "RD", "YH", "BA"])
    assert len({choose(s, 5) for _ in range(3)}) == 1


def test_beats_easy() -> None:
    # A small seeded match (bench.ai_strength measures 500 games: normal won all of them).
    wins = 0.0
    games = 8
    for seed in range(games):
        s = GAME.new(2, {}, seed)
        normal = seed % 2
        while to_act := GAME.to_act(s):
            seat = min(to_act)
            level = "normal" if seat == normal else "easy"
            s, _ = GAME.apply(s, seat, bot_move(GAME, s, seat, level))
        result = GAME.result(s)
        assert result is not None
        wins += (normal in result.winners) / len(result.winners)
    assert wins >= 0.75 * games


def test_kept_answers_are_the_answers_worked_out_afresh() -> None:
    """`values` keeps recent answers and shares tables between searches with the same inputs
    (engine.tree.ai): the answers are those of a search that starts from nothing, whatever was
    asked before."""
    normal = ai.TreeNormal()
    asked: list[tuple[TreeView, list[str]]] = []
    state = GAME.new(2, {}, 8)
    while (to_act := GAME.to_act(state)) and len(asked) < 120:
        seat = min(to_act)
        moves = [a.id for a in GAME.legal(state, seat) if not a.back]
        asked.append((GAME.view(state, seat), moves))
        state, _ = GAME.apply(state, seat, bot_move(GAME, state, seat, "normal"))
    warm = [normal.values(view, moves) for view, moves in asked]  # some asked twice now
    for (view, moves), kept in zip(asked, warm, strict=True):
        for tables in (ai._ASKED, ai._BOARDS, ai._REACHES):
            tables.clear()
        assert normal.values(view, moves) == kept
