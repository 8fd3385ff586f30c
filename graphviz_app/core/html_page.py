"""An interactive HTML page of a graph: one self-contained file that needs no network.

The page holds the SVG our DOT/layout path draws (the window's look: device colours, module
boxes, names, Values badges and the legend), the nodes' details as a JSON blob, and a small
vanilla script that pans (drag), zooms (wheel, buttons), searches ops, names and modules, and
shows a node's details on click.  Every text from the graph is escaped: the SVG is parsed and
written again without comments, scripts or event attributes, the JSON cannot close its
``<script>`` element, and details are written with ``textContent``; a Content-Security-Policy
lets only the page's own script run and forbids every network request.

The page's words are messages (``QT_TRANSLATE_NOOP("HtmlPage", ...)``) written in the language
the caller names, from the window's catalogue (:mod:`graphviz_app.language`): headings, buttons,
tooltips, the details' labels and the script's own sentences. The legend and a step's caption
are drawn once, in the picture (:func:`~.export.export_graph` paints them in that language); the
header names the graph (its script or notebook cell), not the step.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import os
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any
from xml.etree import ElementTree

import networkx as nx

from ..language import Words, template_text, words
from ..wire.message import QT_TRANSLATE_NOOP, Message, Template
from .graphviz.dot import BADGE_SUFFIX, CLUSTER_PREFIX, LEGEND_ID
from .graphviz.layout import decode_id, encode_id
from .model.durations import BACKWARD, FORWARD, format_duration, graph_times, summed_time
from .model.kept_memory import format_bytes, graph_total, module_kept_of, node_kept
from .model.values import format_number, gradient_line, small_values
from .view.display import SCALAR, DisplayGraph, DisplayNode, format_shape

COUNTS = QT_TRANSLATE_NOOP("HtmlPage", "{nodes} nodes, {edges} edges")
COUNTS_DRAWN = QT_TRANSLATE_NOOP("HtmlPage", "{nodes} nodes, {edges} edges ({drawn} drawn)")
KEPT_TOTAL = QT_TRANSLATE_NOOP("HtmlPage", "kept for backward: {bytes}")
KEPT_TOTAL_TIP = QT_TRANSLATE_NOOP(
    "HtmlPage", "The memory the graph's saved tensors keep until backward, each storage counted once"
)
TIME_TOTAL = QT_TRANSLATE_NOOP("HtmlPage", "forward {forward}, backward {backward}")
TIME_TOTAL_TIP = QT_TRANSLATE_NOOP(
    "HtmlPage", "The time the graph's ops took: each op's call in the script, each node in the backward pass"
)
NO_BACKWARD = QT_TRANSLATE_NOOP("HtmlPage", "not run")
ZOOM_IN = QT_TRANSLATE_NOOP("HtmlPage", "Zoom in")
ZOOM_OUT = QT_TRANSLATE_NOOP("HtmlPage", "Zoom out")
FIT = QT_TRANSLATE_NOOP("HtmlPage", "Fit")
FIT_TIP = QT_TRANSLATE_NOOP("HtmlPage", "Show the whole graph")
SEARCH = QT_TRANSLATE_NOOP("HtmlPage", "Search ops, names, modules")
HINT = QT_TRANSLATE_NOOP(
    "HtmlPage",
    "Click a node to see its op, shape, device, module, source line, value, gradient, the "
    "memory it keeps for backward and its time. "
    "Drag to pan, scroll to zoom.",
)
PICKED_NONE = QT_TRANSLATE_NOOP("HtmlPage", "Click a node to see its details.")
NO_MATCH = QT_TRANSLATE_NOOP("HtmlPage", "No node matches.")
ONE_MATCH = QT_TRANSLATE_NOOP("HtmlPage", "{count} match (Enter: next)")
MATCHES = QT_TRANSLATE_NOOP("HtmlPage", "{count} matches (Enter: next)")
MATCH_AT = QT_TRANSLATE_NOOP("HtmlPage", "{at} of {count}")
GRAPH_OF = QT_TRANSLATE_NOOP("HtmlPage", "{script} — autograd graph")
A_GRAPH = QT_TRANSLATE_NOOP("HtmlPage", "autograd graph")
HIDDEN = QT_TRANSLATE_NOOP("HtmlPage", "{count} nodes inside (collapsed)")
LEAF_KIND = QT_TRANSLATE_NOOP("HtmlPage", "leaf (a tensor that requires grad)")
OP_KIND = QT_TRANSLATE_NOOP("HtmlPage", "op")
USE_OF = QT_TRANSLATE_NOOP("HtmlPage", "{node} (use {use} of {uses})")
FIELDS: dict[str, Template] = {
    "module": QT_TRANSLATE_NOOP("HtmlPage", "module"),
    "type": QT_TRANSLATE_NOOP("HtmlPage", "type"),
    "hidden": QT_TRANSLATE_NOOP("HtmlPage", "hidden"),
    "device": QT_TRANSLATE_NOOP("HtmlPage", "device"),
    "ops": QT_TRANSLATE_NOOP("HtmlPage", "ops"),
    "op": QT_TRANSLATE_NOOP("HtmlPage", "op"),
    "name": QT_TRANSLATE_NOOP("HtmlPage", "name"),
    "kind": QT_TRANSLATE_NOOP("HtmlPage", "kind"),
    "shape": QT_TRANSLATE_NOOP("HtmlPage", "shape"),
    "dtype": QT_TRANSLATE_NOOP("HtmlPage", "dtype"),
    "source": QT_TRANSLATE_NOOP("HtmlPage", "source"),
    "value": QT_TRANSLATE_NOOP("HtmlPage", "value"),
    "gradient": QT_TRANSLATE_NOOP("HtmlPage", "gradient"),
    "saved": QT_TRANSLATE_NOOP("HtmlPage", "saved"),
    "kept": QT_TRANSLATE_NOOP("HtmlPage", "kept for backward"),
    "forward_ns": QT_TRANSLATE_NOOP("HtmlPage", "forward time"),
    "backward_ns": QT_TRANSLATE_NOOP("HtmlPage", "backward time"),
    "node": QT_TRANSLATE_NOOP("HtmlPage", "node"),
}
"""The details' labels, by the key the page's data keeps (``fields``: key, label, text)."""
SCRIPT_WORDS = {
    "picked_none": PICKED_NONE,
    "no_match": NO_MATCH,
    "one_match": ONE_MATCH,
    "matches": MATCHES,
    "match_at": MATCH_AT,
}
"""The script's sentences (``{count}``, ``{at}`` filled in by the script)."""

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
ElementTree.register_namespace("", SVG_NS)
ElementTree.register_namespace("xlink", XLINK_NS)

