"""Moving between matches and scenes: new match, continue, play again, new game, back to the title.

Every change to the match still goes through `Session.apply`; these functions only pick the scene that
shows the match's current phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import events as ev
from game.actions import Abandon, NextHand
from game.atomic import WriteFailed
from game.match import Match, Phase
from game.savefile import Loaded
from game.stats import StatsStore
from scenes.screens.bidding import BiddingScene
from scenes.screens.doubling import DoublingScene
from scenes.screens.menus import ConfirmNewMatch
from scenes.screens.play import PlayScene
from scenes.screens.settlement import SettlementScene
from scenes.table.marks import bid_labels
from scenes.table.seats import SEAT_NAMES
from scenes.table.session import CLOCK, PRACTICED, Notice, Session
from scenes.table.table_settings import TableSettings
from scenes.words import problems
from scenes.words.i18n import tr

if TYPE_CHECKING:
    from scenes.app import App

DEMO_PACE = 0.3  # the demo's bots think for 0.15-0.36 s instead of 0.5-1.2 s


def open_session(game: App, match: Match) -> Session:
    """A session for `match`, saved to the game's store; your statistics are kept beside the save (not the demo's:
    its bots play your seat)."""
    if game.session is not None:
        game.session.thinker.cancel()
    pace = DEMO_PACE if game.demo else 1.0
    stats = StatsStore(game.store.directory) if game.store is not None and not game.demo else None
    session = Session(
        match,
        game.table_settings,
        game.store,
        stats,
        pool=game.pool,
        demo=game.demo,
        sounds=game.sounds,
        pace=pace,
        steady=game.steady,
    )
    session.relayout(game.geo)
    game.session = session
    return session


def show(game: App, session: Session) -> None:
    """Switch to the scene for the match's phase (a restored match opens where it was left)."""
    if session.match.phase is Phase.BIDDING:
        game.switch(BiddingScene(game, session))
        return
    if session.match.phase in DoublingScene.phases:
        game.switch(DoublingScene(game, session))
        return
    game.switch(PlayScene(game, session))
    if session.match.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        game.scene.settling = True
        game.push(SettlementScene(game, session))


def new_match(game: App, ruleset: str, deal: int | None = None) -> None:
    """A fresh match from zero scores; the old save is left behind on purpose (000 §23, 'Start new match').
    From a deal number the match's seed is that number too, so the same number replays the same match: its cards
    and (with the headless demo) its frames."""
    game.problem = None  # an old save problem is no longer news
    if game.store is not None:
        try:
            game.store.clear()
        except WriteFailed as refused:
            game.problem = refused.problem
    match = Match(ruleset, game.seeds.randrange(2**31) if deal is None else deal, first_deal=deal)
    session = open_session(game, match)
    hand = match.hand
    session.absorb([ev.Dealt(hand.number, hand.deal_no, hand.first_bidder, redeal=False)])
    session.save()
    show(game, session)


def start_new_match(game: App, ruleset: str, deal: int | None = None) -> None:
    """Start new match (from deal number `deal`, if given): at once when no unfinished match would be lost, else
    after the player confirms."""
    scores = unfinished_scores(game)
    if scores is None:
        new_match(game, ruleset, deal)
    else:
        game.push(ConfirmNewMatch(game, ruleset, scores, deal))


def unfinished_scores(game: App) -> str | None:
    """The scores of the match a new one would replace ('You +4 · Bao -2 · Lin -2'), or None when there is no
    unfinished match: none at the table or in the save, or only a finished one."""
    match = game.session.match if game.session is not None else None
    if match is None and game.store is not None and game.store.exists():
        match = game.store.load().match
    if match is None or match.phase is Phase.MATCH_OVER:
        return None
    return " · ".join(f"{SEAT_NAMES[seat]} {score:+d}" for seat, score in enumerate(match.scores))


def continue_match(game: App, loaded: Loaded | None = None) -> None:
    """Restore the saved match (or `loaded`, already read) and its table settings. A problem stays on the title
    screen when nothing could be restored, and is shown at the table when the backup was used instead. A finished
    match opens on its final result, whose first button starts a new match."""
    loaded = loaded or game.store.load()
    game.problem = loaded.problem if loaded.match is None else None
    if loaded.match is None:
        return
    style = card_style(game.table_settings)
    game.table_settings = TableSettings.from_dict(dict(loaded.table))
    if card_style(game.table_settings) != style:
        game.restyle_cards()
    session = open_session(game, loaded.match)
    session.clock.restore(loaded.table.get(CLOCK), session.turn_key())
    session.practiced = session.practiced or loaded.table.get(PRACTICED) is True  # practice once: never counted
    restore_table(session)
    if loaded.problem:
        session.say(problems.note(loaded.problem), 8.0, "warn")
    show(game, session)


def card_style(settings: TableSettings) -> tuple[bool, bool]:
    """What the card art depends on among the table settings."""
    return settings.four_colour, settings.large_cards


def restore_table(session: Session) -> None:
    """Lay out a restored hand as the live game left it, without replaying animations: the bids so far, or each
    seat's latest play or pass in the current round (dimmed once the round is won), or the cards left at the end."""
    match, hand = session.match, session.match.hand
    if match.phase is Phase.BIDDING:  # once the landlord is known, the table no longer shows the bids
        for (seat, value), said in zip(hand.bids, bid_labels(match), strict=True):
            session.bubbles[seat] = Notice(said, 99.0, "info" if value else "quiet")
        return
    table, passes = current_round(hand.history, hand.played, match.players)
    for seat, cards in table.items():
        if cards is None:
            session.bubbles[seat] = Notice(tr("table.pass"), 99.0)
            continue
        cards = session.table_order(cards)
        positions = session.play_positions(seat, len(cards))
        session.board.set_play(seat, cards, positions, positions[0])
        for card, pos in zip(cards, positions, strict=True):
            session.board.sprites[card].pos, session.board.sprites[card].tween = pos, None
    if passes == match.players - 1:
        session.round_over = True
        session.board.dim_plays()
    if match.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        session.bubbles.clear()
        session.reveal = {s: list(hand.hands[s]) for s in range(match.players) if s != 0 and hand.hands[s]}
        for seat in session.reveal:
            session.board.drop_play(seat)


def current_round(
    history: list[tuple[int, str]], played: list[int], players: int
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
        table[seat] = played[offset : offset + len(move)]
        offset += len(move)
        passes = 0
    return table, passes


def play_again(game: App, session: Session) -> None:
    session.apply(NextHand())
    show(game, session)


def abandon_hand(game: App, session: Session) -> None:
    """New game mid-hand: the hand is dropped without score and new cards are dealt (000 §21)."""
    session.apply(Abandon())
    show(game, session)


def to_title(game: App) -> None:
    from scenes.screens.title import TitleScene

    if game.session is not None:
        game.session.save()
        game.session.thinker.cancel()
    game.session = None
    game.switch(TitleScene(game))
