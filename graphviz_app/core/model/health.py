"""Gradient health over a training loop: each module's gradient norm over the script's first N
``backward()`` calls (graph attribute ``health``, run option ``health``), its trend, and the
findings a practitioner looks for: vanishing and exploding gradients.

A *step* is one of the script's backward() calls (numbered as the captured call is: 1 is the
first). A module's norm at a step is the norm of all its own parameters' gradients together
(``sqrt`` of the sum of their squared norms); a parameter outside any module (a tensor
``w = torch.randn(..., requires_grad=True)``) is its own row, named by its variable.

The thresholds (orders of magnitude, chosen so that 20 steps of an ordinary, well-set-up training
loop stay clear of them: its gradient norms move within one or two orders as the loss falls):

- **NaN or Inf** in any gradient element at a step: exploding, at the first such step.
- **Exploding**: the norm grows to :data:`EXPLODING_ORDERS` orders of magnitude above its first
  step's, at the first step that does.
- **Vanishing**, whichever comes first: the norm falls :data:`VANISHING_ORDERS` orders below its
  first step's; or it lies :data:`BELOW_ORDERS` orders below the model's largest module at a
  step (the first layers of a deep sigmoid network, with the last layers' gradients still
  healthy); or it is below :data:`FLOOR`, too small to move float32 weights of ordinary size at
  ordinary learning rates (float32 keeps 7 significant digits).

A loss that reaches its minimum makes every module's gradient fall together, and the falling
rule flags that too; the findings say what usually causes a vanishing gradient, not that it is
the cause. No torch, no Qt: the window, the CLI and the exports read it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

if TYPE_CHECKING:  # (not loaded here: the CLI starts its worker before it imports networkx)
    import networkx as nx

from ...wire.message import QT_TRANSLATE_NOOP, Message, Value
from .derived import derived
from .values import format_number

Trend: TypeAlias = Literal["vanishing", "steady", "exploding", "nan"]
TRENDS: tuple[Trend, ...] = ("vanishing", "steady", "exploding", "nan")

EXPLODING_ORDERS = 3.0
"""A norm this many orders of magnitude above its first step's is exploding."""
VANISHING_ORDERS = 3.0
"""A norm this many orders of magnitude below its first step's is vanishing."""
BELOW_ORDERS = 4.0
"""A norm this many orders of magnitude below the largest module's at the same step is vanishing."""
FLOOR = 1e-8
"""A norm below this is vanishing whatever the other modules do."""

FELL = QT_TRANSLATE_NOOP(
    "Health",
    "{module}: the gradient norm fell from {first} at step {first_step} to {norm} at step {step}, "
    "{orders} orders of magnitude: the gradient is vanishing. {cause}",
)
BELOW = QT_TRANSLATE_NOOP(
    "Health",
    "{module}: at step {step} the gradient norm is {norm}, {orders} orders of magnitude below "
    "{largest} ({top}): the gradient is vanishing. {cause}",
)
UNDER_FLOOR = QT_TRANSLATE_NOOP(
    "Health",
    "{module}: at step {step} the gradient norm is {norm}, below {floor}: too small to change "
    "float32 weights. {cause}",
)
VANISHING_CAUSE = QT_TRANSLATE_NOOP(
    "Health",
    "This usually comes from saturating sigmoid or tanh activations, or a network too deep "
    "without normalisation (BatchNorm, LayerNorm) or residual connections.",
)
GREW = QT_TRANSLATE_NOOP(
    "Health",
    "{module}: the gradient norm grew from {first} at step {first_step} to {norm} at step {step}, "
    "{orders} orders of magnitude: the gradient is exploding. {cause}",
)
NOT_FINITE = QT_TRANSLATE_NOOP(
    "Health",
    "{module}: at step {step} the gradient holds {nan} NaN and {inf} Inf values: the gradient "
    "exploded. {cause}",
)
EXPLODING_CAUSE = QT_TRANSLATE_NOOP(
    "Health",
    "This usually comes from a learning rate too high (for inputs that are not normalised "
    "above all), or no gradient clipping (torch.nn.utils.clip_grad_norm_).",
)
ROOT = "model"
"""The row of the root module's own parameters: the script's ``model`` (the only module whose
parameters are named without a prefix, as ``named_parameters`` gives them)."""
TREND_WORDS: dict[Trend, Message] = {
    "vanishing": Message.of(QT_TRANSLATE_NOOP("Health", "vanishing")),
    "steady": Message.of(QT_TRANSLATE_NOOP("Health", "steady")),
    "exploding": Message.of(QT_TRANSLATE_NOOP("Health", "exploding")),
    "nan": Message.of(QT_TRANSLATE_NOOP("Health", "NaN/Inf")),
}


