"""What the canvas says when the graph it draws is not the result of the last load."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication

from ..i18n import fill


def stale_banner(shown: Path | None, failed: Path, why: str, *, script_at_fault: bool = True) -> str | None:
    """Return the banner over the last good graph of ``shown`` after loading ``failed`` went
    wrong (``why``), or None when ``failed`` is another file: its graph must not stay drawn.

    ``script_at_fault``: False when the app or the interpreter failed, not the script (the
    banner then does not ask to fix the script)."""
    if shown is None or shown.resolve() != failed.resolve():
        return None
    if not script_at_fault:
        return fill(
            QCoreApplication.translate(
                "StaleBanner",
                "Showing the last good graph of {shown}. Loading {failed} again failed: {why} The script "
                "is not at fault: see Messages for the fix, then reload.",
            ),
            shown=shown.name,
            failed=failed.name,
            why=why,
        )
    return fill(
        QCoreApplication.translate(
            "StaleBanner",
            "Showing the last good graph of {shown}. Loading {failed} again failed: {why} "
            "Fix the script and save it to reload, or see Messages.",
        ),
        shown=shown.name,
        failed=failed.name,
        why=why,
    )
