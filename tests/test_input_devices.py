"""Input devices (scenes/platform/input.py): held directions repeat, the left stick and the triggers press and
release with hysteresis, plain joysticks work through their hat and buttons, hints follow the pad (✕○□△ on a
PlayStation pad, the keyboard's once it is unplugged), Home/End and the triggers jump to the hand's ends. The
hot-plug tests use SDL's own virtual joysticks (the SDL bundled with pygame-ce)."""

import ctypes
import glob
import os
from types import SimpleNamespace

import pygame
import pytest

from scenes.platform.input import REPEAT_DELAY, REPEAT_EVERY, Act, Device, Inputs
from tests.kit.app import steps

pytestmark = pytest.mark.app(title=True)


def event(kind: int, **attrs) -> pygame.event.Event:
    return pygame.event.Event(kind, **attrs)


def acts(inputs: Inputs, *events: pygame.event.Event) -> list[Act]:
    return [i.act for e in events for i in inputs.translate(e)]


def axis(value: float, which: int = pygame.CONTROLLER_AXIS_LEFTX) -> pygame.event.Event:
    return event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=which, value=round(value * 32767))


def test_a_held_arrow_repeats_after_a_delay_and_stops_on_release():
    inputs = Inputs()
    assert acts(inputs, event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")) == [Act.RIGHT]
    assert inputs.tick(REPEAT_DELAY - 0.01) == []
    repeated = inputs.tick(0.01 + 3.5 * REPEAT_EVERY)  # the first repeat at the delay, then one every interval
    assert [i.act for i in repeated] == [Act.RIGHT] * 4 and all(i.repeat for i in repeated)
    inputs.translate(event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0))
    assert inputs.tick(1.0) == []


