# Source: pytorch/examples, distributed/ddp/main.py (the "Getting Started with Distributed Data
# Parallel" tutorial's code; BSD-3-Clause, (c) PyTorch contributors).
# Adapted to run on one CPU machine: demo_basic only, world_size 2 instead of 8 GPUs, gloo on the
# CPU (no .to(rank), no device_ids), MASTER_PORT a free port picked by the parent (12355 may be
# taken), the loopback address and interface only (MASTER_ADDR 127.0.0.1, GLOO_SOCKET_IFNAME lo:
# gloo otherwise connects through whatever the host name resolves to), each rank seeded with its rank and printing its loss and a gradient norm (so a run can
# be compared with plain python's), and a barrier before destroy_process_group (a rank that
# destroyed its gloo group while the other still finished its step sometimes aborted, "terminate
# called without an active exception", under plain python and torch 2.15). mp.spawn starts fresh interpreters that re-import this script
# from its __file__ as __mp_main__ and unpickle demo_basic by reference: the script must be the
# module __main__, as under plain python. Its own process builds no autograd graph.
import os
import socket

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn as nn
import torch.optim as optim

from torch.nn.parallel import DistributedDataParallel as DDP


def setup(rank, world_size):
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ.setdefault("GLOO_SOCKET_IFNAME", "lo")

    # initialize the process group
    dist.init_process_group("gloo", rank=rank, world_size=world_size)


def cleanup():
    dist.barrier()
    dist.destroy_process_group()


class ToyModel(nn.Module):
    def __init__(self):
        super(ToyModel, self).__init__()
        self.net1 = nn.Linear(10, 10)
        self.relu = nn.ReLU()
        self.net2 = nn.Linear(10, 5)

    def forward(self, x):
        return self.net2(self.relu(self.net1(x)))


def demo_basic(rank, world_size):
    print(f"Running basic DDP example on rank {rank}.")
    setup(rank, world_size)
    torch.manual_seed(rank)

    model = ToyModel()
    ddp_model = DDP(model)

    loss_fn = nn.MSELoss()
    optimizer = optim.SGD(ddp_model.parameters(), lr=0.001)

    optimizer.zero_grad()
    outputs = ddp_model(torch.randn(20, 10))
    labels = torch.randn(20, 5)
    loss = loss_fn(outputs, labels)
    loss.backward()
    optimizer.step()
    print(f"rank {rank}: loss {loss.item():.6f}, net1.weight.grad norm {model.net1.weight.grad.norm().item():.6f}")

    cleanup()


def run_demo(demo_fn, world_size):
    mp.spawn(demo_fn, args=(world_size,), nprocs=world_size, join=True)


if __name__ == "__main__":
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        os.environ["MASTER_PORT"] = str(free.getsockname()[1])
    run_demo(demo_basic, 2)
    print("done")
