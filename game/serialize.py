"""The match <-> a plain JSON-able dict. The action log is the truth; the rest is a snapshot that must
agree with the replayed log, so a tampered or inconsistent save is caught, never trusted."""

from __future__ import annotations

from typing import Any

from game.actions import from_json, to_json
from game.match import Match
from game.reasons import IllegalAction
from game.rulesets import PRESETS

# 2: the log may hold "expired" (003 deal limit); 3: the "rob" and "two-player" rulesets and the "double" and
# "show" actions (004); 4: the "wildcard" and "swap-three" rulesets, the "swap" action and a play's stand-in ranks.
# None changed anything else, so older saves load as they are.
VERSION = 4


class SaveError(ValueError):
    """A snapshot that cannot be restored; the message is fit for the title screen. `code` and `params` name it for
    a translation (scenes/words/problems.py); `detail` is technical text said as it is."""

    def __init__(self, text: str, code: str, detail: str | None = None, **params: object) -> None:
        super().__init__(text)
        self.code, self.detail, self.params = code, detail, params


class SnapshotMismatch(SaveError):
    """The log replays cleanly but the snapshot says otherwise; `expected` is what the log gives."""

    def __init__(self, expected: dict[str, Any]) -> None:
        super().__init__("The save's scores or cards do not match its own action log.", "snapshot_mismatch")
        self.expected = expected


def to_dict(match: Match) -> dict[str, Any]:
    hand = match.hand
    return {
        "version": VERSION,
        "ruleset": match.rules.name,
        "seed": match.seed,
        "first_deal": match.first_deal,
        "actions": [to_json(a) for a in match.log],
        "scores": list(match.scores),
        "phase": match.phase.value,
        "hand_no": hand.number,
        "deal_no": hand.deal_no,
        "hands": [match.ranks(seat) for seat in range(match.players)],
        "winners": list(match.winners),
    }


def from_dict(data: Any) -> Match:
    """Rebuild a match by replaying its log, then check the snapshot against the result."""
    match = replay(data)
    expected = to_dict(match)
    if expected != data:
        raise SnapshotMismatch(expected)
    return match


def replay(data: Any) -> Match:
    """The match a snapshot's header and action log give, without checking the rest of the snapshot."""
    if not isinstance(data, dict):
        raise SaveError("The save is not a match snapshot.", "not_a_save")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError("The save has no version number.", "no_version")
    if version > VERSION:
        raise SaveError(
            f"The save comes from a newer version of the game (format {version}).", "newer", version=version
        )
    if version < 1:
        raise SaveError(f"The save format {version} is not known.", "unknown_format", version=version)
    ruleset = data.get("ruleset")
    if not isinstance(ruleset, str) or ruleset not in PRESETS:
        raise SaveError(f"The save names an unknown ruleset {ruleset!r}.", "unknown_ruleset", ruleset=repr(ruleset))
    seed, first_deal, actions = data.get("seed"), data.get("first_deal"), data.get("actions")
    if not _is_int(seed) or not (first_deal is None or _is_int(first_deal)) or not isinstance(actions, list):
        raise SaveError("The save is missing its seed or its action log.", "no_log")
    match = Match(ruleset, seed, first_deal)
    for step, raw in enumerate(actions, 1):
        try:
            match.apply(from_json(raw))
        except IllegalAction as err:
            text = f"The save's action {step} is not legal: {err}"
            raise SaveError(text, "illegal_action", step=step, rejection=err.rejection) from None
        except ValueError as err:
            raise SaveError(
                f"The save's action {step} is not legal: {err}", "bad_action", str(err), step=step
            ) from None
    return match


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
