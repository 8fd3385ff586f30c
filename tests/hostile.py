"""A catalogue of crafted inputs, generated on demand (nothing binary is committed).

:func:`malformed_graphs` writes saved graphs (``.json``) that are wrong in one way each, with the
field the error must name; :func:`hostile_names` lists names that break naive DOT, SVG or HTML;
:func:`special_files` makes FIFOs, device links and folders with data suffixes;
:func:`big_graph` writes a valid graph big enough that Graphviz works on it for many seconds.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from graphviz_app.core.model import limits
from graphviz_app.core.model.file_kind import A_FOLDER
from graphviz_app.wire.schema import SCHEMA_VERSION


def node(i: int, **attrs: Any) -> dict[str, Any]:
    """Return a schema-conformant node ``n<i>`` (an op on cpu), with ``attrs`` overriding."""
    base = {
        "id": f"n{i}",
        "op": "AddBackward0",
        "kind": "op",
        "name": None,
        "is_output": False,
        "shape": [2],
        "dtype": "float32",
        "device": "cpu",
        "module": None,
        "saved": [],
        "forward_index": i,
        "backward_index": None,
        "grad": None,
        "value": None,
        "source": None,
        "cuts": [],
    }
    base.update(attrs)
    return base


def trace(
    nodes: list[dict[str, Any]] | None = None, edges: list[dict[str, Any]] | None = None, **graph_attrs: Any
) -> dict[str, Any]:
    """Return a valid two-node saved graph (leaf ``n0`` -> op ``n1``), parts replaceable."""
    if nodes is None:
        nodes = [node(0, op="AccumulateGrad", kind="leaf", name="x"), node(1, is_output=True)]
    if edges is None:
        edges = [{"source": "n0", "target": "n1", "slots": [0], "grad": None}]
    attrs = {
        "schema_version": SCHEMA_VERSION,
        "roots": [nodes[-1].get("id")] if nodes else [],
        "outputs": [],
        "devices": {"cpu": len(nodes)},
        "module_types": {},
        "script": None,
        "backward": {"ran": False, "by": None, "call": None, "error": None},
        "notices": [],
    }
    attrs.update(graph_attrs)
    return {"directed": True, "multigraph": False, "graph": attrs, "nodes": nodes, "edges": edges}


@dataclass(frozen=True)
class Malformed:
    """One crafted saved graph: ``name`` (file stem), the file's text, and a phrase the error
    must contain (usually the field)."""

    name: str
    text: str
    phrase: str


def _doc(**parts: Any) -> str:
    data = trace()
    data.update(parts)
    return json.dumps(data)


def _with_node(**attrs: Any) -> str:
    return json.dumps(trace(nodes=[node(0, op="AccumulateGrad", kind="leaf"), node(1, **attrs)]))


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def malformed_graphs() -> list[Malformed]:
    """Return the malformed saved graphs, each wrong in one way."""
    valid = trace()
    long_text = "x" * (limits.MAX_TEXT + 1)
    many = limits.MAX_NODES + 1
    return [
        Malformed("not_json", "{nodes: [", "JSON text"),
        Malformed("empty", "", "JSON text"),
        Malformed("top_level_list", "[1, 2, 3]", "the file must be an object with"),
        Malformed("top_level_string", '"graph"', "the file must be an object with"),
        Malformed("nodes_missing", json.dumps({"graph": valid["graph"]}), "nodes must be present"),
        Malformed("nodes_dict", _doc(nodes={"n0": {}}), "nodes must be a list"),
        Malformed("nodes_strings", _doc(nodes=["n0", "n1"], edges=[]), "nodes[0] must be an object"),
        Malformed("graph_missing", json.dumps({"nodes": []}), "graph must be present"),
        Malformed("graph_list", _doc(graph=[1]), "graph must be an object"),
        Malformed("graph_string", _doc(graph="v1"), "graph must be an object"),
        Malformed("version_string", json.dumps(trace(schema_version="1")), "graph.schema_version"),
        Malformed("version_future", json.dumps(trace(schema_version=99)), "graph.schema_version"),
        Malformed("version_zero", json.dumps(trace(schema_version=0)), "graph.schema_version"),
        Malformed("version_bool", json.dumps(trace(schema_version=True)), "graph.schema_version"),
        Malformed("version_float", json.dumps(trace(schema_version=1.0)), "graph.schema_version"),
        Malformed(
            "version_missing",
            json.dumps({**valid, "graph": {"roots": []}}),
            "graph.schema_version must be present",
        ),
        Malformed(
            "int_5000_digits",
            _with_node(forward_index=0).replace('"forward_index": 0', '"forward_index": ' + "9" * 5000),
            "at most 20 digits",
        ),
        Malformed("int_over_int64", _with_node(forward_index=2**64), "below 2**63"),
        Malformed(
            "nesting_100000",
            '{"graph": {"schema_version": 1}, "nodes": ' + _nested(100_000) + "}",
            "nested at most",
        ),
        Malformed(
            "nesting_40_in_attribute",
            _with_node(extra=None).replace('"extra": null', '"extra": ' + _nested(40)),
            "nested at most",
        ),
        Malformed(
            "node_without_id",
            json.dumps(trace(nodes=[{"op": "x", "kind": "op"}], edges=[], roots=[])),
            "nodes[0].id must be present",
        ),
        Malformed(
            "node_id_int",
            json.dumps(trace(nodes=[node(0, id=0)], edges=[], roots=[])),
            "nodes[0].id must be a string",
        ),
        Malformed(
            "node_id_twice",
            json.dumps(trace(nodes=[node(0), node(1, id="n0")], edges=[])),
            "nodes[1].id must be unique",
        ),
        Malformed(
            "node_without_op",
            json.dumps(trace(nodes=[{"id": "n0", "kind": "op"}], edges=[])),
            "nodes[0].op must be present",
        ),
        Malformed("kind_unknown", _with_node(kind="evil"), "nodes[1].kind"),
        Malformed("shape_string", _with_node(shape="2x2"), "nodes[1].shape must be a list"),
        Malformed("shape_negative", _with_node(shape=[-1]), "nodes[1].shape[0]"),
        Malformed("shape_bool", _with_node(shape=[True]), "nodes[1].shape[0] must be an integer"),
        Malformed("name_too_long", _with_node(name=long_text), f"at most {limits.MAX_TEXT:,} characters"),
        Malformed("op_not_text", _with_node(op=["AddBackward0"]), "nodes[1].op must be a string"),
        Malformed("saved_not_strings", _with_node(saved=[1, 2]), "nodes[1].saved[0] must be a string"),
        Malformed(
            "source_line_text",
            _with_node(source={"file": "a.py", "line": "7", "code": "x"}),
            "nodes[1].source.line",
        ),
        Malformed("grad_string", _with_node(grad="big"), "nodes[1].grad must be an object"),
        Malformed(
            "grad_norm_object", _with_node(grad={"norm": {"x": 1}}), "nodes[1].grad.norm must be a number"
        ),
        Malformed("is_output_text", _with_node(is_output="yes"), "nodes[1].is_output must be true or false"),
        Malformed("edges_dict", _doc(edges={"n0": "n1"}), "edges must be a list"),
        Malformed(
            "edge_unknown_source",
            _doc(edges=[{"source": "n9", "target": "n1"}]),
            "edges[0].source must be the id of a node",
        ),
        Malformed("edge_without_target", _doc(edges=[{"source": "n0"}]), "edges[0].target must be present"),
        Malformed(
            "edge_slots_text",
            _doc(edges=[{"source": "n0", "target": "n1", "slots": "0"}]),
            "edges[0].slots must be a list",
        ),
        Malformed(
            "roots_unknown", json.dumps(trace(roots=["n7"])), "graph.roots[0] must be the id of a node"
        ),
        Malformed("outputs_ints", json.dumps(trace(outputs=[1])), "graph.outputs[0] must be an object"),
        Malformed("devices_list", json.dumps(trace(devices=["cpu"])), "graph.devices must be an object"),
        Malformed("backward_text", json.dumps(trace(backward="yes")), "graph.backward must be an object"),
        Malformed("script_list", json.dumps(trace(script=["/etc/passwd"])), "graph.script must be a string"),
        Malformed("multigraph", _doc(multigraph=True), "multigraph must be false"),
        Malformed(
            "too_many_nodes",
            json.dumps(
                trace(
                    nodes=[{"id": f"n{i}", "op": "A", "kind": "op"} for i in range(many)], edges=[], roots=[]
                )
            ),
            f"at most {limits.MAX_NODES:,} items",
        ),
    ]


def write_malformed(folder: Path) -> list[tuple[Malformed, Path]]:
    """Write every malformed graph into ``folder`` as ``<name>.json`` (plus a non-UTF-8 one)."""
    written = []
    for case in malformed_graphs():
        path = folder / f"{case.name}.json"
        path.write_text(case.text, encoding="utf-8")
        written.append((case, path))
    binary = Malformed("not_utf8", "", "UTF-8 text")
    path = folder / "not_utf8.json"
    path.write_bytes(b'{"nodes": "\xff\xfe"}')
    written.append((binary, path))
    return written


HOSTILE_NAMES = [
    "&nbsp;",
    "&#0;",
    "&#x1;",
    "&#55296;",
    "&bogus;",
    "a & b",
    "a\x01b\x1fc",
    "\x7f\x85\u2028",
    '<img src="/dev/zero">',
    "<b>bold</b>",
    "x\ud800y",
    "\udfff",
    "]]>",
    '"quoted" \\ back',
    "line\nbreak",
    "a--b",
    "<!--",
    "\ufffe",
    "\u202eevil",
    "{}[]|<>",
]
"""Names (of modules, variables, ops, devices) that break naive DOT, SVG, XML or rich text."""


def hostile_trace() -> dict[str, Any]:
    """Return a valid saved graph whose every text field holds one of :data:`HOSTILE_NAMES`."""
    nodes = []
    edges = []
    for i, name in enumerate(HOSTILE_NAMES):
        nodes.append(
            node(
                i,
                op=name,
                name=name,
                module=name,
                device=name if i % 3 == 0 else "cpu",
                saved=[name],
                kind="leaf" if i == 0 else "op",
                source={"file": name, "line": 1, "code": name},
            )
        )
        if i:
            edges.append({"source": f"n{i - 1}", "target": f"n{i}", "slots": [0], "grad": None})
    devices: dict[str, int] = {}
    for n in nodes:
        devices[n["device"]] = devices.get(n["device"], 0) + 1
    return trace(
        nodes=nodes,
        edges=edges,
        devices=devices,
        module_types={name: name for name in HOSTILE_NAMES},
        notices=list(HOSTILE_NAMES),
    )


HOSTILE_TEMPLATES = [
    "{x:>1000000000}",
    "{x.__class__.__mro__}",
    "{x.__init__.__globals__}",
    "{x!z}",
    "{x[999]}",
    "{x:{x}}",
    "{",
    "}",
    "{0}",
    "{}",
    "{missing}",
    "{x!r:^99999999}",
]
"""Notice templates a crafted file may name: shown as written, they must never be formatted
(padding to a gigabyte, attributes and globals read, exceptions from bad conversions)."""


def hostile_notices() -> list[object]:
    """Notices in their wire form that no app would send: the :data:`HOSTILE_TEMPLATES` (in the
    app's own contexts too), templates of the app's catalogue with hostile values, values that are
    huge (within a saved graph's limits: 10 MB of text in one notice) or deep, and dicts that
    are not messages at all."""
    out: list[object] = []
    for context in ("", "Notice", "Backward", "Controller"):
        out += [{"context": context, "template": t, "values": {"x": "secret"}} for t in HOSTILE_TEMPLATES]
    # one of the app's own templates with values of every wrong shape and size
    known = {"context": A_FOLDER.context, "template": A_FOLDER.source}
    out.append({**known, "values": {"path": "{x:>99999999}"}})
    out.append({**known, "values": {}})
    out.append({**known, "values": {"path": ["a", 1, None, {"x": 1}, True, 1.5]}})
    out.append({**known, "values": {"path": "x" * limits.MAX_TEXT}})
    out.append({**known, "values": {"path": ["y" * limits.MAX_TEXT] * 1_000}})
    out.append({**known, "values": {f"v{i}": i for i in range(100_000)}})
    out.append({"context": "Controller", "template": "{seconds:.1f} s", "values": {"seconds": "1e999"}})
    deep: object = "bottom"
    for _ in range(9):  # deeper than a message may be, within a saved graph's nesting limit
        deep = {"context": "", "template": "{text}", "values": {"text": {"message": deep}}}
    out.append(deep)
    out.append({"context": ["not", "text"], "template": "{x}", "values": {"x": 1}})
    out.append({"template": 12})
    out.append("z" * limits.MAX_TEXT)
    return out


def big_graph(path: Path, nodes: int, *, seed: int = 0, fan_in: int = 3) -> Path:
    """Write a valid saved graph of ``nodes`` ops, each fed by up to ``fan_in`` random earlier
    ones (Graphviz takes tens of seconds on 20,000 such nodes); return ``path``."""
    rng = random.Random(seed)
    items = [node(0, op="AccumulateGrad", kind="leaf", name="x")]
    edges = []
    for i in range(1, nodes):
        items.append(node(i, op=f"Op{i % 17}Backward0"))
        for src in sorted({rng.randrange(i) for _ in range(fan_in)}):
            edges.append({"source": f"n{src}", "target": f"n{i}", "slots": [0], "grad": None})
    path.write_text(json.dumps(trace(nodes=items, edges=edges)), encoding="utf-8")
    return path


@dataclass(frozen=True)
class Special:
    """A path that is not a regular file (or points to one that is not)."""

    name: str
    path: Path
    phrase: str


def special_files(folder: Path) -> list[Special]:
    """Make FIFOs, links to devices and folders named like data files in ``folder``."""
    made = []
    fifo = folder / "fifo.json"
    os.mkfifo(fifo)
    made.append(Special("fifo_json", fifo, "FIFO"))
    zero = folder / "zero.json"
    zero.symlink_to("/dev/zero")
    made.append(Special("link_to_dev_zero", zero, "a device"))
    null = folder / "null.json"
    null.symlink_to("/dev/null")
    made.append(Special("link_to_dev_null", null, "a device"))
    folder_json = folder / "folder.json"
    folder_json.mkdir()
    made.append(Special("folder_json", folder_json, "is a folder"))
    dangling = folder / "dangling.json"
    dangling.symlink_to(folder / "missing-target")
    made.append(Special("dangling_link", dangling, "No such file"))
    return made


def marker_script(marker: Path) -> str:
    """Return Python that creates ``marker`` when run: a file that must never run stays silent."""
    return f"import pathlib\npathlib.Path({str(marker)!r}).write_text('ran')\n"


def probe_names(cases: list[Any], key: Callable[[Any], str] = lambda c: c.name) -> list[str]:
    """Return the case names, for pytest ids."""
    return [key(c) for c in cases]


def chain_file(path: Path, nodes: int) -> Path:
    """Write a valid saved graph of ``nodes`` lean ops in a chain (``n0 -> n1 -> ...``) piece by
    piece, never holding it in memory (a million nodes are about 90 MB); return ``path``."""
    with path.open("w", encoding="utf-8") as out:
        out.write(
            f'{{"directed": true, "multigraph": false, "graph": {{"schema_version": {SCHEMA_VERSION}}},\n"nodes": ['
        )
        for start in range(0, nodes, 10_000):
            out.write(
                ("," if start else "")
                + ",\n".join(
                    f'{{"id": "n{i}", "op": "AddBackward0", "kind": "op"}}'
                    for i in range(start, min(nodes, start + 10_000))
                )
            )
        out.write('],\n"edges": [')
        for start in range(1, nodes, 10_000):
            out.write(
                ("," if start > 1 else "")
                + ",\n".join(
                    f'{{"source": "n{i - 1}", "target": "n{i}"}}'
                    for i in range(start, min(nodes, start + 10_000))
                )
            )
        out.write("]}\n")
    return path
