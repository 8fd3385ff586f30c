"""Lessons in Korean: every bundled lesson has a Korean topic and card beside its English
docstring (``resources/lessons/ko/``), keeping the docstring's names and code; under Korean,
Help ▸ Lessons and the lesson card read it, and the script itself is unchanged."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from graphviz_app.core.lessons import lessons, read_lesson
from graphviz_app.qt.i18n import install_translators
from graphviz_app.qt.panels.lesson import ZERO_WIDTH_SPACE, lesson_text_path, translated, window_language
from graphviz_app.resources import example, examples_dir, resources_dir

HANGUL = re.compile("[\uac00-\ud7a3]")
ALL = lessons(examples_dir())


def names_and_code(text: str) -> set[str]:
    """What a translation must keep as written: `code`, op names (PowBackward0), calls
    (.retain_grad()), torch.* names and keyword arguments (requires_grad=True)."""
    found = set(re.findall(r"`[^`]+`", text))
    for pattern in (r"\b\w+Backward\w*", r"[\w.]*\w\(\)", r"\btorch\.[\w.]*\w", r"\b\w+=\w+"):
        found |= set(re.findall(pattern, text, re.ASCII))  # ASCII: a Korean particle may follow
    return found


@pytest.fixture
def korean(qapp) -> Iterator[None]:
    assert install_translators(qapp, "ko") == "ko"
    yield
    install_translators(qapp, "en")


def test_there_are_eighteen_lessons_and_the_check_reads_code():
    assert len(ALL) == 18
    assert {"PowBackward0", "AddBackward0", "MeanBackward0"} <= names_and_code(ALL[0].text)
    assert {".retain_grad()", "loss.backward()"} <= names_and_code(ALL[1].topic + ALL[1].text)


@pytest.mark.parametrize("lesson", ALL, ids=[lesson.path.stem for lesson in ALL])
def test_every_lesson_has_a_korean_topic_and_card_keeping_its_names_and_code(lesson):
    path = lesson_text_path(lesson, "ko")
    assert path.is_file(), f"no Korean text for {lesson.path.name}: write {path}"
    korean = translated(lesson, "ko")
    assert korean.path == lesson.path
    assert HANGUL.search(korean.topic) and "\n" not in korean.topic
    assert HANGUL.search(korean.text) and len(korean.text) > len(korean.topic)
    missing = names_and_code(lesson.topic + " " + lesson.text) - names_and_code(
        korean.topic + " " + korean.text
    )
    assert not missing, f"{path.name} lacks what the docstring names (stale?): {sorted(missing)}"


@pytest.mark.parametrize("lesson", ALL, ids=[lesson.path.stem for lesson in ALL])
def test_no_card_shows_markdown_backticks(lesson):
    """The card is plain text: a backtick would show as written, so code is written bare."""
    for language in ("en", "ko"):
        shown = translated(lesson, language)
        assert "`" not in shown.topic + shown.text, f"{lesson.path.name} ({language})"


def test_no_korean_text_without_its_lesson():
    stems = {lesson.path.stem for lesson in ALL}
    assert {p.stem for p in (resources_dir() / "lessons" / "ko").glob("*.txt")} == stems


def test_english_reads_the_docstring(qapp):
    assert window_language() == "en"
    assert translated(ALL[0]) == ALL[0]


def test_the_lessons_menu_and_card_read_in_korean(korean, window, load):
    assert window_language() == "ko"
    menu = [a.text() for a in window.actions_.lessons_menu.actions()]
    assert len(menu) == 18
    assert menu[0] == (
        "basic_autograd: autograd는 기울기를 요구하는(requires_grad=True) 텐서에 대한 연산을 "
        "하나도 빠짐없이 기록합니다."
    )
    assert all(HANGUL.search(text) for text in menu)
    load(example("basic_autograd.py"))
    card = window.lesson
    assert window.docks["lesson"].isVisible()
    assert card.topic.text().replace(ZERO_WIDTH_SPACE, "").startswith("basic_autograd.py: autograd는 ")
    body = card.body.text()
    assert body.startswith("AccumulateGrad (w) -> PowBackward0 -> AddBackward0 -> MeanBackward0로 이어져")
    assert "w.grad = 3·w²/4 = [[0.75, 3], [6.75, 3]]" in body
    assert "\n\n" in body  # paragraphs kept, lines within one joined
    assert card.guide_title.text() == "그래프 읽는 법"
    # The script is the course's, as written.
    assert read_lesson(example("basic_autograd.py")).topic.startswith("autograd records every operation")


def test_the_no_grad_lesson_shows_its_card_beside_its_explanation(korean, window, qtbot):
    """no_grad.py builds no graph on purpose: its card shows in a fresh window anyway, next to
    the Korean explanation of what happened."""
    from ..conftest import LOAD_TIMEOUT_MS

    with qtbot.waitSignal(window.controller.loadFailed, timeout=LOAD_TIMEOUT_MS):
        window.open_path(example("no_grad.py"))
    assert window.docks["lesson"].isVisible()
    assert (
        window.lesson.topic.text()
        .replace(ZERO_WIDTH_SPACE, "")
        .startswith("no_grad.py: torch.no_grad() 안에서는 autograd가")
    )
    assert "스크립트가 autograd 그래프를 만들지 않았습니다: 12번째 줄의 연산이" in window.view.placeholder


def test_a_narrow_card_wraps_the_korean_text_to_its_width(korean, qtbot):
    """A long word (requires_grad=True) never widens the card past the dock: every other line
    wraps to the width the dock gives it, and the text's full height is shown."""
    from PySide6.QtWidgets import QScrollArea

    from graphviz_app.qt.document import Document
    from graphviz_app.qt.panels.lesson import LessonCard

    card = LessonCard(Document())
    qtbot.addWidget(card)
    card.show_lesson_of(example("basic_autograd.py"))
    card.resize(170, 600)
    card.show()
    qtbot.waitExposed(card)
    scroll = card.findChild(QScrollArea)
    qtbot.waitUntil(lambda: scroll.widget().width() <= scroll.viewport().width())
    body = card.body
    assert body.height() >= body.heightForWidth(body.width()) > 5 * body.fontMetrics().height()


