"""Predict, then see: a backward step asks for the gradient its node sends to an input.

At a backward step whose rule is known (:mod:`.chain_rule`) and whose numbers were recorded, the
learner types the gradient they expect the node to send to its (first) input, before the step's
sentence shows it. :func:`parse_answer` reads what was typed without evaluating it: a number
(``0.25``, ``-1``, ``1/4``) or nested brackets of them (``[1, 2]``, ``[[0.75, 3], [6.75, 3]]``).
:meth:`Exercise.check` compares it with the recorded gradient (relative 1e-3, absolute 1e-6,
shapes must agree; a single number counts as right when every element of the gradient equals
it, as the lessons say "each element gets 1/4") and, when it is wrong, says which factor of the
chain rule differs: the step's gradient is grad_out times the local derivative, so an answer
equal to grad_out left the local factor out, one equal to the local derivative left grad_out
out, one of another shape is not shaped like the input; otherwise it shows grad_out, the local
factor and their product.

Leaf steps (AccumulateGrad) ask nothing: their badge shows ``.grad`` as the step opens, and the
gradient that reaches a leaf is asked at the op step that sends it.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Literal

import networkx as nx

from ...errors import AnswerError
from ...wire.message import QT_TRANSLATE_NOOP, Message, Template
from ..model.values import format_number, format_values
from .chain_rule import FILE_BACKWARD, OPAQUE_RULE, OWN_BACKWARD, SCRIPT_BACKWARD, Nested, chain_rule
from .stepping import describe

RELATIVE = 1e-3
ABSOLUTE = 1e-6
"""An answer's element is right when it is within ``max(ABSOLUTE, RELATIVE·|recorded|)``."""
MAX_ELEMENTS = 16
"""Steps whose gradient has more elements than this ask nothing (too many numbers to type)."""
MAX_CHARS = 2000
MAX_DEPTH = 6

Kind = Literal["right", "every", "shape", "passed_through", "factor_only", "sign", "product", "rule"]

# -- words -----------------------------------------------------------------------------------------
QUESTION = QT_TRANSLATE_NOOP(
    "Exercise",
    "Backward step {index}/{count}: {what} gets grad_out = {grad_out}. Its rule: {rule}. "
    "What gradient {gradient} does it send to {name}? Type it below and press Enter, or Skip.",
)
RIGHT = QT_TRANSLATE_NOOP("Exercise", "Right: {gradient} = {expected}.")
RIGHT_EVERY = QT_TRANSLATE_NOOP("Exercise", "Right: every element of {gradient} ({shape}) is {value}.")
WRONG_SHAPE = QT_TRANSLATE_NOOP(
    "Exercise",
    "Not quite: the gradient has the shape of {name}, {shape}, but your answer is {answer_shape}. "
    "{gradient} = {expected}.",
)
PASSED_THROUGH = QT_TRANSLATE_NOOP(
    "Exercise",
    "Not quite: you passed grad_out through. Multiply it by the local derivative "
    "∂{out}/∂{name} = {derivative} = {factor}: {gradient} = {grad_out} · {factor} = {expected}.",
)
FACTOR_ONLY = QT_TRANSLATE_NOOP(
    "Exercise",
    "Not quite: that is the local derivative ∂{out}/∂{name} = {derivative} alone. Multiply it by "
    "grad_out = {grad_out}: {gradient} = {grad_out} · {factor} = {expected}.",
)
SIGN = QT_TRANSLATE_NOOP("Exercise", "Not quite: the sign is flipped. {rule}, so {gradient} = {expected}.")
PRODUCT = QT_TRANSLATE_NOOP(
    "Exercise",
    "Not quite: {gradient} = grad_out · ∂{out}/∂{name} = {grad_out} · {factor} = {expected} "
    "(grad_out times the local derivative {derivative}, element by element).",
)
RULE = QT_TRANSLATE_NOOP(
    "Exercise", "Not quite: {rule}, with grad_out = {grad_out}, gives {gradient} = {expected}."
)
SCALAR = QT_TRANSLATE_NOOP("Exercise", "a single number")
VECTOR = QT_TRANSLATE_NOOP("Exercise", "a vector of {count} numbers")

