"""A seat as the commercial tables draw it: a big portrait wearing its role's hat over a name plate (name, role, score),
a ring round it while the table waits on the seat (the turn limit running down it), and beside it the seat's cards as
a fan of backs with the count on it. At two cards and at one (a seat about to go out, yours included) the count
turns large and red and an alarm light stands over it until the hand ends (报牌).

Everything here is drawn from the table's view and the session's parts; `TableScene` calls `draw_seat` per seat.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pygame

from game.view import Observation, Phase
from scenes.art.avatars import AHEAD, Expression, ahead, avatar, shadow, shadow_margin, thought
from scenes.art.emblems import GLOWS, beacon
from scenes.art.felt import name_patch
from scenes.art.piles import fan
from scenes.art.text import blit_text
from scenes.art.widgets import CREAM, GOLD, SHADOW, panel, pill
from scenes.table.cues import WARN_AT
from scenes.table.layout import SEAT_ZONES, Fitted
from scenes.table.marks import draw_presence, draw_seat_tags
from scenes.table.wild_marks import draw_swap_tag
from scenes.words.i18n import tr

if TYPE_CHECKING:
    from scenes.art.cards import CardArt
    from scenes.table.session import Session

FARMER_GREEN = (150, 220, 170)
ALARM_RED = (236, 52, 40)
TURN_GOLD = (255, 214, 90)
PLATE_ALPHA = 190
PLATE_HEIGHT = 64  # px at 1080p: a name plate, the name over the score
SETTLEMENT_PORTRAIT = 44  # px at 1080p: the settlement's portraits, in the hand's roles


def role_name(role: str) -> str:
    """A seat's role ("Landlord" or "Farmer") in the player's language."""
    return tr("table.landlord") if role == "Landlord" else tr("table.farmer")


def alarmed(view: Observation, seat: int, dealing: bool = False) -> bool:
    """Is `seat` down to its last cards (two or one) while the hand is played? The alarm holds until the hand ends."""
    return not dealing and view.phase is Phase.PLAYING and 0 < view.hand_sizes[seat] <= WARN_AT


def glow(session: Session, time: float) -> int:
    """The alarm light's glow level now: pulsing, or steady at full with reduced motion."""
    if session.settings.reduced_motion:
        return GLOWS - 1
    return round((GLOWS - 1) * (0.5 + 0.5 * math.sin(time * 7)))


def portrait_rect(geo: Fitted, seat_box: pygame.Rect) -> pygame.Rect:
    """Where a seat's portrait disc lies in its box: at the top of an upright box (its name plate under it), at the
    left of a wide one (the plate beside it)."""
    if seat_box.width > seat_box.height * 1.5:
        size = seat_box.height - geo.px(6)
        face = pygame.Rect(0, 0, size, size)
        face.midleft = (seat_box.x + geo.px(4), seat_box.centery)
        return face
    plate = geo.px(PLATE_HEIGHT)
    size = min(seat_box.width - geo.px(50), round((seat_box.height - plate) / 1.2))
    face = pygame.Rect(0, 0, size, size)
    face.midbottom = (seat_box.centerx, seat_box.bottom - plate)
    return face


def warm(geo: Fitted, players: int = 3) -> Iterator[None]:
    """What the table's frames make, made ahead a piece a step (the title's chores): the table's felt, each seat's
    portrait as the deal shows it and its shadow at this layout's sizes, then every other look a seat may take (each
    face in no role and in either) and the settlement's portraits, each a few ms, so that a change of mood at the
    table finds its face painted."""
    name_patch(geo.size)
    widths = [portrait_rect(geo, geo[f"seat_{zone}"]).width for zone in SEAT_ZONES[players]]
    for seat, width in enumerate(widths):  # a new table's seats are their places: you sit first
        yield
        avatar(seat, Expression.NEUTRAL, "", width)
        yield
        shadow(width)
    for seat, width in enumerate(widths):
        for role, size in (("", width), ("landlord", width), ("farmer", width)):
            for face in Expression:
                yield
                avatar(seat, face, role, size)
        for role in ("landlord", "farmer"):
            for face in (Expression.HAPPY, Expression.UPSET):  # the settlement's faces
                yield
                avatar(seat, face, role, geo.px(SETTLEMENT_PORTRAIT))


def settle_ahead(session: Session, geo: Fitted) -> None:
    """Once the landlord is known, queue the settlement's portraits (every face in the hand's roles) to be painted a
    frame at a time, so the settlement's first frame finds them made."""
    landlord = session.view.landlord
    if landlord is None or AHEAD:
        return
    for seat in range(session.view.players):
        ahead(
            session.seat.avatars.get(seat, seat),
            "landlord" if seat == landlord else "farmer",
            geo.px(SETTLEMENT_PORTRAIT),
        )


