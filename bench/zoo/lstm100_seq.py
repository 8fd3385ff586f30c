"""An LSTM cell unrolled over 100 time steps with an output at every step (sequence to sequence).

Besides the shared weights (hubs of 100 uses each, as in lstm100.py), ``torch.stack`` gathers the
hidden state of every step: one op fed from all along the sequence, whose 100 long edges would
cross up to 800 ranks. Splitting leaves does not remove those; the display draws such a fan-in op
once per far input instead (``core/view/display.py``). A module script.
"""

import torch
from torch import nn

STEPS, BATCH, FEATURES, HIDDEN = 100, 1, 16, 32


class Unrolled(nn.Module):
    """``nn.LSTMCell`` applied step by step, then a linear read-out of every hidden state."""

    def __init__(self) -> None:
        super().__init__()
        self.cell = nn.LSTMCell(FEATURES, HIDDEN)
        self.head = nn.Linear(HIDDEN, 1)

    def forward(self, sequence: torch.Tensor) -> torch.Tensor:
        h = sequence.new_zeros(sequence.shape[1], HIDDEN)
        c = sequence.new_zeros(sequence.shape[1], HIDDEN)
        outputs = []
        for x in sequence:  # one step per time step; the same cell (same weights) each time
            h, c = self.cell(x, (h, c))
            outputs.append(h)
        return self.head(torch.stack(outputs))


torch.manual_seed(0)
model = Unrolled()
inputs = (torch.randn(STEPS, BATCH, FEATURES),)
target = torch.randn(STEPS, BATCH, 1)
loss_fn = nn.MSELoss()

if __name__ == "__main__":
    print(f"loss = {loss_fn(model(*inputs), target).item():.4f}")
