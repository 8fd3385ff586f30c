"""Lesson: tensors live on a device, and moving one (.to(device)) is itself a recorded operation.

Color the graph by device: the ops before ToCopyBackward0 run on the cpu, those after it on the
second device (cuda when there is a GPU, else "meta", which only tracks shapes and has no values).
"""
import torch

device = "cuda" if torch.cuda.is_available() else "meta"

torch.manual_seed(0)
w = torch.randn(4, 3, requires_grad=True)   # on the cpu
x = torch.randn(2, 4)
h = (x @ w).relu()                           # computed on the cpu
h_dev = h.to(device)                         # copied to the other device
out = (h_dev * 2).sum()                      # computed there

# No backward here: on "meta" there are no values to copy back to the cpu.
print(f"h on {h.device}, out on {out.device}, out.shape = {tuple(out.shape)}")