EMPTY = QT_TRANSLATE_NOOP(
    "Exercise",
    "Type the gradient you expect first: a number (0.25, -1, 1/4) or numbers in brackets "
    "([1, 2] or [[0.75, 3], [6.75, 3]]).",
)
NOT_A_NUMBER = QT_TRANSLATE_NOOP(
    "Exercise",
    "“{text}” is not a number: write numbers such as 0.25, -1 or 1/4, and brackets with commas "
    "for a vector or a matrix ([1, 2] or [[1, 2], [3, 4]]).",
)
UNCLOSED = QT_TRANSLATE_NOOP("Exercise", "A “[” is not closed: end every row with “]”.")
AFTER_END = QT_TRANSLATE_NOOP(
    "Exercise",
    "“{text}” comes after the end of the answer: put several numbers inside brackets, such as [1, 2].",
)
RAGGED = QT_TRANSLATE_NOOP(
    "Exercise",
    "The rows differ in length ({lengths}): every row of a matrix needs the same number of entries.",
)
MIXED = QT_TRANSLATE_NOOP(
    "Exercise",
    "Numbers and rows are mixed in one list: write [1, 2] for a vector, [[1, 2], [3, 4]] for a matrix.",
)
NO_NUMBERS = QT_TRANSLATE_NOOP("Exercise", "“[]” holds no numbers: write the numbers inside the brackets.")
BY_ZERO = QT_TRANSLATE_NOOP("Exercise", "“{text}” divides by zero: use a divisor other than 0.")
NOT_FINITE = QT_TRANSLATE_NOOP("Exercise", "“{text}” is too large to compare: write a finite number.")
TOO_BIG = QT_TRANSLATE_NOOP(
    "Exercise",
    "The answer is too long: write at most {limit} numbers, brackets at most {depth} deep.",
)


# -- reading an answer -----------------------------------------------------------------------------
_TOKEN = re.compile(
    r"\s*(?:(?P<number>[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)|(?P<mark>[\[\],/])|(?P<other>[^\s\[\],/]+))"
)
_NAME = re.compile(r"^[A-Za-z_][\w.]*\s*=(?!=)\s*")
_TENSOR = re.compile(r"^tensor\s*\((.*)\)$", re.DOTALL)
_DASHES = str.maketrans({"−": "-", "–": "-", "‐": "-"})


def _clean(text: str) -> str:
    """``text`` as plain ASCII-ish input: full-width characters (a Korean keyboard's ``［１，２］``)
    folded, minus signs as ``-``, a ``grad_w =`` or ``tensor(...)`` around the numbers dropped."""
    text = unicodedata.normalize("NFKC", text).translate(_DASHES).strip()
    text = _NAME.sub("", text, count=1)
    wrapped = _TENSOR.match(text)
    return wrapped.group(1).strip() if wrapped else text


def _tokens(text: str) -> list[tuple[str, str, int]]:
    """``(kind, text, where)`` of each token: a number, a mark (``[ ] , /``) or other text."""
    out = []
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup or "other"
        out.append((kind, match.group(kind), match.start(kind)))
    return out


class _Reader:
    def __init__(self, tokens: list[tuple[str, str, int]]) -> None:
        self.tokens = tokens
        self.at = 0
        self.count = 0

    def peek(self) -> tuple[str, str] | None:
        """The next token's kind and text (None at the end)."""
        return self.tokens[self.at][:2] if self.at < len(self.tokens) else None

    def take(self) -> tuple[str, str]:
        token = self.tokens[self.at]
        self.at += 1
        return token[:2]

    def value(self, depth: int) -> Nested:
        token = self.peek()
        if token is None:
            raise AnswerError(Message.of(UNCLOSED))
        if token == ("mark", "["):
            return self.row(depth + 1)
        if token[0] == "number":
            return self.number()
        raise AnswerError(Message.of(NOT_A_NUMBER, text=token[1]))

    def number(self) -> float:
        _, text = self.take()
        value = float(text)
        shown = text
        if self.peek() == ("mark", "/"):
            self.take()
            below = self.peek()
            if below is None or below[0] != "number":
                raise AnswerError(Message.of(NOT_A_NUMBER, text=f"{text}/{below[1] if below else ''}"))
            self.take()
            shown = f"{text}/{below[1]}"
            divisor = float(below[1])
            if divisor == 0:
                raise AnswerError(Message.of(BY_ZERO, text=shown))
            value = value / divisor if math.isfinite(value) and math.isfinite(divisor) else math.inf
        self.count += 1
        if self.count > MAX_ELEMENTS * 4:
            raise AnswerError(Message.of(TOO_BIG, limit=MAX_ELEMENTS, depth=MAX_DEPTH))
        if not math.isfinite(value):
            raise AnswerError(Message.of(NOT_FINITE, text=shown))
        return value

    def row(self, depth: int) -> list[Nested]:
        if depth > MAX_DEPTH:
            raise AnswerError(Message.of(TOO_BIG, limit=MAX_ELEMENTS, depth=MAX_DEPTH))
        self.take()  # "["
        items: list[Nested] = []
        while True:
            token = self.peek()
            if token is None:
                raise AnswerError(Message.of(UNCLOSED))
            if token == ("mark", "]"):
                self.take()
                break
            if token == ("mark", ",") and items:
                self.take()
                continue
            items.append(self.value(depth))
        if not items:
            raise AnswerError(Message.of(NO_NUMBERS))
        shapes = [shape_of(item) for item in items]
        if len({len(s) for s in shapes}) > 1:
            raise AnswerError(Message.of(MIXED))
        if len(set(shapes)) > 1:
            lengths = ", ".join(str(s[0]) if s else "1" for s in shapes)
            raise AnswerError(Message.of(RAGGED, lengths=lengths))
        return items


