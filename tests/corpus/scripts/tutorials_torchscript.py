# Source: pytorch/tutorials, beginner_source/Intro_to_TorchScript_tutorial.py ("Introduction to
# TorchScript", James Reed and Michael Suo; BSD-3-Clause, (c) PyTorch contributors).
# Adapted to run offline: the prose comments are shortened, the first two MyCell versions (before
# TorchScript) are left out, and the traced WrapRNN is saved to and loaded from an in-memory
# io.BytesIO (torch.jit.save) instead of traced.save('wrapped_rnn.pt'). The tutorial computes no
# gradient: one backward() through the loaded module is added at the end. The rest is the
# tutorial's code: torch.jit.trace of a module (its graph and code printed: the graph names the
# script's lines), torch.jit.script of a module with control flow, and the two mixed (a traced
# cell in a scripted loop, a scripted loop in a traced module).
import io

import torch  # This is all you need to use both PyTorch and TorchScript!
print(torch.__version__)


# Tracing Modules
class MyCell(torch.nn.Module):
    def __init__(self):
        super(MyCell, self).__init__()
        self.linear = torch.nn.Linear(4, 4)

    def forward(self, x, h):
        new_h = torch.tanh(self.linear(x) + h)
        return new_h, new_h

my_cell = MyCell()
x, h = torch.rand(3, 4), torch.rand(3, 4)
traced_cell = torch.jit.trace(my_cell, (x, h))
print(traced_cell)
traced_cell(x, h)

print(traced_cell.graph)

print(traced_cell.code)

print(my_cell(x, h))
print(traced_cell(x, h))


# Using Scripting to Convert Modules
class MyDecisionGate(torch.nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return x
        else:
            return -x

class MyCell(torch.nn.Module):
    def __init__(self, dg):
        super(MyCell, self).__init__()
        self.dg = dg
        self.linear = torch.nn.Linear(4, 4)

    def forward(self, x, h):
        new_h = torch.tanh(self.dg(self.linear(x)) + h)
        return new_h, new_h

my_cell = MyCell(MyDecisionGate())
traced_cell = torch.jit.trace(my_cell, (x, h))

print(traced_cell.dg.code)
print(traced_cell.code)

scripted_gate = torch.jit.script(MyDecisionGate())

my_cell = MyCell(scripted_gate)
scripted_cell = torch.jit.script(my_cell)

print(scripted_gate.code)
print(scripted_cell.code)

# New inputs
x, h = torch.rand(3, 4), torch.rand(3, 4)
traced_cell(x, h)


# Mixing Scripting and Tracing
class MyRNNLoop(torch.nn.Module):
    def __init__(self):
        super(MyRNNLoop, self).__init__()
        self.cell = torch.jit.trace(MyCell(scripted_gate), (x, h))

    def forward(self, xs):
        h, y = torch.zeros(3, 4), torch.zeros(3, 4)
        for i in range(xs.size(0)):
            y, h = self.cell(xs[i], h)
        return y, h

rnn_loop = torch.jit.script(MyRNNLoop())
print(rnn_loop.code)


class WrapRNN(torch.nn.Module):
    def __init__(self):
        super(WrapRNN, self).__init__()
        self.loop = torch.jit.script(MyRNNLoop())

    def forward(self, xs):
        y, h = self.loop(xs)
        return torch.relu(y)

traced = torch.jit.trace(WrapRNN(), (torch.rand(10, 3, 4)))
print(traced.code)


# Saving and Loading models
buffer = io.BytesIO()
torch.jit.save(traced, buffer)
buffer.seek(0)

loaded = torch.jit.load(buffer)

print(loaded)
print(loaded.code)

# Added: a gradient through the loaded module.
xs = torch.rand(10, 3, 4)
out = loaded(xs).sum()
out.backward()
print("done")
