"""Every device turned into semantic actions in one place: keyboard, mouse, SDL game controllers and plain joysticks.

Scenes never look at raw pygame events; they receive `Input`s. The last device used decides which key or button the
on-screen labels show (a PlayStation pad's ✕○□△, the keyboard's again once the last pad is unplugged). A held
direction (arrow key, D-pad, hat, left stick) repeats after a short delay (`Inputs.tick`); the left stick and the
triggers count as pressed past half way and as released below a lower threshold, so a resting stick never drifts.
Joysticks SDL does not know as game controllers still work, through their hat and buttons (`JOYMAP`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
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
    ONE = auto()  # the numbered answers: Bid 1 (call, rob, double: the answer 1 stands for)
    TWO = auto()  # Bid 2
    THREE = auto()  # Bid 3
    NEW = auto()  # the settlement's New match
    PHRASE = auto()  # a room with friends: the quick phrases
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
    repeat: bool = False  # made by a held direction repeating (`Inputs.tick`)


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
    pygame.K_1: Act.ONE,
    pygame.K_KP1: Act.ONE,
    pygame.K_2: Act.TWO,
    pygame.K_KP2: Act.TWO,
    pygame.K_3: Act.THREE,
    pygame.K_KP3: Act.THREE,
    pygame.K_n: Act.NEW,
    pygame.K_t: Act.PHRASE,
}
NUMBERED = (Act.ONE, Act.TWO, Act.THREE)  # the numbered answers' acts, 1 first

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
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: Act.PHRASE,
}
# The triggers jump to the ends (the hand's first and last card, a replay's first and last move).
TRIGGERS = {pygame.CONTROLLER_AXIS_TRIGGERLEFT: Act.FIRST, pygame.CONTROLLER_AXIS_TRIGGERRIGHT: Act.LAST}
STICK = {pygame.CONTROLLER_AXIS_LEFTX: (Act.LEFT, Act.RIGHT), pygame.CONTROLLER_AXIS_LEFTY: (Act.UP, Act.DOWN)}
# A joystick SDL has no game-controller mapping for: the usual order of a pad's face, shoulder and centre buttons.
JOYMAP = (Act.CONFIRM, Act.PASS, Act.SUGGEST, Act.SORT, Act.COUNTER, Act.CLEAR, Act.AUTO, Act.MENU)
JOY_AXES = {0: STICK[pygame.CONTROLLER_AXIS_LEFTX], 1: STICK[pygame.CONTROLLER_AXIS_LEFTY]}
HATS = {(-1, 0): Act.LEFT, (1, 0): Act.RIGHT, (0, 1): Act.UP, (0, -1): Act.DOWN}
PRESS, RELEASE = 0.5, 0.35  # stick and trigger travel (0..1) that presses and that releases: the hysteresis
AXIS_FULL = 32767
REPEATS = (Act.LEFT, Act.RIGHT, Act.UP, Act.DOWN)
REPEAT_DELAY, REPEAT_EVERY = 0.35, 0.07  # seconds a direction is held before it repeats, and between repeats
PLAYSTATION = ("playstation", "ps3", "ps4", "ps5", "dualshock", "dualsense", "sony")  # in Controller.name

ARROWS = {Act.LEFT: "←", Act.RIGHT: "→", Act.UP: "↑", Act.DOWN: "↓"}  # the arrow keys, or a pad's D-pad
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
        Act.ONE: "1",
        Act.TWO: "2",
        Act.THREE: "3",
        Act.NEW: "N",
        Act.PHRASE: "T",
        **ARROWS,
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
        Act.PHRASE: "R3",
        Act.FIRST: "LT",
        Act.LAST: "RT",
        **ARROWS,
    },
}
PLAYSTATION_LABELS = {
    Act.CONFIRM: "✕",
    Act.PASS: "○",
    Act.SUGGEST: "□",
    Act.SORT: "△",
    Act.AUTO: "Share",
    Act.COUNTER: "L1",
    Act.CLEAR: "R1",
    Act.MENU: "Options",
    Act.UNDO: "L3",
    Act.PHRASE: "R3",
    Act.FIRST: "L2",
    Act.LAST: "R2",
    **ARROWS,
}

Opener = Callable[[int], tuple[int, object]]
JoyOpener = Callable[[int], "tuple[int, object] | None"]


def types(event: pygame.event.Event) -> bool:
    """Does this key press type a character (its text comes as TEXTINPUT), rather than command something?"""
    char = getattr(event, "unicode", "")
    return len(char) == 1 and char.isprintable() and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)


def open_controller(device_index: int) -> tuple[int, object]:
    """Open a game controller; (its instance id, the handle to keep open)."""
    pad = controller.Controller(device_index)
    return pad.as_joystick().get_instance_id(), pad


def open_joystick(device_index: int) -> tuple[int, object] | None:
    """Open a joystick SDL has no game-controller mapping for; None for a game controller (its controller events
    serve it, `open_controller`)."""
    if controller.is_controller(device_index):
        return None
    stick = pygame.joystick.Joystick(device_index)
    return stick.get_instance_id(), stick


def travel(value: int) -> float:
    """A game controller's axis (SDL's -32768..32767) in -1..1."""
    return max(-1.0, min(1.0, value / AXIS_FULL))


class Inputs:
    """Raw pygame events -> Inputs, tracking the active device and the open gamepads (hot-plug).

    While `typing` (a scene takes text: the `App` switches SDL's text input on with it), what the keyboard types
    arrives as Act.TEXT from SDL's TEXTINPUT events, so an input method or a keyboard layout gives the right
    characters; the keys that type something no longer act (P types "p", it does not pass) and Backspace erases.
    Outside typing, TEXTINPUT is ignored; TEXTEDITING (an input method's unfinished text) always is."""

    def __init__(self, opener: Opener = open_controller, joy_opener: JoyOpener = open_joystick) -> None:
        self.opener = opener
        self.joy_opener = joy_opener
        self.pads: dict[int, object] = {}  # game controllers by instance id
        self.sticks: dict[int, object] = {}  # plain joysticks by instance id
        self.device = Device.MOUSE
        self.playstation = False  # the last pad used has PlayStation buttons
        self.typing = False
        self.held: dict[Hashable, list] = {}  # what holds a direction -> [the Input, seconds to its next repeat]
        self.axes: dict[Hashable, Act] = {}  # a stick's or trigger's axis -> the act it presses now

    def label(self, act: Act) -> str:
        """The key or button for `act` on the active device: the keyboard's after the mouse (a mouse player may
        reach for a key), a PlayStation pad's ✕○□△ when that was the last pad used ('' when it has none)."""
        if self.device is Device.GAMEPAD and self.playstation:
            return PLAYSTATION_LABELS.get(act, "")
        return LABELS[Device.GAMEPAD if self.device is Device.GAMEPAD else Device.KEYBOARD].get(act, "")

    def translate(self, event: pygame.event.Event) -> list[Input]:
        found = self._translate(event)
        if found and found[-1].act is not Act.POINTER_MOVE:
            self.device = found[-1].device
        return found

    def tick(self, dt: float) -> list[Input]:
        """The repeats of every direction held down, `dt` seconds on."""
        out = []
        for entry in self.held.values():
            entry[1] -= dt
            while entry[1] <= 0:
                entry[1] += REPEAT_EVERY
                out.append(entry[0])
        return out

    def _press(self, source: Hashable, made: Input) -> list[Input]:
        if made.act in REPEATS:
            self.held[source] = [replace(made, repeat=True), REPEAT_DELAY]
        return [made]

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
            return self._press(("key", event.key), Input(act)) if act else []
        if kind == pygame.KEYUP:
            self.held.pop(("key", event.key), None)
            return []
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
            self.playstation = any(word in self._name(event.instance_id) for word in PLAYSTATION)
            act = PADMAP.get(event.button)
            return (
                self._press(("pad", event.instance_id, event.button), Input(act, device=Device.GAMEPAD)) if act else []
            )
        if kind == pygame.CONTROLLERBUTTONUP:
            self.held.pop(("pad", event.instance_id, event.button), None)
            return []
        if kind == pygame.CONTROLLERAXISMOTION:
            acts = (TRIGGERS[event.axis],) * 2 if event.axis in TRIGGERS else STICK.get(event.axis)
            return self._axis(("axis", event.instance_id, event.axis), acts, travel(event.value))
        if kind in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP, pygame.JOYHATMOTION, pygame.JOYAXISMOTION):
            return self._joystick(event) if event.instance_id in self.sticks else []  # a controller's own: ignored
        if kind == pygame.CONTROLLERDEVICEADDED:
            self._open(event.device_index)
        elif kind == pygame.CONTROLLERDEVICEREMOVED:
            self._unplugged(self.pads, event.instance_id)
        elif kind == pygame.JOYDEVICEADDED:
            self._open_stick(event.device_index)
        elif kind == pygame.JOYDEVICEREMOVED:
            self._unplugged(self.sticks, event.instance_id)
        return []

    def _axis(self, source: tuple[str, int, int], acts: tuple[Act, Act] | None, value: float) -> list[Input]:
        """A stick's or trigger's axis (its negative and positive acts): presses past PRESS, releases below RELEASE."""
        if acts is None:
            return []
        act = acts[1] if value > 0 else acts[0]
        was = self.axes.get(source)
        if was is not None and (abs(value) < RELEASE or act is not was):
            del self.axes[source]
            self.held.pop(source, None)
            was = None
        if was is None and abs(value) >= PRESS:
            self.axes[source] = act
            return self._press(source, Input(act, device=Device.GAMEPAD))
        return []

    def _joystick(self, event: pygame.event.Event) -> list[Input]:
        iid = event.instance_id
        if event.type == pygame.JOYBUTTONDOWN:
            self.playstation = False
            act = JOYMAP[event.button] if event.button < len(JOYMAP) else None
            return self._press(("joy", iid, event.button), Input(act, device=Device.GAMEPAD)) if act else []
        if event.type == pygame.JOYBUTTONUP:
            self.held.pop(("joy", iid, event.button), None)
            return []
        if event.type == pygame.JOYAXISMOTION:
            value = max(-1.0, min(1.0, float(event.value)))  # pygame gives a joystick's axes in -1..1 already
            return self._axis(("axis", iid, event.axis), JOY_AXES.get(event.axis), value)
        source = ("hat", iid, event.hat)
        self.held.pop(source, None)
        act = HATS.get(tuple(event.value))
        return self._press(source, Input(act, device=Device.GAMEPAD)) if act else []

    def _name(self, instance_id: int) -> str:
        return str(getattr(self.pads.get(instance_id), "name", "")).lower()

    def _open(self, device_index: int) -> None:
        try:
            instance_id, pad = self.opener(device_index)
        except pygame.error:
            return
        self.pads[instance_id] = pad

    def _open_stick(self, device_index: int) -> None:
        try:
            opened = self.joy_opener(device_index)
        except pygame.error:
            return
        if opened is not None:
            self.sticks[opened[0]] = opened[1]

    def _unplugged(self, devices: dict[int, object], instance_id: int) -> None:
        """A pad or joystick gone: what it held is let go, and with the last one the hints are the keyboard's."""
        devices.pop(instance_id, None)
        for source in [s for s in self.held if len(s) == 3 and s[1] == instance_id]:
            del self.held[source]
        for source in [s for s in self.axes if s[1] == instance_id]:
            del self.axes[source]
        if not self.pads and not self.sticks and self.device is Device.GAMEPAD:
            self.device = Device.KEYBOARD
