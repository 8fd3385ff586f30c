"""The course notes' own code (``shared/course_notes``, Korean blog notes on PyTorch basics),
pasted as a learner reads it, gets the right graph or a message naming the cause and the fix,
through the real worker. The snippets are copied from the notes as written, slips included;
where a note lost its code's indentation when it was saved, the test says so and restores only
the indentation (the pasted form is checked too: it gets the indentation hint)."""

from __future__ import annotations

import subprocess

import pytest

from graphviz_app.wire.errors import ScriptError


def _error(runner, write_script, source: str) -> ScriptError:
    with pytest.raises(ScriptError) as info:
        runner.run(write_script(source), timeout=60)
    return info.value


# 001_2906349935a23e91.txt: GPU -> CPU -> numpy for logging, with detach().
TO_NUMPY = """\
import torch

tensor1 = torch.tensor([1.0,2.0],requires_grad=True,device='cuda')

print(tensor1) # tensor([1., 2.], device='cuda:0', grad_fn=<CopyBackwards>)
print(type(tensor1)) # <class 'torch.Tensor'>
print(tensor1.device) # cuda:0

tensor1 = tensor1.detach().to('cpu')
print(tensor1.device) # cpu
print(tensor1) #tensor([1., 2.])
tensor1 = tensor1.numpy() # tensor를 numpy로 바꿔준다.

print(tensor1) # [1. 2.]
print(type(tensor1)) # <class 'numpy.ndarray'>
"""

DETACH_CUT = "line 9 cuts tensor1 out of the graph with .detach() (`tensor1 = tensor1.detach().to('cpu')`)"


def test_numpy_note_names_the_detach_that_cut_the_graph(runner, write_script):
    """The leaf required grad; the script cut it with .detach() before numpy(): the message says
    so (not "none of its tensors requires grad"). Here the tensor is made on the cpu, as a machine
    without a GPU would; the note as written is checked on a GPU below."""
    error = _error(runner, write_script, TO_NUMPY.replace(",device='cuda'", ""))
    assert error.kind == "no_graph" and error.line == 9
    assert DETACH_CUT in error.message.english()
    assert "none of its tensors requires grad" not in error.message.english()
    assert "y_np = y.detach().cpu().numpy()" in error.message.english()


def test_numpy_note_as_written(runner, write_script, worker_has_cuda):
    """On a GPU the note runs and its graph was cut by the detach; without one, line 3 asks for
    CUDA, and the message says how to pick the device."""
    error = _error(runner, write_script, TO_NUMPY)
    if worker_has_cuda:
        assert error.kind == "no_graph" and DETACH_CUT in error.message.english()
    else:
        assert error.kind == "no_cuda" and error.line == 3
        assert "torch.cuda.is_available()" in error.message.english()


# 003_185b3670d13e4560.txt: CS231n's ParallelBlock, whose __init__ never calls super().__init__()
# (indentation restored: the note lost it).
PARALLEL = """\
import torch
class ParallelBlock(torch.nn.Module):
    def __init__(self, D_in, D_out):
        self.linear1 = torch.nn.Linear(D_in, D_out)
        self.linear2 = torch.nn.Linear(D_in, D_out)
    def forward(self, x):
        h1 = self.linear1(x)
        h2 = self.linear2(x)
        return (h1 * h2).clamp(min=0)
N, D_in, H, D_out = 64, 1000, 100, 10
x = torch.randn(N, D_in)
y = torch.randn(N, D_out)
model = torch.nn.Sequential(
    ParallelBlock(D_in, H),
    ParallelBlock(H, H),
    torch.nn.Linear(H, D_out)
)
"""


def test_parallel_block_without_super_init_names_the_class_and_the_fix(runner, write_script):
    error = _error(runner, write_script, PARALLEL)
    assert error.kind == "module_init" and error.line == 4
    assert error.message.english().startswith(
        "ParallelBlock.__init__ (line 3) does not call super().__init__() first"
    )
    assert "Call super().__init__() as the first line of ParallelBlock.__init__" in error.message.english()
    assert "cannot assign module before Module.__init__() call" in error.user_traceback


