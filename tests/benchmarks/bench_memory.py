"""Memory of the analyze job over a long stream (not run by CI; run it by hand).

    python tests/benchmarks/bench_memory.py                         # 10⁶ records, --jobs 1
    python tests/benchmarks/bench_memory.py -- --jobs 2             # in two worker processes
    python tests/benchmarks/bench_memory.py -- --jobs 2 --ray       # on a local Ray (pip install 'prontocheck[ray]')

It writes 20,000 distinct 5-hop problems once (as ``bench_analyze.py`` does), streams that file ``--repeat`` times
(50: 10⁶ records) into ``prontocheck analyze -`` through standard input, with the arguments after ``--``
(``-f json -q -o /dev/null`` are added), and reads the resident memory of the command's process and of every
process under it (workers, Ray's processes and actors) from ``/proc`` every 2 s: it prints one line at each
100,000 records fed (each process's MiB) and each process's peak at the end. Linux only.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_analyze  # noqa: E402


def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8") as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            kids.setdefault(parent, []).append(int(entry))
    return kids


def tree(pid: int) -> list[int]:
    """The process and every process under it."""
    kids, found, todo = _children(), [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo.extend(kids.get(p, []))
    return found


def resident_mib(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) // 1024
    except OSError:
        pass
    return None


def command_line(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")[:60].strip()
    except OSError:
        return "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20_000, help="distinct 5-hop records in the file streamed")
    parser.add_argument("--repeat", type=int, default=50, help="how many times the file is streamed")
    parser.add_argument("args", nargs="*", help="arguments of prontocheck analyze (after --)")
    options = parser.parse_args()
    native, _ = bench_analyze.files(options.n, 5)
    data = native.read_bytes()
    lines = data.count(b"\n")
    command = [sys.executable, "-m", "prontocheck", "analyze", "-", "-f", "json", "-q", "-o", os.devnull,
               *options.args]
    print(" ".join(command[1:]), f"< {native.name} x{options.repeat}", flush=True)
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    assert proc.stdin is not None
    stdin = proc.stdin
    fed = [0]

    def feed() -> None:
        try:
            for _ in range(options.repeat):
                stdin.write(data)
                fed[0] += lines
        finally:
            stdin.close()

    threading.Thread(target=feed, daemon=True).start()
    peak: dict[tuple[int, str], int] = {}
    start, mark = time.monotonic(), 0
    while proc.poll() is None:
        sample = {}
        for pid in tree(proc.pid):
            mib = resident_mib(pid)
            if mib is not None:
                key = (pid, command_line(pid))
                sample[key] = mib
                peak[key] = max(peak.get(key, 0), mib)
        if fed[0] >= mark:
            each = " ".join(f"{pid}:{mib}" for (pid, _), mib in sample.items())
            print(f"{time.monotonic() - start:6.0f} s  {fed[0]:>9,} records fed  MiB per process {each}",
                  flush=True)
            mark += 100_000
        time.sleep(2)
    print(f"exit {proc.returncode} after {time.monotonic() - start:.0f} s; peak resident memory:")
    for (pid, name), mib in sorted(peak.items(), key=lambda item: -item[1]):
        print(f"  {mib:6d} MiB  {pid} {name}")


if __name__ == "__main__":
    main()
