"""What the canvas says when the graph it draws is not the result of the last load."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from ..i18n import fill

translate = QCoreApplication.translate


class Fix(Enum):
    """Who can fix a failed load, and so what the banner asks for."""

    SAVE = "save"
    """The user's own script failed as saved: fix it and save it (saving reloads it)."""
    RUN = "run"
    """An edit in the Source panel ran (a bundled lesson's, or unsaved edits of a script): fix the
    edit and run it again; a bundled lesson is never saved."""
    LESSON = "lesson"
    """A bundled lesson failed as bundled: not the learner's to fix (it is read-only to them)."""
    APP = "app"
    """The app or the interpreter failed, not the script."""


def _same(shown: Path | None, loaded: Path) -> bool:
    return shown is not None and shown.resolve() == loaded.resolve()


def cancelled_banner(shown: Path | None, cancelled: Path, *, read: bool = False) -> str | None:
    """Return the banner over the graph of ``shown`` after the user cancelled running (or, with
    ``read``, reading) ``cancelled`` again, or None when ``cancelled`` is another file. Nothing
    failed, so it asks for no fix: it says what was stopped and which graph is still drawn."""
    if not _same(shown, cancelled):
        return None
    if read:
        template = translate(
            "StaleBanner", "Reading {name} again was cancelled: the graph shown is the one read before."
        )
    else:
        template = translate(
            "StaleBanner",
            "Running {name} again was cancelled: the graph shown is from its last complete run.",
        )
    return fill(template, name=cancelled.name)


def stale_banner(shown: Path | None, failed: Path, why: str, fix: Fix = Fix.SAVE) -> str | None:
    """Return the banner over the last good graph of ``shown`` after loading ``failed`` went
    wrong (``why``), or None when ``failed`` is another file: its graph must not stay drawn.
    ``fix`` says who can fix it, and so what the banner asks for."""
    if shown is None or not _same(shown, failed):
        return None
    ask = {
        Fix.SAVE: translate("StaleBanner", "Fix the script and save it to reload, or see Messages."),
        Fix.RUN: translate(
            "StaleBanner", "Fix your edit in the Source panel and run it again (Ctrl+Enter), or see Messages."
        ),
        Fix.LESSON: translate(
            "StaleBanner",
            "The lesson is read-only: edit it in the Source panel to run your own copy (Ctrl+Enter), "
            "or report the lesson with the text in Messages.",
        ),
        Fix.APP: translate(
            "StaleBanner", "The script is not at fault: see Messages for the fix, then reload."
        ),
    }[fix]
    return fill(
        translate(
            "StaleBanner",
            "Showing the last good graph of {shown}. Loading {failed} again failed: {why} {ask}",
        ),
        shown=shown.name,
        failed=failed.name,
        why=why,
        ask=ask,
    )
