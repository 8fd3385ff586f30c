"""Node fill colors, the colour modes that choose them, their legends, and device-transfer edges.

The colour modes are a registry, :data:`COLOR_MODE_SPECS`: one :class:`ColorModeSpec` per mode
with its key (``--color KEY``), its menu name and legend title (marked for the window's
translation), how it fills the nodes, its legend rows and, where it has one, its colour bar. The
window's menu and combo box, the legend, the command line, the exports, ``show()`` and the HTML
page all iterate it; :func:`color_mode` looks a key up and refuses an unknown one.

``device``  (default) one colorblind-safe fill per device, from the Okabe-Ito palette lightened so
            black labels stay readable; unknown devices are hashed into the spare colors.
``op``      one color per op family (matmul, elementwise, activation, reduction, shape, ...).
``module``  one color per top-level module (``encoder`` in ``encoder.layers.0.attn``).
``grad``    the norm of the node's gradient on a log-scale viridis-like ramp between the graph's
            smallest and largest finite nonzero norms; NaN/Inf gradients get ``WARNING_COLOR``,
            nodes without a gradient ``NO_GRAD_COLOR``.
``memory``  the bytes a node keeps for backward (``saved_bytes``) on the same log ramp, between
            the smallest nonzero node and the largest node or module sum (a collapsed module is
            filled by its members' sum, :class:`SummedFills`); nodes that keep nothing get
            ``NEUTRAL_COLOR``, unmeasured ones ``UNKNOWN_KEPT_COLOR``. Offered for graphs that
            recorded the bytes (:func:`has_saved_bytes`).
``time``    the time a node took, forward and backward together (``forward_ns`` + ``backward_ns``),
            on the same log ramp and in the same way (a collapsed module: its members' sum);
            offered for graphs whose times were measured (:func:`.durations.has_times`).
``health``  each parameter (AccumulateGrad leaf) by its module's gradient health trend over the
            training loop's steps (vanishing, steady, exploding, NaN/Inf:
            :mod:`..model.health`); other nodes get ``NEUTRAL_COLOR``. Offered for graphs that
            recorded gradient health (:func:`..model.health.has_health`).

To add a mode: write its fills and legend functions and add one :class:`ColorModeSpec` to
:data:`COLOR_MODE_SPECS` (then give its name and title a Korean translation:
``resources/i18n/update.sh`` collects them).

Every function is a linear pass over the graph and returns ``"#rrggbb"`` strings.
"""

from __future__ import annotations

import functools
import math
import re
import zlib
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:  # (not loaded here: the CLI starts its worker before it imports networkx)
    import networkx as nx

from ...errors import ColorModeError
from ...wire.message import QT_TRANSLATE_NOOP, Message, Template
from ..model.derived import derived
from ..model.durations import TIME, format_duration, has_times
from ..model.health import TREND_WORDS, TRENDS, has_health, node_trends
from ..model.kept_memory import MEMORY, Measure, format_bytes, module_bytes, module_kept
from ..model.topology import natural_key, node_modules

ColorMode: TypeAlias = str
"""The key of a colour mode in :data:`COLOR_MODE_SPECS` (the one vocabulary of colour modes:
window, CLI and exports); :func:`color_mode` checks one."""


UNKNOWN_MODE = QT_TRANSLATE_NOOP("Explanation", "Unknown color mode {mode}; use one of {modes}.")

OKABE_ITO = {
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "bluish_green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish_purple": "#CC79A7",
}
"""The Okabe-Ito colorblind-safe palette (without black): the saturated, "dark" device colors."""

_DEVICE_BASE = {
    "cpu": OKABE_ITO["sky_blue"],
    "cuda:0": OKABE_ITO["bluish_green"],
    "cuda:1": OKABE_ITO["orange"],
    "mps": OKABE_ITO["reddish_purple"],
    "meta": OKABE_ITO["yellow"],
}
_SPARE_BASE = (
    OKABE_ITO["vermillion"],
    OKABE_ITO["blue"],
    OKABE_ITO["orange"],
    OKABE_ITO["bluish_green"],
    OKABE_ITO["reddish_purple"],
    OKABE_ITO["sky_blue"],
)

FILL_LIGHTNESS = 0.55
"""How far device fills are mixed toward white (0 = the saturated color, 1 = white)."""

WARNING_COLOR = "#FF1F8E"
"""Fill of nodes whose gradient holds NaN or Inf: a hot pink that the grad scale never uses."""
NO_GRAD_COLOR = "#D9D9D9"
"""Fill of nodes without a gradient in ``grad`` mode."""
NEUTRAL_COLOR = "#EEEEEE"
"""Fill of nodes a mode says nothing about (no device, no module, nothing kept for backward)."""
UNKNOWN_KEPT_COLOR = "#E3C58F"
"""Fill of nodes whose kept bytes (``memory`` mode) or time (``time``) were not measured: a sand
the ramp never uses."""

