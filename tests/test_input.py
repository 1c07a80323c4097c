"""Input: every device becomes semantic actions in one place; labels follow the device; pads hot-plug."""

import pygame
import pytest

from scenes.platform.input import Act, Device, Inputs


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def pad(button: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button)


def acts(inputs: Inputs, event: pygame.event.Event) -> list[Act]:
    return [i.act for i in inputs.translate(event)]


@pytest.mark.parametrize(
    ("k", "act"),
    [
        (pygame.K_SPACE, Act.CONFIRM),
        (pygame.K_RETURN, Act.CONFIRM),
        (pygame.K_p, Act.PASS),
        (pygame.K_BACKSPACE, Act.PASS),
        (pygame.K_s, Act.SUGGEST),
        (pygame.K_TAB, Act.SUGGEST),
        (pygame.K_a, Act.AUTO),
        (pygame.K_LEFT, Act.LEFT),
        (pygame.K_UP, Act.UP),
        (pygame.K_DOWN, Act.DOWN),
        (pygame.K_ESCAPE, Act.MENU),
        (pygame.K_F11, Act.FULLSCREEN),
    ],
)
def test_s21_keyboard_keys_map_to_table_actions(k, act):
    assert acts(Inputs(), key(k)) == [act]


@pytest.mark.parametrize(
    ("button", "act"),
    [
        (pygame.CONTROLLER_BUTTON_A, Act.CONFIRM),
        (pygame.CONTROLLER_BUTTON_B, Act.PASS),
        (pygame.CONTROLLER_BUTTON_X, Act.SUGGEST),
        (pygame.CONTROLLER_BUTTON_Y, Act.SORT),
        (pygame.CONTROLLER_BUTTON_DPAD_RIGHT, Act.RIGHT),
        (pygame.CONTROLLER_BUTTON_DPAD_UP, Act.UP),
        (pygame.CONTROLLER_BUTTON_START, Act.MENU),
    ],
)
def test_gamepad_buttons_map_to_table_actions(button, act):
    assert acts(Inputs(), pad(button)) == [act]


def test_unmapped_key_gives_nothing():
    assert acts(Inputs(), key(pygame.K_F1)) == []


def test_alt_enter_toggles_full_screen():
    assert acts(Inputs(), key(pygame.K_RETURN, pygame.KMOD_LALT)) == [Act.FULLSCREEN]


def test_left_click_carries_its_position():
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(12, 34), button=1)
    (found,) = Inputs().translate(event)
    assert (found.act, found.pos) == (Act.POINTER_DOWN, (12, 34))


def test_right_click_clears_the_selection():
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3)
    assert acts(Inputs(), event) == [Act.CLEAR]


def test_labels_follow_the_last_device_used():
    inputs = Inputs()
    inputs.translate(key(pygame.K_p))
    keyboard = inputs.label(Act.CONFIRM)
    inputs.translate(pad(pygame.CONTROLLER_BUTTON_B))
    assert (keyboard, inputs.device, inputs.label(Act.CONFIRM)) == ("Space", Device.GAMEPAD, "(A)")


def test_mouse_motion_does_not_change_the_labels():
    inputs = Inputs()
    inputs.translate(key(pygame.K_p))
    inputs.translate(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(1, 1), buttons=(0, 0, 0)))
    assert inputs.device is Device.KEYBOARD


def test_pad_plugged_in_is_opened_and_unplugged_is_dropped():
    inputs = Inputs(opener=lambda index: (100 + index, object()))
    inputs.translate(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=2))
    opened = set(inputs.pads)
    inputs.translate(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=102))
    assert (opened, inputs.pads) == ({102}, {})


def test_pad_that_fails_to_open_is_ignored():
    def refuse(index: int):
        raise pygame.error("no such device")

    inputs = Inputs(opener=refuse)
    inputs.translate(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))
    assert inputs.pads == {}


def test_real_opener_without_a_device_does_not_crash():
    pygame.init()
    from pygame._sdl2 import controller

    controller.init()
    inputs = Inputs()
    inputs.translate(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))
    assert inputs.pads == {}
    pygame.quit()


# ----- typed text ------------------------------------------------------------------------------------------------


def typed_key(k: int, char: str, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=char, scancode=0)


def typing() -> Inputs:
    inputs = Inputs(opener=lambda i: (i, object()))
    inputs.typing = True
    return inputs


def test_m_mutes():
    assert acts(Inputs(), key(pygame.K_m)) == [Act.MUTE]


def test_typed_text_arrives_whole_while_a_scene_takes_text():
    found = typing().translate(pygame.event.Event(pygame.TEXTINPUT, text="４7"))
    assert [(i.act, i.text, i.device) for i in found] == [(Act.TEXT, "４7", Device.KEYBOARD)]


def test_typed_text_is_ignored_when_no_scene_takes_text():
    assert acts(Inputs(), pygame.event.Event(pygame.TEXTINPUT, text="p")) == []


def test_an_input_methods_unfinished_text_is_ignored():
    editing = pygame.event.Event(pygame.TEXTEDITING, text="dou", start=0, length=3)
    assert acts(typing(), editing) == [] and acts(Inputs(), editing) == []


def test_while_typing_the_keys_that_type_do_not_act_and_backspace_erases():
    inputs = typing()
    assert [
        acts(inputs, typed_key(k, c)) for k, c in ((pygame.K_p, "p"), (pygame.K_SPACE, " "), (pygame.K_4, "4"))
    ] == [
        [],
        [],
        [],
    ]
    assert acts(inputs, key(pygame.K_BACKSPACE)) == [Act.ERASE]


def test_while_typing_enter_escape_arrows_and_shortcuts_still_act():
    inputs = typing()
    assert acts(inputs, typed_key(pygame.K_RETURN, "\r")) == [Act.CONFIRM]
    assert acts(inputs, typed_key(pygame.K_ESCAPE, "\x1b")) == [Act.MENU]
    assert acts(inputs, key(pygame.K_LEFT)) == [Act.LEFT]
    assert acts(inputs, typed_key(pygame.K_z, "\x1a", pygame.KMOD_LCTRL)) == [Act.UNDO]


def test_text_input_is_on_exactly_while_the_deal_entry_is_open(app, monkeypatch):
    from scenes.screens.new_match import DealEntry

    calls: list[str] = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: calls.append("start"))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: calls.append("stop"))
    calls.clear()
    app.push(DealEntry(app, "standard"))
    on = app.inputs.typing
    app.pop()
    assert (calls, on, app.inputs.typing) == (["start", "stop"], True, False)
