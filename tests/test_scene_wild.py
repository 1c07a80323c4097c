"""The wild-card tables at the table (issue 13; 003 "Wild-card Dou Dizhu" and "Swap Three · Extra Wild Card"), driven
by synthetic events under the dummy driver: the swap screen by mouse, keyboard and pad, the reading chooser, the wild
marks and stand-in tags, Continue in the swap phase, the settlement lines and the rules pages."""

import random
from concurrent.futures import wait

import pygame
import pytest

from game import bots
from game.actions import Bid, NextHand, Pass, Play, Swap
from game.bots.reasons import Suggestion
from game.combos import Reading
from game.kinds import Kind
from game.match import Match, Phase
from game.observe import observe
from game.reasons import Rejection
from game.rulesets import SWAP_THREE, WILDCARD
from game.savefile import SaveStore
from game.scoring import Settlement
from game.serialize import from_dict, to_dict
from scenes.app import App
from scenes.flow import continue_match, new_match
from scenes.screens.rules import table_pages
from scenes.table.recording import playable_deals, record
from scenes.table.stand_ins import is_wild, received, stood_for
from scenes.table.wild_marks import draw_wild_hud, mark_card
from scenes.words.i18n import set_language, tr
from scenes.words.wording import describe, rank_name, reason, score_steps
from tests.kit.app import click, pad, press, steps, title_app
from tests.kit.rules import position
from tests.kit.table import open_table, spot

pytestmark = pytest.mark.usefixtures("english_after")  # each test ends in English


# ----- the swap (003 Swap Three) ------------------------------------------------------------------------------


def swap_table(app: App) -> None:
    """A new swap-three match at the swap screen, the deal landed and the hard bot's proposal taken (or dropped)."""
    app.steady = True  # a late bot is waited for: the frames are deterministic
    new_match(app, "swap-three", deal=11)
    while not app.session.cards.settled:
        steps(app, 10)
    if app.scene.proposal is not None:
        wait([app.scene.proposal])
    steps(app, 20)  # the proposal raised and landed


def test_swap_three_opens_on_the_swap_screen_with_the_hard_bots_three_raised(app):
    swap_table(app)
    s = app.session
    expected = bots.decide_swap(observe(s.seat.match, 0), "hard")
    assert (app.scene.name, s.seat.match.phase, s.cards.selected) == ("swap", Phase.SWAPPING, set(expected))


def test_swap_three_picked_by_mouse_and_confirmed_goes_to_the_next_seat_and_what_arrived_is_highlighted(app):
    swap_table(app)
    s = app.session
    press(app, pygame.K_x)  # lower the proposal
    for index in (0, 3, 6):
        click(app, spot(app, index))
    picked = {s.cards.board.hand[i] for i in (0, 3, 6)}
    assert s.cards.selected == picked
    play = app.scene.actions.get("play").rect.center
    click(app, play)
    assert set(s.seat.match.hand.swaps[0]) == picked
    for _ in range(400):  # the bots pick, the cards change hands, the auction opens
        if app.scene.name == "bidding":
            break
        steps(app, 5)
    given = s.seat.match.hand.swaps[2]
    assert app.scene.name == "bidding" and set(received(s.view)) == set(given)
    assert set(given) <= set(s.seat.match.hand.hands[0]) and not picked & set(s.seat.match.hand.hands[0])
    assert picked <= set(s.seat.match.hand.hands[1])


def test_swap_three_needs_exactly_three_cards_and_says_so(app):
    swap_table(app)
    press(app, pygame.K_x)
    click(app, spot(app, 0))
    click(app, spot(app, 1))
    press(app, pygame.K_RETURN)
    assert app.session.seat.match.hand.swaps[0] is None
    assert app.session.notices.message.text == "Pick exactly 3 cards to pass on."


def test_swap_three_by_keyboard_and_pad(app):
    swap_table(app)
    s = app.session
    press(app, pygame.K_x)
    press(app, pygame.K_UP)  # the card under the cursor
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_UP)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    picked = set(s.cards.board.hand[:3])
    assert s.cards.selected == picked
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert set(s.seat.match.hand.swaps[0]) == picked


