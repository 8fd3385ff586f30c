"""The lesson card: a bundled lesson's docstring, wrapped, beside the graph, and how to read
the graph (each node shape and edge style)."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from ...core.lessons import Lesson, read_lesson
from ...resources import examples_dir
from ..document import Document

translate = QCoreApplication.translate


def legend_rows() -> list[tuple[str, str]]:
    """The reading guide (``core.lessons.LEGEND``), translated: (shape or style, meaning)."""
    return [
        (translate("LessonCard", "rounded box"),
         translate("LessonCard", "a leaf: a tensor you made with requires_grad=True (its .grad is kept)")),
        (translate("LessonCard", "square box"),
         translate("LessonCard", "an operation autograd recorded (its backward node, e.g. PowBackward0)")),
        (translate("LessonCard", "double border"), translate("LessonCard", "an output: where backward starts")),
        (translate("LessonCard", "dashed border"),
         translate("LessonCard", "not reached by backward (yet, when stepping)")),
        (translate("LessonCard", "ghost (faded, dotted)"),
         translate("LessonCard", "not created yet at this forward step")),
        (translate("LessonCard", "3-D box"), translate("LessonCard", "a collapsed module: double-click to expand it")),
        (translate("LessonCard", "✂ tag"), translate("LessonCard", "a .detach() cut: no gradient flows back past it")),
        (translate("LessonCard", "yellow tag"), translate("LessonCard", "values and gradients (View ▸ Values)")),
        (translate("LessonCard", "magenta dashed edge"),
         translate("LessonCard",
                   "the step's edge: forward, inputs used; backward, the gradient flowing back, arrow towards the input")),
    ]


class LessonCard(QWidget):
    """Shows the lesson of the open bundled example (``lessonChanged(bool)``: one shows)."""

    lessonChanged = Signal(bool)

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.lesson: Lesson | None = None
        self.topic = QLabel(self)
        self.topic.setObjectName("lessonTopic")
        self.topic.setWordWrap(True)
        self.topic.setTextFormat(Qt.TextFormat.PlainText)
        font = self.topic.font()
        font.setBold(True)
        self.topic.setFont(font)
        self.body = QLabel(self)
        self.body.setObjectName("lessonText")
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.PlainText)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.guide_title = QLabel(translate("LessonCard", "How to read the graph"), self)
        self.guide_title.setFont(font)
        self.guide = QLabel(self)
        self.guide.setObjectName("lessonLegend")
        self.guide.setWordWrap(True)
        self.guide.setTextFormat(Qt.TextFormat.PlainText)
        self.guide.setText("\n".join(f"• {shape}: {meaning}" for shape, meaning in legend_rows()))
        inner = QWidget()
        layout = QVBoxLayout(inner)
        layout.setContentsMargins(8, 6, 8, 6)
        for widget in (self.topic, self.body, self.guide_title, self.guide):
            layout.addWidget(widget)
        layout.addStretch(1)
        scroll = QScrollArea(self)
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
        path = self.document.path
        lesson = None
        if path is not None and path.suffix == ".py" and path.parent == examples_dir().resolve():
            lesson = read_lesson(path)
        self.lesson = lesson
        if lesson is None:
            self.topic.setText(translate("LessonCard", "Not a bundled lesson: open one from Help ▸ Lessons."))
            self.body.setText("")
        else:
            self.topic.setText(f"{lesson.path.name}: {lesson.topic}")
            self.body.setText(lesson.text)
        self.body.setVisible(lesson is not None)
        self.lessonChanged.emit(lesson is not None)
