"""The rob (004) and two-player handicap (003) auctions at the table, driven headless with synthetic input: call and
rob buttons and bubbles, redeals, the simultaneous double phase with its hidden choices, showing the hand, the
farmer's allowance, and the settlement's per-farmer shares; a demo hand of each preset runs end to end."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.actions import Bid, Double, Pass, Play, Show
from game.auctions import ANSWER_WORDS
from game.match import Match, Phase
from game.observe import observe
from game.rulesets import CLASSIC, ROB, RULESETS
from game.scoring import DOUBLING_NAMES, WILD_DOUBLINGS, settle
from scenes.app import App
from scenes.platform.input import Act
from scenes.screens import settlement as settlement_screen
from scenes.screens.settlement import SettlementScene
from scenes.table import marks as auction_view
from scenes.table.marks import revealed
from scenes.table.seat_look import portrait_rect
from scenes.words.i18n import lookup
from scenes.words.table_words import ANSWER_KEYS, FACTOR_KEYS, RUN_KEYS, share_terms
from tests.kit.app import pad, post, press, steps
from tests.kit.rob import BASE_100, answered, opening, playing
from tests.kit.rules import script, set_hands
from tests.kit.table import at_table, bubble, plate_texts

pytestmark = pytest.mark.app(shared=True)


def labels(app: App) -> list[str]:
    return [b.label for b in app.scene.row.buttons]


def badge(app: App, seat: int) -> str:
    """What the corner of a seat's portrait shows: "double" (the red ×2 badge), "decided" (the green tick) or
    "none"."""
    geo = app.geo
    box = portrait_rect(geo, app.session.cards.zone("seat", seat)).inflate(geo.px(8), geo.px(8))
    steps(app, 1)
    r, g, _ = tuple(app.screen.get_at((box.right - geo.px(8) - geo.px(10), box.top + geo.px(8) + geo.px(10))))[:3]
    return "double" if r > 150 and g < 80 else "decided" if g > r + 40 and g > 90 else "none"


def test_the_hud_says_calling_during_the_call_rob_auction_and_the_base_after(app):
    """004: "there is no 1-, 2- or 3-point bidding": the stake plate names the auction and then the table's base."""
    match = at_table(app, opening("rob", 0))
    assert plate_texts(app)[:3] == ["Base", "Multiplier", "Calling"]
    for value in (1, 0, 0):
        app.session.act(Bid(match.turn, value))  # through the table's seat, as the bots answer
    steps(app, 2)
    texts = plate_texts(app)
    assert texts[:3] == ["Base", "Multiplier", "1"] and "Calling" not in texts and "Bidding" not in texts


# ----- the auction ---------------------------------------------------------------------------------------------


def test_004_until_someone_calls_you_are_offered_call_or_no_call(app):
    """004: "Until someone bids, the choice is 'bid / no bid'; after that it is 'rob / no rob'.\""""
    at_table(app, opening("rob", 0))
    assert labels(app) == ["No call", "Call"]
    assert "Nobody has called" in app.scene.prompt()


def test_004_after_a_call_you_are_offered_rob_or_no_rob_with_its_price(app):
    at_table(app, answered(opening("rob", 1), 1, 0))  # Bao calls, Lin does not rob
    assert labels(app) == ["No rob", "Rob"]
    assert app.scene.prompt() == "Bao holds the landlord seat: rob it? Each rob doubles the multiplier"
    hints = {b.key: b.hint for b in app.scene.row.buttons}
    assert hints == {"0": app.inputs.label(Act.PASS), "1": "1"}  # No rob has the focus (Space is P's there); 1 robs
    app.scene.row.move_focus(1)
    app.step(1 / 60)
    assert app.scene.row.get("1").focus and app.scene.row.get("1").hint == "1"  # its own key, focused or not


