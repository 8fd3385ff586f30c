"""Help ▸ Lessons lists the bundled lessons; opening one shows its docstring as a lesson card
beside the graph, with how to read the graph's shapes and edges."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics

from graphviz_app.core.lessons import LEGEND, lessons, read_lesson
from graphviz_app.qt.panels.lesson import ZERO_WIDTH_SPACE
from graphviz_app.resources import example, examples_dir

from ..conftest import LOAD_TIMEOUT_MS


def test_every_bundled_example_is_a_lesson_in_teaching_order():
    found = lessons(examples_dir())
    assert len(found) == len(list(examples_dir().glob("*.py")))
    assert [lesson.path.name for lesson in found[:3]] == ["basic_autograd.py", "retain_grad.py", "no_grad.py"]
    basic = read_lesson(example("basic_autograd.py"))
    assert basic is not None
    assert basic.topic == "autograd records every operation on a tensor that requires grad."
    assert basic.text.startswith("Look at the chain AccumulateGrad (w) -> PowBackward0")
    assert "\n" not in basic.text.split("\n\n")[0]  # paragraphs joined: the card wraps them


def test_help_lessons_opens_a_lesson_with_its_card(window, qtbot):
    menu = window.actions_.lessons_menu
    titles = [a.text() for a in menu.actions()]
    assert (
        "retain_grad: only leaf tensors keep .grad; call .retain_grad() to keep an intermediate's gradient."
        in titles
    )
    action = next(a for a in menu.actions() if a.text().startswith("retain_grad:"))
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        action.trigger()
    assert window.document.path.name == "retain_grad.py"
    card = window.lesson
    assert window.docks["lesson"].isVisible()
    assert (
        card.topic.text()
        .replace(ZERO_WIDTH_SPACE, "")
        .startswith("retain_grad.py: only leaf tensors keep .grad")
    )
    assert "retain_grad" in card.body.text() and card.body.wordWrap()
    guide = card.guide.text()
    assert len(guide.splitlines()) == len(LEGEND)
    for words in ("rounded box", "double border", "dashed border", "ghost", "3-D box", "✂"):
        assert words in guide


def test_every_lesson_title_wraps_inside_a_narrow_card(window, qtbot):
    """A title's long word of code (``sequential_branches.py:``, ``(.to(device))``) breaks
    inside the card instead of running under its scroll bar; the words read the same."""
    card = window.lesson
    width = 150  # the lesson dock beside the graph on a 1024×700 screen is about this narrow
    metrics = QFontMetrics(card.topic.font())
    for lesson in lessons(examples_dir()):
        card.show_lesson_of(lesson.path)
        shown = card.topic.text()
        assert shown.replace(ZERO_WIDTH_SPACE, "") == f"{lesson.path.name}: {lesson.topic}"
        room = metrics.boundingRect(QRect(0, 0, width, 10_000), int(Qt.TextFlag.TextWordWrap), shown)
        assert room.width() <= width, (lesson.path.name, room.width())
    title = card.guide_title
    assert title.wordWrap()


def test_a_script_that_is_not_a_lesson_hides_the_card(window, load, write_script):
    load(example("basic_autograd.py"))
    assert window.docks["lesson"].isVisible()
    path = write_script("import torch\nw = torch.ones(2, requires_grad=True)\ny = (w * 2).sum()\n")
    load(path)
    assert not window.docks["lesson"].isVisible() and window.lesson.lesson is None


def test_every_line_of_the_card_has_room(window, load, qtbot):
    """Each wrapped label of the card is as tall as its text needs at the dock's width, so no
    line is cut at its top or bottom (a label squeezed shorter centres its text and cuts both)."""
    load(example("basic_autograd.py"))
    card = window.lesson
    qtbot.waitUntil(card.guide.isVisible)
    for label in (card.topic, card.body, card.guide_title, card.guide):
        qtbot.waitUntil(lambda label=label: label.height() >= label.heightForWidth(label.width()))
        assert label.height() >= label.heightForWidth(label.width()) > 0, label.objectName()
