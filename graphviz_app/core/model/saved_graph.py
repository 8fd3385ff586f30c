"""Saved graphs (``.json``) read from outside: one validating reader, and the standard-JSON writer.

A saved graph is a document people send each other, so every field is checked before a
``networkx.DiGraph`` is built from it: wrong types, missing keys, an unknown or non-integer
``schema_version``, oversized numbers, excessive nesting and too many nodes, edges or characters
(see :mod:`.limits`) each raise one :class:`~graphviz_app.errors.GraphFileError` naming the
file, the field and what was expected.  Nothing in the file is executed or opened: its
``script`` field is only a name (:func:`read_source_safely` reads a script the user asked for).

Non-finite numbers
------------------
Saved graphs are standard JSON (RFC 8259 has no NaN or Infinity): a non-finite float is written
as the string ``"NaN"``, ``"Infinity"`` or ``"-Infinity"`` (the spellings of JavaScript and of
Python's own ``json`` module), and the reader turns those strings back into floats in a
summary's ``norm``, ``min``, ``max``, ``mean`` and ``values``.  Files written before this, with
bare ``NaN``/``Infinity`` tokens, are still read.
"""

from __future__ import annotations

import codecs
import gc
import json
import logging
import math
import os
import re
import stat
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, cast

import networkx as nx

from ...errors import GraphFileError
from ...wire.errors import GraphvizAppError
from ...wire.gc_pause import gc_paused
from ...wire.message import QT_TRANSLATE_NOOP, Message
from ...wire.plots import MAX_PLOT_TEXT, MAX_PLOTS, MAX_PNG_SIDE, PLOT_KINDS
from ...wire.run_options import MAX_HEALTH_STEPS
from ...wire.schema import NODE_KINDS, SCHEMA_VERSION
from . import limits, plots
from .file_kind import NO_SUCH_FILE, UNREADABLE, special_kind
from .graph_file import build_graph

log = logging.getLogger(__name__)

NONFINITE = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}
"""How a non-finite float is spelled in a saved graph, and the float each spelling reads back as."""
_STATS = ("norm", "min", "max", "mean")
NOT_JSON = Message.of(QT_TRANSLATE_NOOP("Explanation", "not a readable JSON graph"))
NOT_OURS = Message.of(QT_TRANSLATE_NOOP("Explanation", "not a graphviz_app graph"))
A_SAVED_GRAPH = Message.of(QT_TRANSLATE_NOOP("Explanation", "a saved graph"))
A_SCRIPT = Message.of(QT_TRANSLATE_NOOP("Explanation", "a script"))
FOLDER_NOT = QT_TRANSLATE_NOOP("Explanation", "{path} is a folder, not {what}.")
SPECIAL_NOT = QT_TRANSLATE_NOOP(
    "Explanation", "{path} is {special}, not {what}: it was not read. Choose a regular file."
)
TOO_BIG = QT_TRANSLATE_NOOP(
    "Explanation",
    "{path} holds {size} bytes, more than the {limit} bytes graphviz_app reads as {what}: it was not read.",
)
GREW = QT_TRANSLATE_NOOP("Explanation", "{path} grew past {limit} bytes while being read: it was not read.")
READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # POSIX: a FIFO put in the file's place never blocks the open
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)  # Windows: bytes as they are (no CRLF or Ctrl+Z translation)
)
"""How a data file is opened: the flags that exist on this system."""


# --- reading a data file safely ----------------------------------------------------------------


def _open_checked(path: Path, max_bytes: int, what: Message) -> tuple[int, int]:
    """Open the regular file ``path`` (symlinks to one are fine); return its descriptor and size.

    Raises GraphvizAppError for a missing file, a FIFO, device, socket or folder, or a file over
    ``max_bytes``. What ``path`` is comes from ``stat`` first, so a FIFO or a device is never
    opened (opening one can block, or act on the device); the open file is checked again, as
    ``path`` may be replaced in between (it is opened without blocking, so even then a FIFO
    never freezes the caller).
    """
    try:
        before = os.stat(path)
        _check_regular(before.st_mode, before.st_size, path, max_bytes, what)
        fd = os.open(path, READ_FLAGS)
    except FileNotFoundError:
        raise GraphvizAppError(Message.of(NO_SUCH_FILE, path=str(path))) from None
    except IsADirectoryError:
        raise GraphvizAppError(Message.of(FOLDER_NOT, path=str(path), what=what)) from None
    except OSError as exc:
        raise GraphvizAppError(
            Message.of(UNREADABLE, path=str(path), reason=str(exc.strerror or exc))
        ) from None
    try:
        info = os.fstat(fd)
        _check_regular(info.st_mode, info.st_size, path, max_bytes, what)
    except BaseException:
        os.close(fd)
        raise
    return fd, info.st_size


def _check_regular(mode: int, size: int, path: Path, max_bytes: int, what: Message) -> None:
    """Raise GraphvizAppError unless ``mode`` is a regular file's and ``size`` within ``max_bytes``."""
    if stat.S_ISDIR(mode):
        raise GraphvizAppError(Message.of(FOLDER_NOT, path=str(path), what=what))
    if not stat.S_ISREG(mode):
        raise GraphvizAppError(Message.of(SPECIAL_NOT, path=str(path), special=special_kind(mode), what=what))
    if size > max_bytes:
        raise GraphvizAppError(
            Message.of(TOO_BIG, path=str(path), size=f"{size:,}", limit=f"{max_bytes:,}", what=what)
        )


