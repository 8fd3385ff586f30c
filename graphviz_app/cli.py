"""Command line: ``graphviz-app [SCRIPT]`` opens the app; ``graphviz-app export ...`` runs headless."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Sequence

from .errors import GraphvizAppError, ScriptError

EXPORT_SUFFIXES = (".png", ".svg", ".pdf", ".dot", ".json")
COLOR_MODES = ("device", "grad", "op", "module")


def export_parser() -> argparse.ArgumentParser:
    """Return the parser of the ``export`` subcommand."""
    parser = argparse.ArgumentParser(
        prog="graphviz-app export",
        description="Run a PyTorch script (or read a saved .json graph) and write its autograd graph.",
    )
    parser.add_argument("script", help="a Python script, or a .json graph saved by graphviz_app")
    parser.add_argument("-o", "--out", required=True, help="output file: .png .svg .pdf .dot or .json")
    parser.add_argument("--backward", action="store_true", help="run and record the backward pass")
    parser.add_argument("--color", choices=COLOR_MODES, default="device", help="node colors (default: device)")
    parser.add_argument("--timeout", type=float, default=60.0, metavar="S", help="stop the script after S seconds (default 60)")
    parser.add_argument("--backward-call", type=int, default=1, metavar="N", help="for scripts that call backward() in a loop: capture call N (default 1)")
    parser.add_argument("--output", metavar="NAME", help="use only the output tensor with this variable name")
    parser.add_argument("--collapse-depth", type=int, metavar="D", help="collapse modules deeper than D levels")
    parser.add_argument("--scale", type=float, default=1.0, help="PNG scale factor (default 1.0)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "export":
        return run_export(args[1:])
    if args and args[0] in ("-h", "--help"):
        print(
            "usage: graphviz-app [SCRIPT | GRAPH.json]\n"
            "       graphviz-app export SCRIPT -o OUT [--backward] [--color MODE] [--timeout S]\n\n"
            "Opens the graphviz_app window on SCRIPT (default: the bundled basic example).\n"
            "'graphviz-app export --help' describes headless export."
        )
        return 0
    from .qt.app import main as gui_main

    return gui_main(args)


def _fail(message: str) -> int:
    print(f"graphviz-app: error: {message}", file=sys.stderr)
    return 1


def _check_output_path(out: Path) -> str | None:
    if out.suffix.lower() not in EXPORT_SUFFIXES:
        return f"cannot write '{out.suffix or out.name}' files: use one of {', '.join(EXPORT_SUFFIXES)}."
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        return f"the folder {folder} does not exist: create it or choose another output path."
    if not os.access(folder, os.W_OK):
        return f"the folder {folder} is not writable: choose another output path."
    if out.is_dir():
        return f"{out} is a folder: give a file name such as {out / 'graph.svg'}."
    return None


def run_export(argv: Sequence[str]) -> int:
    """The ``export`` subcommand: run (or load), then write the graph; return the exit status."""
    args = export_parser().parse_args(argv)
    out = Path(args.out)
    problem = _check_output_path(out)
    if problem:
        return _fail(problem)
    from .core.display import ViewOptions, collapse_to_depth
    from .core.export import export_graph
    from .core.graph import load_graph_json

    source = Path(args.script)
    try:
        if source.suffix.lower() == ".json":
            graph = load_graph_json(source)
            output = ""
        else:
            from .core.runner import Runner

            runner = Runner(warm=False)
            try:
                result = runner.run(
                    source,
                    backward=args.backward,
                    backward_call=args.backward_call,
                    output=args.output,
                    timeout=args.timeout,
                )
            finally:
                runner.close()
            graph, output = result.graph, result.output
        options = ViewOptions()
        if args.collapse_depth is not None:
            options = ViewOptions(collapsed=collapse_to_depth(graph, args.collapse_depth))
        notices = list(graph.graph.get("notices", []))
        notices += export_graph(graph, out, mode=args.color, options=options, scale=args.scale)
    except ScriptError as exc:
        script_output = exc.output
        if script_output:
            print("--- the script's output ---", file=sys.stderr)
            print(script_output.rstrip(), file=sys.stderr)
            print("---", file=sys.stderr)
        if exc.user_traceback:
            print(exc.user_traceback.rstrip(), file=sys.stderr)
        return _fail(str(exc))
    except GraphvizAppError as exc:
        return _fail(exc.message)
    if output:
        sys.stderr.write(output if output.endswith("\n") else output + "\n")
    for notice in notices:
        print(f"note: {notice}", file=sys.stderr)
    print(f"wrote {out} ({graph.number_of_nodes()} nodes, {graph.number_of_edges()} edges)")
    return 0
