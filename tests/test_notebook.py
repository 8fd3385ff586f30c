"""``graphviz_app.show`` in a real Jupyter kernel (nbclient runs a notebook), without Qt, and the
first view of a big graph."""

from __future__ import annotations

import base64
import html
import json
import re
from pathlib import Path

import pytest

from graphviz_app.core.html_page import json_for_script
from graphviz_app.notebook import show_graph
from tests.browser import Browser
from tests.core.graphs import transformer_like
from tests.sanitizer import sanitize

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

NO_QT = """\
import sys


class NoQt:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("PySide6", "shiboken6"):
            raise ImportError("PySide6 is blocked in this test")
        return None


sys.meta_path.insert(0, NoQt())
"""
"""Run first in the kernel: from then on PySide6 cannot be imported there."""
FIRST_LESSON = """\
import torch
import graphviz_app
w = torch.tensor([[1., 2.], [3., 2.]], requires_grad=True)
x = w**3
y = x + 3
z = y.mean()
z.backward()"""
RECORDED = """\
model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
with graphviz_app.record():
    loss = model(torch.ones(2, 3)).sum()
graphviz_app.show(loss)"""
SCRIPT_WITHOUT_QT = """\
import torch
import graphviz_app
w = torch.tensor([[1., 2.], [3., 2.]], requires_grad=True)
z = (w ** 3 + 3).mean()
shown = graphviz_app.show(z, backward=True)
data = shown._repr_mimebundle_()
assert "w.grad = [[0.75, 3], [6.75, 3]]" in data["text/html"], data["text/plain"]
print(data["text/plain"])
"""
"""Run as a file (``runpy``) in the same kernel, after the cells: show() called from a script."""


@pytest.fixture(scope="module")
def executed(tmp_path_factory) -> list:
    """The cells of a notebook run top to bottom in a real ipykernel (outputs included), where
    PySide6 cannot be imported (its first cell blocks it); the last runs a script file."""
    folder = tmp_path_factory.mktemp("notebook")
    script = folder / "no_qt.py"
    script.write_text(SCRIPT_WITHOUT_QT, encoding="utf-8")
    last = (
        "import runpy\n"
        f"runpy.run_path({str(script)!r})\n"
        'print(sorted(m for m in sys.modules if m.startswith(("PySide6", "shiboken6"))))'
    )
    book = nbformat.v4.new_notebook()
    book.cells = [
        nbformat.v4.new_code_cell(source)
        for source in (NO_QT + FIRST_LESSON, "graphviz_app.show(z)", RECORDED, last)
    ]
    book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    client = nbclient.NotebookClient(
        book, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
    )
    client.execute()
    nbformat.write(book, folder / "executed.ipynb")
    return book.cells


def bundle(cell) -> dict[str, str]:
    results = [o for o in cell.outputs if o.output_type == "execute_result"]
    assert len(results) == 1, cell.outputs
    return results[0]["data"]


def page_of(inline_html: str) -> str:
    """The page inside the inline ``<iframe srcdoc="...">``."""
    match = re.search(r'<iframe class="gva-live" srcdoc="([^"]*)" sandbox="allow-scripts"', inline_html)
    assert match is not None
    return html.unescape(match.group(1))


def picture_of(inline_html: str) -> str:
    """The SVG of the inline ``<img src="data:image/svg+xml;base64,...">``."""
    match = re.search(r'<img class="gva-static" src="data:image/svg\+xml;base64,([^"]+)"', inline_html)
    assert match is not None
    return base64.b64decode(match.group(1)).decode("utf-8")


def details(page: str) -> list[dict[str, str]]:
    blob = re.search(r'<script type="application/json" id="gva-data">(.*?)</script>', page, re.S)
    assert blob is not None
    return [dict(node["fields"]) for node in json.loads(blob.group(1))["nodes"].values()]