_SVG_ELEMENTS = frozenset(
    {
        "svg",
        "g",
        "title",
        "polygon",
        "polyline",
        "path",
        "ellipse",
        "text",
        "a",
        "defs",
        "linearGradient",
        "radialGradient",
        "stop",
    }
)
"""What Graphviz draws; anything else (a script, foreignObject, an image) is dropped."""


def clean_svg(svg_text: str, names: Mapping[str, str] | None = None) -> str:
    """Return Graphviz's SVG as markup safe to inline in HTML: no XML prolog, doctype or
    comments, only drawing elements, no event handler attributes or links, and every node group
    but the legend marked ``data-node="<its DOT name>"`` (the name in its ``<title>``).

    A module's frame is titled (its tooltip) with the module's path, not its DOT name
    (``cluster_<path>``); a badge's frame has no title. ``names`` (DOT name -> what the page
    calls the node) titles nodes and edges (``w → x``) with them instead of DOT names."""
    root = ElementTree.fromstring(svg_text.encode("utf-8"))

    def local(name: str) -> str:
        return name.rpartition("}")[2]

    def clean(element: ElementTree.Element) -> None:
        for child in list(element):
            if not isinstance(child.tag, str) or local(child.tag) not in _SVG_ELEMENTS:
                element.remove(child)
                continue
            clean(child)
        for key in list(element.attrib):
            name = local(key).lower()
            if name.startswith("on") or name == "href":
                del element.attrib[key]
        if local(element.tag) != "g":
            return
        kind, title = element.get("class"), element.find(f"{{{SVG_NS}}}title")
        if title is None:
            return
        if kind == "node":
            if title.text and title.text != LEGEND_ID:
                element.set("data-node", title.text)
                if names and title.text in names:
                    title.text = names[title.text]
            else:  # the legend's DOT name: no tooltip
                title.text = ""
        elif kind in ("edge", "edge badge-link") and names:
            _title_edge(title, names)
        elif kind == "node badge" and names and title.text and title.text.endswith(BADGE_SUFFIX):
            title.text = names.get(title.text[: -len(BADGE_SUFFIX)], "")  # its node's name
        elif kind == "cluster":
            _title_frame(element, title)
        elif kind == "graph":  # the graph's DOT name: no tooltip over the whole drawing
            element.remove(title)

    clean(root)
    return ElementTree.tostring(root, encoding="unicode")


