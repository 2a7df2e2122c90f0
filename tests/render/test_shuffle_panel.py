"""Holiday Shuffle's text beside its pictures: the panel under them and the detail buttons.
The table's (public) text shows only what lies face up: never a card someone drew."""

from __future__ import annotations

import re

from engine import bot_move
from engine.shuffle import GAME
from engine.shuffle.cards import NAME, date_text, label
from render import detail, details, panel
from render.demo import states

NAMES = ["Ann", "Bea", "Cal", "Dot"]


def _play(until, seats: int = 4, seed: int = 1, rounds: str = "3"):
    """Computer moves from a new game until `until(state)` holds."""
    state = GAME.new(seats, {"rounds": rounds}, seed)
    while not until(state):
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, bot_move(GAME, state, seat, "normal"))
    return state


def test_the_panel_has_every_score_and_mat_count_and_marks_who_is_to_act():
    state = _play(lambda s: s.turns >= 6)
    view = GAME.view(state, None)
    said = panel(view, NAMES)
    for seat, name in enumerate(NAMES):
        points = view["scores"][seat]
        mark = "▶ " if seat in view["to_act"] else ""
        line = f"{mark}**{name}** — {points} point"
        assert line in said and f"{view['prefix'][seat]} in order" in said, said
    assert f"draw pile {view['draw_size']} cards" in said
    assert len(said) < 1000


def test_the_public_text_never_names_a_drawn_card_and_the_drawer_sees_it():
    state = _play(lambda s: s.drawn is not None)
    public = GAME.view(state, None)
    texts = [panel(public, NAMES)]
    texts += [detail(public, NAMES, d.key).text for d in details(public)]
    for said in texts:
        assert NAME[state.drawn] not in said, said
    mine = panel(GAME.view(state, state.turn), NAMES)
    assert f"You drew **{label(state.drawn)}**" in mine


def test_the_mats_detail_names_every_holiday_on_every_mat():
    state = _play(lambda s: s.turns >= 3)
    view = GAME.view(state, None)
    said = detail(view, NAMES, "mats").text
    for seat, mat in enumerate(view["mats"]):
        assert f"**{NAMES[seat]}**" in said
        for k, card in enumerate(mat):
            assert f"`{k + 1}` " + ("Wild" if card[0] == "W" else label(card)) in said


def test_the_last_round_detail_scores_every_mat_and_gives_the_wilds_their_dates():
    state = _play(lambda s: len(s.history) == 1)
    view = GAME.view(state, 1)
    assert "last" in {d.key for d in details(view)}
    said = detail(view, NAMES, "last").text
    assert said.startswith(f"**Round 1**: {NAMES[view['last_round']['winner']]}")
    for seat, row in enumerate(view["history"][0]):
        assert re.search(rf"\*\*{NAMES[seat]}\*\*( ★)? \+{row['points']} = ", said), said
        for _, day in row["wilds"]:
            assert f"Wild (= {date_text(day)})" in said, said
    assert "last" not in {d.key for d in details(GAME.view(GAME.new(2, {}, 1), None))}


def test_the_finished_table_names_the_winner_first():
    *_, (_, state) = states("shuffle", 3, 2)
    said = panel(GAME.view(state, None), NAMES[:2])
    assert said.startswith(("🏆 **Winner: ", "🏆 **Shared victory: ")), said
    assert "Round 3" in said
