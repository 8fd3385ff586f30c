"""graphviz_app starts on Windows and macOS: no module touches a POSIX-only (or Linux-only) part
of the standard library while it is imported, unless a platform check or a ``try`` guards it;
and a portable run on a system without ``posix_spawn`` (Windows) copies its output without
``select``, which takes only sockets there.

Uses inside functions are behind the run mode's interfaces (``worker.containment``,
``worker.server``) or guarded where they are made; CONTRIBUTING.md lists them.
"""

from __future__ import annotations

import ast
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "graphviz_app"

POSIX_MODULES = {
    "fcntl", "resource", "termios", "tty", "pty", "pwd", "grp", "posix", "crypt", "syslog", "spwd", "nis",
    "readline", "curses",
}  # fmt: skip
"""Modules Windows does not have."""
POSIX_NAMES = {
    "os": {
        "fork", "forkpty", "getuid", "geteuid", "getgid", "getegid", "getgroups", "getpgid", "getpgrp",
        "setpgid", "setsid", "getsid", "killpg", "wait", "wait3", "wait4", "WNOHANG", "pidfd_open",
        "posix_spawn", "posix_spawnp", "POSIX_SPAWN_OPEN", "POSIX_SPAWN_DUP2", "POSIX_SPAWN_CLOSE",
        "O_NONBLOCK", "O_NOFOLLOW", "O_CLOEXEC", "O_DIRECTORY", "mkfifo", "mknod", "sync", "uname",
        "nice", "getloadavg", "sched_getaffinity", "sched_setaffinity", "setuid", "setgid", "chown",
        "lchown", "fchown", "fchmod", "statvfs", "openpty", "ttyname", "WIFSIGNALED", "WEXITSTATUS",
        "WTERMSIG", "WIFEXITED", "register_at_fork", "pipe2", "setpriority", "getpriority",
        "memfd_create", "sysconf", "confstr", "pathconf",
    },
    "signal": {
        "SIGKILL", "SIGHUP", "SIGSTOP", "SIGCONT", "SIGUSR1", "SIGUSR2", "SIGCHLD", "SIGQUIT", "SIGALRM",
        "SIGPIPE", "SIGTSTP", "SIGWINCH", "SIGXCPU", "pthread_kill", "pthread_sigmask", "sigwait",
        "siginterrupt", "setitimer", "getitimer", "alarm", "pause", "SIG_BLOCK", "SIG_UNBLOCK",
        "SIG_SETMASK", "sigpending", "ITIMER_REAL",
    },
    "select": {"poll", "epoll", "kqueue", "devpoll", "POLLIN", "POLLOUT", "POLLHUP", "POLLERR"},
    "faulthandler": {"register"},
    "socket": {"AF_UNIX"},
}  # fmt: skip
"""Names of the standard library that Windows (or macOS: pidfd_open, epoll, pipe2, memfd) lacks."""
GUARD_WORDS = ("sys.platform", "os.name", "hasattr", "TYPE_CHECKING", "LINUX", "platform.system")
"""An ``if`` whose test names one of these is a platform check."""
GUARD_ERRORS = {"ImportError", "ModuleNotFoundError", "AttributeError", "Exception", "BaseException"}
"""A ``try`` with a handler for one of these (or a bare ``except``) guards what it holds."""


def _handles(handler: ast.ExceptHandler) -> bool:
    if handler.type is None:
        return True
    names = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(n, ast.Name) and n.id in GUARD_ERRORS for n in names)