def test_a_module_called_without_its_set_up_gets_the_same_fix(runner, write_script):
    # The same slip in a block that assigns no layer: torch fails only when the block is called.
    error = _error(
        runner,
        write_script,
        """\
        import torch
        class Scale(torch.nn.Module):
            def __init__(self, k):
                self.k = k
            def forward(self, x):
                return x * self.k
        y = Scale(2)(torch.ones(2, requires_grad=True))
        """,
    )
    assert error.kind == "module_init" and error.line == 7
    assert error.message.english().startswith(
        "Scale.__init__ (line 3) does not call super().__init__() first"
    )


def test_pasted_code_that_lost_its_indentation_gets_the_indentation_hint(runner, write_script):
    # 003_185b3670d13e4560.txt as saved: the class body is not indented.
    pasted = "\n".join(line.strip() for line in PARALLEL.splitlines()) + "\n"
    error = _error(runner, write_script, pasted)
    assert error.kind == "syntax" and error.line == 3
    assert (
        "The lines of the block that line 2 opens must be indented further than line 2 (4 spaces); "
        "code copied from a web page often loses its indentation."
    ) in error.message.english()


# 003_185b3670d13e4560.txt: "class TwoLayerNet(torch.nn.Modules)" (indentation restored).
TWO_LAYER_NET = """\
import torch
# 전체 모듈을 단일 모듈로 정의
class TwoLayerNet(torch.nn.Modules):
    def __init__(self, D_in, H, D_out):
        super(TwoLayerNet, self).__init__()
        self.linear1 = torch.nn.Linear(D_in, H)
        self.linear2 = torch.nn.Linear(H, D_out)
"""


def test_a_misspelt_module_attribute_gets_did_you_mean(runner, write_script):
    error = _error(runner, write_script, TWO_LAYER_NET)
    assert error.kind == "attribute_typo" and error.line == 3
    assert error.message.english() == (
        "Line 3 uses torch.nn.Modules, which the module torch.nn does not have. "
        "Did you mean torch.nn.Module? Correct the name on line 3."
    )


def test_a_misspelt_tensor_method_gets_did_you_mean(runner, write_script):
    error = _error(
        runner, write_script, "import torch\nw = torch.ones(2, requires_grad=True)\nn = w.sizee()\n"
    )
    assert error.kind == "attribute_typo"
    assert (
        "Line 3 uses .sizee of a Tensor object, which has no such attribute. Did you mean .size?"
        in error.message.english()
    )


# 003_185b3670d13e4560.txt: pretrained models.
PRETRAINED = """\
import torch
import torchvision
alexnet = torchvision.models.alexnet(pretrained=True)
vgg16 = torchvision.models.vgg16(pretrained=True)
resnet101 = torchvision.models.resnet101(pretrained=True)
"""


