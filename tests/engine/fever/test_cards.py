"""Every Naughty-or-Nice card (HF-G07, §2.4.3) with the clarifications HF-G51, G57, G61–G63,
G68, G69, G71, and the Anytime pauses (HF-D07)."""

from __future__ import annotations

from engine.fever.game import GAME
from engine.fever.state import FeverState
from engine.fever.talk import TOPICS, spec
from engine.protocol import Kind
from tests.engine.fever.helpers import (
    act,
    acts,
    give,
    hand,
    ids,
    land,
    money,
    per_seat,
    rig_dice,
    stage,
    start,
    top_card,
)


def draw(s: FeverState, card: str, space: int = 1) -> FeverState:
    """The family whose turn it is lands on Naughty-or-Nice and draws `card`."""
    return land(top_card(s, card), space)


def test_n01_holiday_bonus() -> None:
    # HF-G07 (N01): collect $200.
    s = draw(start(), "N01")
    assert money(s, 0)[0] == [200]


def test_n02_secret_santa_writes_one_debt_per_payer() -> None:
    # HF-G51: each payer writes its own $50; the collector one deposit for the lot.
    s = draw(start(3), "N02")
    assert money(s, 0)[0] == [100] and money(s, 1)[1] == [50] and money(s, 2)[1] == [50]


def test_n03_n04_n18_speeches_and_n05_carol() -> None:
    # HF-G07, HF-G19: any speech (or carol line) earns the star; skipping forfeits it.
    for card in ("N03", "N04", "N05", "N18"):
        s = draw(start(), card)
        d = GAME.decision(s, 0)
        assert d is not None and d.kind == Kind.TEXT and d.text is not None
        assert d.text.action == "speech" and len(d.text.label) <= 45
        label = "🎤 Sing (+1 ★)" if card == "N05" else "🎤 Give speech (+1 ★)"
        assert [a.label for a in d.actions] == [label, "Skip"]
        assert act(s, 0, "speech").stars[0] == 1
        assert act(s, 0, "skip").stars[0] == 0


def test_every_speech_form_is_labelled_with_its_whole_topic() -> None:
    # The form's label (Discord: 1-45 characters) names the topic, never a cut-off one.
    for topic in range(len(TOPICS)):
        label = spec(topic, "speech").label
        assert label == TOPICS[topic] and 1 <= len(label) <= 45


def test_n06_found_a_bargain() -> None:
    # A Value for the only Gift without the Stocking (placed at once: one choice).
    s = draw(start(), "N06")
    assert s.values[0] == ((100, 200),)
    # HF-G63: with no Gift but a stockinged one, a Gift and a Value instead.
    s = per_seat(start(), "stocking", 0, "puppy")
    s = draw(s, "N06")
    assert s.gifts[0] == ("puppy", "bathrobe") and s.values[0][1] == (200,)


def test_n07_extra_decorations() -> None:
    # HF-G23: the family's choice, but never a fourth.
    s = draw(start(), "N07")
    assert set(ids(s, 0)) == {"light", "ornament"}
    assert act(s, 0, "ornament").ornaments[0] == 1
    s = draw(per_seat(start(), "lights", 0, 3), "N07")
    assert s.ornaments[0] == 1 and s.turn == 1
    s = per_seat(per_seat(start(), "lights", 0, 3), "ornaments", 0, 3)
    s = draw(s, "N07")
    assert (s.lights[0], s.ornaments[0]) == (3, 3)


def test_n08_regift() -> None:
    # HF-G71: nothing without a placed Stocking; else it may move to another Gift.
    s = draw(give(start(), 0, ("cookbook", (50,))), "N08")
    assert s.turn == 1
    s = per_seat(give(start(), 0, ("cookbook", (50,))), "stocking", 0, "puppy")
    s = draw(s, "N08")
    assert ids(s, 0) == ["stay", "stocking:2"]
    assert act(s, 0, "stocking:2").stocking[0] == "cookbook"


