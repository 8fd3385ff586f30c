"""Lesson: a training loop by hand: forward, loss.backward(), an SGD step under no_grad, zero the grads.

The graph is the first iteration's (the app stops at backward call 1): two matmul layers with a ReLU between them
and an MSE loss. Each iteration builds a fresh graph; the updates under no_grad are not part of it. To watch the loss
fall, pick call 2, 3... in the Timeline's call picker (call 1 of 1+, beside Forward and Backward): the script runs
again up to that loss.backward() call, and the loss beside the picker is that iteration's (8.1743, 3.1069, 1.7193...).
"""
import torch

torch.manual_seed(0)
x = torch.randn(8, 4)
y = torch.randn(8, 1)

W1 = torch.randn(4, 6, requires_grad=True)
b1 = torch.zeros(6, requires_grad=True)
W2 = torch.randn(6, 1, requires_grad=True)
b2 = torch.zeros(1, requires_grad=True)
params = [W1, b1, W2, b2]
lr = 0.05

for step in range(5):
    hidden = (x @ W1 + b1).relu()
    pred = hidden @ W2 + b2
    loss = ((pred - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
            p.grad.zero_()
    print(f"step {step}: loss = {loss.item():.4f}")
