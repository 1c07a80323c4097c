"""Host a room: its ruleset and bot level, which seats wait for a friend (a bot plays them until one comes) and which
are bots for good, whether the local network may see it, and the 003 turn timers; then the room opens on a server
this game starts beside its window (`net.hosting`), and the lobby shows its code and address."""

from __future__ import annotations

from game.rulesets import RULESETS
from scenes.screens.lobby import Lobby, Plan
from scenes.screens.overlay import MenuOverlay
from scenes.screens.settings import on_off
from scenes.table.table_settings import LEVELS
from scenes.words.i18n import tr
from scenes.words.wording import level_name, ruleset_title

SEATS = ("open", "bot")  # a seat you do not take: waits for a friend, or a bot's


class HostRoom(MenuOverlay):
    name = "host_room"
    title_key = "rooms.host_title"
    width = 860
    note_room = 2

    def __init__(self, host, url: str = "") -> None:
        super().__init__(host)
        self.url = url  # a server to open the room on (`--serve`); "" for one this game starts
        self.ruleset = host.ruleset if host.ruleset in RULESETS else "standard"
        self.level = host.table_settings.level
        self.seats: list[str] = ["open"] * 3  # the seats after yours, as many as the ruleset has
        self.lan = True
        self.timers = False

    @property
    def players(self) -> int:
        return RULESETS[self.ruleset].players

    def items(self) -> list[tuple[str, str, str]]:
        rules = RULESETS[self.ruleset]
        own_timers = rules.turn_seconds is not None
        items = [
            ("ruleset", tr("rooms.ruleset", name=ruleset_title(rules)), "plain"),
            ("level", tr("rooms.level", level=level_name(self.level)), "plain"),
        ]
        for k in range(1, self.players):
            word = tr("rooms.seat_friend" if self.seats[k - 1] == "open" else "rooms.seat_bot")
            items.append((f"seat{k}", tr("rooms.seat", number=k + 1, who=word), "plain"))
        items.append(("lan", tr("rooms.lan", state=on_off(self.lan)), "plain"))
        timers = tr("settings.timers_ruleset", ruleset=ruleset_title(rules)) if own_timers else None
        items.append(("timers", timers or tr("settings.timers", state=on_off(self.timers)), "plain"))
        items += [("open", tr("rooms.open"), "play"), ("back", tr("common.back"), "dark")]
        return items

    def relayout(self) -> None:
        self.note = tr("rooms.there_note", url=self.url) if self.url else tr("rooms.host_note")
        super().relayout()
        self.row.get("timers").enabled = RULESETS[self.ruleset].turn_seconds is None

    def choose(self, key: str) -> None:
        if key == "ruleset":
            names = list(RULESETS)
            self.ruleset = names[(names.index(self.ruleset) + 1) % len(names)]
        elif key == "level":
            self.level = LEVELS[(LEVELS.index(self.level) + 1) % len(LEVELS)]
        elif key.startswith("seat"):
            k = int(key[4:]) - 1
            self.seats[k] = SEATS[(SEATS.index(self.seats[k]) + 1) % len(SEATS)]
        elif key == "lan":
            self.lan = not self.lan
        elif key == "timers":
            self.timers = not self.timers
        elif key == "open":
            seats = self.seats[: self.players - 1]
            plan = Plan.hosting(self.ruleset, self.level, seats, self.timers, self.lan, self.url)
            self.host.push(Lobby(self.host, plan))
            return
        elif key == "back":
            self.close()
            return
        self.relayout()
