"""Fixtures for capture tests: the session's warm runner (``runner``) and ``write_script`` come
from ``tests/conftest.py``, shared with every other test that runs a script."""
