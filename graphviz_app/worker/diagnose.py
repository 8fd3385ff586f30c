"""Turn what went wrong in a user's script into a ScriptError in the user's terms.

The user's own traceback is kept (the app's frames removed), and the common autograd surprises
get a plain explanation with the fix.
"""

from __future__ import annotations

import ast
import builtins
import difflib
import importlib.util
import linecache
import re
import shlex
import subprocess
import sys
import traceback
import types
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..wire.errors import ScriptError, exception_text
from ..wire.message import QT_TRANSLATE_NOOP, Message, Template, interleave
from .script_source import bindings, second_statement

_APP_DIR = str(Path(__file__).resolve().parents[1])
_HIDDEN = (_APP_DIR, "<frozen runpy>", "runpy.py")

CAPTURE_BUG = QT_TRANSLATE_NOOP(
    "Explanation",
    "graphviz_app failed while {doing} ({error}). This is a bug in "
    "graphviz_app, not in the script; please report it with the "
    "traceback below.",
)
WALKING = QT_TRANSLATE_NOOP("Explanation", "walking the graph")
RECORDING_BACKWARD = QT_TRANSLATE_NOOP("Explanation", "recording the backward pass")
SYNTAX = QT_TRANSLATE_NOOP(
    "Explanation",
    "The script has a syntax error on line {line}: {message}. Fix that line and run the script again.",
)
PRINTED_OUTPUT = QT_TRANSLATE_NOOP(
    "Explanation",
    " Line {line} looks like printed output (it starts with {start}), not code: "
    "delete it, or make it a comment with #.",
)
INDENT = QT_TRANSLATE_NOOP(
    "Explanation",
    " The lines of the block that line {line} opens must be indented further "
    "than line {line} (4 spaces); code copied from a web page often loses its "
    "indentation.",
)
TWO_STATEMENTS = QT_TRANSLATE_NOOP(
    "Explanation",
    " Line {line} holds two statements whose line break was lost: put `{code}` on a line of its own.",
)
AT_LINE_CODE = QT_TRANSLATE_NOOP("Explanation", " (line {line}: {code})")
AT_LINE = QT_TRANSLATE_NOOP("Explanation", " (line {line})")
DEVICES = QT_TRANSLATE_NOOP("Explanation", " ({devices})")
AND = QT_TRANSLATE_NOOP("Explanation", " and ")
RAISED_ON_LINE = QT_TRANSLATE_NOOP("Explanation", "The script raised {exception} on line {line}: {detail}")
RAISED = QT_TRANSLATE_NOOP("Explanation", "The script raised {exception}: {detail}")
MISSING_PACKAGE = QT_TRANSLATE_NOOP(
    "Explanation",
    "The script needs the module {module}{where}, but {package} is not "
    "installed for the Python that runs it ({python}). Install it into that "
    "Python, then run the script again: {command}",
)
NAME_ORDER = QT_TRANSLATE_NOOP(
    "Explanation",
    "Line {line} uses {name} before line {later} assigns it: a script runs "
    "from top to bottom (and notebook cells in the order they are run). Move "
    "the assignment on line {later} above line {line}, or run that cell "
    "first.",
)
NAME_IMPORT = QT_TRANSLATE_NOOP(
    "Explanation",
    "Line {line} uses {name}, which the script never imports or assigns. Add "
    "`{statement}` at the top of the script.",
)
NAME_TYPO = QT_TRANSLATE_NOOP(
    "Explanation",
    "Line {line} uses {name}, which the script never assigns. Did you mean "
    "{match}? Correct the name on line {line}.",
)
NAME_MISSING = QT_TRANSLATE_NOOP(
    "Explanation",
    "Line {line} uses {name}, which the script never assigns or imports. "
    "Assign it (or import it) before line {line}, or correct the name.",
)
MODULE_INIT = QT_TRANSLATE_NOOP(
    "Explanation",
    "{cls}.__init__ (line {start}) does not call super().__init__() first, so "
    "torch.nn.Module's own set-up has not run when line {line} needs it. Call "
    "super().__init__() as the first line of {cls}.__init__, before it "
    "assigns any layer (`self.name = ...`).",
)
MODULE_TYPO = QT_TRANSLATE_NOOP(
    "Explanation",
    "Line {line} uses {module}.{name}, which the module {module} does not "
    "have. Did you mean {module}.{match}? Correct the name on line {line}.",
)
ATTRIBUTE_TYPO = QT_TRANSLATE_NOOP(
    "Explanation",
    "Line {line} uses .{name} of a {type} object, which has no such "
    "attribute. Did you mean .{match}? Correct the name on line {line}.",
)

