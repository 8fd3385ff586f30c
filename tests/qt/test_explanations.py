"""Explanations in Korean: every sentence core and capture write when a run fails, a file is
refused, a saved graph is broken or a layout fails reads in Korean in the window (Messages,
Problems, the canvas), with the names, numbers, code and torch's own words kept as written;
English is unchanged.  A scan of core's sources makes a new English sentence without a Korean
template fail here."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import torch

from graphviz_app.core.model.saved_graph import NOT_JSON, NOT_OURS
from graphviz_app.errors import GraphFileError, GraphvizNotFoundError
from graphviz_app.qt.i18n import install_translators
from graphviz_app.qt.words import error_text

from .conftest import LOAD_TIMEOUT_MS

PACKAGE = Path(__file__).resolve().parents[2] / "graphviz_app"
SOURCES = [
    "capture/diagnose.py",
    "capture/outputs.py",
    "capture/script.py",
    "capture/worker.py",
    "capture/backward.py",
    "capture/figures.py",
    "capture/client.py",
    "capture/interpreter.py",
    "core/model/file_kind.py",
    "core/model/saved_graph.py",
    "core/model/graph.py",
    "core/graphviz/layout.py",
    "core/graphviz/compose.py",
    "core/export.py",
]
"""Where the window's explanations are written."""
MESSAGE_ARG = {"ScriptError": 1, "GraphvizAppError": 0, "LayoutError": 0, "ExportError": 0, "FileKind": 2}
"""The calls that carry an explanation, and the position of its text."""
OPTIONAL = {"where", "seen", "hint", "devices"}
"""Variables holding an optional part of a sentence (sampled empty; their forms are checked
by the real failures below)."""


def _sample(node: ast.expr) -> str | None:
    """The text an f-string (or a sum of strings) writes, each value given as 7 (or empty for
    an optional part); None when ``node`` is not text written here."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        out = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                out.append(str(part.value))
            else:
                value = part.value  # type: ignore[attr-defined]
                out.append("" if isinstance(value, ast.Name) and value.id in OPTIONAL else "7")
        return "".join(out)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _sample(node.left), _sample(node.right)
        return None if left is None or right is None else left + right
    return None


def _written(tree: ast.AST) -> Iterator[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else None
            if name in MESSAGE_ARG and len(node.args) > MESSAGE_ARG[name]:
                text = _sample(node.args[MESSAGE_ARG[name]])
                if text is not None:
                    yield text
            if (
                isinstance(func, ast.Attribute)
                and func.attr == "append"
                and node.args
                and "notices" in ast.unparse(func.value)
            ):
                text = _sample(node.args[0])
                if text is not None:
                    yield text
        elif isinstance(node, (ast.Assign, ast.AugAssign)):  # error.message = ... / += ...
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Attribute) and t.attr == "message" for t in targets):
                text = _sample(node.value)
                if text is not None:
                    yield text
        elif (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == "_KNOWN"
            and node.value is not None
        ):
            for _, _, explanation in ast.literal_eval(node.value):
                yield explanation.format(devices="", where="")


def core_sentences() -> list[str]:
    """Every explanation core and capture can write (values sampled), and the errors' own."""
    found: list[str] = []
    for name in SOURCES:
        found.extend(_written(ast.parse((PACKAGE / name).read_text(encoding="utf-8"))))
    found.append(GraphvizNotFoundError().message)
    for headline in (NOT_JSON, NOT_OURS, None):
        extra = {"headline": headline} if headline else {}
        found.append(GraphFileError("/tmp/g.json", "nodes[7].shape", "a list", "7", **extra).message)
        found.append(GraphFileError("/tmp/g.json", "graph", "an object", **extra).message)
    return sorted(set(found))


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


def test_the_scan_finds_the_sentences_core_writes():
    """The scan is not empty-handed: it finds each family of explanations."""
    found = core_sentences()
    assert len(found) >= 60
    for words in (
        "did not finish within 7 s",
        "has a syntax error on line 7",
        "The script raised 7",
        "backward() ran a second time",
        "different devices. Move them",
        "No such file: 7.",
        "is not a Python script or a saved graph",
        "not a readable JSON graph",
        "Graphviz's dot stopped before placing",
        "crashed (7)",
        "os._exit(7)",
        "more than 7 GiB",
        "backward() failed: 7 The graph",
        "Stopped after 7 call 7;",
    ):
        assert any(words in sentence for sentence in found), words


def test_every_sentence_core_writes_reads_in_korean(korean):
    """A new English sentence in core without a template in qt/explanations.py (and its Korean
    in the .ts) fails here, named."""
    untranslated = {}
    for sentence in core_sentences():
        shown = error_text(sentence)
        left = english_left(shown)
        if shown == sentence or left:
            untranslated[sentence] = left
    assert not untranslated, f"{len(untranslated)} sentence(s) without Korean: {untranslated}"


def test_english_stays_as_core_wrote_it():
    for sentence in core_sentences():
        assert error_text(sentence) == sentence


