"""The chain rule at one backward step: the local rule of the node the engine runs, with numbers.

For the node being run, :func:`chain_rule` says how the gradient arriving at its output
(``grad_out``) becomes the gradient sent to each input, first as a rule
(``grad_w = grad_out · 3·w²``) and then with the recorded numbers
(``[[0.25, 0.25], [0.25, 0.25]] · [[3, 12], [27, 12]] = [[0.75, 3], [6.75, 3]]``).  The numbers
come from the trace only: the node's gradient, its inputs' values and the gradients recorded on
its input edges; nothing is recomputed by torch.  Ops without a rule here get a plain
"torch computes this one for you"; a custom ``torch.autograd.Function`` is credited to its own
backward (the node's ``custom_backward``: ``MyReLU.backward``, line 18), and a node where backward
failed says so, with the line of its op and the explanation recorded for the failure.

Where a rule multiplies grad_out element by element by a local derivative (pow, mul, div, mean,
sum, add/sub/neg, exp, log, sigmoid, tanh), each input's rule also carries that derivative as
written (``3·w²``) and its numbers, so :mod:`.exercise` can say which factor a wrong answer left out.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import networkx as nx

from ...message_reader import read_message
from ...wire.message import QT_TRANSLATE_NOOP, Message, Template
from ..model.values import VALUE_LIMIT, element_count, format_number, format_values, small_values

__all__ = ["ChainRule", "InputRule", "backward_failure", "chain_rule", "failure", "op_family"]

SUPERSCRIPTS = str.maketrans("0123456789-.", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻·")
UNARY_NAMES = ("x",)
BINARY_NAMES = ("a", "b")

# The rules' words, shown in the window's language; formulas, names and numbers are values and
# read the same in every language.
OPAQUE_RULE = QT_TRANSLATE_NOOP(
    "ChainRule", "torch computes this one for you (its derivative is built into torch)"
)
OPAQUE = OPAQUE_RULE.source
APPLIED = QT_TRANSLATE_NOOP("ChainRule", "{d} applied to grad_out")
SCRIPT_BACKWARD = QT_TRANSLATE_NOOP(
    "ChainRule", "{name}, the script's own backward (line {line}), computes this step"
)
FILE_BACKWARD = QT_TRANSLATE_NOOP(
    "ChainRule", "{name}, the backward written in {file} (line {line}), computes this step"
)
OWN_BACKWARD = QT_TRANSLATE_NOOP(
    "ChainRule", "{name}, the custom Function's own backward, computes this step"
)
FAILED_AT = QT_TRANSLATE_NOOP(
    "ChainRule",
    "backward failed here, at the op made on line {line} ({code}), "
    "so no gradient went on to its inputs: {message}",
)
FAILED = QT_TRANSLATE_NOOP(
    "ChainRule", "backward failed here, so no gradient went on to its inputs: {message}"
)
ADDS = QT_TRANSLATE_NOOP("ChainRule", "AccumulateGrad adds the {count} gradients arriving into {name}.grad")
STORES = QT_TRANSLATE_NOOP("ChainRule", "AccumulateGrad stores the arriving gradient in")
SUMMED_TO_SHAPE = QT_TRANSLATE_NOOP("ChainRule", "{grad} summed to {name}'s shape = {sent}")
POWER = QT_TRANSLATE_NOOP("ChainRule", "the power rule: d(xⁿ)/dx = n·xⁿ⁻¹")
PRODUCT = QT_TRANSLATE_NOOP("ChainRule", "the product rule: each input gets grad_out times the other input")
ONLY_VALUE = QT_TRANSLATE_NOOP("ChainRule", " (the other needs no gradient, so only its value was used)")
OTHER_INPUT = QT_TRANSLATE_NOOP("ChainRule", "(the other input)")
QUOTIENT = QT_TRANSLATE_NOOP("ChainRule", "the quotient rule: d(a/b) = da/b − a·db/b²")
SHARE = QT_TRANSLATE_NOOP("ChainRule", "each element gets grad_out / n")
SPREAD = QT_TRANSLATE_NOOP("ChainRule", ", spread to every element")
EACH_GETS = QT_TRANSLATE_NOOP("ChainRule", "each element gets grad_out")
COPIED = QT_TRANSLATE_NOOP("ChainRule", "{grad} copied to every element")
MATMUL = QT_TRANSLATE_NOOP("ChainRule", "matrix product C = A·B")
ROWS = QT_TRANSLATE_NOOP("ChainRule", " summed over the rows")
WHERE_POSITIVE = QT_TRANSLATE_NOOP("ChainRule", "grad_out where {x} > 0, else 0")
WHERE_UNCLAMPED = QT_TRANSLATE_NOOP("ChainRule", "grad_out where {x} was not clamped, else 0")
ADDITION = QT_TRANSLATE_NOOP("ChainRule", "addition passes grad_out to each input unchanged")
SUBTRACTION = QT_TRANSLATE_NOOP("ChainRule", "subtraction passes grad_out to a and −grad_out to b")
NEGATION = QT_TRANSLATE_NOOP("ChainRule", "negation: the input gets −grad_out")
EXP = QT_TRANSLATE_NOOP("ChainRule", "d(eˣ)/dx = eˣ, the result itself")
RELU = QT_TRANSLATE_NOOP("ChainRule", "ReLU lets grad_out through where the input was positive, else 0")
CLAMP = QT_TRANSLATE_NOOP(
    "ChainRule", "clamp lets grad_out through where the input was inside the bounds, else 0"
)
TRANSPOSE = QT_TRANSLATE_NOOP("ChainRule", "transpose: the gradient is transposed back")
TRANSPOSED = QT_TRANSLATE_NOOP("ChainRule", "grad_out transposed (grad_outᵀ)")
PERMUTE = QT_TRANSLATE_NOOP("ChainRule", "permute: the gradient's axes are put back")
PERMUTED = QT_TRANSLATE_NOOP("ChainRule", "grad_out with its axes put back")
VIEW = QT_TRANSLATE_NOOP("ChainRule", "view: the same numbers, reshaped back")
RESHAPE = QT_TRANSLATE_NOOP("ChainRule", "reshape: the same numbers, reshaped back")
RESHAPED = QT_TRANSLATE_NOOP("ChainRule", "grad_out reshaped to the input's shape")
EXPAND = QT_TRANSLATE_NOOP("ChainRule", "expand: the copies' gradients are summed back")
EXPANDED = QT_TRANSLATE_NOOP("ChainRule", "grad_out summed over the expanded dims")
TO_COPY = QT_TRANSLATE_NOOP("ChainRule", "to()/copy: the gradient goes back to the input's device and dtype")
COPY = QT_TRANSLATE_NOOP("ChainRule", "copy: the gradient goes back to the source unchanged")


Nested = Any
"""A number or nested lists of numbers: a tensor's recorded values."""


