"""Join a room: the rooms found on the local network (mDNS, `net.discovery`), each joined with one press, or an
address and a room code typed in (a friend's server on the internet, or a `--serve` server)."""

from __future__ import annotations

from game.rulesets import RULESETS
from net.discovery import LanBrowser, LanTable
from net.protocol import CODE_ALPHABET, CODE_LENGTH, DEFAULT_PORT
from scenes.screens.entry import TextEntry
from scenes.screens.host_room import HostRoom
from scenes.screens.lobby import Lobby, Plan
from scenes.screens.overlay import MenuOverlay
from scenes.words.i18n import tr
from scenes.words.wording import ruleset_title

SHOWN = 4  # rooms found on the network listed at once
ADDRESS_KEYS = "0123456789.:abcdefghijklmnopqrstuvwxyz-"


def server_url(address: str) -> str:
    """A typed address as the URL to connect to: "192.168.1.5", "host:47650" or "ws://host:port"."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    host, _, port = address.partition(":")
    if host.startswith("[") or address.count(":") > 1:  # an IPv6 address is written [::1]:port
        return f"ws://{address}" if "]:" in address else f"ws://[{address.strip('[]')}]:{DEFAULT_PORT}"
    return f"ws://{host}:{port or DEFAULT_PORT}"


class JoinRoom(MenuOverlay):
    name = "join_room"
    title_key = "rooms.join_title"
    width = 900
    note_room = 2

    def __init__(self, host) -> None:
        super().__init__(host)
        self.browser = LanBrowser()
        self.found: list[LanTable] = []
        self.address = ""
        self.code = ""

    def items(self) -> list[tuple[str, str, str]]:
        items = []
        for k, table in enumerate(self.found[:SHOWN]):
            rules = RULESETS.get(table.ruleset)
            ruleset = ruleset_title(rules) if rules else table.ruleset
            label = tr("rooms.found", host=table.host, ruleset=ruleset, seats=table.open_seats)
            items.append((f"lan{k}", label, "play"))
        address = self.address or tr("rooms.address_none")
        items += [
            ("address", tr("rooms.address", address=address), "plain"),
            ("code", tr("rooms.code", code=self.code or "——————"), "plain"),
            ("join", tr("rooms.join_button"), "play"),
            ("create", tr("rooms.create_there"), "plain"),
            ("back", tr("common.back"), "dark"),
        ]
        return items

    def relayout(self) -> None:
        self.note = self._note()
        super().relayout()
        self.row.get("join").enabled = bool(self.address) and len(self.code) == CODE_LENGTH
        self.row.get("create").enabled = bool(self.address)

    def _note(self) -> str:
        if self.found:
            return tr("rooms.found_note")
        if self.browser.problem:
            return tr("rooms.lan_off")
        return tr("rooms.looking")

    def update(self, dt: float) -> None:
        super().update(dt)
        tables = sorted(self.browser.tables(), key=lambda t: (t.host, t.code))
        if tables != self.found:
            first = not self.found and not self.address  # the first room found, nothing typed yet: it takes the focus
            self.found = tables
            self.relayout()
            if first and tables:
                for b in self.row.buttons:
                    b.focus = b.key == "lan0"

    def choose(self, key: str) -> None:
        if key.startswith("lan"):
            table = self.found[int(key[3:])]
            self.go(Plan.joining(table.url, table.code))
        elif key == "address":
            title = tr("rooms.address_title")
            self.host.push(TextEntry(self.host, title, self.address, ADDRESS_KEYS, 60, self.set_address))
        elif key == "code":
            note = tr("rooms.code_note")
            entry = TextEntry(
                self.host, tr("rooms.code_title"), self.code, CODE_ALPHABET, CODE_LENGTH, self.set_code, note, True
            )
            self.host.push(entry)
        elif key == "join":
            self.go(Plan.joining(server_url(self.address), self.code))
        elif key == "create":
            self.host.push(HostRoom(self.host, server_url(self.address)))
        elif key == "back":
            self.close()

    def go(self, plan: Plan) -> None:
        self.host.push(Lobby(self.host, plan))

    def set_address(self, value: str) -> None:
        self.address = value
        self.relayout()

    def set_code(self, value: str) -> None:
        self.code = "".join(ch for ch in value.upper() if ch in CODE_ALPHABET)[:CODE_LENGTH]
        self.relayout()

    def exit(self) -> None:
        self.browser.close()
