"""Predict, then see: reading a typed gradient and saying which factor of the chain rule differs.

The numbers are the basic lesson's (``resources/examples/basic_autograd.py``), worked out by
hand: w = [[1, 2], [3, 2]], x = w**3, y = x + 3, z = y.mean().  MeanBackward0 sends
1 · 1/4 = 0.25 to every element of y; AddBackward0 passes [[0.25, …]] on to x; PowBackward0 sends
grad_out · 3·w² = [[0.25, …]] · [[3, 12], [27, 12]] = [[0.75, 3], [6.75, 3]] to w.
"""

from __future__ import annotations

import pytest

from graphviz_app.core.view.exercise import exercise, parse_answer
from graphviz_app.core.view.stepping import BACKWARD, Stepper
from graphviz_app.errors import AnswerError

from .test_chain_rule import basic, named, op_graph

W_GRAD = "[[0.75, 3], [6.75, 3]]"


# -- reading answers -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0.25", 0.25),
        ("-1", -1.0),
        ("1/4", 0.25),
        ("-3/4", -0.75),
        ("2e-3", 0.002),
        ("−0.5", -0.5),  # the minus sign the app writes
        ("[1, 2]", [1.0, 2.0]),
        ("[[0.75, 3], [6.75, 3]]", [[0.75, 3.0], [6.75, 3.0]]),
        ("[[1/4, 1/2]]", [[0.25, 0.5]]),
        ("[1 2 3]", [1.0, 2.0, 3.0]),  # numpy's way, spaces between numbers
        ("［１，２］", [1.0, 2.0]),  # full-width, as a Korean keyboard may type them
        ("tensor([1., 2.])", [1.0, 2.0]),  # copied from torch's output
        ("grad_w = [1, 2]", [1.0, 2.0]),
    ],
)
def test_answers_are_read_as_numbers(text, value):
    assert parse_answer(text) == value


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "Type the gradient you expect first"),
        ("   ", "Type the gradient you expect first"),
        ("abc", "“abc” is not a number"),
        ("__import__('os').system('x')", "is not a number"),
        ("2**3", "is not a number"),
        ("[1, 2", "A “[” is not closed"),
        ("1, 2", "“, 2” comes after the end of the answer"),
        ("[[1, 2], [3]]", "The rows differ in length (2, 1)"),
        ("[1, [2]]", "Numbers and rows are mixed"),
        ("[]", "holds no numbers"),
        ("1/0", "“1/0” divides by zero"),
        ("1e999", "“1e999” is too large to compare"),
        ("[" * 10 + "1" + "]" * 10, "brackets at most 6 deep"),
        ("[" + ", ".join(["1"] * 100) + "]", "at most 16 numbers"),
    ],
)
def test_unreadable_answers_say_what_is_wrong_and_how_to_write_it(text, says):
    with pytest.raises(AnswerError) as caught:
        parse_answer(text)
    assert says in str(caught.value)


# -- the questions of the basic lesson ----------------------------------------------------------
def test_each_op_step_asks_for_the_gradient_it_sends_and_the_leaf_step_asks_nothing():
    graph = basic()
    order = Stepper(graph).order(BACKWARD)
    asked = [exercise(graph, node) for node in order]
    assert [(e.name, e.expected) if e else None for e in asked] == [
        ("y", [[0.25, 0.25], [0.25, 0.25]]),
        ("x", [[0.25, 0.25], [0.25, 0.25]]),
        ("w", [[0.75, 3.0], [6.75, 3.0]]),
        None,  # AccumulateGrad (w): its badge shows w.grad as the step opens
    ]
    question = asked[2].question(2, 4).english()
    assert question == (
        "Backward step 3/4: PowBackward0 (x) gets grad_out = [[0.25, 0.25], [0.25, 0.25]]. "
        "Its rule: grad_w = grad_out · 3·w². What gradient grad_w does it send to w? "
        "Type it below and press Enter, or Skip."
    )
    assert W_GRAD not in question  # the answer is not given away


def pow_exercise():
    graph = basic()
    found = exercise(graph, named(graph, "x"))
    assert found is not None
    return found


def test_the_right_gradient_is_right_within_the_tolerance():
    pow_step = pow_exercise()
    for text in (W_GRAD, "[[3/4, 3], [27/4, 3]]", "[[0.7504, 3.002], [6.75, 2.999]]"):
        verdict = pow_step.check(text)
        assert verdict.right, text
        assert str(verdict.message) == f"Right: grad_w = {W_GRAD}."
    assert not pow_step.check("[[0.76, 3], [6.75, 3]]").right  # 0.76 is 1.3% off


def test_grad_out_passed_through_names_the_missing_local_factor():
    verdict = pow_exercise().check("[[0.25, 0.25], [0.25, 0.25]]")
    assert (verdict.right, verdict.kind) == (False, "passed_through")
    assert str(verdict.message) == (
        "Not quite: you passed grad_out through. Multiply it by the local derivative "
        "∂x/∂w = 3·w² = [[3, 12], [27, 12]]: grad_w = [[0.25, 0.25], [0.25, 0.25]] · "
        f"[[3, 12], [27, 12]] = {W_GRAD}."
    )
    assert pow_exercise().check("0.25").kind == "passed_through"  # one number for every element