PRODUCT_SHAPES = QT_TRANSLATE_NOOP(
    "Explanation",
    "Line {line} (`{code}`) multiplies a {a} tensor by a {b} one, and a matrix product needs the "
    "first one's last size ({inner_a}) to equal the second one's size before its last "
    "({inner_b}). {fix}",
)
FIX_TRANSPOSE_SECOND = QT_TRANSLATE_NOOP(
    "Explanation", "Transpose the second one (`.T`): {a} @ {b_t} works and gives {result}."
)
FIX_TRANSPOSE_FIRST = QT_TRANSLATE_NOOP(
    "Explanation", "Transpose the first one (`.T`): {a_t} @ {b} works and gives {result}."
)
FIX_PRODUCT_SIZES = QT_TRANSLATE_NOOP(
    "Explanation",
    "Make the two sizes agree: give the first tensor {inner_b} in its last dimension, or, when the "
    "second is an nn.Linear layer's weight, create the layer with in_features={inner_a}; use "
    ".reshape(...) when the sizes are right but arranged differently.",
)
BROADCAST_SHAPES = QT_TRANSLATE_NOOP(
    "Explanation",
    "Line {line} (`{code}`) combines two tensors element by element whose sizes differ in "
    "dimension {dim}: {size_a} and {size_b}{shapes}. An element-wise operation needs equal sizes "
    "there, or a size of 1 in one of them (broadcasting). Make them agree (.reshape(...), or "
    ".unsqueeze(...) to add a dimension of size 1), or use @ if you meant a matrix product.",
)
SHAPES_OF = QT_TRANSLATE_NOOP("Explanation", " ({shapes})")
SHAPE_OF = QT_TRANSLATE_NOOP("Explanation", "{name} is {shape}")
LIST_SEPARATOR = QT_TRANSLATE_NOOP("Explanation", ", ")

# (kind, pattern in the exception text, explanation with the fix)
_KNOWN: list[tuple[str, str, Template]] = [
    (
        "backward_twice",
        r"backward through the graph a second time",
        QT_TRANSLATE_NOOP(
            "Explanation",
            "backward() ran a second time through a graph whose saved tensors the first backward() "
            "freed. Pass retain_graph=True to the first backward() if you really need two, or "
            "recompute the forward pass before each backward().",
        ),
    ),
    (
        "inplace",
        r"modified by an inplace operation",
        QT_TRANSLATE_NOOP(
            "Explanation",
            "A tensor that backward needs was changed in place (e.g. `x += 1`, `x.relu_()`, "
            "`x[0] = 0`) after autograd saved it. Use the out-of-place form (`x = x + 1`, "
            "`x.relu()`) or change a clone() instead.",
        ),
    ),
    (
        "device_mismatch",
        r"Expected all tensors to be on the same device|on different devices|"
        r"is not on the expected device|"
        r"Cannot copy out of meta tensor",
        QT_TRANSLATE_NOOP(
            "Explanation",
            "An operation combined tensors on different devices{devices}. Move them to one device "
            "first with .to(device) (for example x.to(w.device)). The meta device holds no data, so "
            "nothing can be copied back from it.",
        ),
    ),
    (
        "no_cuda",
        r"Torch not compiled with CUDA enabled|Found no NVIDIA driver|"
        r"no NVIDIA driver on your system|CUDA driver initialization failed",
        QT_TRANSLATE_NOOP(
            "Explanation",
            'This machine has no CUDA GPU{where}. Use `torch.device("cuda" if '
            "torch.cuda.is_available() else \"cpu\")`, or 'meta' to see device moves without a GPU.",
        ),
    ),
    (
        "int_requires_grad",
        r"Only Tensors of floating point and complex dtype can require gradients",
        QT_TRANSLATE_NOOP(
            "Explanation",
            "Only floating point (and complex) tensors can require gradients, and this one holds "
            "integers. Create it as float: torch.tensor([1., 2.], requires_grad=True), or call "
            ".float() before .requires_grad_().",
        ),
    ),
    (
        "no_graph",
        r"does not require grad and does not have a grad_fn",
        QT_TRANSLATE_NOOP(
            "Explanation",
            "backward() was called on a tensor that autograd recorded no graph for: nothing it was "
            "computed from requires grad, or it was computed under torch.no_grad(). Give its inputs "
            "requires_grad=True (or use an nn.Module's parameters) and compute it with grad enabled.",
        ),
    ),
    (
        "view_not_contiguous",
        r"view size is not compatible with input tensor's size and stride",
        QT_TRANSLATE_NOOP(
            "Explanation",
            "view() can only reshape a tensor whose elements lie in memory in the order of its shape "
            "(contiguous), and this one does not{where}: a transpose (.t(), .transpose()) or a slice "
            "changed its strides. Use .reshape(...), which copies when it must, or call "
            ".contiguous() before .view(...).",
        ),
    ),
    (
        "numpy_requires_grad",
        r"Can't call numpy\(\) on Tensor that requires grad",
        QT_TRANSLATE_NOOP(
            "Explanation",
            "numpy() cannot take a tensor that requires grad{where}: the array would leave the graph "
            "without saying so. Cut it out of the graph first: x.detach().numpy() (from a GPU: "
            "x.detach().cpu().numpy()).",
        ),
    ),
    (
        "numpy_device",
        r"can't convert \w+ device type tensor to numpy",
        QT_TRANSLATE_NOOP(
            "Explanation",
            "numpy() can only read a tensor on the cpu, and this one is on another device{where}. "
            "Copy it to the cpu first: x.detach().cpu().numpy() (or .to('cpu')).",
        ),
    ),
]

