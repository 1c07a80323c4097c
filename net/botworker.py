"""A bot worker process for the room server: one JSON request a line on stdin, one answer a line on stdout.

Request: `{"id": N, "view": <a view as net.wire writes it>, "level": "normal", "seed": "..."}`; answer: `{"id": N,
"action": <the action in game.actions notation>}` or `{"id": N, "error": "..."}`. The bot sees exactly the view a
client at that seat would be sent. The worker ends when its stdin closes (the server stopped or died).
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys

from game.actions import to_json
from game.bots.seat import bot_action
from net.wire import decode_view

NICENESS = 5  # below the server's event loop: the frames the players wait for come first


def answer(line: str) -> dict[str, object]:
    """The answer to one request line."""
    try:
        request = json.loads(line)
        ident = request.get("id")
    except (ValueError, AttributeError) as bad:
        return {"id": None, "error": f"unreadable request: {bad}"}
    try:
        view = decode_view(request["view"])
        action = bot_action(view, request["level"], random.Random(request["seed"]))
        return {"id": ident, "action": to_json(action)}
    except Exception as failed:  # a failing bot leaves the fallback to the server, never a dead worker
        return {"id": ident, "error": f"{type(failed).__name__}: {failed}"}


def main() -> None:
    os.nice(NICENESS)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C in the server's terminal is the server's: it closes our stdin
    for line in sys.stdin:
        sys.stdout.write(json.dumps(answer(line)) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
