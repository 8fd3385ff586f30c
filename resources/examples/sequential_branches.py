"""Lesson: modules group operations; a block with two branches joins them with an addition.

Color by module, or collapse the modules, to see the two paths of the block named 1 meet in AddBackward0. The app
runs the script as python does: its main block calls loss.backward() and the app stops right after that call, so the
graph and its gradients are those of that first call, the Timeline's call picker reads call 1 of 1+ (the script makes
no other call), and optimizer.step() does not run: the weights stay as they were (run with python, it takes that step).
"""
import torch
from torch import nn


class TwoBranch(nn.Module):
    """Two sub-paths over the same input, added together."""

    def __init__(self, width: int) -> None:
        super().__init__()
        self.left = nn.Sequential(nn.Linear(width, width), nn.Tanh())
        self.right = nn.Linear(width, width)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.left(x) + self.right(x)


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), TwoBranch(8), nn.ReLU(), nn.Linear(8, 2))
inputs = (torch.randn(3, 4),)
target = torch.randn(3, 2)
loss_fn = nn.MSELoss()

if __name__ == "__main__":
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    optimizer.zero_grad()
    loss = loss_fn(model(*inputs), target)
    loss.backward()
    optimizer.step()
    print(f"loss before the step = {loss.item():.4f}")
