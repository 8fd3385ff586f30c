"""The garbage-collector pause around bulk graph building restores the collector's state."""

from __future__ import annotations

import gc

from graphviz_app.wire.gc_pause import gc_paused, without_gc


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


def test_settle_freezes_what_is_alive_and_frees_the_cycles_it_replaced():
    import weakref

    class Node:
        pass

    try:
        old = Node()
        old.self = old  # a reference cycle, as a replaced scene can leave
        gone = weakref.ref(old)
        from graphviz_app.wire.gc_pause import settle

        settle()  # `old` is alive here: frozen with everything else
        assert gc.get_freeze_count() > 0 and gone() is not None
        del old
        gc.collect()
        assert gone() is not None  # frozen: the collector skips it
        settle()  # the next graph shown: the previous freeze is released and collected
        assert gone() is None
    finally:
        gc.unfreeze()


def test_after_a_big_freeze_settle_collects_only_the_young_then_in_full_again():
    import weakref

    from graphviz_app.wire import gc_pause

    class Node:
        pass

    try:
        old = Node()
        old.self = old
        gone = weakref.ref(old)
        gc_pause.settle()
        del old
        big = [[i] for i in range(gc_pause.BIG_FREEZE + 1)]  # a big graph read on a thread
        gc_pause.freeze_new()
        gc_pause.settle()  # shown: no full collection over the big graph
        assert gone() is not None
        del big
        gc_pause.settle()  # the next one collects in full again
        assert gone() is None
    finally:
        gc.unfreeze()
