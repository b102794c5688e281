"""Issue 11: the input readers never lose data. One hostile record is an error for that record only (never an
abort, a stall or a memory blow-up), a bad first line never makes a file unreadable, every bad line has an id."""

from __future__ import annotations

import bz2
import gc
import gzip
import io
import json
import lzma
import sys
import tracemalloc
import zlib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from prontocheck.cli import main
from prontocheck.common.decode import JSONBudgetError, json_id, loads
from prontocheck.errors import InputError
from prontocheck.io import Record, RecordError, detect_format, read_records
from prontocheck.limits import JSON_DEPTH, LIMITS, RECORD_CHARS
from prontocheck.modal.items import read_items

CTX = "Every cat is a feline. Fae is a cat."
QUERY = "True or false: Fae is a feline."
OUT = "Fae is a cat. Every cat is a feline. Fae is a feline. True"
DEEP = "[" * 100_000 + "]" * 100_000
BIG_INT = '{"output": "x", "n": ' + "9" * 5_000 + "}"


def good(i: int, **fields: Any) -> str:
    return json.dumps({"context": CTX, "query": QUERY, "output": OUT, "id": f"g{i}", **fields})


def write(path: Path, lines: list[str]) -> str:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def kinds(items: list[Record | RecordError]) -> list[tuple[str, int | None]]:
    return [(type(r).__name__, r.line) for r in items]


# --- one hostile line is an error for that line only -----------------------------------------------------------------


@pytest.mark.parametrize(("bad", "limit"), [(DEEP, "json_depth"), (BIG_INT, "json_number_chars")],
                         ids=["deep", "big-int"])
def test_a_hostile_json_line_is_an_error_for_that_line_only(tmp_path: Path, bad: str, limit: str) -> None:
    path = write(tmp_path / "in.jsonl", [good(1), bad, good(2)])
    items = list(read_records(path))
    assert kinds(items) == [("Record", 1), ("RecordError", 2), ("Record", 3)]
    error = items[1]
    assert isinstance(error, RecordError) and error.id == f"{path}:2"
    assert error.reason.startswith("budget_exceeded:") and f"limit {limit} = {LIMITS[limit]}" in error.reason


def test_a_hostile_line_never_aborts_the_run_or_cuts_the_output(tmp_path: Path) -> None:
    path = write(tmp_path / "in.jsonl", [good(1), DEEP, BIG_INT, good(2)])
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(main, ["analyze", path, "-q", "-f", "json", "-o", str(out)], catch_exceptions=False)
    assert result.exit_code == 0
    lines = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert [line["id"] for line in lines] == ["g1", f"{path}:2", f"{path}:3", "g2"]
    assert json.loads(result.stdout)["n_errors"] == 2


def test_depth_is_checked_on_the_record_not_the_interpreter_stack() -> None:
    deepest: list[object] = []
    for _ in range(JSON_DEPTH - 1):
        deepest = [deepest]
    assert loads("[" * JSON_DEPTH + "]" * JSON_DEPTH) == deepest
    for depth in (JSON_DEPTH + 1, 500, 100_000):  # over the limit, under and over the recursion limit
        with pytest.raises(JSONBudgetError) as info:
            loads("[" * depth + "]" * depth)
        assert info.value.budget.limit == "json_depth"


def test_modal_items_and_relation_schemas_take_a_hostile_line_too(tmp_path: Path) -> None:
    from prontocheck.relations.errors import SchemaError
    from prontocheck.relations.items import read_records as read_relation_items
    from prontocheck.relations.loading import load_schema

    item = json.dumps({"id": "q1", "prompt": "X must be there. Is it true that X might be there?", "gold": "yes"})
    items = list(read_items(write(tmp_path / "items.jsonl", [item, DEEP, item.replace("q1", "q2")])))
    assert [getattr(i, "id", None) for i in items] == ["q1", None, "q2"]
    assert "budget_exceeded" in str(items[1].error)  # type: ignore[union-attr]
    schema = tmp_path / "deep.json"
    schema.write_text('{"format": "prontocheck-relations/1", "name": "x", "relations": ' + DEEP + "}", "utf-8")
    with pytest.raises(SchemaError, match="json_depth"):
        load_schema([str(schema)], defaults=False)
    relation_items = tmp_path / "items.json"
    relation_items.write_text("[" + DEEP + "]", "utf-8")
    with pytest.raises(InputError, match="json_depth"):
        list(read_relation_items(str(relation_items)))


