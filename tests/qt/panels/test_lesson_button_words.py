"""A lesson card that tells the learner to press the backward button names it as the button
reads, in English ("Run Backward") and in Korean ("역전파 실행")."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import QApplication

from graphviz_app.core.lessons import lessons
from graphviz_app.qt.i18n import install_translators
from graphviz_app.qt.panels.lesson import translated
from graphviz_app.resources import example, examples_dir

ALL = lessons(examples_dir())


def button_mentions(text: str) -> list[str]:
    return re.findall(r"run backward", text, flags=re.IGNORECASE)


def test_the_english_cards_name_the_button_as_it_reads(window):
    button = window.actions_.run_backward.iconText()
    assert button == "Run Backward"
    naming = [lesson for lesson in ALL if button_mentions(lesson.text)]
    assert len(naming) >= 5
    for lesson in naming:
        assert set(button_mentions(lesson.text)) == {button}, lesson.path.name
    window.open_path(example("basic_autograd.py"))  # the card shows even before the run ends
    assert "click Run Backward (Ctrl+B)" in window.lesson.body.text()


@pytest.fixture
def korean(qapp):
    install_translators(qapp, "ko")
    yield
    install_translators(qapp, "en")


@pytest.mark.parametrize(
    "lesson", [lesson for lesson in ALL if button_mentions(lesson.text)], ids=lambda lesson: lesson.path.stem
)
def test_the_korean_cards_name_the_button_as_it_reads(lesson, korean, qtbot):
    button = QApplication.translate("Actions", "Run Backward")
    assert button == "역전파 실행"
    text = translated(lesson, "ko").text
    assert button in text, lesson.path.name
    assert not button_mentions(text)  # no English button name left in the Korean card
