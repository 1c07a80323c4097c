"""The rob (004) and two-player (003) tables as players read them: the settlement's shares fit above its buttons
with each doubling whole, the HUD's own share, the auction's last answer before the landlord banner, the rob-back's
last chance, and the two-player farmer's allowance and winning play."""

from __future__ import annotations

import pygame
import pytest

from game.actions import Bid, Double, Pass, Play
from game.match import Match, Phase
from scenes.app import App
from scenes.flow import open_session, show
from scenes.screens import settlement as settlement_screen
from scenes.screens.settlement import SettlementScene
from scenes.words.i18n import set_language
from scenes.words.table_words import doubling_items, share_terms
from tests.kit.app import press, steps
from tests.kit.rob import BASE_100, answered, opening, playing
from tests.kit.rules import script, set_hands
from tests.kit.table import at_table, bubble, plate_texts

pytestmark = [pytest.mark.app(shared=True), pytest.mark.usefixtures("english_after")]


def example_3():
    """004 Example 3: A bids, B robs, C does not, A robs back; A shows, A and B double, a bomb, a spring (capped)."""
    match, _, _ = playing(["3333R", "4567", "89TJ"], [1, 1, 0, 1], {0, 1}, show=True, rules=BASE_100)
    script(match, ["3333", "pass", "pass", "R"])
    return match


# ----- the settlement ------------------------------------------------------------------------------------------


def test_004_repeated_robs_are_one_item_with_their_product():
    """004 Example 3's "2 robs": one item, never "Rob ×2 · Rob ×2" or a "(2 times)" that wraps apart."""
    settlement = example_3().hand.settlement
    assert doubling_items(settlement) == ["2 robs ×4", "Show ×2", "Bomb ×2", "Spring ×2"]
    set_language("zh")
    assert doubling_items(settlement) == ["抢地主2次 ×4", "明牌 ×2", "炸弹 ×2", "春天 ×2"]
    set_language("en")


def test_004_a_plain_share_shows_its_formula():
    """004 Example 2's "Farmer B's share: 2 × base = 200" at base 1 too: "2 × base 1 = 2", not a bare "2"."""
    match, _, _ = playing(["359QK", "678", "4TTTTJ"], [1, 0, 0], set(), show=False)
    script(match, ["3", "pass", "4", "9", "pass", "pass", "5", "pass", "TTTT", "pass", "pass", "J"])
    assert [share_terms(s, 1) for s in match.hand.settlement.shares] == ["2 × base 1 = 2"] * 2


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768), (1280, 720)])
def test_004_the_shares_end_above_the_buttons_and_no_doubling_is_split(app, monkeypatch, size, language):
    """The longest 004 settlement (two robs, capped shares, base 100) at each window size in both languages."""
    bottoms: list[int] = []
    written: list[str] = []
    original_shares, original_blit = settlement_screen.draw_shares, settlement_screen.blit_text
    monkeypatch.setattr(settlement_screen, "draw_shares", lambda *a: bottoms.append(original_shares(*a)))
    monkeypatch.setattr(
        settlement_screen, "blit_text", lambda s, value, *a, **k: written.append(value) or original_blit(s, value, *a)
    )
    set_language(language)
    app.screen = pygame.display.set_mode(size)
    app.refit()
    try:
        match = example_3()
        show(app, open_session(app, match))
        steps(app, 2)
        app.push(SettlementScene(app, app.session))
        steps(app, 1)
        top = min(b.rect.top for b in app.scene.row.buttons)
        assert bottoms and bottoms[-1] <= top - app.geo.px(8), (bottoms[-1], top)
        items = doubling_items(match.hand.settlement)
        lines = {line for line in written if any(item in line for item in items)}  # each frame draws them again
        assert sorted(item for line in lines for item in line.split(" · ")) == sorted(items)
        assert not [line for line in written if line.startswith("×") or line.endswith("×")]
        if language == "en":  # each share's lines read back as its computation, word for word
            text = " ".join(dict.fromkeys(line.rstrip() for line in written))
            assert all(share_terms(share, 100) in text for share in match.hand.settlement.shares)
    finally:
        app.screen = pygame.display.set_mode((1920, 1080))
        app.refit()


# ----- the HUD ---------------------------------------------------------------------------------------------------


def test_004_the_hud_shows_your_share_beside_the_common_multiplier_once_the_doubles_are_known(app):
    """004: "Each farmer's share = multiplier × landlord double (×2) × own double (×2)": what you play for."""
    match = at_table(app, answered(opening("rob", 1), 1, 0, 0))  # Bao is the landlord, you are a farmer
    app.session.act(Double(1, True))
    app.session.act(Double(0, True))
    assert not [t for t in plate_texts(app) if "share" in t]  # Lin has not decided: nothing to tell
    app.session.act(Double(2, False))
    assert match.multiplier == 1 and "your share ×4" in plate_texts(app)