TOL_LIGHT = (
    "#77AADD",
    "#EE8866",
    "#EEDD88",
    "#44BB99",
    "#FFAABB",
    "#99DDFF",
    "#BBCC33",
    "#AAAA00",
    "#DDDDDD",
)
"""Paul Tol's 'light' qualitative palette: colorblind-safe fills made for black text."""

VIRIDIS_STOPS = (
    "#440154",
    "#472D7B",
    "#3B528B",
    "#2C728E",
    "#21918C",
    "#28AE80",
    "#5EC962",
    "#ADDC30",
    "#FDE725",
)
"""Evenly spaced stops of matplotlib's viridis (perceptually uniform, colorblind-safe)."""


def _rgb(color: str) -> tuple[int, int, int]:
    c = color.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def _hex(r: float, g: float, b: float) -> str:
    return "#{:02X}{:02X}{:02X}".format(*(max(0, min(255, round(v))) for v in (r, g, b)))


def lighten(color: str, amount: float = FILL_LIGHTNESS) -> str:
    """Return ``color`` mixed toward white by ``amount`` (0..1)."""
    r, g, b = _rgb(color)
    return _hex(r + (255 - r) * amount, g + (255 - g) * amount, b + (255 - b) * amount)


def darken(color: str, amount: float = 0.35) -> str:
    """Return ``color`` mixed toward black by ``amount`` (0..1)."""
    r, g, b = _rgb(color)
    return _hex(r * (1 - amount), g * (1 - amount), b * (1 - amount))


def _luminance(color: str) -> float:
    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = _rgb(color)
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


@functools.lru_cache(maxsize=1024)  # (a drawing asks once per node, of a few fills)
def text_color(fill: str) -> str:
    """Return ``"#000000"`` or ``"#ffffff"``, whichever has the higher WCAG contrast on ``fill``."""
    lum = _luminance(fill)
    return "#000000" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "#ffffff"


def device_base_color(device: str | None) -> str:
    """Return the saturated color of a device (for transfer edges and borders)."""
    if not device:
        return "#808080"
    if device in _DEVICE_BASE:
        return _DEVICE_BASE[device]
    if device == "cuda":
        return _DEVICE_BASE["cuda:0"]
    return _SPARE_BASE[zlib.crc32(device.encode("utf-8")) % len(_SPARE_BASE)]


@functools.lru_cache(maxsize=256)  # (asked once per node, of a few devices)
def device_color(device: str | None) -> str:
    """Return the fill color of a device: a lightened Okabe-Ito color (gray for no device)."""
    if not device:
        return NEUTRAL_COLOR
    return lighten(device_base_color(device))


def device_edge_color(device: str | None) -> str:
    """Return a dark shade of the device's color that stands out as a line on white (contrast
    at least 3:1): used for transfer edges into that device."""
    color = device_base_color(device)
    while 1.05 / (_luminance(color) + 0.05) < 3.0:
        color = darken(color, 0.12)
    return color


# --- op families -----------------------------------------------------------------------------

