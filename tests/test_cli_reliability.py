"""Issue 11: the commands never destroy or lose data, write strict JSON, and stop cleanly on a signal."""

from __future__ import annotations

import errno
import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st

from prontocheck.cli import main
from prontocheck.io.writing import OutputError, dumps, output_file

CONTEXT = "Every cat is a carnivore. Every carnivore is not herbivorous. Every carnivore is a mammal. Fae is a cat."
GOLD = ("Fae is a cat. Every cat is a carnivore. Fae is a carnivore. Every carnivore is not herbivorous. "
        "Fae is not herbivorous.")
ROOT = Path(__file__).resolve().parent.parent


def record(i: int = 0, **kw: object) -> dict[str, object]:
    rec: dict[str, object] = {"id": f"r{i}", "context": CONTEXT, "query": "True or false: Fae is not herbivorous.",
                              "output": GOLD + " True"}
    rec.update(kw)
    return rec


def write_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def _no_constant(name: str) -> Any:
    raise ValueError(f"not JSON: {name}")


def strict_loads(text: str) -> Any:
    """Parse RFC 8259 JSON only: NaN, Infinity and -Infinity are refused."""
    return json.loads(text, parse_constant=_no_constant)


# --- strict JSON ----------------------------------------------------------------------------------


def test_nan_and_huge_numbers_in_metadata_are_written_as_null(tmp_path: Path) -> None:
    line = json.dumps(record(metadata={"x": 0})).replace('{"x": 0}', '{"x": NaN, "y": 1e999, "z": -Infinity}')
    path = write_lines(tmp_path / "in.jsonl", [line])
    out = tmp_path / "out.jsonl"
    code, stdout, _ = run("analyze", str(path), "-o", str(out), "-f", "json", "-q")
    assert code == 0
    strict_loads(stdout)
    [written] = [strict_loads(t) for t in out.read_text("utf-8").splitlines()]
    assert written["metadata"]["metadata"] == {"x": None, "y": None, "z": None}


def test_a_lone_surrogate_is_written_as_its_escape(tmp_path: Path) -> None:
    line = json.dumps(record(metadata={"s": "S"})).replace('"S"', '"a\\ud800"').replace('"r0"', '"r\\udc00"')
    path = write_lines(tmp_path / "in.jsonl", [line, json.dumps({"id": "\\ud800 bad"}).replace("\\\\", "\\")])
    out = tmp_path / "out.jsonl"
    code, _, _ = run("analyze", str(path), "-o", str(out), "-f", "json", "-q")
    assert code == 0
    lines = out.read_bytes().decode("utf-8").splitlines()  # valid UTF-8
    first, second = (strict_loads(t) for t in lines)
    assert first["id"] == "r\udc00" and first["metadata"]["metadata"]["s"] == "a\ud800"  # nothing lost
    assert second["id"] == "\ud800 bad" and "error" in second
    assert "\\ud800" in lines[0] and "\\udc00" in lines[0]


TEXT = st.text() | st.text(st.characters(categories=["Cs", "Ll", "Po"]))  # Cs: lone surrogates


@settings(max_examples=100)
@example({"\ud800\udc00": "\udc00\ud800"})  # a pair (one character once read) and a reversed, unpaired one
@given(st.recursive(st.none() | st.booleans() | st.floats() | st.integers() | TEXT,
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
                    max_leaves=12))
def test_dumps_is_always_strict_utf8_json_and_keeps_everything_but_non_finite_numbers(value: Any) -> None:
    text = dumps(value)
    text.encode("utf-8")  # no lone surrogate left raw

    def paired(s: str) -> str:  # a surrogate pair written as two escapes reads back as the one character it codes
        return s.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")

    def finite(v: Any) -> Any:
        if isinstance(v, float) and not math.isfinite(v):
            return None
        if isinstance(v, str):
            return paired(v)
        if isinstance(v, list):
            return [finite(x) for x in v]
        if isinstance(v, dict):
            return {paired(k): finite(x) for k, x in v.items()}
        return v

    assert strict_loads(text) == finite(value)


# --- Rich markup in user text -----------------------------------------------------------------------


def test_markup_in_a_bad_record_is_printed_as_text(tmp_path: Path) -> None:
    lines = [json.dumps(record(query="[/red] [bold]x")), json.dumps({"id": "[/red]"})]
    path = write_lines(tmp_path / "in.jsonl", lines)
    code, _, stderr = run("analyze", str(path), "-f", "table")
    assert code == 2  # both records are bad: no record was read
    assert "[/red] [bold]x" in stderr