def test_n09_lucky_day_has_no_doubles_deal() -> None:
    # HF-G10: the Doubles Deal is for movement rolls only.
    s = top_card(start(), "N09")
    s = per_seat(s, "track", 0, 39)
    s = act(rig_dice(s, 1, 1, 3, 3), 0, "roll")  # 2 to space 1; then Lucky Day rolls 3+3
    assert money(s, 0)[0] == [20, 120]  # the movement doubles paid $20, Lucky Day only $120
    assert GAME.view(s, None)["dice_for"] == "lucky"


def test_n10_naughty_list_one_entry_per_coal() -> None:
    # You first, then clockwise; each Coal its own $250 entry; the count is shown.
    # HF-G07 (N10): you first, then clockwise; each Coal its own $250 entry.
    s = give(start(3), 1, ("coal-1", (50,)), ("coal-2", (50,)))
    s = per_seat(give(s, 0, ("cookbook", (50,))), "track", 0, 38)
    s = rig_dice(s, 1, 2)
    s, ev = acts(top_card(s, "N10"), 0, "roll")
    assert money(s, 1)[1] == [250, 250] and money(s, 0)[1] == []
    assert all(m >> 8 == 2 for m in s.gseen[1])  # counted for Bea: determinize keeps 2 Coal
    assert [(e.data["seat"], e.data["count"]) for e in ev if e.kind == "coal"] == [
        (0, 0),
        (1, 2),
        (2, 0),
    ]


def test_n11_n12_lose_a_decoration_if_any() -> None:
    # HF-G07 (N11, N12).
    s = draw(per_seat(start(), "lights", 0, 2), "N11")
    assert s.lights[0] == 1
    s = draw(start(), "N12")
    assert s.ornaments[0] == 0


def test_n13_overdrawn_pays_each_family_separately() -> None:
    # HF-G51: one $50 entry per family, from the payer's left.
    s = draw(start(4), "N13")
    assert [note for _, note in s.debts[0]] == [
        "Overdrawn · {p1}",
        "Overdrawn · {p2}",
        "Overdrawn · {p3}",
    ]
    assert all(money(s, p)[0] == [50] for p in (1, 2, 3))


def test_n14_gift_receipt() -> None:
    # HF-G57: your own Gift, not Coal, not stockinged, with 2+ Values; the Value chosen.
    s = give(start(), 0, ("coal-1", (100, 200)), ("cookbook", (50, 250)))
    s = draw(s, "N14")
    assert ids(s, 0) == ["receipt:3"]  # only the cookbook qualifies
    s = act(s, 0, "receipt:3")
    assert ids(s, 0) == ["back", "value:50", "value:250"]
    s = act(s, 0, "value:250")
    assert s.values[0][2] == (50,) and money(s, 0)[0] == [250] and 250 in s.gone_values
    s = draw(start(), "N14")  # no eligible Gift: nothing
    assert s.turn == 1 and money(s, 0) == ([], [])


def test_n15_late_fees() -> None:
    # HF-G07 (N15), HF-G49: paid to the bank.
    assert money(draw(start(), "N15"), 0)[1] == [150]


def test_n16_shopping_spree_goes_to_the_next_store() -> None:
    # HF-G63: Pawn and Books count; the search wraps past White Elephant.
    s = draw(start(), "N16", 26)
    assert s.track[0] == 29 and stage(s) == "pawn"
    s = draw(start(), "N16", 39)
    assert s.track[0] == 3 and stage(s) == "store"


def test_n17_ugly_sweater_always_pays() -> None:
    # HF-G61: the $50 in any case; the star only with the speech.
    s = draw(start(), "N17")
    s = act(s, 0, "skip")
    assert money(s, 0)[1] == [50] and s.stars[0] == 0


def test_a01_snow_day_keeps_one_roll() -> None:
    # HF-G68: two movement rolls; Doubles Deal only for the kept one.
    s = hand(start(), 0, "A01")
    assert "play:A01" in ids(s, 0)
    s = act(rig_dice(s, 2, 2, 1, 2), 0, "play:A01", "roll")
    assert GAME.view(s, None)["snow_rolls"] == [[2, 2], [1, 2]]
    s = act(s, 0, "keep:2")
    assert s.track[0] == 3 and money(s, 0)[0] == []