OP_FAMILIES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # (family, color, op-name stems; matched case-insensitively as whole stems or prefixes)
    ("leaf", TOL_LIGHT[8], ("accumulategrad",)),
    (
        "matmul / conv",
        TOL_LIGHT[0],
        (
            "mm",
            "addmm",
            "bmm",
            "baddbmm",
            "matmul",
            "mv",
            "dot",
            "linear",
            "convolution",
            "conv",
            "einsum",
            "addmv",
            "addbmm",
            "scaleddotproduct",
            "flashattention",
            "efficientattention",
            "embedding",
        ),
    ),
    (
        "activation",
        TOL_LIGHT[1],
        (
            "relu",
            "gelu",
            "silu",
            "sigmoid",
            "tanh",
            "softmax",
            "logsoftmax",
            "elu",
            "leakyrelu",
            "hardtanh",
            "softplus",
            "mish",
            "hardswish",
            "hardsigmoid",
            "prelu",
            "threshold",
            "glu",
        ),
    ),
    (
        "normalization",
        TOL_LIGHT[3],
        (
            "nativelayernorm",
            "nativebatchnorm",
            "layernorm",
            "batchnorm",
            "groupnorm",
            "nativegroupnorm",
            "rmsnorm",
            "instancenorm",
            "cudnnbatchnorm",
            "fusedrmsnorm",
        ),
    ),
    (
        "reduction",
        TOL_LIGHT[4],
        (
            "sum",
            "mean",
            "max",
            "min",
            "amax",
            "amin",
            "prod",
            "norm",
            "linalgvectornorm",
            "std",
            "var",
            "logsumexp",
            "cumsum",
            "cumprod",
            "median",
            "sort",
            "topk",
            "kthvalue",
            "maxpool",
            "avgpool",
            "adaptiveavgpool",
            "adaptivemaxpool",
        ),
    ),
    (
        "loss",
        TOL_LIGHT[6],
        (
            "nllloss",
            "nllloss2d",
            "mseloss",
            "crossentropy",
            "l1loss",
            "binarycrossentropy",
            "binarycrossentropywithlogits",
            "smoothl1loss",
            "huberloss",
            "kldiv",
        ),
    ),
    (
        "shape / view",
        TOL_LIGHT[5],
        (
            "view",
            "reshape",
            "unsafeview",
            "transpose",
            "t",
            "permute",
            "expand",
            "squeeze",
            "unsqueeze",
            "select",
            "slice",
            "cat",
            "stack",
            "split",
            "splitwithsizes",
            "chunk",
            "unbind",
            "index",
            "indexselect",
            "gather",
            "scatter",
            "clone",
            "flatten",
            "unflatten",
            "narrow",
            "repeat",
            "alias",
            "asstrided",
            "copyslices",
            "pad",
            "constantpadnd",
            "roll",
            "flip",
            "masked",
            "maskedfill",
            "where",
            "diagonal",
            "tril",
            "triu",
        ),
    ),
    ("device copy", TOL_LIGHT[7], ("tocopy", "copy", "tosparse", "todense")),
    (
        "elementwise",
        TOL_LIGHT[2],
        (
            "add",
            "sub",
            "rsub",
            "mul",
            "div",
            "pow",
            "neg",
            "exp",
            "log",
            "log1p",
            "log2",
            "sqrt",
            "rsqrt",
            "abs",
            "sin",
            "cos",
            "tan",
            "reciprocal",
            "clamp",
            "clampmin",
            "clampmax",
            "sign",
            "erf",
            "lerp",
            "addcmul",
            "addcdiv",
            "maximum",
            "minimum",
            "floor",
            "ceil",
            "round",
            "trunc",
            "frac",
            "fmod",
            "remainder",
            "atan2",
            "hypot",
            "square",
            "exp2",
            "expm1",
            "dropout",
            "nativedropout",
            "fuseddropout",
            "polar",
            "real",
            "imag",
            "conj",
        ),
    ),
)
OTHER_FAMILY = "other"
OTHER_FAMILY_COLOR = "#FFFFFF"

_FAMILY_BY_STEM = {stem: (family, color) for family, color, stems in OP_FAMILIES for stem in stems}
_FAMILY_COLORS = {family: color for family, color, _ in OP_FAMILIES}
_FAMILY_COLORS[OTHER_FAMILY] = OTHER_FAMILY_COLOR
_BACKWARD_SUFFIX = re.compile(r"Backwards?\d*$")


@functools.lru_cache(maxsize=4096)
def op_family(op: str | None) -> str:
    """Return the family of an autograd op name (``"AddmmBackward0"`` -> ``"matmul / conv"``).

    The op's stem (name without ``Backward0``, lower case) is looked up whole, then by its
    longest known prefix of at least 3 letters (``"scaleddotproductefficientattention"`` ->
    ``"scaleddotproduct"``); anything else is ``"other"`` (custom autograd functions...).
    """
    if not op:
        return OTHER_FAMILY
    stem = _BACKWARD_SUFFIX.sub("", op).lower().replace("_", "")
    if stem in _FAMILY_BY_STEM:
        return _FAMILY_BY_STEM[stem][0]
    for end in range(len(stem) - 1, 2, -1):
        hit = _FAMILY_BY_STEM.get(stem[:end])
        if hit is not None:
            return hit[0]
    return OTHER_FAMILY


# --- modules ---------------------------------------------------------------------------------


def top_module(module: str | None) -> str | None:
    """Return the top-level module name of a dotted path (``"encoder"``), or None."""
    return module.split(".", 1)[0] if module else None


def module_palette(graph: nx.DiGraph) -> dict[str, str]:
    """Return ``{top-level module: fill}``: palette colors in sorted-name order (stable per graph)."""
    tops = sorted({t for t in (top_module(m) for _, m in derived(graph, node_modules)) if t}, key=natural_key)
    palette = TOL_LIGHT[:8]
    return {top: palette[i % len(palette)] for i, top in enumerate(tops)}


# --- gradients -------------------------------------------------------------------------------