def test_004_the_landlord_plays_for_both_shares_and_a_plain_farmer_sees_only_the_multiplier(app):
    at_table(app, answered(opening("rob", 0), 1, 0, 0))  # you are the landlord; nobody doubles
    for seat in range(3):
        app.session.act(Double(seat, False))
    assert "your 2 shares: ×2 in all" in plate_texts(app)  # both shares together, not each
    at_table(app, answered(opening("rob", 1), 1, 0, 0))
    for seat in range(3):
        app.session.act(Double(seat, seat == 2))  # only the other farmer doubles: your share is the multiplier
    assert not [t for t in plate_texts(app) if "share" in t]


# ----- the auction's last answer -------------------------------------------------------------------------------


def declined_rob_back(app: App) -> Match:
    """Bao calls, Lin robs, you do not, and Bao declines its rob-back (004): Lin is the landlord."""
    match = at_table(app, answered(opening("rob", 1), 1, 1))
    app.session.act(Bid(0, 0))
    app.session.act(Bid(1, 0))
    assert match.hand.landlord == 2
    return match


def test_004_the_declined_rob_back_stays_a_moment_before_the_landlord_banner(app):
    declined_rob_back(app)
    steps(app, 47)  # 0.78 s: Bao's answer is still on show, the kitty still face down
    assert (bubble(app, 1), app.session.notices.banner, app.session.cards.flip.progress) == ("No rob", None, 0.0)
    steps(app, 2)
    assert (bubble(app, 1), app.session.notices.banner.text) == (None, "Lin is the landlord")


def test_004_a_key_skips_the_last_answers_moment_and_reduced_motion_has_none(app):
    declined_rob_back(app)
    steps(app, 1)
    press(app, pygame.K_RETURN)
    assert (bubble(app, 1), app.session.notices.banner.text) == (None, "Lin is the landlord")
    app.table_settings.reduced_motion = True  # the table the next match opens with
    declined_rob_back(app)
    assert (bubble(app, 1), app.session.notices.banner.text) == (None, "Lin is the landlord")


def test_004_the_rob_back_prompt_says_it_is_the_last_chance(app):
    """004: "the original bidder gets one last chance to rob back"; the first round's rob is not the last."""
    at_table(app, answered(opening("rob", 0), 1, 1, 0))  # you called, Bao robbed, Lin did not
    assert app.scene.prompt() == "Rob back? Last chance: Bao holds the landlord seat, and your answer ends the auction"
    set_language("zh")
    assert app.scene.prompt() == "抢回来吗？最后一次机会：宝儿现在是地主，你答完就定地主"
    set_language("en")
    at_table(app, answered(opening("rob", 1), 1))
    assert "Last chance" not in app.scene.prompt()


def test_003_the_fourth_rob_at_two_players_is_the_last_chance_too(app):
    at_table(app, answered(opening("two-player", 0), 1, 1, 1, 1))  # three robs: the fourth ends the auction
    assert app.scene.prompt().startswith("Rob back for ×2? Last chance: Bao holds the landlord seat")
    at_table(app, answered(opening("two-player", 0), 1, 1))
    assert "Last chance" not in app.scene.prompt()


# ----- two players ---------------------------------------------------------------------------------------------


def test_003_the_allowance_appears_at_the_first_call_not_before(app, pills):
    """003 two-player: the allowance is 1 + robs once there is a landlord seat to rob; before any call, no note."""
    match = at_table(app, opening("two-player", 0))
    assert not [p for p in pills if p.startswith("Farmer wins")]
    app.session.act(Bid(0, 1))
    steps(app, 1)
    assert (match.allowance, pills[-1]) == (1, "Farmer wins at 1 card")


def test_003_the_farmer_winning_at_its_allowance_keeps_its_winning_play_beside_its_cards(app):
    """003: "a farmer also wins with cards at or below the agreed allowance": the play that got it there stays on the
    table, and the card it still holds lies face up after it, not over it."""
    match = at_table(app, answered(opening("two-player", 0), 1, 0))  # you call, Bao does not rob
    set_hands(match, ["56", "789"])
    for action in (Play(0, "5"), Play(1, "7"), Pass(0), Play(1, "8")):
        app.session.act(action)
    steps(app, 30)
    s = app.session
    (played,), (left,) = s.cards.board.plays[1], s.cards.reveal[1]
    assert match.phase is Phase.HAND_OVER and match.deck[played].rank == match.deck[left].rank - 1  # the 8, the 9
    play = pygame.Rect(s.cards.board.sprites[played].pos, s.cards.card_size("table"))
    rest = pygame.Rect(s.cards.reveal_positions(1, 1)[0], s.cards.card_size("table"))
    assert not play.colliderect(rest) and play.right < rest.left
