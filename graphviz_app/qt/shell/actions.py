"""The window's actions, menus and toolbar, in one place (shortcuts shown in the menus)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QMainWindow, QMenu, QToolBar, QToolButton, QWidget

from ..canvas.view import GraphView
from ..document import Document
from ..icons import icon
from ..panels.search import SearchBar
from ..settings import Settings
from ..theme import THEMES, Theme
from ..words import color_mode_names

translate = QCoreApplication.translate

Shortcut = QKeySequence | QKeySequence.StandardKey | str | list[QKeySequence | QKeySequence.StandardKey | str]


class ActionHost(Protocol):
    """What the actions trigger: the main window's commands, its view, search bar and document."""

    @property
    def document(self) -> Document: ...
    @property
    def view(self) -> GraphView: ...
    @property
    def search_bar(self) -> SearchBar: ...
    @property
    def settings(self) -> Settings: ...

    def open_dialog(self) -> None: ...
    def open_default_example(self) -> None: ...
    def reload(self) -> None: ...
    def cancel_run(self) -> None: ...
    def expand_all(self) -> None: ...
    def collapse_all(self) -> None: ...
    def run_source(self) -> None: ...
    def save_source(self) -> None: ...
    def reset_source(self) -> None: ...
    def export_dialog(self) -> object: ...
    def copy_image(self) -> None: ...
    def set_split_hubs(self, on: bool) -> None: ...
    def set_legend_visible(self, on: bool) -> None: ...
    def set_minimap_visible(self, on: bool) -> None: ...
    def set_values_visible(self, on: bool) -> None: ...
    def run_backward(self) -> None: ...
    def set_run_backward(self, on: bool) -> None: ...
    def set_live_reload(self, on: bool) -> None: ...
    def show_about(self) -> None: ...
    def show_preferences(self) -> object: ...
    def clear_recent(self) -> None: ...
    def set_theme(self, theme: Theme) -> None: ...


