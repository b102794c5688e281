"""Every command the docs show runs: each ``$ prontocheck …`` line of a ``console`` block in docs/*.md is run as
printed (the text after ``#`` is a comment), in a temporary directory that holds the files the docs name.

The files are the shipped fixtures under the names the docs use, or small ones made here (a corrupted data set
for ``lint-dataset``, inference items for ``modal validate``, EWoK results for ``ewok-score``); files a command
of the same page writes (``-o grid.jsonl``) are made by that command. A command must exit 0, or 1 where the
docs say it reports findings (``lint-dataset`` with findings, ``--fail-on…`` that fires); never 2 (a usage error:
an option the code no longer has) and never with a traceback.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
FIXTURES = ROOT / "fixtures"

CONSOLE = re.compile(r"^```console\n(.*?)^```", re.MULTILINE | re.DOTALL)

# Commands whose documented purpose is to report findings (exit 1 when they find some).
FINDINGS = ("lint-dataset corrupted.jsonl", "--fail-on-contradicted", "--fail-on error")


def commands(page: Path) -> list[str]:
    """The ``$ prontocheck …`` lines of a page's console blocks, comments cut off."""
    found = []
    for block in CONSOLE.findall(page.read_text(encoding="utf-8")):
        for line in block.splitlines():
            if line.startswith("$ prontocheck "):
                found.append(shlex.split(line[2:], comments=True))
    return [shlex.join(c) for c in found]


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _write_lines(path: Path, records: list[dict[str, object]]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def _generate_files(d: Path) -> None:
    subprocess.run([sys.executable, "-m", "prontocheck", "generate", "--hops", "3", "-n", "12", "--seed", "3", "-o",
                    str(d / "corrupted.jsonl")], check=True, capture_output=True, env=_env())
    records = _lines(d / "corrupted.jsonl")
    records[1]["gold_label"] = not records[1]["gold_label"]  # a wrong gold label: one finding
    _write_lines(d / "corrupted.jsonl", records)


def _modal_files(d: Path) -> None:
    shutil.copy(FIXTURES / "modal" / "items.jsonl", d / "items.jsonl")
    shutil.copy(FIXTURES / "modal" / "items.jsonl", d / "my-items.jsonl")
    shutil.copy(FIXTURES / "modal" / "answers.jsonl", d / "answers.jsonl")

    def item(premises: list[str], conclusion: str) -> str:
        quoted = " together with ".join(f"'{p}'" for p in premises)
        return f"From {quoted}, can we infer '{conclusion}'? Respond only with yes or no."

    _write_lines(d / "holliday.jsonl", [
        {"id": "mp-1", "pattern": "MP", "gold": "Yes",
         "prompt": item(["If the kettle was on, then the tea was hot", "The kettle was on"], "The tea was hot")},
        {"id": "ct-1", "pattern": "CT", "gold": "No",
         "prompt": item(["If the kettle was on, then the tea was hot"],
                        "If the tea was not hot, then the kettle was not on")},
    ])
    (d / "readings.json").write_text(json.dumps({"MP": "default", "CT": ["cprob", "vs"]}), encoding="utf-8")


def _relations_files(d: Path) -> None:
    shutil.copy(FIXTURES / "relations" / "art_sample.jsonl", d / "items.jsonl")
    shutil.copy(FIXTURES / "relations" / "answers.jsonl", d / "answers.jsonl")
    pairs = _lines(FIXTURES / "relations" / "ewok_pairs.jsonl")
    _write_lines(d / "ewok.jsonl", pairs)
    renamed = [{("ctx_a" if k == "Context1" else "tgt_a" if k == "Target1" else k): v for k, v in p.items()}
               for p in pairs]
    _write_lines(d / "mine.jsonl", renamed)
    _write_lines(d / "results.jsonl", [
        {"model": "m", "id": p["id"], "logprobs": {"C1T1": -10.0, "C1T2": -12.0, "C2T1": -11.0, "C2T2": -9.5}}
        for p in pairs])


PAGES: dict[str, Callable[[Path], None] | None] = {
    "generate.md": _generate_files,
    "modal.md": _modal_files,
    "relations.md": _relations_files,
}


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def test_every_page_with_commands_is_covered() -> None:
    with_commands = {p.name for p in DOCS.glob("*.md") if commands(p)}
    assert with_commands == set(PAGES), "a docs page shows commands: give it its files in PAGES"


@pytest.mark.parametrize("page", sorted(PAGES))
def test_the_commands_of_a_docs_page_run_as_printed(page: str, tmp_path: Path) -> None:
    make = PAGES[page]
    if make is not None:
        make(tmp_path)
    shown = commands(DOCS / page)
    assert shown
    for command in shown:
        args = shlex.split(command)
        run = subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, cwd=tmp_path,
                             env=_env(), timeout=600, stdin=subprocess.DEVNULL)
        allowed = (0, 1) if any(f in command for f in FINDINGS) else (0,)
        assert run.returncode in allowed and "Traceback" not in run.stderr, (command, run.returncode, run.stderr)
