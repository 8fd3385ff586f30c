"""A panel behind another tab of a shown window is refreshed when it is brought to the front."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QTabWidget

from graphviz_app.qt.panels.refresh_gate import RefreshGate


def test_a_refresh_waits_for_the_panel_to_be_shown(qtbot) -> None:
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    front, behind = QLabel("front"), QLabel("behind")
    tabs.addTab(front, "front")
    tabs.addTab(behind, "behind")
    refreshed: list[str] = []
    gate = RefreshGate(behind, lambda: refreshed.append("behind"))
    gate.request()  # the window is not shown yet: at once
    assert refreshed == ["behind"] and not gate.owed
    tabs.show()
    qtbot.waitExposed(tabs)
    gate.request()
    gate.request()
    assert refreshed == ["behind"] and gate.owed  # behind the front tab: owed, once
    tabs.setCurrentWidget(behind)
    assert refreshed == ["behind", "behind"] and not gate.owed
    gate.request()  # in sight: at once
    assert refreshed == ["behind"] * 3
    tabs.setCurrentWidget(front)
    gate.request()
    gate.flush()  # a reader of its rows: now
    tabs.setCurrentWidget(behind)  # nothing owed any more
    assert refreshed == ["behind"] * 4


def test_a_panel_in_a_dock_behind_another_tab_is_refreshed_when_its_tab_is_chosen(qtbot) -> None:
    """Qt keeps such a dock visible but moved out of the window: nothing of it is in sight."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDockWidget, QMainWindow

    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QLabel("canvas"))
    docks = {}
    for key in ("front", "behind"):
        dock = docks[key] = QDockWidget(key, window)
        dock.setWidget(QLabel(key))
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    window.tabifyDockWidget(docks["front"], docks["behind"])
    docks["front"].raise_()
    window.resize(600, 400)
    window.show()
    qtbot.waitExposed(window)
    panel = docks["behind"].widget()
    refreshed: list[int] = []
    gate = RefreshGate(panel, lambda: refreshed.append(1))
    qtbot.waitUntil(lambda: not gate.in_sight())
    gate.request()
    assert not refreshed and gate.owed
    docks["behind"].raise_()
    qtbot.waitUntil(lambda: len(refreshed) == 1)
    assert gate.in_sight() and not gate.owed