def import_time_problems(source: str) -> Iterator[tuple[int, str]]:
    """``(line, what)`` for each POSIX-only import or name that runs when the module is imported
    (module level, class bodies, decorators, default values: not function bodies) and is not
    under a platform check or a guarding ``try``."""

    def visit(node: ast.AST, guarded: bool) -> Iterator[tuple[int, str]]:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for part in [*node.decorator_list, *node.args.defaults, *node.args.kw_defaults]:
                if part is not None:
                    yield from visit(part, guarded)
            return
        if isinstance(node, ast.Lambda):
            return
        if isinstance(node, ast.If) and any(word in ast.unparse(node.test) for word in GUARD_WORDS):
            guarded = True
        if isinstance(node, ast.Try) and any(_handles(h) for h in node.handlers):
            for statement in node.body:
                yield from visit(statement, True)
            for rest in [*node.handlers, *node.orelse, *node.finalbody]:
                yield from visit(rest, guarded)
            return
        if not guarded:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] in POSIX_MODULES:
                        yield node.lineno, f"import {alias.name}"
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                root = node.module.split(".")[0]
                if root in POSIX_MODULES:
                    yield node.lineno, f"from {node.module} import ..."
                for alias in node.names:
                    if alias.name in POSIX_NAMES.get(node.module, ()):
                        yield node.lineno, f"from {node.module} import {alias.name}"
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.attr in POSIX_NAMES.get(node.value.id, ())
            ):
                yield node.lineno, f"{node.value.id}.{node.attr}"
        for child in ast.iter_child_nodes(node):
            yield from visit(child, guarded)

    yield from visit(ast.parse(source), False)


def test_the_scan_finds_what_would_fail_on_import_and_passes_what_is_guarded():
    unguarded = """
import fcntl
from resource import getrlimit
import signal, os
from os import fork
STOP = signal.SIGKILL
class Pool:
    flags = os.O_NONBLOCK
def run(limit=os.getuid()):
    return os.killpg  # runs only when called
"""
    assert [what for _, what in import_time_problems(unguarded)] == [
        "import fcntl",
        "from resource import ...",
        "from os import fork",
        "signal.SIGKILL",
        "os.O_NONBLOCK",
        "os.getuid",
    ]
    guarded = """
import sys, os, signal
try:
    import fcntl
except ImportError:
    fcntl = None
if sys.platform != "win32":
    import resource
    STOP = signal.SIGKILL
if hasattr(os, "getuid"):
    UID = os.getuid()
FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
"""
    assert list(import_time_problems(guarded)) == []


MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_touches_posix_only_parts_when_it_is_imported(path):
    problems = list(import_time_problems(path.read_text(encoding="utf-8")))
    assert problems == [], "\n".join(
        f"{path.relative_to(PACKAGE.parent)}:{line}: {what} fails on Windows when the module is imported; "
        "guard it (sys.platform, hasattr, try/except ImportError) or move it into the function that needs it"
        for line, what in problems
    )


def test_a_run_without_posix_spawn_copies_its_output_without_select(tmp_path, monkeypatch):
    """Windows' path (no ``posix_spawn``): a thread copies the run's output pipe, and ``select``,
    which raises there for anything but a socket, is never asked about it."""
    import select

    from graphviz_app.wire.protocol import Limits, Request
    from graphviz_app.wire.run_options import RunOptions
    from graphviz_app.worker import server

    def sockets_only(*args: object) -> None:
        raise OSError(10038, "An operation was attempted on something that is not a socket")

    monkeypatch.setattr(select, "select", sockets_only)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(PACKAGE.parent), *sys.path]))
    script = tmp_path / "script.py"
    script.write_text(
        "import torch\nprint('printed')\nw = torch.ones(2, requires_grad=True)\nloss = (w * 2).sum()\n",
        encoding="utf-8",
    )
    request = Request(
        script=str(script),
        options=RunOptions().to_wire(),
        limits=Limits(memory_bytes=None),
        result=str(tmp_path / "result.json"),
        output=str(tmp_path / "output.txt"),
    )
    pids: list[int] = []
    # run_request's path where os has no posix_spawn (here subprocess itself needs it, from 3.13)
    done = server._run_threaded(request, pids.append)
    assert done["exitcode"] == 0 and done["signal"] is None, (tmp_path / "output.txt").read_text()
    assert len(pids) == 1 and pids[0] != os.getpid()
    assert (tmp_path / "output.txt").read_text(encoding="utf-8") == "printed\n"
    result = json.loads((tmp_path / "result.json").read_text(encoding="utf-8"))
    assert result["ok"] and {n["op"] for n in result["trace"]["nodes"]} >= {"MulBackward0", "SumBackward0"}
