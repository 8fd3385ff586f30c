"""The benchmark's tables: pipeline stage times, and the targets with the ratios that decide them.

Cells are medians (``12 ms``, ``1.4 s``); ``> 20 s`` is a run stopped at the cap; ``fails (...)``
or ``err`` a stage that raised (the JSON has the message); ``—`` not measured. Ratio cells end in ✓ or ✗ against
the target in the column's header.
"""

from __future__ import annotations

from typing import Any

TARGETS = {
    "capture_ratio": 2.0,
    "backward_ratio": 1.5,
    "svg_ratio": 1.0,
    "svg_ratio_hub": 0.1,
    "picture": 2.0,
    "repaint_style": 0.050,
    "repaint_view": 0.016,
    "memory": 0.25,
}
HUB_MODELS = ("lstm100",)
"""Entries where the SVG export must beat torchviz 10x (the shared-weight RNN)."""

STAGE_COLUMNS = [
    ("run", "run (Runner)"),
    ("forward_plain", "forward"),
    ("forward_recorded", "rec. forward"),
    ("walk", "bare walk"),
    ("capture", "capture"),
    ("backward_plain", "backward"),
    ("backward_recorded", "rec. backward"),
    ("emit_dot", "DOT"),
    ("layout", "layout"),
    ("scene", "Qt scene"),
    ("export_svg", "SVG"),
    ("export_png", "PNG"),
]
TARGET_COLUMNS = [
    "capture ÷ walk (≤ 2)",
    "rec. ÷ plain backward (≤ 1.5)",
    "export(loss) SVG",
    "torchviz SVG",
    "ours ÷ torchviz (≤ 1; RNN ≤ 0.1)",
    "first picture (≤ 2 s)",
    "shown as",
    "reopen (cached)",
    "restyle: color / step (≤ 50 ms)",
    "repaint: pan / zoom (≤ 16 ms)",
    "peak MB (plain → captured)",
    "capture memory (≤ +25%)",
]


def seconds_text(seconds: float | None) -> str:
    """Return ``"850 µs"``, ``"12 ms"``, ``"1.43 s"`` or ``"95 s"``."""
    if seconds is None:
        return "—"
    if seconds < 0.001:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1000:.3g} ms" if seconds < 0.1 else f"{seconds * 1000:.0f} ms"
    if seconds < 10:
        return f"{seconds:.2f} s"
    return f"{seconds:.0f} s"


def cell(timing: dict[str, Any] | None) -> str:
    """Return a stage's cell: its median, ``> cap``, ``err`` or ``—``."""
    if not timing:
        return "—"
    if timing.get("timeout") is not None:
        return f"> {timing['timeout']:g} s"
    if timing.get("error"):
        kind = str(timing["error"]).split(":", 1)[0]
        return f"fails ({kind})" if kind.endswith("Error") else "err"
    if timing.get("seconds") is None:
        return "—"
    text = seconds_text(timing["seconds"])
    runs = timing.get("runs", 0)
    return text if runs != 1 else text + "¹"


def _seconds(timing: dict[str, Any] | None) -> float | None:
    return timing.get("seconds") if timing else None


def _mark(ok: bool) -> str:
    return " ✓" if ok else " ✗"


def ratio_cell(ours: dict[str, Any] | None, theirs: dict[str, Any] | None, limit: float) -> str:
    """Return ``ours / theirs`` with a ✓/✗ against ``limit`` (bounds when one side hit its cap)."""
    a, b = _seconds(ours), _seconds(theirs)
    if a is not None and b:
        value = a / b
        return f"{value:.2f}{_mark(value <= limit)}"
    a_cap = ours.get("timeout") if ours else None
    b_cap = theirs.get("timeout") if theirs else None
    if a is not None and b_cap:
        bound = a / b_cap
        return f"< {bound:.2f}{_mark(bound <= limit)}"
    if a_cap and b is not None:
        return f"> {a_cap / b:.2f} ✗"
    if a_cap and b_cap:
        return "both > cap"
    if theirs and theirs.get("error"):
        if a is not None:
            return "✓ (it fails)"
        if a_cap:
            return f"ours > {a_cap:g} s; it fails"
    return "—"