def test_markup_in_modal_messages_is_printed_as_text(tmp_path: Path) -> None:
    from prontocheck.cli.modal import modal

    path = write_lines(tmp_path / "items.jsonl", ['{"id": "[/red]", "prompt": "[/red] [bold]"}'])
    result = CliRunner().invoke(modal, ["validate", str(path), "-f", "json"], catch_exceptions=False)
    assert result.exit_code == 0 and "[/red]" in result.stderr


def test_markup_in_relations_messages_is_printed_as_text(tmp_path: Path) -> None:
    from prontocheck.cli.relations import relations

    path = write_lines(tmp_path / "rel.jsonl", ['{"id": "[/red]", "question": "[/red] is [bold] of x?", "gold": true}'])
    result = CliRunner().invoke(relations, ["validate", str(path), "-f", "table"], catch_exceptions=False)
    assert result.exit_code == 0 and "[/red]" in result.stderr


# --- the output file --------------------------------------------------------------------------------


@pytest.mark.parametrize("through_link", [False, True])
def test_output_naming_an_input_is_refused_and_the_input_kept(tmp_path: Path, through_link: bool) -> None:
    path = write_lines(tmp_path / "in.jsonl", [json.dumps(record(i)) for i in range(300)])
    before = path.read_bytes()
    target = tmp_path / "link.jsonl" if through_link else path
    if through_link:
        target.symlink_to(path)
    code, _, stderr = run("analyze", str(path), "-o", str(target), "-f", "json", "-q")
    assert code == 2 and "also an input" in stderr
    assert path.read_bytes() == before
    for command in (["modal", "validate", str(path), "-o", str(target)],
                    ["relations", "validate", str(path), "-o", str(target)],
                    ["lint-dataset", str(path), "-o", str(target)]):
        assert run(*command)[0] == 2, command
        assert path.read_bytes() == before, command


@pytest.mark.parametrize("target", ["/dev/full", "missing-dir/out.jsonl"])
def test_a_write_failure_is_one_line_and_exit_2(tmp_path: Path, target: str) -> None:
    if target == "/dev/full" and not Path(target).exists():
        pytest.skip("no /dev/full")
    target = target if target.startswith("/") else str(tmp_path / target)
    path = write_lines(tmp_path / "in.jsonl", [json.dumps(record())])
    for command in (["analyze", str(path), "-o", target, "-f", "json", "-q"],
                    ["generate", "-n", "2", "-o", target],
                    ["modal", "generate", "--template", "probably_might", "-o", target],
                    ["lint-dataset", str(path), "-o", target]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 2, (command, result.output)
        assert isinstance(result.exception, SystemExit), command  # exit 2, no crash
        label = "error" if command[0] in ("analyze", "modal") else "error:"
        reason = os.strerror(errno.ENOSPC if target == "/dev/full" else errno.ENOENT)
        assert result.stderr.splitlines() == [f"{label} cannot write {target}: {reason}"], command


def test_a_failed_run_leaves_the_previous_output_untouched(tmp_path: Path) -> None:
    target = tmp_path / "out.jsonl"
    target.write_text("previous\n", "utf-8")
    with pytest.raises(RuntimeError), output_file(str(target)) as out:
        out.write_json({"a": 1})
        raise RuntimeError("crash in the middle")
    assert target.read_text("utf-8") == "previous\n"
    assert os.listdir(tmp_path) == ["out.jsonl"]  # no temporary file left behind
    with pytest.raises(OutputError, match="also an input"), output_file(str(target), inputs=[str(target)]):
        pass


def test_an_empty_input_writes_an_empty_output(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "in.jsonl", [])
    out = tmp_path / "out.jsonl"
    assert run("analyze", str(path), "-o", str(out), "-f", "json", "-q")[0] == 2  # no record read: exit 2
    assert out.read_bytes() == b""


# --- smaller items ------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["nan", "inf", "-0.5", "1.5"])
def test_fail_under_takes_a_number_from_0_to_1(value: str) -> None:
    code, _, stderr = run("analyze", "-f", "json", "-q", "--fail-under", f"strict={value}")
    assert code == 2 and "from 0 to 1" in stderr


def test_lint_dataset_refuses_a_file_that_is_no_data_set(tmp_path: Path) -> None:
    text = write_lines(tmp_path / "notes.txt", ["hello world", "not a log"])
    binary = tmp_path / "blob.bin"
    binary.write_bytes(bytes(range(1, 256)) * 4)
    for path in (text, binary):
        code, stdout, stderr = run("lint-dataset", str(path))
        assert code == 2 and "no question found" in stderr, stdout


# --- signals --------------------------------------------------------------------------------------------


def _children(pid: int) -> set[int]:
    """Process ids whose parent is ``pid`` (Linux /proc)."""
    kids = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                kids.add(int(entry.name))
    return kids


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize(("sig", "group", "code"), [(signal.SIGTERM, False, 143), (signal.SIGINT, True, 130)])
def test_a_signal_stops_analyze_jobs_2_cleanly(tmp_path: Path, sig: int, group: bool, code: int) -> None:
    path = write_lines(tmp_path / "big.jsonl", [json.dumps(record(i)) for i in range(20_000)])
    out = tmp_path / "out.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-c", "from prontocheck.cli import main; main()", "analyze", str(path), "--jobs", "2",
         "-o", str(out), "-f", "json", "-q"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, start_new_session=True,
        # Popen from a non-interactive parent may inherit an ignored SIGINT: restore the default.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.default_int_handler))
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # wait until results are being written
            if any(p.stat().st_size > 0 for p in tmp_path.iterdir() if p != path):
                break
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.05)
        workers = _children(proc.pid)
        assert len(workers) == 2
        if group:
            os.killpg(proc.pid, sig)  # Ctrl-C: the whole foreground group
        else:
            os.kill(proc.pid, sig)  # kill PID: the parent alone
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == code, stderr
    summary = strict_loads(stdout)
    assert summary["interrupted"] == signal.Signals(sig).name
    assert "interrupted" in stderr and "Traceback" not in stderr
    text = out.read_text("utf-8")
    assert text.endswith("\n")
    lines = [strict_loads(t) for t in text.splitlines()]  # whole lines only
    assert 0 < len(lines) == summary["n"] < 20_000
    assert [x["id"] for x in lines] == [f"r{i}" for i in range(len(lines))]
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []
    deadline = time.monotonic() + 5
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(w) for w in workers), "a worker process survived"