def test_004_each_answer_shows_as_a_bubble_and_every_rob_ticks_the_multiplier(app):
    """004: "Rob: every rob doubles the multiplier." Bots' answers appear as bubbles by their seats."""
    match = at_table(app, opening("rob", 1))
    app.session.act(Bid(1, 1))
    app.session.act(Bid(2, 0))
    assert (bubble(app, 1), bubble(app, 2)) == ("Call!", "No rob")
    steps(app, 2)
    press(app, pygame.K_RIGHT)  # No rob has the focus: Rob is next to it
    press(app, pygame.K_RETURN)
    assert (match.hand.bids[-1], bubble(app, 0), match.multiplier) == ((0, 1), "Rob!", 2)
    assert (app.session.ticker.shown, app.session.ticker.pop > 0) == (2, True)


def test_004_nobody_calls_redeals_and_twice_makes_the_first_player_landlord(app):
    """004: "If nobody bids, the cards are redealt. If nobody bids twice in a row, the first player becomes
    landlord." The table says so, and warns before the second deal."""
    match = at_table(app, opening("rob", 0))
    pad(app, pygame.CONTROLLER_BUTTON_B)  # you decline with the pad's B
    for _ in range(2):
        app.session.act(Bid(match.turn, 0))
    first = match.hand.first_bidder
    name = {0: "you", 1: "Bao", 2: "Lin"}[first]
    assert app.session.notices.banner.text == "Nobody called: redeal"
    assert app.session.notices.message.text == f"If nobody calls this time either, {name} will be the landlord"
    for _ in range(3):
        app.session.act(Bid(match.turn, 0))
    assert match.hand.landlord == first
    landlord = "you are" if first == 0 else f"{name} is"
    steps(app, 50)  # the last "No call" stays a moment before the banner
    assert app.session.notices.banner.text == f"Nobody called twice: {landlord} the landlord"


# ----- the double phase ----------------------------------------------------------------------------------------


def test_004_double_phase_offers_you_double_or_not_with_what_it_means(app):
    """004: "once the landlord is set, all three choose at the same time whether to double. The landlord's double
    affects both farmers; a farmer's double only affects their own share.\""""
    match = at_table(app, answered(opening("rob", 0), 1, 0, 0))  # you called, nobody robbed
    assert (match.phase, app.scene.name, labels(app)) == (Phase.DOUBLING, "doubling", ["No double", "Double ×2"])
    assert app.scene.prompt() == "Double? As the landlord your ×2 counts on both farmers' shares"
    press(app, pygame.K_RETURN)
    assert match.hand.doubles[0] is True and labels(app) == []
    assert app.scene.prompt() == "Waiting for the others to decide…"


def test_004_a_farmer_is_told_its_double_counts_on_its_own_share(app):
    at_table(app, answered(opening("rob", 1), 1, 0, 0))  # Bao is the landlord
    assert app.scene.prompt() == "Double? As a farmer your ×2 counts on your own share only"
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert app.session.seat.match.hand.doubles[0] is False


def test_004_bots_doubles_stay_hidden_until_all_decided_then_a_badge_stays(app):
    """004: the doubles are chosen "at the same time": a decided seat shows only a tick until the last seat decides;
    then each double is a ×2 badge by its seat for the rest of the hand."""
    match = at_table(app, answered(opening("rob", 1), 1, 0, 0))
    assert badge(app, 1) == "none"
    app.session.act(Double(1, True))
    assert (revealed(observe(match, 0)), bubble(app, 1), badge(app, 1)) == (False, None, "decided")
    app.session.act(Double(2, False))
    app.session.act(Double(0, False))
    assert (bubble(app, 1), bubble(app, 2), bubble(app, 0)) == ("Double ×2", "No double", "No double")
    assert (badge(app, 1), badge(app, 2), badge(app, 0)) == ("double", "none", "none")
    app.session.act(Show(1, False))
    assert match.phase is Phase.PLAYING and badge(app, 1) == "double"