def _title_edge(title: ElementTree.Element, names: Mapping[str, str]) -> None:
    """Title an edge ``tail → head`` by the page's names (a badge's link: its node's name)."""
    ends = title.text.split("->") if title.text else []
    if len(ends) != 2 or ends[0] not in names:
        return
    if ends[1] == ends[0] + BADGE_SUFFIX:
        title.text = names[ends[0]]
    elif ends[1] in names:
        title.text = f"{names[ends[0]]} → {names[ends[1]]}"


def _title_frame(group: ElementTree.Element, title: ElementTree.Element) -> None:
    if not title.text or not title.text.startswith(CLUSTER_PREFIX):
        return
    name = title.text[len(CLUSTER_PREFIX) :]
    if name.endswith(BADGE_SUFFIX):
        group.remove(title)
    else:
        title.text = printable(decode_id(name))


def printable(text: str) -> str:
    """``text`` with each lone surrogate or control character (a name may hold them) as �."""
    return "".join("\ufffd" if ord(c) < 32 or 0xD800 <= ord(c) <= 0xDFFF else c for c in text)


def summary_text(summary: dict[str, Any] | None) -> str | None:
    """Return a value or gradient summary in words: its numbers when small (``[[0.75, 3], ...]``),
    else ``norm 1.5, min -2, max 3, mean 0.1`` with NaN/Inf counts."""
    if not summary:
        return None
    small = small_values(summary)
    if small is not None:
        return small
    parts = [
        f"{key} {format_number(summary[key], 4)}"
        for key in ("norm", "min", "max", "mean")
        if summary.get(key) is not None
    ]
    if summary.get("nan") or summary.get("inf"):
        parts.append(f"{summary.get('nan', 0)} NaN, {summary.get('inf', 0)} Inf")
    shape = format_shape(summary.get("shape"), summary.get("dtype"))
    return ", ".join(parts) if parts else (shape or None)


def _source_text(source: Any) -> str | None:
    if not isinstance(source, dict) or not source.get("file"):
        return None
    code = " ".join(str(source.get("code") or "").split())
    where = f"{os.path.basename(str(source['file']))}:{source.get('line')}"
    return f"{where}  {code}" if code else where


