"""The chain rule at every backward step of a script using each op the rules know reads in
Korean: no English phrase is left in the Timeline's sentence (formulas, names and numbers read
the same in every language)."""

from __future__ import annotations

from graphviz_app.qt.i18n import install_translators

from ..test_explanations import english_left
from ..test_stepping import run_backward

EVERY_OP = """\
import torch
a = torch.tensor([[1., -2.], [3., 4.]], requires_grad=True)
b = torch.tensor([[0.5, 1.], [2., -1.]], requires_grad=True)
c = a + b
d = c - a
e = -d
f = e * b
g = f / (b + 3)
h = g ** 2
i = h.exp()
j = (i + 1).log()
k = j.sigmoid()
m = k.tanh().relu()
n = m.clamp(0, 0.5)
o = n @ a
p = torch.addmm(b.sum(0), o, a.t())
q = p.permute(1, 0).reshape(4).view(2, 2)
r = q.expand(2, 2, 2).to(torch.float64)
w = torch.ones(3, requires_grad=True)
s = (w * 2) + (w * 3)
loss = r.mean() + s.sum()
"""


def test_every_chain_rule_reads_in_korean(window, load, qtbot, write_script, qapp):
    load(write_script(EVERY_OP, "every_op.py"))
    assert install_translators(qapp, "ko") == "ko"
    try:
        run_backward(window, qtbot)
        captions = []
        index = 0
        while True:
            window.timeline.go(index)
            caption = window.timeline.caption.text()
            if captions and caption == captions[-1]:
                break
            captions.append(caption)
            index += 1
        left = {c: english_left(c) for c in captions if english_left(c)}
    finally:
        install_translators(qapp, "en")
    assert len(captions) == 33, captions  # every node the engine ran
    assert captions[-1].startswith("역전파 단계 33/33: AccumulateGrad (b)")
    assert "AccumulateGrad가 b.grad로 들어오는 기울기 4개를 더합니다: b.grad = " in captions[-1]
    assert any("grad_s = grad_out을 모든 원소에 복사" in c for c in captions), captions  # 아웃을
    assert not left, "\n".join(f"{c}\n   -> {r}" for c, r in left.items())