def test_swap_three_choices_stay_secret_on_screen_until_all_have_picked(app):
    """Seats that picked show a tick; what they picked stays in the core's hands, and the message line says nothing
    about it until the swap."""
    swap_table(app)
    s = app.session
    s.seat.match.apply(Swap(1, tuple(s.seat.match.hand.hands[1][:3])))
    assert observe(s.seat.match, 0).received is None and s.seat.match.unswapped() == (0, 2)
    assert app.scene.prompt().startswith("Pick 3 cards to pass to Bao")


def test_continue_in_the_swap_phase_opens_the_swap_screen_with_the_choices_still_secret(tmp_path):
    store = SaveStore(tmp_path)
    app = title_app(store)
    try:
        new_match(app, "swap-three", deal=5)
        match = app.session.seat.match
        app.session.act(Swap(1, tuple(match.hand.hands[1][:3])))
        app.session.act(Swap(0, tuple(match.hand.hands[0][-3:])))
        before = to_dict(match)
        app.quit()
    finally:
        app.close()
    again = title_app(store)
    try:
        continue_match(again)
        restored = again.session.seat.match
        assert (again.scene.name, restored.phase, to_dict(restored)) == ("swap", Phase.SWAPPING, before)
        assert restored.unswapped() == (2,) and observe(restored, 0).received is None
        assert again.scene.prompt() == "Waiting for the others to pick…"
    finally:
        again.close()


# ----- the reading chooser and the stand-in tags (003 Wild-card) ---------------------------------------------------


def wild_lead(app: App, hand: str, wild: str, others: tuple[str, str] = ("4499TTJJ", "44699TJ")) -> Match:
    match = position([hand, *others], ruleset="wildcard")
    match.hand.wild = wild
    open_table(app, match)
    return match


def raise_ranks(app: App, ranks: str) -> None:
    s = app.session
    wanted = list(ranks)
    for card in s.cards.board.hand:
        char = s.seat.match.deck[card].char
        if char in wanted:
            wanted.remove(char)
            s.cards.selected.add(card)
    s.cards.place_hand(0.0)


def test_wild_lead_with_readings_that_answer_differently_offers_them_strongest_first(app):
    """5-6-7-8 with a wild K: a straight 4-8 or 5-9; the default (focused) is the stronger."""
    wild_lead(app, "335678KQQA2B", "K")
    raise_ranks(app, "5678K")
    press(app, pygame.K_RETURN)
    scene = app.scene
    labels = [b.label for b in scene.row.buttons]
    assert scene.name == "reading chooser"
    assert labels == ["Straight 5-9 · wild as 9", "Straight 4-8 · wild as 4", "Cancel"]
    assert scene.row.focused().key == "0"