COMMON_IMPORTS = {
    "np": "import numpy as np",
    "numpy": "import numpy",
    "torch": "import torch",
    "nn": "from torch import nn",
    "F": "import torch.nn.functional as F",
    "optim": "from torch import optim",
    "plt": "import matplotlib.pyplot as plt",
    "pd": "import pandas as pd",
    "math": "import math",
    "random": "import random",
    "os": "import os",
    "sys": "import sys",
    "time": "import time",
    "torchvision": "import torchvision",
}
"""The import a conventional name comes from, for a NameError on it."""

PIP_NAMES = {
    "cv2": "opencv-python",
    "sklearn": "scikit-learn",
    "PIL": "pillow",
    "yaml": "pyyaml",
    "skimage": "scikit-image",
    "bs4": "beautifulsoup4",
    "attr": "attrs",
}
"""The package to install where it is not named as it is imported."""


class CaptureBug(BaseException):
    """A failure of graphviz_app's own code while the script ran: raised through the script's
    frames (a BaseException, so the script's ``except Exception`` cannot take it for its own) and
    reported as ours, kind ``"internal"``, with our traceback."""

    def __init__(self, exc: BaseException, doing: Message) -> None:
        super().__init__(f"{type(exc).__name__}: {exc}")
        self.error = ScriptError(
            "internal",
            Message.of(CAPTURE_BUG, doing=doing, error=exception_text(exc, with_type=True)),
            user_traceback="".join(traceback.format_exception(type(exc), exc, exc.__traceback__)),
        )


def _user_frames(tb: Iterable[traceback.FrameSummary]) -> list[traceback.FrameSummary]:
    return [f for f in tb if not any(f.filename.startswith(h) or f.filename.endswith(h) for h in _HIDDEN)]


