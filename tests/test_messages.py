"""Messages that cross a process or a file: the app's own templates come back whole, anything
else is shown as written, never formatted, and no message read can be large, deep or slow."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest
from hostile import HOSTILE_TEMPLATES, hostile_notices

from graphviz_app import catalogue
from graphviz_app.core.model.file_kind import A_FOLDER, SPECIAL, special_kind
from graphviz_app.message_reader import WIRE_DEPTH, WIRE_TEXT, read_message
from graphviz_app.wire.message import QT_TRANSLATE_NOOP, VERBATIM, Message, fill, render

ROOT = Path(__file__).resolve().parents[1]
SHOWN_AT_MOST = WIRE_TEXT + 2_000
"""A message read from anywhere shows at most its text budget plus the words of its templates."""


def marked_templates() -> list[tuple[str, object, object]]:
    """Every ``QT_TRANSLATE_NOOP(context, source)`` written in the package: (file, context, source),
    the arguments as written (an argument that is not a literal string is a dump of its code)."""
    found: list[tuple[str, object, object]] = []
    for path in sorted((ROOT / "graphviz_app").rglob("*.py")):
        for call in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(call, ast.Call) and getattr(call.func, "id", None) == "QT_TRANSLATE_NOOP"):
                continue
            args = [a.value if isinstance(a, ast.Constant) else ast.dump(a) for a in call.args]
            found.append((str(path.relative_to(ROOT)), *args))
    return found


def test_every_template_the_app_marks_is_in_the_catalogue_with_plain_fields():
    marked = marked_templates()
    assert len(marked) > 300
    not_literal = [m for m in marked if len(m) != 3 or not all(isinstance(a, str) for a in m[1:])]
    assert not not_literal, f"lupdate collects literal strings only: {not_literal}"
    odd = [(f, s) for f, _, s in marked if not catalogue.plain_fields(str(s))]
    assert not odd, f"templates must use plain {{name}} fields only: {odd}"
    missing = [(f, c, s) for f, c, s in marked if not catalogue.knows(str(c), str(s))]
    assert not missing, f"not in the catalogue (run resources/i18n/update.sh): {missing[:5]}"


def test_the_apps_own_messages_come_back_whole():
    nested = Message.of(SPECIAL, path="/tmp/x", special=special_kind(0o010000))
    for message in (Message.of(A_FOLDER, path="/data"), nested, Message.verbatim("torch said {x!r}")):
        back = read_message(json.loads(json.dumps(message.to_wire())))
        assert back == message
        assert back.english() == message.english()
    joined = Message.joined(Message.of(A_FOLDER, path="a"), "b", sep=" · ")
    assert (
        read_message(joined.to_wire()).english()
        == "a is a folder: choose a .py script or a .json graph saved by graphviz_app. · b"
    )


@pytest.mark.parametrize("template", HOSTILE_TEMPLATES)
@pytest.mark.parametrize("context", ["", "Explanation", "Controller"])
def test_a_template_the_app_does_not_know_is_shown_as_written(template, context):
    wire = {"context": context, "template": template, "values": {"x": "secret"}}
    message = read_message(wire)
    assert message.english() == f"{template} [x = secret]"
    assert message.template.context == VERBATIM
    korean = render(message, lambda t: "번역 " + t.source, lambda text: text)
    assert korean == message.english(), "the text of an unknown template is never translated"


def test_an_app_template_with_a_format_spec_is_not_a_template_to_a_file():
    # "{seconds:.1f} s" is one of the window's own texts, but a file may not have it formatted
    assert catalogue.knows("Controller", "Cannot open {path}: no such file.")
    assert not catalogue.knows("Controller", "{seconds:.1f} s")
    wire = {"context": "Controller", "template": "{seconds:.1f} s", "values": {"seconds": "x"}}
    assert read_message(wire).english() == "{seconds:.1f} s [seconds = x]"


def test_values_of_a_known_template_are_put_in_place_and_never_read_into():
    known = {"context": A_FOLDER.context, "template": A_FOLDER.source}
    said = read_message({**known, "values": {"path": "{x.__class__} {0:>99999}"}}).english()
    assert said.startswith("{x.__class__} {0:>99999} is a folder")
    assert read_message({**known, "values": {}}).english().startswith("{path} is a folder")


def test_every_hostile_notice_is_shown_bounded_and_without_raising():
    shown = [read_message(wire).english() for wire in hostile_notices()]
    assert all(len(text) <= SHOWN_AT_MOST for text in shown), max(map(len, shown))
    assert not any("<class" in text or "__builtins__" in text for text in shown)
    assert sum(text.endswith("[x = secret]") for text in shown) == 4 * len(HOSTILE_TEMPLATES)


def test_text_is_cut_at_the_budget_and_depth_is_bounded():
    long = read_message({"context": "", "template": "{text}", "values": {"text": "x" * (WIRE_TEXT * 5)}})
    text = long.english()
    assert WIRE_TEXT - 10 < len(text) <= WIRE_TEXT + 1 and text.endswith("x…")
    deep: object = "bottom"
    for _ in range(WIRE_DEPTH + 5):
        deep = {"context": "", "template": "{text}", "values": {"text": {"message": deep}}}
    assert read_message(deep).english() == "…"
    shallow: object = "bottom"
    for _ in range(WIRE_DEPTH // 2 - 1):
        shallow = {"context": "", "template": "{text}", "values": {"text": {"message": shallow}}}
    assert read_message(shallow).english() == "bottom"


def test_fill_puts_plain_fields_in_place_and_keeps_the_rest_as_written():
    assert fill("{a} and {b}", {"a": "1", "b": "{a}"}) == "1 and {a}"
    assert fill("{a:>9} {a!r} {a.b} {a[0]} {c}", {"a": "1"}) == "{a:>9} {a!r} {a.b} {a[0]} {c}"
    assert fill("{{a}} {", {"a": "1"}) == "{{a}} {"  # not a template: as it is
    assert fill("{{a}} {a}", {"a": "1"}) == "{a} 1"


def test_a_translation_naming_a_field_the_english_lacks_shows_the_english():
    template = QT_TRANSLATE_NOOP("Explanation", "No such file: {path}.")
    message = Message.of(template, path="p")
    assert render(message, lambda t: "{other} 없음", lambda text: text) == "No such file: p."
    assert render(message, lambda t: "{path} 파일 없음", lambda text: text) == "p 파일 없음"


def random_wire(rng: random.Random, depth: int = 0) -> object:
    """A JSON value shaped more or less like a message."""
    choice = rng.randrange(9 if depth < 6 else 4)
    if choice == 0:
        return rng.choice(HOSTILE_TEMPLATES + ["", "plain", "{text}", "{parts}", A_FOLDER.source])
    if choice == 1:
        return rng.choice([0, -1, 2**62, 1.5, float("inf"), True, None])
    if choice == 2:
        return "w" * rng.randrange(0, 30_000)
    if choice == 3:
        return rng.choice([[], {}, {"message": None}])
    if choice in (4, 5):
        return {
            "context": rng.choice(["", "Explanation", "Controller", 3]),
            "template": random_wire(rng, depth + 1)
            if rng.random() < 0.2
            else rng.choice(HOSTILE_TEMPLATES + [A_FOLDER.source, "{text}", "{parts}"]),
            "values": {
                rng.choice(["x", "path", "text", "parts"]): random_wire(rng, depth + 1) for _ in range(3)
            },
        }
    if choice == 6:
        return {"message": random_wire(rng, depth + 1)}
    return [random_wire(rng, depth + 1) for _ in range(rng.randrange(0, 5))]


def test_any_wire_value_is_shown_bounded_in_english_and_in_translation():
    rng = random.Random(20261128)
    for _ in range(400):
        message = read_message(random_wire(rng))
        english = message.english()
        translated = render(message, lambda t: t.source + " (ko)", lambda text: text)
        assert len(english) <= SHOWN_AT_MOST and len(translated) <= SHOWN_AT_MOST + 5_000
