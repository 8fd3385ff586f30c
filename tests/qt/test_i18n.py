"""Korean and English: every translatable string of the window has a Korean translation, the
committed ``.qm`` is the compiled ``.ts``, and the window starts in Korean under a Korean locale."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale

from graphviz_app.core.lessons import LEGEND
from graphviz_app.qt.i18n import i18n_dir, ui_language
from graphviz_app.qt.panels.lesson import legend_rows

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
TS = i18n_dir() / "graphviz_app_ko.ts"
QM = i18n_dir() / "graphviz_app_ko.qm"


def sources() -> list[str]:
    """What resources/i18n/update.sh gives lupdate: every module of the package (the Qt layer's
    tr() and translate(), and the templates core and capture mark with QT_TRANSLATE_NOOP)."""
    return sorted(str(p) for p in (ROOT / "graphviz_app").rglob("*.py"))


def untranslated(ts: Path) -> list[str]:
    """The source texts of ``ts`` with no finished translation."""
    missing = []
    for message in ET.parse(ts).iter("message"):
        translation = message.find("translation")
        kind = translation.get("type") if translation is not None else "unfinished"
        if kind in ("vanished", "obsolete"):
            continue
        if translation is None or kind == "unfinished" or not (translation.text or "").strip():
            missing.append(message.findtext("source") or "")
    return missing


def test_every_translatable_string_has_a_korean_translation(tmp_path):
    """lupdate over the package today: any new tr() string without a translation is listed."""
    ts = tmp_path / TS.name
    shutil.copy(TS, ts)
    subprocess.run(
        [str(BIN / "pyside6-lupdate"), *sources(), "-ts", str(ts)], check=True, capture_output=True
    )
    missing = untranslated(ts)
    assert not missing, f"{len(missing)} string(s) without a Korean translation in {TS.name}: {missing}"
    assert len(list(ET.parse(ts).iter("message"))) >= 90


def test_the_committed_qm_is_the_compiled_ts(tmp_path):
    qm = tmp_path / QM.name
    subprocess.run([str(BIN / "pyside6-lrelease"), str(TS), "-qm", str(qm)], check=True, capture_output=True)
    assert qm.read_bytes() == QM.read_bytes(), (
        f"{QM.name} is older than or differs from {TS.name}: run resources/i18n/update.sh"
    )


def test_the_language_follows_the_locale_unless_chosen():
    assert ui_language("system", QLocale("ko_KR")) == "ko"
    assert ui_language("system", QLocale("en_US")) == "en"
    assert ui_language("system", QLocale("fr_FR")) == "en"  # no French: English
    assert ui_language("en", QLocale("ko_KR")) == "en"
    assert ui_language("ko", QLocale("en_US")) == "ko"


def test_the_reading_guide_is_the_cores_legend():
    assert legend_rows() == list(LEGEND)  # English: the source text


PROBE = """
import sys
from graphviz_app.capture.client import Runner
from graphviz_app.qt.app import create_app
from graphviz_app.qt.i18n import install_translators
from graphviz_app.qt.shell.main_window import MainWindow
from PySide6.QtWidgets import QDialogButtonBox
app = create_app()
print(install_translators(app, sys.argv[1]))
window = MainWindow(runner=Runner())
print("|".join(a.text() for a in window.menuBar().actions()))
print(window.docks["inspector"].windowTitle(), window.timeline.backward_button.text())
box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
print(box.button(QDialogButtonBox.StandardButton.Cancel).text())
combo = window.actions_.color_combo
print("|".join(combo.itemText(i) for i in range(combo.count())))
print(window.search_bar.edit.placeholderText(), window.modules.expand_button.text(), window.status_counts.text(),
      sep="|")
window.controller.shutdown()
"""


def probe(tmp_path, lang: str, choice: str = "system") -> list[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k != "LANGUAGE"}
    env.update(LANG=lang, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path), HOME=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", PROBE, choice], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


@pytest.fixture(scope="module")
def korean_probe(tmp_path_factory) -> list[str]:
    """What a window started under a Korean locale shows: one process, read by the tests below."""
    return probe(tmp_path_factory.mktemp("korean"), "ko_KR.UTF-8")


def test_the_window_starts_in_korean_under_a_korean_locale(korean_probe):
    language, menus, docks, cancel = korean_probe[:4]
    assert language == "ko"
    assert menus.split("|")[:4] == ["파일(&F)", "편집(&E)", "보기(&V)", "그래프(&G)"]
    assert docks == "속성 역전파"
    assert cancel == "취소"  # Qt's own qtbase_ko.qm for standard buttons


def test_the_colour_modes_search_modules_and_status_read_in_korean(korean_probe):
    lines = korean_probe
    assert lines[4].split("|") == [
        "장치",
        "연산 종류",
        "모듈",
        "기울기 크기(norm)",
        "역전파 보관량",
        "시간",
        "기울기 건강",
    ]
    assert lines[5].split("|") == ["연산, 이름, 모듈 검색…", "모두 펼치기", "그래프 없음"]


def test_english_can_be_chosen_under_a_korean_locale(tmp_path):
    language, menus, _, _, modes = probe(tmp_path, "ko_KR.UTF-8", "en")[:5]
    assert language == "en" and menus.startswith("&File|&Edit|&View")
    assert modes == "Device|Op type|Module|Gradient norm|Kept for backward|Time|Gradient health"


def test_the_window_has_a_translation_for_every_core_phrase_it_shows():
    """The colour modes core names have an entry in qt.words (so lupdate collects it, and the
    test above finds it translated); core's sentences travel as messages."""
    from graphviz_app.core.view.colors import COLOR_MODES
    from graphviz_app.qt.words import color_mode_names

    assert list(color_mode_names()) == list(COLOR_MODES)
    assert all(name != mode for mode, name in color_mode_names().items())  # a name, not the key


