"""The step sentence and the chain rule in the window's language.

``core.view.stepping`` and ``core.view.chain_rule`` write English (the CLI and exports use it as is). In a
translated window the Timeline composes the step sentence from translated templates, and the
chain rule's words are swapped phrase by phrase (its formulas and numbers read the same in every
language). English shows the core's text unchanged.
"""

from __future__ import annotations

import re
from functools import partial

import networkx as nx
from PySide6.QtCore import QCoreApplication

from ...core.view.stepping import BACKWARD, StepView, consumers, describe
from .. import particles
from ..explanations import explain

translate = QCoreApplication.translate


def english() -> bool:
    """True when the window shows the source (English) text."""
    return translate("StepText", "Backward step") == "Backward step"


def _phrases() -> list[tuple[str, str]]:
    """(English, translated) phrases of chain-rule and values text, longest first."""
    pairs = [
        ("the power rule: d(xⁿ)/dx = n·xⁿ⁻¹", translate("ChainRule", "the power rule: d(xⁿ)/dx = n·xⁿ⁻¹")),
        (
            "addition passes grad_out to each input unchanged",
            translate("ChainRule", "addition passes grad_out to each input unchanged"),
        ),
        (
            "subtraction passes grad_out to a and −grad_out to b",
            translate("ChainRule", "subtraction passes grad_out to a and −grad_out to b"),
        ),
        (
            "the product rule: each input gets grad_out times the other input",
            translate("ChainRule", "the product rule: each input gets grad_out times the other input"),
        ),
        (
            " (the other needs no gradient, so only its value was used)",
            translate("ChainRule", " (the other needs no gradient, so only its value was used)"),
        ),
        (
            "the quotient rule: d(a/b) = da/b − a·db/b²",
            translate("ChainRule", "the quotient rule: d(a/b) = da/b − a·db/b²"),
        ),
        ("each element gets grad_out / n", translate("ChainRule", "each element gets grad_out / n")),
        ("each element gets grad_out", translate("ChainRule", "each element gets grad_out")),
        ("matrix product C = A·B", translate("ChainRule", "matrix product C = A·B")),
        (
            "AccumulateGrad stores the arriving gradient in",
            translate("ChainRule", "AccumulateGrad stores the arriving gradient in"),
        ),
        (
            "ReLU lets grad_out through where the input was positive, else 0",
            translate("ChainRule", "ReLU lets grad_out through where the input was positive, else 0"),
        ),
        (
            "torch computes this one for you (its derivative is built into torch)",
            translate("ChainRule", "torch computes this one for you (its derivative is built into torch)"),
        ),
        (", spread to every element", translate("ChainRule", ", spread to every element")),
        (" copied to every element", translate("ChainRule", " copied to every element")),
        (" summed over the rows", translate("ChainRule", " summed over the rows")),
        ("(kept by retain_grad)", translate("ChainRule", "(kept by retain_grad)")),
        ("(not kept)", translate("ChainRule", "(not kept)")),
        ("grad in =", translate("ChainRule", "grad in =")),
        ("(the other input)", translate("ChainRule", "(the other input)")),
        ("negation: the input gets −grad_out", translate("ChainRule", "negation: the input gets −grad_out")),
        ("d(eˣ)/dx = eˣ, the result itself", translate("ChainRule", "d(eˣ)/dx = eˣ, the result itself")),
        (
            "clamp lets grad_out through where the input was inside the bounds, else 0",
            translate(
                "ChainRule", "clamp lets grad_out through where the input was inside the bounds, else 0"
            ),
        ),
        (
            "transpose: the gradient is transposed back",
            translate("ChainRule", "transpose: the gradient is transposed back"),
        ),
        ("grad_out transposed (grad_outᵀ)", translate("ChainRule", "grad_out transposed (grad_outᵀ)")),
        (
            "permute: the gradient's axes are put back",
            translate("ChainRule", "permute: the gradient's axes are put back"),
        ),
        ("grad_out with its axes put back", translate("ChainRule", "grad_out with its axes put back")),
        (
            "view: the same numbers, reshaped back",
            translate("ChainRule", "view: the same numbers, reshaped back"),
        ),
        (
            "reshape: the same numbers, reshaped back",
            translate("ChainRule", "reshape: the same numbers, reshaped back"),
        ),
        (
            "grad_out reshaped to the input's shape",
            translate("ChainRule", "grad_out reshaped to the input's shape"),
        ),
        (
            "expand: the copies' gradients are summed back",
            translate("ChainRule", "expand: the copies' gradients are summed back"),
        ),
        (
            "grad_out summed over the expanded dims",
            translate("ChainRule", "grad_out summed over the expanded dims"),
        ),
        (
            "to()/copy: the gradient goes back to the input's device and dtype",
            translate("ChainRule", "to()/copy: the gradient goes back to the input's device and dtype"),
        ),
        (
            "copy: the gradient goes back to the source unchanged",
            translate("ChainRule", "copy: the gradient goes back to the source unchanged"),
        ),
    ]
    return sorted(pairs, key=lambda p: -len(p[0]))


