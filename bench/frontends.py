"""``graphviz_app.show`` in real notebook frontends: JupyterLab and Notebook 7, untrusted and trusted.

A notebook calling ``show()`` is executed headless by nbclient (as CI or papermill runs one),
then a real Jupyter server on 127.0.0.1 opens it in headless Chromium, first untrusted (as every
notebook run headless or shared opens), then trusted (``jupyter trust``, as a notebook the user
ran). In each, every ``show()`` output must show the graph once: the picture (whose SVG holds
``w.grad``) where scripts do not run, the interactive page where they do, and the legend once.
Screenshots go to ``--out``. Needs a Python with ``jupyterlab`` and ``notebook`` (``--jupyter``:
its ``jupyter`` program; a scratch venv serves: ``python -m venv /tmp/jlab &&
/tmp/jlab/bin/pip install jupyterlab notebook``) and Chromium; it runs in about a minute::

    .venv/bin/python -m bench.frontends --jupyter /tmp/jlab/bin/jupyter --out /tmp/frontends

The default test run checks the same output structurally, with JupyterLab's sanitizer rules
applied in Chromium (``tests/test_notebook.py``, with ``tests/sanitizer.py``).
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from tests.browser import Browser

CELLS = (
    "import torch\nimport graphviz_app\n"
    "w = torch.tensor([[1., 2.], [3., 2.]], requires_grad=True)\n"
    "z = (w ** 3 + 3).mean()\nz.backward()",
    "graphviz_app.show(z)",
    "graphviz_app.show(z, language='ko')",
)
OUTPUTS = """(function () {
  var found = [];
  document.querySelectorAll(".jp-OutputArea-output").forEach(function (out) {
    var img = out.querySelector("img.gva-static"), frame = out.querySelector("iframe.gva-live");
    var src = img ? img.getAttribute("src") || "" : "";
    found.push({
      img: !!img,
      img_shown: !!img && img.offsetWidth > 0 && img.complete && img.naturalWidth > 0,
      img_svg: src.indexOf("data:image/svg+xml;base64,") === 0 ? src.split(",")[1] : "",
      frame: !!frame,
      frame_shown: !!frame && frame.offsetWidth > 0 && frame.offsetHeight > 0,
      scripts: out.querySelectorAll("script").length,
      text: out.innerText.slice(0, 200)
    });
  });
  return found;
}())"""
PAGE = """(function () {
  var root = document.getElementById("gva");
  if (!root || root.dataset.ready !== "true") { return null; }
  var texts = Array.prototype.map.call(document.querySelectorAll("svg text"), function (t) {
    return t.textContent; });
  return {texts: texts, legends: document.querySelectorAll(".gva-legend").length,
          title: document.title, lang: document.documentElement.lang};
}())"""


def execute(folder: Path) -> Path:
    """Write the notebook and run it headless in a real kernel (nbclient); return its path."""
    import nbclient
    import nbformat

    book = nbformat.v4.new_notebook()
    book.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbclient.NotebookClient(book, timeout=300, kernel_name="python3").execute()
    path = folder / "lesson.ipynb"
    nbformat.write(book, path)
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def page_facts(browser: Browser) -> list[dict[str, Any]]:
    """What each interactive page (a sandboxed srcdoc iframe) shows."""
    facts = []
    for value in browser.evaluate_in_frames(PAGE):
        texts = value.pop("texts")
        value["w_grad"] = any("w.grad = [[0.75, 3], [6.75, 3]]" in t for t in texts)
        value["svg_legends"] = sum(t in ("color: device", "색: 장치") for t in texts)
        facts.append(value)
    return facts


def check(browser: Browser, url: str, trusted: bool, shot: Path) -> dict[str, Any]:
    """Open ``url`` (a notebook), wait for its two graph outputs, return what shows."""
    browser.events.clear()  # (the tab before's frames)
    browser.open(url)
    deadline = time.monotonic() + 90
    outputs: list[dict[str, Any]] = []
    while time.monotonic() < deadline:
        outputs = [
            o for o in browser.evaluate(OUTPUTS) or [] if o["img"] or o["frame"] or "autograd" in o["text"]
        ]
        if len(outputs) >= 2 and all(o["frame_shown" if trusted else "img_shown"] for o in outputs):
            break
        time.sleep(0.5)
    time.sleep(2)  # the pages' scripts lay out
    pages = page_facts(browser) if trusted else []
    browser.screenshot(shot)
    result: dict[str, Any] = {"url": url.split("?")[0], "trusted": trusted, "outputs": [], "pages": []}
    for out in outputs:
        svg = base64.b64decode(out.pop("img_svg")).decode("utf-8") if out["img_svg"] else ""
        out["img_has_w_grad"] = "w.grad = [[0.75, 3], [6.75, 3]]" in svg
        out["img_legends"] = svg.count("color: device") + svg.count("색: 장치")
        result["outputs"].append(out)
    result["pages"] = pages
    return result


def nbconvert_check(
    jupyter: str, notebook: Path, env: dict[str, str], browser: Browser, shot: Path
) -> list[str]:
    """nbconvert's HTML of the notebook, opened in Chromium: its scripts run, so each output
    shows the page and hides the picture. Returns what is wrong."""
    subprocess.run(
        [jupyter, "nbconvert", "--to", "html", str(notebook)], env=env, check=True, capture_output=True
    )
    browser.events.clear()
    browser.open(notebook.with_suffix(".html").as_uri())
    time.sleep(2)
    shown = browser.evaluate(
        "Array.prototype.map.call(document.querySelectorAll('.graphviz-app'), function (o) {"
        " var i = o.querySelector('img.gva-static'), f = o.querySelector('iframe.gva-live');"
        " return [i.offsetWidth > 0, f.offsetWidth > 0]; })"
    )
    browser.screenshot(shot)
    pages = page_facts(browser)
    wrong = [] if shown == [[False, True], [False, True]] else [f"pictures and pages shown: {shown}"]
    if sorted(p["lang"] for p in pages) != ["en", "ko"] or not all(p["w_grad"] for p in pages):
        wrong.append(f"the pages that ran: {pages}")
    return wrong


def verdict(result: dict[str, Any]) -> list[str]:
    """What is wrong with one opened notebook (empty: each graph shows once, with its legend once)."""
    wrong = []
    outs = result["outputs"]
    if len(outs) != 2:
        wrong.append(f"{len(outs)} graph outputs found, not 2")
    for out in outs:
        shown = int(out["img_shown"]) + int(out["frame_shown"])
        if shown != 1:
            wrong.append(f"an output shows the graph {shown} times: {out}")
        if out["img_shown"] and not (out["img_has_w_grad"] and out["img_legends"] == 1):
            wrong.append(f"the picture lacks w.grad or has not one legend: {out}")
    if result["trusted"]:
        if len(result["pages"]) != 2:
            wrong.append(f"{len(result['pages'])} interactive pages ran, not 2")
        for page in result["pages"]:
            if not page["w_grad"] or page["svg_legends"] != 1 or page["legends"]:
                wrong.append(f"a page lacks w.grad or shows the legend other than once: {page}")
    return wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jupyter", required=True, help="the jupyter program of a venv with jupyterlab")
    parser.add_argument("--out", type=Path, default=Path("frontends"), help="folder for screenshots")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="frontends_") as tmp:
        folder = Path(tmp)
        began = time.monotonic()
        notebook = execute(folder)
        print(f"executed {notebook.name} headless in {time.monotonic() - began:.1f} s")
        env = dict(os.environ)
        for name in ("CONFIG", "DATA", "RUNTIME"):  # a trust database of its own
            env[f"JUPYTER_{name}_DIR"] = str(folder / name.lower())
        token, port = secrets.token_hex(16), free_port()
        server = subprocess.Popen(
            [
                args.jupyter, "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1", "--allow-root",
                f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={folder}",
            ],
            env=env, stdout=subprocess.DEVNULL, stderr=(folder / "server.log").open("w"),
        )  # fmt: skip
        browser = Browser(folder / "profile", size=(1300, 1800))
        failures = 0
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(120):
                try:
                    urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
                    break
                except OSError:
                    if server.poll() is not None:
                        raise SystemExit(
                            "the Jupyter server ended:\n" + (folder / "server.log").read_text()
                        ) from None
                    time.sleep(0.5)
            nbconvert = nbconvert_check(args.jupyter, notebook, env, browser, args.out / "nbconvert.png")
            failures += bool(nbconvert)
            print(f"nbconvert HTML: {'ok' if not nbconvert else 'FAILED'}")
            for line in nbconvert:
                print("  " + line)
            for trusted in (False, True):
                if trusted:
                    subprocess.run([args.jupyter, "trust", str(notebook)], env=env, check=True)
                for app, path in (("lab", "lab/tree"), ("notebook7", "notebooks")):
                    began = time.monotonic()
                    name = f"{app}-{'trusted' if trusted else 'untrusted'}"
                    result = check(
                        browser,
                        f"{base}/{path}/{notebook.name}?token={token}",
                        trusted,
                        args.out / f"{name}.png",
                    )
                    wrong = verdict(result)
                    failures += bool(wrong)
                    print(f"{name}: {'ok' if not wrong else 'FAILED'} ({time.monotonic() - began:.1f} s)")
                    print(json.dumps(result, indent=1, ensure_ascii=False))
                    for line in wrong:
                        print("  " + line)
        finally:
            browser.close()
            server.terminate()
            server.wait(30)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