def test_wild_reading_chosen_is_played_and_the_played_wild_card_is_tagged_with_its_rank(app):
    match = wild_lead(app, "335678KQQA2B", "K")
    raise_ranks(app, "5678K")
    press(app, pygame.K_RETURN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    last = match.hand.last
    wild_card = next(c for c in app.session.cards.board.plays[0] if match.deck[c].char == "K")
    assert (last.reading.top, last.stands, stood_for(observe(match, 0))) == (5, "45678", {wild_card: "4"})


def test_wild_reading_chooser_cancel_plays_nothing(app):
    match = wild_lead(app, "335678KQQA2B", "K")
    raise_ranks(app, "5678K")
    press(app, pygame.K_RETURN)
    press(app, pygame.K_ESCAPE)
    assert (app.scene.name, match.hand.last) == ("play", None)


def test_wild_following_offers_only_the_readings_that_beat(app):
    """After a straight 4-8 only 5-9 beats: no chooser, it is played at once."""
    match = position(["335678KQQA2B", "45678TTJJ", "44699TJ"], ruleset="wildcard", landlord=1)
    match.hand.wild = "K"
    match.apply(Play(1, "45678"))
    match.apply(Pass(2))
    open_table(app, match)
    raise_ranks(app, "5678K")
    press(app, pygame.K_RETURN)
    assert (app.scene.name, match.hand.last.seat, match.hand.last.stands) == ("play", 0, "56789")


def stood_in(match: Match) -> bool:
    """Is the play to beat one whose wild card stood for another rank?"""
    last = match.hand.last
    return last is not None and last.stands not in (None, last.move)


def stand_in_played() -> Match:
    """Normal bots play a wildcard match until a wild card stands in for another rank (an easy bot keeps the wild
    rank's own: its plays never have a stand-in)."""
    match = Match("wildcard", 1)
    rng = random.Random(1)
    while not stood_in(match):
        assert match.phase is not Phase.MATCH_OVER, "no stand-in in a whole match"
        seat = match.turn
        if match.phase is Phase.HAND_OVER:
            match.apply(NextHand())
        elif match.phase is Phase.BIDDING:
            match.apply(Bid(seat, bots.decide_bid(observe(match, seat), "normal")))
        else:
            move = bots.decide(observe(match, seat), "normal", rng)
            match.apply(Pass(seat) if move == "pass" else Play(seat, move))
    return match


def test_wild_stand_in_tags_come_from_the_match_state_so_a_restored_save_shows_them():
    match = stand_in_played()
    tags = stood_for(observe(match, 0))
    assert tags and stood_for(observe(from_dict(to_dict(match)), 0)) == tags


def test_wild_cards_are_marked_in_your_hand_and_sorted_first(app):
    match = wild_lead(app, "335678KQQA2B", "K")
    first = app.session.cards.board.hand[0]
    assert is_wild(observe(match, 0), match.deck[first]) and match.deck[first].char == "K"
    assert not is_wild(observe(match, 0), match.deck[app.session.cards.board.hand[1]])


def test_the_extra_wild_card_has_a_face_of_its_own(app):
    art = app.art["hand"]
    deck = SWAP_THREE.deck.build()
    faces = {id(art.face(card)) for card in deck if card.suit is None}
    assert len(faces) == 3  # small joker, big joker, the extra wild card


# ----- settlement lines and rules pages ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["Bid 3", "Soft bomb ×2", "Bomb ×4", "Rocket ×4", "Spring ×2", "capped at ×1024"]),
        ("zh", ["叫分3", "软炸弹 ×2", "炸弹 ×4", "王炸 ×4", "春天 ×2", "封顶 ×1024"]),
    ],
)
def test_wildcard_settlement_names_each_multiplier_with_its_factor_and_the_cap(language, expected):
    """003 wildcard: soft bombs x2, natural bombs and rockets x4, spring x2, the 1024 cap."""
    set_language(language)
    doublings = ("soft_bomb", "bomb", "rocket", "spring") + ("bomb",) * 3
    factors = (2, 4, 4, 2, 4, 4, 4)
    settled = Settlement(0, True, 3, doublings, 1024, 3072, (6144, -3072, -3072), factors=factors)
    assert settled.uncapped == 2 * 4 * 4 * 2 * 4**3
    assert score_steps(settled)[:5] == expected[:5] and score_steps(settled)[-1] == expected[-1]


@pytest.mark.parametrize("language", ["en", "zh"])
def test_rules_pages_of_both_presets_spell_out_the_wild_cards_and_the_swap(language):
    set_language(language)
    wildcard = " ".join(line for page in table_pages(WILDCARD) for line in page.lines)
    swap = " ".join(line for page in table_pages(SWAP_THREE) for line in page.lines)
    marks = {"en": ("pure-wild bomb", "×4", "passes them to the next player"), "zh": ("纯癞子炸弹", "×4", "交给下家")}
    wild_bomb, x4, passed = marks[language]
    assert wild_bomb in wildcard and x4 in wildcard and passed not in wildcard
    assert passed in swap and "★" in swap and x4 not in swap


# ----- replays ---------------------------------------------------------------------------------------------------


