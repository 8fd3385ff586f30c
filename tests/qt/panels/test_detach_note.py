"""The detach lesson's note names the two nodes it speaks of so they read as two: the op that
takes the detached tensor and the op of the same name that made it, each with its line."""

from __future__ import annotations

from graphviz_app.resources import example


def test_the_detach_note_tells_the_two_mul_nodes_apart(window, load):
    load(example("detach.py"))
    notes = [p.text for p in window.problems.problems if "cuts the graph" in p.text]
    assert len(notes) == 1
    note = notes[0]
    assert "MulBackward0 on line 12 takes the detached tensor" in note
    assert "(made by another MulBackward0, on line 11)" in note
    assert "MulBackward0 takes" not in note and "(made by MulBackward0)" not in note


def test_a_cut_made_by_another_op_keeps_the_short_words(window, load, write_script):
    path = write_script(
        "import torch\na = torch.ones(3, requires_grad=True)\nb = torch.ones(3, requires_grad=True)\n"
        "s = a.exp().detach()\nout = (s * b).sum()\n",
        "cut.py",
    )
    load(path)
    notes = [p.text for p in window.problems.problems if "cuts the graph" in p.text]
    assert notes == [
        "Line 4 cuts the graph: s = a.exp().detach(). MulBackward0 takes the detached tensor "
        "(made by ExpBackward0), shape [3], as a constant, so no gradient flows back to what made it."
    ]