def test_values_badges_inspector_legend_and_problems_read_in_korean(window, load, qtbot, qapp):
    """retain_grad.py: the badges' words, the Inspector's labels, the legend's title and a
    Problems entry in Korean; names, numbers and exports stay as they are."""
    from graphviz_app.core.graphviz.dot import Paint, dot_graph
    from graphviz_app.qt.i18n import install_translators
    from graphviz_app.resources import example

    from .test_values_on_graph import badge, named

    assert install_translators(qapp, "ko") == "ko"  # as at start-up: the graph is drawn after
    try:
        load(example("retain_grad.py"))
        doc = window.document
        doc.view_model.clear_step()
        graph = doc.view_model.graph
        y, loss = named(graph, "y"), named(graph, "loss")
        assert "(retain_grad로 저장됨)" in badge(window, y) and "kept" not in badge(window, y)
        assert badge(window, y).startswith("y = ") and "y.grad = " in badge(window, y)
        assert "들어온 기울기 = " in badge(window, loss) and "(저장되지 않음)" in badge(window, loss)
        assert window.legend.header.text() == "색: 장치"
        doc.view_model.select_graph_node(y)
        shown = window.inspector.shown()
        assert shown["텐서/모양(shape)"] == "[]" and shown["텐서/자료형(dtype)"] == "float32"
        assert shown["노드/종류"] == "연산" and shown["노드/이름"] == "y"
        assert window.inspector.values()["Tensor/shape"] == "[]"  # values() keys stay English
        # Exports stay English.
        assert (
            "(kept by retain_grad)"
            in dot_graph(doc.view_model.display, graph, Paint(styles=doc.view_model.styles())).text()
        )
    finally:
        install_translators(qapp, "en")
    doc.view_model.select(None)
    doc.view_model.clear_step()


def test_a_detach_cut_is_explained_in_korean(window, load, qapp):
    from graphviz_app.qt.i18n import install_translators
    from graphviz_app.qt.panels.problems import graph_problems
    from graphviz_app.resources import example

    load(example("detach.py"))
    english = [p.text for p in graph_problems(window.document.view_model.graph) if p.level == "warning"]
    assert english and english[0].startswith("Line ") and "cuts the graph" in english[0]
    assert install_translators(qapp, "ko") == "ko"
    try:
        korean = [p.text for p in graph_problems(window.document.view_model.graph) if p.level == "warning"]
    finally:
        install_translators(qapp, "en")
    line = english[0].split()[1]
    assert korean[0].startswith(f"{line}번째 줄이 그래프를 끊습니다: ")
    assert "기울기가 흐르지 않습니다" in korean[0]


def test_the_chain_rule_step_reads_in_korean(window, load, qtbot, qapp):
    from graphviz_app.qt.i18n import install_translators
    from graphviz_app.resources import example

    from .test_chain_rule_window import POW_RULE
    from .test_stepping import run_backward, watch_only

    watch_only()
    load(example("basic_autograd.py"))
    assert install_translators(qapp, "ko") == "ko"
    try:
        run_backward(window, qtbot)
        doc = window.document
        pow_node = next(n for n, d in doc.view_model.graph.nodes(data=True) if d["op"] == "PowBackward0")
        window.timeline.go(doc.view_model.graph.nodes[pow_node]["backward_index"])
        caption = window.timeline.caption.text()
        assert caption.startswith("역전파 단계 3/4: PowBackward0 (x)이 기울기를 받습니다")
        assert "연쇄 법칙(chain rule): 거듭제곱 규칙: d(xⁿ)/dx = n·xⁿ⁻¹" in caption
        assert POW_RULE in caption  # formulas and numbers read the same
        assert window.inspector.values()["Chain rule/rule"] == "거듭제곱 규칙: d(xⁿ)/dx = n·xⁿ⁻¹"
        window.timeline.go(0)
        assert "각 원소가 받는 몫 grad_out / n = 1/4 = 0.25" in window.timeline.caption.text()
    finally:
        install_translators(qapp, "en")
    window.timeline.go(1)
    assert window.timeline.caption.text().startswith("Backward step 2/4")