def _patterns() -> list[tuple[re.Pattern[str], str]]:
    """(pattern of a chain-rule phrase holding a name or a count, its translated template)."""
    return [
        (
            re.compile(
                r"AccumulateGrad adds the (?P<count>\d+) gradients arriving into (?P<name>\S+?)\.grad"
            ),
            translate("ChainRule", "AccumulateGrad adds the {count} gradients arriving into {name}.grad"),
        ),
        (
            re.compile(r"grad_out where (?P<x>\S+) was not clamped, else 0"),
            translate("ChainRule", "grad_out where {x} was not clamped, else 0"),
        ),
        (
            re.compile(r"grad_out where (?P<x>\S+) > 0, else 0"),
            translate("ChainRule", "grad_out where {x} > 0, else 0"),
        ),
        (
            re.compile(r"(?P<d>∂\S+/∂\S+) applied to grad_out"),
            translate("ChainRule", "{d} applied to grad_out"),
        ),
        (
            re.compile(
                r"(?P<name>\S+), the script's own backward \(line (?P<line>\d+)\), computes this step"
            ),
            translate("ChainRule", "{name}, the script's own backward (line {line}), computes this step"),
        ),
        (
            re.compile(
                r"(?P<name>\S+), the backward written in (?P<file>.+?) \(line (?P<line>\d+)\), computes this step"
            ),
            translate(
                "ChainRule", "{name}, the backward written in {file} (line {line}), computes this step"
            ),
        ),
        (
            re.compile(r"(?P<name>\S+), the custom Function's own backward, computes this step"),
            translate("ChainRule", "{name}, the custom Function's own backward, computes this step"),
        ),
    ]


def _failures() -> list[tuple[re.Pattern[str], str]]:
    """(pattern of the sentence saying backward failed at a node, its translated template); the
    explanation it ends with is translated as the Messages panel translates it."""
    return [
        (
            re.compile(
                r"backward failed here, at the op made on line (?P<line>\d+) \(`(?P<code>.*?)`\), "
                r"so no gradient went on to its inputs: (?P<message>.*)$",
                re.S,
            ),
            translate(
                "ChainRule",
                "backward failed here, at the op made on line {line} (`{code}`), "
                "so no gradient went on to its inputs: {message}",
            ),
        ),
        (
            re.compile(r"backward failed here, so no gradient went on to its inputs: (?P<message>.*)$", re.S),
            translate("ChainRule", "backward failed here, so no gradient went on to its inputs: {message}"),
        ),
    ]


def localize(text: str) -> str:
    """Return chain-rule or values text with its English phrases translated."""
    if english():
        return text
    for pattern, template in _failures():
        found = pattern.search(text)
        if found:
            values = {**found.groupdict(), "message": explain(found["message"])}
            try:
                text = text[: found.start()] + template.format(**values)
            except (KeyError, IndexError, ValueError):  # a translation naming a value wrongly
                pass
            break
    for pattern, template in _patterns():
        text = pattern.sub(partial(_fill, template), text)
    for source, target in _phrases():
        text = text.replace(source, target)
    return particles.resolve(text)


def _fill(template: str, match: re.Match[str]) -> str:
    return template.format(**match.groupdict())


def step_caption(graph: nx.DiGraph, step: StepView) -> str:
    """The Timeline's sentence for ``step``: the core's caption in English, else composed from
    translated templates with the same facts."""
    if english():
        return step.caption
    return particles.resolve(_translated_caption(graph, step))


def _translated_caption(graph: nx.DiGraph, step: StepView) -> str:
    node = step.node
    if step.mode != BACKWARD:
        if node is None:
            return translate("StepText", "Forward: nothing created yet ({count} steps).").format(
                count=step.count
            )
        attrs = graph.nodes[node]
        template = (
            translate("StepText", "Forward step {index}/{count}: {what} leaf tensor, shape {shape}")
            if attrs.get("kind") == "leaf"
            else translate("StepText", "Forward step {index}/{count}: {what} created, shape {shape}")
        )
        text = template.format(
            index=step.index + 1, count=step.count, what=describe(graph, node), shape=attrs.get("shape")
        )
        source = attrs.get("source") or {}
        if source.get("line"):
            text += translate("StepText", " at line {line}: {code}").format(
                line=source["line"], code=source.get("code", "")
            )
        return text
    if node is None:
        if not step.count:
            return translate("StepText", "Backward has not run: run backward to step through it.")
        return translate(
            "StepText", "Backward: the engine runs {count} nodes, starting at the output."
        ).format(count=step.count)
    attrs = graph.nodes[node]
    what = describe(graph, node)
    if step.index == 0:
        verb = translate("StepText", "{what} receives the seed gradient")
    elif attrs.get("kind") == "leaf":
        verb = translate("StepText", "{what} accumulates its gradient into .grad")
    elif consumers(graph, node) > 1:
        verb = translate("StepText", "{what} sums the gradients of its {count} consumers")
    else:
        verb = translate("StepText", "{what} receives its gradient")
    text = translate("StepText", "Backward step") + f" {step.index + 1}/{step.count}: "
    text += verb.format(what=what, count=consumers(graph, node))
    if step.rule is not None:
        text += translate("StepText", ". Chain rule: ") + localize(step.rule.sentence())
    return text
