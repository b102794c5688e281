"""The long fuzz run: seeded random inputs per target, each timed and interrupted past the hang limit.

Input ``i`` of target ``T`` under seed ``S`` is made from ``random.Random(f"{S}/{T}/{i}")`` alone, so any
finding is reproduced by ``python -m tests.fuzz --target T --seed S --index i``. A hang is an input that
takes more than ``limit`` seconds of CPU time (the process' own, so a loaded machine does not make one);
it is interrupted with ``SIGPROF`` and its stack kept, then run again alone in a fresh process
(:func:`confirm`): only if it is over the limit there too is it a hang. On a virtual machine the guest's CPU
time also counts what the host took away, and the two processes of ``--jobs 2`` on two cores share them:
inputs of half a second were seen at 2 s in a long run, and at 0.5 s alone. One over the limit in the run
but not alone is counted as ``slow``, with its time alone reported. A crash is an exception outside the
target's documented ones (or a failed check of the harness, e.g. a reward outside [0, 1]).
"""

from __future__ import annotations

import json
import logging
import random
import signal
import subprocess
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.fuzz.corpus import Corpus
from tests.fuzz.targets import Target, bind

HANG_LIMIT = 2.0
KEEP = 5  # findings saved per distinct signature
PROGRESS_EVERY = 60.0  # seconds between progress lines


class Hang(BaseException):
    """Raised in the running input when it passes the CPU-time limit (a BaseException: no ``except
    Exception`` in the library swallows it)."""


def _on_timer(signum: int, frame: Any) -> None:
    raise Hang()


@contextmanager
def cpu_limit(seconds: float) -> Iterator[None]:
    """Interrupt the block with :class:`Hang` after ``seconds`` of CPU time (Unix; no limit elsewhere)."""
    if not hasattr(signal, "setitimer"):
        yield
        return
    previous = signal.signal(signal.SIGPROF, _on_timer)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def confirm(target: str, seed: int, index: int, limit: float, *, shared: bool = True) -> bool:
    """Whether an input is over ``limit`` seconds of CPU (or fails) when run again alone, in a fresh process
    (``python -m tests.fuzz --target T --seed S --index I``, which exits 1 on a finding)."""
    command = [sys.executable, "-m", "tests.fuzz", "--target", target, "--seed", str(seed), "--index", str(index),
               "--limit", str(limit), *([] if shared else ["--no-shared"])]
    done = subprocess.run(command, capture_output=True, text=True, cwd=Path(__file__).resolve().parents[2])
    return done.returncode != 0


def make_input(target: Target, corpus: Corpus, seed: int, index: int) -> Any:
    """Input ``index`` of ``target`` under ``seed`` (deterministic)."""
    return target.make(random.Random(f"{seed}/{target.name}/{index}"), corpus)


def signature(error: BaseException) -> str:
    """Where an error comes from: its type and the innermost library frame (one line per distinct bug)."""
    frames = traceback.extract_tb(error.__traceback__)
    inner = [f for f in frames if "/prontocheck/" in f.filename] or frames
    where = f"{Path(inner[-1].filename).name}:{inner[-1].lineno} {inner[-1].name}" if inner else "?"
    return f"{type(error).__name__} at {where}"


@dataclass
class Tally:
    """The figures of one target."""

    inputs: int = 0
    records: int = 0
    crashes: int = 0
    hangs: int = 0
    slow: int = 0  # over the limit in the run, not when run again alone
    lost: int = 0
    refused: int = 0
    harness: int = 0  # inputs the harness failed to make (its own bugs)
    slowest: float = 0.0
    seconds: float = 0.0
    cpu: float = 0.0
    findings: dict[str, list[int]] = field(default_factory=dict)  # signature → input indices

    def note(self, kind: str, sig: str, index: int) -> bool:
        """Count a finding; ``True`` when it is among the first :data:`KEEP` of its signature."""
        seen = self.findings.setdefault(f"{kind}: {sig}", [])
        seen.append(index)
        return len(seen) <= KEEP


def _save(folder: Path | None, target: Target, seed: int, index: int, kind: str, sig: str, inp: Any,
          error: BaseException | None, detail: str = "") -> None:
    if folder is None:
        return
    folder.mkdir(parents=True, exist_ok=True)
    tb = "".join(traceback.format_exception(error)) if error is not None else ""
    record = {"target": target.name, "seed": seed, "index": index, "kind": kind, "signature": sig,
              "detail": detail, "traceback": tb, "input": repr(inp),
              "reproduce": f"python -m tests.fuzz --target {target.name} --seed {seed} --index {index}"}
    (folder / f"{target.name}-{kind}-{seed}-{index}.json").write_text(json.dumps(record, indent=1))


def run_one(target: Target, inp: Any, limit: float) -> tuple[str | None, str, BaseException | None, Any, float]:
    """Run one input: (finding kind or None, signature or detail, the exception, the outcome, CPU seconds)."""
    start = time.process_time()
    outcome = None
    try:
        with cpu_limit(limit):
            outcome = target.run(inp)
    except Hang as e:
        return "hang", signature(e), e, None, time.process_time() - start
    except target.allowed:
        pass
    except Exception as e:  # noqa: BLE001 - every other exception is the finding
        return "crash", signature(e), e, None, time.process_time() - start
    spent = time.process_time() - start
    if outcome is not None and outcome.lost:
        return "lost", "; ".join(outcome.lost[:3]), None, outcome, spent
    return None, "", None, outcome, spent


