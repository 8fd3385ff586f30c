"""The capture worker: the code that runs under the user's Python, runs the user's script and
captures the graph it builds.

``server`` is the worker process (it serves the app's requests), ``child`` a run's own process,
``script`` the run itself and the rest what a capture needs (recording, walking, summaries,
figures). It imports only the standard library, torch (the script's matplotlib, where the script
draws) and :mod:`graphviz_app.wire`, so the copy put on the worker's path
(:func:`graphviz_app.capture.interpreter.worker_path`) holds this package and the wire alone.
The window and the CLI reach it only through the client (:mod:`graphviz_app.capture.client`); the
Python API's in-process capture (:mod:`graphviz_app.capture.api`) uses its recorder and walker.
"""
