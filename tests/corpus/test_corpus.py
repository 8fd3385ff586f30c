"""Real scripts written by others, captured by the app and compared with torch's own graph walk.

For each script of ``scripts/`` (see README.md for their sources):
(a) it runs to its end as plain Python (``reference.py`` runs it, in a process of its own);
(b) the app captures it through the real worker (``Runner``, as the CLI and the window do);
(c) the app's graph equals the reference's walk of ``grad_fn.next_functions`` at the same
    ``backward()`` call: the same op multiset (with output shapes and dtypes), the same
    producer->consumer edge multiset (with the consumer's input slots), the same leaves under the
    same names, the same gradients (leaves' ``.grad``, the gradient arriving at every op and sent
    along every edge), the same order of the nodes the engine ran, and the same output values;
    and it printed what plain python printed, up to where the app stopped the script.

The reference runs all scripts one after the other in the background, beginning when the first
test asks for it, while the app captures them; each test waits only for its own script.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import math
import os
import re
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from graphviz_app.capture.client import Runner
from graphviz_app.core.model.graph import load_graph_json
from graphviz_app.wire.errors import ScriptError
from graphviz_app.wire.protocol import run_mode

HERE = Path(__file__).resolve().parent
SCRIPTS = HERE / "scripts"
REL = 1e-4
"""Relative tolerance of gradient norms and values (the app and the reference sum in different
orders, and the app's summaries are float32 where the reference is float64)."""
ABS = 1e-6
ADDRESS = re.compile(r"0x[0-9a-fA-F]+")
ELAPSED = re.compile(r"\(\d+m \d+s\)")
"""The time a script says it took, as the char-RNN tutorial's ``timeSince`` prints it: ``(0m 1s)``."""
TORCH_LOG = re.compile(r"^([IWEF])\d{4} \d\d:\d\d:\d\d\.\d+ +\d+ (\S+\]) (?:\[\d+/\d+\] )?", re.MULTILINE)
"""The time, pid and Dynamo frame number that start a line of torch's own log
(``W1126 05:45:37.547000 32575 .../cpp_extension.py:183] [0/0] No CUDA runtime ...``)."""


TORCH_VERSION = importlib.metadata.version("torch")


def _release(version: str) -> tuple[int, ...]:
    """``"2.4.1+cu121"`` -> ``(2, 4, 1)``."""
    return tuple(int(part) for part in re.findall(r"\d+", version.split("+")[0])[:3])


PORTABLE_NEW_JIT = run_mode() == "portable" and _release(TORCH_VERSION) >= (2, 14)
JIT_WARNING_TWICE = (
    "known difference of the reference: from torch 2.14 torch.jit warns that it is deprecated; a "
    "fresh interpreter (plain python, the portable run mode) shows the warning again after "
    "torch.jit.trace, a process forked from one that imported torch (the reference) only once"
)


@dataclass(frozen=True)
class Case:
    """One corpus script: which backward() call to compare, and what it needs."""

    script: str
    call: int = 1
    needs: str | None = None
    """A module the script imports that the test environment may lack (``transformers``)."""
    xfail: str | None = None
    argv: tuple[str, ...] = ()
    """Command-line arguments the script is given (the app's --/argv option, sys.argv[1:])."""
    run_to_end: bool = False
    """Ask the app to run the script to its end after the captured backward (its output is then all
    of plain python's)."""
    slow: bool = False
    torch: str | None = None
    """The oldest torch release the script runs on under plain python (``torch.accelerator``: 2.6,
    ``torch.amp.GradScaler``: 2.3); under an older one (``./dev.sh compat``) there is nothing to
    compare, and the case is skipped."""

    @property
    def key(self) -> str:
        args = "".join(c if c.isalnum() else "_" for c in "_".join(self.argv))
        return (
            f"{Path(self.script).stem}@{self.call}"
            + (f"+{args}" if args else "")
            + ("+end" if self.run_to_end else "")
        )


CASES = [
    Case("examples_mnist.py", torch="2.6"),
    Case(
        "examples_mnist.py",
        torch="2.6",
        argv=("--batch-size", "2", "--lr", "0.5", "--log-interval", "1"),
        run_to_end=True,
    ),
    Case("examples_mnist_rnn.py", torch="2.6"),  # torch warns from inside nn.Dropout2d: the same location
    Case("examples_regression.py"),
    Case("examples_vae.py", torch="2.6"),
    Case("examples_dcgan.py", torch="2.6"),
    Case("examples_dcgan.py", torch="2.6", call=3),
    Case("examples_word_language_model.py"),
    Case("examples_time_sequence_prediction.py", slow=True),
    Case("examples_actor_critic.py"),
    Case("examples_super_resolution.py"),  # init.orthogonal_: views made under no_grad
    Case("mingpt_char_gpt.py"),
    Case("pytorch_gan_wgan_gp.py"),
    Case("tutorials_polynomial_custom_function.py"),
    Case("tutorials_text_sentiment_ngrams.py"),  # a sparse gradient
    Case("tutorials_lstm_tagger.py"),
    Case("tutorials_chatbot_seq2seq.py"),  # a packed bidirectional GRU, attention one word at a time
    Case("tutorials_char_rnn_classification.py"),
    Case("tutorials_char_rnn_classification.py", call=2, run_to_end=True),
    Case("cs231n_barebones_convnet.py"),
    Case("tutorials_fgsm.py"),
    Case("tutorials_cifar10_classifier.py", needs="matplotlib"),  # plt.show() before the first backward()
    Case("tutorials_autograd_basics.py", run_to_end=True),
    Case("tutorials_autograd_basics.py", call=2),
    Case("tutorials_autograd_basics.py", call=3),
    Case("tutorials_autograd_basics.py", call=4, run_to_end=True),
    Case("examples_gcn.py", torch="2.6"),
    Case("torchvision_resnet18.py", slow=True),
    Case("nanogpt_train.py", torch="2.3"),
    Case("nanogpt_train.py", torch="2.3", call=2),
    Case("hf_course_bert_training_loop.py", needs="transformers", slow=True),  # Embedding(padding_idx=0)
    # Reentrant checkpointing calls backward() from inside the engine: those calls are not the script's.
    Case("hf_gpt2_gradient_checkpointing.py", needs="transformers", slow=True),
    Case("hf_gpt2_gradient_checkpointing.py", call=2, needs="transformers", slow=True),
    # Saved-tensor hooks run when torch runs them (printing hooks: as many lines as python prints).
    Case("tutorials_saved_tensor_hooks.py"),
    Case("tutorials_saved_tensor_hooks.py", call=7),  # save_on_cpu inside a module
    Case("tutorials_saved_tensor_hooks.py", call=9, run_to_end=True),
    Case("recipes_save_load_entire_model.py"),  # torch.save of a module the script defines
    Case(
        "tutorials_torchscript.py",
        run_to_end=True,  # the traced graph printed names the script's lines
        xfail=JIT_WARNING_TWICE if PORTABLE_NEW_JIT else None,
    ),
    Case("tutorials_torch_compile.py", call=3, slow=True),  # a compiled forward: CompiledFunctionBackward
]


def _param(case: Case) -> Any:
    marks = []
    if case.xfail:
        marks.append(pytest.mark.xfail(strict=True, reason=case.xfail))
    if case.slow:
        marks.append(pytest.mark.slow)
    return pytest.param(case, id=case.key, marks=marks)


class Reference:
    """The background process running ``reference.py`` over the selected cases, in test order."""

    def __init__(self, folder: Path, cases: list[Case]) -> None:
        self.folder = folder
        spec = [
            {"key": c.key, "script": str(SCRIPTS / c.script), "call": c.call, "argv": list(c.argv)}
            for c in cases
        ]
        (folder / "spec.json").write_text(json.dumps(spec), encoding="utf-8")
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / "reference.py"), str(folder), str(folder / "spec.json")],
            stdin=subprocess.DEVNULL,
        )

    def get(self, case: Case, timeout: float = 240.0) -> dict[str, Any]:
        """Return the reference record of ``case``, waiting for it."""
        path = self.folder / f"{case.key}.json"
        deadline = time.monotonic() + timeout
        while not path.exists():
            if self.process.poll() is not None and not path.exists():
                raise AssertionError(f"reference.py ended ({self.process.returncode}) without {path.name}")
            if time.monotonic() > deadline:
                raise AssertionError(f"the reference run of {case.script} took over {timeout:g} s")
            time.sleep(0.05)
        record = json.loads(path.read_text(encoding="utf-8"))
        record["output"] = (self.folder / f"{case.key}.out").read_text(encoding="utf-8", errors="replace")
        return record

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


