"""JupyterLab's sanitizer rules, for tests of what an untrusted notebook output shows.

JupyterLab 4 and Notebook 7 render an untrusted output's ``text/html`` through sanitize-html
with the options of ``@jupyterlab/apputils`` ``Sanitizer`` (``packages/apputils/src/sanitizer.ts``;
read from JupyterLab 4.6.6's built ``jlab_core`` bundle): only the tags of :data:`ALLOWED_TAGS`
stay, with the attributes of :data:`ALLOWED_ATTRIBUTES`; an ``id`` becomes ``data-jupyter-id``;
``<script>``, ``<style>`` and ``<textarea>`` go with their content; URL schemes are checked only in
``href`` and ``cite`` (``allowedSchemesAppliedToAttributes``), so an ``<img src="data:...">``
keeps its source. :func:`sanitize` applies these rules, keeping no ``style`` at all (JupyterLab
keeps a list of CSS properties; a picture must show without any).
"""

from __future__ import annotations

import html
from html.parser import HTMLParser

ALLOWED_TAGS = frozenset(
    [
        "a",
        "abbr",
        "acronym",
        "address",
        "area",
        "article",
        "aside",
        "audio",
        "b",
        "bdi",
        "bdo",
        "big",
        "blockquote",
        "br",
        "button",
        "canvas",
        "caption",
        "center",
        "cite",
        "code",
        "col",
        "colgroup",
        "colspan",
        "command",
        "data",
        "datalist",
        "dd",
        "del",
        "details",
        "dfn",
        "dir",
        "div",
        "dl",
        "dt",
        "em",
        "fieldset",
        "figcaption",
        "figure",
        "font",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hgroup",
        "hr",
        "i",
        "img",
        "input",
        "ins",
        "kbd",
        "label",
        "legend",
        "li",
        "map",
        "mark",
        "menu",
        "meter",
        "nav",
        "nobr",
        "ol",
        "optgroup",
        "option",
        "output",
        "p",
        "pre",
        "progress",
        "q",
        "rowspan",
        "s",
        "samp",
        "section",
        "select",
        "small",
        "source",
        "span",
        "strike",
        "strong",
        "sub",
        "summary",
        "sup",
        "table",
        "tbody",
        "td",
        "textarea",
        "tfoot",
        "th",
        "thead",
        "time",
        "tr",
        "track",
        "tt",
        "u",
        "ul",
        "var",
        "video",
        "wbr",
    ]
)
GLOBAL_ATTRIBUTES = frozenset(
    [
        "class",
        "data-jupyter-id",
        "dir",
        "draggable",
        "hidden",
        "id",
        "inert",
        "itemprop",
        "itemref",
        "itemscope",
        "lang",
        "spellcheck",
        "title",
        "translate",
    ]
)
ALLOWED_ATTRIBUTES = {
    "img": frozenset(
        ["align", "alt", "border", "height", "hspace", "ismap", "src", "usemap", "vspace", "width"]
    ),
}
DROPPED_WITH_CONTENT = frozenset({"script", "style", "textarea"})
VOID = frozenset({"area", "br", "col", "hr", "img", "input", "source", "track", "wbr"})


class _Sanitizer(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in DROPPED_WITH_CONTENT:
            self.skipping += 1
            return
        if self.skipping or tag not in ALLOWED_TAGS:
            return
        kept = []
        for name, value in attrs:
            name = "data-jupyter-id" if name == "id" else name
            if name in GLOBAL_ATTRIBUTES or name in ALLOWED_ATTRIBUTES.get(tag, ()):
                kept.append(f' {name}="{html.escape(value or "", quote=True)}"')
        self.out.append(f"<{tag}{''.join(kept)}>")

    def handle_endtag(self, tag: str) -> None:
        if tag in DROPPED_WITH_CONTENT:
            self.skipping = max(0, self.skipping - 1)
        elif not self.skipping and tag in ALLOWED_TAGS and tag not in VOID:
            self.out.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.out.append(html.escape(data, quote=False))


def sanitize(markup: str) -> str:
    """Return ``markup`` as JupyterLab shows an untrusted output of it."""
    parser = _Sanitizer()
    parser.feed(markup)
    parser.close()
    return "".join(parser.out)
