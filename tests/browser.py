"""Headless Chromium for tests of the HTML page, driven over the DevTools protocol on a pipe.

``--remote-debugging-pipe`` makes Chromium read commands from fd 3 and write answers to fd 4,
each a JSON text ended by a NUL byte: no websocket, no port, only the standard library.
Tests that need it skip when Chromium is not installed (Debian package ``chromium``).
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "chrome")
TIMEOUT = 60.0
"""Seconds any one answer may take (a busy 2-core machine starts Chromium slowly)."""


def chromium_path() -> str | None:
    """Return the Chromium program, or None when none is installed."""
    return next((found for name in CHROMIUM_NAMES if (found := shutil.which(name))), None)


def need_chromium() -> str:
    """Return the Chromium program, or skip the test saying how to install it."""
    program = chromium_path()
    if program is None:
        pytest.skip("needs Chromium for the HTML page (Debian: apt-get install chromium)")
    return program


def _as_fds_3_and_4(commands: int, answers: int) -> None:
    """In the child: put the pipe ends on fds 3 and 4 (copies first, so neither clobbers the other)."""
    commands, answers = os.dup(commands), os.dup(answers)
    os.dup2(commands, 3)
    os.dup2(answers, 4)


class Browser:
    """One headless Chromium; :meth:`open` loads a page and attaches to it."""

    def __init__(self, profile: Path, size: tuple[int, int] = (1100, 650)) -> None:
        program = need_chromium()
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()
        # Chromium expects its pipe ends as fds 3 (commands) and 4 (answers).
        self.process = subprocess.Popen(
            [
                program,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--disable-extensions",
                f"--user-data-dir={profile}",
                f"--window-size={size[0]},{size[1]}",
                "--remote-debugging-pipe",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            pass_fds=(3, 4),
            preexec_fn=lambda: _as_fds_3_and_4(to_chrome_r, from_chrome_w),
        )
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buffer = b""
        self._next = 0
        self.events: list[dict[str, Any]] = []
        self.session: str | None = None

    def close(self) -> None:
        try:
            self.send("Browser.close", session=None)
        except (OSError, RuntimeError, TimeoutError):
            pass
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_chrome)
        os.close(self._from_chrome)

    def _read_message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._from_chrome], [], [], left)[0]:
                raise TimeoutError("Chromium did not answer in time")
            chunk = os.read(self._from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed its DevTools pipe")
            self._buffer += chunk
        text, _, self._buffer = self._buffer.partition(b"\0")
        message: dict[str, Any] = json.loads(text)
        return message

    def send(
        self, method: str, params: dict[str, Any] | None = None, *, session: str | bool | None = True
    ) -> dict[str, Any]:
        """Send a command (to the attached page unless ``session`` is None) and return its result."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if session is True:
            session = self.session
        if session:
            message["sessionId"] = session
        os.write(self._to_chrome, json.dumps(message).encode("utf-8") + b"\0")
        deadline = time.monotonic() + TIMEOUT
        while True:
            answer = self._read_message(deadline)
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                result: dict[str, Any] = answer.get("result", {})
                return result
            self.events.append(answer)

    def open(self, url: str) -> None:
        """Load ``url`` in a new tab, attach to it and wait until its load event fired."""
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=None)["targetId"]
        self.session = self.send(
            "Target.attachToTarget", {"targetId": target, "flatten": True}, session=None
        )["sessionId"]
        for domain in ("Runtime", "Log", "Page"):
            self.send(f"{domain}.enable")
        self.send("Page.navigate", {"url": url})
        self.wait_for("document.readyState === 'complete'")

    def evaluate(self, expression: str) -> Any:
        """Return the value of a JavaScript expression in the page (raises on an exception)."""
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def evaluate_in_frames(self, expression: str) -> list[Any]:
        """Return the value of ``expression`` in every sandboxed frame of the page (a ``srcdoc``
        iframe without ``allow-same-origin``), leaving out null values: attached to as a target
        of its own where Chromium isolates sandboxed frames, else in the frame's context."""
        self.send(
            "Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": True}
        )
        time.sleep(1)
        self.evaluate("0")  # (reads the events that arrived meanwhile)
        places: list[tuple[str | None, dict[str, Any]]] = []
        for event in self.events:
            params = event.get("params", {})
            if event.get("method") == "Target.attachedToTarget" and params["targetInfo"]["type"] == "iframe":
                places.append((params["sessionId"], {}))
            elif (
                event.get("method") == "Runtime.executionContextCreated"
                and event.get("sessionId") == self.session
            ):
                context = params["context"]
                if context.get("auxData", {}).get("isDefault") and context.get("origin") in ("null", "://"):
                    places.append((self.session, {"contextId": context["id"]}))
        values = []
        for session, where in places:
            try:
                answer = self.send(
                    "Runtime.evaluate",
                    {"expression": expression, "returnByValue": True, **where},
                    session=session,
                )
            except RuntimeError:
                continue  # a context gone with its frame
            value = answer.get("result", {}).get("value")
            if value is not None:
                values.append(value)
        return values

    def wait_for(self, expression: str) -> None:
        deadline = time.monotonic() + TIMEOUT
        while not self.evaluate(expression):
            if time.monotonic() > deadline:
                raise TimeoutError(f"the page never had {expression}")
            time.sleep(0.05)

    def click(self, x: float, y: float) -> None:
        """Press and release the left mouse button at page pixel ``(x, y)``."""
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.send(
                "Input.dispatchMouseEvent",
                {
                    "type": kind,
                    "x": x,
                    "y": y,
                    "button": "left",
                    "clickCount": 1 if kind != "mouseMoved" else 0,
                },
            )

    def screenshot(self, path: Path) -> Path:
        import base64

        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        path.write_bytes(base64.b64decode(data))
        return path

    def errors(self) -> list[str]:
        """Return every console error, uncaught exception and error log entry seen so far."""
        found = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                found.append(str(params.get("exceptionDetails")))
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                found.append(
                    " ".join(str(a.get("value", a.get("description"))) for a in params.get("args", []))
                )
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                found.append(str(params["entry"].get("text")))
        return found