def test_values_are_kept_and_cores_own_words_inside_them_translated(korean):
    assert error_text(
        'This machine has no CUDA GPU (line 2: x = torch.ones(2).cuda()). Use `torch.device("cuda" if '
        "torch.cuda.is_available() else \"cpu\")`, or 'meta' to see device moves without a GPU."
    ).startswith("이 컴퓨터에는 CUDA GPU가 없습니다 (2번째 줄: x = torch.ones(2).cuda()). `torch.device(")
    assert error_text(
        GraphFileError(
            "/tmp/a.b/g.json", "nodes[3].shape", "a list", "a string 'x'", headline=NOT_OURS
        ).message
    ).startswith(
        "/tmp/a.b/g.json: graphviz_app 그래프가 아닙니다. 위치: nodes[3].shape, 있어야 할 것: a list, "
        "실제: a string 'x'. 파일이 손상되었거나"
    )
    assert error_text("No such file: /tmp/a.b/x.py.") == "파일이 없습니다: /tmp/a.b/x.py."
    assert error_text(
        "/tmp/x.txt: a file without a suffix is not a Python script or a saved graph; it "
        "was not run. graphviz_app runs .py scripts and reads .json graphs it saved. To run "
        "it as Python anyway, rename it to .py (or pass --run-as-python to the command "
        "line)."
    ).startswith("/tmp/x.txt: 확장자 없는 파일은 Python 스크립트도")
    torch_words = "NameError: name 'q' is not defined"
    assert error_text(torch_words) == torch_words


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
        "shapes.py",
        "import torch\nx = torch.ones(2, 3, requires_grad=True)\ny = x @ x\n",
        "스크립트의 3번째 줄에서 RuntimeError가 발생했습니다: ",
        "mat1 and mat2 shapes cannot be multiplied",
    ),
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
    assert korean_text not in error.message  # core stays English
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
    assert "기울기를 요구하는 텐서를 제자리에서 바꾼 곳: 4번째 줄: `h += 1`." in text
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
        assert korean_text not in error.message
        for shown in (window.messages.plain_text(), problems_text(window), window.view.placeholder):
            assert korean_text in shown, (path, shown)
    assert "아무것도 실행하지 않았습니다" in window.view.placeholder  # the broken graph's advice


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

    window.controller.timeout = 2.0
    try:
        error = fail_with(window, qtbot, write_script("while True:\n    pass\n", "hang.py"))
    finally:
        window.controller.timeout = 60.0
    stuck = {1: "while True:", 2: "pass"}[error.line]
    timeout = (
        f"스크립트가 2초 안에 끝나지 않아 멈췄습니다. {error.line}번째 줄에서 멈춰 있었습니다: `{stuck}`."
    )
    assert timeout in window.view.placeholder and timeout in window.messages.plain_text()
    assert (
        "실행 시간 제한은 2초입니다: 편집 ▸ 환경 설정에서 바꿀 수 있습니다." in window.messages.plain_text()
    )

    fail_with(window, qtbot, write_script("import ctypes\nctypes.string_at(0)\n", "segfault.py"))
    crash = "스크립트가 비정상 종료되어(SIGSEGV) 그 프로세스가 끝났습니다. 앱은 괜찮습니다."
    assert crash in window.view.placeholder and crash in problems_text(window)


def test_a_layout_without_graphviz_is_explained_in_korean(window, load, qtbot, tmp_path, monkeypatch, korean):
    from graphviz_app.core.model.graph import dumps_graph
    from graphviz_app.resources import example

    load(example("basic_autograd.py"))
    saved = tmp_path / "basic.json"
    saved.write_text(dumps_graph(window.document.graph), encoding="utf-8")
    window.document.clear()
    monkeypatch.setenv("PATH", str(tmp_path))  # no `dot` here
    try:
        fail_with(window, qtbot, saved)
    finally:
        monkeypatch.undo()
    assert "PATH에서 Graphviz의 'dot' 프로그램을 찾지 못했습니다." in window.messages.plain_text()
    assert window.view.placeholder.startswith(
        "Graphviz의 'dot' 프로그램을 찾지 못해 그래프를 배치할 수 없습니다."
    )
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
    assert window.document.graph is not None  # the last good graph, under the banner


def test_a_translation_naming_a_value_wrongly_leaves_the_english(korean, monkeypatch):
    from graphviz_app.qt import explanations

    wrong = {"No such file: {path}.": "파일이 없습니다: {paht}."}
    real = explanations.translate
    monkeypatch.setattr(explanations, "translate", lambda ctx, text: wrong.get(text) or real(ctx, text))
    assert error_text("No such file: /tmp/x.py.") == "No such file: /tmp/x.py."


def test_a_failure_of_graphviz_app_itself_says_so_in_korean(korean):
    """What capture was doing is core's word too (diagnose.CaptureBug's message)."""
    message = (
        "graphviz_app failed while recording the backward pass (KeyError: 3). This is a bug in "
        "graphviz_app, not in the script; please report it with the traceback below."
    )
    assert error_text(message) == (
        "graphviz_app이 역전파 기록 중에 실패했습니다(KeyError: 3). 스크립트가 아니라 "
        "graphviz_app의 버그입니다. 아래 트레이스백과 함께 알려 주세요."
    )
