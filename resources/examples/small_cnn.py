"""Lesson: a small convolutional network: conv -> relu -> pool, twice, then a linear classifier.

A module script: the app finds model, inputs, target and loss_fn (cross entropy).
Look at ConvolutionBackward0 and MaxPool2DWithIndicesBackward0, and at the weight leaves of each layer.
"""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(
    nn.Conv2d(1, 4, kernel_size=3, padding=1),
    nn.ReLU(),
    nn.MaxPool2d(2),
    nn.Conv2d(4, 8, kernel_size=3, padding=1),
    nn.ReLU(),
    nn.MaxPool2d(2),
    nn.Flatten(),
    nn.Linear(8 * 2 * 2, 3),
)
inputs = (torch.randn(2, 1, 8, 8),)
target = torch.tensor([0, 2])
loss_fn = nn.CrossEntropyLoss()

if __name__ == "__main__":
    loss = loss_fn(model(*inputs), target)
    print(f"loss = {loss.item():.4f}")
