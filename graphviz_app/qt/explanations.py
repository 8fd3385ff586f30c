"""The explanations of failed runs and refused files, in the window's language.

``core`` and ``capture`` write their explanations in English (the CLI prints them and they travel
between processes as text).  Each sentence they can write is listed here once as an English
*template*, the way core writes it, with ``{name}`` where core puts a value (a path, a line, a
number, the script's code, torch's own message).  :func:`explain` finds those sentences in a
message and replaces each with its translation (``QCoreApplication.translate``, context
``Explanation``), filling in the values unchanged; whatever matches no template (torch's
messages, tracebacks) stays as written.

Values whose words come from core too (``{where}``, ``{what}``, ``{headline}``...) are
explained in turn (:data:`NESTED`).  ``tests/qt/test_explanations.py`` reads core's sources and
fails when core can write a sentence that has no template here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from PySide6.QtCore import QCoreApplication

from . import particles

translate = QCoreApplication.translate


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # the name lupdate collects
    """Mark ``text`` for ``pyside6-lupdate`` in ``context`` and return it unchanged (Qt's macro,
    typed)."""
    return text


CONTEXT = "Explanation"

TEMPLATES: tuple[str, ...] = (
    # -- a run that was stopped (capture/client.py) ------------------------------------------------
    QT_TRANSLATE_NOOP("Explanation", "The script did not finish within {seconds} s and was stopped."),
    QT_TRANSLATE_NOOP("Explanation", " It was stuck on line {line}: `{code}`."),
    QT_TRANSLATE_NOOP(
        "Explanation",
        " If it needs longer, raise the time limit (--timeout); if it loops "
        "forever or waits for input, fix the script.",
    ),
    QT_TRANSLATE_NOOP("Explanation", "The run was cancelled."),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The script crashed ({signal}) and its process ended; the app is fine. "
        "The output below shows where (a crash in native code, such as a "
        "segfault in an extension or ctypes call). Fix the crash and reload.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The script ended its process with os._exit({status}) before a graph was "
        "captured. Remove the os._exit() call to see its graph.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The script used more than {gib} GiB of memory, the limit of one run, and "
        "was stopped. If it really needs more, raise the limit (the "
        "GRAPHVIZ_APP_MEMORY_LIMIT_GB environment variable, in GiB; 0 for "
        "none); otherwise make the tensors or the batch smaller.",
    ),
    # -- settings read from the environment (capture/client.py, capture/protocol.py) -------------------
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The environment variable GRAPHVIZ_APP_MEMORY_LIMIT_GB is {value}, not a "
        "number of GiB. Set it to the most memory one run may use, in GiB (such "
        "as 8), or to 0 for no limit, or unset it for the default (75% of this "
        "machine's memory), and start graphviz_app again.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The environment variable GRAPHVIZ_APP_RUN_MODE is {value}, not "
        "'portable' or 'fork'. Set it to 'portable' (a fresh Python for each run, "
        "on any system) or to 'fork' (Linux), or unset it to let graphviz_app "
        "choose, and start graphviz_app again.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The environment variable GRAPHVIZ_APP_RUN_MODE is {value}, but this "
        "system cannot fork. Set it to 'portable', or unset it to let "
        "graphviz_app choose, and start graphviz_app again.",
    ),
    # -- the interpreter a script runs under (capture/interpreter.py, capture/client.py) ---------------
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The Python interpreter {python} ({why}) does not exist. Pick another "
        "interpreter with --python PATH or in Edit ▸ Preferences ▸ Python "
        "interpreter.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{python} ({why}) is a folder with no bin/python in it, not a Python "
        "interpreter. Pick another interpreter with --python PATH or in Edit ▸ "
        "Preferences ▸ Python interpreter.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{python} ({why}) is not executable. Make it executable (chmod +x), or "
        "pick another interpreter with --python PATH or in Edit ▸ Preferences ▸ "
        "Python interpreter.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{python} ({why}) is not a Python interpreter: it could not be started "
        "({error}). Pick another interpreter with --python PATH or in Edit ▸ "
        "Preferences ▸ Python interpreter.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{python} ({why}) is not a Python interpreter: it did not run Python code "
        "(its output is below). Pick another interpreter with --python PATH or in "
        "Edit ▸ Preferences ▸ Python interpreter.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{python} ({why}) is Python {version}; graphviz_app needs Python 3.10 or "
        "newer. Make the project's environment with a newer Python, or pick "
        "another interpreter with --python PATH or in Edit ▸ Preferences ▸ "
        "Python interpreter.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{python} ({why}) has no torch. Install torch there (`{python} -m pip "
        "install torch`), or pick another interpreter with --python PATH or in "
        "Edit ▸ Preferences ▸ Python interpreter.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{python} ({why}) cannot import torch ({error}). Repair torch there "
        "(`{python} -m pip install --force-reinstall torch`), or pick another "
        "interpreter with --python PATH or in Edit ▸ Preferences ▸ Python "
        "interpreter.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The capture worker ({python}, {why}) stopped before it was ready. This "
        "is a problem of graphviz_app or of that Python, not of the script: "
        "reload to start it again, or report it with the output below.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The capture worker ({python}, {why}) stopped unexpectedly. This is a "
        "problem of graphviz_app or of that Python, not of the script: reload to "
        "start it again, or report it with the output below.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The working folder {folder} does not exist, so the script cannot run "
        "there. Create it, or choose another in Edit ▸ Preferences ▸ Working "
        "folder.",
    ),
    QT_TRANSLATE_NOOP("Explanation", "The capture worker did not start (importing torch timed out)."),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "graphviz_app could not start the script: {why}. This is a problem of "
        "graphviz_app or of this machine (a full or read-only temporary "
        "folder), not of the script: free some space in the temporary folder "
        "and reload, or report it with the output below.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The script left a process running (started with fork or subprocess "
        "and not waited for); they were ended with the run.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The script left {count} processes running (started with fork or "
        "subprocess and not waited for); they were ended with the run.",
    ),
    # -- the script's own error, diagnosed (capture/diagnose.py) --------------------------------
    QT_TRANSLATE_NOOP(
        "Explanation", "The script has a syntax error on line {line}: {message}. Fix that line and reload."
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        " Line {line} looks like printed output (it starts with {start}), not code: "
        "delete it, or make it a comment with #.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        " The lines of the block that line {line} opens must be indented further "
        "than line {line} (4 spaces); code copied from a web page often loses its "
        "indentation.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        " Line {line} holds two statements whose line break was lost: put `{code}` on a line of its own.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The script needs the module {module}{where}, but {package} is not "
        "installed for the Python that runs it ({python}). Install it into that "
        "Python, then reload: {command}",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Line {line} uses {name} before line {later} assigns it: a script runs "
        "from top to bottom (and notebook cells in the order they are run). Move "
        "the assignment on line {later} above line {line}, or run that cell "
        "first.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Line {line} uses {name}, which the script never imports or assigns. Add "
        "`{statement}` at the top of the script.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Line {line} uses {name}, which the script never assigns. Did you mean "
        "{match}? Correct the name on line {line}.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Line {line} uses {name}, which the script never assigns or imports. "
        "Assign it (or import it) before line {line}, or correct the name.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{cls}.__init__ (line {start}) does not call super().__init__() first, so "
        "torch.nn.Module's own set-up has not run when line {line} needs it. Call "
        "super().__init__() as the first line of {cls}.__init__, before it "
        "assigns any layer (`self.name = ...`).",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Line {line} uses {module}.{name}, which the module {module} does not "
        "have. Did you mean {module}.{match}? Correct the name on line {line}.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Line {line} uses .{name} of a {type} object, which has no such "
        "attribute. Did you mean .{match}? Correct the name on line {line}.",
    ),
    QT_TRANSLATE_NOOP("Explanation", "The script raised {exception} on line {line}: {detail}"),
    QT_TRANSLATE_NOOP("Explanation", "The script raised {exception}: {detail}"),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "backward() ran a second time through a graph whose saved tensors the "
        "first backward() freed. Pass retain_graph=True to the first "
        "backward() if you really need two, or recompute the forward pass "
        "before each backward().",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "A tensor that backward needs was changed in place (e.g. `x += 1`, "
        "`x.relu_()`, `x[0] = 0`) after autograd saved it. Use the "
        "out-of-place form (`x = x + 1`, `x.relu()`) or change a clone() "
        "instead.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "An operation combined tensors on different devices{devices}. Move them "
        "to one device first with .to(device) (for example x.to(w.device)). "
        "The meta device holds no data, so nothing can be copied back from "
        "it.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        'This machine has no CUDA GPU{where}. Use `torch.device("cuda" if '
        "torch.cuda.is_available() else \"cpu\")`, or 'meta' to see device "
        "moves without a GPU.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Only floating point (and complex) tensors can require gradients, and "
        "this one holds integers. Create it as float: torch.tensor([1., 2.], "
        "requires_grad=True), or call .float() before .requires_grad_().",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "backward() was called on a tensor that autograd recorded no graph for: "
        "nothing it was computed from requires grad, or it was computed under "
        "torch.no_grad(). Give its inputs requires_grad=True (or use an "
        "nn.Module's parameters) and compute it with grad enabled.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "view() can only reshape a tensor whose elements lie in memory in the "
        "order of its shape (contiguous), and this one does not{where}: a "
        "transpose (.t(), .transpose()) or a slice changed its strides. Use "
        ".reshape(...), which copies when it must, or call .contiguous() before "
        ".view(...).",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "numpy() cannot take a tensor that requires grad{where}: the array would "
        "leave the graph without saying so. Cut it out of the graph first: "
        "x.detach().numpy() (from a GPU: x.detach().cpu().numpy()).",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "numpy() can only read a tensor on the cpu, and this one is on another "
        "device{where}. Copy it to the cpu first: x.detach().cpu().numpy() (or "
        ".to('cpu')).",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "graphviz_app failed while {doing} ({error}). This is a bug in "
        "graphviz_app, not in the script; please report it with the "
        "traceback below.",
    ),
    # -- what the script left behind (capture/script.py, capture/outputs.py) --------------------
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The script called sys.exit({status}) before it finished. Remove the "
        "sys.exit() call (or make it exit with 0) to see its graph.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The script called backward() {count} time(s); there is no call number "
        "{call} to show. Pick a call from 1 to {last}.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The script built no autograd graph: its operations on line {line} ran "
        "under torch.no_grad() (or with grad disabled), so autograd recorded "
        "nothing. Compute the output outside the torch.no_grad() block to see "
        "its graph.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The script built no autograd graph that it kept: tensors (or module "
        "parameters) require grad, but no result computed from them is still "
        "alive when the script ends (results dropped inside functions, or "
        "detached, are gone). Assign the output to a top-level variable (for "
        "example `loss = ...`), or return it from the function that computes "
        "it.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The script built no autograd graph: none of its tensors requires grad. "
        "Create inputs or weights with requires_grad=True (torch.tensor(..., "
        "requires_grad=True)), or define a `model` (nn.Module) and `inputs` so "
        "its parameters are used.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The script built no autograd graph that it kept: line {line} cuts {name} "
        "out of the graph with .detach() (`{code}`), and after the cut only "
        "detached tensors (and numpy arrays made from them) are left, which carry "
        "no graph. That is what .detach() is for. To see the graph up to the cut, "
        "keep the result of an operation in a variable of its own before "
        "detaching it: y = w * 3, then y_np = y.detach().cpu().numpy().",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The script has no tensor named {name} with an autograd graph. Outputs to choose from: {choices}.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "build() must return a dict with 'model' (an nn.Module) and 'inputs' (a "
        "tuple), optionally 'target' and 'loss_fn'; or a tuple (model, "
        "inputs[, target, loss_fn]).",
    ),
    QT_TRANSLATE_NOOP("Explanation", "graphviz_app could not write this graph: {error}"),
    QT_TRANSLATE_NOOP("Explanation", "graphviz_app could not capture this script: {error}"),
    # -- remarks on a graph that was captured (capture/script.py, capture/backward.py) -----------
    QT_TRANSLATE_NOOP("Explanation", "The script called sys.exit(0); its graph is shown as it stood then."),
    QT_TRANSLATE_NOOP("Explanation", " In-place changes of tensors that require grad: {changes}."),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{where} reads .grad of an intermediate (non-leaf) tensor, which is "
        "None: autograd keeps .grad only for leaf tensors. Call .retain_grad() "
        "on that tensor before backward() to keep its gradient.",
    ),
    QT_TRANSLATE_NOOP("Explanation", "Showing the graph of the script's {function} call number {call}."),
    QT_TRANSLATE_NOOP("Explanation", "backward() failed at {op}: "),
    QT_TRANSLATE_NOOP("Explanation", "backward() failed: "),
    QT_TRANSLATE_NOOP(
        "Explanation",
        " The graph is shown as it stood, with the gradients the engine computed before it stopped.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Stopped after {function} call {call} on line {line}; the rest of the script did not run.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation", "Stopped after {function} call {call}; the rest of the script did not run."
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The script kept no variable holding its output; the graph shown ends at "
        "the last result it computed (bind it to a variable, e.g. `loss = ...`, "
        "to choose another).",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Backward stopped: {error}. The meta device holds no data, so no "
        "gradient can flow back through a copy to it. Gradients are shown for "
        "the nodes the engine reached before that.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Backward stopped: {error}. Gradients are shown for the nodes the engine reached before that.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "graphviz_app failed to record part of this graph ({error}): a bug in "
        "graphviz_app, not in the script, which ran unchanged. Some values or "
        "gradients may be missing; please report it with the traceback in the "
        "graph's 'internal_errors'.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "An output of shape {shape} is not a scalar: backward was seeded with "
        "ones, as torch.autograd.backward(out, torch.ones_like(out)) would.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Coloring by gradient needs gradients, but this graph has none (backward "
        "did not run), so every node is drawn gray. Run the script with "
        "backward to see gradient norms.",
    ),
    # -- the script's matplotlib figures (capture/figures.py) -------------------------------------
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{where} picks matplotlib's {name} backend, which opens windows that no "
        "one can close here: graphviz_app draws the figures without windows "
        "instead and keeps them with the graph (the Plots panel).",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "The script made {count} figures; the first {kept} are kept (close "
        "figures you no longer need, or save fewer).",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Figures too big to keep, even drawn smaller, were left out: {names}. "
        "Make them smaller (figsize, dpi) or save them to a file.",
    ),
    QT_TRANSLATE_NOOP("Explanation", "matplotlib could not draw some figures: {errors}."),
    # -- files: what opening one does, or why it is refused (core/model/file_kind.py, capture/client.py,
    #    capture/script.py, core/model/saved_graph.py, core/model/graph.py) ----------------------------------
    QT_TRANSLATE_NOOP("Explanation", "No such file: {path}. Check the path and try again."),
    QT_TRANSLATE_NOOP("Explanation", "No such file: {path}. Check the path."),
    QT_TRANSLATE_NOOP("Explanation", "No such file: {path}."),
    QT_TRANSLATE_NOOP("Explanation", "Cannot read {path}: {reason}."),
    QT_TRANSLATE_NOOP("Explanation", "{path}: cannot be read ({reason})."),
    QT_TRANSLATE_NOOP("Explanation", "{path} is a folder, not a Python script. Open a .py file."),
    QT_TRANSLATE_NOOP(
        "Explanation", "{path} is a folder: choose a .py script or a .json graph saved by graphviz_app."
    ),
    QT_TRANSLATE_NOOP("Explanation", "{path} is a folder, not {what}."),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{path} is not a regular file (a device or a pipe), not a Python script. Open a .py file.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{path} is {special}, not a regular file: it was not read or run. Choose "
        "a .py script or a .json graph saved by graphviz_app.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation", "{path} is {special}, not {what}: it was not read. Choose a regular file."
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{path} holds {size} MiB, too much for a Python script (at most {limit} "
        "MiB). Open the script, not a data file.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{path} holds {size} bytes, more than the {limit} bytes of a script "
        "graphviz_app runs: it was not run.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{path} holds {size} bytes, more than the {limit} bytes graphviz_app "
        "reads as {what}: it was not read.",
    ),
    QT_TRANSLATE_NOOP("Explanation", "{path} grew past {limit} bytes while being read: it was not read."),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{name} is not a Python script (it is not text). Open a .py file, or a "
        ".json graph saved by graphviz_app.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{name} is not a Python script (line {line}: {message}). Open a .py "
        "file, or a .json graph saved by graphviz_app.",
    ),
    QT_TRANSLATE_NOOP("Explanation", "{name} is a saved graph: it is read, no code runs."),
    QT_TRANSLATE_NOOP("Explanation", "{name} is a Python script: it runs in a separate worker process."),
    QT_TRANSLATE_NOOP(
        "Explanation", "{name} runs as a Python script, as you asked, although its name does not end in .py."
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{path}: graphviz_app reads graphs it saved as .json; a {suffix} file is "
        "Graphviz text, not a script; it was not run. Open the .py script the "
        "graph came from, or its .json export.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{path}: {shown} is not a Python script or a saved graph; it was not "
        "run. graphviz_app runs .py scripts and reads .json graphs it saved. "
        "To run it as Python anyway, rename it to .py (or pass "
        "--run-as-python to the command line).",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "{path}: {headline}: {field} must be {expected}{seen}. The file is "
        "damaged or was not written by graphviz_app; nothing was run. Export "
        "the graph again from its script, or open the script itself.",
    ),
    QT_TRANSLATE_NOOP("Explanation", "This is not a graphviz_app graph: it has no 'nodes' list."),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "This graph file has schema version {version}; this graphviz_app reads "
        "versions up to {latest}. Re-export it with this version, or upgrade "
        "graphviz_app.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "This graphviz_app graph is malformed ({error}): every node needs an "
        "'id' and every edge a 'source' and a 'target'. Re-export it with "
        "graphviz_app.",
    ),
    # -- export (core/export.py, qt/shell/export_dialog.py) -------------------------------------
    QT_TRANSLATE_NOOP("Explanation", "Unknown color mode {mode}; use one of {modes}."),
    QT_TRANSLATE_NOOP("Explanation", "The image scale must be a positive number, not {scale}."),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Cannot export to {path}: {shown} is not a supported file type. Use one of: {suffixes}.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation", "Cannot export to {path}: it is a folder. Give a file name, e.g. {example}."
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Cannot export to {path}: it is the graph's own input file ({kept}), "
        "which the export would overwrite. Choose another output name.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Cannot export to {path}: the folder {folder} does not exist. Create it "
        "first or choose another folder.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation", "Cannot export to {path}: {folder} is a file, not a folder. Choose another folder."
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Cannot export to {path}: it exists and is not a regular file (a FIFO, "
        "device or socket), so it is not replaced. Choose another output "
        "name.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Cannot export to {path}: the file exists and is read-only, so it is "
        "not replaced. Make it writable, or choose another name.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Cannot write {path}: the folder {folder} is not writable ({reason}). "
        "Choose a folder you can write to, or fix its permissions.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Cannot write {path}: {reason}. Check the disk space and the folder's "
        "permissions, or choose another file.",
    ),
    QT_TRANSLATE_NOOP("Explanation", "Cannot export to {path}: {reason}."),
    QT_TRANSLATE_NOOP("Explanation", "Cannot export {path}: {error}"),
    QT_TRANSLATE_NOOP("Explanation", "Graphviz wrote an empty {format} file."),
    QT_TRANSLATE_NOOP("Explanation", "Graphviz wrote an incomplete PDF file (it was stopped or failed)."),
    QT_TRANSLATE_NOOP(
        "Explanation", "Graphviz wrote an SVG file that is not well-formed XML ({error}); it was not saved."
    ),
    QT_TRANSLATE_NOOP("Explanation", "Graphviz wrote a file that is not an SVG document; it was not saved."),
    QT_TRANSLATE_NOOP("Explanation", "Graphviz did not write a valid PNG file ({name})."),
    QT_TRANSLATE_NOOP("Explanation", "Choose a file name to export to."),
    QT_TRANSLATE_NOOP("Explanation", "{name} is not an export format: end the name with {suffixes}."),
    QT_TRANSLATE_NOOP("Explanation", "You cannot write to {folder} (permission denied)."),
    QT_TRANSLATE_NOOP("Explanation", "Nothing to export: no graph is open."),
    # -- layout (core/graphviz/layout.py, core/graphviz/compose.py) -----------------------------------------------
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Graphviz's 'dot' program was not found on PATH. Install Graphviz: "
        "'sudo apt-get install graphviz' (Debian/Ubuntu), 'brew install "
        "graphviz' (macOS).",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Graphviz's dot stopped before placing every node (it was interrupted); "
        "nothing was drawn. Try again.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Graphviz's dot stopped before positioning the nodes (it was "
        "interrupted); nothing was drawn. Try again.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Graphviz's dot stopped before routing every edge (it was interrupted); "
        "nothing was drawn. Try again.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Graphviz's dot stopped before laying out every part of the graph (it "
        "was interrupted); nothing was drawn. Try again.",
    ),
    QT_TRANSLATE_NOOP(
        "Explanation", "Graphviz's dot failed (exit status {status}): dot crashed ({signal}). {stderr}"
    ),
    QT_TRANSLATE_NOOP("Explanation", "Graphviz's dot failed (exit status {status}): {stderr}"),
    QT_TRANSLATE_NOOP("Explanation", "Could not start Graphviz's dot ({program}): {error}"),
    QT_TRANSLATE_NOOP(
        "Explanation",
        "Graphviz took longer than {seconds} s to lay out this graph and was "
        "stopped. Collapse some modules, keep hub splitting on, or raise the "
        "time limit.",
    ),
    QT_TRANSLATE_NOOP("Explanation", "Could not read Graphviz's layout output: {error}"),
    QT_TRANSLATE_NOOP("Explanation", "The composed layout lost the edge {source} -> {target}."),
    QT_TRANSLATE_NOOP("Explanation", "The composed layout has no place for the node {node}."),
    QT_TRANSLATE_NOOP("Explanation", "Internal error: {error}"),
)
"""Every sentence core writes in an explanation, in the order they are tried (a specific form
before a general one: "raised X on line N: ..." before "raised X: ...")."""

FRAGMENTS: tuple[str, ...] = (
    # {where} of "no CUDA GPU{where}"
    QT_TRANSLATE_NOOP("Explanation", " (line {line}: {code})"),
    QT_TRANSLATE_NOOP("Explanation", " (line {line})"),
    # {where} of a .grad read, {changes} of in-place changes ("line 4: `h += 1`; line 6: ...")
    QT_TRANSLATE_NOOP("Explanation", "Line {line}"),
    QT_TRANSLATE_NOOP("Explanation", "The script"),
    QT_TRANSLATE_NOOP("Explanation", "line {line}: `{code}`"),
    # {doing} when graphviz_app itself failed
    QT_TRANSLATE_NOOP("Explanation", "walking the graph"),
    QT_TRANSLATE_NOOP("Explanation", "recording the backward pass"),
    # {why} the script could not start
    QT_TRANSLATE_NOOP("Explanation", "its set-up failed (the output below shows where)"),
    # {why} an interpreter was chosen (capture/interpreter.py, qt/settings.py)
    QT_TRANSLATE_NOOP("Explanation", "found {name} beside the script"),
    QT_TRANSLATE_NOOP("Explanation", "found {name} in {folder}"),
    QT_TRANSLATE_NOOP("Explanation", "the app's own Python"),
    QT_TRANSLATE_NOOP("Explanation", "chosen by the caller"),
    QT_TRANSLATE_NOOP("Explanation", "chosen in Preferences for this script"),
    QT_TRANSLATE_NOOP("Explanation", "the default in Preferences"),
    # {headline} of a saved graph's error
    QT_TRANSLATE_NOOP("Explanation", "cannot open this saved graph"),
    QT_TRANSLATE_NOOP("Explanation", "not a readable JSON graph"),
    QT_TRANSLATE_NOOP("Explanation", "not a graphviz_app graph"),
    QT_TRANSLATE_NOOP("Explanation", ", found {found}"),
    # {what} a file was expected to be, {special} what it is instead
    QT_TRANSLATE_NOOP("Explanation", "a script"),
    QT_TRANSLATE_NOOP("Explanation", "a saved graph"),
    QT_TRANSLATE_NOOP("Explanation", "a FIFO (named pipe)"),
    QT_TRANSLATE_NOOP("Explanation", "a device"),
    QT_TRANSLATE_NOOP("Explanation", "a socket"),
    QT_TRANSLATE_NOOP("Explanation", "not a regular file"),
    # {shown} of a refused file
    QT_TRANSLATE_NOOP("Explanation", "a '{suffix}' file"),
    QT_TRANSLATE_NOOP("Explanation", "a file without a suffix"),
    # {choices} when there is none, {detail} of dot without a message
    QT_TRANSLATE_NOOP("Explanation", "none"),
    QT_TRANSLATE_NOOP("Explanation", "no message"),
)
"""Words core puts into a sentence's value (each matched as the whole value)."""