def parse_answer(text: str) -> Nested:
    """Read a typed gradient: a float, or nested lists of floats of one rectangular shape.

    Nothing is evaluated: numbers (``0.25``, ``-1``, ``2e-3``), fractions of two numbers
    (``1/4``, read as floats), brackets and commas (or spaces) are all it reads. Raises :class:`AnswerError`
    saying what is wrong and how to write it."""
    if len(text) > MAX_CHARS:
        raise AnswerError(Message.of(TOO_BIG, limit=MAX_ELEMENTS, depth=MAX_DEPTH))
    cleaned = _clean(text)
    if not cleaned:
        raise AnswerError(Message.of(EMPTY))
    reader = _Reader(_tokens(cleaned))
    value = reader.value(0)
    rest = reader.peek()
    if rest is not None and rest[0] == "other":  # 2**3, 3*0.25: an expression, not a number
        raise AnswerError(Message.of(NOT_A_NUMBER, text=cleaned[:40]))
    if rest is not None:
        after = cleaned[reader.tokens[reader.at][2] :]
        raise AnswerError(Message.of(AFTER_END, text=after[:40]))
    return value


# -- comparing -------------------------------------------------------------------------------------
def shape_of(value: Nested) -> tuple[int, ...]:
    """``[[1, 2], [3, 4]]`` -> ``(2, 2)``; a number -> ``()`` (rows are assumed rectangular)."""
    shape: list[int] = []
    while isinstance(value, list):
        shape.append(len(value))
        value = value[0] if value else None
    return tuple(shape)


def shape_text(shape: tuple[int, ...]) -> Message:
    """``2×2``, "a vector of 2 numbers" or "a single number"."""
    if not shape:
        return Message.of(SCALAR)
    if len(shape) == 1:
        return Message.of(VECTOR, count=shape[0])
    return Message.verbatim("×".join(str(s) for s in shape))


def _flat(value: Nested) -> list[float]:
    if isinstance(value, list):
        return [x for item in value for x in _flat(item)]
    return [float(value)]


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= max(ABSOLUTE, RELATIVE * abs(b))


def _same(answer: Nested, reference: Nested) -> bool:
    """Whether ``answer`` equals ``reference`` element by element, a single number on either side
    standing for every element."""
    a, r = shape_of(answer), shape_of(reference)
    if a and r and a != r:
        return False
    xs, ys = _flat(answer), _flat(reference)
    if len(xs) == 1:
        xs = xs * len(ys)
    if len(ys) == 1:
        ys = ys * len(xs)
    return all(_close(x, y) for x, y in zip(xs, ys, strict=True))


def _negated(value: Nested) -> Nested:
    return [_negated(v) for v in value] if isinstance(value, list) else -float(value)


def _all_ones(value: Nested) -> bool:
    return all(_close(x, 1.0) for x in _flat(value))


def _recorded(summary: dict[str, Any] | None) -> Nested | None:
    """A summary's values when they are few and finite (an exercise can use them), else None."""
    if not summary or summary.get("values") is None or summary.get("nan") or summary.get("inf"):
        return None
    values = summary["values"]
    try:
        flat = _flat(values)
    except (TypeError, ValueError):
        return None
    if not flat or len(flat) > MAX_ELEMENTS or not all(math.isfinite(x) for x in flat):
        return None
    return values


# -- the exercise ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    """What an answer got: right or not, why, in words with numbers."""

    right: bool
    kind: Kind
    message: Message