@dataclass(frozen=True)
class Finding:
    """A module whose gradient vanishes or explodes: from which step, and why in words."""

    module: str
    trend: Trend
    step: int
    """The backward() call (1 is the first) where it was first seen."""
    message: Message


@dataclass(frozen=True)
class Course:
    """One module's gradient over the steps."""

    module: str
    """Its dotted path, or the variable name of a parameter outside any module."""
    parameters: tuple[str, ...]
    """Its parameters' names (``"0.weight"``), as the graph's leaf nodes are named."""
    norms: tuple[float | None, ...]
    """Per step: the norm of its parameters' gradients together; None where none had a gradient
    or one held NaN or Inf."""
    nan: tuple[int, ...]
    """Per step: how many gradient elements are NaN."""
    inf: tuple[int, ...]
    """Per step: how many gradient elements are Inf."""
    trend: Trend
    """The worst seen: NaN/Inf at any step, else its first finding's, else steady."""
    findings: tuple[Finding, ...]
    """Its first sign of a vanishing or exploding gradient, and the first NaN/Inf step when
    that came later."""

    @property
    def first(self) -> float | None:
        """The first step's norm that is known."""
        return next((n for n in self.norms if n is not None), None)

    @property
    def last(self) -> float | None:
        """The last step's norm that is known."""
        return next((n for n in reversed(self.norms) if n is not None), None)


@dataclass(frozen=True)
class Health:
    """What one run recorded of its gradients over its first backward() calls."""

    steps: tuple[int, ...]
    """The backward call number of each step."""
    requested: int
    """How many steps the run asked for (more than ``len(steps)`` when the script made fewer)."""
    courses: tuple[Course, ...]
    """One per module, in the model's parameter order."""

    @property
    def findings(self) -> list[Finding]:
        return [finding for course in self.courses for finding in course.findings]


def has_health(graph: nx.DiGraph) -> bool:
    """True when the graph carries gradient health with at least one module."""
    found = derived(graph, health)
    return found is not None and bool(found.courses)


def health(graph: nx.DiGraph) -> Health | None:
    """The graph's gradient health, analysed (None: it recorded none); computed once per graph
    through :func:`derived`, shared: never change it."""
    return derived(graph, _health)


def _health(graph: nx.DiGraph) -> Health | None:
    data = graph.graph.get("health")
    if not isinstance(data, dict):
        return None
    steps = tuple(int(call) for call in data.get("calls") or ())
    groups: dict[str, list[dict[str, Any]]] = {}
    for parameter in data.get("parameters") or ():
        module = parameter.get("module")
        key = (module or ROOT) if module is not None else str(parameter.get("name"))
        groups.setdefault(key, []).append(parameter)
    raw = [(module, _course_numbers(members, len(steps))) for module, members in groups.items()]
    largest: list[float | None] = [
        max((n for _, (norms, _, _) in raw if (n := norms[k]) is not None), default=None)
        for k in range(len(steps))
    ]
    top = [
        next((m for m, (norms, _, _) in raw if norms[k] is not None and norms[k] == largest[k]), None)
        for k in range(len(steps))
    ]
    courses = []
    for module, (norms, nan, inf) in raw:
        found = _findings(module, steps, norms, (nan, inf), largest, top)
        trend = "nan" if any(nan) or any(inf) else found[0].trend if found else "steady"
        courses.append(
            Course(
                module,
                tuple(str(p.get("name")) for p in groups[module]),
                tuple(norms),
                tuple(nan),
                tuple(inf),
                trend,
                found,
            )
        )
    return Health(steps, int(data.get("requested") or len(steps)), tuple(courses))


def _course_numbers(
    members: Sequence[dict[str, Any]], count: int
) -> tuple[list[float | None], list[int], list[int]]:
    """A module's norm, NaN and Inf counts per step, from its parameters' (see :class:`Course`)."""
    norms: list[float | None] = []
    nans: list[int] = []
    infs: list[int] = []
    for k in range(count):
        squares, seen = 0.0, False
        nan = sum(int(_at(member.get("nan"), k) or 0) for member in members)
        inf = sum(int(_at(member.get("inf"), k) or 0) for member in members)
        for member in members:
            norm = _at(member.get("norm"), k)
            if isinstance(norm, (int, float)) and math.isfinite(norm):
                squares += float(norm) ** 2
                seen = True
        nans.append(nan)
        infs.append(inf)
        norms.append(math.sqrt(squares) if seen and not (nan or inf) else None)
    return norms, nans, infs


