"""A room's lobby: its code and where friends join, who sits where (a friend, away, a bot, a seat waiting for a
friend), Ready and Start, the quick phrases, Leave. Hosting, it first starts the room's server beside the window
(never waiting for it in a frame); joining, it connects. When the match starts (or you come back into one under way)
the table opens, fed by your `RemoteSeat`, and everything after is the same table as against the bots."""

from __future__ import annotations

import pathlib
import tempfile
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.rulesets import RULESETS
from net import messages
from net.client import Client
from net.hosting import Hosting, HostingFailed
from net.messages import SeatInfo
from scenes.art.avatars import Expression, avatar
from scenes.art.felt import felt
from scenes.art.text import blit_text
from scenes.art.widgets import CREAM, GOLD, MUTED, WARN, Row, panel, pill
from scenes.platform.input import Act, Input
from scenes.scene import Scene
from scenes.screens.phrases import PhraseMenu
from scenes.table.remote_seat import RemoteSeat, stop_hosting
from scenes.table.restore import restore_table
from scenes.table.session import Session
from scenes.words.i18n import tr
from scenes.words.wording import level_name, ruleset_title

if TYPE_CHECKING:
    from scenes.scene import Host


@dataclass(frozen=True)
class Plan:
    """How a visit to a room begins: host one (the room's options) or join one (where, and its code)."""

    url: str = ""  # the server: "" for one this game starts beside its window
    code: str = ""  # the room to join; "" to create one
    ruleset: str = "standard"
    level: str = "normal"
    seats: tuple[str, ...] = ()
    timers: bool = False
    lan: bool = True
    token: str = ""  # your seat's token: back to your seat in a room you were in
    port: int = 0  # hosting: the port to listen on (0: any free one; a room you hosted comes back on its own)

    @classmethod
    def hosting(cls, ruleset: str, level: str, seats: list[str], timers: bool, lan: bool, url: str = "") -> Plan:
        """A new room: on a server this game starts, or on the server at `url` (a `--serve` server)."""
        return cls(url=url, ruleset=ruleset, level=level, seats=tuple(seats), timers=timers, lan=lan)

    @classmethod
    def joining(cls, url: str, code: str) -> Plan:
        return cls(url=url, code=code)

    @classmethod
    def returning(cls, url: str, code: str, token: str, port: int) -> Plan:
        """Back to your seat with its token: at the server at `url`, or (`url` "") on the server this game hosted
        for the room, started again on its port from the rooms it saved."""
        return cls(url=url, code=code, token=token, port=port)

    @property
    def hosts(self) -> bool:
        """Does this game start the room's server?"""
        return not self.url

    @property
    def creates(self) -> bool:
        return not self.code


def rooms_directory(host: Host) -> pathlib.Path:
    """Where a server this game hosts keeps its rooms: beside the saves, or (saving nothing) a folder of its own."""
    if host.store is not None:
        return pathlib.Path(host.store.directory) / "rooms"
    return pathlib.Path(tempfile.mkdtemp(prefix="doudizhu-rooms-"))


