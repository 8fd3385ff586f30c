"""Lesson: only leaf tensors keep .grad; call .retain_grad() to keep an intermediate's gradient.

The script calls loss.backward() itself. In the graph, look at the gradients stored on the
intermediate nodes h and y (kept thanks to retain_grad) next to the leaf gradients of w and b.
"""
import torch

torch.manual_seed(0)
x = torch.randn(3)
w = torch.randn(3, requires_grad=True)
b = torch.tensor(0.5, requires_grad=True)

h = w * x
h.retain_grad()
y = h.sum() + b
y.retain_grad()
loss = y ** 2

loss.backward()

print("dloss/dy =", y.grad)
print("dloss/dh =", h.grad)
print("dloss/dw =", w.grad)
print("dloss/db =", b.grad)
