"""The Messages panel: what the script printed, notices, and failures in plain words.

Everything shown is data (script output, exception messages, file names): it is escaped, never
interpreted as HTML, and long output is wrapped, elided and handed to the text view in bounded
chunks, one per turn of the event loop, so whatever a script prints the window stays responsive.
Output is a stream: a long line may arrive in pieces, and is kept, shown and elided as one line.
"""

from __future__ import annotations

import html
import time
from collections import deque
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QFont, QFontDatabase, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ... import particles
from ...core.model.saved_graph import read_source_safely
from ...wire.errors import GraphvizAppError, ScriptError
from ...wire.message import Message
from ..i18n import code_html, without_code_marks
from ..plain_text import plain_label, plain_tooltip
from ..words import error_marked

translate = QCoreApplication.translate

LINE_SHOWN = 10_000
"""The most characters of one output line shown; the rest is counted, not drawn."""
WRAP_AT = 1_000
"""Longer lines are shown as several, so no paragraph's layout grows with the output."""
CHUNK_CHARS = 16_000
"""The most text handed to the view in one turn of the event loop."""
STATUS_CHARS = 300
"""The most characters of the status line (its tooltip holds up to ten times more)."""


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


def _note(length: int) -> str:
    """Return the note ending the shown part of a line of ``length`` characters ("" if whole)."""
    over = length - LINE_SHOWN
    return f" … ({over:,} more characters on this line not shown)" if over > 0 else ""


def _wrap(text: str) -> list[str]:
    return [text[i : i + WRAP_AT] for i in range(0, len(text), WRAP_AT)]


def _line_rows(line: str) -> list[str]:
    """Return ``line`` as shown: cut at :data:`LINE_SHOWN` with a note, wrapped at :data:`WRAP_AT`."""
    rows = _wrap(line[:LINE_SHOWN]) or [""]
    rows[-1] += _note(len(line))
    return rows


def _chunks(rows: list[str]) -> list[str]:
    """Group ``rows`` into pieces of at most :data:`CHUNK_CHARS` characters (plus a note)."""
    pieces: list[str] = []
    current: list[str] = []
    size = 0
    for row in rows:
        if current and size + len(row) + 1 > CHUNK_CHARS:
            pieces.append("\n".join(current))
            current, size = [], 0
        current.append(row)
        size += len(row) + 1
    if current:
        pieces.append("\n".join(current))
    return pieces


def output_pieces(text: str) -> list[str]:
    """Return ``text`` as shown: each line over :data:`LINE_SHOWN` characters cut there with a
    note of how many were left out, lines wrapped at :data:`WRAP_AT`, grouped into pieces of at
    most :data:`CHUNK_CHARS` characters (plus a note)."""
    return _chunks(_text_rows(text))


def _text_rows(text: str) -> list[str]:
    return [row for line in text.split("\n") for row in _line_rows(line)]


_NOTE_ROW = (LINE_SHOWN - 1) // WRAP_AT * WRAP_AT
"""Where the row that may end with a long line's note starts: it waits for the line's end."""


