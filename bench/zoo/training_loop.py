"""A training loop as tutorials write it: a two-layer net trained with SGD for 500 steps.

After the CS231n two-layer network assignment (cs231n.github.io, "Neural Networks Case Study"),
written with ``nn.Module`` and ``torch.optim``: random data (512 samples, 256 features, 10
classes), a 256-512-10 MLP with ReLU, cross-entropy, one full-batch step per iteration. The app
captures the first ``backward()`` and stops there; plain ``python`` runs all 500 steps.
"""

import torch
from torch import nn

torch.manual_seed(0)
X = torch.randn(512, 256)
y = torch.randint(0, 10, (512,))
model = nn.Sequential(nn.Linear(256, 512), nn.ReLU(), nn.Linear(512, 10))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
loss_fn = nn.CrossEntropyLoss()

for step in range(500):
    optimizer.zero_grad()
    loss = loss_fn(model(X), y)
    loss.backward()
    optimizer.step()
    if step % 100 == 0:
        print(f"step {step}: loss = {loss.item():.4f}")