def draw_seat(surface: pygame.Surface, geo: Fitted, session: Session, seat: int, time: float) -> None:
    """One seat: the ring while the table waits on it, the portrait, the name plate, the auction's marks on it."""
    view, cards = session.view, session.cards
    box = cards.zone("seat", seat)
    wide = box.width > box.height * 1.5
    face = portrait_rect(geo, box)
    to_act = seat in view.waiting and cards.deal is None and (cards.flip is None or cards.flip.joined)
    landlord = view.landlord if cards.flip is None or cards.flip.progress >= 1 else None
    role = "Landlord" if landlord == seat else "Farmer" if landlord is not None else ""
    thinking = to_act and session.seat.thinking(seat)
    seconds = _turn_ring(surface, geo, session, face, time) if to_act else None
    _portrait(surface, session, seat, face, role, session.moods.face(view, seat, thinking), time)
    _plate(surface, geo, session, seat, box, face, role, wide)
    if seconds is not None:  # over the portrait's and the plate's edges, clear of the role's tag
        seconds()
    marks_at = face.inflate(geo.px(8), geo.px(8))
    draw_seat_tags(surface, geo, view, seat, marks_at)
    draw_presence(surface, geo, session.seat.presence(seat), box)
    draw_swap_tag(surface, geo, view, seat, marks_at)
    if seat == session.me and alarmed(view, seat, cards.deal is not None):
        _your_alarm(surface, geo, session, face, time)


