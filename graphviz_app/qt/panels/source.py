"""The Source dock: the script with line numbers, the current step's line highlighted as a
debugger would, the selected node's line, and an error's line.

Clicking a node shows its line; clicking a line selects the ops that line created (the first is
selected, all of them are outlined through the ``"source"`` style layer).

The script the window runs can be edited here, and a run (Run, Ctrl+Enter) runs the text shown,
edits included, without saving it: the edited text is written to a copy and the copy runs in the
script's place (:meth:`SourcePanel.run_copy`).

* A bundled lesson is never written: its copy is ``<AppDataLocation>/playground/<lesson>.py``
  (:func:`playground_folder`), kept after the run, so ``__file__`` is the copy; the working
  folder is the lesson's (Preferences), so relative paths read what the lesson reads.
* The user's own script is written only by Save: its copy is a hidden file beside it,
  ``.<name>.edited.py``, removed after the run, so ``__file__``'s folder, the imports of the
  modules beside it (``sys.path[0]``) and the working folder are those of the saved script. When
  that folder cannot be written, the copy goes to the playground folder and the panel says so.

A graph (and a traceback) from a copy names the copy's file and lines: the lines are the ones
shown here, so a node still shows its line and an error still marks its own.
"""

from __future__ import annotations

import ast
import logging
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

import networkx as nx
from PySide6.QtCore import QCoreApplication, QRect, QSize, QStandardPaths, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QFontDatabase,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
    QTextCursor,
    QTextDocument,
    QTextFormat,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ...core.export import PART_SUFFIX, remove_stale_parts
from ...core.model.derived import derived, warm_with
from ...core.model.saved_graph import read_source_safely
from ...core.view import look
from ...core.view.chain_rule import backward_failure
from ...core.view.look import NodeStyle
from ...resources import examples_dir
from ...wire.errors import GraphvizAppError
from ...wire.message import QT_TRANSLATE_NOOP
from .. import i18n
from ..document import Document
from ..plain_text import plain_label, plain_tooltip
from ..words import error_text

STEP_LINE = "#fff2a8"
SELECTED_LINE = "#dbe8fb"
ERROR_LINE = "#ffd7d9"
SOURCE_PEN = look.SELECTION_COLOR

translate = QCoreApplication.translate

log = logging.getLogger(__name__)


def _resolved(file: str) -> str | None:
    """Return ``file`` resolved, or None for a name that is no path (a NUL, a lone surrogate)."""
    try:
        return str(Path(file).resolve())
    except (OSError, ValueError):
        return None


def _same(a: str | Path | None, b: str | Path | None) -> bool:
    """Whether two names are the same file (False when either is None or no path)."""
    if a is None or b is None:
        return False
    first = _resolved(str(a))
    return first is not None and first == _resolved(str(b))


def playground_folder() -> Path:
    """The per-user folder where edited lessons run from: ``<AppDataLocation>/playground``."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return (Path(base) if base else Path.home() / ".graphviz_app") / "playground"


def is_bundled(path: Path) -> bool:
    """Whether ``path`` is one of the bundled examples (the lessons), which are never written."""
    try:
        return Path(path).resolve().is_relative_to(examples_dir().resolve())
    except (OSError, ValueError):  # no bundled examples, or a name that is no path
        return False


def hidden_copy(path: Path) -> Path:
    """The hidden file beside the user's ``path`` that an edit of it runs from."""
    return path.with_name(f".{path.stem}.edited.py")


def _shown_text(raw: str) -> str:
    """``raw`` as the editor holds it (:meth:`SourceView.text`): line breaks become ``\\n``."""
    document = QTextDocument()
    document.setPlainText(raw)
    return document.toRawText().replace("\u2029", "\n")


def nodes_by_line(
    graph: nx.DiGraph, script: Path | None, aliases: Iterable[Path] = ()
) -> dict[int, list[str]]:
    """Return ``{line: [graph node ids created there]}`` for nodes whose source is ``script``
    (or one of ``aliases``: the copies an edit of it ran from), each list in creation order."""
    targets = {str(p.resolve()) for p in (script, *aliases) if p is not None} if script is not None else None
    by_file = derived(graph, lines_by_file)
    files = [f for f in by_file if targets is None or not f or _resolved(f) in targets]
    if len(files) == 1:
        return by_file[files[0]]  # shared (made once per graph): never changed here
    out: dict[int, list[str]] = {}
    for file in files:
        for line, nodes in by_file[file].items():
            out.setdefault(line, []).extend(nodes)
    for nodes in out.values():
        nodes.sort(key=lambda n: (graph.nodes[n].get("forward_index") or 0, n))
    return out