def test_a03_sneaky_elf_moves_a_random_value() -> None:
    # A source needs 2+ Values and no Stocking; HF-G69: Mistletoe before the draw.
    s = give(start(), 1, ("cookbook", (50, 250)))
    s = hand(s, 0, "A03")
    s = act(s, 0, "play:A03", "from:1")
    assert ids(s, 0) == ["back", "elf:2"]
    s = act(s, 0, "elf:2")
    assert GAME.decision(s, 1) is not None and GAME.decision(s, 1).kind == Kind.REACT  # type: ignore[union-attr]
    s = act(s, 1, "allow")  # the Elf's pick comes from the seed: one of the two Values
    assert len(s.values[1][1]) == 1 and len(s.values[0][0]) == 2
    stolen = s.values[0][0][1]
    assert {stolen, s.values[1][1][0]} == {50, 250}
    assert GAME.view(s, 1)["families"][0]["gifts"][0]["values_seen"] == [None, stolen]


def test_a03_sneaky_elf_stopped_by_mistletoe() -> None:
    # HF-G62: Mistletoe cancels a Sneaky Elf too.
    s = give(start(), 1, ("cookbook", (50, 250)))
    s = hand(hand(s, 0, "A03"), 1, "A02")
    s = act(s, 0, "play:A03", "from:1", "elf:2")
    s = act(s, 1, "mistletoe")
    assert s.values[1][1] == (50, 250) and s.values[0][0] == (100,)


def test_a04_yard_sale() -> None:
    s = hand(give(start(), 0, ("coal-1", (200, 100))), 0, "A04")
    s = act(s, 0, "play:A04", "sell:2")
    assert money(s, 0)[0] == [300]  # HF-G18: a Coal fetches its Values
    s = hand(start(), 0, "A04")
    s = act(s, 0, "play:A04", "sell:1")
    assert money(s, 0)[0] == [150]


def test_a05_christmas_miracle_strikes_the_latest_debt() -> None:
    s = hand(start(), 0, "A05")
    assert "play:A05" not in ids(s, 0)  # HF-D01: no debt yet
    s = act(land(s, 8), 0, "go")  # pays Bea $200; then the card, or the end of the turn
    assert stage(s) == "post" and "play:A05" in ids(s, 0)
    s = act(s, 0, "play:A05")
    assert money(s, 0)[1] == [] and money(s, 1)[0] == [200]


def test_a06_express_shipping_adds_two_spaces() -> None:
    # HF-G54: after the roll, part of the move.
    s = hand(start(), 0, "A06")
    s = act(rig_dice(s, 1, 2), 0, "roll")
    assert stage(s) == "express" and ids(s, 0) == ["go", "play:A06"]
    s = act(s, 0, "play:A06")
    assert s.track[0] == 5 and stage(s) == "store"


def test_a07_stocking_stuffer_moves_the_stocking() -> None:
    # HF-G15: A07 is one of the two ways to move the Stocking.
    s = per_seat(give(start(), 0, ("cookbook", (50,))), "stocking", 0, "puppy")
    s = hand(s, 0, "A07")
    s = act(s, 0, "play:A07")
    assert ids(s, 0) == ["stocking:2"]
    assert act(s, 0, "stocking:2").stocking[0] == "cookbook"


def test_holding_any_anytime_card_pauses_the_same_way() -> None:
    # HF-D07: Mistletoe alone still gets the after-roll and after-space pauses, with only
    # the plain choice, so the pause shows nothing about the card.
    s = hand(start(), 0, "A02")
    s = act(rig_dice(s, 1, 2), 0, "roll")
    assert stage(s) == "express" and ids(s, 0) == ["go"]
    s = act(s, 0, "go", "leave")
    assert stage(s) == "post" and ids(s, 0) == ["end"]
    s = act(s, 0, "end")
    assert s.turn == 1