@dataclass(frozen=True)
class InputRule:
    """How one input's gradient is made."""

    name: str
    """The input's symbol: its variable name, else ``a``/``b``/``x``."""
    rule: Message
    """``grad_w = grad_out · 3·w²``."""
    numbers: Message | None
    """``[[0.25, …]] · [[3, 12], …] = [[0.75, 3], …]``: the rule with the recorded values, or
    None when they were not recorded (big tensors, a saved graph without values)."""
    node: str | None = None
    """The input's graph node (its edge to the step's node holds the gradient sent)."""
    derivative: str | None = None
    """The local derivative that multiplies grad_out element by element, as written (``3·w²``,
    ``1/4``, ``b``); None where the rule is not such a product (matmul, a reshape)."""
    factor: Nested | None = None
    """:attr:`derivative`'s recorded numbers (``[[3, 12], [27, 12]]``; a number when the same
    for every element), or None when they are not known."""

    def message(self) -> Message:
        """``rule = numbers``, shown in the window's language."""
        return Message.joined(self.rule, " = ", self.numbers) if self.numbers else self.rule


@dataclass(frozen=True)
class ChainRule:
    """The local rule of one node and what it sent to each input."""

    op: str
    summary: Message
    """One plain sentence: ``each element gets grad_out / n = 1/4 = 0.25``."""
    inputs: tuple[InputRule, ...] = ()
    failure: Message | None = None
    """Where backward failed at this node (:func:`failure`), else None."""

    def message(self) -> Message:
        """Everything on one line (the Timeline's caption), shown in the window's language."""
        parts = [self.summary, *(i.message() for i in self.inputs)]
        if self.failure is not None:
            parts.append(self.failure)
        return Message.joined(*(p for p in parts if p.english()), sep="; ")