def test_004_a_bot_answers_for_you_when_the_turn_timer_runs_out(app):
    """003 timers (a setting at any table): the double phase runs your turn clock; a bot covers a timed-out choice."""
    app.table_settings.turn_timers = True
    match = at_table(app, answered(opening("rob", 1), 1, 0, 0))
    assert labels(app) == ["No double", "Double ×2"]
    app.session.seat.clock.turn_elapsed = 39.9  # just before the 40 s limit
    app.session.seat.steady = True  # a frame waits for the bot's answer, however busy the machine
    for _ in range(600):
        if match.hand.doubles[0] is not None:
            break
        steps(app, 1)
    assert match.hand.doubles[0] is not None and app.session.notices.message.text == "Time's up: the bot played for you"


# ----- showing the hand ----------------------------------------------------------------------------------------


def showing(ruleset_match: Match, landlord_doubles: bool = False) -> Match:
    for seat in range(3):
        ruleset_match.apply(Double(seat, landlord_doubles and seat == ruleset_match.hand.landlord))
    return ruleset_match


def test_004_you_may_show_your_hand_for_x2_and_it_is_marked(app, pills):
    """004: "Show: before the first play, the landlord may show their hand for ×2.\""""
    match = at_table(app, showing(answered(opening("rob", 0), 1, 0, 0)))
    assert (app.scene.name, labels(app)) == ("doubling", ["Don't show", "Show hand ×2"])
    post(pygame.MOUSEBUTTONDOWN, pos=app.scene.row.get("1").rect.center, button=1)
    steps(app, 2)
    assert (match.hand.shown, match.multiplier, app.session.notices.banner.text) == (True, 2, "You show your hand ×2")
    assert {"Shown", "Your hand is shown"} <= set(pills)


def test_004_a_bots_shown_hand_lies_face_up_by_its_seat_as_its_cards_leave(app, monkeypatch):
    drawn: list[int] = []
    original = auction_view.shown_positions
    monkeypatch.setattr(auction_view, "shown_positions", lambda *a: drawn.append(a[2]) or original(*a))
    match = showing(answered(opening("rob", 1), 1, 0, 0))
    match.apply(Show(1, True))
    at_table(app, match)
    assert app.scene.name == "play" and drawn[-1] == 20
    set_hands(match, ["5", "KKA", "6"])
    app.session.act(Play(1, "KK"))
    steps(app, 1)
    assert drawn[-1] == 1


def test_004_nothing_is_face_up_when_the_landlord_does_not_show(app, monkeypatch):
    drawn: list[int] = []
    monkeypatch.setattr(auction_view, "shown_positions", lambda *a: drawn.append(a[2]) or [])
    match = showing(answered(opening("rob", 1), 1, 0, 0))
    match.apply(Show(1, False))
    at_table(app, match)
    assert drawn == []


# ----- two players ---------------------------------------------------------------------------------------------


def test_003_two_player_allowance_is_on_the_table_and_grows_with_each_rob(app, pills):
    """003 two-player: "The landlord allows the farmer one card plus one per successful rob.\""""
    match = at_table(app, answered(opening("two-player", 0), 1))  # you call; Bao may rob
    assert pills[-1] == "Farmer wins at 1 card"
    app.session.act(Bid(1, 1))
    steps(app, 1)
    assert (match.allowance, pills[-1]) == (2, "Farmer wins at 2 cards")


def test_003_the_farmer_reaching_the_allowance_ends_the_hand_with_a_banner(app):
    """003: "In the two-player handicap version a farmer also wins with cards at or below the agreed allowance.\""""
    match = at_table(app, answered(opening("two-player", 0), 1, 0))  # you call, Bao does not rob
    set_hands(match, ["56", "789"])
    for action in (Play(0, "5"), Play(1, "7"), Pass(0), Play(1, "8")):
        app.session.act(action)
    assert match.phase is Phase.HAND_OVER and match.hand.winner == 1
    assert app.session.notices.banner.text == "Bao is down to 1 card: the farmer wins"


