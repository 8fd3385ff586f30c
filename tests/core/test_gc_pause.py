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

    from graphviz_app.wire import gc_pause

    class Node:
        pass

    try:
        old = Node()
        old.self = old  # a reference cycle, as a replaced scene can leave
        gone = weakref.ref(old)
        gc_pause.settle()  # `old` is alive here: frozen with everything else
        assert gc.get_freeze_count() > 0 and gone() is not None
        del old
        gc.collect()
        assert gone() is not None  # frozen: the collector skips it
        gc_pause.settle(gc_pause.BIG_REPLACED)  # a big graph replaced: freed at once
        assert gone() is None
    finally:
        gc.unfreeze()


def test_a_small_replaced_graph_waits_until_the_frozen_objects_grew_by_a_quarter():
    """A full collection scans the whole process: after a small replaced graph it waits, and the
    cycles it left are freed once the frozen objects grew by ``GROWTH`` since the last one."""
    import weakref

    from graphviz_app.wire import gc_pause

    class Node:
        pass

    try:
        gc_pause.settle(gc_pause.BIG_REPLACED)  # a full collection: the count to grow from
        frozen = gc.get_freeze_count()
        old = Node()
        old.self = old
        gone = weakref.ref(old)
        gc_pause.settle()
        del old
        young = Node()
        young.self = young  # a cycle made since: not frozen yet, so collected by any settle
        young_gone = weakref.ref(young)
        del young
        gc_pause.settle(10)  # a small graph replaced: no full collection
        assert gone() is not None and young_gone() is None
        grown = [[i] for i in range(int(frozen * gc_pause.GROWTH) + 1000)]  # long-lived objects
        gc_pause.settle(10)  # they are frozen now
        gc_pause.settle(10)  # a quarter more frozen than after the last full one: in full
        assert gone() is None
        del grown
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
        gc_pause.settle(gc_pause.BIG_REPLACED)  # the big graph's scene replaced: in full again
        assert gone() is None
    finally:
        gc.unfreeze()


def test_the_first_settle_collects_only_the_young(monkeypatch):
    """Nothing was replaced before the first graph is shown: a full collection would scan every
    object start-up and the graph made (0.45 s at 20,000 nodes) to free little."""
    from graphviz_app.wire import gc_pause

    monkeypatch.setattr(gc_pause, "_settled", False)
    monkeypatch.setattr(gc_pause, "_big_freeze", False)
    collected: list[int] = []

    def record(phase, info):
        if phase == "start":
            collected.append(info["generation"])

    gc.callbacks.append(record)
    try:
        gc_pause.settle()
        assert collected and max(collected) < 2
        assert gc_pause._live > 0 and gc.get_freeze_count() > 0
        collected.clear()
        gc_pause.settle(gc_pause.BIG_REPLACED)  # later, a big graph replaced: in full
        assert 2 in collected
    finally:
        gc.callbacks.remove(record)
        gc.unfreeze()


def test_small_replaced_graphs_add_up_to_a_full_collection():
    """Each replaced graph leaves a cycle (it and its derived values): their parts are counted
    until they reach ``BIG_REPLACED``, then all of them are freed at once."""
    import weakref

    from graphviz_app.wire import gc_pause

    class Node:
        pass

    try:
        gc_pause.settle(gc_pause.BIG_REPLACED)  # a full collection: nothing replaced is pending
        old = Node()
        old.self = old
        gone = weakref.ref(old)
        gc_pause.settle()
        del old
        gc_pause.settle(gc_pause.BIG_REPLACED // 2)
        assert gone() is not None  # half of what it takes: it waits
        gc_pause.settle(gc_pause.BIG_REPLACED // 2)
        assert gone() is None
    finally:
        gc.unfreeze()


def test_what_freeze_new_froze_is_not_growth():
    """A structure frozen by ``freeze_new`` (a graph read on a thread, a picture made a slice at
    a time) is alive, and its cycles are counted when it is replaced: however big, it does not
    bring on a full collection, which would scan it all (about a second at 20,000 nodes)."""
    import weakref

    from graphviz_app.wire import gc_pause

    class Node:
        pass

    try:
        gc_pause.settle(gc_pause.BIG_REPLACED)
        old = Node()
        old.self = old
        gone = weakref.ref(old)
        gc_pause.settle()
        del old
        built = [[i] for i in range(gc.get_freeze_count())]  # as many again as were frozen
        gc_pause.freeze_new()
        gc_pause.settle()
        gc_pause.settle()
        assert gone() is not None  # frozen, and no full collection came
        del built
    finally:
        gc.unfreeze()