def _chunks(fd: int, path: Path, max_bytes: int, size: int) -> Iterator[bytes]:
    """Yield the bytes of the open file ``fd`` in pieces of at least ``size`` bytes (the last may
    be shorter), until its end; raise GraphvizAppError once more than ``max_bytes`` were read."""
    remaining = max_bytes + 1
    while remaining > 0:
        try:
            chunk = os.read(fd, min(remaining, size))
        except OSError as exc:
            raise GraphvizAppError(
                Message.of(UNREADABLE, path=str(path), reason=str(exc.strerror or exc))
            ) from None
        if not chunk:
            return
        remaining -= len(chunk)
        if remaining <= 0:
            raise GraphvizAppError(Message.of(GREW, path=str(path), limit=f"{max_bytes:,}"))
        yield chunk


def _open_regular(path: Path, max_bytes: int, what: Message) -> bytes:
    """Return the bytes of the regular file ``path`` (see :func:`_open_checked` for refusals)."""
    fd, _ = _open_checked(path, max_bytes, what)
    try:
        return b"".join(_chunks(fd, path, max_bytes, 1 << 20))
    finally:
        os.close(fd)


def read_source_safely(path: str | Path, max_bytes: int = limits.MAX_SOURCE_BYTES) -> str:
    """Return the text of a script to show (undecodable bytes replaced).

    Refuses (GraphvizAppError, with the reason) FIFOs, devices, sockets, folders, symlinks to
    them and files over ``max_bytes``; never blocks on a FIFO.  Use it wherever a path comes
    from a document (a saved graph's ``script`` field) rather than from the user.
    """
    return _open_regular(Path(path), max_bytes, A_SCRIPT).decode("utf-8", "replace")


def _parse_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > limits.MAX_INT_DIGITS:
        raise _NumberTooLongError(len(digits))
    return int(text)


class _NumberTooLongError(ValueError):
    def __init__(self, digits: int) -> None:
        super().__init__(digits)
        self.digits = digits


READ_CHUNK = 1 << 20
"""Bytes read at a time (the reader reports its progress, and may be stopped, after each)."""
_WS = re.compile(r"[ \t\n\r]*")
_COMMA = re.compile(r"[ \t\n\r]*,[ \t\n\r]*")
_RUN_LEAST = 4_096
_RUN_MOST = READ_CHUNK
"""How many characters of an array are decoded in one call (see :meth:`_JsonStream.runs`)."""
_SETTLED = 16
"""A scanner error this many characters before the end of the text read so far lies in the file
itself, not where the read stopped (a scanner looks at most ``-Infinity`` ahead)."""
_DIGITS = bytes.maketrans(b"0123456789", b"0" * 10)
_LONG_NUMBER = b"0" * (limits.MAX_INT_DIGITS + 1)
_STREAMED = {"nodes": limits.MAX_NODES, "edges": limits.MAX_EDGES, "links": limits.MAX_EDGES}
"""The arrays read item by item, and the most items each may hold."""
_KEPT = frozenset({"directed", "multigraph", "graph", *_STREAMED})
"""The top-level keys a saved graph is made of; the values of others are checked, then dropped."""
_TOP_LEVEL = "an object with 'graph', 'nodes' and 'edges'"

_Scan = Callable[[str, int], tuple[Any, int]]
_scan_string = cast("Callable[[str, int, bool], tuple[str, int]]", vars(json.decoder)["scanstring"])


def _scanners(decoder: json.JSONDecoder) -> tuple[_Scan, _Scan]:
    """The decoder's ``raw_decode`` and its scanner (what ``raw_decode`` calls, without the
    error wording: StopIteration where no value starts)."""
    return decoder.raw_decode, cast("_Scan", vars(decoder)["scan_once"])


_SPELLED_MARKS = (b'NaN"', b'Infinity"', b"\\u")
"""What a text holding a non-finite number spelled as a string holds (an escape may spell one)."""
_SPELLED_TAIL = max(map(len, _SPELLED_MARKS)) - 1