def op_family(op: str) -> str:
    """Return the op's family: ``"PowBackward0"`` -> ``"pow"``, ``"ToCopyBackward0"`` -> ``"tocopy"``."""
    return re.sub(r"backwards?\d*$", "", op.lower())


# -- numbers ---------------------------------------------------------------------------------------


def _short(summary: dict[str, Any] | None) -> str | None:
    """A summary's values (``[[0.75, 3], [6.75, 3]]``) or, for a big tensor, ``‖·‖=8.01``."""
    if not summary:
        return None
    values = small_values(summary)
    if values is not None:
        return values
    norm = summary.get("norm")
    shape = "×".join(str(s) for s in summary.get("shape") or []) or "scalar"
    return f"({shape}, ‖·‖={format_number(norm)})" if norm is not None else f"({shape})"


def _values(summary: dict[str, Any] | None) -> Nested | None:
    if not summary:
        return None
    count = element_count(summary)
    if summary.get("values") is None or count is None or count > VALUE_LIMIT:
        return None
    return summary["values"]


def _map(f: Callable[[float], float], x: Nested) -> Nested:
    return [_map(f, v) for v in x] if isinstance(x, list) else f(float(x))


def _safe(f: Callable[[float], float], x: Nested) -> Nested | None:
    try:
        return _map(f, x)
    except (ValueError, ZeroDivisionError, OverflowError):
        return None


def _saved_number(attrs: dict[str, Any], key: str) -> float | None:
    for item in attrs.get("saved") or []:
        name, sep, value = str(item).partition("=")
        if sep and name.strip() == key:
            try:
                return float(value)
            except ValueError:
                return None
    return None


def _power(n: float, name: str) -> str:
    """``3·w²``, ``2·w``, ``0.5·w^-0.5``: the derivative of ``name**n``."""
    k = n - 1
    coef = format_number(n)
    if k == 0:
        return coef
    if k == 1:
        return f"{coef}·{name}"
    if float(k).is_integer():
        return f"{coef}·{name}{format_number(k).translate(SUPERSCRIPTS)}"
    return f"{coef}·{name}^{format_number(k)}"


# -- the trace around a node -----------------------------------------------------------------------
@dataclass(frozen=True)
class _Input:
    node: str
    name: str
    attrs: dict[str, Any]
    sent: dict[str, Any] | None
    """The gradient the node sent to this input (the edge's ``grad``)."""
    slot: int
    """The input's place among the node's inputs (its edge's first slot)."""


def _inputs(graph: nx.DiGraph, node: str, symbols: tuple[str, ...]) -> list[_Input]:
    out = []
    for p in graph.predecessors(node):
        edge, attrs = graph.edges[p, node], graph.nodes[p]
        slot = min(edge.get("slots") or [0])
        fallback = symbols[slot] if slot < len(symbols) else f"input{slot}"
        out.append(_Input(p, attrs.get("name") or fallback, attrs, edge.get("grad"), slot))
    return sorted(out, key=lambda i: i.slot)


def _times(g: str | None, factor: str | None, result: str | None) -> Message | None:
    """``G · F = R`` when the factor's numbers are known, else just the result ``R``."""
    if result is None:
        return None
    return Message.verbatim(f"{g} · {factor} = {result}" if g is not None and factor else result)


def _formula(text: str) -> Message:
    """A formula or numbers: the same in every language."""
    return Message.verbatim(text)


def _numbers(text: str | None) -> Message | None:
    return None if text is None else Message.verbatim(text)


def _grad(name: str, words: Message) -> Message:
    """``grad_x = <words>``."""
    return Message.joined(f"grad_{name} = ", words)


