"""Qt's own dialogs speak the window's language: the Open dialog's labels and buttons and a
message box's buttons come from Qt's ``qtbase_ko.qm``, which must really load."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTranslator
from PySide6.QtWidgets import QDialogButtonBox, QFileDialog, QLabel, QMessageBox, QPushButton

from graphviz_app.qt.i18n import current_language, install_translators, native_dialogs, qt_translations_dir
from graphviz_app.resources import example


@pytest.fixture
def korean(qapp) -> Iterator[None]:
    """The app speaks Korean for this test, English again afterwards."""
    assert install_translators(qapp, "ko") == "ko"
    yield
    install_translators(qapp, "en")


def test_qt_ships_its_korean_catalogue_where_the_app_looks():
    folder = Path(qt_translations_dir())
    assert (folder / "qtbase_ko.qm").is_file()
    assert QTranslator().load("qtbase_ko", str(folder))


def test_the_open_dialog_reads_in_korean(window, qtbot, korean):
    assert current_language() == "ko" and not native_dialogs()  # the system here speaks English
    dialog = window.open_file_dialog()
    qtbot.addWidget(dialog)
    dialog.open()
    qtbot.waitExposed(dialog)
    labels = {label.text() for label in dialog.findChildren(QLabel)}
    # Qt 6 words them "&Look in:" and "Files of &type:", which qtbase_ko.qm lacks (i18n.QT_GAPS)
    assert "다음에서 찾기(&L):" in labels
    assert "파일 형식(&T):" in labels
    assert "파일 이름(&N):" in labels  # from qtbase_ko.qm
    assert not any("Look in" in text or "type:" in text for text in labels)
    buttons = {button.text() for button in dialog.findChildren(QPushButton) if button.isVisible()}
    assert buttons == {"열기(&O)", "취소"}
    assert dialog.windowTitle() == "PyTorch 스크립트나 저장된 그래프 열기"
    dialog.reject()


def test_a_message_box_has_korean_buttons(qtbot, korean):
    box = QMessageBox(
        QMessageBox.Icon.Question, "?", "?", QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
    )
    qtbot.addWidget(box)
    assert box.button(QMessageBox.StandardButton.Yes).text().startswith("예")
    assert box.button(QMessageBox.StandardButton.No).text().startswith("아니")
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    qtbot.addWidget(buttons)
    assert buttons.button(QDialogButtonBox.StandardButton.Cancel).text() == "취소"
    assert buttons.button(QDialogButtonBox.StandardButton.Ok).text() == "확인"


def korean_file_dialog_words(dialog: QFileDialog) -> set[str]:
    """The labels of a shown Qt file dialog, checked to be Korean and never Qt's English."""
    assert dialog.testOption(QFileDialog.Option.DontUseNativeDialog)  # Qt's own: it speaks Korean
    labels = {label.text() for label in dialog.findChildren(QLabel)}
    assert {"다음에서 찾기(&L):", "파일 형식(&T):", "파일 이름(&N):"} <= labels
    assert not any("Look in" in text or "type:" in text or "File name" in text for text in labels)
    return {button.text() for button in dialog.findChildren(QPushButton) if button.isVisible()}


def test_the_export_save_dialog_reads_in_korean(window, load, qtbot, korean):
    load(example("basic_autograd.py"))
    export = window.export_dialog()
    assert export is not None
    dialog = export.save_dialog()
    qtbot.addWidget(dialog)
    dialog.open()
    qtbot.waitExposed(dialog)
    assert korean_file_dialog_words(dialog) == {"저장(&S)", "취소"}
    assert dialog.acceptMode() == QFileDialog.AcceptMode.AcceptSave
    dialog.reject()
    export.reject()


def test_the_preferences_path_picker_reads_in_korean(window, qtbot, korean):
    preferences = window.show_preferences()
    picker = preferences.browse(preferences.python_default)
    qtbot.waitExposed(picker)
    assert korean_file_dialog_words(picker) == {"열기(&O)", "취소"}
    picker.reject()
    preferences.reject()


def test_the_figure_save_dialog_reads_in_korean(window, load, qtbot, korean, tmp_path):
    pytest.importorskip("matplotlib")
    script = tmp_path / "figure.py"
    script.write_text(
        "import matplotlib.pyplot as plt\nimport torch\n"
        "w = torch.ones(2, requires_grad=True)\nplt.plot([1, 2])\nplt.show()\ny = (w * 2).sum()\n"
    )
    load(script)
    assert window.plots.strip.count() == 1
    dialog = window.plots.save_dialog(0)
    qtbot.addWidget(dialog)
    dialog.open()
    qtbot.waitExposed(dialog)
    assert korean_file_dialog_words(dialog) == {"저장(&S)", "취소"}
    dialog.reject()
