"""``python -m graphviz_app``: same as the ``graphviz-app`` console script."""

from __future__ import annotations

from graphviz_app.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