# -- the rules ---------------------------------------------------------------------------------------
def chain_rule(graph: nx.DiGraph, node: str) -> ChainRule:
    """Return the local rule of ``node`` with the numbers recorded for it."""
    attrs = graph.nodes[node]
    op = str(attrs.get("op") or "")
    family = op_family(op)
    g = _short(attrs.get("grad"))
    out_name = attrs.get("name")
    custom = attrs.get("custom_backward")
    maker = _RULES.get(family)
    if attrs.get("kind") == "leaf" or family == "accumulategrad":
        rule = _accumulate(graph, node, attrs, g)
    elif isinstance(custom, dict) and custom.get("name"):
        rule = _custom(graph, node, op, g, custom)
    elif maker is None:
        ins = _inputs(graph, node, BINARY_NAMES)
        rule = ChainRule(
            op,
            Message.of(OPAQUE_RULE),
            tuple(
                InputRule(
                    i.name,
                    _grad(i.name, Message.of(APPLIED, d=f"∂{out_name or 'out'}/∂{i.name}")),
                    _numbers(_short(i.sent)),
                    i.node,
                )
                for i in ins
            ),
        )
    else:
        rule = maker(graph, node, attrs, op, g)
    failed = failure(graph, node)
    return rule if failed is None else ChainRule(rule.op, rule.summary, (), failed)


@dataclass(frozen=True)
class BackwardFailure:
    """Where the captured backward failed: the node the engine was running, and the script line
    to show for it (``file`` and ``line`` None when no line is known)."""

    node: str
    file: str | None
    line: int | None


def backward_failure(graph: nx.DiGraph) -> BackwardFailure | None:
    """Where backward failed (``graph.graph["backward_error"]``), or None when it did not fail at
    a node of ``graph``. The line is the one a custom Function's backward raised on when the
    script defines it, else the line that made the op."""
    error = graph.graph.get("backward_error") or {}
    node = error.get("node")
    if not isinstance(node, str) or node not in graph:
        return None
    attrs = graph.nodes[node]
    custom = attrs.get("custom_backward") or {}
    line = error.get("line")
    if custom.get("file") and custom.get("file") == graph.graph.get("script") and isinstance(line, int):
        return BackwardFailure(node, custom["file"], line)
    source = attrs.get("source") or {}
    return BackwardFailure(node, source.get("file"), source.get("line"))


def failure(graph: nx.DiGraph, node: str) -> Message | None:
    """Where backward failed, when it failed at ``node``: the line of the node's op and the
    recorded explanation (``graph.graph["backward_error"]["message"]`` for this node, else the
    node's own ``backward_error``); None when it did not fail there."""
    attrs = graph.nodes[node]
    text = attrs.get("backward_error")
    if not text:
        return None
    error = graph.graph.get("backward_error") or {}
    recorded = error["message"] if error.get("node") == node and error.get("message") else text
    # The explanation as the run recorded it: a message (words and values), or, from older
    # files, its English.
    message = read_message(recorded) if isinstance(recorded, dict) else Message.verbatim(str(recorded))
    source = attrs.get("source") or {}
    code = str(source.get("code") or "").split("  #")[0].strip()
    if source.get("line") and code:
        return Message.of(FAILED_AT, line=source["line"], code=code, message=message)
    return Message.of(FAILED, message=message)


def _custom(graph: nx.DiGraph, node: str, op: str, g: str | None, custom: dict[str, Any]) -> ChainRule:
    """A custom ``torch.autograd.Function``: its own backward made each input's gradient from
    grad_out; the recorded numbers are what went in and what came out."""
    name = str(custom["name"])
    file, line = custom.get("file"), custom.get("line")
    if line and file and file == graph.graph.get("script"):
        summary = Message.of(SCRIPT_BACKWARD, name=name, line=line)
    elif line and file:
        where = str(file).replace("\\", "/").rsplit("/", 1)[-1]
        summary = Message.of(FILE_BACKWARD, name=name, file=where, line=line)
    else:
        summary = Message.of(OWN_BACKWARD, name=name)
    ins = _inputs(graph, node, UNARY_NAMES if graph.in_degree(node) == 1 else BINARY_NAMES)
    rules = []
    for i in ins:
        index = f"[{i.slot}]" if len(ins) > 1 or i.slot else ""  # backward returns one per input
        sent = _short(i.sent)
        numbers = f"{name}(ctx, {g}){index} = {sent}" if g is not None and sent is not None else sent
        rules.append(
            InputRule(
                i.name,
                _formula(f"grad_{i.name} = {name}(ctx, grad_out){index}"),
                _numbers(numbers),
                i.node,
            )
        )
    return ChainRule(op, summary, tuple(rules))