class Lobby(Scene):
    name = "lobby"

    def __init__(self, host: Host, plan: Plan) -> None:
        super().__init__(host)
        self.plan = plan
        self.hosting: Hosting | None = None
        self.room: RemoteSeat | None = None
        self.failed: str | None = None  # why the room could not be opened or joined, or ended
        self.row = Row()
        self.time = 0.0

    # ----- opening -----------------------------------------------------------------------------------------

    def enter(self) -> None:
        if self.plan.hosts:
            try:
                self.hosting = Hosting(rooms_directory(self.host), port=self.plan.port, lan=self.plan.lan)
            except OSError as failed:
                self.failed = tr("rooms.host_failed", reason=str(failed))
        else:
            self._connect(self.plan.url)
        self.relayout()

    def _connect(self, url: str) -> None:
        prefs = self.host.prefs
        client = Client(url)
        self.room = RemoteSeat(client, self.host.table_settings, self.host.pool, self.hosting)
        self.host.room = self.room
        client.send(messages.hello(prefs.name or str(tr("rooms.default_name")), prefs.avatar))
        if self.plan.creates:
            plan = self.plan
            client.send(messages.create(plan.ruleset, plan.level, list(plan.seats), plan.timers, plan.lan))
        else:
            client.send(messages.join(self.plan.code, self.plan.token or None))

    def _opening(self) -> None:
        """The hosted server starts beside the window: polled, never waited for."""
        if self.hosting is None or self.room is not None or self.failed:
            return
        try:
            hosted = self.hosting.poll()
        except HostingFailed as failed:
            self.failed = tr("rooms.host_failed", reason=str(failed))
            return
        if hosted is not None:
            self._connect(hosted.url)

    # ----- the room ---------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.time += dt
        self._opening()
        room = self.room
        if room is not None and self.failed is None:
            room.pump()
            self._remember(room)
            if room.ended is not None:
                self.failed = tr(room.ended)
            elif room.started:
                self._to_table(room)
                return
        self._sync_buttons()

    def _remember(self, room: RemoteSeat) -> None:
        """Your seat kept on this device from the moment you have one, so that a game closed or crashed mid-match
        comes back to it (the title's Back to the room); forgotten when the room is left or ends."""
        welcome, prefs = room.welcome, self.host.prefs
        if room.gone and prefs.room_code:
            self.host.change_prefs(room_url="", room_code="", room_token="", room_port=0)
        elif welcome is not None and (prefs.room_code, prefs.room_token) != (welcome.code, welcome.token):
            port = self.hosting.hosted.port if self.hosting is not None and self.hosting.hosted else 0
            url = "" if self.plan.hosts else self.plan.url
            self.host.change_prefs(room_url=url, room_code=welcome.code, room_token=welcome.token, room_port=port)

    def _to_table(self, room: RemoteSeat) -> None:
        """The match has started (or you came back into one): the table, laid out as the view says; a hand under
        way is laid out at once as Continue lays out a saved one."""
        session = Session(room, self.host.table_settings, self.canvas.sounds)
        session.relayout(self.canvas.geo)
        self.host.session = session
        if not room.dealing:
            room.updates()  # the whole view is the table's already
            restore_table(session)
        self.host.show(session)

    def _sync_buttons(self) -> None:
        geo = self.canvas.geo
        specs: list[tuple[str, str, str]] = []
        room = self.room
        if room is not None and room.room is not None and self.failed is None:
            if room.hosting_room:
                specs.append(("start", tr("rooms.start"), "play"))
            else:
                specs.append(("ready", tr("rooms.not_ready" if room.ready else "rooms.ready"), "play"))
            specs.append(("say", tr("rooms.say"), "hint"))
        specs.append(("leave", tr("rooms.leave"), "dark"))
        if [b.key for b in self.row.buttons] != [k for k, _, _ in specs] or any(
            b.label != label for b, (_, label, _) in zip(self.row.buttons, specs, strict=False)
        ):
            focused = self.row.focused()
            self.row = Row.centered(geo["action_bar"], specs, geo.px(260), geo.px(24))
            was = focused.key if focused is not None and focused.key != "leave" else None  # connecting: Leave only
            keep = next((b for b in self.row.buttons if b.key == was), None)
            (keep or self.row.buttons[0]).focus = True
        hints = {"start": Act.CONFIRM, "ready": Act.CONFIRM, "say": Act.SUGGEST, "leave": Act.MENU}
        for b in self.row.buttons:
            b.hint = self.canvas.inputs.label(hints[b.key])
        if room is not None and room.hosting_room:
            b = self.row.get("start")
            b.enabled = all(s.ready or s.host or not (s.human and s.connected) for s in room.seats)

    def relayout(self) -> None:
        self.row = Row()
        self._sync_buttons()

    def choose(self, key: str) -> None:
        room = self.room
        if key == "leave":
            self.leave()
        elif room is None:
            return
        elif key == "start":
            room.start()
        elif key == "ready":
            room.say_ready(not room.ready)
        elif key == "say":
            self.host.push(PhraseMenu(self.host, room))

    def leave(self) -> None:
        self.host.change_prefs(room_url="", room_code="", room_token="", room_port=0)
        if self.room is not None:
            self.room.leave()
        elif self.hosting is not None:
            stop_hosting(self.hosting)
        self.host.room = None
        self.host.show_title()

    def handle(self, event: Input) -> None:
        act = event.act
        picked = self.row.react(event)
        if picked:
            self.choose(picked)
        elif act is Act.MENU or (act is Act.PASS and self.failed is not None):
            self.leave()
        elif act is Act.SUGGEST and self.room is not None and self.failed is None:
            self.choose("say")

    # ----- drawing ----------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        geo = self.canvas.geo
        surface.blit(felt(surface.get_size()), (0, 0))
        box = geo["panel"].inflate(geo.px(120), geo.px(40))
        surface.blit(panel(box.size, 215, geo.px(28)), box.topleft)
        x, y = box.x + geo.px(60), box.y + geo.px(36)
        room = self.room
        if self.failed is not None:
            blit_text(surface, tr("rooms.lobby"), geo.px(54), GOLD, (x, y), bold=True, shadow=(0, 0, 0))
            blit_text(surface, self.failed, geo.px(30), WARN, (x, y + geo.px(110)), bold=True)
        elif room is None or room.room is None:
            waiting = tr("rooms.opening" if self.plan.hosts else "rooms.connecting")
            dots = "." * (1 + int(self.time * 3) % 3)
            blit_text(surface, waiting + dots, geo.px(40), CREAM, (x, y + geo.px(60)), bold=True)
        else:
            self._room(surface, box, room)
        self.row.draw(surface, geo.px(28))

    def _room(self, surface: pygame.Surface, box: pygame.Rect, room: RemoteSeat) -> None:
        geo = self.canvas.geo
        info = room.room
        assert info is not None
        x, y = box.x + geo.px(60), box.y + geo.px(30)
        title = blit_text(surface, tr("rooms.room_code"), geo.px(30), CREAM, (x, y + geo.px(22)), bold=True)
        code = pill(info.code, geo.px(64), GOLD, (geo.px(26), geo.px(6)), (60, 24, 10), 240)
        surface.blit(code, code.get_rect(midleft=(title.right + geo.px(20), title.centery)))
        rules = RULESETS.get(info.ruleset)
        about = tr("rooms.about", ruleset=ruleset_title(rules) if rules else info.ruleset, level=level_name(info.level))
        blit_text(surface, about, geo.px(24), MUTED, (x, y + geo.px(92)))
        where = self._where()
        if where:
            blit_text(surface, where, geo.px(24), CREAM, (x, y + geo.px(128)))
        top = y + geo.px(190)
        for k, seat in enumerate(room.seats):
            self._seat(surface, pygame.Rect(x, top + k * geo.px(96), box.width - geo.px(120), geo.px(84)), seat, room)
        for text in self._news(room):
            blit_text(surface, text, geo.px(22), WARN, (x, box.bottom - geo.px(150)))

    def _where(self) -> str:
        """Hosting: the addresses friends join at, with the code."""
        if self.hosting is None or self.hosting.hosted is None:
            return ""
        hosted = self.hosting.hosted
        places = ", ".join(f"{address}:{hosted.port}" for address in hosted.addresses[:3])
        return tr("rooms.give_out", places=places or f"127.0.0.1:{hosted.port}")

    def _seat(self, surface: pygame.Surface, row: pygame.Rect, seat: SeatInfo, room: RemoteSeat) -> None:
        geo = self.canvas.geo
        surface.blit(panel(row.size, 150, geo.px(16)), row.topleft)
        face = avatar(seat.avatar, Expression.HAPPY if seat.ready else Expression.NEUTRAL, "", geo.px(70))
        surface.blit(face, face.get_rect(midleft=(row.x + geo.px(12), row.centery)))
        name = seat.name + (f"  {tr('rooms.you')}" if seat.seat == room.me else "")
        blit_text(surface, name, geo.px(30), CREAM, (row.x + geo.px(100), row.centery), "midleft", True)
        blit_text(surface, seat_status(seat), geo.px(24), status_colour(seat), (row.right - geo.px(24), row.centery),
                  "midright", True)  # fmt: skip

    def _news(self, room: RemoteSeat) -> list[str]:
        return [str(text) for text, _, _ in room.news[-1:]]


def seat_status(seat: SeatInfo) -> str:
    """A seat as the lobby says it: the host, ready or not, away, a bot, waiting for a friend."""
    if not seat.human:
        return tr("rooms.status_waiting") if seat.open else tr("rooms.status_bot")
    if not seat.connected:
        return tr("rooms.status_away")
    words = [tr("rooms.status_host")] if seat.host else []
    words.append(tr("rooms.status_ready" if seat.ready or seat.host else "rooms.status_not_ready"))
    return " · ".join(words)


def status_colour(seat: SeatInfo) -> tuple[int, int, int]:
    if seat.human and not seat.connected:
        return WARN
    if seat.human and (seat.ready or seat.host):
        return (140, 230, 160)
    return MUTED