def ratio(entry: dict[str, Any], name: str) -> float | None:
    """Return a target ratio of an entry as a number (for JSON and checks), or None."""
    stages = entry.get("stages", {})
    pairs = {
        "capture_ratio": ("capture", "walk"),
        "backward_ratio": ("backward_recorded", "backward_plain"),
        "svg_ratio": ("export_loss_svg", "torchviz"),
    }
    if name in pairs:
        top, bottom = (_seconds(stages.get(k)) for k in pairs[name])
        return top / bottom if top is not None and bottom else None
    if name == "memory":
        memory = entry.get("memory") or {}
        plain, captured = memory.get("plain"), memory.get("capture")
        return captured / plain - 1 if plain and captured else None
    raise KeyError(name)


def _pair(stages: dict[str, Any], first: str, second: str, limit: float) -> str:
    a, b = stages.get(first), stages.get(second)
    if not a and not b:
        return "—"
    values = [_seconds(a), _seconds(b)]
    text = f"{cell(a)} / {cell(b)}"
    if all(v is not None for v in values):
        text += _mark(max(values) <= limit)  # type: ignore[type-var]
    return text


def stage_rows(results: list[dict[str, Any]]) -> list[list[str]]:
    rows = []
    for entry in results:
        info, stages = entry.get("info", {}), entry.get("stages", {})
        rows.append(
            [entry["name"], _count(info.get("nodes")), _count(info.get("edges"))]
            + [cell(stages.get(key)) for key, _ in STAGE_COLUMNS]
        )
    return rows


def target_rows(results: list[dict[str, Any]]) -> list[list[str]]:
    rows = []
    for entry in results:
        stages, info = entry.get("stages", {}), entry.get("info", {})
        hub = entry["name"] in HUB_MODELS
        svg_limit = TARGETS["svg_ratio_hub"] if hub else TARGETS["svg_ratio"]
        picture = stages.get("picture")
        picture_text = cell(picture)
        if _seconds(picture) is not None:
            picture_text += _mark(picture["seconds"] <= TARGETS["picture"])
        plan = info.get("plan") or {}
        shown = "full detail" if not plan.get("actions") else "; ".join(plan["actions"])
        if plan:
            shown += f" ({_count(plan.get('nodes'))} nodes)"
        memory = entry.get("memory") or {}
        mem_ratio = ratio(entry, "memory")
        rows.append(
            [
                entry["name"],
                ratio_cell(stages.get("capture"), stages.get("walk"), TARGETS["capture_ratio"]),
                ratio_cell(
                    stages.get("backward_recorded"), stages.get("backward_plain"), TARGETS["backward_ratio"]
                ),
                cell(stages.get("export_loss_svg")),
                cell(stages.get("torchviz")),
                ratio_cell(stages.get("export_loss_svg"), stages.get("torchviz"), svg_limit),
                picture_text,
                shown,
                cell(stages.get("reopen")),
                _pair(stages, "repaint_color", "repaint_step", TARGETS["repaint_style"]),
                _pair(stages, "repaint_pan", "repaint_zoom", TARGETS["repaint_view"]),
                f"{memory['plain']:.0f} → {memory['capture']:.0f}"
                if memory.get("plain") and memory.get("capture")
                else "—",
                f"{mem_ratio:+.0%}{_mark(mem_ratio <= TARGETS['memory'])}" if mem_ratio is not None else "—",
            ]
        )
    return rows


def _count(value: Any) -> str:
    return f"{value:,}" if isinstance(value, int) else "—"


def render(header: list[str], rows: list[list[str]], markdown: bool) -> str:
    """Return the table as Markdown, or as aligned plain text."""
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        return "\n".join(lines)
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    out = ["  ".join(h.ljust(w) for h, w in zip(header, widths))]
    out.append("  ".join("-" * w for w in widths))
    out += ["  ".join(str(c).ljust(w) for c, w in zip(row, widths)) for row in rows]
    return "\n".join(out)


def tables(results: list[dict[str, Any]], *, markdown: bool = False) -> str:
    """Return both tables (stages, then targets) with their legends."""
    stage_header = ["model", "nodes", "edges"] + [title for _, title in STAGE_COLUMNS]
    target_header = ["model"] + TARGET_COLUMNS
    notes = (
        "¹ one run (slow stages stop repeating after 6 s); > N s: stopped at the cap; "
        "fails/err: the stage raised (message in the JSON); —: not measured."
    )
    return "\n\n".join(
        [
            "Pipeline stages (medians)",
            render(stage_header, stage_rows(results), markdown),
            "Targets",
            render(target_header, target_rows(results), markdown),
            notes,
        ]
    )