class _JsonStream:
    """A saved graph's JSON text, decoded and parsed as it is read.

    The standard library's scanner decodes one value at a time: the top-level object is walked
    here, its ``nodes`` and ``edges`` arrays item by item. So an array is refused as soon as it
    passes its limit, the text held at once is one piece of the file plus the value being
    decoded, the file's other top-level values are dropped once decoded, and errors read as
    ``json.loads`` words them (line and column in the whole file, after a byte order mark).
    """

    def __init__(self, chunks: Iterator[bytes], path: str, report: Callable[[int], None]) -> None:
        self.chunks = chunks
        self.path = path
        self.report = report  # called with the bytes read so far, after each piece
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        # The standard library's own integers, until a run of digits too long for an integer is
        # read: from there on, every integer literal is measured before it is converted.
        self.scan, self.scan_once = _scanners(json.JSONDecoder())
        self.measured = False  # whether integer literals are measured
        self.single_until = 0  # where the array's items may again be decoded in runs
        self.tail = b""  # the last bytes read, where a run of digits may go on
        self.spelled = False  # whether a non-finite number may be spelled in the text
        self.spelled_tail = b""  # the last bytes read, where such a spelling may go on
        self.text = ""
        self.pos = 0
        self.eof = False
        self.read = 0  # bytes read
        self.fed = 0  # bytes given to the decoder (after a byte order mark)
        self.head: bytes | None = b""  # the first bytes, until a byte order mark can be told
        self.lines = 0  # newlines in the text dropped before ``text``
        self.dropped = 0  # characters dropped before ``text``
        self.newline = -1  # where the last dropped newline was (-1: none)

    # -- reading ---------------------------------------------------------------------------------
    def more(self, want: int = 1) -> bool:
        """Read until ``want`` more characters are held (or the file ends); False if it had
        ended already. The text before the position is dropped first."""
        if self.eof:
            return False
        self._drop()
        target = len(self.text) + want
        while len(self.text) < target and not self.eof:
            chunk = next(self.chunks, b"")
            self.eof = not chunk
            self.read += len(chunk)
            self._look_for_long_numbers(chunk)
            self._look_for_spelled_numbers(chunk)
            self.text += self._decode(chunk)
            self.report(self.read)
        return True

    def _look_for_long_numbers(self, chunk: bytes) -> None:
        if self.measured:
            return
        piece = self.tail + chunk
        if piece.translate(_DIGITS).find(_LONG_NUMBER) >= 0:
            self.scan, self.scan_once = _scanners(json.JSONDecoder(parse_int=_parse_int))
            self.measured = True
        self.tail = piece[-limits.MAX_INT_DIGITS :]

    def _look_for_spelled_numbers(self, chunk: bytes) -> None:
        """Note whether the text may hold ``"NaN"``, ``"Infinity"`` or ``"-Infinity"`` (any
        escape counts: it may spell one)."""
        if self.spelled:
            return
        piece = self.spelled_tail + chunk
        self.spelled = any(mark in piece for mark in _SPELLED_MARKS)
        self.spelled_tail = piece[-_SPELLED_TAIL:]

    def _decode(self, chunk: bytes) -> str:
        if self.head is not None:  # utf-8-sig: a leading byte order mark is not text
            self.head += chunk
            if len(self.head) < len(codecs.BOM_UTF8) and not self.eof:
                return ""
            chunk, self.head = self.head, None
            if chunk.startswith(codecs.BOM_UTF8):
                chunk = chunk[len(codecs.BOM_UTF8) :]
        pending = len(self.decoder.getstate()[0])
        try:
            text = self.decoder.decode(chunk, self.eof)
        except UnicodeDecodeError as exc:
            raise GraphFileError(
                self.path,
                "the file",
                "UTF-8 text",
                f"a byte that is not UTF-8 at offset {self.fed - pending + exc.start}",
                headline=NOT_JSON,
            ) from None
        self.fed += len(chunk)
        return text

    def _drop(self) -> None:
        if self.pos:
            newlines = self.text.count("\n", 0, self.pos)
            if newlines:
                self.lines += newlines
                self.newline = self.dropped + self.text.rfind("\n", 0, self.pos)
            self.dropped += self.pos
            self.text = self.text[self.pos :]
            self.pos = 0

    def error(self, message: str, at: int) -> GraphFileError:
        """The error ``json.loads`` gives for ``message`` at ``text[at]``."""
        line = self.lines + self.text.count("\n", 0, at) + 1
        last = self.text.rfind("\n", 0, at)
        column = at - last if last >= 0 else self.dropped + at - self.newline
        return GraphFileError(
            self.path,
            "the file",
            "JSON text",
            f"{message} at line {line}, column {column}",
            headline=NOT_JSON,
        )

    # -- parsing ---------------------------------------------------------------------------------
    def skip(self) -> str:
        """Move past whitespace; return the next character ("" at the end of the file)."""
        while True:
            self.pos = _WS.match(self.text, self.pos).end()  # type: ignore[union-attr]
            if self.pos < len(self.text):
                return self.text[self.pos]
            if not self.more():
                return ""

    def value(self, key: bool = False) -> Any:
        """Decode the value (``key``: the string) at the position, reading more of the file while
        it may go on past what was read; move past it."""
        while True:
            try:
                if key:
                    value, end = _scan_string(self.text, self.pos + 1, True)
                else:
                    value, end = self.scan(self.text, self.pos)
            except json.JSONDecodeError as exc:
                cut = exc.pos >= len(self.text) - _SETTLED or exc.msg.startswith("Unterminated")
                if cut and self.more(max(1, len(self.text) - self.pos)):  # doubles what is held
                    continue
                raise self.error(exc.msg, exc.pos) from None
            except _NumberTooLongError:
                if self.text[-1:].isdigit() and self.more(max(1, len(self.text) - self.pos)):
                    continue  # the literal may go on: count all its digits
                raise
            if end < len(self.text) or not self.more():  # a number may go on past the cut
                self.pos = end
                return value

    def runs(self) -> Iterator[list[Any]]:
        """Yield the items of the array at the position, in runs, and move past it.

        A run is as many whole items as the text read holds, decoded in one call (which shares
        their keys' strings, as ``json.loads`` does): the text up to its last ``},`` is decoded
        as an array of its own, which succeeds only where that cut ends an item. Where it does
        not (an item cut in the middle, or a malformed one), items are decoded one by one.
        """
        self.pos += 1
        if self.skip() == "]":
            self.pos += 1
            return
        self.single_until = 0
        while True:
            yield self._run() or [self.value()]
            comma = _COMMA.match(self.text, self.pos)
            if comma is not None and comma.end() < len(self.text):
                self.pos = comma.end()
                continue
            after = self.skip()
            if after == "]":
                self.pos += 1
                return
            if after != ",":
                raise self.error("Expecting ',' delimiter", self.pos)
            self.pos += 1
            self.skip()

    def _run(self) -> list[Any] | None:
        start = self.pos
        if self.dropped + start < self.single_until:
            return None
        cut = self.text.rfind("},", start, start + _RUN_MOST)
        if cut < start + _RUN_LEAST:
            return None
        try:
            items, end = self.scan_once("[" + self.text[start : cut + 1] + "]", 0)
        except (StopIteration, json.JSONDecodeError):
            self.single_until = self.dropped + cut  # one by one past the cut that failed
            return None
        # ``end`` is past a closing bracket: the one added after the cut, or the array's own
        # where it ends before the cut; either way the text goes on at start + end - 2
        self.pos = start + end - 2
        return cast("list[Any]", items)

    def document(self) -> Any:
        """Return the file's JSON value (a saved graph: its top-level keys, see :data:`_KEPT`)."""
        self.more()
        if self.text.startswith("\ufeff"):
            raise self.error("Unexpected UTF-8 BOM (decode using utf-8-sig)", 0)
        first = self.skip()
        if first == "{":
            doc: Any = self._object()
        elif first == "[":  # not a saved graph: say how long it is, as for any value
            count = sum(len(run) for run in self.runs())
            self._end()
            raise GraphFileError(
                self.path, "the file", _TOP_LEVEL, f"a list of {count:,} items", headline=NOT_OURS
            )
        else:
            doc = self.value()
        self._end()
        return doc

    def _end(self) -> None:
        if self.skip():
            raise self.error("Extra data", self.pos)

    def _object(self) -> dict[str, Any]:
        doc: dict[str, Any] = {}
        self.pos += 1
        after = self.skip()
        if after == "}":
            self.pos += 1
            return doc
        while True:
            if after != '"':
                raise self.error("Expecting property name enclosed in double quotes", self.pos)
            key = self.value(key=True)
            if self.skip() != ":":
                raise self.error("Expecting ':' delimiter", self.pos)
            self.pos += 1
            opens = self.skip()
            most = _STREAMED.get(key)
            if most is not None and opens == "[":
                doc[key] = self._array(key, most)
            elif key in _KEPT:
                doc[key] = self.value()
            elif opens == "[":
                for _ in self.runs():
                    pass
            else:
                self.value()
            after = self.skip()
            if after == "}":
                self.pos += 1
                return doc
            if after != ",":
                raise self.error("Expecting ',' delimiter", self.pos)
            self.pos += 1
            after = self.skip()

    def _array(self, key: str, most: int) -> list[Any]:
        items: list[Any] = []
        for run in self.runs():
            if len(items) + len(run) > most:
                raise GraphFileError(
                    self.path, key, f"a list of at most {most:,} items", f"a list of more than {most:,} items"
                )
            items += run
        return items


