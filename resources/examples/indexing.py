"""Lesson: indexing, slicing and cat are recorded operations, and gradients flow back only to the entries used.

joined = torch.cat([x[:, :1], x.index_select(1, cols)], dim=1) = [[1, 3, 3], [4, 6, 6]] (SliceBackward0,
IndexSelectBackward0 with the LongTensor cols = [2, 2], CatBackward0); row = joined[1] (SelectBackward0).
Run Backward: x.grad = [[0, 0, 0], [1, 0, 2]]: row 0 was never picked, column 1 neither, column 2 twice.
"""
import torch

x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
cols = torch.tensor([2, 2])                     # indices must be a LongTensor (int64)
left = x[:, :1]                                 # slicing: [[1], [4]]
picked = x.index_select(1, cols)                # column 2, twice: [[3, 3], [6, 6]]
joined = torch.cat([left, picked], dim=1)       # [[1, 3, 3], [4, 6, 6]]
row = joined[1]                                 # indexing: [4, 6, 6]
out = row.sum()                                 # 16

print(f"joined = {joined.tolist()}, out = {out.item():.0f}")