def test_replay_readout_says_each_seats_swap_and_what_the_wild_cards_stood_for():
    """The replay hides nothing: each seat's three cards and whom they went to, and a stand-in play's ranks."""
    swap = Match("swap-three", 4)
    picks = [tuple(swap.hand.hands[seat][:3]) for seat in range(3)]
    for seat, cards in enumerate(picks):
        swap.apply(Swap(seat, cards))
    notes = record(swap, playable_deals(swap)[-1]).notes

    def named(cards: tuple[int, ...]) -> str:
        return ", ".join(rank_name(c.rank) for c in sorted((swap.deck[i] for i in cards), key=lambda c: -c.rank))

    names = [named(p) for p in picks]
    assert notes == [f"You passed {names[0]} to Bao", f"Bao passed {names[1]} to Lin", f"Lin passed {names[2]} to You"]
    match = stand_in_played()
    last = record(match, playable_deals(match)[-1]).notes[-1]
    assert " · wild as " in last


def test_wild_suggestion_raises_the_cards_of_a_reading_with_stand_ins(app):
    """A suggested "5678K=45678" raises 5, 6, 7, 8 and the wild K, not the 4 it is read with."""
    wild_lead(app, "3345678KQQA2B", "K", ("99TTJJ", "699TJ"))
    scene, s = app.scene, app.session
    said = bots.suggest(s.view)[0]  # its words; the move is the one under test
    scene.suggestions = [Suggestion("5678K=45678", said.key, said.params)]
    scene._show_suggestion()
    assert sorted(s.seat.match.deck[c].char for c in s.cards.selected) == sorted("5678K")


@pytest.mark.parametrize(
    ("reading", "english", "chinese"),
    [
        (Reading(Kind.BOMB, 4, 4, 4, grade=-1), "soft bomb of 7s", "7软炸"),
        (Reading(Kind.BOMB, 4, 4, 4, grade=1), "pure-wild bomb of 7s", "7纯癞子炸"),
        (Reading(Kind.SINGLE, 12, 1, 1, grade=1), "single wild card", "单张癞子"),
    ],
)
def test_wild_readings_are_named_in_both_languages_also_in_a_refusal(reading, english, chinese):
    """The table names a bomb's class and the extra wild card alone, as the core does in English, and in Chinese."""
    assert (describe(reading), reading.describe()) == (english, english)
    set_language("zh")
    pair = Reading(Kind.PAIR, 0, 1, 2)
    assert (describe(reading), reason(Rejection("not_higher", {"play": reading, "last": pair}))) == (
        chinese,
        tr("reasons.not_higher", play=chinese, last="对3"),
    )


def test_the_wild_rank_is_shown_beside_the_kitty_only_once_drawn_and_wild_faces_are_marked(app):
    """003 wildcard: nothing is wild while bidding; once the rank is drawn it shows for the hand, and a wild card's
    face carries the mark where a non-wild one shows nothing over it."""
    match = Match("wildcard", 3)
    geo, art = app.geo.for_players(3), app.art["mini"]
    plate, kitty = geo["stake"], geo["kitty"]
    spot = ((plate.left + kitty.left) // 2, plate.bottom + geo.px(40))  # under the plate's base

    def drawn() -> tuple[int, int, int, int]:
        surface = pygame.Surface(geo.size)
        draw_wild_hud(surface, geo, observe(match, 0), art, 0.0)
        return tuple(surface.get_at(spot))

    before = drawn()
    match.hand.wild = "7"
    assert before == (0, 0, 0, 255) != drawn()
    seven = next(c.id for c in match.deck if c.char == "7")
    eight = next(c.id for c in match.deck if c.char == "8")
    marked = []
    blank = pygame.image.tobytes(pygame.Surface(art.size), "RGB")
    for card in (seven, eight):
        surface = pygame.Surface(art.size)
        mark_card(surface, observe(match, 0), card, (0, 0), art.size, {})
        marked.append(pygame.image.tobytes(surface, "RGB") != blank)
    assert marked == [True, False]
