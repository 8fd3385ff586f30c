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


def _full_collection_made(gc_pause) -> None:
    """Settle after a full collection: the count to grow from is every object frozen now."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    gc_pause._live, gc_pause._frozen_since, gc_pause._big_freeze = gc.get_freeze_count(), 0, False


def test_settle_freezes_what_is_alive_and_collects_only_what_is_not_frozen(monkeypatch):
    import weakref

    from graphviz_app.wire import gc_pause

    class Node:
        pass

    monkeypatch.setattr(gc_pause, "_settled", True)
    try:
        _full_collection_made(gc_pause)
        old = Node()
        old.self = old  # a reference cycle
        gone = weakref.ref(old)
        gc_pause.settle()  # `old` is alive here: frozen with everything else
        assert gc.get_freeze_count() > 0 and gone() is not None
        del old
        young = Node()
        young.self = young  # a cycle made since: not frozen yet, so collected by any settle
        young_gone = weakref.ref(young)
        del young
        gc_pause.settle()
        assert gone() is not None and young_gone() is None  # frozen: the collector skips it
    finally:
        gc.unfreeze()


def test_frozen_cycles_are_freed_once_what_settle_froze_grew_by_a_quarter(monkeypatch):
    """A full collection scans the whole process: it waits until the objects settle froze grew
    by ``GROWTH`` of the live ones since the last one, then frees what was frozen meanwhile."""
    import weakref

    from graphviz_app.wire import gc_pause

    class Node:
        pass

    monkeypatch.setattr(gc_pause, "_settled", True)
    try:
        _full_collection_made(gc_pause)
        frozen = gc.get_freeze_count()
        old = Node()
        old.self = old
        gone = weakref.ref(old)
        gc_pause.settle()
        del old
        gc_pause.settle()
        assert gone() is not None
        grown = [[i] for i in range(int(frozen * gc_pause.GROWTH) + 1000)]  # long-lived objects
        gc_pause.settle()  # they are frozen now
        gc_pause.settle()  # a quarter more frozen than after the last full one: in full
        assert gone() is None
        del grown
    finally:
        gc.unfreeze()


def test_after_a_big_freeze_settle_collects_only_the_young(monkeypatch):
    """A big graph read on a thread is alive: the settle after it would scan it all for nothing
    (a second at 100,000 nodes), so it collects only the young generations."""
    import weakref

    from graphviz_app.wire import gc_pause

    class Node:
        pass

    monkeypatch.setattr(gc_pause, "_settled", True)
    try:
        _full_collection_made(gc_pause)
        frozen = gc.get_freeze_count()
        old = Node()
        old.self = old
        gone = weakref.ref(old)
        gc_pause.settle()
        del old
        grown = [[i] for i in range(int(frozen * gc_pause.GROWTH) + 1000)]
        gc_pause.settle()  # frozen by settle: the next one would be in full...
        big = [[i] for i in range(gc_pause.BIG_FREEZE + 1)]
        gc_pause.freeze_new()
        gc_pause.settle()  # ...but a big graph was read meanwhile: young only
        assert gone() is not None and not gc_pause._big_freeze
        del big, grown
    finally:
        gc.unfreeze()


def test_the_first_settle_collects_only_the_young(monkeypatch):
    """What start-up and the first graph left is mostly alive: a full collection would scan
    every object they made (0.45 s at 20,000 nodes) to free little."""
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
    finally:
        gc.callbacks.remove(record)
        gc.unfreeze()


def test_what_freeze_new_froze_is_not_growth(monkeypatch):
    """A structure frozen by ``freeze_new`` (a graph read on a thread, a picture made a slice at
    a time) is alive: however big, it does not bring on a full collection, which would scan it
    all (about a second at 20,000 nodes)."""
    import weakref

    from graphviz_app.wire import gc_pause

    class Node:
        pass

    monkeypatch.setattr(gc_pause, "_settled", True)
    try:
        _full_collection_made(gc_pause)
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