def diagnose(exc: BaseException, script_file: str, caller: Any = None) -> ScriptError:
    """Return the ScriptError for ``exc`` raised while running ``script_file``.

    ``caller`` is the frame whose call raised ``exc`` when it was caught there (its stack is
    then what the traceback lacks), or None for an exception that unwound the script.
    """
    if isinstance(exc, SyntaxError) and exc.filename == script_file:
        text = "".join(traceback.format_exception_only(type(exc), exc))
        hint = _syntax_hint(exc)
        return ScriptError(
            "syntax",
            Message.joined(Message.of(SYNTAX, line=exc.lineno, message=exc.msg), hint),
            file=script_file,
            line=exc.lineno,
            user_traceback=text,
        )
    stack = list(traceback.extract_stack(caller)) if caller is not None else []
    frames = _user_frames(stack + list(traceback.extract_tb(exc.__traceback__)))
    text = "Traceback (most recent call last):\n" + "".join(traceback.format_list(frames))
    text += "".join(traceback.format_exception_only(type(exc), exc))
    in_script = [f for f in frames if f.filename == script_file]
    file, line = (in_script[-1].filename, in_script[-1].lineno) if in_script else (None, None)
    at: dict[str, Any] = {"file": file, "line": line, "user_traceback": text}
    for kind, pattern, explanation in _KNOWN:
        if re.search(pattern, str(exc)):
            devices = sorted(set(re.findall(r"\b(cuda:\d+|cpu|mps|meta)\b", str(exc))))
            code = linecache.getline(file, line).strip() if file and line else ""
            where = (
                Message.of(AT_LINE_CODE, line=line, code=code)
                if code
                else (Message.of(AT_LINE, line=line) if line else "")
            )
            values: dict[str, Message | str] = {"where": where}
            if "{devices}" in explanation.source:
                values["devices"] = (
                    Message.of(DEVICES, devices=interleave(devices, Message.of(AND))) if devices else ""
                )
            return ScriptError(kind, Message(explanation, values), **at)
    shapes = _shape_mismatch(exc, file, line, _frame_at(exc, file, line))
    if shapes is not None:
        return ScriptError("shape_mismatch", shapes, **at)
    explained = _explained(exc, script_file, line, at)
    if explained is not None:
        return explained
    detail = exception_text(exc)
    raised = (
        Message.of(RAISED_ON_LINE, exception=type(exc).__name__, line=line, detail=detail)
        if line
        else Message.of(RAISED, exception=type(exc).__name__, detail=detail)
    )
    return ScriptError("exception", raised, **at)


_PRODUCT = re.compile(r"mat1 and mat2 shapes cannot be multiplied \((\d+)x(\d+) and (\d+)x(\d+)\)")
_BROADCAST = re.compile(
    r"The size of tensor a \((\d+)\) must match the size of tensor b \((\d+)\) at non-singleton dimension (\d+)"
)


def _dims(shape: tuple[int, ...]) -> str:
    """``(2, 3)`` as the app writes a shape: ``2×3``."""
    return "×".join(map(str, shape)) if shape else "scalar"


def _frame_at(exc: BaseException, file: str | None, line: int | None) -> types.FrameType | None:
    """The frame of ``file`` that raised ``exc`` at ``line`` (the script's, for its variables)."""
    walked = traceback.walk_tb(exc.__traceback__)
    frames = [frame for frame, at in walked if frame.f_code.co_filename == file and at == line]
    return frames[-1] if frames else None


def _shape_mismatch(
    exc: BaseException, file: str | None, line: int | None, frame: types.FrameType | None
) -> Message | None:
    """The most common learner error explained with both shapes, the dimensions that must agree
    and the fix: a matrix product of shapes that do not fit, or an element-wise operation of
    sizes that do not broadcast. None for any other error, or one not raised on a script line."""
    if not isinstance(exc, RuntimeError) or not file or not line:
        return None
    code = linecache.getline(file, line).strip()
    product = _PRODUCT.search(str(exc))
    if product is not None:
        rows_a, cols_a, rows_b, cols_b = map(int, product.groups())
        a, b = (rows_a, cols_a), (rows_b, cols_b)
        if cols_a == cols_b:
            fix = Message.of(
                FIX_TRANSPOSE_SECOND, a=_dims(a), b_t=_dims(b[::-1]), result=_dims((rows_a, rows_b))
            )
        elif rows_a == rows_b:
            fix = Message.of(
                FIX_TRANSPOSE_FIRST, a_t=_dims(a[::-1]), b=_dims(b), result=_dims((cols_a, cols_b))
            )
        else:
            fix = Message.of(FIX_PRODUCT_SIZES, inner_a=cols_a, inner_b=rows_b)
        return Message.of(
            PRODUCT_SHAPES,
            line=line,
            code=code,
            a=_dims(a),
            b=_dims(b),
            inner_a=cols_a,
            inner_b=rows_b,
            fix=fix,
        )
    broadcast = _BROADCAST.search(str(exc))
    if broadcast is not None:
        size_a, size_b, dim = broadcast.groups()
        named = _tensor_shapes(code, frame)
        shapes: Message | str = ""
        if named:
            parts = [Message.of(SHAPE_OF, name=name, shape=_dims(shape)) for name, shape in named]
            shapes = Message.of(SHAPES_OF, shapes=interleave(parts, Message.of(LIST_SEPARATOR)))
        return Message.of(
            BROADCAST_SHAPES, line=line, code=code, dim=int(dim), size_a=size_a, size_b=size_b, shapes=shapes
        )
    return None