def test_a_lesson_text_that_is_not_utf8_leaves_the_window_working(
    korean, qtbot, qt_runner, tmp_path, monkeypatch
):
    from graphviz_app.qt.panels import lesson as lesson_panel
    from graphviz_app.qt.shell.main_window import MainWindow

    texts = tmp_path / "lessons" / "ko"
    texts.mkdir(parents=True)
    for path in (resources_dir() / "lessons" / "ko").glob("*.txt"):
        (texts / path.name).write_bytes(path.read_bytes())
    (texts / "basic_autograd.txt").write_bytes("autograd \xe9crit tout.\n\nCaf\xe9.\n".encode("latin-1"))
    monkeypatch.setattr(lesson_panel, "resources_dir", lambda: tmp_path)
    window = MainWindow(runner=qt_runner)  # Help ▸ Lessons reads every lesson's text
    qtbot.addWidget(window)
    titles = [a.text() for a in window.actions_.lessons_menu.actions()]
    assert titles[0].startswith("basic_autograd: autograd records every operation")  # as written
    assert HANGUL.search(titles[1])  # the other lessons still read in Korean
    card = window.lesson
    card.show_lesson_of(example("basic_autograd.py"))
    assert card.topic.text().replace(ZERO_WIDTH_SPACE, "").startswith("basic_autograd.py: autograd records")
    assert card.note.isVisibleTo(card)
    assert str(texts / "basic_autograd.txt") in card.note.text() and "UTF-8" in card.note.text()
    card.show_lesson_of(example("retain_grad.py"))
    assert not card.note.isVisibleTo(card) and HANGUL.search(card.topic.text())
    window.close()