def fuzz(targets: list[Target], corpus: Corpus, examples: int, seed: int, *, limit: float = HANG_LIMIT,
         folder: Path | None = None, start: int = 0, shared: bool = True,
         report: Callable[[str], None] = print) -> dict[str, Tally]:
    """Run ``examples`` inputs split evenly across ``targets``; findings go to ``folder`` (first few each)."""
    bind(corpus)
    logging.getLogger("prontocheck").setLevel(logging.CRITICAL)  # the rewards' "not scored" warnings
    tallies: dict[str, Tally] = {}
    for n, target in enumerate(targets):
        count = examples // len(targets) + (n < examples % len(targets))
        tally = tallies[target.name] = Tally()
        t0 = last = time.perf_counter()
        c0 = time.process_time()
        for index in range(start, start + count):
            if time.perf_counter() - last > PROGRESS_EVERY:
                last = time.perf_counter()
                report(f"[{target.name}] {tally.inputs}/{count} inputs, {tally.crashes} crashes, {tally.hangs} hangs, "
                       f"{tally.lost} lost, {tally.inputs / (last - t0):.0f} inputs/s")
            try:
                inp = make_input(target, corpus, seed, index)
            except Exception as e:  # noqa: BLE001 - a bug of the harness: counted, shown, and the run goes on
                tally.harness += 1
                if tally.note("harness error", signature(e), index):
                    _save(folder, target, seed, index, "harness", signature(e), None, e)
                continue
            kind, sig, error, outcome, spent = run_one(target, inp, limit)
            if kind == "hang" and not confirm(target.name, seed, index, limit, shared=shared):
                tally.slow += 1
                tally.note("slow", f"over {limit} s in the run, not alone", index)
                report(f"[{target.name} #{index}] slow: {spent:.2f} s in the run, under {limit} s when run alone")
                kind = None
            tally.inputs += 1
            tally.slowest = max(tally.slowest, spent)
            if outcome is not None:
                tally.records += outcome.records
                tally.refused += outcome.refused
            if kind is None:
                continue
            if kind == "lost":
                tally.lost += len(outcome.lost)
            else:
                setattr(tally, kind + "es" if kind == "crash" else kind + "s",
                        getattr(tally, kind + "es" if kind == "crash" else kind + "s") + 1)
            key = sig if kind != "lost" else "records lost"
            if tally.note(kind, key, index):
                _save(folder, target, seed, index, kind, key, inp, error, sig if kind == "lost" else "")
                if len(tally.findings[f"{kind}: {key}"]) == 1:
                    report(f"[{target.name} #{index}] {kind}: {sig}")
        tally.seconds = time.perf_counter() - t0
        tally.cpu = time.process_time() - c0
    return tallies


def table(tallies: dict[str, Tally]) -> str:
    """The summary: one row per target and a total."""
    head = f"{'target':<10} {'inputs':>9} {'records':>8} {'crashes':>7} {'hangs>2s':>8} {'slow':>4} {'lost':>5} " \
           f"{'refused':>7} {'slowest s':>9} {'inputs/s':>9} {'/CPU s':>7}"
    rows = [head, "-" * len(head)]
    total = Tally()
    for name, t in tallies.items():
        rate = t.inputs / t.seconds if t.seconds else 0.0
        per_cpu = t.inputs / t.cpu if t.cpu else 0.0
        rows.append(f"{name:<10} {t.inputs:>9} {t.records:>8} {t.crashes:>7} {t.hangs:>8} {t.slow:>4} {t.lost:>5} "
                    f"{t.refused:>7} {t.slowest:>9.3f} {rate:>9.0f} {per_cpu:>7.0f}")
        for attr in ("inputs", "records", "crashes", "hangs", "slow", "lost", "refused", "seconds", "cpu"):
            setattr(total, attr, getattr(total, attr) + getattr(t, attr))
        total.slowest = max(total.slowest, t.slowest)
    rate = total.inputs / total.seconds if total.seconds else 0.0
    per_cpu = total.inputs / total.cpu if total.cpu else 0.0
    rows.append("-" * len(head))
    rows.append(f"{'total':<10} {total.inputs:>9} {total.records:>8} {total.crashes:>7} {total.hangs:>8} "
                f"{total.slow:>4} {total.lost:>5} {total.refused:>7} {total.slowest:>9.3f} {rate:>9.0f} "
                f"{per_cpu:>7.0f}")
    findings = [f"  {t}: {sig} ×{len(ix)} (inputs {', '.join(map(str, ix[:5]))}{', …' if len(ix) > 5 else ''})"
                for t, tally in tallies.items() for sig, ix in tally.findings.items()]
    return "\n".join(rows + (["findings (reproduce: --target T --seed S --index I):", *findings] if findings else []))
