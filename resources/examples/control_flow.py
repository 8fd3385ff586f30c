"""Lesson: autograd records what actually ran, so Python control flow can change the graph.

The loop count and the branch taken depend on a random draw. With seed 0 the loop runs twice
and takes the tanh branch; change the seed to 5 and it runs once and takes the square branch:
the recorded graph is different. Each run of a script records its own graph.
"""
import torch

torch.manual_seed(0)
x = torch.randn(3, requires_grad=True)

steps = int(torch.randint(1, 4, ()).item())  # 1 to 3 repetitions, decided at run time
h = x
for _ in range(steps):
    h = h * 2 + 1

positive = bool(h.sum() > 0)  # the branch depends on the data
if positive:
    out = h.tanh().sum()
else:
    out = (h * h).sum()

print(f"{steps} loop step(s), {'tanh' if positive else 'square'} branch: out = {out.item():.4f}")
