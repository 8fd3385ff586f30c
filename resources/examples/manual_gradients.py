"""Lesson: CS231n's two-layer net: gradients worked out by hand equal the ones autograd computes.

The graph is the forward pass: MmBackward0 (h), ClampBackward1 (h_relu, the ReLU), MmBackward0 (y_pred), SubBackward0,
PowBackward0, SumBackward0; loss = (2 - 1)² + (3 - 2)² = 2. The output shows the gradients by hand, grad_w1 =
[[8, 2], [24, 8]] and grad_w2 = [[4], [2]] (h[0, 1] = -1 < 0, so the ReLU blocks that entry); loss.backward() puts the
same numbers on w1 and w2 (View ▸ Values). The backward by hand runs under no_grad, so it adds no node to the graph.
"""
import torch

x = torch.tensor([[1., 2.], [1., 4.]])                              # N = 2 samples, D_in = 2
y = torch.tensor([[1.], [2.]])                                      # targets, D_out = 1
w1 = torch.tensor([[1., -3.], [0., 1.]], requires_grad=True)        # D_in x H
w2 = torch.tensor([[2.], [1.]], requires_grad=True)                 # H x D_out

# Forward pass, as in the course: h = [[1, -1], [1, 1]], y_pred = [[2], [3]].
h = x.mm(w1)
h_relu = h.clamp(min=0)
y_pred = h_relu.mm(w2)
loss = (y_pred - y).pow(2).sum()

# Backward pass by hand (plain arithmetic, recorded by nothing).
with torch.no_grad():
    grad_y_pred = 2.0 * (y_pred - y)
    grad_w2 = h_relu.t().mm(grad_y_pred)
    grad_h_relu = grad_y_pred.mm(w2.t())
    grad_h = grad_h_relu.clone()
    grad_h[h < 0] = 0
    grad_w1 = x.t().mm(grad_h)
print(f"by hand:  grad_w1 = {grad_w1.tolist()}, grad_w2 = {grad_w2.tolist()}")

# The same gradients from autograd.
loss.backward()
print(f"autograd: w1.grad = {w1.grad.tolist()}, w2.grad = {w2.grad.tolist()}")
print(f"equal: {torch.equal(grad_w1, w1.grad) and torch.equal(grad_w2, w2.grad)}")
