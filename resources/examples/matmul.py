"""Lesson: a matrix product (A @ B, the same as A.mm(B)) is one recorded operation, MmBackward0.

C = A @ B = [[3, 2], [7, 4]] and out = torch.trace(C) = 3 + 4 = 7 (TraceBackward0: the sum of the diagonal).
Run Backward: the gradient of trace(A @ B) is B transposed for A and A transposed for B, so
A.grad = [[1, 1], [0, 1]] and B.grad = [[1, 3], [2, 4]].
"""
import torch

A = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
B = torch.tensor([[1., 0.], [1., 1.]], requires_grad=True)
C = A @ B                 # matrix product: MmBackward0
out = torch.trace(C)      # sum of the diagonal: TraceBackward0

print(f"C = {C.tolist()}, out = {out.item():.0f}, A.mm(B) equal: {torch.equal(C, A.mm(B))}")
