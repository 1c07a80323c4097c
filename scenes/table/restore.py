"""A restored hand laid on the table as the live game left it: a continued save, an undo, a replay's position."""

from __future__ import annotations

from collections.abc import Sequence

from game.view import Phase, split_move
from scenes.table.marks import revealed
from scenes.table.notices import Notice, double_notices
from scenes.table.session import Session
from scenes.words.i18n import tr
from scenes.words.table_words import bid_labels


def restore_table(session: Session) -> None:
    """Lay out a restored hand as the live game left it, without replaying animations: the bids so far, the doubles
    until the opening play, or each seat's latest play or pass in the current round (dimmed once the round is won),
    or the cards left at the end."""
    view, bubbles, places = session.view, session.notices.bubbles, session.cards
    if view.phase is Phase.BIDDING:  # once the landlord is known, the table no longer shows the bids
        for (seat, value), said in zip(view.bids, bid_labels(view), strict=True):
            bubbles[seat] = Notice(said, 99.0, "info" if value else "quiet")
        return
    if revealed(view) and not view.history and view.doubles is not None:  # 004: doubles said until the opening play
        bubbles.update(double_notices(view.doubles))
    table, passes = current_round(view.history, view.played_cards, view.players)
    for seat, cards in table.items():
        if cards is None:
            bubbles[seat] = Notice(tr("table.pass"), 99.0)
            continue
        cards = places.table_order(cards)
        positions = places.play_positions(seat, len(cards))
        places.board.set_play(seat, cards, positions, positions[0])
        for card, pos in zip(cards, positions, strict=True):
            places.board.sprites[card].pos, places.board.sprites[card].tween = pos, None
    if passes == view.players - 1:
        places.round_won()  # it clears as the live round does
    if view.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        bubbles.clear()
        places.reveal_hands(view.winner, 0.0)


def current_round(
    history: Sequence[tuple[int, str]], played: Sequence[int], players: int
) -> tuple[dict[int, list[int] | None], int]:
    """Each seat's latest action in the round on the table (its cards, or None for a pass), and the passes since the
    last play. The table is cleared when a play follows a won round, as the live game does."""
    table: dict[int, list[int] | None] = {}
    offset = passes = 0
    for seat, move in history:
        if move == "pass":
            table[seat] = None
            passes += 1
            continue
        if passes == players - 1:
            table = {}
        cards = len(split_move(move)[0])  # "34577=34567": five cards
        table[seat] = list(played[offset : offset + cards])
        offset += cards
        passes = 0
    return table, passes
