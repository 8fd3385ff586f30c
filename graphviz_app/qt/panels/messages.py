"""The Messages panel: what the script printed, notices, and failures in plain words."""
from __future__ import annotations

import html
import time
from pathlib import Path

from PySide6.QtCore import QUrl, Signal
from PySide6.QtGui import QDesktopServices, QFont, QFontDatabase, QPalette
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ...errors import ScriptError


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


def _source_line(file: str | None, line: int | None) -> str | None:
    """Return the text of ``file``'s line ``line`` (1-based), or None when it cannot be read."""
    if not file or not line:
        return None
    try:
        lines = Path(file).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    return lines[line - 1].strip() if 0 < line <= len(lines) else None


class MessagesPanel(QWidget):
    """A log of runs: each entry has a heading, the script's output and any error with its traceback.

    ``problemShown`` is emitted when an error or warning is added, so the window can raise the dock.
    """

    problemShown = Signal()
    lineActivated = Signal(str, int)  # a "file, line N" link was clicked: show it in the Source panel

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.browser = QTextBrowser(self)
        self.browser.setObjectName("messagesBrowser")
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._open_link)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self._mono_family = mono.family()
        self.browser.setFont(QFont(self.font()))
        self.status = QLabel("No messages.", self)
        # The latest line, elided to the panel's width: a long message must not widen the dock.
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.status.setMinimumWidth(40)
        clear = QToolButton(self)
        clear.setText("Clear")
        clear.setToolTip("Clear the messages")
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

    def _set_status(self, text: str) -> None:
        first = text.split("\n", 1)[0]
        self.status.setText(first)
        self.status.setToolTip(text)

    # -- adding entries -------------------------------------------------------------------------
    def _append(self, html_text: str, plain: str) -> None:
        self.browser.append(html_text)
        self._text.append(plain)
        bar = self.browser.verticalScrollBar()
        bar.setValue(bar.maximum())

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
        stamp = time.strftime("%H:%M:%S")
        self._append(
            f"<p style='margin-top:8px'><span style='color:{self._color('dim')}'>{stamp}</span> "
            f"<b>{_esc(text)}</b></p>",
            f"{stamp} {text}",
        )
        self._set_status(text)

    def output(self, text: str) -> None:
        """Show what the script printed (stdout and stderr, interleaved as a terminal shows them)."""
        text = text.rstrip()
        if text:
            self._append(
                f"<pre style='font-family:\"{self._mono_family}\";margin:0'>{_esc(text)}</pre>",
                text,
            )

    def info(self, text: str, *, ok: bool = False) -> None:
        color = self._color("ok") if ok else self._color("dim")
        self._append(f"<p style='color:{color};margin:0'>{_esc(text)}</p>", text)
        self._set_status(text)

    def warning(self, text: str) -> None:
        self._append(f"<p style='color:{self._color('warn')};margin:0'>⚠ {_esc(text)}</p>", text)
        self._set_status(text)
        self.problemShown.emit()

    def error(self, message: str, details: str | None = None) -> None:
        """Show a failure: the cause in plain words, then optional details in a fixed font."""
        self._append(
            f"<p style='color:{self._color('error')};margin:0'><b>✖ {_esc(message)}</b></p>", message
        )
        if details:
            self._append(
                f"<pre style='font-family:\"{self._mono_family}\";margin:0'>{_esc(details.rstrip())}</pre>",
                details,
            )
        self._set_status(message)
        self.problemShown.emit()

    def script_error(self, exc: ScriptError) -> None:
        """Show why a script could not be captured: cause, the script's line, and its traceback."""
        self.error(exc.message)
        if exc.file and exc.line:
            code = _source_line(exc.file, exc.line)
            link = QUrl.fromLocalFile(exc.file)
            link.setFragment(f"line={exc.line}")
            url = link.toString()
            where = f"{Path(exc.file).name}, line {exc.line}"
            code_html = (
                f"<br><code style='font-family:\"{self._mono_family}\"'>&nbsp;&nbsp;{_esc(code)}</code>"
                if code
                else ""
            )
            self._append(
                f"<p style='margin:0'>at <a href='{url}'>{_esc(where)}</a>{code_html}</p>",
                f"at {where}" + (f"\n    {code}" if code else ""),
            )
        if exc.user_traceback:
            self._append(
                f"<pre style='font-family:\"{self._mono_family}\";margin:0'>"
                f"{_esc(exc.user_traceback.rstrip())}</pre>",
                exc.user_traceback,
            )

    def clear(self) -> None:
        self.browser.clear()
        self._text.clear()
        self.status.setText("No messages.")

    def plain_text(self) -> str:
        """Return everything shown, as plain text."""
        return "\n".join(self._text)

    def _open_link(self, url: QUrl) -> None:
        fragment = url.fragment()
        if url.isLocalFile() and fragment.startswith("line=") and fragment[5:].isdigit():
            self.lineActivated.emit(url.toLocalFile(), int(fragment[5:]))
            return
        QDesktopServices.openUrl(url)