def _portrait(
    surface: pygame.Surface, session: Session, seat: int, face: pygame.Rect, role: str, mood: Expression, time: float
) -> None:
    """The seat's character in its role's hat, wearing its mood: a happy face bobs and a thinking one has a thought
    bubble whose dots count up, both still with reduced motion."""
    still = session.settings.reduced_motion
    lift = 0 if still or mood is not Expression.HAPPY else round(abs(math.sin(time * 5)) * face.height * 0.06)
    margin, drop = shadow_margin(face.width), max(2, face.height // 24)
    surface.blit(shadow(face.width), (face.x - margin + drop // 2, face.y - margin + drop))
    look = session.seat.avatars.get(seat, seat)  # a room's player chose a portrait
    portrait = avatar(look, mood, role.lower(), face.width)
    surface.blit(portrait, portrait.get_rect(bottomleft=(face.x, face.bottom - lift)))
    ahead(look, role.lower(), face.width)
    if mood is Expression.THINKING:  # beside the head, on the side towards the table's middle
        leftward = face.centerx > surface.get_width() // 2 + face.width
        bubble = thought(face.width, 3 if still else 1 + int(time * 3) % 3, leftward)
        if leftward:
            at = bubble.get_rect(bottomright=(face.left + face.width // 5, face.y + face.height // 4))
        else:
            at = bubble.get_rect(bottomleft=(face.right - face.width // 5, face.y + face.height // 4))
        surface.blit(bubble, at)


def _plate(
    surface: pygame.Surface,
    geo: Fitted,
    session: Session,
    seat: int,
    box: pygame.Rect,
    face: pygame.Rect,
    role: str,
    wide: bool,
) -> None:
    """The name plate: the name and the score, under the portrait (beside it at the wide north seat), with the role
    on a tag over the portrait's foot."""
    name, score = session.names[seat], tr("table.points", score=f"{session.view.scores[seat]:+d}")
    if wide:  # as tall as an upright seat's plate, level with the portrait's middle
        plate = pygame.Rect(face.right + geo.px(8), 0, box.right - face.right - geo.px(8), geo.px(PLATE_HEIGHT))
        plate.centery = face.centery
    else:
        plate = pygame.Rect(box.x, face.bottom + geo.px(6), box.width, box.bottom - face.bottom - geo.px(6))
    surface.blit(panel(plate.size, PLATE_ALPHA, geo.px(14)), plate.topleft)
    top = blit_text(surface, name, geo.px(24), CREAM, (plate.centerx, plate.y + geo.px(5)), "midtop", True)
    blit_text(surface, score, geo.px(20), GOLD, (plate.centerx, top.bottom), "midtop", True)
    if role:
        landlord = role == "Landlord"
        fill, ink = ((150, 24, 28), (255, 236, 170)) if landlord else ((24, 96, 56), FARMER_GREEN)
        tag = pill(role_name(role), geo.px(17), ink, (geo.px(10), geo.px(2)), fill, 235)
        surface.blit(tag, tag.get_rect(center=(face.centerx, face.bottom - geo.px(2))))


def _turn_ring(
    surface: pygame.Surface, geo: Fitted, session: Session, face: pygame.Rect, time: float
) -> Callable[[], None] | None:
    """The ring round the portrait of the seat the table waits on; with a turn limit it runs down clockwise, green,
    then amber, red at the end, and what draws the seconds left on a coin at its lower right (laid over the
    portrait, after it) is returned."""
    centre, radius = face.center, face.width // 2 + geo.px(9)
    width = geo.px(7)
    clock = session.seat.clock
    if clock.turn_limit is None:
        pulse = 0.5 if session.settings.reduced_motion else 0.5 + 0.5 * math.sin(time * 6)
        pygame.draw.circle(surface, TURN_GOLD, centre, radius, geo.px(4 + 3 * pulse))
        return None
    left = clock.turn_left() if clock.turn == session.turn_key() else 1.0  # a turn not yet counting shows full
    assert left is not None
    colour = (110, 210, 120) if left > 0.5 else (240, 190, 70) if left > 0.2 else (230, 80, 70)
    pygame.draw.circle(surface, (25, 35, 30), centre, radius, width)
    if left > 0:
        pygame.draw.polygon(surface, colour, _arc(centre, radius, width, left))
    seconds = str(math.ceil(left * clock.turn_limit))
    spot = (round(centre[0] + radius * 0.87), round(centre[1] + radius * 0.5))

    def coin() -> None:
        pygame.draw.circle(surface, (25, 35, 30), spot, geo.px(18))
        pygame.draw.circle(surface, colour, spot, geo.px(18), geo.px(3))
        blit_text(surface, seconds, geo.px(18), CREAM, spot, "center", True)

    return coin


def _arc(centre: tuple[int, int], radius: int, width: int, share: float) -> list[tuple[float, float]]:
    """A band `width` thick along the circle, from the top clockwise over `share` of the way round."""
    steps = max(2, round(48 * share))
    angles = [-math.pi / 2 + 2 * math.pi * share * k / steps for k in range(steps + 1)]
    outer = [(centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a)) for a in angles]
    inner_r = radius - width
    inner = [(centre[0] + inner_r * math.cos(a), centre[1] + inner_r * math.sin(a)) for a in reversed(angles)]
    return outer + inner


def draw_pile(surface: pygame.Surface, geo: Fitted, session: Session, seat: int, art: CardArt, time: float) -> None:
    """An opponent's cards: a fan of backs with the count on a coin over it; at two cards and one the coin turns red
    and large and the alarm light stands over the fan."""
    cards = session.cards
    count = cards.shown_count(seat)
    if seat in cards.reveal or not count:
        return
    zone = cards.zone("pile", seat)
    image = fan(art.back(), count)
    spread = surface.blit(image, image.get_rect(center=zone.center))
    alarm = alarmed(session.view, seat, cards.deal is not None)
    _count(surface, geo, count, zone.center, alarm)
    if alarm:  # over the fan, or beside it at the wide north seat
        light = beacon(geo.px(22), glow(session, time))
        quarter = light.get_width() // 4
        across = zone.width > zone.height
        at = (spread.right + quarter, spread.centery) if across else (spread.centerx, spread.top - quarter)
        surface.blit(light, light.get_rect(center=at))


def _count(surface: pygame.Surface, geo: Fitted, count: int, centre: tuple[int, int], alarm: bool) -> None:
    """The count on a coin: dark with a gold rim, or red and larger when the seat is down to its last cards."""
    radius = geo.px(38 if alarm else 30)
    pygame.draw.circle(surface, (0, 0, 0), (centre[0] + geo.px(2), centre[1] + geo.px(3)), radius)
    pygame.draw.circle(surface, ALARM_RED if alarm else (22, 40, 32), centre, radius)
    pygame.draw.circle(surface, (255, 236, 170) if alarm else GOLD, centre, radius, geo.px(4 if alarm else 3))
    blit_text(surface, str(count), geo.px(52 if alarm else 38), CREAM, centre, "center", True, SHADOW)


def _your_alarm(surface: pygame.Surface, geo: Fitted, session: Session, face: pygame.Rect, time: float) -> None:
    """Your own seat down to two cards or one: the same red coin on your portrait's shoulder and the light over it."""
    centre = (face.right - geo.px(4), face.centery + geo.px(8))
    light = beacon(geo.px(22), glow(session, time))
    surface.blit(light, light.get_rect(center=(centre[0], centre[1] - geo.px(58))))
    _count(surface, geo, session.view.hand_sizes[session.me], centre, True)