def _parse_json(chunks: Iterator[bytes], path: str, report: Callable[[int], None]) -> tuple[Any, bool]:
    """Parse the saved graph read as ``chunks`` (see :class:`_JsonStream`); ``report`` hears the
    bytes read so far after each piece and may raise to stop. Returns the document and whether
    its text may spell a non-finite number (see :func:`decode_nonfinite`)."""
    try:
        stream = _JsonStream(chunks, path, report)
        return stream.document(), stream.spelled
    except GraphvizAppError:
        raise
    except _NumberTooLongError as exc:
        raise GraphFileError(
            path,
            "every integer",
            f"at most {limits.MAX_INT_DIGITS} digits long",
            f"one of {exc.digits:,} digits",
        ) from None
    except RecursionError:
        raise GraphFileError(
            path, "the file", f"JSON nested at most {limits.MAX_DEPTH} deep", "deeper nesting"
        ) from None
    except ValueError as exc:  # a float literal Python cannot hold, and the like
        raise GraphFileError(path, "the file", "JSON text", str(exc), headline=NOT_JSON) from None


# --- validation --------------------------------------------------------------------------------


class _Checker:
    """Type and bound checks that raise GraphFileError naming ``path`` and the field."""

    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, field: str, expected: str, value: Any = ..., headline: Message | None = None) -> None:
        raise GraphFileError(
            self.path, field, expected, None if value is ... else _describe(value), headline=headline
        )

    def text(self, value: Any, field: str, *, optional: bool = False) -> None:
        if value is None and optional:
            return
        if not isinstance(value, str):
            self.fail(field, "a string" + (" or null" if optional else ""), value)
        if len(value) > limits.MAX_TEXT:
            self.fail(field, f"at most {limits.MAX_TEXT:,} characters long", value)

    def integer(self, value: Any, field: str, *, optional: bool = False, low: int | None = None) -> None:
        if value is None and optional:
            return
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(field, "an integer" + (" or null" if optional else ""), value)
        if not -limits.MAX_INT < value < limits.MAX_INT:
            self.fail(field, "an integer below 2**63 in magnitude", value)
        if low is not None and value < low:
            self.fail(field, f"an integer of at least {low}", value)

    def boolean(self, value: Any, field: str) -> None:
        if not isinstance(value, bool):
            self.fail(field, "true or false", value)

    def number(self, value: Any, field: str) -> None:
        if value is None or (isinstance(value, str) and value in NONFINITE):
            return
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.fail(field, 'a number, null, or one of "NaN", "Infinity", "-Infinity"', value)
        if isinstance(value, int):
            self.integer(value, field)

    def array(self, value: Any, field: str, *, optional: bool = False, most: int | None = None) -> list[Any]:
        if value is None and optional:
            return []
        if not isinstance(value, list):
            self.fail(field, "a list" + (" or null" if optional else ""), value)
        if most is not None and len(value) > most:
            self.fail(field, f"a list of at most {most:,} items", value)
        return cast("list[Any]", value)

    def mapping(self, value: Any, field: str, *, optional: bool = False) -> dict[str, Any]:
        if value is None and optional:
            return {}
        if not isinstance(value, dict):
            self.fail(field, "an object" + (" or null" if optional else ""), value)
        return cast("dict[str, Any]", value)

    def shape(self, value: Any, field: str) -> None:
        for i, size in enumerate(self.array(value, field, optional=True, most=limits.MAX_DEPTH)):
            self.integer(size, f"{field}[{i}]", low=0)

    def plain(self, value: Any, field: str, depth: int = 0) -> None:
        """Check any JSON value: nesting, string lengths and integer sizes (iteratively)."""
        stack = [(value, field, depth)]
        while stack:
            item, where, level = stack.pop()
            if isinstance(item, (dict, list)):
                if level >= limits.MAX_DEPTH:
                    self.fail(where, f"nested at most {limits.MAX_DEPTH} deep", item)
                pairs = item.items() if isinstance(item, dict) else enumerate(item)
                for key, child in pairs:
                    if isinstance(key, str) and len(key) > limits.MAX_TEXT:
                        self.fail(where, f"keys of at most {limits.MAX_TEXT:,} characters")
                    if isinstance(child, (dict, list, str, int)):
                        inner = f"{where}[{key!r}]" if isinstance(item, dict) else f"{where}[{key}]"
                        stack.append((child, inner, level + 1))
            elif isinstance(item, str):
                self.text(item, where)
            elif isinstance(item, int) and not isinstance(item, bool):
                self.integer(item, where)

    def summary(self, value: Any, field: str) -> None:
        if value is None:
            return
        summary = self.mapping(value, field)
        for key, item in summary.items():
            kind = type(item)  # fast paths for the common, plainly valid values
            if kind is float:
                if key in _STATS:
                    continue
            elif kind is int:
                if key in ("nan", "inf") and 0 <= item < limits.MAX_INT:
                    continue
            elif kind is str:
                if key == "dtype" and len(item) <= limits.MAX_TEXT:
                    continue
            elif kind is list and (
                (key == "shape" and _plain_shape(item)) or (key == "values" and _plain_numbers(item))
            ):
                continue
            where = f"{field}.{key}"
            if key == "shape":
                self.shape(item, where)
            elif key == "dtype":
                self.text(item, where, optional=True)
            elif key in _STATS:
                self.number(item, where)
            elif key in ("nan", "inf"):
                self.integer(item, where, optional=True, low=0)
            else:  # values, and fields added later
                self.plain(item, where, 1)


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the string {json.dumps(shown)}" + (
            f" ({len(value):,} characters)" if len(value) > 40 else ""
        )
    if isinstance(value, int):
        digits = len(str(abs(value))) if abs(value) < 10**30 else 31
        return f"the integer {value}" if digits <= 30 else "an integer of more than 30 digits"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, list):
        return f"a list of {len(value):,} items"
    if isinstance(value, dict):
        return f"an object with {len(value):,} keys"
    return type(value).__name__