@dataclass(frozen=True)
class GradScale:
    """A log-scale color ramp between the smallest and largest finite nonzero gradient norm."""

    lo: float
    hi: float
    ticks: tuple[float, ...]

    def position(self, norm: float) -> float:
        """Return where ``norm`` sits on the bar, 0 (``lo``) .. 1 (``hi``), clamped."""
        if norm <= 0 or self.hi <= self.lo:
            return 0.0 if norm <= 0 or norm < self.lo else (1.0 if self.hi > self.lo else 0.5)
        t = (math.log10(norm) - math.log10(self.lo)) / (math.log10(self.hi) - math.log10(self.lo))
        return max(0.0, min(1.0, t))

    def color(self, norm: float) -> str:
        """Return the ramp color of a finite norm."""
        return ramp_color(self.position(norm))

    def stops(self, n: int = len(VIRIDIS_STOPS)) -> list[tuple[float, str]]:
        """Return ``n`` evenly spaced ``(position, color)`` pairs for drawing the bar."""
        return (
            [(i / (n - 1), ramp_color(i / (n - 1))) for i in range(n)] if n > 1 else [(0.0, ramp_color(0.0))]
        )

    def label(self, value: float) -> str:
        """A tick's text: ``0.001``, ``0.5``, ``120``, ``1e-5``."""
        if value == 0 or 1e-3 <= abs(value) < 1e4:
            return f"{value:.2g}" if abs(value) < 100 else f"{value:.0f}"
        mantissa, exponent = f"{value:.1e}".split("e")
        return f"{mantissa.rstrip('0').rstrip('.')}e{int(exponent)}"

    @property
    def caption(self) -> Message:
        """What the bar measures, written under it in the exports."""
        return Message.verbatim("‖grad‖, log scale")


@dataclass(frozen=True)
class ByteScale(GradScale):
    """The log ramp of bytes kept for backward: ticks at powers of two, written in bytes."""

    def label(self, value: float) -> str:
        """A tick's text: ``256 B``, ``32 KiB``, ``37 MiB``."""
        return format_bytes(round(value))

    @property
    def caption(self) -> Message:
        return BYTES_CAPTION


@dataclass(frozen=True)
class DurationScale(GradScale):
    """The log ramp of node times: ticks at powers of ten, written in ns, µs, ms or s."""

    def label(self, value: float) -> str:
        """A tick's text: ``850 ns``, ``10 µs``, ``3.2 ms``."""
        return format_duration(round(value))

    @property
    def caption(self) -> Message:
        return TIME_CAPTION


def ramp_color(t: float) -> str:
    """Return the viridis-like color at ``t`` in 0..1 (linear interpolation between stops)."""
    t = max(0.0, min(1.0, t))
    x = t * (len(VIRIDIS_STOPS) - 1)
    i = min(int(x), len(VIRIDIS_STOPS) - 2)
    f = x - i
    (r0, g0, b0), (r1, g1, b1) = _rgb(VIRIDIS_STOPS[i]), _rgb(VIRIDIS_STOPS[i + 1])
    return _hex(r0 + (r1 - r0) * f, g0 + (g1 - g0) * f, b0 + (b1 - b0) * f)


def _grad_state(grad: object) -> tuple[str, float | None]:
    """Classify a grad summary: ("none"|"bad"|"zero"|"ok"|"unknown", norm)."""
    if not isinstance(grad, dict):
        return "none", None
    if (grad.get("nan") or 0) > 0 or (grad.get("inf") or 0) > 0:
        return "bad", None
    norm = grad.get("norm")
    if not isinstance(norm, (int, float)) or isinstance(norm, bool):
        return "unknown", None
    if not math.isfinite(norm):
        return "bad", None
    return ("zero", 0.0) if norm == 0 else ("ok", float(norm))


def _ticks(lo: float, hi: float) -> tuple[float, ...]:
    if hi <= lo:
        return (lo,)
    first, last = math.ceil(math.log10(lo) - 1e-9), math.floor(math.log10(hi) + 1e-9)
    decades = list(range(first, last + 1))
    if len(decades) > 7:  # keep the bar readable: every k-th decade
        k = math.ceil(len(decades) / 6)
        decades = decades[::k]
    inner = [10.0**d for d in decades if lo * 1.25 < 10.0**d < hi / 1.25]
    return (lo, *inner, hi)


