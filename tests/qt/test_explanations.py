"""Errors and notices in Korean: core and capture write each sentence as a message (a template
marked with ``QT_TRANSLATE_NOOP`` beside the code that writes it, and its values); the window
shows it translated, with the names, numbers, code and torch's own words kept as written, and the
CLI prints its English. Nothing parses a sentence back: a new sentence needs its template and a
Korean translation (``tests/qt/test_i18n.py`` lists every template lupdate finds without one)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import torch

from graphviz_app.capture import client, interpreter
from graphviz_app.core.model import file_kind, saved_graph
from graphviz_app.errors import GraphFileError, script_error_from_dict
from graphviz_app.message_reader import read_message
from graphviz_app.qt.i18n import install_translators
from graphviz_app.qt.words import error_text
from graphviz_app.wire.errors import ScriptError
from graphviz_app.wire.message import Message
from graphviz_app.worker import diagnose, script

from .conftest import LOAD_TIMEOUT_MS


def english_left(text: str) -> list[str]:
    """Runs of three or more plain English words in ``text`` (code in backticks or quotes and
    file names aside): what a sentence without a translation leaves."""
    text = re.sub(r"`[^`]*`|'[^']*'|\"[^\"]*\"", " ", text)
    runs, run = [], []
    for word in text.split():
        if re.fullmatch(r"\(?[A-Za-z]+[,.;:)]*", word):
            run.append(word)
            continue
        if len(run) >= 3:
            runs.append(" ".join(run))
        run = []
    if len(run) >= 3:
        runs.append(" ".join(run))
    return runs


@pytest.fixture
def korean(qapp) -> Iterator[None]:
    assert install_translators(qapp, "ko") == "ko"
    yield
    install_translators(qapp, "en")


def test_a_message_reads_in_english_as_core_wrote_it(qapp):
    message = Message.of(
        diagnose.RAISED_ON_LINE, exception="RuntimeError", line=4, detail="mat1 and mat2 shapes"
    )
    assert str(message) == "The script raised RuntimeError on line 4: mat1 and mat2 shapes"
    assert error_text(message) == str(message)
    assert error_text("NameError: name 'q' is not defined") == "NameError: name 'q' is not defined"


def test_values_are_kept_and_nested_messages_translated(korean):
    cuda = Message.of(
        diagnose._KNOWN[3][2],
        where=Message.of(diagnose.AT_LINE_CODE, line=2, code="x = torch.ones(2).cuda()"),
    )
    assert error_text(cuda).startswith(
        "이 컴퓨터에는 CUDA GPU가 없습니다 (2번째 줄: x = torch.ones(2).cuda()). torch.device("
    )  # the window writes code bare, as the lesson cards do
    broken = GraphFileError(
        "/tmp/a.b/g.json", "nodes[3].shape", "a list", "a string 'x'", headline=saved_graph.NOT_OURS
    )
    assert error_text(broken.message).startswith(
        "/tmp/a.b/g.json: graphviz_app 그래프가 아닙니다. 위치: nodes[3].shape, 있어야 할 것: a list, "
        "실제: a string 'x'. 파일이 손상되었거나"
    )
    assert (
        error_text(Message.of(file_kind.NO_SUCH_FILE, path="/tmp/a.b/x.py"))
        == "파일이 없습니다: /tmp/a.b/x.py."
    )
    refused = Message.of(file_kind.UNKNOWN, path="/tmp/x.txt", shown=Message.of(file_kind.NO_SUFFIX))
    assert str(refused).startswith("/tmp/x.txt: a file without a suffix is not a Python script")
    assert error_text(refused).startswith("/tmp/x.txt: 확장자 없는 파일은 Python 스크립트도")


def test_a_nested_value_chooses_its_particle(korean):
    """Korean templates write both particles (``{exception}이(가)``); the one shown follows the
    value filled in, an English class name included."""
    for name, particle in (("RuntimeError", "RuntimeError가"), ("KeyError", "KeyError가")):
        told = error_text(Message.of(diagnose.RAISED_ON_LINE, exception=name, line=2, detail="'x'"))
        assert particle in told and "이(가)" not in told
    why = Message.of(interpreter.FOUND_BESIDE, name=".venv")
    told = error_text(
        Message.of(interpreter.NO_TORCH, python="/p/bin/python", why=why, where=interpreter.IN_PREFERENCES)
    )
    command = "/p/bin/python -m pip install torch"
    assert ".venv" in told and command in told and not english_left(told.replace(command, ""))
    assert "편집 ▸ 환경 설정 ▸ Python 인터프리터에서 다른 인터프리터를" in told and "--python" not in told
    grad = error_text(Message.of(script.NON_LEAF_GRAD, where=Message.of(script.LINE, line=7)))
    assert grad.startswith("7번째 줄") and "retain_grad()" in grad and "(은)는" not in grad


def test_a_failed_scripts_message_crosses_the_wire_whole(runner, write_script):
    """The real worker sends the message as its template and values: the client rebuilds the
    same message (torch's words a value of it), and it survives the wire again."""
    path = write_script("import torch\nx = torch.ones(2, requires_grad=True)\ny = x.view(3)\n", "view.py")
    with pytest.raises(ScriptError) as caught:
        runner.run(path)
    message = caught.value.message
    assert message.template == diagnose.RAISED_ON_LINE
    assert message.values["exception"] == "RuntimeError" and message.values["line"] == 3
    assert "shape '[3]' is invalid for input of size 2" in str(message.values["detail"])
    assert read_message(message.to_wire()) == message
    again = script_error_from_dict(caught.value.to_dict())
    assert again.message == message and str(again) == str(caught.value)


def test_an_old_sender_plain_text_is_kept_verbatim(korean):
    error = script_error_from_dict({"kind": "exception", "message": "The script raised KeyError: 'x'"})
    assert str(error.message) == "The script raised KeyError: 'x'"
    assert error_text(error.message) == "The script raised KeyError: 'x'"  # never parsed back


def test_a_huge_exception_text_is_shortened_once(runner, write_script):
    path = write_script("raise ValueError('x' * 100_000)\n", "huge.py")
    with pytest.raises(ScriptError) as caught:
        runner.run(path)
    detail = str(caught.value.message.values["detail"])
    assert detail.startswith("x" * 1000) and detail.endswith("… (99,000 more characters)")


# -- real failures in the window --------------------------------------------------------------


def fail_with(window, qtbot, path):
    with qtbot.waitSignal(window.controller.loadFailed, timeout=LOAD_TIMEOUT_MS) as blocker:
        window.open_path(path)
    return blocker.args[0]


def problems_text(window) -> str:
    return "\n".join(p.text for p in window.problems.problems)


FAILURES = [
    # (file name, source, the Korean sentence, what stays as written)
    (
        "devices.py",
        "import torch\nw = torch.ones(2, requires_grad=True)\nx = torch.ones(2, device='meta')\ny = w * x\n",
        "한 연산이 서로 다른 장치(cpu, meta)에 있는 텐서들을 함께 썼습니다. 먼저 .to(device)로 한 장치에 모으세요",
        "x.to(w.device)",
    ),
    (
        "meta_copy.py",
        "import torch\nx = torch.ones(2, device='meta', requires_grad=True)\n"
        "y = (x * 2).sum()\nprint(y.cpu())\n",
        "meta 장치에는 데이터가 없으므로 거기서는 아무것도 복사해 올 수 없습니다.",
        "(meta)",
    ),
    (
        "plain.py",
        "import torch\nx = torch.ones(2)\ny = (x * 2).sum()\n",
        "스크립트가 autograd 그래프를 만들지 않았습니다: 기울기를 요구하는 텐서가 하나도 없습니다.",
        "requires_grad=True",
    ),
    (
        "under_no_grad.py",
        "import torch\nw = torch.ones(2, requires_grad=True)\nwith torch.no_grad():\n    y = (w * 2).sum()\n",
        "4번째 줄의 연산이 torch.no_grad() 안에서(또는 기울기 계산이 꺼진 채로) 실행되어",
        "torch.no_grad()",
    ),
    (
        "typo.py",
        "import torch\nx = torch.ones(2,\n",
        "스크립트의 2번째 줄에 문법 오류가 있습니다: ",
        "'(' was never closed",
    ),
    (
        "missing_module.py",
        "import torch\nimport no_such_module_for_graphviz_app\n",
        "스크립트에 no_such_module_for_graphviz_app 모듈이 필요합니다 (2번째 줄). 그런데 스크립트를 실행하는 파이썬(",
        "-m pip install no_such_module_for_graphviz_app",
    ),
    (
        "exits.py",
        "import os\nprint('bye', flush=True)\nos._exit(3)\n",
        "그래프를 캡처하기 전에 스크립트가 os._exit(3)로 자기 프로세스를 끝냈습니다.",
        "os._exit()",
    ),
    (
        "sys_exit.py",
        "import sys\nsys.exit(2)\n",
        "스크립트가 끝나기 전에 sys.exit(2)를 호출했습니다.",
        "sys.exit()",
    ),
    (
        "integers.py",
        "import torch\nx = torch.tensor([1, 2], requires_grad=True)\n",
        "기울기를 요구할 수 있는 텐서는 부동소수점(과 복소수) 텐서뿐인데",
        ".requires_grad_()",
    ),
]
FAILURES += [
    (
        "shapes.py",
        "import torch\nx = torch.ones(2, 3, requires_grad=True)\ny = x @ x\n",
        "3번째 줄(y = x @ x)은 2×3 텐서에 2×3 텐서를 곱합니다. 행렬 곱은 첫째 텐서의 마지막 크기(3)와 "
        "둘째 텐서의 마지막에서 두 번째 크기(2)가 같아야 합니다. 둘째 텐서를 전치하세요(.T): 2×3 @ 3×2는 "
        "곱할 수 있고 결과는 2×2입니다.",
        "y = x @ x",
    ),
    (
        "broadcast.py",
        "import torch\na = torch.ones(2, 3, requires_grad=True)\nb = torch.ones(2, 2)\nc = a + b\n",
        "1번 차원의 크기가 서로 다른 두 텐서를 원소별로 계산합니다: 3과 2 (a는 2×3, b는 2×2).",
        "c = a + b",
    ),
]
if not torch.cuda.is_available():
    FAILURES.append(
        (
            "no_cuda.py",
            "import torch\nx = torch.ones(2, requires_grad=True).cuda()\n",
            "이 컴퓨터에는 CUDA GPU가 없습니다 (2번째 줄: x = torch.ones(2, requires_grad=True).cuda()).",
            "torch.cuda.is_available()",
        )
    )


@pytest.mark.parametrize("name, source, korean_text, kept", FAILURES, ids=[f[0] for f in FAILURES])
def test_a_failed_script_is_explained_in_korean(
    window, qtbot, write_script, korean, name, source, korean_text, kept
):
    path = write_script(source, name)
    error = fail_with(window, qtbot, path)
    assert korean_text not in str(error.message)  # the English of the same message
    for shown in (window.messages.plain_text(), problems_text(window), window.view.placeholder):
        assert korean_text in shown and kept in shown
    assert not english_left(window.view.placeholder.replace(kept, "")), window.view.placeholder


def test_a_failed_backward_is_explained_in_korean(window, load, qtbot, write_script, korean):
    """In-place change before backward: the graph stays, the notice reads in Korean with the
    line and code of the change; torch's own message stays as it is."""
    path = write_script(
        "import torch\nw = torch.ones(2, requires_grad=True)\nh = w.exp()\nh += 1\nh.sum().backward()\n",
        "inplace.py",
    )
    load(path)
    text = window.messages.plain_text()
    assert (
        "backward()가 ExpBackward0에서 실패했습니다: backward에 필요한 텐서가 autograd에 저장된 뒤에 "
        "제자리(in-place)에서 바뀌었습니다"
    ) in text
    assert "기울기를 요구하는 텐서를 제자리에서 바꾼 곳: 4번째 줄: h += 1." in text
    assert "5번째 줄의 1번째 backward() 호출 뒤에 멈췄습니다." in text
    problems = problems_text(window)
    assert "그래프는 그 시점의 모습으로, 엔진이 멈추기 전에 계산한 기울기와 함께 보여 줍니다." in problems
    assert "modified by an inplace operation" in problems  # torch's words, kept


def test_backward_twice_is_explained_in_korean(window, qtbot, write_script, korean):
    window.settings.set_run_to_end(True)
    path = write_script(
        "import torch\nw = torch.ones(2, requires_grad=True)\ny = w.exp().sum()\n"
        "y.backward()\ny.backward()\n",
        "twice.py",
    )
    fail_with(window, qtbot, path)
    assert (
        "backward()가 같은 그래프를 두 번째로 지나갔는데, 그 그래프에 저장된 텐서는 첫 번째 backward()가 "
        "이미 해제했습니다."
    ) in window.messages.plain_text()
    assert "retain_graph=True" in problems_text(window)


def test_refused_and_broken_files_are_explained_in_korean(window, qtbot, tmp_path, korean):
    cases = []
    notes = tmp_path / "notes.txt"
    notes.write_text("hello", encoding="utf-8")
    cases.append(
        (notes, f"{notes}: '.txt' 파일은 Python 스크립트도 저장된 그래프도 아니므로 실행하지 않았습니다.")
    )
    dot = tmp_path / "graph.dot"
    dot.write_text("digraph { a -> b }", encoding="utf-8")
    cases.append((dot, f"{dot}: graphviz_app은 자신이 .json으로 저장한 그래프를 읽습니다. .dot 파일은"))
    cases.append((tmp_path, f"{tmp_path}은 폴더입니다: .py 스크립트나 graphviz_app이 저장한 .json 그래프를"))
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    cases.append(
        (broken, f"{broken}: 읽을 수 있는 JSON 그래프가 아닙니다. 위치: the file, 있어야 할 것: JSON text")
    )
    other = tmp_path / "other.json"
    other.write_text('{"hello": 1}', encoding="utf-8")
    cases.append((other, f"{other}: graphviz_app 그래프가 아닙니다. 위치: "))
    for path, korean_text in cases:
        error = fail_with(window, qtbot, path)
        assert korean_text not in str(error.message)
        for shown in (window.messages.plain_text(), problems_text(window), window.view.placeholder):
            assert korean_text in shown, (path, shown)
    assert "아무것도 실행하지 않았습니다" in window.view.placeholder  # the broken graph's advice
    # the window's own sentences choose their particles as core's messages do
    gone = tmp_path / "gone.py"
    fail_with(window, qtbot, gone)
    told = f"{gone}를 열 수 없습니다: 그런 파일이 없습니다."
    assert told in window.view.placeholder and told in window.messages.plain_text()
    window.controller.report_export(str(tmp_path / "g.png"), [])
    assert window.statusBar().currentMessage() == f"{tmp_path / 'g.png'}로 내보냈습니다"


def test_the_memory_limit_a_timeout_and_a_crash_are_explained_in_korean(window, qtbot, write_script, korean):
    runner = window.controller.jobs.runner
    limit = runner.memory_limit
    runner.memory_limit = 2**30
    try:
        fail_with(window, qtbot, write_script("blob = bytearray(3 * 2**30)\n", "big.py"))
    finally:
        runner.memory_limit = limit
    memory = "스크립트가 한 번 실행의 한도인 1.0 GiB보다 많은 메모리를 써서 멈췄습니다."
    assert memory in window.view.placeholder and memory in problems_text(window)
    assert "GRAPHVIZ_APP_MEMORY_LIMIT_GB" in window.messages.plain_text()

    window.controller.timeout = 1.0  # a hang runs out any limit: 1 s shows it at the least CPU
    try:
        error = fail_with(window, qtbot, write_script("while True:\n    pass\n", "hang.py"))
    finally:
        window.controller.timeout = 60.0
    stuck = {1: "while True:", 2: "pass"}[error.line]
    timeout = f"스크립트가 1초 안에 끝나지 않아 멈췄습니다. {error.line}번째 줄에서 멈춰 있었습니다: {stuck}."
    assert timeout in window.view.placeholder and timeout in window.messages.plain_text()
    assert (
        "실행 시간 제한은 1초입니다: 편집 ▸ 환경 설정에서 바꿀 수 있습니다." in window.messages.plain_text()
    )

    fail_with(window, qtbot, write_script("import ctypes\nctypes.string_at(0)\n", "segfault.py"))
    crash = "스크립트가 비정상 종료되어(SIGSEGV) 그 프로세스가 끝났습니다. 앱은 괜찮습니다."
    assert crash in window.view.placeholder and crash in problems_text(window)


def test_a_layout_without_graphviz_is_explained_in_korean(window, load, qtbot, tmp_path, monkeypatch, korean):
    from graphviz_app.core.model.graph import dumps_graph
    from graphviz_app.resources import example

    load(example("basic_autograd.py"))
    saved = tmp_path / "basic.json"
    saved.write_text(dumps_graph(window.document.view_model.graph), encoding="utf-8")
    window.document.clear()
    monkeypatch.setenv("PATH", str(tmp_path))  # no `dot` here
    monkeypatch.setenv("GRAPHVIZ_APP_ENGINE", "system")  # (auto would take the packaged engine)
    try:
        fail_with(window, qtbot, saved)
    finally:
        monkeypatch.undo()
    assert (
        "PATH에서 Graphviz의 'dot' 프로그램을 찾지 못했고, 엔진 설정은 'system'입니다."
        in window.messages.plain_text()
    )
    assert window.view.placeholder.startswith("Graphviz 엔진을 찾지 못해 그래프를 배치할 수 없습니다.")
    assert "sudo apt-get install graphviz" in window.view.placeholder
    window.graphviz_box.close()


def test_the_export_dialog_and_its_refusals_read_in_korean(window, load, qtbot, tmp_path, korean):
    from graphviz_app.resources import example

    load(example("basic_autograd.py"))
    dialog = window.export_dialog()
    assert dialog.windowTitle() == "그래프 내보내기"
    assert dialog.format.itemText(0) == "PNG 이미지 (.png)"
    target = tmp_path / "missing" / "graph.png"
    dialog.path.setText(str(target))
    dialog.export()
    qtbot.waitUntil(lambda: dialog.error.isVisible(), timeout=10_000)
    assert dialog.error.text() == (
        f"{target}로 내보낼 수 없습니다: 폴더 {target.parent}이 없습니다. 먼저 만들거나 다른 폴더를 고르세요."
    )
    dialog.reject()


def test_a_failed_reload_is_explained_in_korean_on_the_banner(window, load, qtbot, write_script, korean):
    path = write_script(
        "import torch\nw = torch.ones(2, requires_grad=True)\ny = (w * 3).sum()\n", "lesson.py"
    )
    load(path)
    path.write_text(
        "import torch\nw = torch.ones(2, requires_grad=True)\ny = (w * 3).sum(\n", encoding="utf-8"
    )
    fail_with(window, qtbot, path)
    banner = window.view.banner_text()
    assert banner is not None and "스크립트의 3번째 줄에 문법 오류가 있습니다: " in banner
    assert window.document.view_model.graph is not None  # the last good graph, under the banner


def test_a_translation_naming_a_value_wrongly_leaves_the_english(korean, monkeypatch):
    from graphviz_app.qt import i18n

    wrong = {"No such file: {path}.": "파일이 없습니다: {paht}."}
    real = i18n._translated
    monkeypatch.setattr(i18n, "_translated", lambda template: wrong.get(template.source) or real(template))
    assert error_text(Message.of(file_kind.NO_SUCH_FILE, path="/tmp/x.py")) == "No such file: /tmp/x.py."


def test_a_failure_of_graphviz_app_itself_says_so_in_korean(korean):
    """What capture was doing is a message too (diagnose.CaptureBug's)."""
    bug = diagnose.CaptureBug(KeyError(3), Message.of(diagnose.RECORDING_BACKWARD))
    assert str(bug.error.message) == (
        "graphviz_app failed while recording the backward pass (KeyError: 3). This is a bug in "
        "graphviz_app, not in the script; please report it with the traceback below."
    )
    assert error_text(bug.error.message) == (
        "graphviz_app이 역전파 기록 중에 실패했습니다(KeyError: 3). 스크립트가 아니라 "
        "graphviz_app의 버그입니다. 아래 트레이스백과 함께 알려 주세요."
    )


def test_the_runners_timeout_and_cancel_read_in_korean(korean):
    stuck = Message.of(client.STUCK, line=4, code="while True:")
    timeout = Message.joined(Message.of(client.TIMED_OUT, seconds="2"), stuck, Message.of(client.LONGER))
    assert str(timeout) == (
        "The script did not finish within 2 s and was stopped. It was stuck on line 4: "
        "`while True:`. If it needs longer, raise the run time limit; if it loops "
        "forever or waits for input, fix the script."
    )
    assert error_text(timeout).startswith("스크립트가 2초 안에 끝나지 않아 멈췄습니다. 4번째 줄에서")