def test_a_missing_package_gets_the_install_command_for_the_interpreter_that_ran(runner, write_script):
    python = str(runner.python.path)
    probe = subprocess.run(
        [
            python,
            "-c",
            "import sys, importlib.util as u; "
            "print(sys.executable); print(u.find_spec('torchvision') is not None)",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    executable, installed = probe.stdout.split()
    if installed == "True":
        pytest.skip("torchvision is installed for the worker's Python")
    error = _error(runner, write_script, PRETRAINED)
    assert error.kind == "missing_package" and error.line == 2
    assert f"not installed for the Python that runs it ({executable})" in error.message.english()
    assert error.message.english().endswith(f"{executable} -m pip install torchvision")


def test_a_missing_module_inside_an_installed_package_is_not_sent_to_pip(runner, write_script):
    error = _error(runner, write_script, "import torch.no_such_module\n")
    assert error.kind == "exception" and "pip install" not in error.message.english()


# 003_185b3670d13e4560.txt, "Tensors": the four tensors are all named x, so w1 is never assigned
# (indentation restored).
CS231N_TENSORS = """\
import torch
# device 정의 = gpu가 가능하면 cuda, 아니면 cpu
device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
# 데이터와 가중치를 위해 랜덤 텐서 생성
# H : hidden의 약어
N, D_in, H, D_out = 64, 1000, 100, 10
x = torch.randn(N, D_in, device=device)
x = torch.randn(N, D_out, device=device)
x = torch.randn(D_in, H, device=device)
x = torch.randn(H, D_out, device=device)
learning_rate = 1e-6
for t in range(500):
    # 정방향 전달(forward pass) : 예측(prediction)과 손실(loss)을 계산한다.
    h = x.mm(w1)
"""


def test_a_name_never_assigned_says_so_with_its_line(runner, write_script):
    error = _error(runner, write_script, CS231N_TENSORS)
    assert error.kind == "name_missing" and error.line == 14
    assert error.message.english() == (
        "Line 14 uses w1, which the script never assigns or imports. Assign it (or "
        "import it) before line 14, or correct the name."
    )


def test_a_name_used_before_the_line_that_assigns_it(runner, write_script):
    # 000_e2d61d4a81cc81af.txt, "ex1> CPU에 있는 경우": print(a.device) comes before a is made.
    error = _error(
        runner, write_script, "import torch\nprint(a.device)\nprint(a)\na = torch.tensor([1, 2, 3, 4])\n"
    )
    assert error.kind == "name_order" and error.line == 2
    assert error.message.english().startswith("Line 2 uses a before line 4 assigns it:")
    assert "Move the assignment on line 4 above line 2, or run that cell first." in error.message.english()


def test_a_conventional_name_never_imported_gets_its_import(runner, write_script):
    # 001_2906349935a23e91.txt: numpy is used as np but never imported.
    error = _error(
        runner,
        write_script,
        """\
        import torch
        with torch.no_grad():
          x_t = torch.rand(3,4)
          y_np = np.ones((4, 2), dtype=np.float32)
          x_t @ torch.from_numpy(y_np)  # dot product in torch
          np.dot(x_t.numpy(), y_np)  # the same dot product in numpy
        """,
    )
    assert error.kind == "name_import" and error.line == 4
    assert "Add `import numpy as np` at the top of the script." in error.message.english()


def test_a_misspelt_name_gets_did_you_mean_from_the_script(runner, write_script):
    error = _error(runner, write_script, "import torch\nlearning_rate = 1e-6\nstep = learnig_rate * 2\n")
    assert error.kind == "name_typo"
    assert (
        "Line 3 uses learnig_rate, which the script never assigns. Did you mean learning_rate?"
        in error.message.english()
    )


def test_printed_output_pasted_with_the_code(runner, write_script):
    # 000_e2d61d4a81cc81af.txt: the notes show output lines (>> cpu) between the code.
    error = _error(
        runner, write_script, "import torch\na = torch.tensor([1, 2, 3, 4])\nprint(a.device)\n>> cpu\n"
    )
    assert error.kind == "syntax" and error.line == 4
    assert "Line 4 looks like printed output (it starts with >>), not code" in error.message.english()


@pytest.mark.parametrize(
    ("line", "second"),
    [
        ("a = a.to('cpu') print(a.device)", "print(a.device)"),  # 000_e2d61d4a81cc81af.txt
        ("x.retain_grad() y.retain_grad()", "y.retain_grad()"),  # 000_e2d61d4a81cc81af.txt
    ],
)
def test_two_statements_whose_line_break_was_lost(line, second, runner, write_script):
    source = f"import torch\na = torch.tensor([1., 2.], requires_grad=True)\nx = a * 2\ny = x + 3\n{line}\n"
    error = _error(runner, write_script, source)
    assert error.kind == "syntax" and error.line == 5
    assert (
        f"Line 5 holds two statements whose line break was lost: put `{second}` on a line of its own."
        in error.message.english()
    )


# 002_640f277439587da8.txt: view needs a contiguous tensor, reshape does not (the note's code was
# an image: the case it describes).
def test_view_of_a_transposed_tensor_says_reshape_or_contiguous(runner, write_script):
    error = _error(
        runner, write_script, "import torch\na = torch.ones(2, 3, requires_grad=True)\nb = a.t().view(6)\n"
    )
    assert error.kind == "view_not_contiguous" and error.line == 3
    assert (
        "Use .reshape(...), which copies when it must, or call .contiguous() before .view(...)."
        in error.message.english()
    )


def test_numpy_of_a_tensor_that_requires_grad_says_detach(runner, write_script):
    # 001_2906349935a23e91.txt: ".detach() 해야한다. 그래야 numpy로 바꿀 수 있다."
    error = _error(
        runner, write_script, "import torch\nw = torch.ones(2, requires_grad=True)\nw_np = w.numpy()\n"
    )
    assert error.kind == "numpy_requires_grad" and error.line == 3
    assert "Cut it out of the graph first: x.detach().numpy()" in error.message.english()