def _node_checks(c: _Checker) -> dict[str, Callable[[Any, str], None]]:
    return {
        "op": c.text,
        "kind": lambda v, f: None if v in NODE_KINDS else c.fail(f, " or ".join(map(repr, NODE_KINDS)), v),
        "name": lambda v, f: c.text(v, f, optional=True),
        "is_output": c.boolean,
        "shape": c.shape,
        "dtype": lambda v, f: c.text(v, f, optional=True),
        "device": lambda v, f: c.text(v, f, optional=True),
        "module": lambda v, f: c.text(v, f, optional=True),
        "saved": lambda v, f: _each(c, v, f, lambda item, where: c.text(item, where)),
        "saved_bytes": lambda v, f: c.integer(v, f, optional=True, low=0),
        "forward_ns": lambda v, f: c.integer(v, f, optional=True, low=0),
        "backward_ns": lambda v, f: c.integer(v, f, optional=True, low=0),
        "forward_index": lambda v, f: c.integer(v, f, optional=True, low=0),
        "backward_index": lambda v, f: c.integer(v, f, optional=True, low=0),
        "grad": c.summary,
        "value": c.summary,
        "source": lambda v, f: _source(c, v, f),
        "cuts": lambda v, f: _each(c, v, f, lambda item, where: _cut(c, item, where)),
        "constant_inputs": lambda v, f: _each(c, v, f, lambda item, where: _constant(c, item, where)),
        "custom_backward": lambda v, f: _custom_backward(c, v, f),
        "backward_error": lambda v, f: c.text(v, f, optional=True),
    }


def _each(c: _Checker, value: Any, field: str, check: Callable[[Any, str], None]) -> None:
    """Check a list (or null) of at most 10,000 items, each with ``check``."""
    for i, item in enumerate(c.array(value, field, optional=True, most=10_000)):
        check(item, f"{field}[{i}]")


def _source(c: _Checker, value: Any, field: str) -> None:
    if value is None:
        return
    source = c.mapping(value, field)
    for key in ("file", "code"):
        c.text(source.get(key), f"{field}.{key}", optional=key == "code")
    c.integer(source.get("line"), f"{field}.line", low=0)


def _cut(c: _Checker, value: Any, field: str) -> None:
    cut = c.mapping(value, field)
    c.integer(cut.get("line"), f"{field}.line", optional=True, low=0)
    for key in ("code", "op"):
        c.text(cut.get(key), f"{field}.{key}", optional=True)
    c.shape(cut.get("shape"), f"{field}.shape")


def _constant(c: _Checker, value: Any, field: str) -> None:
    entry = c.mapping(value, field)
    c.integer(entry.get("position"), f"{field}.position", low=0)
    c.text(entry.get("name"), f"{field}.name", optional=True)
    c.summary(entry.get("value"), f"{field}.value")


def _custom_backward(c: _Checker, value: Any, field: str) -> None:
    entry = c.mapping(value, field)
    c.text(entry.get("name"), f"{field}.name")
    c.text(entry.get("file"), f"{field}.file", optional=True)
    c.integer(entry.get("line"), f"{field}.line", optional=True, low=0)