NESTED = frozenset(
    {"where", "headline", "seen", "what", "special", "shown", "choices", "stderr", "why", "doing"}
)
"""The values that are core's words themselves, explained in turn by :data:`FRAGMENTS`."""

_VALUE = {
    "line": r"\d+",
    "exception": r"[\w.]+",
    "count": r"\d+",
    "call": r"\d+",
    "last": r"\d+",
    "expected": ".*?",
    "seen": "(?:, found .*)?",
    "op": r"\w+",
    "module": r"[\w.]+",
    "changes": r"line \d+: `.*?`(?:; line \d+: `.*?`)*|[^.]*",
}
"""Values of a known form; any other is any text on the line (as much as the sentence allows)."""


def _regex(template: str, *, whole: bool) -> re.Pattern[str]:
    parts: list[str] = []
    seen: set[str] = set()
    for literal, name in re.findall(r"([^{]*)(?:\{(\w+)\})?", template):
        parts.append(re.escape(literal))
        if name and name in seen:
            parts.append(f"(?P={name})")
        elif name:
            seen.add(name)
            parts.append(f"(?P<{name}>{_VALUE.get(name, '.*')})")
    body = "".join(parts)
    return re.compile(f"^{body}$" if whole else body)


@cache
def _patterns(templates: tuple[str, ...], whole: bool) -> list[tuple[str, re.Pattern[str]]]:
    return [(template, _regex(template, whole=whole)) for template in templates]


