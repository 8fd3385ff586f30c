"""Lesson: autograd records every operation on a tensor that requires grad.

Look at the chain AccumulateGrad (w) -> PowBackward0 -> AddBackward0 -> MeanBackward0 ending at z.
The script never calls backward: click Run Backward (Ctrl+B) to see the gradients flow back.
"""
import torch

w = torch.tensor([[1., 2.], [3., 2.]], requires_grad=True)
x = w**3
y = x + 3
z = y.mean()
# After z.backward(), w.grad = d(mean(w**3 + 3))/dw = 3 * w**2 / 4 = [[0.75, 3.0], [6.75, 3.0]].

print(f"z = {z.item():.4f} (grad_fn: {type(z.grad_fn).__name__})")
