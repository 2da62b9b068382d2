"""menus/options.py on its own, over a session: every engine choice has its
items, each pick reaches the session's choices, a change made elsewhere
ticks the items, a refused value puts them back, the zone dialogs' answers
(or a cancel) land where they should, and Reset gives the defaults."""

from __future__ import annotations

from dataclasses import fields, replace
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel, QWidget

from timeline_app.core.options import Choices
from timeline_app.gui.dialogs import questions
from timeline_app.gui.menus.options import GROUPS, TOGGLES, OptionsMenu
from timeline_app.gui.session import DiscussionSession

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


@pytest.fixture
def session(qapp) -> DiscussionSession:
    return DiscussionSession(Choices())


@pytest.fixture
def menu(qtbot, session: DiscussionSession) -> OptionsMenu:
    parent = QWidget()
    qtbot.addWidget(parent)
    return OptionsMenu(session, parent)


def _ticked(menu: OptionsMenu) -> dict[str, object]:
    picked = {
        field: [v for v, a in actions.items() if a.isChecked()] for field, actions in menu.groups.items()
    }
    assert all(len(values) == 1 for values in picked.values()), picked
    return {**{f: v[0] for f, v in picked.items()}, **{f: a.isChecked() for f, a in menu.toggles.items()}}


def _of(choices: Choices) -> dict[str, object]:
    return {field: getattr(choices, field) for field in [g[0] for g in GROUPS] + [t[0] for t in TOGGLES]}


def test_every_choice_of_the_menu_is_one_of_the_engines(menu: OptionsMenu) -> None:
    names = {f.name for f in fields(Choices)}
    assert {g[0] for g in GROUPS} | {t[0] for t in TOGGLES} <= names
    assert _ticked(menu) == _of(Choices())


def test_each_pick_reaches_the_session(menu: OptionsMenu, session: DiscussionSession) -> None:
    for field, actions in menu.groups.items():
        for value, action in actions.items():
            action.trigger()
            assert getattr(session.choices, field) == value, (field, value)
            assert _ticked(menu) == _of(session.choices)
    for field, action in menu.toggles.items():
        before = getattr(session.choices, field)
        action.trigger()
        assert getattr(session.choices, field) is (not before), field
        action.trigger()  # and back
        assert getattr(session.choices, field) is before, field


def test_a_change_made_elsewhere_ticks_the_items(menu: OptionsMenu, session: DiscussionSession) -> None:
    changed = replace(Choices(), sentinels="legacy", api="ollama", st_quotes=True, group_chat_commit=True)
    assert session.set_choices(changed)
    assert _ticked(menu) == _of(changed)
    menu.findChild(type(menu.toggles["st_quotes"]), "option_reset").trigger()
    assert session.choices == Choices() and _ticked(menu) == _of(Choices())


def test_a_refused_zone_keeps_the_choices_and_a_cancel_changes_nothing(
    menu: OptionsMenu, session: DiscussionSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(["Mars/Olympus", None, "Europe/Lisbon", ""])
    monkeypatch.setattr(questions, "ask_zone", lambda *_args: next(answers))
    menu._ask_wilmer_zone()  # not a zone: refused, nothing changes
    assert session.choices == Choices()
    menu._ask_wilmer_zone()  # cancelled
    assert session.choices == Choices()
    menu._ask_cst_zone()
    assert session.choices.cst_zone == "Europe/Lisbon"
    menu._ask_cst_zone()  # an empty answer: back to the default CST zone
    assert session.choices.cst_zone == Choices().cst_zone


def test_the_middleware_zone_dialog_says_what_an_empty_zone_is(
    menu: OptionsMenu, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Empty, the zone is the discussion's clock (``Discussion.clock``): the
    transcript's own offset beside the stored times, else this machine's. The
    dialog said "empty: this machine's zone" while the demo read at UTC+2
    on a machine in UTC (tryout); its menu item says the same as the dialog."""

    labels: list[str] = []

    def answer(_parent: object, _title: str, label: str, *_rest: object) -> tuple[str, bool]:
        labels.append(label)
        return "", False

    monkeypatch.setattr(questions, "pick_item", answer)
    menu._ask_wilmer_zone()
    (label,) = labels
    assert "this machine's zone" in label
    assert "the offset the transcript's own times show" in label
    assert label.index("transcript") < label.index("machine")  # the order Discussion.clock takes
    (item,) = [a for a in menu.actions() if a.objectName() == "option_wilmer_zone"]
    assert "the offset the transcript's own times show" in item.statusTip()


def test_the_middleware_zone_dialog_says_the_zone_in_effect_now(
    qtbot, menu: OptionsMenu, session: DiscussionSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An empty field said nothing of the zone in effect; only the Now
    button's tooltip, out of a keyboard's reach, did (tryout): free_anima
    opened alone is on the offset its own times carry, UTC+8, and no
    stored time says so."""

    labels: list[str] = []

    def answer(_parent: object, _title: str, label: str, *_rest: object) -> tuple[str, bool]:
        labels.append(label)
        return "", False

    with qtbot.waitSignal(session.loaded, timeout=20000):
        assert session.open(FIXTURES / "free_anima.jsonl", None, beside=False)
    assert session.now_clock()[1] == "own"
    monkeypatch.setattr(questions, "pick_item", answer)
    menu._ask_wilmer_zone()
    (label,) = labels
    assert label.endswith("now in effect: UTC+8, the offset the transcript's own times carry):")


def test_the_pin_dialog_names_the_clock_of_the_time_typed(qtbot) -> None:
    dialog = questions.NowDialog(datetime(2025, 9, 21, 5, 12, 16), None, "UTC+2, this machine's zone")
    qtbot.addWidget(dialog)
    (label,) = [w for w in dialog.findChildren(QLabel) if w.objectName() == "pinQuestion"]
    assert label.text() == (
        "Relative times and simulations use this as 'now' (the middleware's clock: UTC+2, this machine's zone):"
    )
