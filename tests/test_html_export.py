"""The interactive HTML export: one self-contained page (SVG, node data, script), escaped, and
working in a real headless Chromium (skipped without it: Debian package ``chromium``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from graphviz_app.cli import main
from graphviz_app.core.export import export_graph
from graphviz_app.core.html_page import json_for_script
from graphviz_app.core.model.graph import graph_from_trace, load_graph_json
from tests.browser import Browser
from tests.core.graphs import nested_modules
from tests.hostile import hostile_trace

GOLDEN = Path(__file__).parent / "core" / "golden"
SCRIPT_ESCAPE = "</script><script>window.pwned = 1</script>"


def page_data(text: str) -> dict:
    blob = re.search(r'<script type="application/json" id="gva-data">(.*?)</script>', text, re.S)
    assert blob is not None
    return json.loads(blob.group(1))


def test_cli_exports_a_self_contained_page(tmp_path, capsys):
    out = tmp_path / "graph.html"
    assert main(["export", str(GOLDEN / "basic_autograd.json"), "-o", str(out)]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    text = out.read_text("utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "").replace(
        'xmlns:xlink="http://www.w3.org/1999/xlink"', ""
    )  # no request can leave the page
    assert "default-src 'none'" in text.replace("&#x27;", "'")
    data = page_data(text)
    ops = {d["fields"][0][1] for d in data["nodes"].values()}
    assert ops == {"AccumulateGrad", "PowBackward0", "AddBackward0", "MeanBackward0"}
    assert [text for _, text in data["legend"]["rows"]] == ["cpu (4)"]
    # Every drawn node is a group the script can find by its DOT name.
    assert sorted(re.findall(r'<g [^>]*data-node="([^"]+)"', text)) == sorted(data["nodes"])


def test_page_keeps_the_looks_of_the_svg_export(tmp_path):
    graph = load_graph_json(GOLDEN / "basic_autograd.json")
    export_graph(graph, tmp_path / "g.svg")
    export_graph(graph, tmp_path / "g.html")
    svg, page = (tmp_path / "g.svg").read_text(), (tmp_path / "g.html").read_text()
    fills = sorted(set(re.findall(r'fill="(#[0-9a-fA-F]{6})"', svg)))
    assert fills and fills == sorted(set(re.findall(r'fill="(#[0-9a-fA-F]{6})"', page)))
    for text in re.findall(r">([^<>]+)</text>", svg):
        assert f">{text}</text>" in page


def test_module_boxes_and_collapsed_modules_have_details(tmp_path):
    from graphviz_app.core.view.display import ViewOptions

    graph = nested_modules()
    export_graph(graph, tmp_path / "g.html", options=ViewOptions(collapsed=frozenset({"encoder.layers.1"})))
    text = (tmp_path / "g.html").read_text()
    assert 'class="cluster"' in text  # encoder, encoder.layers.0 ... drawn as boxes
    module = page_data(text)["nodes"]["m:encoder.layers.1"]
    # attn: weight, mm, softmax; the residual add; mlp: weight, mm, relu
    assert dict(module["fields"])["hidden"] == "7 nodes inside (collapsed)"
    assert "encoder.layers.1.mlp.weight" in module["search"]


def test_hostile_names_cannot_inject_markup(tmp_path):
    trace = hostile_trace()
    trace["nodes"][1]["name"] = SCRIPT_ESCAPE
    trace["nodes"][2]["op"] = SCRIPT_ESCAPE
    export_graph(graph_from_trace(trace), tmp_path / "g.html")
    text = (tmp_path / "g.html").read_text("utf-8")
    assert text.count("<script") == 2  # the data blob and the page's own script
    assert "<!--" not in text and "<img" not in text and "<b>bold" not in text
    names = {dict(d["fields"]).get("name") for d in page_data(text)["nodes"].values()}
    assert SCRIPT_ESCAPE in names and '<img src="/dev/zero">' in names


def test_json_for_a_script_element_cannot_end_it():
    text = json_for_script({"a": "</script><!-- \u2028 & >"})
    assert "<" not in text and ">" not in text and "&" not in text and "\u2028" not in text
    assert json.loads(text) == {"a": "</script><!-- \u2028 & >"}


@pytest.fixture
def browser(tmp_path):
    chromium = Browser(tmp_path / "profile")
    yield chromium
    chromium.close()


def load(browser: Browser, path: Path) -> None:
    browser.open(path.as_uri())
    browser.wait_for(
        "document.getElementById('gva') && document.getElementById('gva').dataset.ready === 'true'"
    )


def node_center(browser: Browser, selector: str) -> tuple[float, float]:
    # The node's box (its first shape), not the group: a Values badge beside it widens that.
    x, y = browser.evaluate(
        f"(function () {{ var r = document.querySelector({json.dumps(selector)})"
        ".querySelector('polygon, path, ellipse').getBoundingClientRect();"
        " return [r.left + r.width / 2, r.top + r.height / 2]; })()"
    )
    return x, y


def test_page_in_chromium_shows_a_clicked_nodes_details(tmp_path, browser):
    out = tmp_path / "graph.html"
    assert main(["export", str(GOLDEN / "basic_autograd.json"), "-o", str(out)]) == 0
    load(browser, out)
    pow_id = next(
        k for k, d in page_data(out.read_text())["nodes"].items() if d["fields"][0][1] == "PowBackward0"
    )
    browser.click(*node_center(browser, f'g.node[data-node="{pow_id}"]'))
    details = browser.evaluate("document.querySelector('.gva-details').innerText")
    assert "PowBackward0" in details and "exponent=3" in details
    assert browser.evaluate(
        f"document.querySelector('g.node[data-node=\"{pow_id}\"]').classList.contains('gva-selected')"
    )
    legend = browser.evaluate("document.querySelector('.gva-legend').innerText")
    assert "color: device" in legend and "cpu (4)" in legend
    browser.screenshot(tmp_path / "page.png")
    assert browser.errors() == []


def test_page_in_chromium_searches_pans_and_zooms(tmp_path, browser):
    export_graph(nested_modules(), tmp_path / "g.html")
    load(browser, tmp_path / "g.html")
    browser.evaluate(
        "var s = document.querySelector('.gva-search'); s.value = 'mlp';"
        "s.dispatchEvent(new Event('input')); 0"
    )
    assert (
        browser.evaluate("document.querySelectorAll('g.node.gva-match').length") == 6
    )  # 2 × (weight, mm, relu)
    assert "6 matches" in browser.evaluate("document.querySelector('.gva-found').textContent")
    before = browser.evaluate("document.querySelector('.gva-view svg').getAttribute('viewBox')")
    browser.send(
        "Input.dispatchMouseEvent", {"type": "mouseWheel", "x": 300, "y": 300, "deltaX": 0, "deltaY": -300}
    )
    browser.wait_for(
        f"document.querySelector('.gva-view svg').getAttribute('viewBox') !== {json.dumps(before)}"
    )
    zoomed = [
        float(v)
        for v in browser.evaluate("document.querySelector('.gva-view svg').getAttribute('viewBox')").split()
    ]
    assert zoomed[2] < [float(v) for v in before.split()][2]  # wheel up: closer, fewer points in view
    for kind, x in (("mousePressed", 300), ("mouseMoved", 340), ("mouseMoved", 400), ("mouseReleased", 400)):
        browser.send(
            "Input.dispatchMouseEvent",
            {
                "type": kind,
                "x": x,
                "y": 300,
                "button": "left",
                "buttons": 0 if kind == "mouseReleased" else 1,
                "clickCount": 1,
            },
        )
    panned = [
        float(v)
        for v in browser.evaluate("document.querySelector('.gva-view svg').getAttribute('viewBox')").split()
    ]
    assert panned[0] < zoomed[0]  # dragged right: the view moved left over the drawing
    assert browser.errors() == []


def test_hostile_page_in_chromium_runs_no_injected_script(tmp_path, browser):
    trace = hostile_trace()
    trace["nodes"][1]["name"] = SCRIPT_ESCAPE
    export_graph(graph_from_trace(trace), tmp_path / "g.html")
    load(browser, tmp_path / "g.html")
    assert browser.evaluate("window.pwned === undefined && document.images.length === 0")
    assert browser.evaluate("document.scripts.length") == 2
    browser.evaluate(
        "var s = document.querySelector('.gva-search'); s.value = 'window.pwned';"
        "s.dispatchEvent(new Event('input'));"
        "s.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter'})); 0"
    )
    assert SCRIPT_ESCAPE in browser.evaluate("document.querySelector('.gva-details').innerText")
    assert browser.evaluate("window.pwned === undefined")
    assert browser.errors() == []