def validate_trace(data: Any, path: str, progress: Callable[[int, int], None] | None = None) -> None:
    """Check a parsed saved graph against the schema and :mod:`.limits`.

    Raises GraphFileError (naming ``path``, the field and what was expected) at the first
    problem; returns None when the trace can be turned into a graph safely. ``progress`` hears
    ``(nodes checked, nodes)`` every :data:`PROGRESS_EVERY` nodes and may raise to stop.
    """
    c = _Checker(path)
    if not isinstance(data, dict):
        c.fail("the file", _TOP_LEVEL, data, headline=NOT_OURS)
    doc = data
    for key in ("directed", "multigraph"):
        if key in doc:
            c.boolean(doc[key], key)
    if doc.get("multigraph"):
        c.fail("multigraph", "false (graphviz_app graphs have at most one edge per pair)", True)
    if "nodes" not in doc:
        c.fail("nodes", "present: a list of nodes", headline=NOT_OURS)
    if "graph" not in doc:
        c.fail("graph", "present: an object holding schema_version", headline=NOT_OURS)
    attrs = c.mapping(doc["graph"], "graph")
    version = attrs.get("schema_version")
    if "schema_version" not in attrs:
        c.fail("graph.schema_version", f"present: an integer from 1 to {SCHEMA_VERSION}")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= SCHEMA_VERSION:
        c.fail(
            "graph.schema_version",
            f"an integer from 1 to {SCHEMA_VERSION} (a newer graphviz_app may read it: "
            "upgrade, or re-export the graph with this version)",
            version,
        )

    nodes = c.array(doc["nodes"], "nodes", most=limits.MAX_NODES)
    ids: set[str] = set()
    checks = _node_checks(c)
    for i, node in enumerate(nodes):
        if progress is not None and i % PROGRESS_EVERY == 0:
            progress(i, len(nodes))
        field = f"nodes[{i}]"
        c.mapping(node, field)
        if "id" not in node:
            c.fail(f"{field}.id", "present: the node's id (a string)")
        node_id = node["id"]
        c.text(node_id, f"{field}.id")
        if node_id in ids:
            c.fail(f"{field}.id", "unique", node_id)
        ids.add(node_id)
        for key in ("op", "kind"):
            if key not in node:
                c.fail(
                    f"{field}.{key}",
                    "present" + (": the autograd op's name" if key == "op" else f": one of {NODE_KINDS}"),
                )
        for key, value in node.items():
            vtype = type(value)  # fast paths for the common, plainly valid values
            if value is None and key in _MAY_BE_NULL:
                continue
            if vtype is str and key in _TEXT_FIELDS and len(value) <= limits.MAX_TEXT:
                continue
            if vtype is int and key in _INDEX_FIELDS and 0 <= value < limits.MAX_INT:
                continue
            if vtype is list and _plain_list_field(key, value):
                continue
            if vtype is bool and key == "is_output":
                continue
            check = checks.get(key)
            if check is not None:
                check(value, f"{field}.{key}")
            elif key != "id":
                c.plain(value, f"{field}.{key}", 2)

    key = "edges" if "edges" in doc else "links"
    edges = c.array(doc.get(key, []), key, most=limits.MAX_EDGES)
    for i, edge in enumerate(edges):
        if (
            type(edge) is dict
            and edge.keys() <= _EDGE_KEYS
            and edge.get("grad") is None
            and _is_id(edge.get("source"), ids)
            and _is_id(edge.get("target"), ids)
            and _plain_slots(edge.get("slots"))
        ):
            continue  # the common edge, plainly valid
        field = f"{key}[{i}]"
        c.mapping(edge, field)
        for end in ("source", "target"):
            if end not in edge:
                c.fail(f"{field}.{end}", "present: the id of a node")
            if not _is_id(edge[end], ids):
                c.fail(f"{field}.{end}", "the id of a node listed in 'nodes'", edge[end])
        for name, value in edge.items():
            where = f"{field}.{name}"
            if name == "slots":
                for j, slot in enumerate(c.array(value, where, optional=True, most=100_000)):
                    c.integer(slot, f"{where}[{j}]", low=0)
            elif name == "grad":
                c.summary(value, where)
            elif name not in ("source", "target"):
                c.plain(value, where, 2)
    _check_graph_attrs(c, attrs, ids)


_MAY_BE_NULL = frozenset(
    {
        "name",
        "shape",
        "dtype",
        "device",
        "module",
        "saved",
        "saved_bytes",
        "forward_ns",
        "backward_ns",
        "forward_index",
        "backward_index",
        "grad",
        "value",
        "source",
        "cuts",
    }
)
_TEXT_FIELDS = frozenset({"op", "name", "dtype", "device", "module"})
_INDEX_FIELDS = frozenset({"forward_index", "backward_index"})
_EDGE_KEYS = frozenset({"source", "target", "slots", "grad"})


def _plain_shape(value: list[Any]) -> bool:
    return len(value) <= limits.MAX_DEPTH and all(type(s) is int and 0 <= s < limits.MAX_INT for s in value)


def _plain_list_field(key: str, value: list[Any]) -> bool:
    """Whether a node's list ``value`` of ``key`` is plainly valid: a shape of sizes, saved
    values' texts, or no cuts or constant inputs (anything else is checked field by field)."""
    if key == "shape":
        return _plain_shape(value)
    if key == "saved":
        return len(value) <= 10_000 and all(type(t) is str and len(t) <= limits.MAX_TEXT for t in value)
    return not value and key in ("cuts", "constant_inputs")


def _plain_numbers(value: list[Any]) -> bool:
    """Whether ``value`` is a list of floats, or a list of lists of floats (a summary's values
    as most tensors give them)."""
    if all(type(x) is float for x in value):
        return True
    return all(type(row) is list and all(type(x) is float for x in row) for row in value)


def _plain_slots(slots: Any) -> bool:
    return slots is None or (
        type(slots) is list
        and len(slots) <= 64
        and all(type(s) is int and 0 <= s < limits.MAX_INT for s in slots)
    )


def _is_id(value: Any, ids: set[str]) -> bool:
    return isinstance(value, str) and value in ids