@dataclass(frozen=True)
class Exercise:
    """The question of one backward step: the gradient ``node`` sends to one of its inputs."""

    node: str
    what: str
    """``PowBackward0 (x)``."""
    out: str
    """The node's symbol in ``∂out/∂w``: its variable name, else ``out``."""
    name: str
    """The input's symbol (``w``)."""
    rule: Message
    """``grad_w = grad_out · 3·w²``: the rule without its numbers."""
    expected: Nested
    """The gradient the node sent to the input, as recorded."""
    grad_out: Nested
    derivative: str | None
    """The local derivative as written (``3·w²``), when the rule multiplies grad_out by it."""
    factor: Nested | None
    """Its recorded numbers (``[[3, 12], [27, 12]]``)."""

    @property
    def gradient(self) -> str:
        """``grad_w``."""
        return f"grad_{self.name}"

    def question(self, index: int, count: int) -> Message:
        """The step's sentence while the answer is awaited (``index`` 0-based): no numbers of the
        gradient asked for, only grad_out and the rule."""
        return Message.of(
            QUESTION,
            index=index + 1,
            count=count,
            what=self.what,
            grad_out=format_values(self.grad_out),
            rule=self.rule,
            gradient=self.gradient,
            name=self.name,
        )

    def check(self, text: str) -> Verdict:
        """Judge the typed ``text`` (raises :class:`AnswerError` when it cannot be read)."""
        return self.judge(parse_answer(text))

    def judge(self, answer: Nested) -> Verdict:
        """Judge a parsed answer against the recorded gradient."""
        expected = self.expected
        words: dict[str, Any] = {
            "gradient": self.gradient,
            "expected": format_values(expected),
            "name": self.name,
            "out": self.out,
            "grad_out": format_values(self.grad_out),
            "derivative": self.derivative or "",
            "factor": format_values(self.factor) if self.factor is not None else "",
            "rule": self.rule,
        }

        def verdict(kind: Kind, template: Template, **more: Any) -> Verdict:
            values = _pick({**words, **more}, template.source)
            return Verdict(kind in ("right", "every"), kind, Message.of(template, **values))

        a, e = shape_of(answer), shape_of(expected)
        if a == e and _same(answer, expected):
            return verdict("right", RIGHT)
        if not a and _same(answer, expected):
            return verdict("every", RIGHT_EVERY, shape=shape_text(e), value=format_number(answer, 6))
        if a and a != e:
            return verdict("shape", WRONG_SHAPE, answer_shape=shape_text(a), shape=shape_text(e))
        factor = self.factor if self.derivative else None
        if factor is not None and _same(answer, self.grad_out) and not _all_ones(factor):
            return verdict("passed_through", PASSED_THROUGH)
        if factor is not None and _same(answer, factor) and not _all_ones(self.grad_out):
            return verdict("factor_only", FACTOR_ONLY)
        if _same(answer, _negated(expected)):
            return verdict("sign", SIGN)
        return verdict("product", PRODUCT) if factor is not None else verdict("rule", RULE)


def _pick(words: dict[str, Any], source: str) -> dict[str, Any]:
    """The values a template names."""
    return {k: v for k, v in words.items() if "{" + k + "}" in source}


_NO_RULE = (OPAQUE_RULE, SCRIPT_BACKWARD, FILE_BACKWARD, OWN_BACKWARD)
"""Summaries of rules a learner cannot apply by hand (torch's own, a custom backward)."""


def exercise(graph: nx.DiGraph, node: str) -> Exercise | None:
    """The question of the backward step of ``node``, or None when it asks nothing: a leaf, a
    node without a rule to apply by hand, one where backward failed, or one whose gradients were
    not recorded or are too many to type (over :data:`MAX_ELEMENTS`)."""
    attrs = graph.nodes[node]
    if attrs.get("kind") == "leaf":
        return None
    grad_out = _recorded(attrs.get("grad"))
    if grad_out is None:
        return None
    rule = chain_rule(graph, node)
    if rule.failure is not None or rule.summary.template in _NO_RULE:
        return None
    for given in rule.inputs:
        if given.node is None or not graph.has_edge(given.node, node):
            continue
        expected = _recorded(graph.edges[given.node, node].get("grad"))
        if expected is None:
            continue
        return Exercise(
            node=node,
            what=describe(graph, node),
            out=str(attrs.get("name") or "out"),
            name=given.name,
            rule=given.rule,
            expected=expected,
            grad_out=grad_out,
            derivative=given.derivative,
            factor=given.factor,
        )
    return None
