"""Refreshing a panel behind another tab only when it is brought to the front.

A window shows one tab of a dock area at a time. A panel behind a tab that refreshed on every
new graph would make its rows (and have its values computed) for a graph nobody looks at yet,
on the way to that graph's first picture. :class:`RefreshGate` refreshes a panel at once while
it is in sight, or while its window is not shown at all (a panel on its own, or before the
window opens), and otherwise the next time the panel comes into sight.

Qt keeps a dock behind another tab visible (``isVisible()``) but moved out of the window, with
nothing of it on screen; it says when the dock's tab is chosen (``visibilityChanged``). A page
of a tab widget is hidden, and shown again.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QDockWidget, QWidget


class RefreshGate(QObject):
    """Runs ``refresh`` when asked (:meth:`request`) if ``panel`` is in sight, else when it next
    comes into sight; :meth:`flush` runs a refresh still owed (for readers of the panel's rows)."""

    def __init__(self, panel: QWidget, refresh: Callable[[], None]) -> None:
        super().__init__(panel)
        self._panel = panel
        self._refresh = refresh
        self._dock: QDockWidget | None = None
        self.owed = False
        """Whether a refresh waits for the panel to come into sight."""
        panel.installEventFilter(self)

    def in_sight(self) -> bool:
        """Whether some of the panel is on screen (or could be: its window is not shown)."""
        panel = self._panel
        if not panel.window().isVisible():
            return True
        return panel.isVisible() and not panel.visibleRegion().isEmpty()

    def request(self) -> None:
        """Refresh now if the panel is in sight, else when it comes into sight."""
        if self.in_sight():
            self.owed = False
            self._refresh()
            return
        self.owed = True
        self._follow_dock()

    def flush(self) -> None:
        """Run the refresh still owed, now."""
        if self.owed:
            self.owed = False
            self._refresh()

    def _follow_dock(self) -> None:
        """Hear when the dock the panel lies in has its tab chosen (once found)."""
        if self._dock is not None:
            return
        parent = self._panel.parentWidget()
        while parent is not None and not isinstance(parent, QDockWidget):
            parent = parent.parentWidget()
        if parent is not None:
            self._dock = parent
            parent.visibilityChanged.connect(self._dock_shown)

    def _dock_shown(self, visible: bool) -> None:
        if visible:
            self.flush()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Show and watched is self._panel:
            self.flush()
        return False