def _check_graph_attrs(c: _Checker, attrs: dict[str, Any], ids: set[str]) -> None:
    for key, value in attrs.items():
        field = f"graph.{key}"
        if key == "roots":
            for i, root in enumerate(c.array(value, field, most=limits.MAX_NODES)):
                if not _is_id(root, ids):
                    c.fail(f"{field}[{i}]", "the id of a node listed in 'nodes'", root)
        elif key == "outputs":
            for i, out in enumerate(c.array(value, field, most=limits.MAX_NODES)):
                where = f"{field}[{i}]"
                c.mapping(out, where)
                if not _is_id(out.get("node"), ids):
                    c.fail(f"{where}.node", "the id of a node listed in 'nodes'", out.get("node"))
                c.text(out.get("name"), f"{where}.name", optional=True)
                c.shape(out.get("shape"), f"{where}.shape")
                if "scalar" in out:
                    c.boolean(out["scalar"], f"{where}.scalar")
        elif key == "devices":
            for name, count in c.mapping(value, field).items():
                c.text(name, f"{field} key")
                c.integer(count, f"{field}[{name!r}]", low=0)
        elif key == "module_types":
            for name, kind in c.mapping(value, field).items():
                c.text(name, f"{field} key")
                c.text(kind, f"{field}[{name!r}]")
        elif key in ("script", "sent_from"):
            c.text(value, field, optional=True)
        elif key == "backward":
            backward = c.mapping(value, field, optional=True)
            if "ran" in backward:
                c.boolean(backward["ran"], f"{field}.ran")
            c.text(backward.get("by"), f"{field}.by", optional=True)
            c.integer(backward.get("call"), f"{field}.call", optional=True, low=0)
            c.text(backward.get("error"), f"{field}.error", optional=True)
        elif key == "notices":
            for i, notice in enumerate(c.array(value, field, most=10_000)):
                if isinstance(notice, dict):  # a message: its template and values
                    c.plain(notice, f"{field}[{i}]", 2)
                else:  # plain text, as graphs saved before messages hold
                    c.text(notice, f"{field}[{i}]")
        elif key == "plots":
            _plots(c, value, field)
        elif key in ("saved_bytes_total", "forward_ns_total", "backward_ns_total"):
            c.integer(value, field, optional=True, low=0)
        elif key == "time_clock":
            if value not in ("host", "cuda_events"):
                c.fail(field, "'host' or 'cuda_events'", value)
        elif key == "saved_bytes_by_module":
            if value is not None:
                for path, count in c.mapping(value, field).items():
                    c.text(path, f"{field} key")
                    c.integer(count, f"{field}[{path!r}]", low=0)
        elif key == "health":
            _health(c, value, field)
        elif key != "schema_version":
            c.plain(value, field, 1)


def _health(c: _Checker, value: Any, field: str) -> None:
    """Gradient health: per parameter, one norm and two counts per recorded step."""
    health = c.mapping(value, field)
    c.integer(health.get("requested"), f"{field}.requested", low=0)
    calls = c.array(health.get("calls"), f"{field}.calls", most=MAX_HEALTH_STEPS)
    for i, call in enumerate(calls):
        c.integer(call, f"{field}.calls[{i}]", low=1)
    for i, entry in enumerate(
        c.array(health.get("parameters"), f"{field}.parameters", most=limits.MAX_NODES)
    ):
        where = f"{field}.parameters[{i}]"
        c.mapping(entry, where)
        c.text(entry.get("module"), f"{where}.module", optional=True)
        c.text(entry.get("name"), f"{where}.name")
        for key in ("norm", "nan", "inf"):
            items = c.array(entry.get(key), f"{where}.{key}", most=len(calls))
            if len(items) != len(calls):
                c.fail(f"{where}.{key}", f"a list of {len(calls)} items, one per call", items)
            for k, item in enumerate(items):
                if key == "norm":
                    if item is not None and (
                        isinstance(item, bool)
                        or not isinstance(item, (int, float))
                        or not math.isfinite(item)
                        or item < 0
                    ):
                        c.fail(f"{where}.{key}[{k}]", "a finite number of at least 0, or null", item)
                else:
                    c.integer(item, f"{where}.{key}[{k}]", optional=True, low=0)


def _plots(c: _Checker, value: Any, field: str) -> None:
    """The script's figures: a bounded list of small PNG images as base64 text (see :mod:`.plots`)."""
    for i, entry in enumerate(c.array(value, field, most=MAX_PLOTS)):
        where = f"{field}[{i}]"
        c.mapping(entry, where)
        c.text(entry.get("title"), f"{where}.title", optional=True)
        c.integer(entry.get("line"), f"{where}.line", optional=True, low=0)
        c.text(entry.get("path"), f"{where}.path", optional=True)
        if entry.get("kind") not in PLOT_KINDS:
            c.fail(f"{where}.kind", " or ".join(map(repr, PLOT_KINDS)), entry.get("kind"))
        png = entry.get("png")
        if not isinstance(png, str) or len(png) > MAX_PLOT_TEXT:
            c.fail(
                f"{where}.png",
                f"a PNG image as base64 text of at most {MAX_PLOT_TEXT:,} characters",
                png,
            )
        data = plots.decode_png(png)
        size = plots.png_size(data) if data is not None else None
        if size is None:
            c.fail(f"{where}.png", "a PNG image as base64 text", png)
        elif not (0 < size[0] <= MAX_PNG_SIDE and 0 < size[1] <= MAX_PNG_SIDE):
            raise GraphFileError(
                c.path,
                f"{where}.png",
                f"a PNG image at most {MAX_PNG_SIDE:,} pixels on a side",
                f"one of {size[0]:,} x {size[1]:,} pixels",
            )
        for key, item in entry.items():
            if key not in _PLOT_KEYS:
                c.plain(item, f"{where}.{key}", 3)


_PLOT_KEYS = frozenset({"title", "line", "kind", "path", "png"})


# --- non-finite numbers ------------------------------------------------------------------------


