"""The words of a 💡 Hint (engine.hints): one test per wording, at any budget.

A hint's reason quotes the search's numbers only when they back its move; with a tiny budget
(a deadline hit after a playout or two) it says in words what steady play suggests, without
numbers. The words come from the search's counts and the seat's own move labels only.
"""

from __future__ import annotations

import random
import re
from itertools import islice

from engine import GAMES, Game, bot_move
from engine.hints import FEW, explain, hint
from engine.protocol import Action, Objective
from engine.search import Budget, MoveStats, Searched, candidates, search
from engine.words import plural
from tests.engine.steps import proposals
from tests.engine.test_search_hidden import positions

PLAYOUTS = 12


def found(objective: Objective, *moves: tuple[str, int, float, float], done: int = 0) -> Searched:
    """A search's answer: (label, visits, wins, margin) per move, the chosen one first."""
    stats = tuple(MoveStats(Action(label.lower(), label), *rest) for label, *rest in moves)
    playouts = done or sum(m.visits for m in stats)
    return Searched(0, objective, stats[0].action.id, stats, playouts, False)


GAME: Game = GAMES["ghosts"]  # a game that words its hints generically, in points


def test_one_sensible_move() -> None:
    only = Searched(0, "win", "a", (MoveStats(Action("a", "A"), 0, 0.0, 0.0),), 0, True)
    assert explain(GAME, only) == "**A**: it is the one sensible move here."


def test_where_a_games_plans_agree_the_hint_says_so() -> None:
    """Fever's `hard` weighs two plans; where both make the same move among several, it
    plays it unsearched, and the hint says why instead of calling it the one sensible move."""
    game = GAMES["fever"]
    state = game.new(4, {}, 5)
    while to_act := game.to_act(state):
        seat = min(to_act)
        if len(candidates(game, state, seat)) > 1 and len(proposals(game, state, seat)) == 1:
            break
        state, _ = game.apply(state, seat, bot_move(game, state, seat, "normal"))
    given = hint(game, state, seat, random.Random(1), Budget(PLAYOUTS))
    assert given.action == proposals(game, state, seat).pop()
    assert given.why == (
        f"**{given.label}**: every way of playing I weigh here (gathering Gifts to bring on the"
        " Race early, or playing steadily and decorating the tree when it pays) makes this"
        " move, so there was nothing to imagine."
    )


def test_where_a_games_plans_differ_the_hint_names_the_plan_after_each_move() -> None:
    """The numbers of a Fever hint come from games where the family followed one plan after
    each move: the hint names them, the plan that proposed the move first."""
    game = GAMES["fever"]
    named = 0
    for state, seat in islice(positions(game), 6):
        found = search(game, state, seat, random.Random(2), Budget(40))
        given = hint(game, state, seat, random.Random(2), Budget(40))
        best, runner = found.moves[0], found.moves[1]
        assert best.plan is not None and runner.plan is not None
        mine, other = game.plan_names[best.plan], game.plan_names[runner.plan]
        assert given.why.startswith(f"**{best.action.label}**: you won ")
        if f"after **{runner.action.label}**" in given.why:
            assert given.why.endswith(
                f" In those games you went on {mine}; after **{runner.action.label}**, {other}."
            )
            named += 1
        else:
            assert given.why.endswith(f" In those games you went on {mine}.")
        assert len(given.why) < 400
    assert named


def test_no_time_at_all_says_so_without_numbers() -> None:
    words = explain(GAME, found("win", ("A", 0, 0, 0), ("B", 0, 0, 0)))
    assert words == (
        "**A**: it is what steady play suggests here; I had no time to imagine how the game"
        " might go on."
    )


def test_a_game_or_two_gives_no_numbers() -> None:
    """The 1-of-1 record of a tiny budget is not quoted; the count is, in plain words."""
    one = explain(GAME, found("win", ("A", 1, 1, 3), ("B", 0, 0, 0)))
    assert one == (
        "**A**: it is what steady play suggests here; I had time to imagine only 1 game, too"
        " few to weigh the moves against each other."
    )
    three = explain(GAME, found("score", ("A", 2, 0, -4), ("B", 1, 1, 2)))
    assert "only 3 games, too few" in three and "point" not in three


