"""Lesson: an nn.Module holds the weights (here in an nn.Sequential); optimizer.step() updates them from their .grad.

The graph: AddmmBackward0 (layers.0), ReluBackward0, AddmmBackward0 (layers.2), MseLossBackward0; each weight is a leaf
that TBackward0 transposes. With x = [[1, 2]]: h = [1, 2], pred = 1 + 2 = 3, loss = (3 - 2)² = 1, and
layers.2.weight.grad = 2 · (3 - 2) · h = [[2, 4]]. SGD with lr=0.1 then makes layers.2.weight [[1, 1]] - 0.1 · [[2, 4]]
= [[0.8, 0.6]]: the app stops at backward(), so the step shows in a plain run (or with the stop unticked in Preferences).
"""
import torch


class TwoLayerNet(torch.nn.Module):
    def __init__(self):
        super().__init__()                  # first: nn.Module sets itself up before layers are assigned
        self.layers = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.ReLU(), torch.nn.Linear(2, 1))

    def forward(self, x):
        return self.layers(x)


model = TwoLayerNet()
with torch.no_grad():                       # weights chosen by hand, so the numbers can be checked
    model.layers[0].weight.copy_(torch.eye(2))
    model.layers[0].bias.zero_()
    model.layers[2].weight.fill_(1.)
    model.layers[2].bias.zero_()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

x = torch.tensor([[1., 2.]])
y = torch.tensor([[2.]])
optimizer.zero_grad()
loss = torch.nn.functional.mse_loss(model(x), y)
loss.backward()
optimizer.step()
print(f"loss = {loss.item():.0f}, layers.2.weight after the step = {[[round(v, 4) for v in row] for row in model.layers[2].weight.tolist()]}")
