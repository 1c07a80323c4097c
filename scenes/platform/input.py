"""Every device turned into semantic actions in one place: keyboard, mouse and SDL game controllers.

Scenes never look at raw pygame events; they receive `Input`s. The last device used decides which
key or button the on-screen labels show.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, auto

import pygame
from pygame._sdl2 import controller


class Act(Enum):
    CONFIRM = auto()  # Play at the table, activate in menus
    PASS = auto()  # Pass at the table, back in menus
    SUGGEST = auto()
    SORT = auto()
    AUTO = auto()
    COUNTER = auto()
    CLEAR = auto()
    LEFT = auto()
    RIGHT = auto()
    UP = auto()  # raise the card under the cursor / previous menu entry
    DOWN = auto()  # lower the card under the cursor / next menu entry
    MENU = auto()
    FULLSCREEN = auto()
    MUTE = auto()  # sound off / on, anywhere
    TEXT = auto()  # typed text, while a scene takes text (Input.text holds it)
    ERASE = auto()  # Backspace while a scene takes text
    FIRST = auto()  # the replay's first move
    LAST = auto()  # the replay's last move
    FASTER = auto()  # the replay's speed up
    SLOWER = auto()  # the replay's speed down
    UNDO = auto()  # practice: take back your last decision
    POINTER_DOWN = auto()
    POINTER_MOVE = auto()
    POINTER_UP = auto()
    QUIT = auto()


class Device(Enum):
    KEYBOARD = "keyboard"
    MOUSE = "mouse"
    GAMEPAD = "gamepad"


@dataclass(frozen=True, slots=True)
class Input:
    act: Act
    pos: tuple[int, int] | None = None
    device: Device = Device.KEYBOARD
    text: str = ""  # what was typed, for Act.TEXT


KEYMAP: dict[int, Act] = {
    pygame.K_SPACE: Act.CONFIRM,
    pygame.K_RETURN: Act.CONFIRM,
    pygame.K_KP_ENTER: Act.CONFIRM,
    pygame.K_p: Act.PASS,
    pygame.K_BACKSPACE: Act.PASS,
    pygame.K_s: Act.SUGGEST,
    pygame.K_TAB: Act.SUGGEST,
    pygame.K_r: Act.SORT,
    pygame.K_a: Act.AUTO,
    pygame.K_c: Act.COUNTER,
    pygame.K_x: Act.CLEAR,
    pygame.K_LEFT: Act.LEFT,
    pygame.K_RIGHT: Act.RIGHT,
    pygame.K_UP: Act.UP,
    pygame.K_DOWN: Act.DOWN,
    pygame.K_ESCAPE: Act.MENU,
    pygame.K_F11: Act.FULLSCREEN,
    pygame.K_m: Act.MUTE,
    pygame.K_HOME: Act.FIRST,
    pygame.K_END: Act.LAST,
    pygame.K_PLUS: Act.FASTER,
    pygame.K_EQUALS: Act.FASTER,  # the + key without Shift
    pygame.K_KP_PLUS: Act.FASTER,
    pygame.K_MINUS: Act.SLOWER,
    pygame.K_KP_MINUS: Act.SLOWER,
    pygame.K_u: Act.UNDO,
}

PADMAP: dict[int, Act] = {
    pygame.CONTROLLER_BUTTON_A: Act.CONFIRM,
    pygame.CONTROLLER_BUTTON_B: Act.PASS,
    pygame.CONTROLLER_BUTTON_X: Act.SUGGEST,
    pygame.CONTROLLER_BUTTON_Y: Act.SORT,
    pygame.CONTROLLER_BUTTON_BACK: Act.AUTO,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: Act.COUNTER,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: Act.CLEAR,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: Act.LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Act.RIGHT,
    pygame.CONTROLLER_BUTTON_DPAD_UP: Act.UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: Act.DOWN,
    pygame.CONTROLLER_BUTTON_START: Act.MENU,
    pygame.CONTROLLER_BUTTON_LEFTSTICK: Act.UNDO,
}

LABELS: dict[Device, dict[Act, str]] = {
    Device.KEYBOARD: {
        Act.CONFIRM: "Space",
        Act.PASS: "P",
        Act.SUGGEST: "S",
        Act.SORT: "R",
        Act.AUTO: "A",
        Act.COUNTER: "C",
        Act.CLEAR: "X",
        Act.MENU: "Esc",
        Act.MUTE: "M",
        Act.FIRST: "Home",
        Act.LAST: "End",
        Act.FASTER: "+",
        Act.SLOWER: "-",
        Act.UNDO: "Ctrl+Z",
    },
    Device.GAMEPAD: {
        Act.CONFIRM: "(A)",
        Act.PASS: "(B)",
        Act.SUGGEST: "(X)",
        Act.SORT: "(Y)",
        Act.AUTO: "Back",
        Act.COUNTER: "LB",
        Act.CLEAR: "RB",
        Act.MENU: "Start",
        Act.UNDO: "L3",
    },
    Device.MOUSE: {},
}

Opener = Callable[[int], tuple[int, object]]


def types(event: pygame.event.Event) -> bool:
    """Does this key press type a character (its text comes as TEXTINPUT), rather than command something?"""
    char = getattr(event, "unicode", "")
    return len(char) == 1 and char.isprintable() and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)


def open_controller(device_index: int) -> tuple[int, object]:
    """Open a game controller; (its instance id, the handle to keep open)."""
    pad = controller.Controller(device_index)
    return pad.as_joystick().get_instance_id(), pad


class Inputs:
    """Raw pygame events -> Inputs, tracking the active device and the open gamepads (hot-plug).

    While `typing` (a scene takes text: the `App` switches SDL's text input on with it), what the keyboard types
    arrives as Act.TEXT from SDL's TEXTINPUT events, so an input method or a keyboard layout gives the right
    characters; the keys that type something no longer act (P types "p", it does not pass) and Backspace erases.
    Outside typing, TEXTINPUT is ignored; TEXTEDITING (an input method's unfinished text) always is."""

    def __init__(self, opener: Opener = open_controller) -> None:
        self.opener = opener
        self.pads: dict[int, object] = {}
        self.device = Device.MOUSE
        self.typing = False

    def label(self, act: Act) -> str:
        """The key or button for `act` on the active device ('' for the mouse)."""
        return LABELS[self.device].get(act, "")

    def translate(self, event: pygame.event.Event) -> list[Input]:
        found = self._translate(event)
        if found and found[-1].act is not Act.POINTER_MOVE:
            self.device = found[-1].device
        return found

    def _translate(self, event: pygame.event.Event) -> list[Input]:
        kind = event.type
        if kind == pygame.QUIT:
            return [Input(Act.QUIT, device=self.device)]
        if kind == pygame.TEXTINPUT:
            return [Input(Act.TEXT, text=event.text)] if self.typing and event.text else []
        if kind == pygame.KEYDOWN and self.typing and (event.key == pygame.K_BACKSPACE or types(event)):
            return [Input(Act.ERASE)] if event.key == pygame.K_BACKSPACE else []
        if kind == pygame.KEYDOWN:
            act = KEYMAP.get(event.key)
            if act is Act.CONFIRM and event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT:
                act = Act.FULLSCREEN
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                act = Act.UNDO
            return [Input(act)] if act else []
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.button == 1:
                act = Act.POINTER_DOWN if kind == pygame.MOUSEBUTTONDOWN else Act.POINTER_UP
                return [Input(act, event.pos, Device.MOUSE)]
            if event.button == 3 and kind == pygame.MOUSEBUTTONDOWN:
                return [Input(Act.CLEAR, event.pos, Device.MOUSE)]
            return []
        if kind == pygame.MOUSEMOTION:
            return [Input(Act.POINTER_MOVE, event.pos, Device.MOUSE)]
        if kind == pygame.CONTROLLERBUTTONDOWN:
            act = PADMAP.get(event.button)
            return [Input(act, device=Device.GAMEPAD)] if act else []
        if kind == pygame.CONTROLLERDEVICEADDED:
            self._open(event.device_index)
        elif kind == pygame.CONTROLLERDEVICEREMOVED:
            self.pads.pop(event.instance_id, None)
        return []

    def _open(self, device_index: int) -> None:
        try:
            instance_id, pad = self.opener(device_index)
        except pygame.error:
            return
        self.pads[instance_id] = pad
