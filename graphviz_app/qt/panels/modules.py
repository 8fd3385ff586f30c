"""The Modules panel: the model's module tree with each module's class; a checked module is
collapsed into one node."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.model.derived import derived, warm_with
from ...core.model.topology import ancestors, module_paths, natural_key, node_modules
from ...core.view.display import ViewOptions
from ..document import Document
from ..plain_text import plain_tooltip

translate = QCoreApplication.translate

PATH_ROLE = Qt.ItemDataRole.UserRole + 1
NAME, NODES, CLASS = 0, 1, 2
NAME_SHARE = 0.6
"""The module column takes up to this share of the tree's width; the class gets the rest."""
BATCH = 400
"""Tree items made in one go (a few tens of ms); a bigger tree is filled batch by batch."""
EXPAND_LIMIT = 2000
"""The tree opens two levels deep when it has at most this many modules, else one level."""

ModuleRow = tuple[str, str, str, int, str]
"""A module's path, its parent's path ("" at the top), its name, its node count and its class."""


@warm_with
def module_rows(graph: Any) -> list[ModuleRow]:
    """Every module of ``graph`` (and its ancestors) as a tree row, parents first and siblings
    in natural order (``layer.10`` after ``layer.9``)."""
    modules = derived(graph, module_paths)
    counts: Counter[str] = Counter()
    types = graph.graph.get("module_types") or {}
    for module, count in Counter(module for _, module in derived(graph, node_modules) if module).items():
        for path in ancestors(module):  # counted per module, then up its ancestors
            counts[path] += count
    known = set(modules)
    rows = []
    for path in sorted(modules, key=lambda p: (p.count("."), natural_key(p))):
        parent = path.rpartition(".")[0]
        while parent and parent not in known:
            parent = parent.rpartition(".")[0]
        name = path[len(parent) + 1 :] if parent else path
        kind = str(types.get(path) or "") if isinstance(types, dict) else ""
        rows.append((path, parent, name, counts.get(path, 0), kind))
    return rows


