"""Hints in Ghosts of Christmas' own terms: what the searched card did to its trick.

The search (`engine.search`) asks `tell` after each step of a playout whether the card it
began with won the trick of the era it went into; the hint quotes how often it did over the
games imagined, beside the usual margin. Where the card may go into an era only because the
seat holds none of that era's dial suit, the hint says so: the seat's own hand is what allows
it, nothing hidden from it.
"""

from __future__ import annotations

from typing import Any

from engine.ghosts import cards as C
from engine.ghosts.state import GhostsState
from engine.hints import FEW, margin_words
from engine.protocol import Game
from engine.search import MoveStats, Searched
from engine.words import plural


def card_of(move: str) -> str | None:
    """The card a card move plays (`card:H7` or `play:H7:past`); None for a bid."""
    verb, _, arg = move.partition(":")
    return arg.partition(":")[0] if verb in ("card", "play") else None


def tell(root: GhostsState, seat: int, move: str, s: GhostsState) -> bool | None:
    """Whether the card `move` plays won its trick, once its round is resolved (None before
    then, and for bids)."""
    if s.round_no == root.round_no and s.hand_no == root.hand_no and s.phase != "over":
        return None
    card = card_of(move)
    if card is None or s.last_played is None or s.last_tricks is None:
        return None
    for row, (_era, _leader, _suit, winner) in zip(s.last_played, s.last_tricks, strict=True):
        if row[seat] == card:
            return winner == seat
    return None


def hint_words(game: Game[Any, Any], s: GhostsState, seat: int, searched: Searched) -> str | None:
    """'**🕯️ Candles 11**: you hold no 🎵 Notes, so it may go into the Present. It won its
    trick in 8 of the 10 games I imagined after it, and you finished …; after …' — or None
    (the generic words) for a bid, or when too few playouts told how the trick went."""
    best = searched.moves[0]
    card = card_of(best.action.id)
    if card is None or best.told < FEW:
        return None
    eras = _free_eras(s, seat, card, best.action.id)
    free = ""
    if eras:
        suits = dict.fromkeys(s.dials[C.ERAS.index(e)] or "" for e in eras)
        held = " or ".join(f"{C.SUIT_EMOJI[d]} {C.SUIT_NAME[d]}" for d in suits)
        into = " or the ".join(C.ERA_NAME[e] for e in eras)
        free = f"you hold no {held}, so it may go into the {into}. "
    why = f"**{best.action.label}**: {free}{_trick(best, capital=bool(free))} I imagined after"
    why += f" it, and you finished {margin_words(game, best)} on average"
    runner = searched.moves[1] if len(searched.moves) > 1 else None
    if runner is None or runner.visits < FEW or runner.told < FEW:
        return why + "."
    after = margin_words(game, runner, short=True)
    if after == margin_words(game, best, short=True):
        after = "about the same"
    if runner.yes * best.told != best.yes * runner.told:  # the trick went otherwise
        after += f", and {_trick(runner)}"
    return f"{why}; after **{runner.action.label}**, {after}."


def _trick(move: MoveStats, capital: bool = False) -> str:
    """'it won its trick in 8 of the 10 games', '… in every one of the 10 games', 'it lost
    its trick in every one of …'."""
    games = plural(move.told, "game")
    if move.yes in (0, move.told):
        done = "won" if move.yes else "lost"
        words = f"it {done} its trick in every one of the {games}"
    else:
        words = f"it won its trick in {move.yes} of the {games}"
    return words[0].upper() + words[1:] if capital else words


def _free_eras(s: GhostsState, seat: int, card: str, move: str) -> list[str]:
    """The open eras `card` may go into only because the seat holds none of the dial's suit
    (for `play:` moves, the era it goes into, if so)."""
    hand = s.hands[seat]
    open_eras = [e for e in range(len(s.dials)) if s.played[e][seat] is None]
    if move.startswith("play:"):
        open_eras = [C.ERAS.index(move.rpartition(":")[2])]
    free = []
    for e in open_eras:
        dial = s.dials[e]
        if dial is not None and dial != card[0] and not any(c[0] == dial for c in hand):
            free.append(C.ERAS[e])
    return free
