"""The window's end of ``graphviz_app.open``: a QLocalServer on :mod:`core.instance`'s socket.

One window per user serves: a window that finds another one answering on the socket leaves it
be. A request names a saved ``.json`` graph; the window opens it as File ▸ Open would (no code
runs, the file joins File ▸ Recent, so the graph shown before stays one click away), comes to the
front and answers once the graph is in the document.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from ...core import instance
from ...core.model.file_kind import classify_path
from ...wire.errors import GraphvizAppError

if TYPE_CHECKING:
    from .main_window import MainWindow

log = logging.getLogger(__name__)
translate = QCoreApplication.translate
PROBE_MS = 300
"""How long to wait for another window's answer before taking the socket over."""


class InstanceServer(QObject):
    """Listens for graphs sent from Python; ``received(path, title)`` for each valid request
    (connected handlers run before the sender is answered)."""

    received = Signal(Path, str)

    def __init__(self, parent: QObject | None = None, path: Path | None = None) -> None:
        super().__init__(parent)
        self.path = path
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self.server.newConnection.connect(self._connected)
        self._buffers: dict[QLocalSocket, bytes] = {}

    def listen(self) -> bool:
        """Serve the socket unless another window does; return whether this one serves."""
        if not instance.supported():
            return False
        try:
            path = self.path or instance.socket_path(create=True)
        except GraphvizAppError as exc:
            log.warning("%s", exc.message)
            return False
        probe = QLocalSocket()
        probe.connectToServer(str(path))
        if probe.waitForConnected(PROBE_MS):
            probe.disconnectFromServer()
            return False  # another window answers: it stays the one that receives graphs
        QLocalServer.removeServer(str(path))  # a socket file left by a window that crashed
        if not self.server.listen(str(path)):
            log.warning("Cannot listen on %s: %s", path, self.server.errorString())
            return False
        self.path = path
        return True

    def close(self) -> None:
        self.server.close()

    def _connected(self) -> None:
        while self.server.hasPendingConnections():
            client = self.server.nextPendingConnection()
            self._buffers[client] = b""
            client.readyRead.connect(lambda c=client: self._read(c))
            client.disconnected.connect(lambda c=client: self._forget(c))
            self._read(client)

    def _forget(self, client: QLocalSocket) -> None:
        self._buffers.pop(client, None)
        client.deleteLater()

    def _read(self, client: QLocalSocket) -> None:
        if client not in self._buffers:
            return
        data = self._buffers[client] + bytes(client.readAll().data())
        if b"\n" not in data:
            if len(data) > instance.MAX_MESSAGE:
                self._answer(client, f"The message is longer than {instance.MAX_MESSAGE} bytes.")
            else:
                self._buffers[client] = data
            return
        line = data.split(b"\n", 1)[0]
        try:
            request = instance.decode_request(line)
            if classify_path(request.path).kind != "graph":
                raise GraphvizAppError(
                    f"{request.path} is not a saved graph; only .json graphs can be sent to the window."
                )
            self.received.emit(request.path, request.title)
        except GraphvizAppError as exc:
            self._answer(client, str(exc.message))
            return
        self._answer(client, None)

    def _answer(self, client: QLocalSocket, error: str | None) -> None:
        self._buffers.pop(client, None)
        client.write(instance.encode_reply(error))
        client.flush()
        client.disconnectFromServer()


def open_sent(window: MainWindow, path: Path, title: str) -> None:
    """Show a graph sent from Python in ``window``: open it (it joins File ▸ Recent) and come
    to the front."""
    window.messages.heading(translate("Instance", "Graph sent from {title}").format(title=title))
    window.open_path(path)
    window.messages.info(
        translate(
            "Instance", "The graph shown before is in File ▸ Recent; this one is saved as {path}."
        ).format(path=path)
    )
    if window.isMinimized():
        window.showNormal()
    window.raise_()
    window.activateWindow()


def serve(window: MainWindow, path: Path | None = None) -> InstanceServer:
    """Make ``window`` receive the graphs ``graphviz_app.open`` sends (when no other window
    does); return its server (``listen()``'s answer is in ``server.isListening()``)."""
    server = InstanceServer(window, path)
    server.received.connect(lambda p, t: open_sent(window, p, t))
    server.listen()
    return server