def _accumulate(graph: nx.DiGraph, node: str, attrs: dict[str, Any], g: str | None) -> ChainRule:
    name = attrs.get("name") or "leaf"
    arriving = [graph.edges[node, c].get("grad") for c in graph.successors(node)]
    if len(arriving) > 1:
        parts = " + ".join(_short(a) or "?" for a in arriving)
        summary = Message.joined(
            Message.of(ADDS, count=len(arriving), name=name),
            f": {name}.grad = {parts}" + (f" = {g}" if g else ""),
        )
    else:
        summary = Message.joined(Message.of(STORES), f" {name}.grad", f": {name}.grad = {g}" if g else "")
    return ChainRule(str(attrs.get("op")), summary)


Rule = Callable[[nx.DiGraph, str, dict[str, Any], str, str | None], ChainRule]


def _passthrough(
    verb: Template, sign: Callable[[int], str] | None = None, symbols: tuple[str, ...] = BINARY_NAMES
) -> Rule:
    """Add, sub, neg, to/copy: each input gets grad_out (sub: minus for the second); an input
    that was broadcast gets it summed back to its own shape."""

    def make(graph: nx.DiGraph, node: str, attrs: dict[str, Any], op: str, g: str | None) -> ChainRule:
        ins = _inputs(graph, node, symbols)
        rules = []
        for i in ins:
            minus = sign(i.slot) if sign else ""
            sent = _short(i.sent)
            numbers = _numbers(sent)
            if g is not None and sent is not None and not minus and sent != g:
                numbers = Message.of(SUMMED_TO_SHAPE, grad=g, name=i.name, sent=sent)
            rules.append(
                InputRule(
                    i.name,
                    _formula(f"grad_{i.name} = {minus}grad_out"),
                    numbers,
                    i.node,
                    "−1" if minus else "1",
                    -1.0 if minus else 1.0,
                )
            )
        return ChainRule(op, Message.of(verb), tuple(rules))

    return make


def _pow(graph: nx.DiGraph, node: str, attrs: dict[str, Any], op: str, g: str | None) -> ChainRule:
    n = _saved_number(attrs, "exponent")
    ins = _inputs(graph, node, UNARY_NAMES)
    rules = []
    for i in ins[:1]:
        if n is None:
            rules.append(
                InputRule(
                    i.name,
                    _formula(f"grad_{i.name} = grad_out · n·{i.name}ⁿ⁻¹"),
                    _numbers(_short(i.sent)),
                    i.node,
                )
            )
            continue
        x = _values(i.attrs.get("value"))
        factor = _safe(lambda v: n * v ** (n - 1), x) if x is not None else None
        numbers = _times(g, format_values(factor) if factor is not None else None, _short(i.sent))
        derivative = _power(n, i.name)
        rules.append(
            InputRule(
                i.name,
                _formula(f"grad_{i.name} = grad_out · {derivative}"),
                numbers,
                i.node,
                derivative,
                factor,
            )
        )
    return ChainRule(op, Message.of(POWER), tuple(rules))


def _mul(graph: nx.DiGraph, node: str, attrs: dict[str, Any], op: str, g: str | None) -> ChainRule:
    ins = _inputs(graph, node, BINARY_NAMES)
    names = {i.slot: i for i in ins}
    rules = []
    for slot, i in sorted(names.items()):
        other = names.get(1 - slot)
        other_name: Message | str = other.name if other else Message.of(OTHER_INPUT)
        other_values = _short(other.attrs.get("value")) if other else None
        numbers = _times(g, other_values, _short(i.sent))
        rules.append(
            InputRule(
                i.name,
                _grad(i.name, Message.joined("grad_out · ", other_name)),
                numbers,
                i.node,
                other.name if other else None,
                _values(other.attrs.get("value")) if other else None,
            )
        )
    summary = Message.of(PRODUCT)
    if len(ins) == 1:
        summary = Message.joined(summary, Message.of(ONLY_VALUE))
    return ChainRule(op, summary, tuple(rules))


