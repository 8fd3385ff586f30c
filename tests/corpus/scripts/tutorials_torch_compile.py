# Source: pytorch/tutorials, intermediate_source/torch_compile_tutorial.py ("torch.compile
# Tutorial", author William Wen; BSD-3-Clause, (c) PyTorch contributors).
# Adapted to run offline on a CPU, fast: "Basic Usage" as written (a compiled function, a
# decorated one, a compiled MyModule); "Demonstrating Speedups" trains MyModule (Linear 100 -> 10)
# instead of densenet121 on CUDA, on random batches of 16 rows and 10 classes, with N_ITERS = 2
# and no timing (no CUDA events) or medians; the eval part, "Comparison to TorchScript and FX
# Tracing" and the custom backends are left out. train() is the tutorial's: compiled, its forward
# and loss run as one compiled region (CompiledFunctionBackward), its loss.backward() after a graph
# break. Backward calls 1-2 are eager training steps, 3-4 compiled ones.
import torch
import warnings

gpu_ok = False
if torch.cuda.is_available():
    device = torch.cuda.get_device_name()
    if "V100" in device or "A100" in device:
        gpu_ok = True

if not gpu_ok:
    warnings.warn(
        "GPU is not NVIDIA V100 or A100. Speedup numbers may be lower than "
        "expected."
    )

# Basic Usage
def foo(x, y):
    a = torch.sin(x)
    b = torch.cos(x)
    return a + b
opt_foo1 = torch.compile(foo)
print(opt_foo1(torch.randn(10, 10), torch.randn(10, 10)))

@torch.compile
def opt_foo2(x, y):
    a = torch.sin(x)
    b = torch.cos(x)
    return a + b
print(opt_foo2(torch.randn(10, 10), torch.randn(10, 10)))

class MyModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(100, 10)

    def forward(self, x):
        return torch.nn.functional.relu(self.lin(x))

mod = MyModule()
opt_mod = torch.compile(mod)
print(opt_mod(torch.randn(10, 100)))

# Demonstrating Speedups (training), on the CPU
def generate_data(b):
    return (
        torch.randn(b, 100).to(torch.float32),
        torch.randint(10, (b,)),
    )

N_ITERS = 2

def init_model():
    return MyModule().to(torch.float32)

model = init_model()
opt = torch.optim.Adam(model.parameters())

def train(mod, data):
    opt.zero_grad(True)
    pred = mod(data[0])
    loss = torch.nn.CrossEntropyLoss()(pred, data[1])
    loss.backward()
    opt.step()

for i in range(N_ITERS):
    inp = generate_data(16)
    train(model, inp)
    print(f"eager train step {i}")
print("~" * 10)

model = init_model()
opt = torch.optim.Adam(model.parameters())
train_opt = torch.compile(train)

for i in range(N_ITERS):
    inp = generate_data(16)
    train_opt(model, inp)
    print(f"compile train step {i}")
print("~" * 10)
