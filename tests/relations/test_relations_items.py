"""Item records: every kind of bad input is an error naming the item, and reading goes on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from prontocheck.errors import InputError
from prontocheck.relations import ItemError, LabelError, as_bool, item_from_record, read_items, shipped_schema


@pytest.mark.parametrize(("record", "message"), [
    ({"id": "q1", "question": "Is a core of an apple?", "gold": True},
     "cannot parse 'Is a core of an apple?' at column 22"),
    ({"id": "q2", "atom": "bigger_than(a, b)", "gold": True}, "unknown relation 'bigger_than'"),
    ({"id": "q3", "atom": "more(a, b)", "gold": True}, "more is a family: write more[DIMENSION]"),
    ({"id": "q4", "atom": "part_of(a, b, c)", "gold": True}, "takes 2 arguments, got 3"),
    ({"id": "q5", "atom": "part_of(X, b)", "gold": True}, "no variables"),
    ({"id": "q6", "question": "Is haiku a type of art?", "gold": True}, "give the item a category"),
    ({"id": "q7", "question": "Is haiku a type of art?", "category": "Synonym", "gold": True}, "does not fit"),
    ({"id": "q8", "question": "Is a core a part of an apple?"}, "no 'gold' label"),
    ({"id": "q9", "question": "Is a core a part of an apple?", "gold": 1}, "gold must be true or false"),
    ({"id": "q10", "question": "Is a core a part of an apple?", "gold": "maybe"}, "got 'maybe'"),
    ({"id": "q11", "gold": True}, "no question or atom"),
    ({"id": "q12", "question": 7, "gold": True}, "the question must be a string"),
    ({"id": "q13", "question": "In terms of synonym, is a core a part of an apple?", "category": "has_part",
      "gold": True}, "disagrees"),
    ({"id": "q14", "question": "Can bird?", "gold": True},  # rejected by the transformer, not the parser
     "cannot parse 'Can bird?' at column 5: expected a subject and an ability after 'can'"),
])
def test_bad_records_are_errors_naming_the_item(record: dict[str, Any], message: str) -> None:
    with pytest.raises(ItemError) as e:
        item_from_record(record, shipped_schema(), line=4)
    assert e.value.item == record["id"] and e.value.line == 4
    assert message in str(e.value)
    assert str(e.value).startswith(f"item {record['id']!r} line 4: ")


def test_labels() -> None:
    assert [as_bool(v) for v in (True, False, "Yes", "no.", "TRUE", " false ")] == [True, False, True, False, True,
                                                                                    False]
    with pytest.raises(LabelError):
        as_bool(None)


def test_a_jsonl_file_with_bad_lines_is_read_to_the_end(tmp_path: Path) -> None:
    lines = ['{"id": "a", "question": "Is a core a part of an apple?", "gold": true}', "not json", "[1, 2]", "",
             '{"question": "Is a seed a part of an apple?", "gold": "yes"}',
             '{"id": "c", "question": "Is a flood bigger?", "gold": false}']
    path = tmp_path / "items.jsonl"
    path.write_text("\n".join(lines), "utf-8")
    out = list(read_items(path, shipped_schema()))
    assert [type(x).__name__ for x in out] == ["Item", "ItemError", "ItemError", "Item", "ItemError"]
    assert out[3].id == "#5"  # no id: the line number
    assert [x.line for x in out if isinstance(x, ItemError)] == [2, 3, 6]


def test_json_array_files(tmp_path: Path) -> None:
    path = tmp_path / "items.json"
    path.write_text(json.dumps([{"id": "a", "atom": "part_of(core, apple)", "gold": True}, 3]), "utf-8")
    out = list(read_items(path, shipped_schema()))
    assert str(out[0].atom) == "part_of(core, apple)" and isinstance(out[1], ItemError)
    path.write_text('{"id": "a"}', "utf-8")
    with pytest.raises(InputError, match="expected a list"):
        list(read_items(path, shipped_schema()))


def test_the_yaml_yes_no_trap_is_an_error_naming_the_item(tmp_path: Path) -> None:
    pytest.importorskip("yaml")
    path = tmp_path / "items.yaml"
    path.write_text(
        "- id: a\n  question: 'Is a core a part of an apple?'\n  gold: yes\n"
        "- id: b\n  question: 'Is a seed a part of an apple?'\n  gold: 'yes'\n"
        "- id: no\n  question: 'Is a pip a part of an apple?'\n  gold: true\n"
        "- id: d\n  question: 'Is a stalk a part of an apple?'\n  gold: off\n", "utf-8")
    out = list(read_items(path, shipped_schema()))
    assert isinstance(out[0], ItemError) and out[0].item == "a"
    assert "bare YAML 'yes'" in out[0].reason and "write true or false" in out[0].reason
    assert out[1].gold is True  # quoted: a string, read as a label
    assert out[2].id == "no"  # an id called no stays a string
    assert isinstance(out[3], ItemError) and "bare YAML 'off'" in out[3].reason


def test_unreadable_item_files(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read"):
        list(read_items(tmp_path / "missing.jsonl", shipped_schema()))