def _div(graph: nx.DiGraph, node: str, attrs: dict[str, Any], op: str, g: str | None) -> ChainRule:
    ins = _inputs(graph, node, BINARY_NAMES)
    rules = []
    for i in ins:
        rule = f"grad_{i.name} = grad_out / b" if i.slot == 0 else f"grad_{i.name} = −grad_out · a / b²"
        b = _values(ins[1].attrs.get("value")) if i.slot == 0 and len(ins) > 1 else None
        factor = _safe(lambda v: 1 / v, b) if b is not None else None
        rules.append(
            InputRule(
                i.name,
                _formula(rule),
                _times(g, None, _short(i.sent)),
                i.node,
                "1/b" if factor is not None else None,
                factor,
            )
        )
    return ChainRule(op, Message.of(QUOTIENT), tuple(rules))


def _elementwise(
    summary: Template | str,
    rule: Callable[[str, str], Message | str],
    factor: Callable[[Nested | None, Nested | None], Nested | None],
    derivative: Callable[[str, str], str] | None = None,
) -> Rule:
    """exp, log, sigmoid, tanh, relu: grad_x = grad_out · f'(x), f' from the input's value ``x``
    or the node's result ``y``."""

    def make(graph: nx.DiGraph, node: str, attrs: dict[str, Any], op: str, g: str | None) -> ChainRule:
        ins = _inputs(graph, node, UNARY_NAMES)
        y = _values(attrs.get("value"))
        rules = []
        for i in ins[:1]:
            f = factor(_values(i.attrs.get("value")), y)
            numbers = _times(g, format_values(f) if f is not None else None, _short(i.sent))
            out = attrs.get("name") or "y"
            made = rule(i.name, out)
            rules.append(
                InputRule(
                    i.name,
                    made if isinstance(made, Message) else _formula(made),
                    numbers,
                    i.node,
                    derivative(i.name, out) if derivative and f is not None else None,
                    f if derivative else None,
                )
            )
        words = Message.of(summary) if isinstance(summary, Template) else _formula(summary)
        return ChainRule(op, words, tuple(rules))

    return make


def _mean(graph: nx.DiGraph, node: str, attrs: dict[str, Any], op: str, g: str | None) -> ChainRule:
    ins = _inputs(graph, node, UNARY_NAMES)
    n = _saved_number(attrs, "self_sym_numel")
    if n is None and ins:
        n = float(element_count(ins[0].attrs.get("value")) or 0) or None
    grad = _values(attrs.get("grad"))
    if n and isinstance(grad, (int, float)):
        share = f"1/{format_number(n)}" if grad == 1 else f"{format_number(grad)}/{format_number(n)}"
        summary = Message.joined(Message.of(SHARE), f" = {share} = {format_number(grad / n)}")
    elif n:
        summary = Message.joined(Message.of(SHARE), f" (n = {format_number(n)})")
    else:
        summary = Message.of(SHARE)
    rules = tuple(
        InputRule(
            i.name,
            Message.joined(f"grad_{i.name} = grad_out / n", Message.of(SPREAD)),
            _numbers(_short(i.sent)),
            i.node,
            f"1/{format_number(n)}" if n else None,
            1 / n if n else None,
        )
        for i in ins[:1]
    )
    return ChainRule(op, summary, rules)


def _sum(graph: nx.DiGraph, node: str, attrs: dict[str, Any], op: str, g: str | None) -> ChainRule:
    ins = _inputs(graph, node, UNARY_NAMES)
    rules = tuple(
        InputRule(
            i.name,
            _grad(i.name, Message.of(COPIED, grad="grad_out")),
            _numbers(_short(i.sent)),
            i.node,
            "1",
            1.0,
        )
        for i in ins[:1]
    )
    return ChainRule(op, Message.joined(Message.of(EACH_GETS), f" = {g}" if g else ""), rules)


