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
    assert text.count(">color: device</text>") == 1 and text.count(">cpu (4)</text>") == 1  # the legend, once
    assert "gva-legend" not in text
    assert "<title>basic_autograd.py — autograd graph</title>" in text  # the tab: the graph's name
    # Tooltips name what the page names (a node, an edge's ends), never a DOT name.
    tips = set(re.findall(r"<title>([^<]*)</title>", text)) - {"basic_autograd.py — autograd graph"}
    assert tips == {"w", "x", "y", "z", "w → x", "x → y", "y → z"}
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
    # A frame's tooltip is its module's path, not its DOT name.
    frames = re.findall(r'<g id="clust\d+" class="cluster">\s*<title>([^<]*)</title>', text)
    assert "encoder.layers.0" in frames and "encoder" in frames
    assert not [f for f in frames if f.startswith("cluster_")]


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
    legend = browser.evaluate(
        "Array.prototype.map.call(document.querySelectorAll('svg text'), function (t) {"
        " return t.textContent; }).filter(function (t) { return t.indexOf('color: ') === 0; })"
    )
    assert legend == ["color: device"]  # drawn once, in the picture
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


def page_templates() -> list:
    from graphviz_app.core import html_page
    from graphviz_app.wire.message import Template

    return [v for v in vars(html_page).values() if isinstance(v, Template)] + list(html_page.FIELDS.values())


def english_pieces(template) -> list[str]:
    """The phrases of a template around its fields (``{nodes} nodes, {edges} edges`` -> `` nodes, ``
    ...); single words (the details' labels, checked apart) would match the page's markup."""
    return [piece for piece in re.split(r"\{\w+\}", template.source) if " " in piece.strip()]


def test_cli_exports_a_korean_page(tmp_path, capsys):
    out = tmp_path / "graph.html"
    assert main(["export", str(GOLDEN / "basic_autograd.json"), "-o", str(out), "--language", "ko"]) == 0
    text = out.read_text("utf-8")
    data = page_data(text)
    assert '<html lang="ko">' in text
    assert "<title>basic_autograd.py — autograd 그래프</title>" in text
    assert "노드 4개, 엣지 3개" in text and 'title="확대"' in text and ">맞추기</button>" in text
    assert 'placeholder="연산, 이름, 모듈 검색"' in text and "노드를 클릭하면" in text
    assert ">색: 장치</text>" in text  # the legend, drawn in Korean
    assert ">z: 스칼라</text>" in text and "scalar" not in text  # the labels' words too
    labels = {label for node in data["nodes"].values() for label, _ in node["fields"]}
    assert {"연산", "이름", "종류", "모양(shape)", "장치", "값", "기울기", "소스"} <= labels
    assert not [label for label in labels if label.isascii()]  # every label in Korean
    assert data["words"]["no_match"] == "일치하는 노드가 없습니다."
    readable = text.replace("\\u", "")  # (the data's words are \u escapes: none is English)
    for template in page_templates():
        for piece in english_pieces(template):
            assert piece not in readable, piece
    assert "color: " not in text


def test_the_locale_picks_the_pages_language(tmp_path, monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    assert main(["export", str(GOLDEN / "basic_autograd.json"), "-o", str(tmp_path / "ko.html")]) == 0
    assert ">색: 장치</text>" in (tmp_path / "ko.html").read_text("utf-8")
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["export", str(GOLDEN / "basic_autograd.json"), "-o", str(tmp_path / "en.html")]) == 0
    assert ">color: device</text>" in (tmp_path / "en.html").read_text("utf-8")
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    assert main(["export", str(GOLDEN / "basic_autograd.json"), "-o", str(tmp_path / "chosen.html"),
                 "--language", "en"]) == 0  # fmt: skip
    assert '<html lang="en">' in (tmp_path / "chosen.html").read_text("utf-8")


def test_a_steps_page_shows_its_sentence_once_in_the_language(tmp_path):
    from graphviz_app.core.view.stepping import Stepper
    from graphviz_app.language import words

    graph = load_graph_json(GOLDEN / "basic_autograd.json")
    sentence = words("ko")(Stepper(graph).view("forward", 1).message)
    out = tmp_path / "step.html"
    assert main(["export", str(GOLDEN / "basic_autograd.json"), "-o", str(out), "--step", "2",
                 "--language", "ko"]) == 0  # fmt: skip
    text = out.read_text("utf-8")
    assert text.count(sentence.split(":")[0]) == 1  # "순전파 단계 2/4", drawn above the graph only
    assert "<title>basic_autograd.py — autograd 그래프</title>" in text  # not the sentence


def test_an_unknown_language_is_refused_with_the_choices(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(
            [
                "export",
                str(GOLDEN / "basic_autograd.json"),
                "-o",
                str(tmp_path / "g.html"),
                "--language",
                "fr",
            ]
        )
    assert "invalid choice: 'fr'" in capsys.readouterr().err
    from graphviz_app.language import language_of
    from graphviz_app.wire.errors import GraphvizAppError

    with pytest.raises(GraphvizAppError, match="Unknown language 'fr'; use one of system, en, ko"):
        language_of("fr")


def test_a_korean_pages_badges_speak_korean(tmp_path):
    torch = pytest.importorskip("torch")
    import graphviz_app

    x = torch.ones(1, 3)
    w = torch.ones(3, requires_grad=True)
    with graphviz_app.record():
        y = (x * w).sum()
    graph = graphviz_app.trace(y, backward=True)
    export_graph(graph, tmp_path / "ko.html", values=True, language="ko")
    export_graph(graph, tmp_path / "en.html", values=True)
    assert "x = [[1, 1, 1]] (no grad)</text>" in (tmp_path / "en.html").read_text("utf-8")
    korean = (tmp_path / "ko.html").read_text("utf-8")
    assert "x = [[1, 1, 1]] (기울기 없음)</text>" in korean and "(no grad)" not in korean