class Actions:
    """Creates every QAction of ``window`` and lays them out in menus and the toolbar."""

    def __init__(self, window: QMainWindow, host: ActionHost, dark: bool) -> None:
        self.window = window
        w = host
        self.dark = dark

        def act(
            text: str,
            slot: Callable[..., object],
            shortcut: Shortcut | None = None,
            icon_name: str | None = None,
            tip: str | None = None,
            checkable: bool = False,
        ) -> QAction:
            action = QAction(text, window)
            if shortcut is not None:
                if isinstance(shortcut, (list, tuple)):
                    action.setShortcuts([QKeySequence(s) for s in shortcut])
                else:
                    action.setShortcut(QKeySequence(shortcut))
            if icon_name:
                action.setIcon(icon(icon_name, dark))
                action.setData(icon_name)
            action.setCheckable(checkable)
            tip = tip or text.replace("&", "").rstrip("…")
            if action.shortcut().toString():
                tip += f" ({action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})"
            action.setToolTip(tip)
            action.setStatusTip(tip)
            if checkable:
                action.toggled.connect(slot)
            else:
                action.triggered.connect(lambda _checked=False: slot())
            return action

        self.open = act(
            translate("Actions", "&Open Script or Graph…"),
            w.open_dialog,
            QKeySequence.StandardKey.Open,
            "open",
            translate("Actions", "Open a PyTorch script (.py) or a saved graph (.json)"),
        )
        self.open_example = act(
            translate("Actions", "Open E&xample"),
            w.open_default_example,
            tip=translate("Actions", "Open the bundled basic example"),
        )
        self.reload = act(
            translate("Actions", "Re&load"),
            w.reload,
            QKeySequence("F5"),
            "reload",
            translate("Actions", "Run the script again"),
        )
        self.cancel = act(
            translate("Actions", "&Cancel Run"),
            w.cancel_run,
            QKeySequence("Esc"),
            "cancel",
            translate("Actions", "Stop the running script"),
        )
        self.cancel.setEnabled(False)
        self.run_source = act(
            translate("Actions", "R&un Source"),
            w.run_source,
            ["Ctrl+Return", "Ctrl+Enter"],
            "play",
            translate("Actions", "Run the script as the Source panel shows it, your edits included"),
        )
        self.run_source.setIconText(translate("Actions", "Run"))
        self.save_source = act(
            translate("Actions", "&Save Script"),
            w.save_source,
            QKeySequence.StandardKey.Save,
            tip=translate("Actions", "Save your edits in the Source panel to the script's file"),
        )
        self.save_source.setIconText(translate("Actions", "Save"))
        self.reset_source = act(
            translate("Actions", "Rese&t Script Text"),
            w.reset_source,
            tip=translate("Actions", "Show the script's own text again in the Source panel"),
        )
        self.reset_source.setIconText(translate("Actions", "Reset"))
        for action in (self.run_source, self.save_source, self.reset_source):
            action.setEnabled(False)  # the Source panel enables them for the script it shows
        self.export = act(
            translate("Actions", "&Export…"),
            w.export_dialog,
            QKeySequence("Ctrl+E"),
            "export",
            translate("Actions", "Export the graph as an image, DOT source, a JSON graph or a web page"),
        )
        self.copy_image = act(
            translate("Actions", "Co&py Image"),
            w.copy_image,
            QKeySequence("Ctrl+Shift+C"),
            "copy",
            translate("Actions", "Copy the current view to the clipboard as an image"),
        )
        self.quit = act(translate("Actions", "&Quit"), window.close, QKeySequence.StandardKey.Quit)
        self.find = act(
            translate("Actions", "&Find…"),
            w.search_bar.focus,
            QKeySequence.StandardKey.Find,
            "search",
            translate("Actions", "Search nodes by op, name or module"),
        )
        self.find_next = act(
            translate("Actions", "Find &Next"),
            lambda: w.search_bar.step(1),
            QKeySequence.StandardKey.FindNext,
        )
        self.find_prev = act(
            translate("Actions", "Find Pre&vious"),
            lambda: w.search_bar.step(-1),
            QKeySequence.StandardKey.FindPrevious,
        )
        self.zoom_in = act(
            translate("Actions", "Zoom &In"),
            w.view.zoom_in,
            [QKeySequence.StandardKey.ZoomIn, "Ctrl+="],
            "zoom-in",
        )
        self.zoom_out = act(
            translate("Actions", "Zoom &Out"), w.view.zoom_out, QKeySequence.StandardKey.ZoomOut, "zoom-out"
        )
        self.fit = act(
            translate("Actions", "&Fit to Window"),
            w.view.fit,
            QKeySequence("Ctrl+0"),
            "fit",
            translate("Actions", "Show the whole graph"),
        )
        self.actual = act(translate("Actions", "&Actual Size"), w.view.actual_size, QKeySequence("Ctrl+1"))
        self.zoom_area = act(
            translate("Actions", "&Zoom to Rectangle"),
            w.view.start_zoom_area,
            QKeySequence("Ctrl+R"),
            tip=translate("Actions", "Drag a rectangle to zoom into (or Shift+drag)"),
        )
        self.collapse_all = act(
            translate("Actions", "Collapse &All Modules"),
            w.collapse_all,
            QKeySequence("Ctrl+Shift+["),
            "collapse",
            translate("Actions", "Collapse every top-level module"),
        )
        self.expand_all = act(
            translate("Actions", "E&xpand All Modules"),
            w.expand_all,
            QKeySequence("Ctrl+Shift+]"),
            "expand",
            translate("Actions", "Expand every module"),
        )
        self.split_hubs = act(
            translate("Actions", "&Split Shared Tensors per Use"),
            w.set_split_hubs,
            tip=translate("Actions", "Draw a tensor used far apart (a reused weight) once per use"),
            checkable=True,
        )

        def set_left_to_right(on: bool) -> None:
            rankdir = "LR" if on else "TB"
            w.settings.set_rankdir(rankdir)  # remembered for the next start
            w.document.view_model.set_rankdir(rankdir)

        self.left_to_right = act(
            translate("Actions", "Left to &Right"),
            set_left_to_right,
            QKeySequence("Ctrl+Shift+L"),
            tip=translate(
                "Actions",
                "Lay the graph out from left to right (inputs at the left) instead of top to bottom",
            ),
            checkable=True,
        )
        self.show_legend = act(
            translate("Actions", "Show &Legend"), w.set_legend_visible, QKeySequence("Ctrl+L"), checkable=True
        )
        self.show_minimap = act(
            translate("Actions", "Show &Minimap"),
            w.set_minimap_visible,
            QKeySequence("Ctrl+Shift+M"),
            tip=translate(
                "Actions",
                "A small map of the whole graph in the corner while part of it is out of sight; click or drag in it to move the view",
            ),
            checkable=True,
        )
        self.values = act(
            translate("Actions", "&Values"),
            w.set_values_visible,
            QKeySequence("Ctrl+Shift+V"),
            tip=translate(
                "Actions", "Draw small tensors' values and, after backward, their gradients beside each node"
            ),
            checkable=True,
        )
        self.run_backward = act(
            translate("Actions", "Run &Backward"),
            w.run_backward,
            QKeySequence("Ctrl+B"),
            "run-backward",
            translate(
                "Actions",
                "Step through backward: uses the script's own backward, or runs it once on the output to record the gradients",
            ),
        )
        self.backward = act(
            translate("Actions", "Run Backward on &Every Load"),
            w.set_run_backward,
            tip=translate("Actions", "Always run backward on the output when a script loads (reloads now)"),
            checkable=True,
        )
        self.live_reload = act(
            translate("Actions", "&Live Reload"),
            w.set_live_reload,
            tip=translate("Actions", "Reload automatically when the script is saved"),
            checkable=True,
        )
        self.preferences = act(
            translate("Actions", "&Preferences…"),
            w.show_preferences,
            QKeySequence.StandardKey.Preferences,
            tip=translate("Actions", "Run time limit, backward call, collapse threshold, language, theme"),
        )
        self.about = act(translate("Actions", "&About graphviz_app"), w.show_about)
        self.clear_recent = act(translate("Actions", "&Clear Recent Files"), w.clear_recent)

        self.color_actions = QActionGroup(window)
        self.color_by: dict[str, QAction] = {}
        for i, (mode, name) in enumerate(color_mode_names().items()):
            action = QAction(translate("Actions", "Color by {name}").format(name=name), window)
            action.setCheckable(True)
            action.setShortcut(QKeySequence(f"Alt+{i + 1}"))
            action.triggered.connect(lambda _c=False, m=mode: w.document.view_model.set_color_mode(m))
            self.color_actions.addAction(action)
            self.color_by[mode] = action

        self.theme_actions = QActionGroup(window)
        self.theme_by: dict[str, QAction] = {}
        theme_names = {
            "system": translate("Actions", "System"),
            "light": translate("Actions", "Light"),
            "dark": translate("Actions", "Dark"),
        }
        for theme in THEMES:
            action = QAction(theme_names[theme], window)
            action.setCheckable(True)
            action.triggered.connect(lambda _c=False, t=theme: w.set_theme(t))
            self.theme_actions.addAction(action)
            self.theme_by[theme] = action

        self.color_combo = QComboBox()
        self.color_combo.setObjectName("colorModeCombo")
        names = color_mode_names()
        self.color_combo.setToolTip(
            translate("Actions", "Color nodes by one of: {modes}").format(modes=", ".join(names.values()))
        )
        for mode, name in names.items():
            self.color_combo.addItem(name, mode)
        self.color_combo.activated.connect(
            lambda i: w.document.view_model.set_color_mode(self.color_combo.itemData(i))
        )
        self.recent_menu = QMenu(translate("Actions", "Open &Recent"), window)
        self.recent_menu.setObjectName("recentMenu")

    def build_menus(self) -> None:
        bar = self.window.menuBar()
        file = bar.addMenu(translate("Actions", "&File"))
        _section(file, self.open, self.recent_menu.menuAction(), self.open_example)
        _section(file, self.reload, self.cancel)
        _section(file, self.run_source, self.save_source, self.reset_source)
        _section(file, self.export, self.copy_image)
        _section(file, self.quit)
        edit = bar.addMenu(translate("Actions", "&Edit"))
        _section(edit, self.find, self.find_next, self.find_prev)
        _section(edit, self.preferences)
        view = bar.addMenu(translate("Actions", "&View"))
        view.setToolTipsVisible(True)  # a greyed colour mode says why
        self.view_menu = view
        _section(view, self.zoom_in, self.zoom_out, self.fit, self.actual, self.zoom_area)
        _section(view, *self.color_by.values())
        _section(view, self.values, self.show_legend, self.show_minimap, self.split_hubs, self.left_to_right)
        theme = view.addMenu(translate("Actions", "&Theme"))
        _section(theme, *self.theme_by.values())
        view.addSeparator()
        self.panels_menu = view.addMenu(translate("Actions", "&Panels"))
        graph = bar.addMenu(translate("Actions", "&Graph"))
        _section(graph, self.collapse_all, self.expand_all)
        _section(graph, self.run_backward, self.backward, self.live_reload)
        self.step_menu = bar.addMenu(translate("Actions", "&Step"))
        help_menu = bar.addMenu(translate("Actions", "&Help"))
        self.lessons_menu = help_menu.addMenu(translate("Actions", "&Lessons"))
        self.lessons_menu.setObjectName("lessonsMenu")
        _section(help_menu, self.about)

    def build_toolbar(self, search: QWidget) -> QToolBar:
        w = self.window
        bar = QToolBar(translate("Actions", "Main"), w)
        bar.setObjectName("mainToolbar")
        bar.setMovable(False)
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        _section(bar, self.open, self.reload, self.cancel, self.export)
        _section(bar, self.zoom_in, self.zoom_out, self.fit)
        _section(bar, self.collapse_all, self.expand_all, self.run_backward)
        button = bar.widgetForAction(self.run_backward)
        if isinstance(button, QToolButton):  # the one button a newcomer needs: name it
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.run_backward.setIconText(translate("Actions", "Run Backward"))
        bar.addAction(self.values)
        values = bar.widgetForAction(self.values)
        if isinstance(values, QToolButton):  # no icon: the word is the button
            values.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        bar.addSeparator()
        bar.addWidget(QLabel(translate("Actions", " Color: ")))
        bar.addWidget(self.color_combo)
        spacer = QWidget()
        spacer.setSizePolicy(
            spacer.sizePolicy().horizontalPolicy().Expanding, spacer.sizePolicy().verticalPolicy().Preferred
        )
        bar.addWidget(spacer)
        bar.addWidget(search)
        w.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        return bar

    def retint(self, dark: bool) -> None:
        """Reload every icon for a light or dark palette."""
        self.dark = dark
        for action in self.window.findChildren(QAction):
            name = action.data()
            if isinstance(name, str) and name:
                action.setIcon(icon(name, dark))


def _section(menu: QMenu | QToolBar, *actions: QAction) -> None:
    """Add ``actions`` to ``menu`` (or a toolbar), after a separator unless it is empty."""
    if menu.actions():
        menu.addSeparator()
    menu.addActions(list(actions))
