"""Every menu's mnemonics (the underlined letters of Alt+letter) are unique within the menu, in
English and in Korean, including the menus filled only when they open; in Korean every item reads
in Korean."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from graphviz_app.qt.i18n import install_translators

MNEMONIC = re.compile(r"&([^&\s])")


def mnemonic(text: str) -> str | None:
    """The letter after the one single ``&`` of an item's text, upper-cased; None without one."""
    found = MNEMONIC.search(text.replace("&&", ""))
    return found.group(1).upper() if found else None


def clashes(menu: QMenu, path: str) -> Iterator[str]:
    """Each item of ``menu`` (and of its submenus) whose mnemonic another item there also uses."""
    menu.aboutToShow.emit()  # the recent-files, step and lessons menus are filled when they open
    seen: dict[str, str] = {}
    for action in menu.actions():
        if action.isSeparator() or not action.isVisible():
            continue
        key = mnemonic(action.text())
        if key is not None:
            if key in seen:
                yield f"{path}: {seen[key]!r} and {action.text()!r} share &{key}"
            seen[key] = action.text()
        if action.menu() is not None:
            yield from clashes(action.menu(), f"{path} > {action.text()}")


HANGUL = re.compile("[\uac00-\ud7a3]")


def items(menus: list[QMenu]) -> Iterator[QAction]:
    """Every visible item of ``menus`` and of their submenus (filled as when they open)."""
    for menu in menus:
        menu.aboutToShow.emit()
        for action in menu.actions():
            if action.isSeparator() or not action.isVisible():
                continue
            yield action
            if action.menu() is not None:
                yield from items([action.menu()])


def test_mnemonic_reads_the_single_ampersand():
    assert mnemonic("Find &Next") == "N"
    assert mnemonic("다음 찾기(&n)") == "N"
    assert mnemonic("Fish && Chips") is None
    assert mnemonic("Play") is None


@pytest.mark.parametrize("language", ["en", "ko"])
def test_no_two_items_of_a_menu_share_a_mnemonic(qapp, qtbot, qt_runner, language):
    from graphviz_app.qt.shell.main_window import MainWindow

    assert install_translators(qapp, language) == language
    try:
        win = MainWindow(runner=qt_runner)
        qtbot.addWidget(win)
        bar = win.menuBar()
        menus = [a.menu() for a in bar.actions() if a.menu() is not None]
        assert len(menus) >= 6
        top = [mnemonic(a.text()) for a in bar.actions()]
        assert None not in top and len(set(top)) == len(top), [a.text() for a in bar.actions()]
        found = [clash for menu in menus for clash in clashes(menu, menu.title())]
        assert not found, "\n".join(found)
        if language == "ko":  # and every item reads in Korean (a lesson's title names its script)
            english = [
                action.text()
                for action in items(menus)
                if not HANGUL.search(action.text())
                and action.menu() is None
                and ".py" not in action.toolTip()
            ]
            lessons = win.actions_.lessons_menu.actions()
            assert not english and all(HANGUL.search(a.text()) for a in lessons), english
        win.close()
    finally:
        install_translators(qapp, "en")
