"""Lesson: inside torch.no_grad() autograd records nothing, so there is no graph to show.

The app will report that the script built no graph. To see one, remove the
with torch.no_grad(): block, or create w with requires_grad=True outside of it.
no_grad is meant for inference and for updating weights in a training loop.
"""
import torch

w = torch.tensor([[1., 2.], [3., 2.]], requires_grad=True)

with torch.no_grad():
    x = w**3
    y = x + 3
    z = y.mean()

print(f"z = {z.item():.4f}, requires_grad={z.requires_grad}, grad_fn={z.grad_fn}")
