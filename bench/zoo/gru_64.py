"""``nn.GRU(4, 4)`` over a sequence of 64 steps, trained with SGD: on the CPU each step is some
fifteen small ops that share the hidden state, so a walk without a visited set follows
exponentially many paths (a sequence of 8 once took 93 s). The app captures the first
``backward()`` and stops there; plain ``python`` runs all 20 steps.
"""

import torch
from torch import nn

torch.manual_seed(0)
gru = nn.GRU(4, 4)
head = nn.Linear(4, 1)
sequence = torch.randn(64, 1, 4)
optimizer = torch.optim.SGD([*gru.parameters(), *head.parameters()], lr=0.01)

for _ in range(20):
    optimizer.zero_grad()
    output, hidden = gru(sequence)
    loss = head(output).pow(2).mean()
    loss.backward()
    optimizer.step()
print(f"loss = {loss.item():.4f}")
