"""Turn what went wrong in a user's script into a ScriptError in the user's terms.

The user's own traceback is kept (the app's frames removed), and the common autograd surprises
get a plain explanation with the fix.
"""
from __future__ import annotations

import linecache
import re
import traceback
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..errors import ScriptError

_APP_DIR = str(Path(__file__).resolve().parents[1])
_HIDDEN = (_APP_DIR, "<frozen runpy>", "runpy.py")

# (kind, pattern in the exception text, explanation with the fix)
_KNOWN: list[tuple[str, str, str]] = [
    (
        "backward_twice",
        r"backward through the graph a second time",
        "backward() ran a second time through a graph whose saved tensors the first backward() "
        "freed. Pass retain_graph=True to the first backward() if you really need two, or "
        "recompute the forward pass before each backward().",
    ),
    (
        "inplace",
        r"modified by an inplace operation",
        "A tensor that backward needs was changed in place (e.g. `x += 1`, `x.relu_()`, "
        "`x[0] = 0`) after autograd saved it. Use the out-of-place form (`x = x + 1`, "
        "`x.relu()`) or change a clone() instead.",
    ),
    (
        "device_mismatch",
        r"Expected all tensors to be on the same device|on different devices|"
        r"is not on the expected device|"
        r"Cannot copy out of meta tensor",
        "An operation combined tensors on different devices{devices}. Move them to one device "
        "first with .to(device) (for example x.to(w.device)). The meta device holds no data, so "
        "nothing can be copied back from it.",
    ),
    (
        "no_cuda",
        r"Torch not compiled with CUDA enabled|Found no NVIDIA driver|"
        r"no NVIDIA driver on your system|CUDA driver initialization failed",
        "This machine has no CUDA GPU{where}. Use `torch.device(\"cuda\" if "
        "torch.cuda.is_available() else \"cpu\")`, or 'meta' to see device moves without a GPU.",
    ),
    (
        "int_requires_grad",
        r"Only Tensors of floating point and complex dtype can require gradients",
        "Only floating point (and complex) tensors can require gradients, and this one holds "
        "integers. Create it as float: torch.tensor([1., 2.], requires_grad=True), or call "
        ".float() before .requires_grad_().",
    ),
    (
        "no_graph",
        r"does not require grad and does not have a grad_fn",
        "backward() was called on a tensor that autograd recorded no graph for: nothing it was "
        "computed from requires grad, or it was computed under torch.no_grad(). Give its inputs "
        "requires_grad=True (or use an nn.Module's parameters) and compute it with grad enabled.",
    ),
]


class CaptureBug(BaseException):
    """A failure of graphviz_app's own code while the script ran: raised through the script's
    frames (a BaseException, so the script's ``except Exception`` cannot take it for its own) and
    reported as ours, kind ``"internal"``, with our traceback."""

    def __init__(self, exc: BaseException, doing: str) -> None:
        super().__init__(f"{type(exc).__name__}: {exc}")
        self.error = ScriptError(
            "internal",
            f"graphviz_app failed while {doing} ({type(exc).__name__}: {exc}). This is a bug in "
            "graphviz_app, not in the script; please report it with the traceback below.",
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
        return ScriptError(
            "syntax",
            f"The script has a syntax error on line {exc.lineno}: {exc.msg}. Fix that line and "
            "reload.",
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
    detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    for kind, pattern, explanation in _KNOWN:
        if re.search(pattern, str(exc)):
            devices = sorted(set(re.findall(r"\b(cuda:\d+|cpu|mps|meta)\b", str(exc))))
            code = linecache.getline(file, line).strip() if file and line else ""
            where = f" (line {line}: {code})" if code else (f" (line {line})" if line else "")
            explanation = explanation.format(
                devices=f" ({' and '.join(devices)})" if devices else "", where=where
            )
            return ScriptError(kind, explanation, file=file, line=line, user_traceback=text)
    where = f" on line {line}" if line else ""
    return ScriptError(
        "exception",
        f"The script raised {type(exc).__name__}{where}: {detail}",
        file=file,
        line=line,
        user_traceback=text,
    )