def _encode_number(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, list):
        items = [_encode_number(v) for v in value]
        return items if any(a is not b for a, b in zip(items, value)) else value
    return value


def _decode_number(value: Any) -> Any:
    if isinstance(value, str):
        return NONFINITE.get(value, value)
    if isinstance(value, list):
        items = [_decode_number(v) for v in value]
        return items if any(a is not b for a, b in zip(items, value)) else value
    return value


def _map_summary(summary: Any, convert: Callable[[Any], Any]) -> Any:
    if not isinstance(summary, dict):
        return summary
    changed = None
    for key in (*_STATS, "values"):
        if key in summary:
            new = convert(summary[key])
            if new is not summary[key]:
                changed = changed or dict(summary)
                changed[key] = new
    return changed or summary


def _map_summaries(trace: dict[str, Any], convert: Callable[[Any], Any]) -> None:
    for part in ("nodes", "edges", "links"):
        items = trace.get(part)
        if not isinstance(items, list):
            continue
        for item in items:
            if not isinstance(item, dict):
                continue
            for key in ("grad", "value"):
                summary = item.get(key)
                if summary is not None:
                    item[key] = _map_summary(summary, convert)


def encode_nonfinite(trace: dict[str, Any]) -> dict[str, Any]:
    """Spell the non-finite floats of every summary as strings (see the module doc); in place.

    Summaries that change are copied, so a graph's own attribute dicts are never modified.
    """
    _map_summaries(trace, _encode_number)
    return trace


def decode_nonfinite(trace: dict[str, Any]) -> dict[str, Any]:
    """Turn the strings ``"NaN"``, ``"Infinity"``, ``"-Infinity"`` of every summary back into floats; in place."""
    _map_summaries(trace, _decode_number)
    return trace


def _encode_anything(value: Any) -> Any:
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        pairs = item.items() if isinstance(item, dict) else enumerate(item)
        for key, child in list(pairs):
            if isinstance(child, float) and not math.isfinite(child):
                item[key] = _encode_number(child)
            elif isinstance(child, (dict, list)):
                stack.append(child)
    return value


def dumps_trace(trace: dict[str, Any]) -> str:
    """Return ``trace`` as standard JSON text (no bare NaN/Infinity; ``indent=1``).

    Non-finite floats in summaries are spelled as strings; one anywhere else (a field added by
    a later version) is spelled the same way rather than failing the export.
    """
    encode_nonfinite(trace)
    try:
        return json.dumps(trace, indent=1, allow_nan=False)
    except ValueError:
        return json.dumps(_encode_anything(json.loads(json.dumps(trace))), indent=1, allow_nan=False)


# --- the reader --------------------------------------------------------------------------------

PROGRESS_EVERY = 5_000
"""Nodes checked (or added to the graph) between two progress reports."""


@dataclass(frozen=True)
class ReadProgress:
    """How far :func:`read_saved_graph` has come."""

    stage: Literal["reading", "checking", "building"]
    done: int
    """Bytes read ("reading"), nodes checked ("checking"), or nodes and edges added ("building")."""
    total: int
    """The file's size in bytes, its number of nodes, or of nodes and edges."""


class ReadCancelled(GraphvizAppError):  # noqa: N818  (a cancellation, not an error to report)
    """The read was stopped (its ``stop`` event set) before the graph was made; nothing opened."""


def read_saved_graph(
    path: str | Path,
    *,
    progress: Callable[[ReadProgress], None] | None = None,
    stop: threading.Event | None = None,
) -> nx.DiGraph:
    """Read, validate and return a graph saved as ``.json``.

    Raises GraphvizAppError when the file cannot be read (missing, a FIFO or device, over
    :data:`.limits.MAX_FILE_BYTES`) and GraphFileError (a GraphvizAppError) when its content is
    not a valid saved graph; nothing from the file is run or opened. The file is parsed as it
    is read, so one over a limit is refused as soon as the limit is passed.

    ``progress`` hears how far the read has come (after each :data:`READ_CHUNK` bytes, each
    :data:`PROGRESS_EVERY` nodes); when ``stop`` is set the read ends at the next report with
    :class:`ReadCancelled`. Meant for a thread: Python's other threads run between the pieces.
    """
    path = Path(path)

    def report(stage: Literal["reading", "checking", "building"], done: int, total: int) -> None:
        if stop is not None and stop.is_set():
            raise ReadCancelled(f"Reading {path} was cancelled.")
        if progress is not None:
            progress(ReadProgress(stage, done, total))

    began = time.monotonic()
    report("reading", 0, 0)
    try:
        fd, size = _open_checked(path, limits.MAX_FILE_BYTES, A_SAVED_GRAPH)
        # The collector is paused: the parsed objects hold no cycles, and each collection would
        # rescan all of them (most of the time of a big read otherwise).
        with gc_paused():
            try:
                chunks = _chunks(fd, path, limits.MAX_FILE_BYTES, READ_CHUNK)
                data, spelled = _parse_json(chunks, str(path), lambda done: report("reading", done, size))
            finally:
                os.close(fd)
            validate_trace(data, str(path), lambda done, total: report("checking", done, total))
            if spelled:  # else no summary holds a spelled number: nothing to decode
                decode_nonfinite(data)
            graph = build_graph(data, lambda done, total: report("building", done, total))
            del data
            gc.freeze()  # the graph is long-lived: later collections need not rescan it
    except GraphvizAppError as exc:
        log.info("refused %s after %.2f s: %s", path, time.monotonic() - began, exc.message.english())
        raise
    log.info(
        "read %s: %d bytes, %d nodes, %d edges in %.2f s",
        path,
        size,
        graph.number_of_nodes(),
        len(graph.edges),  # (number_of_edges() sums every node's degree: 34 ms at 100,000)
        time.monotonic() - began,
    )
    return graph