def test_confirm_never_repeats():
    inputs = Inputs()
    inputs.translate(event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    assert inputs.tick(2.0) == []


def test_the_left_stick_presses_past_half_way_and_releases_below_the_lower_threshold():
    inputs = Inputs()
    assert acts(inputs, axis(0.3), axis(0.45)) == []  # resting drift and a light touch do nothing
    assert acts(inputs, axis(0.6)) == [Act.RIGHT]
    assert acts(inputs, axis(0.9), axis(0.4), axis(0.55)) == []  # still held: the hysteresis band
    assert [i.act for i in inputs.tick(REPEAT_DELAY)] == [Act.RIGHT]
    assert acts(inputs, axis(0.2), axis(0.6)) == [Act.RIGHT]  # released, pressed again
    assert acts(inputs, axis(-0.7)) == [Act.LEFT]  # straight across
    assert acts(inputs, axis(0.8, pygame.CONTROLLER_AXIS_LEFTY)) == [Act.DOWN]


def test_the_triggers_jump_to_the_ends():
    inputs = Inputs()
    left, right = pygame.CONTROLLER_AXIS_TRIGGERLEFT, pygame.CONTROLLER_AXIS_TRIGGERRIGHT
    assert acts(inputs, axis(0.9, left), axis(1.0, left), axis(0.1, left), axis(0.8, right)) == [Act.FIRST, Act.LAST]
    assert inputs.tick(2.0) == []  # a jump does not repeat


def test_playstation_pads_show_their_symbols_and_an_unplugged_pad_gives_the_keyboards_hints():
    names = {100: "PS5 Controller", 101: "Xbox Series X Controller"}
    inputs = Inputs(opener=lambda i: (100 + i, SimpleNamespace(name=names[100 + i])))
    for index in (0, 1):
        inputs.translate(event(pygame.CONTROLLERDEVICEADDED, device_index=index, guid=""))
    inputs.translate(event(pygame.CONTROLLERBUTTONDOWN, instance_id=100, button=pygame.CONTROLLER_BUTTON_A))
    assert [inputs.label(a) for a in (Act.CONFIRM, Act.PASS, Act.SUGGEST, Act.SORT)] == ["✕", "○", "□", "△"]
    inputs.translate(event(pygame.CONTROLLERBUTTONDOWN, instance_id=101, button=pygame.CONTROLLER_BUTTON_A))
    assert inputs.label(Act.CONFIRM) == "(A)"
    inputs.translate(event(pygame.CONTROLLERDEVICEREMOVED, instance_id=100))
    assert inputs.device is Device.GAMEPAD  # one pad is still there
    inputs.translate(event(pygame.CONTROLLERDEVICEREMOVED, instance_id=101))
    assert (inputs.device, inputs.label(Act.CONFIRM)) == (Device.KEYBOARD, "Space")


def test_a_controllers_own_joystick_events_are_not_read_twice():
    inputs = Inputs(opener=lambda i: (7, object()), joy_opener=lambda i: None)
    inputs.translate(event(pygame.CONTROLLERDEVICEADDED, device_index=0, guid=""))
    inputs.translate(event(pygame.JOYDEVICEADDED, device_index=0, guid=""))
    assert acts(inputs, event(pygame.JOYBUTTONDOWN, instance_id=7, joy=0, button=0)) == []


# ----- SDL's virtual joysticks ----------------------------------------------------------------------------------

SDL_LIBS = glob.glob(os.path.join(os.path.dirname(pygame.__file__), "..", "pygame_ce.libs", "libSDL2-2*"))
HAT_LEFT, HAT_CENTRED = 8, 0


@pytest.fixture
def sdl():
    if not SDL_LIBS:
        pytest.skip("pygame-ce's bundled SDL is not where a wheel puts it")
    lib = ctypes.CDLL(SDL_LIBS[0])
    lib.SDL_JoystickOpen.restype = ctypes.c_void_p
    return lib


def plug(sdl, kind: int) -> tuple[int, ctypes.c_void_p]:
    """A virtual device (0: a plain joystick, 1: a game controller) with 6 axes, 15 buttons, a hat."""
    index = sdl.SDL_JoystickAttachVirtual(kind, 6, 15, 1)
    assert index >= 0
    return index, ctypes.c_void_p(sdl.SDL_JoystickOpen(index))


def settle(app, ready) -> None:
    """Frames until SDL's device events have been read (an attach or detach may take a few)."""
    for _ in range(30):
        if ready():
            return
        steps(app, 1)


def unplug(sdl, index: int, handle: ctypes.c_void_p) -> None:
    sdl.SDL_JoystickClose(handle)
    sdl.SDL_JoystickDetachVirtual(index)


def test_a_plain_joystick_plugged_in_moves_and_confirms_through_its_hat_and_buttons(app, sdl):
    index, handle = plug(sdl, 0)
    try:
        settle(app, lambda: app.inputs.sticks)  # JOYDEVICEADDED: opened as a plain joystick
        assert len(app.inputs.sticks) == 1 and not app.inputs.pads
        seen = []
        app.dispatch = seen.append
        sdl.SDL_JoystickSetVirtualHat(handle, 0, HAT_LEFT)
        sdl.SDL_JoystickSetVirtualButton(handle, 0, 1)
        sdl.SDL_JoystickUpdate()
        steps(app, 1)
        assert sorted(i.act.name for i in seen) == ["CONFIRM", "LEFT"] and app.inputs.device is Device.GAMEPAD
        sdl.SDL_JoystickSetVirtualHat(handle, 0, HAT_CENTRED)
        sdl.SDL_JoystickUpdate()
        steps(app, 60)
        assert len(seen) == 2  # let go: no repeat
    finally:
        unplug(sdl, index, handle)
    settle(app, lambda: not app.inputs.sticks)
    assert not app.inputs.sticks and app.inputs.device is Device.KEYBOARD


def test_a_virtual_game_controller_opens_as_a_pad_not_a_joystick(app, sdl):
    """The real openers on SDL's virtual controller. (Its attach events are read by the app only sometimes after
    earlier tests' pygame.quit() in the same process, so the events are handed over here.)"""
    index, handle = plug(sdl, 1)
    inputs = Inputs()
    try:
        inputs.translate(event(pygame.JOYDEVICEADDED, device_index=index, guid=""))
        inputs.translate(event(pygame.CONTROLLERDEVICEADDED, device_index=index, guid=""))
        assert (len(inputs.pads), inputs.sticks) == (1, {})
        (instance_id,) = inputs.pads
        inputs.translate(event(pygame.CONTROLLERBUTTONDOWN, instance_id=instance_id, button=0))
        assert (inputs.device, inputs.label(Act.CONFIRM)) == (Device.GAMEPAD, "(A)")
    finally:
        unplug(sdl, index, handle)
    inputs.translate(event(pygame.CONTROLLERDEVICEREMOVED, instance_id=instance_id))
    assert (inputs.pads, inputs.device) == ({}, Device.KEYBOARD)


def test_home_end_and_held_arrows_cross_a_hand(app):
    from scenes.flow import new_match

    new_match(app, "standard")
    while app.scene.name != "play" or app.session.cards.deal is not None:
        steps(app, 10)
        if app.scene.name == "bidding":
            app.scene.handle(SimpleNamespace(act=Act.CONFIRM, pos=None, device=Device.KEYBOARD, repeat=False))
    session = app.session
    last = len(session.cards.board.hand) - 1
    pygame.event.post(event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
    steps(app, 1)
    assert session.cards.cursor == last
    pygame.event.post(event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode=""))
    steps(app, 1)
    assert session.cards.cursor == 0
    pygame.event.post(event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    steps(app, 120)  # held for two seconds: the cursor runs to the last card and stops there (no wrap)
    assert session.cards.cursor == last