def _tensor_shapes(code: str, frame: types.FrameType | None) -> list[tuple[str, tuple[int, ...]]]:
    """The shapes of the tensors the line's plain names hold in ``frame`` (read, never called)."""
    torch = sys.modules.get("torch")
    if frame is None or torch is None:
        return []
    try:
        names = [
            n.id for n in ast.walk(ast.parse(code)) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
        ]
    except SyntaxError:  # (a line of a statement that goes on)
        return []
    values = {name: frame.f_locals.get(name, frame.f_globals.get(name)) for name in names}
    return [(name, tuple(v.shape)) for name, v in values.items() if isinstance(v, torch.Tensor)][:4]


def _syntax_hint(exc: SyntaxError) -> Message | str:
    """A sentence on what went wrong in the ways code copied from a page goes wrong (output
    lines pasted with it, a lost line break, lost indentation), or ``""``."""
    line, text = exc.lineno, exc.text or ""
    stripped = text.strip()
    if line and stripped.startswith(">>"):
        start = stripped.split()[0]
        return Message.of(PRINTED_OUTPUT, line=line, start=start)
    if line and isinstance(exc, IndentationError) and "expected an indented block" in str(exc.msg):
        opened = re.search(r"on line (\d+)", str(exc.msg))
        header = int(opened.group(1)) if opened else line - 1
        return Message.of(INDENT, line=header)
    second = second_statement(text, exc.offset) if line and type(exc) is SyntaxError else None
    if second is not None:
        return Message.of(TWO_STATEMENTS, line=line, code=second)
    return ""


def _explained(
    exc: BaseException, script_file: str, line: int | None, at: dict[str, Any]
) -> ScriptError | None:
    """The explanation of a Python error a course's code runs into, or None."""
    if isinstance(exc, ModuleNotFoundError):
        return _missing_package(exc, line, at)
    if isinstance(exc, NameError) and line is not None and at["file"] == script_file:
        return _undefined_name(exc, script_file, line, at)
    if isinstance(exc, AttributeError):
        return _module_not_set_up(exc, script_file, line, at) or _misspelt_attribute(exc, line, at)
    return None


def _command(*words: str) -> str:
    """``words`` as one command line this system's shell reads back as those words."""
    if sys.platform == "win32":
        return subprocess.list2cmdline(words)
    return " ".join(shlex.quote(word) for word in words)


def _missing_package(exc: ModuleNotFoundError, line: int | None, at: dict[str, Any]) -> ScriptError | None:
    """A package the script imports that the interpreter running it lacks: the command that
    installs it into that interpreter (``sys.executable``: this process runs the script)."""
    module = exc.name or ""
    top = module.partition(".")[0]
    if not top:
        return None
    try:
        if importlib.util.find_spec(top) is not None:
            return None  # the package is there: a module inside it is missing, not the package
    except (ImportError, ValueError):
        pass
    package = PIP_NAMES.get(top, top)
    python = sys.executable
    command = _command(python, "-m", "pip", "install", package)
    where = Message.of(AT_LINE, line=line) if line else ""
    message = Message.of(
        MISSING_PACKAGE, module=module, where=where, package=package, python=python, command=command
    )
    return ScriptError("missing_package", message, **at)


