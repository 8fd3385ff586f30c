"""Lesson: view and reshape give the same numbers; the graph shows whether memory was copied.

a.view(3, 2) and a.reshape(3, 2) both record ViewBackward0: a is contiguous, so neither copies. a.t() (TBackward0)
is not contiguous (stride (1, 3)): .view(6) fails on it, and .reshape(6) copies: CloneBackward0, UnsafeViewBackward0.
out = v.sum() + r.sum() + flat.sum() = 21 + 21 + 21 = 63; Run Backward puts 3 in every entry of a.grad (1 per path).
"""
import torch

a = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
v = a.view(3, 2)          # shares a's memory: ViewBackward0
r = a.reshape(3, 2)       # a is contiguous, so this is a view too: ViewBackward0
t = a.t()                 # transpose: TBackward0, stride (1, 3), not contiguous
flat = t.reshape(6)       # cannot be a view: a copy, CloneBackward0 -> UnsafeViewBackward0
out = v.sum() + r.sum() + flat.sum()

print(f"a.stride() = {a.stride()}, t.stride() = {t.stride()}, t.is_contiguous() = {t.is_contiguous()}")
print(f"flat = {flat.tolist()}, out = {out.item():.0f}")
