"""Lesson: .detach() returns a tensor that shares data but is cut out of the graph.

The graph of out holds only the path through b (SinBackward0): neither the tensor a nor the doubling
that made scale appears, and backward would send no gradient to a (a.grad stays None).
"""
import torch

a = torch.tensor([1., 2., 3.], requires_grad=True)
b = torch.tensor([4., 5., 6.], requires_grad=True)

scale = (a * 2).detach()  # the graph is cut here: `scale` is a plain constant tensor
out = (scale * b.sin()).sum()

print(f"out = {out.item():.4f}; scale.requires_grad = {scale.requires_grad}")
