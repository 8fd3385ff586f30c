"""The lesson card: a bundled lesson's docstring, wrapped, beside the graph, and how to read
the graph (each node shape and edge style).

A lesson's topic and text read in the window's language from
``resources/lessons/<language>/<script stem>.txt`` (the topic, a blank line, the text), written
beside the English docstring; the script itself stays as the course wrote it.  One plain file per
lesson rather than ``.ts`` entries: a lesson is prose a reviewer reads whole, and a ``.ts``
entry is keyed by the whole English text, so any edit of a docstring would drop its translation
(``update.sh`` runs lupdate with ``-no-obsolete``), where a file keeps it and
``tests/qt/panels/test_lesson_texts.py`` flags a Korean card whose names and code no longer match its
docstring.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from ...core.lessons import Lesson, lessons, read_lesson
from ...resources import examples_dir, resources_dir
from ..document import Document
from ..i18n import fill

translate = QCoreApplication.translate


def window_language() -> str:
    """The code of the language the window's translation is in ("en" without one)."""
    #: The code of this language ("ko"): the lessons' texts are looked up by it.
    return translate("Language", "en")


def lesson_text_path(lesson: Lesson, language: str) -> Path:
    """Where ``lesson``'s text in ``language`` is kept."""
    return resources_dir() / "lessons" / language / f"{lesson.path.stem}.txt"


def translated(lesson: Lesson, language: str | None = None) -> Lesson:
    """Return ``lesson`` with its topic and text in ``language`` (default: the window's), or as
    written when there is no such text, or when it is not UTF-8 (:func:`unreadable_text` says so)."""
    language = language or window_language()
    if language == "en":
        return lesson
    try:
        text = lesson_text_path(lesson, language).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return lesson
    head, _, rest = text.strip().partition("\n\n")
    paragraphs = [" ".join(p.split()) for p in rest.split("\n\n") if p.strip()]
    return replace(lesson, topic=" ".join(head.split()), text="\n\n".join(paragraphs))


def unreadable_text(lesson: Lesson, language: str | None = None) -> str | None:
    """Why ``lesson``'s text in ``language`` (default: the window's) is not shown, in the window's
    words, when its file is there but not UTF-8 text; else None."""
    language = language or window_language()
    path = lesson_text_path(lesson, language)
    if language == "en":
        return None
    try:
        path.read_bytes().decode("utf-8")
    except OSError:
        return None  # no text in this language: the lesson reads as written
    except UnicodeDecodeError as exc:
        return fill(
            translate(
                "LessonCard",
                "This lesson is shown as written: its translation {path} is not UTF-8 text (byte "
                "{offset}). Save that file as UTF-8, or reinstall graphviz_app.",
            ),
            path=path,
            offset=exc.start,
        )
    return None


def bundled_lesson(path: Path | None) -> Lesson | None:
    """The lesson of ``path`` when it is one of the bundled lessons (as written), else None."""
    if path is not None and path.suffix == ".py" and path.resolve().parent == examples_dir().resolve():
        return read_lesson(path)
    return None


def shown_lessons() -> list[Lesson]:
    """The bundled lessons in teaching order, in the window's language (Help ▸ Lessons)."""
    return [translated(lesson) for lesson in lessons(examples_dir())]


def legend_rows() -> list[tuple[str, str]]:
    """The reading guide (``core.lessons.LEGEND``), translated: (shape or style, meaning)."""
    return [
        (
            translate("LessonCard", "rounded box"),
            translate("LessonCard", "a leaf: a tensor you made with requires_grad=True (its .grad is kept)"),
        ),
        (
            translate("LessonCard", "square box"),
            translate("LessonCard", "an operation autograd recorded (its backward node, e.g. PowBackward0)"),
        ),
        (
            translate("LessonCard", "double border"),
            translate("LessonCard", "an output: where backward starts"),
        ),
        (
            translate("LessonCard", "dashed border"),
            translate("LessonCard", "not reached by backward (yet, when stepping)"),
        ),
        (
            translate("LessonCard", "ghost (faded, dotted)"),
            translate("LessonCard", "not created yet at this forward step"),
        ),
        (
            translate("LessonCard", "3-D box"),
            translate("LessonCard", "a collapsed module: double-click to expand it"),
        ),
        (
            translate("LessonCard", "✂ tag"),
            translate("LessonCard", "a .detach() cut: no gradient flows back past it"),
        ),
        (
            translate("LessonCard", "yellow tag"),
            translate("LessonCard", "values and gradients (View ▸ Values)"),
        ),
        (
            translate("LessonCard", "magenta dashed edge"),
            translate(
                "LessonCard",
                "the step's edge: forward, inputs used; backward, the gradient flowing back, arrow towards the input",
            ),
        ),
    ]


