"""Lesson: the graph is built anew by every iteration, so it can change from one iteration to the next.

Iteration t doubles w (t + 1) times, then calls backward(). The app shows backward call 1: one MulBackward0, and
w.grad = [2, 2]. Set Edit ▸ Preferences ▸ Backward call to capture to 2 or 3: the graph has two or three
MulBackward0 nodes, and w.grad = [4, 4] or [8, 8] (the derivative of 2^(t + 1) · w).
"""
import torch

w = torch.tensor([1., 2.], requires_grad=True)
for t in range(3):
    w.grad = None                   # each iteration's gradient alone
    h = w
    for _ in range(t + 1):          # the graph's depth depends on t
        h = h * 2
    loss = h.sum()
    loss.backward()
    print(f"iteration {t}: {t + 1} MulBackward0, w.grad = {w.grad.tolist()}")
