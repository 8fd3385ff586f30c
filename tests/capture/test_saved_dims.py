"""Saved negative dims read as the script wrote them: torch hands some back as unsigned 64-bit
numbers (``dim=-1`` as 18446744073709551615), which the trace turns signed again."""

from __future__ import annotations

from graphviz_app.worker.walker import signed


def test_unsigned_wraparounds_are_signed_again():
    assert signed(2**64 - 1) == -1 and signed(2**64 - 2) == -2
    assert signed((2**64 - 1, 0)) == (-1, 0) and signed([2**64 - 1]) == [-1]
    assert signed(3) == 3 and signed(True) is True and signed("dim") == "dim"
    assert signed(2**63 - 1) == 2**63 - 1  # a (huge) signed number stays


def test_a_captured_softmax_sum_and_transpose_show_dim_minus_one(runner, write_script):
    path = write_script(
        """
        import torch
        x = torch.randn(3, 4, requires_grad=True)
        p = x.softmax(-1)
        s = p.sum(-1)
        t = x.transpose(-1, 0)
        out = s.mean() + t.sum()
        """
    )
    graph = runner.run(path).graph
    saved = {data["op"]: data.get("saved") or [] for _, data in graph.nodes(data=True)}
    assert "dim=-1" in saved["SoftmaxBackward0"]
    assert "dim=(-1,)" in saved["SumBackward1"]
    assert "dim0=-1" in saved["TransposeBackward0"]
    assert not any("18446744073709551615" in item for items in saved.values() for item in items)