def test_the_local_derivative_alone_names_the_missing_grad_out():
    verdict = pow_exercise().check("[[3, 12], [27, 12]]")
    assert verdict.kind == "factor_only"
    assert str(verdict.message) == (
        "Not quite: that is the local derivative ∂x/∂w = 3·w² alone. Multiply it by grad_out = "
        "[[0.25, 0.25], [0.25, 0.25]]: grad_w = [[0.25, 0.25], [0.25, 0.25]] · [[3, 12], [27, 12]] "
        f"= {W_GRAD}."
    )


def test_another_shape_is_named_with_the_inputs_shape():
    verdict = pow_exercise().check("[0.75, 3, 6.75, 3]")
    assert verdict.kind == "shape"
    assert str(verdict.message) == (
        "Not quite: the gradient has the shape of w, 2×2, but your answer is a vector of 4 numbers. "
        f"grad_w = {W_GRAD}."
    )


def test_any_other_answer_shows_grad_out_the_local_factor_and_their_product():
    verdict = pow_exercise().check("[[1, 2], [3, 4]]")
    assert verdict.kind == "product"
    assert str(verdict.message) == (
        "Not quite: grad_w = grad_out · ∂x/∂w = [[0.25, 0.25], [0.25, 0.25]] · [[3, 12], [27, 12]] "
        f"= {W_GRAD} (grad_out times the local derivative 3·w², element by element)."
    )


def test_mean_takes_one_number_for_every_element_and_names_the_quarter():
    graph = basic()
    mean = exercise(graph, named(graph, "z"))
    assert mean is not None
    right = mean.check("1/4")
    assert (right.right, right.kind) == (True, "every")
    assert str(right.message) == "Right: every element of grad_y (2×2) is 0.25."
    assert mean.check("[[0.25, 0.25], [0.25, 0.25]]").kind == "right"
    through = mean.check("1")  # grad_out, the seed, passed on unchanged
    assert through.kind == "passed_through"
    assert "∂z/∂y = 1/4 = 0.25" in str(through.message)


def test_add_passes_grad_out_so_the_local_factor_alone_is_wrong():
    graph = basic()
    add = exercise(graph, named(graph, "y"))
    assert add is not None
    assert add.check("0.25").right
    verdict = add.check("1")
    assert verdict.kind == "factor_only"
    assert "∂y/∂x = 1 alone. Multiply it by grad_out = [[0.25, 0.25], [0.25, 0.25]]" in str(verdict.message)


def test_mul_names_the_other_input_as_the_local_factor():
    # out = a * b, a = [2, 3], b = [5, 7], grad_out = [2, 2]: grad_a = grad_out · b = [10, 14].
    graph = op_graph("MulBackward0", [("a", [2, 3], [10, 14]), ("b", [5, 7], [4, 6])], [10, 21], [2, 2])
    mul = exercise(graph, "out")
    assert mul is not None and mul.name == "a"
    assert mul.check("[10, 14]").right
    assert mul.check("[5, 7]").kind == "factor_only"
    assert "∂out/∂a = b alone" in str(mul.check("[5, 7]").message)
    assert mul.check("[2, 2]").kind == "passed_through"


def test_sub_flags_a_flipped_sign():
    graph = op_graph("SubBackward0", [("a", [1.0], [1.0]), ("b", [2.0], [-1.0])], [-1.0], [1.0])
    sub = exercise(graph, "out")
    assert sub is not None and sub.check("[1]").right
    flipped = sub.check("[-1]")
    assert flipped.kind == "sign"
    assert str(flipped.message) == "Not quite: the sign is flipped. grad_a = grad_out, so grad_a = [1]."


def test_rules_without_a_local_factor_show_the_rule_and_the_numbers():
    # C = A @ B: grad_A = grad_out · Bᵀ is a matrix product, not an element-by-element one.
    graph = op_graph("MmBackward0", [("A", [[1, 2]], [[3, 4]]), ("B", [[1], [2]], [[1], [2]])], [[5]], [[1]])
    mm = exercise(graph, "out")
    assert mm is not None
    verdict = mm.check("[[1, 2]]")
    assert verdict.kind == "rule"
    assert str(verdict.message) == (
        "Not quite: grad_A = grad_out · Bᵀ, with grad_out = [[1]], gives grad_A = [[3, 4]]."
    )


def test_steps_without_recorded_numbers_or_a_hand_rule_ask_nothing():
    unknown = op_graph("CumsumBackward0", [("a", [1, 2], [2, 1])], [1, 3], [1, 1])
    assert exercise(unknown, "out") is None  # torch's own rule: nothing to apply by hand
    big = op_graph("AddBackward0", [("a", [0.0] * 20, [1.0] * 20)], [0.0] * 20, [1.0] * 20)
    assert exercise(big, "out") is None  # 20 numbers: too many to type
    failed = basic()
    failed.nodes[named(failed, "x")]["backward_error"] = "RuntimeError: boom"
    assert exercise(failed, named(failed, "x")) is None
