"""The Messages panel shows a script's output as a stream: a piece that ends inside a line leaves
it open, the next piece continues it, and the line is kept, shown and elided as one."""

from __future__ import annotations

import pytest

from graphviz_app.capture import client, interpreter
from graphviz_app.qt.i18n import install_translators
from graphviz_app.qt.panels.messages import LINE_SHOWN, WRAP_AT, MessagesPanel, OutputRows, output_pieces
from graphviz_app.wire.message import Message

LONG = "y" * 300_000
NOTE = "more characters on this line not shown"


def _panel(qtbot) -> MessagesPanel:
    panel = MessagesPanel()
    qtbot.addWidget(panel)
    return panel


def _shown(panel: MessagesPanel, qtbot) -> str:
    qtbot.waitUntil(lambda: panel.pending() == 0)
    return panel.browser.toPlainText()


def _pieces(text: str, cuts: list[int]) -> list[str]:
    ends = [*cuts, len(text)]
    return [text[start:end] for start, end in zip([0, *cuts], ends)]


SPLITS = {
    "halves": [150_000],
    "at the shown length": [LINE_SHOWN],
    "five uneven": [7, 4_096, LINE_SHOWN + 1, 123_457, 299_999],
    "inside the last shown row": [LINE_SHOWN - 1, LINE_SHOWN + 3],
    "after the line's end": [300_000],
}


@pytest.mark.parametrize("cuts", SPLITS.values(), ids=SPLITS.keys())
def test_a_long_line_in_pieces_is_kept_and_shown_as_one_line(qtbot, cuts):
    whole = _panel(qtbot)
    whole.output(LONG + "\n")
    whole.info("done")
    panel = _panel(qtbot)
    for piece in _pieces(LONG + "\n", cuts):
        panel.output(piece)
    panel.info("done")
    assert panel.plain_text() == LONG + "\ndone"  # one line, whole, for copying
    shown = _shown(panel, qtbot)
    assert shown == _shown(whole, qtbot)
    assert shown.count(NOTE) == 1 and f"290,000 {NOTE}" in shown
    rows = shown.split("\n")
    assert rows[0] == "y" * WRAP_AT and len(rows) == LINE_SHOWN // WRAP_AT + 1
    assert rows[-2] == "y" * WRAP_AT + f" … (290,000 {NOTE})" and rows[-1] == "done"


def test_an_open_line_shows_its_whole_rows_before_it_ends(qtbot):
    panel = _panel(qtbot)
    panel.output("y" * 4_500)
    shown = _shown(panel, qtbot)
    assert shown.split("\n") == ["y" * WRAP_AT] * 4  # the rest of the row waits for more
    assert panel.plain_text() == "y" * 4_500
    panel.output("y" * 20_000)  # the row that may end with the note waits for the line's end
    assert _shown(panel, qtbot).replace("\n", "") == "y" * (LINE_SHOWN - WRAP_AT)
    panel.output("y\n")
    assert _shown(panel, qtbot).endswith("y" * WRAP_AT + f" … (14,501 {NOTE})")


def test_a_line_left_open_is_ended_by_the_next_notice(qtbot):
    panel = _panel(qtbot)
    panel.output("x" * 12_000)
    panel.info("next")
    panel.output("tail")
    panel.warning("careful")
    shown = _shown(panel, qtbot).split("\n")
    assert shown[-4:] == ["x" * WRAP_AT + f" … (2,000 {NOTE})", "next", "tail", "⚠ careful"]
    assert shown.count("next") == 1 and sum(NOTE in row for row in shown) == 1
    assert panel.plain_text() == "x" * 12_000 + "\nnext\ntail\ncareful"


def test_a_new_run_and_clear_end_the_open_line(qtbot):
    panel = _panel(qtbot)
    panel.output("first run, no line break")
    panel.heading("Running second.py")
    panel.output("second run\n")
    lines = panel.plain_text().split("\n")
    assert lines[0] == "first run, no line break" and lines[1].endswith("Running second.py")
    assert lines[2:] == ["second run"]
    panel.output("cut short")
    panel.clear()
    panel.output("after clear\n")
    assert panel.plain_text() == "after clear"
    assert _shown(panel, qtbot) == "after clear"


def test_characters_inside_a_line_are_kept_across_pieces(qtbot):
    panel = _panel(qtbot)
    for piece in ["a  ", " b\t", "\n", "\n", "c\n", "  \n", "\n"]:
        panel.output(piece)
    assert panel.plain_text() == "a   b\t\n\nc"  # only the output's trailing whitespace goes
    panel.error("failed")
    assert _shown(panel, qtbot).split("\n") == ["a   b\t", "", "c", "✖ failed"]


def test_rows_of_any_split_are_the_rows_of_the_whole_output():
    texts = [
        LONG + "\n",
        "a\n\n" + "b" * 25_000 + " \n  \n\n",
        "\n" + " " * 12_000 + "\n" + "c" * (LINE_SHOWN + WRAP_AT) + "   ",
        "x" * 99 + "\n" + "y" * LINE_SHOWN + "\n" + "z" * (LINE_SHOWN - 1),
    ]
    for text in texts:
        lines = text.split("\n")
        while lines and not lines[-1].strip():  # whitespace-only lines at the end are not shown
            lines.pop()
        want = [row for piece in output_pieces("\n".join(lines)) for row in piece.split("\n")]
        for step in [1_000, 4_096, LINE_SHOWN, 77_777]:
            rows = OutputRows()
            cuts = list(range(step, len(text), step))
            got = [row for piece in _pieces(text, cuts) for row in rows.feed(piece)]
            assert got + rows.close() == want, (text[:20], step)


def test_code_in_a_message_is_shown_as_code_never_as_markdown_backticks(qtbot, qapp):
    """A template's code spans (``Install torch there (`python -m pip install torch`)``) are
    drawn in the fixed font; the plain text (status line, copy) writes them bare; a backtick of
    the user's own code is kept as written."""
    no_torch = Message.of(
        interpreter.NO_TORCH,
        python="/p/bin/python",
        why=Message.of(interpreter.FOUND_BESIDE, name=".venv"),
        where=interpreter.IN_PREFERENCES,
    )
    stuck = Message.of(client.STUCK, line=3, code="print(`x`)")
    for language, bare in (
        ("en", "Install torch there (/p/bin/python -m pip install torch), or"),
        ("ko", "그곳에 torch를 설치하거나(/p/bin/python -m pip install torch), "),
    ):
        install_translators(qapp, language)
        try:
            panel = _panel(qtbot)
            panel.error(no_torch)
            panel.info(stuck)
            shown = _shown(panel, qtbot)
        finally:
            install_translators(qapp, "en")
        text = panel.plain_text()
        assert bare in text and bare in shown, language
        assert text.endswith(": print(`x`).") and panel.status.text().strip() == text.split("\n")[-1].strip()
        code = panel.browser.document().find("-m pip install torch")
        assert panel._mono_family in code.charFormat().fontFamilies()
        before = panel.browser.document().find("Install torch there" if language == "en" else "설치하거나")
        assert panel._mono_family not in (before.charFormat().fontFamilies() or [])