def test_a_timeout_and_a_cancel_are_explained_in_korean(qapp):
    """The runner's English sentences (core) read in Korean in the window; the line, the code and
    the numbers stay as they are, and English is unchanged."""
    from graphviz_app.capture.client import CANCELLED, LONGER, STUCK, TIMED_OUT
    from graphviz_app.qt.i18n import install_translators
    from graphviz_app.qt.words import error_text
    from graphviz_app.wire.message import Message

    timeout = Message.joined(
        Message.of(TIMED_OUT, seconds="2"), Message.of(STUCK, line=4, code="while True:"), Message.of(LONGER)
    )
    cancel = Message.joined(Message.of(CANCELLED), Message.of(STUCK, line=6, code="time.sleep(0.01)"))
    assert error_text(timeout) == (
        "The script did not finish within 2 s and was stopped. It was stuck on line 4: "
        "while True:. If it needs longer, raise the run time limit; if it loops "
        "forever or waits for input, fix the script."
    )
    assert error_text(cancel) == "The run was cancelled. It was stuck on line 6: time.sleep(0.01)."
    assert install_translators(qapp, "ko") == "ko"
    try:
        assert error_text(timeout) == (
            "스크립트가 2초 안에 끝나지 않아 멈췄습니다. 4번째 줄에서 멈춰 있었습니다: while True:. "
            "더 오래 걸리는 스크립트라면 실행 시간 제한을 늘리고, 끝없이 반복하거나 입력을 "
            "기다린다면 스크립트를 고치세요."
        )
        assert error_text(cancel) == "실행이 취소되었습니다. 6번째 줄에서 멈춰 있었습니다: time.sleep(0.01)."
        assert error_text("NameError: name 'q' is not defined") == "NameError: name 'q' is not defined"
    finally:
        install_translators(qapp, "en")


def test_the_timeline_hint_play_button_about_box_and_missing_graphviz_read_in_korean(window, qapp):
    from graphviz_app.qt.i18n import install_translators
    from graphviz_app.qt.shell.about import missing_graphviz_text, show_about

    assert install_translators(qapp, "ko") == "ko"
    try:
        window.timeline.refresh()
        assert (
            window.timeline.caption.text()
            == "스크립트를 열면 순전파와 역전파를 한 단계씩 따라갈 수 있습니다."
        )
        assert window.timeline.play_action.text() == "재생"
        from graphviz_app.qt.panels.timeline import TimelinePanel

        fresh = TimelinePanel(window.document)  # built in Korean, as at start-up
        assert fresh.run_backward_button.text() == "역전파 실행"
        assert fresh.run_backward_button.toolTip().startswith("스크립트를 다시 실행하고")
        fresh.deleteLater()
        box = show_about(window)
        assert box.windowTitle() == "graphviz_app 정보"
        assert "PyTorch autograd가 스크립트에서 기록한 그래프" in box.text()
        box.close()
        text = missing_graphviz_text()
        assert text.startswith("Graphviz 엔진을 찾지 못해 그래프를 배치할 수 없습니다.\n")
        assert "sudo apt-get install graphviz" in text and "pip install graphviz-pure" in text
    finally:
        install_translators(qapp, "en")
    window.timeline.refresh()
    assert window.timeline.caption.text() == "Open a script to step through its forward and backward passes."


def test_the_windows_own_remarks_read_in_korean(window, qapp):
    """Nothing to export, no backward to run, the recent-files menu: the main window's own
    sentences, in Korean."""
    from graphviz_app.qt.i18n import install_translators

    assert install_translators(qapp, "ko") == "ko"
    try:
        assert window.export_dialog() is None
        window._run_backward_now()
        window.update_recent_menu()
        recent = [a.text() for a in window.actions_.recent_menu.actions()]
    finally:
        install_translators(qapp, "en")
    text = window.messages.plain_text()
    assert "아직 내보낼 것이 없습니다: 먼저 스크립트나 그래프를 여세요." in text
    assert "역전파를 실행할 수 없습니다: 열린 스크립트가 없습니다. 실행하려면 스크립트(.py)를 여세요." in text
    assert recent[0] == "최근 파일 없음"


def test_the_source_leaves_and_inspector_panels_read_in_korean(window, load, qapp):
    from graphviz_app.qt.i18n import install_translators
    from graphviz_app.resources import example

    load(example("retain_grad.py"))
    assert install_translators(qapp, "ko") == "ko"
    try:
        window.leaves.refresh()
        leaves = window.leaves.hint.text()
        window.source.load(None)
        source = window.source.title.text()
    finally:
        install_translators(qapp, "en")
    assert leaves.startswith("리프 텐서 2개. 행을 클릭하면 그래프에서 찾아 주고")
    assert source == "스크립트 없음: .py 파일을 열면 여기에 소스가 보입니다."


def test_the_busy_overlay_reads_in_korean(window, qapp):
    from graphviz_app.qt.canvas.view import BusyOverlay
    from graphviz_app.qt.i18n import install_translators

    assert install_translators(qapp, "ko") == "ko"
    try:
        overlay = BusyOverlay(window.view)  # as a new window builds it
    finally:
        install_translators(qapp, "en")
    assert overlay.cancel_button.text() == "취소" and overlay.label.text() == "실행 중…"
