"""The step sentences and the chain rule as messages: one message gives the English caption (the
CLI's and the exports') and the Korean one (the window's), so they say the same, with the same
names and numbers; Korean particles are chosen for the words filled in, never shown as 이(가)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QTranslator

from graphviz_app.core.view import colors
from graphviz_app.core.view.chain_rule import chain_rule
from graphviz_app.core.view.stepping import BACKWARD, FORWARD, Stepper
from graphviz_app.particles import PAIRS
from graphviz_app.qt.i18n import install_translators, text
from graphviz_app.resources import example

W_GRAD = "[[0.75, 3], [6.75, 3]]"
POW_NUMBERS = "grad_w = grad_out · 3·w² = [[0.25, 0.25], [0.25, 0.25]] · [[3, 12], [27, 12]] = " + W_GRAD

ENGLISH = [
    "Backward: the engine runs 4 nodes, starting at the output.",
    "Backward step 1/4: MeanBackward0 (z) receives the seed gradient 1.0: z = 14; grad in = 1 (not kept). "
    "Chain rule: each element gets grad_out / n = 1/4 = 0.25; "
    "grad_y = grad_out / n, spread to every element = [[0.25, 0.25], [0.25, 0.25]]",
    "Backward step 2/4: AddBackward0 (y) receives its gradient: y = [[4, 11], [30, 11]]; "
    "grad in = [[0.25, 0.25], [0.25, 0.25]] (not kept). Chain rule: addition passes grad_out to each "
    "input unchanged; grad_x = grad_out = [[0.25, 0.25], [0.25, 0.25]]",
    "Backward step 3/4: PowBackward0 (x) receives its gradient: x = [[1, 8], [27, 8]]; "
    "grad in = [[0.25, 0.25], [0.25, 0.25]] (not kept). Chain rule: the power rule: d(xⁿ)/dx = n·xⁿ⁻¹; "
    + POW_NUMBERS,
    "Backward step 4/4: AccumulateGrad (w) accumulates its gradient into .grad: w = [[1, 2], [3, 2]]; "
    f"w.grad = {W_GRAD}. Chain rule: AccumulateGrad stores the arriving gradient in w.grad: w.grad = {W_GRAD}",
]
KOREAN = [
    "역전파: 엔진이 출력에서 시작해 노드 4개를 실행합니다.",
    None,  # the seed's words: checked in parts below
    "역전파 단계 2/4: AddBackward0 (y)이 기울기를 받습니다: y = [[4, 11], [30, 11]]; "
    "들어온 기울기 = [[0.25, 0.25], [0.25, 0.25]] (저장되지 않음). 연쇄 법칙(chain rule): 덧셈은 grad_out을 "
    "각 입력에 그대로 전달합니다; grad_x = grad_out = [[0.25, 0.25], [0.25, 0.25]]",
    "역전파 단계 3/4: PowBackward0 (x)이 기울기를 받습니다: x = [[1, 8], [27, 8]]; "
    "들어온 기울기 = [[0.25, 0.25], [0.25, 0.25]] (저장되지 않음). 연쇄 법칙(chain rule): 거듭제곱 규칙: "
    "d(xⁿ)/dx = n·xⁿ⁻¹; " + POW_NUMBERS,
    "역전파 단계 4/4: AccumulateGrad (w)가 기울기를 .grad에 누적합니다: w = [[1, 2], [3, 2]]; "
    f"w.grad = {W_GRAD}. 연쇄 법칙(chain rule): AccumulateGrad가 도착한 기울기를 저장하는 곳: w.grad: "
    f"w.grad = {W_GRAD}",
]
MARKERS = re.compile("|".join(re.escape(marker) for marker in PAIRS))

CUSTOM = """\
import torch

