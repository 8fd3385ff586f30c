"""One table of export formats: the CLI, the Export dialog and the exporter accept exactly its
suffixes, and the dialog shows its names in its order."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QWidget

from graphviz_app.cli import main
from graphviz_app.core.export import export_graph
from graphviz_app.core.export_formats import FORMATS, format_for, suffixes
from graphviz_app.core.model.graph import dumps_graph
from graphviz_app.errors import ExportError
from graphviz_app.qt.document import Document
from graphviz_app.qt.settings import Settings
from graphviz_app.qt.shell.export_dialog import ExportDialog, check_target, file_filters, format_names
from tests.core.graphs import chain

SUFFIX = re.compile(r"(?<![\w.])\.[a-z0-9]+\b")


def test_the_table_is_whole():
    assert len(set(suffixes())) == len(suffixes()) and all(s == s.lower() for s in suffixes())
    assert len({fmt.key for fmt in FORMATS}) == len(FORMATS)
    for fmt in FORMATS:
        assert fmt.name.context == "ExportDialog" and fmt.suffixes
        assert fmt.writer in ("dot", "graph") or fmt.graphviz, fmt.key  # what Graphviz renders
        assert not fmt.scale or fmt.graphviz == "png", fmt.key  # the scaled writer writes PNG


def test_cli_help_lists_exactly_the_tables_suffixes(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["export", "--help"])
    assert exit_.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    out_help = text.split("--out OUT", 1)[1].split(" --", 1)[0]
    assert sorted(SUFFIX.findall(out_help)) == sorted(suffixes())
    for fmt in FORMATS:
        assert fmt.name.source in out_help


@pytest.fixture
def saved_graph(tmp_path: Path) -> Path:
    saved = tmp_path / "input" / "small.json"
    saved.parent.mkdir()
    saved.write_text(dumps_graph(chain(3)), encoding="utf-8")
    return saved


def test_cli_and_exporter_write_every_suffix_and_refuse_others(saved_graph, tmp_path, capsys):
    for suffix in suffixes():
        out = tmp_path / f"cli{suffix}"
        assert main(["export", str(saved_graph), "-o", str(out)]) == 0, capsys.readouterr().err
        assert out.stat().st_size > 0
        direct = tmp_path / f"core{suffix.upper()}"  # any case
        export_graph(chain(3), direct)
        assert direct.stat().st_size > 0
    capsys.readouterr()
    assert main(["export", str(saved_graph), "-o", str(tmp_path / "graph.bmp")]) == 1
    err = " ".join(capsys.readouterr().err.split())
    assert "'.bmp'" in err and sorted(SUFFIX.findall(err.split("use one of", 1)[1])) == sorted(suffixes())
    with pytest.raises(ExportError, match="not a supported file type"):
        export_graph(chain(3), tmp_path / "graph.bmp")
    assert not (tmp_path / "graph.bmp").exists()


def test_dialog_lists_the_table_in_order_and_takes_each_suffix(qtbot, tmp_path):
    parent = QWidget()
    qtbot.addWidget(parent)
    dialog = ExportDialog(parent, Document(), Settings())
    keys = [dialog.format.itemData(i) for i in range(dialog.format.count())]
    assert keys == [fmt.key for fmt in FORMATS]
    names = format_names()
    assert [dialog.format.itemText(i) for i in range(dialog.format.count())] == [
        f"{names[fmt.key]} ({fmt.suffix})" for fmt in FORMATS
    ]
    for suffix in suffixes():
        dialog.path.setText(str(tmp_path / f"graph{suffix.upper()}"))
        fmt = format_for(suffix)
        assert fmt is not None and dialog.format.currentData() == fmt.key
        assert dialog.scale.isEnabled() == fmt.scale
        assert check_target(tmp_path / f"graph{suffix}") is None
    dialog.format.setCurrentIndex(0)  # choosing a format gives the path its suffix
    assert dialog.path.text().endswith(FORMATS[0].suffix)
    problem = check_target(tmp_path / "graph.bmp")
    assert problem is not None and "is not an export format" in str(problem)


def test_file_chooser_filters_are_the_tables_suffixes(qtbot):
    chooser = QFileDialog()
    qtbot.addWidget(chooser)
    chooser.setOption(QFileDialog.Option.DontUseNativeDialog)
    chooser.setNameFilters(file_filters())
    filters = chooser.nameFilters()
    assert filters == file_filters() and len(filters) == len(FORMATS)
    patterns = [re.fullmatch(r".* \(([^()]*)\)", f).group(1).split() for f in filters]  # type: ignore[union-attr]
    assert [p for each in patterns for p in each] == ["*" + s for s in suffixes()]
    for name_filter in filters:
        chooser.selectNameFilter(name_filter)
        assert chooser.selectedNameFilter() == name_filter