def line_index(
    graph: nx.DiGraph, script: Path | None, aliases: tuple[Path, ...]
) -> tuple[dict[int, list[str]], dict[str, int]]:
    """:func:`nodes_by_line` and its inverse, each node's line (shared: never change them)."""
    lines = nodes_by_line(graph, script, aliases)
    return lines, {n: line for line, nodes in lines.items() for n in nodes}


def _bound_names(target: ast.AST) -> list[str]:
    """The plain names an assignment target binds (``w``, ``a, b``, ``*rest``)."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for item in target.elts for name in _bound_names(item)]
    if isinstance(target, ast.Starred):
        return _bound_names(target.value)
    return []


def leaf_lines(graph: nx.DiGraph, text: str, op_lines: dict[str, int]) -> dict[str, int]:
    """Return ``{leaf node: line}`` for the leaves the script binds to a name in ``text``: the
    line of the last binding of that name at or before the first line an op reads the leaf on
    (``op_lines``: each op's line in this text), else its first binding. A leaf tensor is no op,
    so the trace records no line for it; its name tells where the script made it."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return {}
    binds: dict[str, list[int]] = {}
    for statement in ast.walk(tree):
        if isinstance(statement, ast.Assign):
            targets = statement.targets
        elif isinstance(statement, (ast.AnnAssign, ast.NamedExpr)) and statement.value is not None:
            targets = [statement.target]
        else:
            continue
        for target in targets:
            for name in _bound_names(target):
                binds.setdefault(name, []).append(statement.lineno)
    out: dict[str, int] = {}
    if not binds:  # (no text, or no assignment: the window's GUI thread skips 100,000 nodes)
        return out
    for node, attrs in graph.nodes(data=True):
        if attrs.get("kind") != "leaf":
            continue
        lines = sorted(binds.get(str(attrs.get("name") or ""), ()))
        if not lines:
            continue
        uses = [op_lines[c] for c in graph.successors(node) if c in op_lines]
        before = [line for line in lines if uses and line <= min(uses)]
        out[node] = before[-1] if before else lines[0]
    return out


@warm_with
def scriptless_index(graph: nx.DiGraph) -> tuple[dict[int, list[str]], dict[str, int]]:
    """The line index of a graph whose script is not at hand (a saved graph's usual case)."""
    return derived(graph, line_index, None, ())


@warm_with
def lines_by_file(graph: nx.DiGraph) -> dict[str, dict[int, list[str]]]:
    """``{file: {line: [graph node ids created there]}}`` ("" for a source without a file), each
    list in creation order: :func:`nodes_by_line` picks the script's files from it."""
    out: dict[str, dict[int, list[str]]] = {}
    for node, source in graph.nodes(data="source"):
        if not source or not source.get("line"):
            continue
        out.setdefault(str(source.get("file") or ""), {}).setdefault(int(source["line"]), []).append(node)
    forward = dict(graph.nodes(data="forward_index"))  # (asking networkx per node: 0.1 s at 100,000)
    for lines in out.values():
        for nodes in lines.values():
            nodes.sort(key=lambda n: (forward[n] or 0, n))
    return out


class _Gutter(QWidget):
    def __init__(self, editor: SourceView) -> None:
        super().__init__(editor)
        self.editor = editor

    def sizeHint(self) -> QSize:
        return QSize(self.editor.gutter_width(), 0)

    def paintEvent(self, event: QPaintEvent) -> None:
        self.editor.paint_gutter(event)


class SourceView(QPlainTextEdit):
    """Code view with a line-number gutter, read-only unless :meth:`set_editable`;
    ``lineClicked(line)`` is 1-based."""

    lineClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.set_editable(False)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.gutter = _Gutter(self)
        self.marks: dict[int, str] = {}  # line -> background color
        self.blockCountChanged.connect(lambda _n: self._update_margins())
        self.updateRequest.connect(self._update_gutter)
        self._update_margins()

    def set_editable(self, on: bool) -> None:
        """Let the user type (undo and redo are the editor's own), or only select text."""
        self.setReadOnly(not on)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextEditorInteraction
            if on
            else Qt.TextInteractionFlag.TextSelectableByMouse
        )

    def text(self) -> str:
        """The text as a file holds it: lines end with ``\\n``; every other character (a
        non-breaking space, a line separator) as typed."""
        return self.document().toRawText().replace("\u2029", "\n")

    def gutter_width(self) -> int:
        digits = len(str(max(1, self.blockCount())))
        return 10 + self.fontMetrics().horizontalAdvance("9") * max(3, digits)

    def _update_margins(self) -> None:
        self.setViewportMargins(self.gutter_width(), 0, 0, 0)

    def _update_gutter(self, rect: QRect, dy: int) -> None:
        if dy:
            self.gutter.scroll(0, dy)
        else:
            self.gutter.update(0, rect.y(), self.gutter.width(), rect.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        r = self.contentsRect()
        self.gutter.setGeometry(QRect(r.left(), r.top(), self.gutter_width(), r.height()))

    def paint_gutter(self, event: QPaintEvent) -> None:
        painter = QPainter(self.gutter)
        pal = self.palette()
        painter.fillRect(event.rect(), pal.color(QPalette.ColorRole.AlternateBase))
        block = self.firstVisibleBlock()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        height = round(self.blockBoundingRect(block).height())
        while block.isValid() and top <= event.rect().bottom():
            line = block.blockNumber() + 1
            if line in self.marks:
                painter.fillRect(0, top, self.gutter.width(), height, QColor(self.marks[line]).darker(115))
                painter.setPen(QColor("#202124"))
            else:
                painter.setPen(pal.color(QPalette.ColorRole.PlaceholderText))
            painter.drawText(
                0,
                top,
                self.gutter.width() - 5,
                height,
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                str(line),
            )
            block = block.next()
            top += height

    def set_marks(self, marks: dict[int, str]) -> None:
        """Paint these 1-based lines' backgrounds (full width)."""
        self.marks = dict(marks)
        selections = []
        for line, color in sorted(marks.items()):
            block = self.document().findBlockByNumber(line - 1)
            if not block.isValid():
                continue
            sel = QTextEdit.ExtraSelection()
            sel.format.setBackground(QColor(color))
            sel.format.setForeground(QColor("#202124"))
            sel.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
            sel.cursor = QTextCursor(block)
            selections.append(sel)
        self.setExtraSelections(selections)
        self.gutter.update()

    def show_line(self, line: int) -> None:
        """Scroll so ``line`` is in view (centered when it was out of view); the text cursor
        stays where the user left it."""
        first = self.firstVisibleBlock().blockNumber() + 1
        rows = max(1, self.viewport().height() // max(1, self.fontMetrics().height()))
        shown = first + 1 <= line <= first + rows - 2
        if self.document().findBlockByNumber(line - 1).isValid() and not shown:
            self.verticalScrollBar().setValue(max(0, line - 1 - rows // 2))  # one step per line (no wrap)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        if event.button() == Qt.MouseButton.LeftButton and not self.textCursor().hasSelection():
            self.lineClicked.emit(self.cursorForPosition(event.position().toPoint()).blockNumber() + 1)


def replace_file(path: Path, data: bytes) -> None:
    """Replace ``path``'s content with ``data`` whole or not at all: written to a file beside it,
    flushed to disk, then renamed over it (a link is followed: its target is replaced), keeping
    the file's permissions. On any failure (a full disk) the file is left as it was and the
    partial copy removed; a copy a killed save left is removed by the next save there."""
    target = Path(os.path.realpath(path))
    remove_stale_parts(target.parent)
    fd, name = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.{os.getpid()}-", suffix=PART_SUFFIX
    )
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.chmod(name, stat.S_IMODE(os.stat(target).st_mode))
        except FileNotFoundError:
            pass  # (a file removed meanwhile is made anew with the folder's usual permissions)
        os.replace(name, target)
    except BaseException:
        try:
            os.unlink(name)
        except OSError:
            pass
        raise


class SourcePanel(QWidget):
    """The script beside the graph, following the step and the selection; the script the window
    runs is edited here, run from a copy, saved (the user's own file only) or reset."""

    editedChanged = Signal(bool)  # the text now differs from the file's (True), or no longer
    noticed = Signal(str)  # a remark for the Messages panel: where an edit runs from or is kept

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.path: Path | None = None
        self.script: Path | None = None
        """The script the user opened to run (the window sets it): editable here even while no
        graph of it exists (its first run failed)."""
        self.playground = playground_folder()
        self.saved_text = ""
        """The file's text as the editor holds it: the text is edited while it differs."""
        self.changed_on_disk = False
        """The file changed on disk while the edits were kept."""
        self.error_line: int | None = None
        self.clicked_line: int | None = None
        self._lines: dict[int, list[str]] = {}
        self._line_of: dict[str, int] = {}
        self._leaf_lines: dict[str, int] = {}
        self._raw: str | None = None  # the file's text as last read
        self._crlf = False  # its lines end with \r\n (a save keeps them so)
        self._problem: str | None = None  # why the file named last could not be shown
        self._edited = False
        self._loading = False
        self._ran_edit = False  # the last run asked for ran the edited text
        self._beside: Path | None = None  # the hidden copy beside a user's script, removed after its run
        self._actions: tuple[QAction, QAction, QAction] | None = None
        self._save_tip = ""
        self.title = plain_label(
            QLabel(translate("SourcePanel", "No script"), self)
        )  # file names come from the data
        self.title.setObjectName("sourceTitle")
        self.title.setWordWrap(True)
        self.buttons = QHBoxLayout()
        self.buttons.setContentsMargins(0, 0, 0, 0)
        self.buttons.setSpacing(4)
        self.open_script_button = QPushButton(
            translate("SourcePanel", "Open the script this graph came from"), self
        )
        self.open_script_button.setObjectName("openGraphScript")
        self.open_script_button.hide()
        self.open_script_button.clicked.connect(self.open_graph_script)
        self.view = SourceView(self)
        self.view.setObjectName("sourceView")
        self.view.lineClicked.connect(self.select_line)
        self.view.textChanged.connect(self._text_changed)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(2)
        layout.addWidget(self.title)
        layout.addLayout(self.buttons)
        layout.addWidget(self.open_script_button)
        layout.addWidget(self.view, 1)
        document.graphChanged.connect(self._graph_changed)
        document.sourceChanged.connect(self._graph_changed)
        document.selectionChanged.connect(self.refresh_marks)
        document.stepChanged.connect(self._step_changed)

    def use_actions(self, run: QAction, save: QAction, reset: QAction) -> None:
        """Show the window's Run, Save and Reset actions as the panel's buttons (their state
        follows the text: Save and Reset need an edit, Save a file of the user's)."""
        for action, name in (
            (run, "runSourceButton"),
            (save, "saveSourceButton"),
            (reset, "resetSourceButton"),
        ):
            button = QToolButton(self)
            button.setObjectName(name)
            button.setDefaultAction(action)
            button.setToolButtonStyle(
                Qt.ToolButtonStyle.ToolButtonTextBesideIcon
                if action is run
                else Qt.ToolButtonStyle.ToolButtonTextOnly
            )
            self.buttons.addWidget(button)
        self.buttons.addStretch(1)
        self._actions = (run, save, reset)
        self._save_tip = save.toolTip()
        self._sync()

    # -- loading ---------------------------------------------------------------------------------
    def script_path(self) -> Path | None:
        """Return the script to show: the document's own script. A saved graph's ``script``
        field is data: it is read only when the user asks (:meth:`open_graph_script`)."""
        return self.document.path if self.document.kind == "script" else None

    def set_script(self, path: Path | None) -> None:
        """The user opened ``path`` to run it (None: a saved graph): it is editable here."""
        self.script = path
        self._editable_changed()

    def editable(self) -> bool:
        """Whether the text shown is the script the window runs (not a saved graph's script, nor
        another file a traceback named)."""
        return self.path is not None and (
            _same(self.path, self.script_path()) or _same(self.path, self.script)
        )

    def is_edited(self) -> bool:
        """Whether the text differs from the file's."""
        return self._edited

    def graph_script(self) -> str | None:
        """Return the ``script`` a saved graph names (None for a script's graph or none named)."""
        doc = self.document
        if doc.kind != "json" or doc.view_model.graph is None:
            return None
        script = doc.view_model.graph.graph.get("script")
        return script if isinstance(script, str) and script else None

    def open_graph_script(self) -> bool:
        """Read the script the saved graph came from, as the user asked: only a regular file
        of reasonable size (:func:`read_source_safely`); otherwise say why. Return whether it
        is shown."""
        script = self.graph_script()
        if script is None:
            return False
        self.load(Path(script))
        if self.path is None:
            return False
        self._index_lines()
        self.refresh_marks()
        return True

    def load(self, path: Path | None) -> None:
        """Show ``path``'s text (nothing when None; the reason in the title when it cannot be
        read: a FIFO, a device, a folder, a file too big, a name that is not a path). Unsaved
        edits of ``path`` itself are kept."""
        text = ""
        problem = None
        if path is not None:
            try:
                text = read_source_safely(path)
            except GraphvizAppError as exc:
                problem = error_text(exc.message)
                path = None
            except ValueError:  # a name holding a NUL character
                problem = translate("SourcePanel", "The script's name is not a valid path: it was not read.")
                path = None
        keep = path is not None and self._edited and _same(path, self.path)
        if not keep:
            if path != self.path or text != self._raw or self._edited:
                self._loading = True
                self.view.setPlainText(text)  # a new text: a new undo history
                self._loading = False
                self.saved_text = self.view.text()
            if path is None or not _same(path, self.path):
                self._ran_edit = False
            self._raw = text if path is not None else None
            self._crlf = "\r\n" in text
            self.changed_on_disk = False
        self.path = Path(path) if path is not None else None
        self._problem = problem
        self._editable_changed()

    def _editable_changed(self) -> None:
        self.view.set_editable(self.editable())
        self._text_changed(force=True)

    def _text_changed(self, *, force: bool = False) -> None:
        if self._loading:
            return
        view = self.view
        edited = self.editable() and view.document().isModified() and view.text() != self.saved_text
        if edited == self._edited and not force:
            return
        changed = edited != self._edited
        self._edited = edited
        self._show_title()
        self._sync()
        if changed:
            self.editedChanged.emit(edited)

    def _show_title(self) -> None:
        script = self.graph_script()
        self.open_script_button.setVisible(self.path is None and script is not None)
        self.open_script_button.setToolTip(
            plain_tooltip(
                i18n.said(QT_TRANSLATE_NOOP("SourcePanel", "Read {script}"), script=script) if script else ""
            )
        )
        path = self.path
        if path is not None:
            if self._edited and self.changed_on_disk:
                title = i18n.said(
                    QT_TRANSLATE_NOOP("SourcePanel", "{name} (edited; the file changed on disk)"),
                    name=path.name,
                )
            elif self._edited:
                title = i18n.said(QT_TRANSLATE_NOOP("SourcePanel", "{name} (edited)"), name=path.name)
            else:
                title = path.name
        elif self._problem is not None:
            title = self._problem
        elif script is not None:
            title = translate(
                "SourcePanel", "This saved graph names the script it came from; it is not read until you ask."
            )
        else:
            title = translate("SourcePanel", "No script: open a .py file to see its source here.")
        self.title.setText(title)
        tip = ""
        if path is not None:
            tip = i18n.said(
                QT_TRANSLATE_NOOP("SourcePanel", "{path}\nClick a line to select the ops it created"),
                path=path,
            )
            if self.editable():
                tip += "\n" + translate("SourcePanel", "Edit the script here and press Ctrl+Enter to run it.")
            if self.editable() and is_bundled(path):
                tip += "\n" + i18n.said(
                    QT_TRANSLATE_NOOP(
                        "SourcePanel",
                        "A bundled lesson is never changed: your edit runs from a "
                        "copy in {folder}; Reset shows the lesson again.",
                    ),
                    folder=self.playground,
                )
        self.title.setToolTip(plain_tooltip(tip))

    def _sync(self) -> None:
        """Enable Run, Save and Reset for what the panel shows."""
        if self._actions is None:
            return
        run, save, reset = self._actions
        editable = self.editable()
        bundled = self.path is not None and is_bundled(self.path)
        run.setEnabled(editable)
        save.setEnabled(editable and self._edited and not bundled)
        reset.setEnabled(editable and self._edited)
        save.setToolTip(
            plain_tooltip(
                i18n.said(
                    QT_TRANSLATE_NOOP(
                        "SourcePanel",
                        "A bundled lesson is never saved: your edit runs from a copy in {folder}.",
                    ),
                    folder=self.playground,
                )
            )
            if bundled
            else self._save_tip
        )
        reset.setToolTip(
            translate("SourcePanel", "Show the lesson's own text again (Ctrl+Z undoes it)")
            if bundled
            else translate("SourcePanel", "Discard your edits: show the file as saved (Ctrl+Z undoes it)")
        )

    def _aliases(self) -> list[Path]:
        """The copies an edit of the shown script runs from (a graph of one points at them)."""
        path = self.path
        if path is None:
            return []
        if is_bundled(path):
            return [self.playground / path.name]
        return [hidden_copy(path), self.playground / "files" / path.name]

    def _is_shown(self, file: str) -> bool:
        """Whether ``file`` is the script shown, or a copy of it that ran."""
        return any(_same(file, p) for p in (self.path, *self._aliases()))

    def _index_lines(self) -> None:
        graph = self.document.view_model.graph
        self._lines, self._line_of, self._leaf_lines = {}, {}, {}
        # made once per graph and script (for a graph without one, on the reading thread)
        if graph is not None:
            self._lines, self._line_of = derived(graph, line_index, self.path, tuple(self._aliases()))
        if graph is not None and self._line_of:  # the text shown made the graph's ops
            self._leaf_lines = leaf_lines(graph, self.view.text(), self._line_of)

    def _graph_changed(self) -> None:
        doc = self.document
        model = doc.view_model
        path = self.script_path()
        if path is not None or model.graph is not None or doc.path is not None:
            self.load(path)
        self.clicked_line = None
        self._index_lines()
        if model.graph is not None:
            failed = backward_failure(model.graph)  # the line of the op whose backward failed
            self.error_line = None
            if failed is not None and failed.file and failed.line and self._is_shown(failed.file):
                self.error_line = failed.line
        self.refresh_marks()
        if self.error_line is not None and self.step_line() is None:
            self.view.show_line(self.error_line)

    # -- editing -------------------------------------------------------------------------------
    def run_copy(self, script: Path) -> Path | None:
        """Return the file a run of ``script`` runs: when the panel holds edits of it, a copy of
        the edited text, written now (see the module's docstring); otherwise None (the file
        itself runs). Raise GraphvizAppError when no copy can be written."""
        if not (self._edited and self.editable() and _same(script, self.path)):
            self._ran_edit = False
            return None
        copy = self._write_copy()
        self._ran_edit = True
        return copy

    def _write_copy(self) -> Path:
        path = self.path
        assert path is not None
        text = self.view.text()
        if is_bundled(path):
            target = self.playground / path.name
        else:
            beside = hidden_copy(path)
            try:
                beside.write_text(text, encoding="utf-8")
            except OSError as exc:
                log.info("cannot write %s (%s): the edit runs from the playground folder", beside, exc)
            else:
                self._beside = beside
                return beside
            target = self.playground / "files" / path.name
            self.noticed.emit(
                i18n.said(
                    QT_TRANSLATE_NOOP(
                        "SourcePanel",
                        "{folder} cannot be written, so your edit of {name} runs from {copy}: modules "
                        "beside the script are not found from there. Save the script to run it in its own folder.",
                    ),
                    folder=path.parent,
                    name=path.name,
                    copy=target,
                )
            )
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise GraphvizAppError(
                i18n.said(
                    QT_TRANSLATE_NOOP(
                        "SourcePanel",
                        "Cannot run your edit of {name}: its copy {copy} could not be written ({error}). "
                        "Make that folder writable or free some disk space, then run again.",
                    ),
                    name=path.name,
                    copy=target,
                    error=exc.strerror or exc,
                )
            ) from exc
        return target

    def remove_run_copy(self) -> None:
        """Remove the hidden copy a run of the user's script ran from (its run has ended)."""
        beside, self._beside = self._beside, None
        if beside is None:
            return
        try:
            beside.unlink(missing_ok=True)
        except OSError:
            log.warning("could not remove %s", beside, exc_info=True)

    def keeps_edits(self, script: Path) -> bool:
        """``script`` changed on disk: return True when the panel holds unsaved edits of it,
        which are kept (the title then says the file changed)."""
        if not (self._edited and _same(script, self.path)):
            return False
        self.changed_on_disk = True
        self._show_title()
        return True

    def _savable(self) -> bool:
        """Whether Save would write: edits of the user's own script (never a bundled lesson)."""
        return self.path is not None and self._edited and self.editable() and not is_bundled(self.path)

    def changed_outside(self) -> bool:
        """Whether the script on disk is no longer the text the panel read (another program
        changed it), so saving would replace that change."""
        path = self.path
        if path is None or self._raw is None or not self._savable():
            return False
        try:
            now = path.read_bytes().decode("utf-8")
        except (OSError, UnicodeDecodeError):
            return False  # gone or unreadable: the write says what is wrong
        return now != self._raw

    def confirm_save(self, parent: QWidget) -> bool:
        """Before saving: when the file changed on disk since it was read, ask whether to replace
        that change (False: the user keeps the file as it is, and the edits stay here)."""
        if not self.changed_outside():
            return True
        assert self.path is not None
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            translate("SourcePanel", "The file changed on disk"),
            i18n.said(
                QT_TRANSLATE_NOOP(
                    "SourcePanel", "{name} was changed by another program after it was opened here."
                ),
                name=self.path.name,
            ),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
            parent,
        )
        box.setObjectName("changedOnDiskBox")
        box.setInformativeText(
            translate(
                "SourcePanel",
                "Save your text over it? The other program's change is then lost. Cancel keeps "
                "the file as it is and your edits here; Reset shows the file's new text.",
            )
        )
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        return box.exec() == QMessageBox.StandardButton.Save

    def save(self) -> bool:
        """Write the text over the user's script (never over a bundled lesson) and return True;
        False when there is nothing to save. Raise GraphvizAppError when it cannot be written.
        The file is replaced whole or not at all (:func:`replace_file`): a failed save leaves it
        as it was. Ask :meth:`confirm_save` first."""
        path = self.path
        if path is None or not self._savable():
            return False
        try:
            path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            raise GraphvizAppError(
                i18n.said(
                    QT_TRANSLATE_NOOP(
                        "SourcePanel",
                        "{name} is not UTF-8 text, so saving it from here would change bytes you did not "
                        "edit. Edit it in your text editor instead.",
                    ),
                    name=path.name,
                )
            ) from None
        except OSError:
            pass  # gone or unreadable: the write says what is wrong
        data = self.view.text()
        try:
            replace_file(path, (data.replace("\n", "\r\n") if self._crlf else data).encode("utf-8"))
        except OSError as exc:
            raise GraphvizAppError(
                i18n.said(
                    QT_TRANSLATE_NOOP(
                        "SourcePanel",
                        "Cannot save {path}: {error}. Make the file writable, or copy the text (Ctrl+A, "
                        "Ctrl+C) into a file you can write.",
                    ),
                    path=path,
                    error=exc.strerror or exc,
                )
            ) from exc
        self.saved_text = data
        self._raw = data.replace("\n", "\r\n") if self._crlf else data
        self.changed_on_disk = False
        self.view.document().setModified(False)
        self._text_changed(force=True)
        return True

    def reset(self) -> bool:
        """Show the file's text again, as one step Ctrl+Z undoes: the lesson as bundled, the
        user's script as it is on disk now. Return whether the graph shown came from other text
        (an edit, or the file before it changed), so the script should run again."""
        path = self.path
        if path is None or not self.editable():
            return False
        try:
            raw = read_source_safely(path)
        except (GraphvizAppError, ValueError):
            raw = None  # unreadable now: the text as last read
        if raw is not None:
            self._raw, self._crlf = raw, "\r\n" in raw
            self.saved_text = _shown_text(raw)
        stale = self._ran_edit or self.changed_on_disk
        cursor = QTextCursor(self.view.document())
        cursor.beginEditBlock()
        cursor.select(QTextCursor.SelectionType.Document)
        cursor.insertText(self.saved_text)
        cursor.endEditBlock()
        self.changed_on_disk = False
        self._ran_edit = False
        self._text_changed(force=True)
        return stale

    def may_leave(self, target: Path | None, parent: QWidget) -> bool:
        """Before ``target`` opens (None: the window closes): a user's script with unsaved edits
        is saved or discarded as the user answers (False: Cancel, stay); an edited lesson is
        kept in its playground copy, and the panel says where. Opening the script itself keeps
        the edits (its run runs them)."""
        path = self.path
        if path is None or not self._edited or (target is not None and _same(target, path)):
            return True
        if is_bundled(path):
            try:
                copy = self._write_copy()
            except GraphvizAppError as exc:
                self.noticed.emit(error_text(exc.message))
            else:
                self.noticed.emit(
                    i18n.said(
                        QT_TRANSLATE_NOOP(
                            "SourcePanel",
                            "Your edit of the lesson {name} is kept in {copy}: open that file to go on with it.",
                        ),
                        name=path.name,
                        copy=copy,
                    )
                )
            return True
        box = QMessageBox(
            QMessageBox.Icon.Question,
            translate("SourcePanel", "Unsaved changes"),
            i18n.said(
                QT_TRANSLATE_NOOP("SourcePanel", "{name} has changes you have not saved."), name=path.name
            ),
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            parent,
        )
        box.setObjectName("unsavedChangesBox")
        box.setInformativeText(
            translate("SourcePanel", "Save them before closing? If you discard them, they are lost.")
            if target is None
            else i18n.said(
                QT_TRANSLATE_NOOP(
                    "SourcePanel", "Save them before opening {name}? If you discard them, they are lost."
                ),
                name=target.name,
            )
        )
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            if not self.confirm_save(parent):
                return False
            try:
                return self.save()
            except GraphvizAppError as exc:
                QMessageBox.warning(parent, translate("SourcePanel", "Not saved"), error_text(exc.message))
                return False
        if answer != QMessageBox.StandardButton.Discard:
            return False
        self.discard()
        return True

    def discard(self) -> None:
        """Drop the edits: show the file's text as last read, with a new undo history."""
        self._loading = True
        self.view.setPlainText(self.saved_text)
        self._loading = False
        self._text_changed(force=True)

    # -- marks ---------------------------------------------------------------------------------
    def line_of(self, node: str | None) -> int | None:
        """Return the script line that created graph node ``node``: an op's recorded line, a
        named leaf's binding (None when unknown)."""
        return None if node is None else self._line_of.get(node) or self._leaf_lines.get(node)

    def step_line(self) -> int | None:
        step = self.document.view_model.step
        return self.line_of(step.node) if step is not None else None

    def selected_line(self) -> int | None:
        members = self.document.view_model.selected_members()
        return self.line_of(members[0]) if len(members) == 1 else None

    def refresh_marks(self) -> None:
        marks: dict[int, str] = {}
        selected = self.selected_line()
        if selected is not None:
            marks[selected] = SELECTED_LINE
        step = self.step_line()
        if step is not None:
            marks[step] = STEP_LINE
        if self.error_line is not None:
            marks[self.error_line] = ERROR_LINE
        self.view.set_marks(marks)
        if selected is not None and step is None:
            self.view.show_line(selected)
        if self.clicked_line is not None and self.clicked_line != selected:
            self.clicked_line = None
            self.document.view_model.set_style_layer("source", None)

    def _step_changed(self) -> None:
        self.refresh_marks()
        line = self.step_line()
        if line is not None:
            self.view.show_line(line)

    def show_error(self, file: str | None, line: int | None) -> None:
        """Show a failure's line (red) in ``file`` (loaded when it is not the one shown, read
        again when it is: the run that failed read it as it is now; while the shown script holds
        edits, they stay and another file is not shown)."""
        if file and (self.path is None or not self._is_shown(file)):
            if self._edited:
                self.noticed.emit(
                    i18n.said(
                        QT_TRANSLATE_NOOP(
                            "SourcePanel",
                            "The error is in {file}, line {line}: save or reset your "
                            "edits to see that file here.",
                        ),
                        file=file,
                        line=line,
                    )
                )
                return
            self.load(Path(file))
        elif file and self.path is not None:
            self.load(self.path)  # the failed run read the file as it is now (edits here are kept)
        self.error_line = line if self.path is not None else None
        self.refresh_marks()
        if line:
            self.view.show_line(line)

    def select_line(self, line: int) -> list[str]:
        """Select the ops created on ``line`` (outlined; the first one selected) and return them."""
        nodes = self._lines.get(line, [])
        if not nodes:
            return []
        self.clicked_line = line
        self.document.view_model.set_style_layer(
            "source", {n: NodeStyle(pen=SOURCE_PEN, penwidth=2.5) for n in nodes}
        )
        self.document.view_model.select_graph_node(nodes[0])
        return list(nodes)