class Clip(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(min=0)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * (x > 0)

x = torch.tensor([-1.0, 2.0], requires_grad=True)
y = Clip.apply(x)
loss = y.sum()
loss.backward()
"""


@pytest.fixture
def korean(qapp) -> Iterator[None]:
    assert install_translators(qapp, "ko") == "ko"
    yield
    install_translators(qapp, "en")


@pytest.fixture(scope="module")
def basic(runner):
    """The basic lesson (``w**3 + 3``, then the mean) run by the real worker, with backward."""
    return runner.run(example("basic_autograd.py"), backward=True).graph


def backward_steps(graph) -> list:
    stepper = Stepper(graph, values=True)
    return [stepper.view(BACKWARD, index) for index in range(-1, stepper.count(BACKWARD))]


def test_each_backward_step_of_the_basic_lesson_reads_in_english_from_its_message(basic, qapp):
    steps = backward_steps(basic)
    assert [str(step.message) for step in steps] == ENGLISH  # the CLI's and the exports' caption
    assert [text(step.message) for step in steps] == ENGLISH  # the window, in English


def test_each_backward_step_of_the_basic_lesson_reads_in_korean_from_the_same_message(basic, korean):
    steps = backward_steps(basic)
    shown = [text(step.message) for step in steps]
    for caption, expected in zip(shown, KOREAN, strict=True):
        if expected is not None:
            assert caption == expected
    seed = shown[1]
    assert seed.startswith("역전파 단계 1/4: MeanBackward0 (z)이 시작 기울기(seed gradient)를 받습니다")
    assert seed.endswith(
        ": z = 14; 들어온 기울기 = 1 (저장되지 않음). 연쇄 법칙(chain rule): 각 원소가 받는 몫 grad_out / n "
        "= 1/4 = 0.25; grad_y = grad_out / n, 모든 원소에 나눠 줌 = [[0.25, 0.25], [0.25, 0.25]]"
    )
    assert "1.0" in seed  # the scalar seed, as in English
    assert not [caption for caption in shown if MARKERS.search(caption)]
    assert [str(step.message) for step in steps] == ENGLISH  # the English is unchanged meanwhile


def test_the_chain_rule_gives_the_same_numbers_in_both_languages(basic, qapp):
    pow_node = next(n for n, d in basic.nodes(data=True) if d["op"] == "PowBackward0")
    rule = chain_rule(basic, pow_node)
    english = text(rule.message())
    assert english == rule.message().english() == "the power rule: d(xⁿ)/dx = n·xⁿ⁻¹; " + POW_NUMBERS
    assert install_translators(qapp, "ko") == "ko"
    try:
        korean = text(rule.message())
        inputs = [text(i.message()) for i in rule.inputs]
    finally:
        install_translators(qapp, "en")
    assert korean == "거듭제곱 규칙: d(xⁿ)/dx = n·xⁿ⁻¹; " + POW_NUMBERS
    assert inputs == [POW_NUMBERS]


def test_forward_steps_fill_korean_particles_for_each_name(basic, korean):
    stepper = Stepper(basic, values=True)
    shown = [text(stepper.view(FORWARD, index).message) for index in range(-1, stepper.count(FORWARD))]
    assert shown[0] == "순전파: 아직 아무것도 만들어지지 않았습니다 (전체 4단계)."
    assert shown[1].startswith("순전파 단계 1/4: AccumulateGrad (w) 리프(leaf) 텐서, 모양 [2, 2]")
    assert shown[2].startswith("순전파 단계 2/4: PowBackward0 (x) 생성, 모양 [2, 2] (")
    assert shown[2].endswith("번째 줄: x = w**3)")
    assert not [caption for caption in shown if MARKERS.search(caption)]


def test_a_custom_function_step_credits_its_own_backward_in_korean(runner, write_script, korean):
    path = write_script(CUSTOM, "clip.py")
    graph = runner.run(path).graph
    node = next(n for n, d in graph.nodes(data=True) if d["op"] == "ClipBackward")
    stepper = Stepper(graph)
    step = stepper.view(BACKWARD, stepper.position(BACKWARD, node))
    shown = text(step.message)
    assert "Clip.backward: 스크립트에 직접 쓴 backward(10번째 줄)가 이 단계를 계산합니다" in shown
    assert "grad_x = Clip.backward(ctx, grad_out) = Clip.backward(ctx, [1, 1]) = [0, 1]" in shown
    assert shown.startswith("역전파 단계 2/3: ClipBackward (y)가 기울기를 받습니다: ‖g‖=1.41")
    assert not MARKERS.search(shown)
    assert "Clip.backward, the script's own backward (line 10), computes this step" in str(step.message)


class Marking(QTranslator):
    """Wraps every legend word in «»: what is left outside came from the graph."""

    def translate(self, context, source, disambiguation=None, n=-1):
        return f"«{source}»" if context == "Legend" else ""


def test_the_legends_own_words_go_through_a_translation_and_names_do_not(basic, qapp):
    rows = colors.legend(basic, "grad") + colors.legend(basic, "device")
    english = [row.text for row in rows]
    assert english == ["gradient norm (log scale) (4)", "cpu (4)"]
    assert [text(row.message) for row in rows] == english
    marking = Marking()
    qapp.installTranslator(marking)
    try:
        shown = [text(row.message) for row in rows]
    finally:
        qapp.removeTranslator(marking)
    assert shown == ["«gradient norm (log scale)» (4)", "cpu (4)"]