# --- a huge line: linear time, bounded memory ------------------------------------------------------------------------


def test_a_line_over_record_chars_is_read_past_in_bounded_memory(tmp_path: Path) -> None:
    huge = good(0, output="Fae is a cat. " * (20 * RECORD_CHARS // 14))  # about 20 MB
    path = write(tmp_path / "in.jsonl", [good(1), huge, good(2)])
    tracemalloc.start()
    try:
        items = list(read_records(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert kinds(items) == [("Record", 1), ("RecordError", 2), ("Record", 3)]
    assert items[1].reason == (f"budget_exceeded: a line of {len(huge)} characters is over the limit "
                               f"record_chars = {RECORD_CHARS}")
    assert peak < 6 * RECORD_CHARS  # a few copies of the limit, never of the 20 MB line


def test_a_log_block_over_record_chars_is_that_records_error(tmp_path: Path) -> None:
    block = ("Q: Every cat is a feline. Fae is a cat. True or false: Fae is a feline.\nA:\n\n"
             "Predicted answer: {out}\n\nExpected answer: Fae is a cat. Fae is a feline.\n True\nn: {n}, x\n")
    long_output = "\n".join(["Fae is a cat."] * (RECORD_CHARS // 13 + 10))  # many short lines, over the limit
    text = block.format(out=OUT, n=1) + block.format(out=long_output, n=2) + block.format(out=OUT, n=3)
    path = tmp_path / "run.log"
    path.write_text(text, "utf-8")
    items = list(read_records(str(path)))
    assert [type(r).__name__ for r in items] == ["Record", "RecordError", "Record"]
    assert items[1].id == f"{path}:2" and items[1].reason.startswith("budget_exceeded:")
    assert "record_chars" in items[1].reason


def test_whole_file_json_keeps_the_examples_before_an_over_long_line(tmp_path: Path) -> None:
    example = {"test_example": {"question": CTX, "query": QUERY, "chain_of_thought": [], "model_output": OUT}}
    lines = ["{", f' "example1": {json.dumps(example)},', ' "example2": "' + "x" * (RECORD_CHARS + 5) + '",',
             f' "example3": {json.dumps(example)}', "}"]
    path = write(tmp_path / "whole.json", lines)
    assert detect_format(path) == "prontoqa-json"
    items = list(read_records(path))
    assert kinds(items) == [("Record", 2), ("RecordError", 3)]
    assert items[1].reason.startswith("budget_exceeded:") and "record_chars" in items[1].reason


_DECODERS = {"gzip": (gzip.compress, lambda: zlib.decompressobj(wbits=31)),
             "bzip2": (bz2.compress, bz2.BZ2Decompressor), "xz": (lzma.compress, lzma.LZMADecompressor)}


@pytest.mark.parametrize("records", [100, 2_000], ids=["small", "large"])  # small: one read takes the whole file
@pytest.mark.parametrize("compression", list(_DECODERS))
def test_truncated_compressed_input_keeps_every_record_before_the_cut(tmp_path: Path, compression: str,
                                                                      records: int) -> None:
    compress, decoder = _DECODERS[compression]
    text = "".join(good(i) + "\n" for i in range(records))
    data = compress(text.encode())
    path = tmp_path / "cut.jsonl.z"
    for cut in (len(data) // 3, len(data) * 2 // 3, *range(len(data) - 12, len(data) - 1)):  # and near the end
        path.write_bytes(data[:cut])
        got: list[Record | RecordError] = []
        with pytest.raises(InputError, match="cannot read"):
            for item in read_records(str(path)):
                got.append(item)
        assert all(isinstance(r, Record) for r in got)
        assert [r.id for r in got] == [f"g{i}" for i in range(len(got))]
        # every whole line the decoder can give is read (bz2.BZ2File dropped a decoded block at the break)
        d = decoder()
        readable = d.decompress(data[:cut]).decode()
        while more := d.decompress(b""):  # bz2 hands out a block's end only when asked again
            readable += more.decode()
        assert len(got) == readable.count("\n"), (compression, cut, len(got), readable.count("\n"))


def test_a_log_block_the_compressed_file_breaks_off_inside_is_its_own_error(tmp_path: Path) -> None:
    block = "Q: Fae is a cat. Every cat is a feline. True or false: Fae is a feline.\nA:\n"
    blocks = "".join(f"{block}Predicted answer: Fae is a cat. Fae is a feline. True\nExpected answer: Fae is a "
                     f"cat. True\nn: {i}\n" for i in range(300))
    data = gzip.compress(blocks.encode())
    path = tmp_path / "cut.log.gz"
    for cut in range(len(data) // 2, len(data) - 20, 97):  # breaks at many places, some inside a block
        path.write_bytes(data[:cut])
        got: list[Record | RecordError] = []
        with pytest.raises(InputError, match="cannot read"):
            for item in read_records(str(path)):
                got.append(item)
        readable = zlib.decompressobj(wbits=31).decompress(data[:cut]).decode(errors="replace")
        started = readable.count("Predicted answer:")  # every block begun before the break ends as something
        assert len(got) == started, (cut, len(got), started)


# --- sniffing looks past a bad first line ----------------------------------------------------------------------------


@pytest.mark.parametrize("first", ["hello there", "[1,2", "[1, 2]", '"a string"', "42", "{oops",
                                   json.dumps({"test_example": {}})],
                         ids=["text", "open-array", "array", "string", "number", "open-object", "original-object"])
def test_a_bad_first_line_does_not_decide_the_format(tmp_path: Path, first: str) -> None:
    path = write(tmp_path / "in.jsonl", [first, good(1), good(2), good(3)])
    assert detect_format(path) == "native"
    items = list(read_records(path))
    assert kinds(items) == [("RecordError", 1), ("Record", 2), ("Record", 3), ("Record", 4)]
    assert items[0].id == f"{path}:1"


def test_a_log_with_a_bad_first_line_is_still_a_log(tmp_path: Path) -> None:
    log = ("Q: Every cat is a feline. Fae is a cat. True or false: Fae is a feline.\nA:\n\n"
           f"Predicted answer: {OUT}\n\nExpected answer: Fae is a cat. Fae is a feline.\n True\nn: 1, x\n")
    path = tmp_path / "run.log"
    path.write_text("Loading the model...\n" + log, "utf-8")
    assert detect_format(str(path)) == "prontoqa-log"
    [record] = list(read_records(str(path)))
    assert isinstance(record, Record) and record.problem.gold_label is True


def test_undetectable_stdin_is_a_clean_error_without_a_stray_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    unraisable: list[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"hello there\n")))
    with pytest.raises(InputError, match="cannot detect the input format"):
        list(read_records("-"))
    gc.collect()
    assert [str(u.exc_value) for u in unraisable] == []


# --- ids -------------------------------------------------------------------------------------------------------------


def test_every_bad_line_has_an_id_and_ids_are_json_text(tmp_path: Path) -> None:
    lines = [good(1), "[1, 2]", "not json", DEEP, good(2, context=7), good(3, id={"run": 1, "k": [2]}),
             good(4, id=17), good(5, id=True), good(6, id=1.5)]
    path = write(tmp_path / "in.jsonl", lines)
    ids = [r.id for r in read_records(path)]
    assert ids == ["g1", f"{path}:2", f"{path}:3", f"{path}:4", "g2", '{"run":1,"k":[2]}', "17", "true", "1.5"]


def test_original_json_lines_bad_lines_have_ids(tmp_path: Path) -> None:
    flat = json.dumps({"question": CTX, "query": QUERY, "chain_of_thought": [], "output": OUT})
    path = write(tmp_path / "flat.jsonl", [flat, "[1]", "{oops", flat])
    items = list(read_records(path))
    assert [r.id for r in items] == ["example1", f"{path}:2", f"{path}:3", "example3"]


@given(st.one_of(st.text(), st.integers(), st.floats(), st.booleans(), st.lists(st.integers()),
                 st.dictionaries(st.text(), st.integers())))
def test_json_id_is_json_text_that_reads_back(value: Any) -> None:
    rid = json_id(value)
    assert isinstance(rid, str)
    if not isinstance(value, str) and value == value:  # NaN is not equal to itself
        assert json.loads(rid) == value


# --- property: any one bad line costs that line only -----------------------------------------------------------------

_LINE = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r\ufeff"), min_size=1)


@settings(max_examples=60)
@given(bad=_LINE.filter(lambda s: s.strip() != ""), where=st.integers(0, 4))
def test_any_one_bad_line_is_one_item_and_costs_no_other_record(tmp_path_factory: pytest.TempPathFactory,
                                                                  bad: str, where: int) -> None:
    lines = [good(i) for i in range(4)]
    lines.insert(where, bad)
    path = write(tmp_path_factory.mktemp("p") / "in.jsonl", lines)
    items = list(read_records(path))
    assert [r.line for r in items] == [1, 2, 3, 4, 5]
    assert all(isinstance(r, Record) for r in items if r.line != where + 1)
    assert all(r.id for r in items)


def test_whole_file_json_keeps_the_examples_before_a_hostile_member(tmp_path: Path) -> None:
    test = {"question": CTX, "query": QUERY, "chain_of_thought": [], "model_output": OUT}
    example = json.dumps({"test_example": test})
    for hostile, limit in (("[" * 300 + "]" * 300, "json_depth"), ("9" * 5_000, "json_number_chars")):
        path = write(tmp_path / "whole.json", ["{", f' "example1": {example},', "", f' "example2": {hostile},',
                                               f' "example3": {example}', "}"])
        items = list(read_records(path))
        assert kinds(items) == [("Record", 2), ("RecordError", 4)], limit
        assert items[1].reason.startswith("budget_exceeded:") and limit in items[1].reason


@pytest.mark.parametrize("first", ["[1, 2]", "[]", "{}"])
def test_a_json_value_on_the_first_line_then_broken_lines_leaves_no_line_unread(tmp_path: Path, first: str) -> None:
    # A first line that is a whole JSON value, a broken object and a log marker after it: the majority vote says
    # whole-file JSON, which ends after line 1 ("Extra data"): the lines after it are read one by one.
    path = write(tmp_path / "in.jsonl", [first, '{"id": "x", "context": "Fae is', "Q: ", good(4)])
    items = list(read_records(path))
    assert {2, 3, 4} <= {item.line for item in items}, items


@pytest.mark.parametrize("first", ["[" * (JSON_DEPTH + 50) + "1" + "]" * (JSON_DEPTH + 50),
                                   '[{"id": ' + "9" * 5_000 + "}]"], ids=["too-deep", "long-number"])
def test_a_first_line_over_a_json_limit_then_more_lines_leaves_no_line_unread(tmp_path: Path, first: str) -> None:
    # A whole JSON value on the first line that the decoder refuses (a limit), then a log line and records: whole-file
    # JSON at first sight, but the first line ends its value, so the file is read as JSON Lines, line by line (a fuzz
    # finding: the whole-file reader gave the first line's error and left the rest unread).
    path = write(tmp_path / "in.jsonl", [first, "Q: Fae is a cat.", good(3), "", "A:", good(6)])
    items = list(read_records(path))
    assert [item.line for item in items] == [1, 2, 3, 5, 6]  # every non-blank line: a record or an error
    assert items[0].reason.startswith("budget_exceeded:")