# ----- the settlement ------------------------------------------------------------------------------------------


def test_004_example_2_share_lines_as_the_settlement_spells_them():
    """004 Example 2: "Farmer A's share: 2 × own double 2 = 4 × base = 400"; "Farmer B's share: 2 × base = 200"."""
    match, landlord, _ = playing(["359QK", "678", "4TTTTJ"], [1, 0, 0], {1}, show=False, rules=BASE_100)
    script(match, ["3", "pass", "4", "9", "pass", "pass", "5", "pass", "TTTT", "pass", "pass", "J"])
    shares = {s.seat: share_terms(s, 100) for s in match.hand.settlement.shares}
    assert shares == {
        (landlord + 1) % 3: "2 × own double 2 = 4 × base 100 = 400",
        (landlord + 2) % 3: "2 × base 100 = 200",
    }


def test_004_example_3_capped_shares_as_the_settlement_spells_them():
    """004 Example 3: "B's share: 32 × 2 × 2 = 128, capped at 32 × base"; "C's share: 32 × 2 = 64, also capped"."""
    match, _, _ = playing(["3333R", "4567", "89TJ"], [1, 1, 0, 1], {0, 1}, show=True, rules=BASE_100)
    script(match, ["3333", "pass", "pass", "R"])
    assert sorted(share_terms(s, 100) for s in match.hand.settlement.shares) == [
        "32 × landlord double 2 = 64, capped at 32 × base = 3,200",
        "32 × landlord double 2 × own double 2 = 128, capped at 32 × base = 3,200",
    ]


def test_004_settlement_screen_lists_the_multiplier_and_each_farmers_share(app, monkeypatch):
    written: list[str] = []
    original = settlement_screen.blit_text
    monkeypatch.setattr(
        settlement_screen, "blit_text", lambda s, value, *a, **k: written.append(value) or original(s, value, *a, **k)
    )
    match, landlord, _ = playing(["3K", "45", "67"], [1, 0, 0], {0, 1}, show=False, rules=replace(ROB, base=1))
    script(match, ["3", "4", "pass", "pass", "5"])  # a reverse spring; the landlord and the first farmer doubled
    at_table(app, match)
    app.push(SettlementScene(app, app.session))
    steps(app, 1)
    farmers = [(landlord + 1) % 3, (landlord + 2) % 3]
    names = {0: "You", 1: "Bao", 2: "Lin"}
    assert "Multiplier ×2" in written and "Anti-spring ×2" in written  # 004's word
    assert {names[farmers[0]], names[farmers[1]], "2 × landlord double 2 × own double 2", "= 8 × base 1 = 8"} <= set(
        written
    )  # the computation breaks before its "=", never at a "×"


# ----- whole hands ---------------------------------------------------------------------------------------------


def test_every_answer_doubling_and_share_factor_has_words_in_both_languages():
    """The auction's words, the multiplier's doublings and the share factors come from the catalogue by key."""
    answers = {word for pair in ANSWER_WORDS.values() for word in pair}
    factors = {
        label for share in settle(CLASSIC, 0, True, 2, (), (True, True, True)).shares for label, _ in share.factors
    }
    wild_tables = any(rules.wilds for rules in RULESETS.values())  # until the table lists them, no soft bombs there
    doublings = set(DOUBLING_NAMES) - (set() if wild_tables else WILD_DOUBLINGS)
    steps = [f"settlement.doubling_{doubling}" for doubling in doublings]
    assert (set(ANSWER_KEYS), set(FACTOR_KEYS)) == (answers, factors - {"multiplier"})
    for key in [*ANSWER_KEYS.values(), *steps, *RUN_KEYS.values(), *FACTOR_KEYS.values()]:
        assert lookup(key, "en") and lookup(key, "zh"), key
