"""The garbage-collector pause around bulk graph building restores the collector's state."""
from __future__ import annotations

import gc

from graphviz_app.core.gc_pause import gc_paused, without_gc


def test_pause_nests_and_restores_an_enabled_collector():
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner block does not re-enable it early
    assert gc.isenabled()


def test_pause_leaves_a_disabled_collector_disabled_even_on_errors():
    @without_gc
    def fails() -> None:
        assert not gc.isenabled()
        raise ValueError("boom")

    gc.disable()
    try:
        try:
            fails()
        except ValueError:
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
    try:
        fails()
    except ValueError:
        pass
    assert gc.isenabled()
