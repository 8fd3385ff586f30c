"""The garbage-collector pause around bulk graph building restores the collector's state."""

from __future__ import annotations

import gc
import weakref

import pytest

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


class _Node:
    pass


@pytest.fixture
def settled(monkeypatch):
    """``gc_pause`` past its first settle, just after a full collection (the count to grow from
    is every object frozen now); unfrozen afterwards."""
    from graphviz_app.wire import gc_pause

    monkeypatch.setattr(gc_pause, "_settled", True)
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    monkeypatch.setattr(gc_pause, "_live", gc.get_freeze_count())
    monkeypatch.setattr(gc_pause, "_frozen_since", 0)
    monkeypatch.setattr(gc_pause, "_big_freeze", False)
    yield gc_pause
    gc.unfreeze()


def _frozen_cycle(gc_pause) -> weakref.ref[_Node]:
    """A reference cycle alive at a settle (so frozen), then dropped: only a full collection
    frees it."""
    old = _Node()
    old.self = old  # type: ignore[attr-defined]
    gone = weakref.ref(old)
    gc_pause.settle()
    assert gc.get_freeze_count() > 0 and gone() is not None
    return gone


def test_settle_freezes_what_is_alive_and_collects_only_what_is_not_frozen(settled):
    gone = _frozen_cycle(settled)
    young = _Node()
    young.self = young  # a cycle made since: not frozen yet, so collected by any settle
    young_gone = weakref.ref(young)
    del young
    settled.settle()
    assert gone() is not None and young_gone() is None  # frozen: the collector skips it


def test_frozen_cycles_are_freed_once_what_settle_froze_grew_by_a_quarter(settled):
    """A full collection scans the whole process: it waits until the objects settle froze grew
    by ``GROWTH`` of the live ones since the last one, then frees what was frozen meanwhile."""
    frozen = gc.get_freeze_count()
    gone = _frozen_cycle(settled)
    settled.settle()
    assert gone() is not None
    grown = [[i] for i in range(int(frozen * settled.GROWTH) + 1000)]  # long-lived objects
    settled.settle()  # they are frozen now
    settled.settle()  # a quarter more frozen than after the last full one: in full
    assert gone() is None
    del grown


def test_after_a_big_freeze_settle_collects_only_the_young(settled):
    """A big graph read on a thread is alive: the settle after it would scan it all for nothing
    (a second at 100,000 nodes), so it collects only the young generations."""
    frozen = gc.get_freeze_count()
    gone = _frozen_cycle(settled)
    grown = [[i] for i in range(int(frozen * settled.GROWTH) + 1000)]
    settled.settle()  # frozen by settle: the next one would be in full...
    big = [[i] for i in range(settled.BIG_FREEZE + 1)]
    settled.freeze_new()
    settled.settle()  # ...but a big graph was read meanwhile: young only
    assert gone() is not None and not settled._big_freeze
    del big, grown


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


def test_what_freeze_new_froze_is_not_growth(settled):
    """A structure frozen by ``freeze_new`` (a graph read on a thread, a picture made a slice at
    a time) is alive: however big, it does not bring on a full collection, which would scan it
    all (about a second at 20,000 nodes)."""
    gone = _frozen_cycle(settled)
    built = [[i] for i in range(gc.get_freeze_count())]  # as many again as were frozen
    settled.freeze_new()
    settled.settle()
    settled.settle()
    assert gone() is not None  # frozen, and no full collection came
    del built
