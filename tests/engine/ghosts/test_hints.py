"""Ghosts of Christmas hints: how the searched card did in its trick, and why it may go where
it goes (engine/ghosts/hints.py)."""

from __future__ import annotations

import random

from engine.ghosts import GAME
from engine.ghosts import cards as C
from engine.hints import hint
from engine.protocol import Action
from engine.search import Budget, MoveStats, Searched, search
from tests.engine.ghosts.helpers import new_game, play

SUITED = [[f"{suit}{rank}" for rank in range(1, 13)] for suit in C.SUITS]


def test_tell_says_whether_the_card_won_its_trick_once_the_round_is_resolved() -> None:
    """Checked against the rules' own trick events, over the first round of a few deals."""
    for seed in range(6):
        state = GAME.new(4, {"variant": "tiny_tim"}, seed)
        seat = min(GAME.to_act(state))
        rng = random.Random(seed)
        move = rng.choice([a.id for a in GAME.legal(state, seat)])
        card = move.partition(":")[2]
        root, s = state, GAME.apply(state, seat, move)[0]
        assert GAME.tell(root, seat, move, s) is None
        tricks: list[dict] = []
        while s.round_no == root.round_no:
            assert GAME.tell(root, seat, move, s) is None
            mover = min(GAME.to_act(s))
            s, events = GAME.apply(s, mover, rng.choice([a.id for a in GAME.legal(s, mover)]))
            tricks += [e.data for e in events if e.kind == "trick"]
        assert len(tricks) == 3
        won = any(t["card"] == card and t["winner"] == seat for t in tricks)
        assert GAME.tell(root, seat, move, s) is won


def test_a_bid_tells_nothing() -> None:
    state = GAME.new(4, {}, 3)
    seat = min(GAME.to_act(state))
    after = GAME.apply(state, seat, "doors:2")[0]
    assert GAME.tell(state, seat, "doors:2", after) is None


def _dials_turned_to_notes_and_scales():  # type: ignore[no-untyped-def]
    """Seat 0 holds only Hearts; seats 2 and 3 have turned the Past to Notes and the
    Present to Scales, and it is seat 0's turn."""
    state = new_game(SUITED, marker=2, variant="tiny_tim")
    state, _ = play(state, 2, "N5", "past")
    state, _ = play(state, 3, "S5", "present")
    assert GAME.to_act(state) == {0}
    return state


def _found(*moves: MoveStats) -> Searched:
    return Searched(0, "score", moves[0].action.id, moves, sum(m.visits for m in moves), False)


def test_the_hint_quotes_the_trick_and_says_which_void_lets_the_card_go_there() -> None:
    state = _dials_turned_to_notes_and_scales()
    low = MoveStats(Action("card:H3", C.label("H3")), 10, 0.0, 20.0, 10, 8)
    high = MoveStats(Action("card:H12", C.label("H12")), 10, 0.0, 0.0, 10, 10)
    assert GAME.hint_words(state, 0, _found(low, high)) == (
        "**♥️ Hearts 3**: you hold no 🎵 Notes or ⚖️ Scales, so it may go into the Past or the"
        " Present. It won its trick in 8 of the 10 games I imagined after it, and you finished"
        " 2 points ahead of the best other player on average; after **♥️ Hearts 12**, level,"
        " and it won its trick in every one of the 10 games."
    )


def test_a_placed_card_names_only_its_own_era() -> None:
    state = GAME.apply(_dials_turned_to_notes_and_scales(), 0, "card:H3")[0]
    past = MoveStats(Action("play:H3:past", "Past"), 6, 0.0, -6.0, 6, 0)
    future = MoveStats(Action("play:H3:future", "Future"), 6, 0.0, -5.0, 6, 0)
    assert GAME.hint_words(state, 0, _found(past, future)) == (
        "**Past**: you hold no 🎵 Notes, so it may go into the Past. It lost its trick in every"
        " one of the 6 games I imagined after it, and you finished 1 point behind the best"
        " other player on average; after **Future**, about the same."
    )
    words = GAME.hint_words(state, 0, _found(future, past))
    assert words is not None and words.startswith(
        "**Future**: it lost its trick in every one of the 6 games"
    )


def test_too_few_told_games_and_bids_keep_the_generic_words() -> None:
    state = _dials_turned_to_notes_and_scales()
    thin = MoveStats(Action("card:H3", C.label("H3")), 10, 0.0, 20.0, 2, 2)
    assert GAME.hint_words(state, 0, _found(thin, thin)) is None
    bid = MoveStats(Action("doors:2", "2 doors"), 10, 0.0, 20.0)
    assert GAME.hint_words(state, 0, _found(bid, bid)) is None


def test_the_search_counts_each_card_move_s_trick_in_every_playout() -> None:
    state = GAME.new(4, {"variant": "tiny_tim"}, 5)
    seat = min(GAME.to_act(state))
    found = search(GAME, state, seat, random.Random(1), Budget(60))
    assert not found.instant
    for move in found.moves:
        assert move.told == move.visits and 0 <= move.yes <= move.told
    best = found.moves[0]
    count = "every one" if best.yes in (0, best.told) else str(best.yes)
    words = hint(GAME, state, seat, random.Random(1), Budget(60)).why
    assert f"its trick in {count} of the {best.told} games I imagined" in words


def test_a_bid_is_searched_without_tales() -> None:
    state = GAME.new(4, {}, 5)
    seat = min(GAME.to_act(state))
    found = search(GAME, state, seat, random.Random(1), Budget(24))
    assert all(m.told == 0 for m in found.moves)
    assert "trick" not in hint(GAME, state, seat, random.Random(1), Budget(24)).why