def node_details(graph: nx.DiGraph, node: DisplayNode, write: Words | None = None) -> dict[str, Any]:
    """Return what the page shows for a drawn node: ``fields`` (label, text pairs in the words
    ``write`` gives, English by default; empty ones left out) and ``search`` (the lower-case
    text a search matches: op, name, module, id)."""
    write = write or words("en")
    fields: list[tuple[str, Message | str | None]]
    if node.kind == "module":
        path = node.module or ""
        members = [graph.nodes[m] for m in node.members if m in graph]
        types = graph.graph.get("module_types") or {}
        devices = Counter(str(a.get("device")) for a in members if a.get("device"))
        ops = Counter(str(a.get("op")) for a in members if a.get("kind") == "op")
        fields = [
            ("module", path),
            ("type", str(types.get(path) or "") or None),
            ("hidden", Message.of(HIDDEN, count=len(members))),
            ("device", ", ".join(f"{d} ({n})" for d, n in devices.most_common())),
            ("ops", ", ".join(f"{op} ×{n}" if n > 1 else op for op, n in ops.most_common(8))),
            (  # (graphs saved before the bytes were recorded have none)
                "kept",
                module_kept_of(graph, path, (m for m in node.members if m in graph)).words()
                if any("saved_bytes" in a for a in members)
                else None,
            ),
            *(  # (nor the times)
                (
                    key,
                    summed_time(graph, [m for m in node.members if m in graph], measure)
                    if any(key in a for a in members)
                    else None,
                )
                for key, measure in (("forward_ns", FORWARD), ("backward_ns", BACKWARD))
            ),
        ]
        search = [path, str(types.get(path) or ""), *(str(a.get("name") or "") for a in members)]
        heading = path
    else:
        gid = node.members[0]
        a = graph.nodes[gid]
        saved = a.get("saved") or []
        use = None if node.use is None else Message.of(USE_OF, node=gid, use=node.use[0], uses=node.use[1])
        fields = [
            ("op", str(a.get("op") or "")),
            ("name", a.get("name")),
            ("kind", Message.of(LEAF_KIND if a.get("kind") == "leaf" else OP_KIND)),
            ("shape", Message.of(SCALAR) if a.get("shape") == [] else format_shape(a.get("shape")) or None),
            ("dtype", a.get("dtype")),
            ("device", a.get("device")),
            ("module", a.get("module")),
            ("source", _source_text(a.get("source"))),
            ("value", summary_text(a.get("value"))),
            ("gradient", gradient_line(a, full=True) or summary_text(a.get("grad"))),
            ("saved", "; ".join(str(s) for s in saved[:12]) or None),
            ("kept", node_kept(graph, gid).words() if "saved_bytes" in a else None),
            *(
                (key, format_duration(amount) if isinstance(amount := a.get(key), int) else None)
                for key in ("forward_ns", "backward_ns")
            ),
            ("node", use or gid),
        ]
        search = [str(a.get("op") or ""), str(a.get("name") or ""), str(a.get("module") or ""), gid]
        heading = str(a.get("name") or a.get("op") or gid)
    return {
        "title": heading,
        "fields": [[write(Message.of(FIELDS[k])), write(v)] for k, v in fields if v not in (None, "")],
        "search": " ".join(search).lower(),
    }


def page_data(graph: nx.DiGraph, display: DisplayGraph, language: str = "en") -> dict[str, Any]:
    """Return the page's JSON blob: node details keyed by DOT name, and the script's words."""
    write = words(language)
    return {
        "nodes": {encode_id(did): node_details(graph, node, write) for did, node in display.nodes.items()},
        "words": {key: template_text(template, language) for key, template in SCRIPT_WORDS.items()},
    }