def _undefined_name(exc: NameError, script_file: str, line: int, at: dict[str, Any]) -> ScriptError | None:
    """A name used before the line that assigns it (cells run out of order), never imported,
    or misspelt: the line to move, the import to add, or the name meant."""
    name = getattr(exc, "name", None)
    if not name:
        found = re.search(r"name '(\w+)' is not defined|local variable '(\w+)'", str(exc))
        name = next((group for group in found.groups() if group), None) if found else None
    if not name:
        return None
    bound = bindings(script_file)
    if any(n <= line for n in bound.get(name, [])):
        return None  # bound above (in a branch not taken, a function's other scope): Python's words
    later = [n for n in bound.get(name, []) if n > line]
    if later:
        return ScriptError("name_order", Message.of(NAME_ORDER, line=line, name=name, later=later[0]), **at)
    if name in COMMON_IMPORTS and name not in bound:
        statement = COMMON_IMPORTS[name]
        return ScriptError(
            "name_import", Message.of(NAME_IMPORT, line=line, name=name, statement=statement), **at
        )
    known = [n for n in bound if n != name] + [n for n in dir(builtins) if not n.startswith("_")]
    match = difflib.get_close_matches(name, known, n=1, cutoff=0.75)
    if match:
        return ScriptError("name_typo", Message.of(NAME_TYPO, line=line, name=name, match=match[0]), **at)
    return ScriptError("name_missing", Message.of(NAME_MISSING, line=line, name=name), **at)


def _is_module_instance(value: object) -> bool:
    """Whether ``value`` is a ``torch.nn.Module`` (told by its classes' names: torch is not
    imported here)."""
    return any(
        cls.__name__ == "Module" and cls.__module__ == "torch.nn.modules.module"
        for cls in type(value).__mro__
    )


def _module_not_set_up(
    exc: AttributeError, script_file: str, line: int | None, at: dict[str, Any]
) -> ScriptError | None:
    """An ``nn.Module`` subclass whose ``__init__`` assigns layers before (or without) calling
    ``super().__init__()``: torch says only "cannot assign module before Module.__init__() call"."""
    module: object = None
    if re.search(r"before Module\.__init__\(\) call", str(exc)):
        for frame, _ in traceback.walk_tb(exc.__traceback__):
            if frame.f_code.co_filename == script_file and "self" in frame.f_locals:
                module = frame.f_locals["self"]
    else:
        candidate = getattr(exc, "obj", None)
        if (
            candidate is not None
            and str(getattr(exc, "name", "")).startswith("_")
            and _is_module_instance(candidate)
            and "_modules" not in vars(candidate)
        ):
            module = candidate
    if module is None or not _is_module_instance(module):
        return None
    cls = type(module)
    init = getattr(cls.__init__, "__code__", None)
    if init is None or init.co_filename != script_file or line is None:
        return None
    message = Message.of(MODULE_INIT, cls=cls.__name__, start=init.co_firstlineno, line=line)
    return ScriptError("module_init", message, **at)


def _misspelt_attribute(exc: AttributeError, line: int | None, at: dict[str, Any]) -> ScriptError | None:
    """An attribute a module (``torch.nn.Modules``) or object lacks, with the name it most
    likely meant among the ones it has."""
    name = getattr(exc, "name", None)
    owner = getattr(exc, "obj", None)
    if owner is None or not name:  # Python 3.10 leaves them unset for some objects
        found = re.search(r"module '([\w.]+)' has no attribute '(\w+)'", str(exc))
        if not found:
            return None
        owner, name = sys.modules.get(found.group(1)), found.group(2)
        if owner is None:
            return None
    try:
        names = [n for n in dir(owner) if not n.startswith("_") or name.startswith("_")]
    except Exception:  # an object whose __dir__ fails: no suggestion
        return None
    lowered = {n.lower(): n for n in names}
    match = difflib.get_close_matches(name, names, n=1, cutoff=0.7)
    if not match and name.lower() in lowered:
        match = [lowered[name.lower()]]
    if not match or line is None:
        return None
    message = (
        Message.of(MODULE_TYPO, line=line, module=owner.__name__, name=name, match=match[0])
        if isinstance(owner, types.ModuleType)
        else Message.of(ATTRIBUTE_TYPO, line=line, name=name, type=type(owner).__name__, match=match[0])
    )
    return ScriptError("attribute_typo", message, **at)