def _command(*args: str) -> list[str]:
    return [sys.executable, "-c", "from prontocheck.cli import main; main()", *args]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_a_full_standard_output_is_one_line_and_exit_2() -> None:
    with open("/dev/full", "w") as full:
        proc = subprocess.run(_command("analyze", "-f", "json", "-q"), stdout=full, stderr=subprocess.PIPE,
                              stdin=subprocess.DEVNULL,  # no data on stdin: the demo (a pipe would be read)
                              text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == ["error: cannot write standard output: No space left on device"]


def test_sigterm_to_generate_exits_143_and_keeps_the_previous_output(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text("previous\n", "utf-8")
    proc = subprocess.Popen(_command("generate", "-n", "1000000", "-o", str(out)), stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        deadline = time.monotonic() + 60
        while not any(p.stat().st_size > 0 for p in tmp_path.iterdir() if p != out) and time.monotonic() < deadline:
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.05)
        proc.send_signal(signal.SIGTERM)
        _, stderr = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 143, stderr
    assert out.read_text("utf-8") == "previous\n"
    assert os.listdir(tmp_path) == ["out.jsonl"]


def test_a_replaced_output_keeps_its_permissions_and_its_link(tmp_path: Path) -> None:
    real, link = tmp_path / "real.jsonl", tmp_path / "link.jsonl"
    real.write_text("previous\n", "utf-8")
    real.chmod(0o600)
    link.symlink_to(real)
    with output_file(str(link)) as out:
        out.write_json({"a": 1})
    assert link.is_symlink() and real.read_text("utf-8") == '{"a": 1}\n'
    assert real.stat().st_mode & 0o777 == 0o600


def test_a_lone_surrogate_printed_in_a_summary_is_escaped(tmp_path: Path) -> None:
    line = json.dumps(record(model="M")).replace('"M"', '"m\\ud800"')
    path = write_lines(tmp_path / "in.jsonl", [line])
    proc = subprocess.run(_command("analyze", str(path), "-g", "model", "-f", "csv", "-q"), capture_output=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode("utf-8").splitlines()[1].startswith("m\\ud800,1,")


@pytest.mark.parametrize(("error", "said"), [
    (OSError(errno.EMFILE, "Too many open files", "/tmp/prontocheck-x/part"),
     "error: /tmp/prontocheck-x/part: Too many open files"),
    (OSError(errno.ENOMEM, "Cannot allocate memory"), "error: Cannot allocate memory"),
    (BrokenPipeError(errno.EPIPE, "Broken pipe"), "error: cannot write standard output: Broken pipe"),
])
def test_an_error_of_the_system_says_what_failed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                 error: OSError, said: str) -> None:
    # Only a failed write to standard output is reported as one: any other OSError says what it is, and its file.
    def fail(*args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr("prontocheck.cli.report.read_run", fail)
    run = tmp_path / "run.jsonl"
    run.write_text("{}\n", "utf-8")
    result = CliRunner().invoke(main, ["report", str(run)])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[-1] == said