class OutputRows:
    """Output that arrives in pieces, each of which may end inside a line, turned into the rows
    :func:`output_pieces` shows for the whole output, less the lines of only whitespace at its end.

    Rows are handed out as soon as they are known: of a line still open, its whole rows, but not
    the row that may end with the note (the line's length is known only at its end). Lines of
    only whitespace wait for text after them, so none is shown at the output's end. At most
    :data:`LINE_SHOWN` characters of the open line are kept.
    """

    def __init__(self) -> None:
        self._held: list[str] = []  # rows of whitespace-only lines, shown once text follows
        self._start_line()

    def _start_line(self) -> None:
        self._kept = ""  # the open line's characters that will be shown but are not yet
        self._drawn = 0  # how many of its characters were handed out
        self._length = 0  # its length so far
        self._has_text = False  # whether it holds more than whitespace

    def feed(self, text: str) -> list[str]:
        """Take the output's next piece; return the rows it completes."""
        *ended, rest = text.split("\n")
        rows: list[str] = []
        for line in ended:
            self._add(line)
            rows += self._end_line()
        self._add(rest)
        return rows + self._whole_rows()

    def close(self) -> list[str]:
        """End the output; return the rest of its last line (none if it is only whitespace)."""
        rows = self._end_line() if self._has_text else []
        self._held = []
        self._start_line()
        return rows

    def _add(self, piece: str) -> None:
        room = LINE_SHOWN - self._drawn - len(self._kept)
        if room > 0:
            self._kept += piece[:room]
        self._length += len(piece)
        self._has_text = self._has_text or (bool(piece) and not piece.isspace())

    def _take(self, upto: int) -> list[str]:
        """Hand out the open line's characters up to ``upto``, as rows."""
        count = max(0, upto - self._drawn)
        rows = _wrap(self._kept[:count])
        self._kept = self._kept[count:]
        self._drawn += count
        return rows

    def _whole_rows(self) -> list[str]:
        if not self._has_text:
            return []
        rows = self._take(min(self._length // WRAP_AT * WRAP_AT, _NOTE_ROW))
        return self._release(rows) if rows else []

    def _end_line(self) -> list[str]:
        """End the open line; return its rows not handed out yet (none while it is only
        whitespace: those are held)."""
        drawn, length, has_text = self._drawn, self._length, self._has_text
        rows = self._take(min(length, LINE_SHOWN)) or ([] if drawn else [""])
        if rows:
            rows[-1] += _note(length)
        self._start_line()
        if has_text:
            return self._release(rows)
        self._held += rows
        return []

    def _release(self, rows: list[str]) -> list[str]:
        rows, self._held = self._held + rows, []
        return rows


def _source_line(file: str | None, line: int | None) -> str | None:
    """Return the text of ``file``'s line ``line`` (1-based), or None when it cannot be read.

    The file is named by a traceback (data): a FIFO, a device or a huge file is not read."""
    if not file or not line:
        return None
    try:
        lines = read_source_safely(file).splitlines()
    except (GraphvizAppError, ValueError):  # ValueError: a name holding a NUL character
        return None
    return lines[line - 1].strip()[:LINE_SHOWN] if 0 < line <= len(lines) else None


class ElidedLabel(QLabel):
    """A one-line label that ends its text with "…" where the text is wider than the label
    (a plain QLabel cuts it off at its edge, mid-letter); :meth:`text` stays the whole text."""

    def shown_text(self) -> str:
        """The text as drawn: elided to the label's width."""
        return self.fontMetrics().elidedText(
            self.text(), Qt.TextElideMode.ElideRight, self.contentsRect().width()
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.style().drawItemText(
            painter,
            self.contentsRect(),
            int(self.alignment()),
            self.palette(),
            self.isEnabled(),
            self.shown_text(),
            self.foregroundRole(),
        )


class MessagesPanel(QWidget):
    """A log of runs: each entry has a heading, the script's output and any error with its traceback.

    ``problemShown`` is emitted when an error or warning is added, so the window can raise the dock.
    """

    problemShown = Signal()
    lineActivated = Signal(str, int)  # a "file, line N" link was clicked: show it in the Source panel

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.browser = QTextBrowser(self, openLinks=False)
        self.browser.setObjectName("messagesBrowser")
        self.browser.anchorClicked.connect(self._open_link)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self._mono_family = mono.family()
        self.browser.setFont(QFont(self.font()))
        self.status = plain_label(ElidedLabel(translate("Messages", "No messages."), self))
        # The latest line, elided to the panel's width: a long message must not widen the dock.
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.status.setMinimumWidth(40)
        clear = QToolButton(self)
        clear.setText(translate("Messages", "Clear"))
        clear.setToolTip(translate("Messages", "Clear the messages"))
        clear.clicked.connect(self.clear)
        top = QHBoxLayout()
        top.setContentsMargins(4, 2, 4, 0)
        top.addWidget(self.status, 1)
        top.addWidget(clear)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addWidget(self.browser, 1)
        self._text: list[str] = []  # plain text of everything shown, for tests and copy
        self._output: list[str] | None = None  # the pieces of the output being shown, if any
        self._rows = OutputRows()
        self._queue: deque[str] = deque()  # HTML waiting to be shown, a bounded chunk each
        self._drain = QTimer(self, singleShot=True, interval=0)
        self._drain.timeout.connect(self._show_next)

    def _set_status(self, text: str) -> None:
        first = text.split("\n", 1)[0]
        if len(first) > STATUS_CHARS:
            first = first[:STATUS_CHARS] + "…"
        self.status.setText(first)
        tip = text if len(text) <= 10 * STATUS_CHARS else text[: 10 * STATUS_CHARS] + "…"
        self.status.setToolTip(plain_tooltip(tip))

    # -- adding entries -------------------------------------------------------------------------
    def _append(self, html_text: str, plain: str) -> None:
        self._end_output()
        self._text.append(plain)
        self._enqueue(html_text)

    def _enqueue(self, html_text: str) -> None:
        """Show ``html_text`` now when nothing waits, else after what waits (order is kept)."""
        self._queue.append(html_text)
        if len(self._queue) == 1 and not self._drain.isActive():
            self._show_next()

    def _show_next(self) -> None:
        if not self._queue:
            return
        self.browser.append(self._queue.popleft())
        bar = self.browser.verticalScrollBar()
        bar.setValue(bar.maximum())
        # What comes next waits for the event loop's next turn (even when nothing waits yet:
        # a burst of entries from one slot is drawn a chunk per turn, not all at once).
        self._drain.start()

    def pending(self) -> int:
        """Return how many chunks still wait to be shown."""
        return len(self._queue)

    def _color(self, role: str) -> str:
        dark = self.palette().color(QPalette.ColorRole.Base).lightness() < 128
        table = {
            "error": "#ff6b6b" if dark else "#b00020",
            "warn": "#ffb74d" if dark else "#a15c00",
            "dim": "#9aa0a6" if dark else "#5f6368",
            "ok": "#81c995" if dark else "#1e7e34",
        }
        return table[role]

    def heading(self, text: str) -> None:
        """Start an entry (``Running basic_autograd.py``) with the time of day."""
        text = particles.resolve(text)
        stamp = time.strftime("%H:%M:%S")
        self._append(
            f"<p style='margin-top:8px'><span style='color:{self._color('dim')}'>{stamp}</span> "
            f"<b>{_esc(text)}</b></p>",
            f"{stamp} {text}",
        )
        self._set_status(text)

    def _mono(self, text: str) -> None:
        """Show ``text`` in the fixed font, wrapped, elided and in bounded chunks."""
        self._end_output()
        self._text.append(text)
        self._show_rows(_text_rows(text))

    def _show_rows(self, rows: list[str]) -> None:
        """Show ``rows`` (each at most one wrapped line) in the fixed font, in bounded chunks."""
        for piece in _chunks(rows):
            # Qt's HTML reader drops one line break after <pre> and one before </pre>: these
            # two are dropped instead of a blank row the chunk starts or ends with.
            self._enqueue(
                f'<pre style=\'font-family:"{self._mono_family}";margin:0;'
                f"white-space:pre-wrap'>\n{_esc(piece)}\n</pre>"
            )

    def _paragraph(self, marked: str, color: str, mark: str = "", *, bold: bool = False) -> None:
        """Show ``marked`` (text with its code spans marked, :func:`.i18n.marked_text`) in the
        panel's font and ``color`` (``mark`` before it), code in the fixed font, wrapped, elided
        and in bounded chunks like output; it is the status line's text too."""
        self._end_output()
        plain = without_code_marks(marked)
        self._text.append(plain)
        self._set_status(plain)
        code = f"<code style='font-family:\"{self._mono_family}\"'>"  # code_html escaped the rest
        for i, piece in enumerate(output_pieces(marked)):
            body = code_html((mark if i == 0 else "") + piece).replace("<code>", code)
            if bold:
                body = f"<b>{body}</b>"
            self._enqueue(f"<p style='color:{color};margin:0;white-space:pre-wrap'>{body}</p>")

    def output(self, text: str) -> None:
        """Show what the script printed (stdout and stderr, interleaved as a terminal shows them)
        as it arrives: a piece that does not end with a line break leaves its line open, and the
        next piece continues that line. The output ends when anything else is added; its
        trailing whitespace is not shown."""
        if not text:
            return
        if self._output is None:
            self._output = []
        self._output.append(text)
        self._show_rows(self._rows.feed(text))

    def _end_output(self) -> None:
        """End the output being shown, if any: show the rest of its last line, keep its text."""
        if self._output is None:
            return
        self._show_rows(self._rows.close())
        whole = "".join(self._output).rstrip()
        self._output = None
        if whole:
            self._text.append(whole)

    def info(self, text: Message | str, *, ok: bool = False) -> None:
        # a remark of core's, in the window's language
        self._paragraph(error_marked(text), self._color("ok") if ok else self._color("dim"))

    def warning(self, text: Message | str) -> None:
        self._paragraph(error_marked(text), self._color("warn"), "⚠ ")
        self.problemShown.emit()

    def error(self, message: Message | str, details: str | None = None) -> None:
        """Show a failure: the cause in plain words (core's messages in the window's language),
        then optional details in a fixed font."""
        self._paragraph(error_marked(message), self._color("error"), "✖ ", bold=True)
        if details and details.rstrip():
            self._mono(details.rstrip())
        self.problemShown.emit()

    def script_error(self, exc: ScriptError) -> None:
        """Show why a script could not be captured: cause, the script's line, and its traceback."""
        self.error(exc.message)
        if exc.file and exc.line:
            code = _source_line(exc.file, exc.line)
            link = QUrl.fromLocalFile(exc.file)
            link.setFragment(f"line={exc.line}")
            url = html.escape(link.toString(), quote=True)
            where = translate("Messages", "{file}, line {line}").format(
                file=Path(exc.file).name[:STATUS_CHARS], line=exc.line
            )
            at = translate("Messages", "at")
            code_html = (
                f"<br><code style='font-family:\"{self._mono_family}\"'>&nbsp;&nbsp;{_esc(code)}</code>"
                if code
                else ""
            )
            self._append(
                f"<p style='margin:0'>{_esc(at)} <a href='{url}'>{_esc(where)}</a>{code_html}</p>",
                f"{at} {where}" + (f"\n    {code}" if code else ""),
            )
        if exc.user_traceback and exc.user_traceback.rstrip():
            self._mono(exc.user_traceback.rstrip())

    def clear(self) -> None:
        self._queue.clear()
        self._drain.stop()
        self.browser.clear()
        self._text.clear()
        self._output = None
        self._rows = OutputRows()
        self.status.setText(translate("Messages", "No messages."))

    def plain_text(self) -> str:
        """Return everything shown, as plain text (output still arriving included)."""
        output = "".join(self._output or []).rstrip()
        return "\n".join([*self._text, output] if output else self._text)

    def _open_link(self, url: QUrl) -> None:
        fragment = url.fragment()
        if url.isLocalFile() and fragment.startswith("line=") and fragment[5:].isdigit():
            self.lineActivated.emit(url.toLocalFile(), int(fragment[5:]))
            return
        QDesktopServices.openUrl(url)