def _at(values: Any, k: int) -> Any:
    return values[k] if isinstance(values, list) and k < len(values) else None


def _orders(ratio: float) -> str:
    return format_number(abs(math.log10(ratio)), 2)


def _findings(
    module: str,
    steps: Sequence[int],
    norms: Sequence[float | None],
    bad: tuple[Sequence[int], Sequence[int]],
    largest: Sequence[float | None],
    top: Sequence[str | None],
) -> tuple[Finding, ...]:
    """A module's first sign of a vanishing or exploding gradient, and its first NaN/Inf step
    when that came after it."""
    first = _finding(module, steps, norms, bad, largest, top)
    if first is None or first.trend == "nan":
        return () if first is None else (first,)
    later = [k for k in range(len(steps)) if steps[k] > first.step]
    broken = next((k for k in later if bad[0][k] or bad[1][k]), None)
    if broken is None:
        return (first,)
    return (first, _not_finite(module, steps[broken], bad[0][broken], bad[1][broken]))


def _finding(
    module: str,
    steps: Sequence[int],
    norms: Sequence[float | None],
    bad: tuple[Sequence[int], Sequence[int]],
    largest: Sequence[float | None],
    top: Sequence[str | None],
) -> Finding | None:
    """The first sign of a vanishing or exploding gradient in one module's course, or None."""
    first_k = next((k for k, n in enumerate(norms) if n is not None), None)
    first = norms[first_k] if first_k is not None else None
    for k, step in enumerate(steps):
        if bad[0][k] or bad[1][k]:
            return _not_finite(module, step, bad[0][k], bad[1][k])
        norm = norms[k]
        if norm is None:
            continue
        values: dict[str, Value] = {"module": module, "step": step, "norm": format_number(norm)}
        if first is not None and first_k is not None and first > 0:
            start: dict[str, Value] = {"first": format_number(first), "first_step": steps[first_k]}
            if norm >= first * 10**EXPLODING_ORDERS:
                words = Message.of(GREW, **values, **start, orders=_orders(norm / first), cause=_exploding())
                return Finding(module, "exploding", step, words)
            if norm <= first * 10**-VANISHING_ORDERS:
                orders = _orders(norm / first) if norm > 0 else "∞"
                words = Message.of(FELL, **values, **start, orders=orders, cause=_vanishing())
                return Finding(module, "vanishing", step, words)
        peak, leader = largest[k], top[k]
        if peak is not None and leader is not None and leader != module and norm <= peak * 10**-BELOW_ORDERS:
            orders = _orders(norm / peak) if norm > 0 else "∞"
            words = Message.of(
                BELOW, **values, orders=orders, largest=leader, top=format_number(peak), cause=_vanishing()
            )
            return Finding(module, "vanishing", step, words)
        if norm < FLOOR:
            words = Message.of(UNDER_FLOOR, **values, floor=format_number(FLOOR), cause=_vanishing())
            return Finding(module, "vanishing", step, words)
    return None


def _not_finite(module: str, step: int, nan: int, inf: int) -> Finding:
    words = Message.of(NOT_FINITE, module=module, step=step, nan=nan, inf=inf, cause=_exploding())
    return Finding(module, "nan", step, words)


def _vanishing() -> Message:
    return Message.of(VANISHING_CAUSE)


def _exploding() -> Message:
    return Message.of(EXPLODING_CAUSE)


def node_trends(graph: nx.DiGraph) -> dict[str, Trend]:
    """``{leaf node id: its module's trend}`` for the graph's parameters that gradient health
    followed (computed once per graph; shared: never change it)."""
    return derived(graph, _node_trends)


def _node_trends(graph: nx.DiGraph) -> dict[str, Trend]:
    found = health(graph)
    if found is None:
        return {}
    by_name = {name: course.trend for course in found.courses for name in course.parameters}
    return {
        node: by_name[name]
        for node, data in graph.nodes(data=True)
        if data.get("kind") == "leaf" and (name := data.get("name")) in by_name
    }


def course_of(graph: nx.DiGraph, module: str) -> Course | None:
    """The course of ``module`` in the graph's gradient health, or None."""
    found = health(graph)
    return next((c for c in found.courses if c.module == module), None) if found is not None else None


def module_nodes(graph: nx.DiGraph, course: Course) -> list[str]:
    """The leaf nodes of ``course``'s parameters, in its parameter order (what selecting the
    module in the graph selects first)."""
    names = {name: k for k, name in enumerate(course.parameters)}
    found = [
        (names[name], node)
        for node, data in graph.nodes(data=True)
        if data.get("kind") == "leaf" and (name := data.get("name")) in names
    ]
    return [node for _, node in sorted(found)]
