"""Relation schema files: the shipped ones, users' own files, and clear errors for bad ones."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from prontocheck.errors import InputError
from prontocheck.horn.closure import Strength
from prontocheck.relations import SchemaError, item_from_record, load_schema, shipped_schema, validate
from prontocheck.relations.schema import split_predicate


def test_the_shipped_schemas() -> None:
    s = shipped_schema()
    assert s.sources == ("comparatives", "art", "spatial")
    assert s.spec("joined_to").properties == {"symmetric": Strength.STRICT, "irreflexive": Strength.STRICT}
    assert s.spec("part_of").properties["transitive"] is Strength.SOFT
    assert s.spec("more[size]").param == "dimension" and s.spec("more[size]").converse == "less"
    assert {"left_of", "above", "in_front_of", "north_of", "east_of", "inside", "near", "far_from"} <= set(s.relations)
    assert s.lexicon.measure(("smaller",)) == ("size", False)


def test_family_members_get_their_own_rules() -> None:
    names = {r.name for r in shipped_schema().compile(["more[size]", "more[length]"])}
    assert {"transitive(more[size])", "transitive(more[length])", "irreflexive(more[length])"} <= names
    assert "transitive(joined_to)" not in names and "symmetric(joined_to)" in names
    assert split_predicate("more[size]") == ("more", "size")


def write(tmp_path: Path, doc: dict[str, Any], name: str = "s.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc), "utf-8")
    return path


def test_a_users_own_schema(fixtures: Path) -> None:
    s = load_schema([fixtures / "example_schema.json"])
    records = [{"id": "k1", "atom": "child_of(bob, ann)", "gold": False},
               {"id": "k2", "atom": "sibling_of(ann, bob)", "gold": True},
               {"id": "k3", "question": "Is salt saltier than sugar?", "gold": True}]
    v = validate([item_from_record(r, s) for r in records], s)
    assert [(c.severity.value, c.items) for c in v.conflicts] == [("error", ("k1",)), ("error", ("k2",))]
    assert v.conflicts[0].background == (split_atom("parent_of(ann, bob)"),)
    assert str(v.results[2].item.atom) == "more[saltiness](salt, sugar)"


def split_atom(text: str) -> Any:
    from prontocheck.relations import parse_atom
    return parse_atom(text)


@pytest.mark.parametrize(("doc", "where", "message"), [
    ({"relations": {"r": {"props": ["transitve"]}}}, "relations.r.props[0]", "unknown property 'transitve'"),
    ({"relations": {"r": {"props": ["symmetric"], "soft": ["symmetric"]}}}, "relations.r.soft[0]", "declared twice"),
    ({"relations": {"r": {"colour": "red"}}}, "relations.r", "unknown key(s) ['colour']"),
    ({"relation": {}}, "", "unknown key(s) ['relation']"),
    ({"relations": {"R": {}}}, "relations", "bad relation name 'R'"),
    ({"relations": {"r": {"disjoint": ["nope"]}}}, "relations.r.disjoint", "unknown relation 'nope'"),
    ({"relations": {"r": {"soft_disjoint": ["nope"]}}}, "relations.r.soft_disjoint", "unknown relation 'nope'"),
    ({"relations": {"r": {"soft_disjoint": "more"}}}, "relations.r.soft_disjoint", "expected a list of strings"),
    ({"relations": {"r": {"arity": 3, "soft_disjoint": ["part_of"]}}}, "relations.r", "need a binary relation"),
    ({"relations": {"r": {"converse": "part_of"}}}, "relations.r.converse", "is itself a declared relation"),
    ({"rules": ["nope(X, Y) -> part_of(X, Y)"]}, "rules[0]", "unknown relation 'nope'"),
    ({"rules": ["part_of(X, Y) -> part_of(X, Z)"]}, "rules[0]", "do not occur in the body"),
    ({"rules": [{"rule": "part_of(X, Y) -> false", "strength": "hard"}]}, "rules[0].strength", "'hard'"),
    ({"rules": ["part_of(X, Y) ->"]}, "rules[0]", "cannot parse"),
    ({"background": ["part_of(X, apple)"]}, "background[0]", "no variables"),
    ({"background": ["more(a, b)"]}, "background[0]", "more is a family"),
    ({"lexicon": {"size": {"more": ["bigger"]}}}, "lexicon.size.more", "adjective/comparative"),
    ({"forms": {"part_of": ["nope"]}}, "forms.part_of", "unknown relation 'nope'"),
    ({"format": "other/2"}, "format", "expected 'prontocheck-relations/1'"),
    ({"requires": ["s.json"]}, "requires", "circular requirement"),
])
def test_bad_schema_files_name_the_place(tmp_path: Path, doc: dict[str, Any], where: str, message: str) -> None:
    path = write(tmp_path, doc)
    with pytest.raises(SchemaError) as e:
        load_schema([path])
    assert e.value.where == where
    assert message in e.value.reason
    assert str(path) in str(e.value)


def test_unreadable_and_malformed_files(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read"):
        load_schema([tmp_path / "missing.json"])
    (tmp_path / "bad.json").write_text("{", "utf-8")
    with pytest.raises(SchemaError, match="not JSON"):
        load_schema([tmp_path / "bad.json"])


def test_a_yaml_schema_keeps_entities_called_no(tmp_path: Path) -> None:
    pytest.importorskip("yaml")
    path = tmp_path / "s.yaml"
    path.write_text("relations:\n  answer_of:\n    props: [irreflexive]\nbackground:\n  - answer_of(no, on)\n", "utf-8")
    s = load_schema([path])
    assert str(s.background[0].atom) == "answer_of(no, on)"


def test_a_later_declaration_replaces_an_earlier_one(tmp_path: Path) -> None:
    path = write(tmp_path, {"relations": {"joined_to": {"props": ["symmetric", "irreflexive", "transitive"]}}})
    s = load_schema([path])
    assert "transitive" in s.spec("joined_to").properties