def test_first_lesson_shows_inline_with_its_gradients(executed):
    data = bundle(executed[1])
    assert set(data) == {"text/html", "image/svg+xml", "text/plain"}
    page = page_of(data["text/html"])
    for op in ("PowBackward0", "AddBackward0", "MeanBackward0"):
        assert f">{op}</text>" in page and f">{op}</text>" in data["image/svg+xml"]
    assert ">w</text>" in page and ">w</text>" in data["image/svg+xml"]  # the leaf, by its name
    assert {d["op"] for d in details(page)} == {
        "AccumulateGrad",
        "PowBackward0",
        "AddBackward0",
        "MeanBackward0",
    }
    assert "w.grad = [[0.75, 3], [6.75, 3]]" in page  # the Values badge, as the window writes it
    assert "w.grad = [[0.75, 3], [6.75, 3]]" in data["image/svg+xml"]
    assert "<title>notebook cell 2</title>" in page
    assert picture_of(data["text/html"]) == data["image/svg+xml"]  # the picture, where no script runs
    names = {d.get("name") for d in details(page)}
    assert names == {"w", "x", "y", "z"}
    leaf = next(d for d in details(page) if d.get("name") == "w")
    assert leaf["value"] == "[[1, 2], [3, 2]]" and leaf["gradient"] == "w.grad = [[0.75, 3], [6.75, 3]]"
    assert data["text/plain"] == "<autograd graph 'notebook cell 2': 4 nodes, 3 edges; cpu (4); backward ran>"
    assert page.count(">color: device</text>") == 1 and "cpu (4)" in page  # the legend, once
    assert "gva-legend" not in page


def test_the_output_shows_the_picture_until_its_script_shows_the_page(executed):
    """Untrusted, a sanitizer drops the iframe and the script: the picture stays. Trusted, the
    script hides the picture and shows the page: the graph is never shown twice."""
    inline = bundle(executed[1])["text/html"]
    parts = re.fullmatch(
        r'<div class="graphviz-app gva-out-[0-9a-f]{12}">(<img [^>]*>)(<iframe [^>]*></iframe>)'
        r"<script>(.*)</script></div>",
        inline,
        re.S,
    )
    assert parts is not None, inline[:300]
    picture, frame, script = parts.groups()
    assert 'style="max-width:100%;height:auto"' in picture  # shown by default
    assert "display:none" in frame  # until the script shows it
    assert 'f.style.display = "block"; i.style.display = "none"' in script
    assert "document.currentScript" in script  # its own output, not another's


def test_recorded_ops_carry_modules_and_source_lines(executed):
    page = page_of(bundle(executed[2])["text/html"])
    found = details(page)
    relu = next(d for d in found if d["op"] == "ReluBackward0")
    assert relu["module"] == "1"
    assert relu["source"].endswith("loss = model(torch.ones(2, 3)).sum()")
    assert {d.get("name") for d in found} >= {"0.weight", "0.bias", "2.weight", "2.bias", "loss"}
    assert 'class="cluster"' in page  # the modules drawn as boxes


def test_show_needs_no_qt(executed):
    """show() works where PySide6 cannot be imported (the whole notebook runs so, its last cell
    calling it from a script file), and imports no Qt."""
    printed = "".join(o.text for o in executed[3].outputs if o.output_type == "stream" and o.name == "stdout")
    assert printed.splitlines() == [
        "<autograd graph 'no_qt.py:5': 4 nodes, 3 edges; cpu (4); backward ran>",
        "[]",  # no PySide6 nor shiboken6 module loaded
    ]


def test_a_big_graph_opens_readable_and_says_what_is_hidden():
    graph = transformer_like(12)  # 410 nodes in 84 modules
    shown = show_graph(graph, title="big")
    assert len(shown.notes) == 1 and "Modules collapsed to depth" in shown.notes[0]
    drawn, full = (
        int(n.replace(",", "")) for n in re.findall(r"([\d,]+) of ([\d,]+) nodes drawn", shown.notes[0])[0]
    )
    assert full == 410 and drawn < full
    assert f"{full - drawn:,} hidden" in shown.notes[0]
    assert html.escape(shown.notes[0]) in shown.html
    korean = show_graph(graph, title="big", language="ko")
    assert "모듈을 깊이" in korean.html and "Modules collapsed" not in korean.html
    assert "Modules collapsed" in repr(shown)
    whole = show_graph(graph, title="big", full=True)
    assert whole.notes == [] and len(details(whole.html)) >= 410