def _replace(text: str, templates: tuple[str, ...], *, whole: bool) -> str:
    for template, pattern in _patterns(templates, whole):
        target = translate(CONTEXT, template)
        if target == template:  # English, or not translated yet
            continue

        def fill(match: re.Match[str], target: str = target) -> str:
            values = {
                name: fragment(value) if name in NESTED else value
                for name, value in match.groupdict().items()
            }
            if values.get("changes"):  # "line 4: `h += 1`; line 6: `...`"
                values["changes"] = "; ".join(fragment(part) for part in values["changes"].split("; "))
            if values.get("devices"):  # " (cpu and meta)": a list, written the language's way
                values["devices"] = values["devices"].replace(" and ", ", ").lstrip()
            try:
                return particles.resolve(target.format(**values))
            except (KeyError, IndexError, ValueError):  # a translation naming a value wrongly
                return match.group(0)

        text = pattern.sub(fill, text)
    return text


def fragment(value: str) -> str:
    """Return a value core filled into a sentence (``" (line 3)"``), translated when it is one
    of core's own words; anything else as it is."""
    return _replace(value, FRAGMENTS, whole=True) if value else value


def explain(message: str) -> str:
    """Return ``message`` with every sentence core writes in the window's language; names,
    paths, numbers, code and torch's own words are kept as written."""
    return _replace(message, TEMPLATES, whole=False)


def templates() -> Iterable[str]:
    """Every English template, sentences then fragments (for tests and translators)."""
    return (*TEMPLATES, *FRAGMENTS)