def test_a_move_tried_once_means_the_numbers_do_not_decide() -> None:
    """The search keeps `normal`'s move until every move was tried twice: then the numbers
    may favour another move, so they are not quoted."""
    words = explain(GAME, found("win", ("A", 5, 0, -9), ("B", 5, 4, 6), ("C", 1, 0, 0)))
    assert "steady play" in words and "only 11 games" in words and " of " not in words


def test_wins_of_the_best_and_the_runner_up() -> None:
    words = explain(GAME, found("win", ("A", 10, 8, 20), ("B", 6, 2.5, -3)))
    assert words == "**A**: you won 8 of the 10 games I imagined after it; after **B**, 2.5 of 6."


def test_shared_wins_out_of_many_games_are_rounded() -> None:
    words = explain(GAME, found("win", ("A", 288, 68.3, 20), ("B", 289, 39.5, -3)))
    assert words == (
        "**A**: you won about 68 of the 288 games I imagined after it; after **B**, about 40"
        " of 289."
    )


def test_a_runner_up_tried_too_little_is_not_quoted() -> None:
    words = explain(GAME, found("win", ("A", 10, 8, 20), ("B", FEW - 1, 0, -3)))
    assert words == "**A**: you won 8 of the 10 games I imagined after it."


def test_a_luckier_runner_up_in_fewer_games_is_not_quoted() -> None:
    """UCB tries the move that looks best most: a runner-up that did better in fewer tries
    would read as a contradiction."""
    words = explain(GAME, found("win", ("A", 20, 10, 0), ("B", 4, 3, 0)))
    assert words == "**A**: you won 10 of the 20 games I imagined after it."


def test_score_margins_of_the_best_and_the_runner_up() -> None:
    words = explain(GAME, found("score", ("A", 10, 4, 31), ("B", 8, 2, -16)))
    assert words == (
        "**A**: in the 10 games I imagined after it, you finished 3 points ahead of the best"
        " other player on average; after **B**, 2 points behind."
    )
    level = explain(GAME, found("score", ("A", 4, 1, 1), ("B", 4, 1, -1)))
    assert "level with the best other player on average; after **B**, about the same." in level
    runner_level = explain(GAME, found("score", ("A", 4, 1, 9), ("B", 4, 1, 1)))
    assert "2 points ahead of the best other player on average; after **B**, level." in (
        runner_level
    )
    alike = explain(GAME, found("score", ("A", 4, 1, 5), ("B", 4, 1, 3)))
    assert alike.endswith(
        "1 point ahead of the best other player on average; after **B**, about the same."
    )
    behind = explain(GAME, found("score", ("A", 4, 1, -4), ("B", 4, 0, -12)))
    assert "1 point behind the best other player" in behind and "3 points behind." in behind


def test_a_tiny_budget_skips_the_games_own_words() -> None:
    """Tree words its hints itself, with numbers: not at one playout."""
    game = GAMES["tree"]
    state, seat = next(positions(game))
    given = hint(game, state, seat, random.Random(1), Budget(1))
    assert "steady play" in given.why and "only 1 game," in given.why


def test_hint_words_use_only_what_the_seat_sees() -> None:
    """A hint names the move to make and the runner-up by their labels, from the seat's own
    legal moves, with the search's counts: nothing else."""
    for key in sorted(GAMES):
        game = GAMES[key]
        state, seat = next(positions(game))
        searched = search(game, state, seat, random.Random(4), Budget(PLAYOUTS))
        given = hint(game, state, seat, random.Random(4), Budget(PLAYOUTS))
        assert given.action == searched.choice
        labels = {a.label for a in game.legal(state, seat)}
        assert given.label in labels
        named = re.findall(r"\*\*(.+?)\*\*", given.why)
        assert named and named[0] == given.label
        assert set(named) <= labels
        best = searched.moves[0]
        assert f"the {plural(best.visits, 'game')} I imagined" in given.why or (
            f"only {plural(searched.playouts, 'game')}," in given.why
        )
        assert len(given.why) < 400
