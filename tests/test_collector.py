"""prontocheck.common.collector: the collector paused around a computation, and the heap frozen at exit."""

from __future__ import annotations

import gc
import subprocess
import sys

from prontocheck.common import collector


def test_paused_and_restored() -> None:
    with collector.collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_frozen_at_exit_is_registered_once_and_runs_at_exit() -> None:
    code = ("import atexit, gc, sys\n"
            "from prontocheck.common.collector import frozen_at_exit\n"
            "before = atexit._ncallbacks()\n"
            "frozen_at_exit(); frozen_at_exit()\n"
            "print(atexit._ncallbacks() - before)\n"
            "atexit.register(lambda: print(gc.get_freeze_count() > 0))\n")  # (runs first: handlers run last in first)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["1", "False"]  # one handler; nothing frozen before it runs
    code = ("import atexit, gc\n"
            "atexit.register(lambda: print(gc.get_freeze_count() > 0))\n"
            "from prontocheck.common.collector import frozen_at_exit\n"
            "frozen_at_exit()\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True"]  # the heap is frozen when the exit's handlers run