def _matmul(graph: nx.DiGraph, node: str, attrs: dict[str, Any], op: str, g: str | None) -> ChainRule:
    family = op_family(op)
    symbols = ("bias", "A", "B") if family == "addmm" else ("A", "B")
    ins = _inputs(graph, node, symbols)
    rules = []
    for i in ins:
        symbol = symbols[i.slot] if i.slot < len(symbols) else i.name
        rule = {
            "bias": _grad(i.name, Message.joined("grad_out", Message.of(ROWS))),
            "A": _formula(f"grad_{i.name} = grad_out · Bᵀ"),
            "B": _formula(f"grad_{i.name} = Aᵀ · grad_out"),
        }.get(symbol, _formula(f"grad_{i.name} = grad_out · …"))
        rules.append(InputRule(i.name, rule, _numbers(_short(i.sent)), i.node))
    summary = Message.joined(Message.of(MATMUL), ": grad_A = grad_out · Bᵀ, grad_B = Aᵀ · grad_out")
    return ChainRule(op, summary, tuple(rules))


def _reshape(summary: Template, how: Template) -> Rule:
    def make(graph: nx.DiGraph, node: str, attrs: dict[str, Any], op: str, g: str | None) -> ChainRule:
        ins = _inputs(graph, node, UNARY_NAMES)
        return ChainRule(
            op,
            Message.of(summary),
            tuple(
                InputRule(i.name, _grad(i.name, Message.of(how)), _numbers(_short(i.sent)), i.node)
                for i in ins[:1]
            ),
        )

    return make


_RULES: dict[str, Rule] = {
    "add": _passthrough(ADDITION),
    "sub": _passthrough(SUBTRACTION, sign=lambda k: "−" if k else ""),
    "neg": _passthrough(NEGATION, sign=lambda k: "−", symbols=UNARY_NAMES),
    "mul": _mul,
    "div": _div,
    "pow": _pow,
    "exp": _elementwise(
        EXP,
        lambda x, y: f"grad_{x} = grad_out · exp({x})",
        lambda x, y: y if y is not None else (_safe(math.exp, x) if x is not None else None),
        lambda x, y: f"exp({x})",
    ),
    "log": _elementwise(
        "d(log x)/dx = 1/x",
        lambda x, y: f"grad_{x} = grad_out / {x}",
        lambda x, y: _safe(lambda v: 1 / v, x) if x is not None else None,
        lambda x, y: f"1/{x}",
    ),
    "sigmoid": _elementwise(
        "d(σ(x))/dx = σ(x)·(1 − σ(x))",
        lambda x, y: f"grad_{x} = grad_out · {y}·(1 − {y})",
        lambda x, y: _safe(lambda s: s * (1 - s), y) if y is not None else None,
        lambda x, y: f"{y}·(1 − {y})",
    ),
    "tanh": _elementwise(
        "d(tanh x)/dx = 1 − tanh²(x)",
        lambda x, y: f"grad_{x} = grad_out · (1 − {y}²)",
        lambda x, y: _safe(lambda t: 1 - t * t, y) if y is not None else None,
        lambda x, y: f"1 − {y}²",
    ),
    "relu": _elementwise(
        RELU,
        lambda x, y: _grad(x, Message.of(WHERE_POSITIVE, x=x)),
        lambda x, y: _safe(lambda v: 1.0 if v > 0 else 0.0, y) if y is not None else None,
    ),
    "clamp": _elementwise(CLAMP, lambda x, y: _grad(x, Message.of(WHERE_UNCLAMPED, x=x)), lambda x, y: None),
    "threshold": _elementwise(
        RELU, lambda x, y: _grad(x, Message.of(WHERE_POSITIVE, x=x)), lambda x, y: None
    ),
    "sum": _sum,
    "mean": _mean,
    "mm": _matmul,
    "addmm": _matmul,
    "bmm": _matmul,
    "matmul": _matmul,
    "t": _reshape(TRANSPOSE, TRANSPOSED),
    "transpose": _reshape(TRANSPOSE, TRANSPOSED),
    "permute": _reshape(PERMUTE, PERMUTED),
    "view": _reshape(VIEW, RESHAPED),
    "reshapealias": _reshape(RESHAPE, RESHAPED),
    "unsafeview": _reshape(RESHAPE, RESHAPED),
    "expand": _reshape(EXPAND, EXPANDED),
    "tocopy": _passthrough(TO_COPY, symbols=UNARY_NAMES),
    "copy": _passthrough(COPY, symbols=UNARY_NAMES),
    "copys": _passthrough(COPY, symbols=UNARY_NAMES),
}