@pytest.fixture(scope="module")
def reference(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Reference]:
    """The reference runs of the cases this session selected, in the order the tests run."""
    selected: dict[str, Case] = {}
    for item in request.session.items:
        case = item.callspec.params.get("case") if hasattr(item, "callspec") else None
        if isinstance(case, Case):
            selected.setdefault(case.key, case)
    instance = Reference(tmp_path_factory.mktemp("corpus-reference"), list(selected.values()))
    yield instance
    instance.close()


# -- comparing ------------------------------------------------------------------------------------
def close(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is b
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return math.isclose(a, b, rel_tol=REL, abs_tol=ABS)


def app_view(graph: nx.DiGraph) -> dict[str, Any]:
    """The app's graph in the reference's terms (ops, edges by op name, leaves, grads, roots)."""
    ops = Counter(d["op"] for _, d in graph.nodes(data=True))
    edges = Counter(
        (graph.nodes[p]["op"], graph.nodes[c]["op"], tuple(d["slots"])) for p, c, d in graph.edges(data=True)
    )
    grads: dict[str, list[float | None]] = defaultdict(list)
    for _, d in graph.nodes(data=True):
        if d["kind"] == "op":
            grads[d["op"]].append((d["grad"] or {}).get("norm"))
    leaves = [
        {"name": d["name"], "shape": d["shape"], "grad": (d["grad"] or {}).get("norm")}
        for _, d in graph.nodes(data=True)
        if d["kind"] == "leaf"
    ]
    edge_grads: dict[tuple[Any, ...], list[float | None]] = defaultdict(list)
    for p, c, d in graph.edges(data=True):
        key = (graph.nodes[p]["op"], graph.nodes[c]["op"], tuple(d["slots"]))
        edge_grads[key].append((d["grad"] or {}).get("norm"))
    roots = [_scalar(graph.nodes[n]["value"]) for n in graph.graph["roots"]]
    ran = sorted(
        (d["backward_index"], d["op"]) for _, d in graph.nodes(data=True) if d["backward_index"] is not None
    )
    outputs = Counter(
        (d["op"], tuple(d["shape"] or ()), d["dtype"]) for _, d in graph.nodes(data=True) if d["kind"] == "op"
    )
    return {
        "order": [op for _, op in ran],
        "outputs": outputs,
        "ops": ops,
        "edges": edges,
        "grads": grads,
        "edge_grads": edge_grads,
        "leaves": leaves,
        "roots": roots,
    }


def reference_view(record: dict[str, Any]) -> dict[str, Any]:
    ref = record["graph"]
    names = ref["ops"]
    leaf_nodes = {leaf["node"] for leaf in ref["leaves"]}
    grads: dict[str, list[float | None]] = defaultdict(list)
    for k, op in enumerate(names):
        if k not in leaf_nodes:
            grads[op].append(ref["grads"][k])
    edge_grads: dict[tuple[Any, ...], list[float | None]] = defaultdict(list)
    for (p, c, slots), grad in zip(ref["edges"], ref["edge_grads"]):
        edge_grads[(names[p], names[c], tuple(slots))].append(grad)
    leaf_or_none = {leaf["node"] for leaf in ref["leaves"]}
    outputs = Counter(
        (names[k], tuple(out[0]), out[1])
        for k, out in enumerate(ref["outputs"])
        if out is not None and k not in leaf_or_none
    )
    return {
        "order": [names[k] for k in ref["order"]],
        "outputs": outputs,
        "ops": Counter(names),
        "edges": Counter((names[p], names[c], tuple(slots)) for p, c, slots in ref["edges"]),
        "edge_grads": edge_grads,
        "grads": grads,
        "leaves": ref["leaves"],
        "roots": [root["value"] for root in ref["roots"]],
    }


def _scalar(summary: dict[str, Any] | None) -> float | None:
    if not summary or not isinstance(summary.get("values"), (int, float)):
        return None
    return float(summary["values"])


def same_norms(app: list[float | None], ref: list[float | None]) -> bool:
    """Whether two multisets of gradient norms are equal within tolerance."""
    if len(app) != len(ref):
        return False
    key = lambda v: (v is not None, v if v is not None else 0.0)  # noqa: E731
    return all(close(a, b) for a, b in zip(sorted(app, key=key), sorted(ref, key=key)))


def compare(graph: nx.DiGraph, record: dict[str, Any]) -> None:
    """Assert the app's graph and gradients equal the reference's."""
    app, ref = app_view(graph), reference_view(record)
    assert app["ops"] == ref["ops"], (
        f"op multisets differ: app-ref {app['ops'] - ref['ops']}, ref-app {ref['ops'] - app['ops']}"
    )
    assert app["edges"] == ref["edges"], (
        f"edge multisets differ: app-ref {app['edges'] - ref['edges']}, ref-app {ref['edges'] - app['edges']}"
    )
    # Leaves: the same count; each leaf the app names is the reference leaf with that name.
    assert len(app["leaves"]) == len(ref["leaves"])
    unmatched = list(ref["leaves"])
    for leaf in sorted(app["leaves"], key=lambda leaf: leaf["name"] is None):
        if leaf["name"] is None:
            continue
        matches = [r for r in unmatched if leaf["name"] in r["names"]]
        assert matches, f"the app names a leaf {leaf['name']!r} the script has no such name for"
        match = matches[0]
        unmatched.remove(match)
        assert leaf["shape"] == match["shape"], leaf["name"]
        assert close(leaf["grad"], match["grad"]), (
            f"{leaf['name']}.grad norm: app {leaf['grad']}, torch {match['grad']}"
        )
    named_by_script = [r["names"] for r in unmatched if r["names"]]
    assert not named_by_script, f"leaves the script names but the app does not: {named_by_script}"
    app_unnamed = sorted(
        (x["grad"] for x in app["leaves"] if x["name"] is None), key=lambda v: (v is None, v or 0)
    )
    assert same_norms(app_unnamed, [r["grad"] for r in unmatched]), "unnamed leaves' .grad norms differ"
    for op, norms in ref["grads"].items():
        assert same_norms(app["grads"][op], norms), (
            f"gradients arriving at {op}: app {sorted(map(str, app['grads'][op]))} torch {sorted(map(str, norms))}"
        )
    for key, norms in ref["edge_grads"].items():
        assert same_norms(app["edge_grads"][key], norms), (
            f"gradients sent along {key[1]} -> {key[0]} (slots {list(key[2])}): app "
            f"{sorted(map(str, app['edge_grads'][key]))} torch {sorted(map(str, norms))}"
        )
    assert app["order"] == ref["order"], "the engine's order of the nodes differs"
    missing = ref["outputs"] - app["outputs"]
    assert not missing, f"ops whose output shape or dtype differs from torch's (op, shape, dtype): {missing}"
    assert len(app["roots"]) == len(ref["roots"])
    for a, r in zip(sorted(app["roots"], key=str), sorted(ref["roots"], key=str)):
        assert close(a, r), f"output value: app {a}, torch {r}"


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_script_matches_torch(case: Case, corpus_runner: Runner, reference: Reference) -> None:
    if case.needs and importlib.util.find_spec(case.needs) is None:
        pytest.skip(f"{case.script} needs {case.needs}, which is not installed")
    if case.torch and _release(TORCH_VERSION) < _release(case.torch):
        pytest.skip(f"{case.script} needs torch {case.torch} or newer (this is {TORCH_VERSION})")
    app_error: ScriptError | None = None
    try:
        result = corpus_runner.run(
            SCRIPTS / case.script,
            backward_call=case.call,
            timeout=120,
            run_to_end=case.run_to_end,
            argv=case.argv,
        )
    except ScriptError as exc:
        app_error = exc
    record = reference.get(case)
    assert record["ok"], f"{case.script} fails under plain python:\n{record['error']}"
    assert record["graph"] is not None, f"{case.script} made fewer than {case.call} backward() calls"
    if app_error is not None:
        raise app_error
    graph = result.graph
    compare(graph, record)
    assert graph.graph["backward"]["by"] == "script"
    assert graph.graph["backward"]["call"] == case.call, "the script's backward() call is labelled wrongly"
    assert printed_the_same(result.output, record["output"], whole=case.run_to_end), (
        f"the app's output is not plain python's (up to where the app stopped):\n{result.output}"
    )


def printed_the_same(app: str, plain: str, whole: bool = False) -> bool:
    """Whether the app printed what plain python printed, up to where the app stopped the script
    (all of it when ``whole``). Object addresses (``<AddBackward0 object at 0x7f...>``), the time a
    script says it took, and the time, pid and Dynamo frame number of torch's own log lines differ
    from run to run and are left out."""

    def steady(text: str) -> list[str]:
        text = ELAPSED.sub("(<elapsed>)", ADDRESS.sub("0x?", text))
        return TORCH_LOG.sub(r"\1<time> <pid> \2 ", text).splitlines()

    app_lines, plain_lines = steady(app), steady(plain)
    if whole:
        return app_lines == plain_lines
    if len(app_lines) > len(plain_lines):
        return False
    if not app_lines:
        return True
    *whole, last = app_lines
    return whole == plain_lines[: len(whole)] and plain_lines[len(whole)].startswith(last)


@pytest.mark.parametrize("case", [_param(Case("examples_dcgan.py", torch="2.6", call=3))])
def test_cli_export_matches_torch(case: Case, reference: Reference, tmp_path: Path) -> None:
    """The headless path: ``graphviz-app export SCRIPT -o graph.json --backward-call N`` in a fresh
    process, the JSON read back with ``load_graph_json``. The script runs under the runner's
    interpreter (``--python``), never a ``.venv`` the CLI would find above the script: the one of
    this checkout holds another torch, and CI may still be making it."""
    if case.torch and _release(TORCH_VERSION) < _release(case.torch):
        pytest.skip(f"{case.script} needs torch {case.torch} or newer (this is {TORCH_VERSION})")
    out = tmp_path / "graph.json"
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "graphviz_app",
            "export",
            str(SCRIPTS / case.script),
            "-o",
            str(out),
            "--backward-call",
            str(case.call),
            "--python",
            os.environ.get("GRAPHVIZ_APP_TEST_PYTHON") or sys.executable,  # as the runner fixture
        ],
        capture_output=True,
        text=True,
        timeout=240,
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    record = reference.get(case)
    assert record["ok"], record["error"]
    graph = load_graph_json(out)
    compare(graph, record)
    assert graph.graph["backward"]["call"] == case.call