class ModulesPanel(QWidget):
    """Tree of module paths with a "collapsed" checkbox each, plus "collapse all to depth N"."""

    moduleActivated = Signal(str)  # the user double-clicked a module: show it
    expandAllRequested = Signal()  # "Expand all": the window expands every module (from the top)
    depthRequested = Signal(int)  # "Collapse to" depth: the window collapses the deeper modules

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.show_view: Callable[[ViewOptions], object] | None = None
        """How a checkbox's view is shown (None: by the view model at once; the window sends it
        through its controller, which makes the view of a big module on a thread)."""
        self.tree = QTreeWidget(self)
        self.tree.setObjectName("modulesTree")
        self.tree.setHeaderLabels(
            [translate("Modules", "Module"), translate("Modules", "Nodes"), translate("Modules", "Class")]
        )
        # the module's name first (never squeezed out), its node count, then its class in what
        # width is left (elided, the full name in the tooltip)
        self.tree.header().setSectionResizeMode(NODES, self.tree.header().ResizeMode.ResizeToContents)
        self.tree.setToolTip(
            translate(
                "Modules",
                "Check a module to draw it as a single node; uncheck to "
                "expand it.\nDouble-click a module to show it in the graph.",
            )
        )
        self.tree.itemChanged.connect(self._item_changed)
        self._updating = False
        # deeper names in sight (not while the tree is made: it is sized once at the end)
        self.tree.itemExpanded.connect(lambda _item: None if self._updating else self.fit_columns())
        self.tree.itemDoubleClicked.connect(
            lambda item, _col: self.moduleActivated.emit(item.data(0, PATH_ROLE))
        )
        self.depth_box = QSpinBox(self, prefix=translate("Modules", "depth "))
        self.depth_box.setObjectName("collapseDepth")
        self.depth_box.setRange(0, 20)
        self.depth_box.setValue(1)
        self.depth_box.setToolTip(translate("Modules", "Modules deeper than this many levels are collapsed"))
        self.collapse_button = QPushButton(translate("Modules", "Collapse to"), self)
        self.collapse_button.setToolTip(translate("Modules", "Collapse every module below the chosen depth"))
        self.collapse_button.clicked.connect(lambda: self.depthRequested.emit(self.depth_box.value()))
        self.expand_button = QPushButton(translate("Modules", "Expand all"), self)
        self.expand_button.clicked.connect(self.expandAllRequested.emit)
        self.hint = QLabel(translate("Modules", "Check a module to collapse it into one node."), self)
        self.hint.setWordWrap(True)
        self.hint.setEnabled(False)
        self.empty = QLabel(
            self, wordWrap=True, alignment=Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft
        )
        row = QHBoxLayout()
        row.addWidget(self.collapse_button)
        row.addWidget(self.depth_box)
        row.addStretch(1)
        row.addWidget(self.expand_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(row)
        layout.addWidget(self.hint)
        layout.addWidget(self.empty, 1)
        layout.addWidget(self.tree, 1)
        self._items: dict[str, QTreeWidgetItem] = {}
        self._checked: set[str] = set()
        """The modules whose item is checked."""
        self._rows: list[ModuleRow] = []
        self._filled = 0
        self._fill_timer = QTimer(self, singleShot=True, interval=0)
        self._fill_timer.timeout.connect(self._fill_more)
        document.graphChanged.connect(self.rebuild)
        document.displayChanged.connect(self.sync_checks)
        self.rebuild()

    def set_dark(self, dark: bool) -> None:
        """Keep check boxes visible on a dark palette (Fusion outlines them with a darker Window)."""
        palette = self.palette()
        if dark:
            palette.setColor(QPalette.ColorRole.Window, QColor("#9a9da1"))
        self.tree.setPalette(palette)

    def fit_columns(self) -> None:
        """Give the module column its names' width, up to ``NAME_SHARE`` of the tree."""
        self.tree.resizeColumnToContents(NAME)
        limit = int(self.tree.viewport().width() * NAME_SHARE)
        if self.tree.isVisible() and limit > 0 and self.tree.columnWidth(NAME) > limit:
            self.tree.setColumnWidth(NAME, limit)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_columns()

    def items(self) -> dict[str, QTreeWidgetItem]:
        """Return the tree item of each module path."""
        return dict(self._items)

    def rebuild(self) -> None:
        """Rebuild the tree from the document's graph: its rows are made once per graph (on the
        reading thread for a saved graph); a big tree's items are made a batch at a time."""
        self._updating = True
        self.tree.clear()
        self._items.clear()
        self._checked = set()
        graph = self.document.view_model.graph
        self._rows = derived(graph, module_rows) if graph is not None else []
        self._filled = 0
        self._fill_timer.stop()
        has = bool(self._rows)
        self.empty.setText(
            translate("Modules", "No graph loaded.")
            if graph is None
            else translate("Modules", "This graph has no modules: its ops did not run inside an nn.Module.")
        )
        self.empty.setVisible(not has)
        self.tree.setVisible(has)
        self.hint.setVisible(has)
        for w in (self.collapse_button, self.depth_box, self.expand_button):
            w.setEnabled(has)
        collapsed = self.document.view_model.options.collapsed
        if collapsed:  # the depth a new graph opened at (first view, cost plan, saved view)
            self.depth_box.setValue(min(path.count(".") + 1 for path in collapsed))
        self._updating = False
        self._fill_more()

    def filling(self) -> bool:
        """True while the tree's items are still being made."""
        return self._filled < len(self._rows)

    def _fill_more(self) -> None:
        """Make the next batch of items (all of them for a small tree), then, once every item is
        made, open the tree and size its columns."""
        self._updating = True
        collapsed = self.document.view_model.options.collapsed
        end = min(len(self._rows), self._filled + BATCH)
        for path, parent_path, name, count, kind in self._rows[self._filled : end]:
            item = QTreeWidgetItem([name, str(count), kind])
            item.setData(0, PATH_ROLE, path)
            item.setToolTip(0, plain_tooltip(f"{path} ({kind})" if kind else path))
            if kind:
                item.setToolTip(CLASS, plain_tooltip(kind))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(0, Qt.CheckState.Checked if path in collapsed else Qt.CheckState.Unchecked)
            if path in collapsed:
                self._checked.add(path)
            parent = self._items.get(parent_path)
            if parent is None:
                self.tree.addTopLevelItem(item)
            else:
                parent.addChild(item)
            self._items[path] = item
        self._filled = end
        if self.filling():
            self._updating = False
            self._fill_timer.start()
            return
        if self._rows:
            self.tree.expandToDepth(1 if len(self._rows) <= EXPAND_LIMIT else 0)
        self._updating = False
        self.fit_columns()  # (each item was made with its check mark: no sync_checks needed)

    def sync_checks(self) -> None:
        """Show the document's collapsed set as check marks (only the marks that change: asking
        each of 3,400 items for its mark took 10-30 ms of every expand and collapse)."""
        self._updating = True
        collapsed = self.document.view_model.options.collapsed
        for path in self._checked.symmetric_difference(collapsed):
            item = self._items.get(path)
            if item is None:
                continue  # not made yet: made with its mark
            checked = path in collapsed
            item.setCheckState(0, Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
            if checked:
                self._checked.add(path)
            else:
                self._checked.discard(path)
        self._updating = False

    def _item_changed(self, item: QTreeWidgetItem, column: int) -> None:
        if self._updating or column != 0:
            return
        path = item.data(0, PATH_ROLE)
        model = self.document.view_model
        checked = item.checkState(0) == Qt.CheckState.Checked
        if checked:
            self._checked.add(path)
        else:
            self._checked.discard(path)
        options = model.collapsing(path) if checked else model.expanding(path)
        (self.show_view or model.set_view_options)(options)