BREAK_AFTER = re.compile(r"([._(/=])(?=\S)")
"""Where a long word of code may break: after a dot, underscore, parenthesis, slash or ``=``."""
ZERO_WIDTH_SPACE = "\u200b"


def breakable(text: str) -> str:
    """``text`` with a zero-width space where a word of code may break (``basic_autograd.py``,
    ``(.to(device))``), so a wrapped label breaks it there instead of cutting its end off."""
    return BREAK_AFTER.sub(rf"\1{ZERO_WIDTH_SPACE}", text)


class LessonCard(QWidget):
    """Shows the lesson of the open bundled example (``lessonChanged(bool)``: one shows)."""

    lessonChanged = Signal(bool)

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.lesson: Lesson | None = None
        self.topic = QLabel(self, wordWrap=True, textFormat=Qt.TextFormat.PlainText)
        self.topic.setObjectName("lessonTopic")
        font = self.topic.font()
        font.setBold(True)
        self.topic.setFont(font)
        self.body = QLabel(self)
        self.body.setObjectName("lessonText")
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.PlainText)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.note = QLabel(self, wordWrap=True, textFormat=Qt.TextFormat.PlainText)
        self.note.setObjectName("lessonNote")
        self.note.setStyleSheet("color: #b3261e;")
        self.note.hide()
        self.guide_title = QLabel(translate("LessonCard", "How to read the graph"), self, wordWrap=True)
        self.guide_title.setFont(font)
        self.guide = QLabel(self, wordWrap=True, textFormat=Qt.TextFormat.PlainText)
        self.guide.setObjectName("lessonLegend")
        self.guide.setText("\n".join(f"• {shape}: {meaning}" for shape, meaning in legend_rows()))
        inner = QWidget()
        layout = QVBoxLayout(inner)
        layout.setContentsMargins(8, 6, 8, 6)
        for widget in (self.topic, self.note, self.body, self.guide_title, self.guide):
            # The card's width is the dock's: a long word (requires_grad=True) is cut, never
            # widening the card past the dock (which would cut every line).
            # A wrapped label's height follows its width: keep that (a new policy drops it), or
            # the layout gives the label too little height and its first and last lines are cut.
            policy = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            policy.setHeightForWidth(True)
            widget.setSizePolicy(policy)
            layout.addWidget(widget)
        layout.addStretch(1)
        self.scroll_area = scroll = QScrollArea(self)
        scroll.setObjectName("lessonScroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(inner)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        document.sourceChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Show the lesson of the document's script when it is a bundled lesson."""
        self.show_lesson_of(self.document.path)

    def show_lesson_of(self, path: Path | None) -> None:
        """Show the lesson of ``path`` when it is a bundled lesson (also when it then fails to
        load: the no_grad lesson is about a script that builds no graph)."""
        lesson = bundled_lesson(path)
        problem = unreadable_text(lesson) if lesson is not None else None
        self.note.setText(problem or "")
        self.note.setVisible(problem is not None)
        if lesson is not None:
            lesson = translated(lesson)
        if lesson != self.lesson:  # another lesson reads from its start, not where the last was left
            self.scroll_area.verticalScrollBar().setValue(0)
        self.lesson = lesson
        if lesson is None:
            self.topic.setText(translate("LessonCard", "Not a bundled lesson: open one from Help ▸ Lessons."))
            self.body.setText("")
        else:
            self.topic.setText(breakable(f"{lesson.path.name}: {lesson.topic}"))
            self.body.setText(lesson.text)
        self.body.setVisible(lesson is not None)
        self.lessonChanged.emit(lesson is not None)