def _byte_ticks(lo: int, hi: int) -> tuple[float, ...]:
    """``lo``, the powers of two between (every 2nd, 5th, 10th... exponent: at most five), ``hi``."""
    if hi <= lo:
        return (float(lo),)
    first, last = math.ceil(math.log2(lo)), math.floor(math.log2(hi))
    step = next((k for k in (1, 2, 5, 10, 20) if (last - first) // k < 5), 30)
    inner = [2.0**e for e in range(first, last + 1) if e % step == 0 and lo * 1.5 < 2.0**e < hi / 1.5]
    return (float(lo), *inner, float(hi))


def grad_scale(graph: nx.DiGraph) -> GradScale | None:
    """Return the log scale of the graph's finite nonzero gradient norms, or None if it has none."""
    norms = [
        n
        for state, n in (_grad_state(g) for _, g in graph.nodes(data="grad"))
        if state == "ok" and n is not None
    ]
    if not norms:
        return None
    lo, hi = min(norms), max(norms)
    return GradScale(lo, hi, _ticks(lo, hi))


def has_grads(graph: nx.DiGraph) -> bool:
    """True when the graph carries gradients: a recorded backward ran, or a node has a gradient
    summary (the one test of "has gradients": the grad colour mode, the Leaves panel, exports)."""
    info = graph.graph.get("backward") or {}
    return bool(info.get("ran")) or any(isinstance(g, dict) for _, g in graph.nodes(data="grad"))


# --- memory kept for backward ----------------------------------------------------------------


def has_saved_bytes(graph: nx.DiGraph) -> bool:
    """True when the capture measured what the graph's nodes keep for backward: a node has its
    bytes, or the graph its total (the test of the ``memory`` colour mode and the window's list)."""
    return isinstance(graph.graph.get("saved_bytes_total"), int) or any(
        isinstance(b, int) for _, b in graph.nodes(data="saved_bytes")
    )


def _node_amounts(graph: nx.DiGraph, measure: Measure) -> dict[str, int | None]:
    return {n: measure.of(data) for n, data in graph.nodes(data=True)}


def _measure_scale(graph: nx.DiGraph, measure: Measure) -> tuple[int, int] | None:
    """The range of a measure's ramp: from the smallest nonzero node to the largest node or
    module sum (a collapsed module is filled by its sum); None when no node has a nonzero amount."""
    held = [b for b in _node_amounts(graph, measure).values() if b]
    if not held:
        return None
    return min(held), max([*held, *(kept.known for kept in module_kept(graph, measure).values())])


def byte_scale(graph: nx.DiGraph) -> ByteScale | None:
    """The log scale of kept bytes (see :func:`_measure_scale`), ticks at powers of two."""
    found = _measure_scale(graph, MEMORY)
    return ByteScale(*found, _byte_ticks(*found)) if found else None


def duration_scale(graph: nx.DiGraph) -> DurationScale | None:
    """The log scale of node times (see :func:`_measure_scale`), ticks at powers of ten."""
    found = _measure_scale(graph, TIME)
    return DurationScale(*found, _ticks(*found)) if found else None


class SummedFills(dict[str, str]):
    """Fills of a mode that colours a collapsed module by its members' summed amount (bytes kept
    in ``memory``, time in ``time``) rather than by the colour most of them have
    (:func:`.look.node_fill` asks :meth:`group`). It keeps the nodes' amounts, not the graph: a
    graph's derived values must not hold it."""

    def __init__(
        self,
        fills: dict[str, str],
        amounts: dict[str, int | None],
        scale: GradScale | None,
        by_module: dict[str, int] | None = None,
    ):
        super().__init__(fills)
        self.amounts = amounts
        self.scale = scale
        self.by_module = by_module

    def group(self, members: Iterable[str], module: str | None = None) -> str:
        """The fill of the members together (the collapsed ``module``'s): their known amounts'
        sum on the scale, each storage once where the graph counted its modules' storages;
        unknown when none was measured; neutral when the sum is nothing."""
        known = unknown = 0
        for member in members:
            count = self.amounts.get(member)
            if count is None:
                unknown += 1
            else:
                known += count
        if module and self.by_module is not None:
            known = self.by_module.get(module, 0)
        return _amount_fill(known if known or not unknown else None, self.scale)


def _amount_fill(count: int | None, scale: GradScale | None) -> str:
    if count is None:
        return UNKNOWN_KEPT_COLOR
    if count <= 0 or scale is None:
        return NEUTRAL_COLOR
    return scale.color(count)


# --- per-mode fills and legends --------------------------------------------------------------


# The legend's own words (device, op-family and module names come from the graph, as written).
NO_DEVICE = Message.of(QT_TRANSLATE_NOOP("Legend", "no device"))
NO_MODULE = Message.of(QT_TRANSLATE_NOOP("Legend", "(no module)"))
GRAD_NORM = Message.of(QT_TRANSLATE_NOOP("Legend", "gradient norm (log scale)"))
ZERO_GRAD = Message.of(QT_TRANSLATE_NOOP("Legend", "zero gradient"))
BAD_GRAD = Message.of(QT_TRANSLATE_NOOP("Legend", "NaN/Inf gradient"))
NO_GRAD = Message.of(QT_TRANSLATE_NOOP("Legend", "no gradient"))
KEPT_RANGE = QT_TRANSLATE_NOOP("Legend", "keeps {low} to {high} (log scale)")
KEPT_NOTHING = Message.of(QT_TRANSLATE_NOOP("Legend", "keeps nothing"))
KEPT_UNKNOWN = Message.of(QT_TRANSLATE_NOOP("Legend", "not measured"))
BYTES_CAPTION = Message.of(QT_TRANSLATE_NOOP("Legend", "bytes kept, log scale"))
TIME_RANGE = QT_TRANSLATE_NOOP("Legend", "took {low} to {high} (log scale)")
TIME_NOTHING = Message.of(QT_TRANSLATE_NOOP("Legend", "took no time"))
TIME_CAPTION = Message.of(QT_TRANSLATE_NOOP("Legend", "time, log scale"))


@dataclass(frozen=True)
class LegendEntry:
    """One legend row: a label, its fill color and how many nodes have it (None: not counted)."""

    label: str
    color: str
    count: int | None = None
    words: Message | None = field(default=None, compare=False)
    """``label`` as a message, when the legend wrote it (the window shows it in its language)."""

    @classmethod
    def of(cls, words: Message, color: str, count: int | None = None) -> LegendEntry:
        """A row of the legend's own words (its English as ``label``)."""
        return cls(words.english(), color, count, words)

    @property
    def message(self) -> Message:
        """The row as drawn, ``"cpu (12)"``, as a message."""
        label = self.words if self.words is not None else Message.verbatim(self.label)
        return label if self.count is None else Message.joined(label, f" ({self.count})")

    @property
    def text(self) -> str:
        """The row as drawn, in English: ``"cpu (12)"``."""
        return self.label if self.count is None else f"{self.label} ({self.count})"


def _device_order(device: str) -> tuple[int, tuple[tuple[int, int, str], ...]]:
    known = list(_DEVICE_BASE)
    return (known.index(device), ()) if device in known else (len(known), natural_key(device))


def _device_fills(graph: nx.DiGraph) -> dict[str, str]:
    return {node: device_color(device) for node, device in graph.nodes(data="device")}


def _device_legend(graph: nx.DiGraph) -> list[LegendEntry]:
    counts = Counter(d for _, d in graph.nodes(data="device"))
    keys = sorted((d for d in counts if d), key=_device_order)
    rows = [LegendEntry(d, device_color(d), counts[d]) for d in keys]
    if counts.get(None):
        rows.append(LegendEntry.of(NO_DEVICE, NEUTRAL_COLOR, counts[None]))
    return rows


def _op_fills(graph: nx.DiGraph) -> dict[str, str]:
    return {node: _FAMILY_COLORS[op_family(op)] for node, op in graph.nodes(data="op")}


def _op_legend(graph: nx.DiGraph) -> list[LegendEntry]:
    counts = Counter(op_family(op) for _, op in graph.nodes(data="op"))
    order = [f for f, _, _ in OP_FAMILIES] + [OTHER_FAMILY]
    return [LegendEntry(f, _FAMILY_COLORS[f], counts[f]) for f in order if counts.get(f)]


def _module_fills(graph: nx.DiGraph) -> dict[str, str]:
    palette = module_palette(graph)
    return {node: palette.get(top_module(m) or "", NEUTRAL_COLOR) for node, m in derived(graph, node_modules)}


def _module_legend(graph: nx.DiGraph) -> list[LegendEntry]:
    palette = module_palette(graph)
    counts = Counter(top_module(m) for _, m in derived(graph, node_modules))
    rows = [LegendEntry(top, color, counts[top]) for top, color in palette.items()]
    if counts.get(None):
        rows.append(LegendEntry.of(NO_MODULE, NEUTRAL_COLOR, counts[None]))
    return rows


def _grad_fills(graph: nx.DiGraph) -> dict[str, str]:
    scale = grad_scale(graph)
    out = {}
    for node, grad in graph.nodes(data="grad"):
        state, norm = _grad_state(grad)
        if state == "bad":
            out[node] = WARNING_COLOR
        elif state == "ok" and scale is not None and norm is not None:
            out[node] = scale.color(norm)
        elif state == "zero":
            out[node] = ramp_color(0.0)
        else:
            out[node] = NO_GRAD_COLOR
    return out


def _grad_legend(graph: nx.DiGraph) -> list[LegendEntry]:
    states = Counter(_grad_state(g)[0] for _, g in graph.nodes(data="grad"))
    rows = (
        (GRAD_NORM, ramp_color(0.5), states["ok"] if grad_scale(graph) is not None else 0),
        (ZERO_GRAD, ramp_color(0.0), states["zero"]),
        (BAD_GRAD, WARNING_COLOR, states["bad"]),
        (NO_GRAD, NO_GRAD_COLOR, states["none"] + states["unknown"]),
    )
    return [LegendEntry.of(words, color, count) for words, color, count in rows if count]


def _measure_fills(graph: nx.DiGraph, measure: Measure, scale: GradScale | None) -> SummedFills:
    amounts = _node_amounts(graph, measure)
    by_module = module_bytes(graph) if measure is MEMORY else None
    return SummedFills({n: _amount_fill(b, scale) for n, b in amounts.items()}, amounts, scale, by_module)


def _measure_legend(
    graph: nx.DiGraph, measure: Measure, scale: GradScale | None, words: tuple[Template, Message]
) -> list[LegendEntry]:
    """The rows of a measure's mode: the ramp's range (``words``: its template, and the words
    of nodes at zero), nodes at zero, nodes not measured."""
    counts = Counter(
        "unknown" if b is None else "none" if b <= 0 else "held"
        for b in _node_amounts(graph, measure).values()
    )
    held = Message.of(words[0], low=scale.label(scale.lo), high=scale.label(scale.hi)) if scale else None
    rows = (
        (held, ramp_color(0.5), counts["held"]),
        (words[1], NEUTRAL_COLOR, counts["none"]),
        (KEPT_UNKNOWN, UNKNOWN_KEPT_COLOR, counts["unknown"]),
    )
    return [LegendEntry.of(words, color, count) for words, color, count in rows if count and words]


def _memory_fills(graph: nx.DiGraph) -> dict[str, str]:
    return _measure_fills(graph, MEMORY, byte_scale(graph))


def _memory_legend(graph: nx.DiGraph) -> list[LegendEntry]:
    return _measure_legend(graph, MEMORY, byte_scale(graph), (KEPT_RANGE, KEPT_NOTHING))


def _time_fills(graph: nx.DiGraph) -> dict[str, str]:
    return _measure_fills(graph, TIME, duration_scale(graph))


def _time_legend(graph: nx.DiGraph) -> list[LegendEntry]:
    return _measure_legend(graph, TIME, duration_scale(graph), (TIME_RANGE, TIME_NOTHING))


NOT_FOLLOWED = Message.of(QT_TRANSLATE_NOOP("Legend", "other nodes"))
"""``health`` mode: the nodes that are not a parameter gradient health followed."""
HEALTH_COLORS = {
    "vanishing": TOL_LIGHT[0],
    "steady": TOL_LIGHT[3],
    "exploding": TOL_LIGHT[1],
    "nan": WARNING_COLOR,
}
"""Fills of ``health`` mode: a cold blue, a calm green, a warm orange, and the NaN pink."""


def _health_fills(graph: nx.DiGraph) -> dict[str, str]:
    trends = node_trends(graph)
    return {node: HEALTH_COLORS[trends[node]] if node in trends else NEUTRAL_COLOR for node in graph}


def _health_legend(graph: nx.DiGraph) -> list[LegendEntry]:
    trends = node_trends(graph)
    counts = Counter(trends.values())
    rows = [LegendEntry.of(TREND_WORDS[t], HEALTH_COLORS[t], counts[t]) for t in TRENDS if counts[t]]
    if len(graph) > len(trends):
        rows.append(LegendEntry.of(NOT_FOLLOWED, NEUTRAL_COLOR, len(graph) - len(trends)))
    return rows


def _no_scale(graph: nx.DiGraph) -> GradScale | None:
    return None


# --- the registry ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ColorModeSpec:
    """One colour mode: what the window, the command line and the exports need to offer it and
    draw with it."""

    key: ColorMode
    """Its name on the command line (``--color KEY``), in the settings and in saved views."""
    name: str
    """Its name in the window's menu and combo box (English; the window translates it)."""
    title: str
    """Its legend title, ``color: <title>`` (English; the window translates it)."""
    fills: Callable[[nx.DiGraph], dict[str, str]]
    """``{graph node id: "#rrggbb"}`` for every node."""
    legend: Callable[[nx.DiGraph], list[LegendEntry]]
    """The legend rows of the colours present, with node counts."""
    scale: Callable[[nx.DiGraph], GradScale | None] = _no_scale
    """The colour bar drawn with the legend (None: the mode has none, or not for this graph)."""
    needs: Callable[[nx.DiGraph], bool] | None = None
    """What a graph must have for the mode to be offered in the window: gradients
    (:func:`has_grads`), kept bytes measured (:func:`has_saved_bytes`), times measured
    (:func:`.durations.has_times`); None: nothing."""

    @property
    def needs_gradients(self) -> bool:
        """Whether the mode is offered only for a graph with gradients."""
        return self.needs is has_grads

    def offered(self, graph: nx.DiGraph) -> bool:
        """True when the mode makes sense for ``graph`` (what it needs, the graph has)."""
        return self.needs is None or derived(graph, self.needs)


COLOR_MODE_SPECS: tuple[ColorModeSpec, ...] = (
    ColorModeSpec(
        "device",
        QT_TRANSLATE_NOOP("ColorMode", "Device").source,
        QT_TRANSLATE_NOOP("ColorMode", "device").source,
        _device_fills,
        _device_legend,
    ),
    ColorModeSpec(
        "op",
        QT_TRANSLATE_NOOP("ColorMode", "Op type").source,
        QT_TRANSLATE_NOOP("ColorMode", "op family").source,
        _op_fills,
        _op_legend,
    ),
    ColorModeSpec(
        "module",
        QT_TRANSLATE_NOOP("ColorMode", "Module").source,
        QT_TRANSLATE_NOOP("ColorMode", "module").source,
        _module_fills,
        _module_legend,
    ),
    ColorModeSpec(
        "grad",
        QT_TRANSLATE_NOOP("ColorMode", "Gradient norm").source,
        QT_TRANSLATE_NOOP("ColorMode", "gradient norm").source,
        _grad_fills,
        _grad_legend,
        scale=grad_scale,
        needs=has_grads,
    ),
    ColorModeSpec(
        "memory",
        QT_TRANSLATE_NOOP("ColorMode", "Kept for backward").source,
        QT_TRANSLATE_NOOP("ColorMode", "kept for backward").source,
        _memory_fills,
        _memory_legend,
        scale=byte_scale,
        needs=has_saved_bytes,
    ),
    ColorModeSpec(
        "time",
        QT_TRANSLATE_NOOP("ColorMode", "Time").source,
        QT_TRANSLATE_NOOP("ColorMode", "time, forward and backward").source,
        _time_fills,
        _time_legend,
        scale=duration_scale,
        needs=has_times,
    ),
    ColorModeSpec(
        "health",
        QT_TRANSLATE_NOOP("ColorMode", "Gradient health").source,
        QT_TRANSLATE_NOOP("ColorMode", "gradient health over the steps").source,
        _health_fills,
        _health_legend,
        needs=has_health,
    ),
)
"""Every colour mode, in menu order (the first is the default)."""
COLOR_MODES: tuple[ColorMode, ...] = tuple(spec.key for spec in COLOR_MODE_SPECS)
"""The keys of :data:`COLOR_MODE_SPECS` (``--color`` choices)."""
_SPEC_BY_KEY = {spec.key: spec for spec in COLOR_MODE_SPECS}


def color_mode(mode: str) -> ColorModeSpec:
    """Return the registry entry of ``mode``; raise ColorModeError (naming the modes) if unknown."""
    spec = _SPEC_BY_KEY.get(mode)
    if spec is None:
        raise ColorModeError(Message.of(UNKNOWN_MODE, mode=repr(mode), modes=", ".join(COLOR_MODES)))
    return spec


def node_colors(graph: nx.DiGraph, mode: str = "device") -> dict[str, str]:
    """Return ``{graph node id: fill color}`` for every node under color ``mode`` (computed once
    per graph and mode: the dict is shared, never change it)."""
    return derived(graph, _node_colors, mode)


def _node_colors(graph: nx.DiGraph, mode: str) -> dict[str, str]:
    return color_mode(mode).fills(graph)


def legend(graph: nx.DiGraph, mode: str = "device") -> list[LegendEntry]:
    """Return the legend rows of the colors present in ``graph`` under ``mode``, with node counts."""
    return color_mode(mode).legend(graph)


def transfer_edges(graph: nx.DiGraph) -> set[tuple[str, str]]:
    """Return the edges whose producer and consumer are on different (known) devices (computed
    once per graph: the set is shared, never change it)."""
    return derived(graph, _transfer_edges)


def _transfer_edges(graph: nx.DiGraph) -> set[tuple[str, str]]:
    devices = dict(graph.nodes(data="device"))
    if len(set(devices.values()) - {None, ""}) < 2:
        return set()  # one device: no edge to look at (0.15 s at 100,000 nodes)
    return {
        (u, v) for u, v in graph.edges() if devices.get(u) and devices.get(v) and devices[u] != devices[v]
    }
