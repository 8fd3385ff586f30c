"""Run graphviz_app from a checkout: ``python main.py [SCRIPT]`` or ``python main.py export ...``.

Same as ``python -m graphviz_app`` and the ``graphviz-app`` console script.
"""

from __future__ import annotations

from graphviz_app.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
