"""The app's side of the capture: choosing the user's Python and starting the worker under it
(``interpreter``), talking to it (``client``, with ``marker``) and, in the caller's own process,
tracing tensors for the Python API (``api``).

The worker itself is :mod:`graphviz_app.worker`; what crosses between them is
:mod:`graphviz_app.wire`. Importing this package imports neither torch nor the worker.
"""