def test_show_speaks_the_locales_language_unless_told(monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    graph = transformer_like(1)
    korean = show_graph(graph, title="small")
    assert '<html lang="ko">' in korean.html and ">색: 장치</text>" in korean.svg
    english = show_graph(graph, title="small", language="en")
    assert '<html lang="en">' in english.html and ">color: device</text>" in english.svg


def test_show_saves_the_page(tmp_path):
    shown = show_graph(transformer_like(1), title="small")
    page = shown.save(tmp_path / "g.html")
    assert Path(page).read_text("utf-8") == shown.html


TRUSTED_HOST = """<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><div id="out"></div>
<script type="application/json" id="output">%s</script>
<script>
  /* As JupyterLab renders a trusted output (@jupyterlab/rendermime renderers.ts: renderHTML sets
     innerHTML, then evalInnerHTMLScriptTags replaces each script by a copy, which runs). */
  var host = document.getElementById("out");
  host.innerHTML = JSON.parse(document.getElementById("output").textContent);
  Array.prototype.forEach.call(host.querySelectorAll("script"), function (old) {
    var copy = document.createElement("script");
    copy.textContent = old.textContent;
    old.parentNode.replaceChild(copy, old);
  });
</script></body></html>"""
SHOWN = """(function () {
  var i = document.querySelector("img.gva-static"), f = document.querySelector("iframe.gva-live");
  return {picture: !!i && i.offsetWidth > 0 && i.complete && i.naturalWidth > 0,
          page: !!f && f.offsetWidth > 0 && f.offsetHeight > 0,
          scripts: document.querySelectorAll("#out script, .out script").length};
}())"""
PAGE_TEXTS = """(function () {
  var root = document.getElementById("gva");
  return root && root.dataset.ready === "true" ?
    Array.prototype.map.call(document.querySelectorAll("svg text"), function (t) { return t.textContent; }) :
    null;
}())"""


@pytest.fixture(scope="module")
def chromium(tmp_path_factory):
    """One headless Chromium for the module's pages (each opens in a tab of its own)."""
    started = Browser(tmp_path_factory.mktemp("chromium") / "profile", size=(1000, 700))
    yield started
    started.close()


@pytest.fixture
def browser(chromium):
    """The module's Chromium, its record of page events starting afresh for each test."""
    chromium.events.clear()
    return chromium


def test_an_untrusted_output_shows_the_picture(executed, tmp_path, browser):
    """Sanitized as JupyterLab sanitizes an untrusted output (a notebook run by nbclient), the
    output keeps the picture, which loads and holds the graph; the page and script are gone."""
    clean = sanitize(bundle(executed[1])["text/html"])
    assert "<iframe" not in clean and "<script" not in clean
    assert "w.grad = [[0.75, 3], [6.75, 3]]" in picture_of(clean.replace("&#x2B;", "+"))
    page = tmp_path / "untrusted.html"
    page.write_text(f'<!DOCTYPE html><html><body><div class="out">{clean}</div></body></html>', "utf-8")
    browser.open(page.as_uri())
    browser.wait_for("document.querySelector('img.gva-static').complete")
    assert browser.evaluate(SHOWN) == {"picture": True, "page": False, "scripts": 0}
    browser.screenshot(tmp_path / "untrusted.png")


def test_a_trusted_output_shows_the_page_in_place_of_the_picture(executed, tmp_path, browser):
    """Where the output's script runs, the picture hides and the page shows: the graph once,
    its legend once, ``w.grad`` in sight."""
    inline = bundle(executed[1])["text/html"]
    page = tmp_path / "trusted.html"
    page.write_text(TRUSTED_HOST % json_for_script(inline), "utf-8")
    browser.open(page.as_uri())
    browser.wait_for("document.querySelector('iframe.gva-live').offsetHeight > 0")
    assert browser.evaluate(SHOWN) == {"picture": False, "page": True, "scripts": 1}
    texts: list = []
    for _ in range(100):
        texts = browser.evaluate_in_frames(PAGE_TEXTS)
        if texts:
            break
    assert len(texts) == 1, texts
    assert "w.grad = [[0.75, 3], [6.75, 3]]" in texts[0]
    assert [t for t in texts[0] if t.startswith("color: ")] == ["color: device"]
    browser.screenshot(tmp_path / "trusted.png")
    assert browser.errors() == []