def json_for_script(data: Any) -> str:
    """Return ``data`` as JSON that cannot end its ``<script>`` element (``<``, ``>`` and ``&``
    escaped, non-ASCII as ``\\u`` escapes)."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _csp(script: str) -> str:
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    return f"default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-{digest}'"


def html_page(
    graph: nx.DiGraph,
    display: DisplayGraph,
    svg_text: str,
    *,
    title: str | None = None,
    notes: Sequence[Message | str] = (),
    language: str = "en",
) -> str:
    """Return the interactive page of ``graph`` drawn as ``display`` (``svg_text``: Graphviz's
    SVG of it, legend and caption included, as :func:`~.export.export_graph` writes it), its
    words in ``language`` (:data:`graphviz_app.language.LANGUAGES`). ``title``: the graph's
    short name (default: its script's); ``notes``: what to say above the picture."""
    write = words(language)
    script = SCRIPT
    heading = title or write(_default_title(graph))
    nodes, edges = graph.number_of_nodes(), graph.number_of_edges()
    drawn = len(display.nodes)
    counts = write(
        Message.of(COUNTS, nodes=f"{nodes:,}", edges=f"{edges:,}")
        if drawn == nodes
        else Message.of(COUNTS_DRAWN, nodes=f"{nodes:,}", edges=f"{edges:,}", drawn=f"{drawn:,}")
    )
    total = graph_total(graph)
    kept_html = (
        f' <span class="gva-counts gva-kept" title="{html.escape(write(Message.of(KEPT_TOTAL_TIP)), quote=True)}">'
        f"· {html.escape(write(Message.of(KEPT_TOTAL, bytes=format_bytes(total))))}</span>"
        if total is not None
        else ""
    )
    forward, backward = graph_times(graph)
    spent = format_duration(backward) if backward is not None else Message.of(NO_BACKWARD)
    time_html = (
        f' <span class="gva-counts gva-time" title="{html.escape(write(Message.of(TIME_TOTAL_TIP)), quote=True)}">'
        f"· {html.escape(write(Message.of(TIME_TOTAL, forward=format_duration(forward), backward=spent)))}</span>"
        if forward is not None
        else ""
    )
    note_html = "".join(f'<p class="gva-note">{html.escape(write(n))}</p>' for n in notes)
    data = page_data(graph, display, language)

    def say(template: Template) -> str:
        return html.escape(write(Message.of(template)), quote=True)

    return (
        f'<!DOCTYPE html>\n<html lang="{html.escape(language)}"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{html.escape(_csp(script))}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(heading)}</title><style>{STYLE}</style></head><body>"
        '<div id="gva" class="gva">'
        f'<header><b>{html.escape(heading)}</b> <span class="gva-counts">{html.escape(counts)}</span>'
        f"{kept_html}{time_html}"
        f'<span class="gva-tools"><button type="button" data-zoom="in" title="{say(ZOOM_IN)}">+</button>'
        f'<button type="button" data-zoom="out" title="{say(ZOOM_OUT)}">−</button>'
        f'<button type="button" data-zoom="fit" title="{say(FIT_TIP)}">{say(FIT)}</button></span>'
        f"</header>{note_html}"
        '<div class="gva-main"><div class="gva-view" tabindex="0">'
        f"{clean_svg(svg_text, {key: printable(node['title']) for key, node in data['nodes'].items()})}</div>"
        f'<aside><input type="search" class="gva-search" placeholder="{say(SEARCH)}" '
        f'aria-label="{say(SEARCH)}"><div class="gva-found"></div>'
        f'<div class="gva-details"><p class="gva-hint">{say(HINT)}</p></div></aside></div></div>'
        f'<script type="application/json" id="gva-data">{json_for_script(data)}</script>'
        f"<script>{script}</script></body></html>\n"
    )


def _default_title(graph: nx.DiGraph) -> Message:
    script = graph.graph.get("script")
    return (
        Message.of(GRAPH_OF, script=os.path.basename(script))
        if isinstance(script, str) and script
        else Message.of(A_GRAPH)
    )


STYLE = """
html,body{margin:0;height:100%;font:13px/1.4 Helvetica,Arial,sans-serif;color:#202124;background:#fff}
.gva{display:flex;flex-direction:column;height:100%;min-height:260px}
.gva header{padding:6px 10px;border-bottom:1px solid #ddd;display:flex;gap:10px;align-items:center}
.gva-counts{color:#5f6368}.gva-tools{margin-left:auto}
.gva-tools button{min-width:30px;margin-left:4px;padding:2px 8px;cursor:pointer}
.gva-note{margin:0;padding:4px 10px;background:#fff8c4;border-bottom:1px solid #e6dc9a}
.gva-main{flex:1;display:flex;min-height:0}
.gva-view{flex:1;overflow:hidden;cursor:grab;touch-action:none;background:#fff;outline:none}
.gva-view.gva-drag{cursor:grabbing}
.gva-view svg{display:block;width:100%;height:100%;user-select:none}
.gva aside{width:290px;border-left:1px solid #ddd;padding:8px;overflow:auto;background:#fafafa}
.gva-search{width:100%;box-sizing:border-box;padding:4px 6px}
.gva-found{color:#5f6368;min-height:1.4em;margin:2px 0 6px}
.gva-details h3{margin:4px 0 6px;font-size:14px;word-break:break-all}
.gva-details dl{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:2px 8px}
.gva-details dt{color:#5f6368}.gva-details dd{margin:0;word-break:break-word;font-family:Menlo,Consolas,monospace;font-size:12px}
.gva-hint{color:#5f6368}
g.node{cursor:pointer}
.gva-searching g.node[data-node]:not(.gva-match){opacity:.25}
g.node.gva-match>:nth-child(2){stroke:#d81b60;stroke-width:3}
g.node.gva-selected>:nth-child(2){stroke:#1a73e8;stroke-width:3}
"""

SCRIPT = r"""(function () {
  "use strict";
  var root = document.getElementById("gva");
  var data = JSON.parse(document.getElementById("gva-data").textContent);
  var words = data.words;
  var view = root.querySelector(".gva-view");
  var svg = view.querySelector("svg");
  var details = root.querySelector(".gva-details");
  var found = root.querySelector(".gva-found");
  var search = root.querySelector(".gva-search");
  var groups = {};
  Array.prototype.forEach.call(svg.querySelectorAll("g.node[data-node]"), function (g) {
    groups[g.getAttribute("data-node")] = g;
  });
  var base = svg.viewBox.baseVal;
  var full = {x: base.x, y: base.y, w: base.width, h: base.height};
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("preserveAspectRatio", "xMinYMin meet");
  var cur = {x: full.x, y: full.y, k: 1};

  function size() { return {w: view.clientWidth || 600, h: view.clientHeight || 400}; }
  function apply() {
    var s = size();
    svg.setAttribute("viewBox", [cur.x, cur.y, s.w / cur.k, s.h / cur.k].join(" "));
  }
  function fit() {
    var s = size();
    cur.k = Math.min(s.w / full.w, s.h / full.h, 2);
    cur.x = full.x - (s.w / cur.k - full.w) / 2;
    cur.y = full.y - (s.h / cur.k - full.h) / 2;
    apply();
  }
  function start() {
    fit();
    if (cur.k < 0.6) {  /* too small to read: start at the top, readable */
      var s = size();
      cur.k = 1;
      cur.x = full.x + full.w / 2 - s.w / 2;
      cur.y = full.y;
      apply();
    }
  }
  function zoomAt(factor, px, py) {
    var k = Math.max(0.02, Math.min(8, cur.k * factor));
    cur.x += px / cur.k - px / k;
    cur.y += py / cur.k - py / k;
    cur.k = k;
    apply();
  }
  function centerOn(g) {  /* the node's box: its title, then its shape (a badge may follow) */
    var shape = g.children[1] || g;
    var b = shape.getBoundingClientRect(), v = view.getBoundingClientRect(), s = size();
    var ux = cur.x + (b.left + b.width / 2 - v.left) / cur.k;
    var uy = cur.y + (b.top + b.height / 2 - v.top) / cur.k;
    if (cur.k < 0.8) { cur.k = 1; }
    cur.x = ux - s.w / 2 / cur.k;
    cur.y = uy - s.h / 2 / cur.k;
    apply();
  }

  function fill(template, values) {  /* a page word's {fields}, as Python's str.format fills them */
    return template.replace(/\{(\w+)\}/g, function (all, name) {
      return name in values ? String(values[name]) : all;
    });
  }
  function el(tag, text) {
    var e = document.createElement(tag);
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  var selected = null;
  function select(id) {
    if (selected) { selected.classList.remove("gva-selected"); }
    selected = id && groups[id] ? groups[id] : null;
    details.textContent = "";
    var info = id ? data.nodes[id] : null;
    if (!selected || !info) {
      details.appendChild(el("p", words.picked_none)).className = "gva-hint";
      return;
    }
    selected.classList.add("gva-selected");
    details.appendChild(el("h3", info.title));
    var dl = el("dl");
    info.fields.forEach(function (f) {
      dl.appendChild(el("dt", f[0]));
      dl.appendChild(el("dd", f[1]));
    });
    details.appendChild(dl);
  }

  var matches = [], at = -1;
  function runSearch() {
    var q = search.value.trim().toLowerCase();
    matches = [];
    at = -1;
    Object.keys(groups).forEach(function (id) {
      var info = data.nodes[id];
      var hit = q !== "" && info && info.search.indexOf(q) >= 0;
      groups[id].classList.toggle("gva-match", hit);
      if (hit) { matches.push(id); }
    });
    root.classList.toggle("gva-searching", q !== "");
    found.textContent = q === "" ? "" : matches.length === 0 ? words.no_match :
      fill(matches.length === 1 ? words.one_match : words.matches, {count: matches.length});
  }
  search.addEventListener("input", runSearch);
  search.addEventListener("keydown", function (e) {
    if (e.key === "Enter" && matches.length) {
      at = (at + 1) % matches.length;
      select(matches[at]);
      centerOn(groups[matches[at]]);
      found.textContent = fill(words.match_at, {at: at + 1, count: matches.length});
    } else if (e.key === "Escape") {
      search.value = "";
      runSearch();
    }
  });

  var drag = null;
  view.addEventListener("pointerdown", function (e) {
    if (e.button !== 0) { return; }
    drag = {x: e.clientX, y: e.clientY, cx: cur.x, cy: cur.y, moved: false, id: e.pointerId};
  });
  view.addEventListener("pointermove", function (e) {
    if (!drag) { return; }
    var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && Math.abs(dx) + Math.abs(dy) > 4) {
      drag.moved = true;
      view.classList.add("gva-drag");
      view.setPointerCapture(drag.id);
    }
    if (drag.moved) {
      cur.x = drag.cx - dx / cur.k;
      cur.y = drag.cy - dy / cur.k;
      apply();
    }
  });
  function endDrag() {
    if (drag && drag.moved) { view.classList.remove("gva-drag"); }
    drag = null;
  }
  view.addEventListener("pointerup", endDrag);
  view.addEventListener("pointercancel", endDrag);
  view.addEventListener("click", function (e) {
    if (drag && drag.moved) { return; }
    var g = e.target.closest ? e.target.closest("g.node[data-node]") : null;
    select(g ? g.getAttribute("data-node") : null);
  });
  view.addEventListener("wheel", function (e) {
    e.preventDefault();
    var r = view.getBoundingClientRect();
    zoomAt(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), e.clientX - r.left, e.clientY - r.top);
  }, {passive: false});
  root.querySelector(".gva-tools").addEventListener("click", function (e) {
    var how = e.target.getAttribute && e.target.getAttribute("data-zoom");
    var s = size();
    if (how === "fit") { fit(); }
    else if (how === "in") { zoomAt(1.25, s.w / 2, s.h / 2); }
    else if (how === "out") { zoomAt(0.8, s.w / 2, s.h / 2); }
  });
  var moved = false;  /* until the user pans, zooms or searches, a resize starts over */
  ["pointerdown", "wheel", "keydown"].forEach(function (kind) {
    root.addEventListener(kind, function () { moved = true; }, true);
  });
  window.addEventListener("resize", function () { if (moved) { apply(); } else { start(); } });

  start();
  root.setAttribute("data-ready", "true");
}());
"""
