"""An LSTM cell unrolled over 100 time steps: its four weights are reused at every step.

In the autograd graph each shared weight feeds 100 consumers spread along the whole unrolled
sequence: the hubs that make a plain ``dot`` layout (and torchviz) take minutes. Many-to-one (a
sequence classifier: the read-out sees the last hidden state only). A module script.
"""

import torch
from torch import nn

STEPS, BATCH, FEATURES, HIDDEN = 100, 1, 16, 32


class Unrolled(nn.Module):
    """``nn.LSTMCell`` applied step by step, then a linear read-out of the last hidden state."""

    def __init__(self) -> None:
        super().__init__()
        self.cell = nn.LSTMCell(FEATURES, HIDDEN)
        self.head = nn.Linear(HIDDEN, 1)

    def forward(self, sequence: torch.Tensor) -> torch.Tensor:
        h = sequence.new_zeros(sequence.shape[1], HIDDEN)
        c = sequence.new_zeros(sequence.shape[1], HIDDEN)
        for x in sequence:  # one step per time step; the same cell (same weights) each time
            h, c = self.cell(x, (h, c))
        return self.head(h)


torch.manual_seed(0)
model = Unrolled()
inputs = (torch.randn(STEPS, BATCH, FEATURES),)
target = torch.randn(BATCH, 1)
loss_fn = nn.MSELoss()

if __name__ == "__main__":
    print(f"loss = {loss_fn(model(*inputs), target).item():.4f}")
