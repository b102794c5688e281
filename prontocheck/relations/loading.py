"""Loading relation schema files (JSON, or YAML with PyYAML) into a :class:`~.schema.Schema`.

The shipped schemas live in ``ontologies/relations/``: ``art`` (the 16 ART relations, which
requires ``comparatives``) and ``spatial`` (EWoK-style spatial relations, which requires ``art``).
Users add their own files; see ``docs/relations.md`` for the format. Files load in order, each after
the files it ``requires``. A relation declared again replaces the earlier declaration, a form
declared again replaces the earlier form, and rules, background facts, lexicon entries and
categories add up.

>>> s = shipped_schema()
>>> sorted(s.categories)[:3], len(s.relations) >= 22
(['antonym', 'associated_quality', 'boundary_bona_fide'], True)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from prontocheck._resources import resource
from prontocheck.common.decode import loads
from prontocheck.errors import InputError, SentenceParseError
from prontocheck.horn.closure import Rule, Strength
from prontocheck.logic.formulas import Atom, Var
from prontocheck.relations._yaml import load_yaml
from prontocheck.relations.errors import SchemaError, UnknownRelation, quoted
from prontocheck.relations.grammar import category_name, parse_atom, parse_rule
from prontocheck.relations.lexicon import Lexicon
from prontocheck.relations.schema import PROPERTIES, BackgroundFact, RelationSpec, Schema

SHIPPED = ("art", "comparatives", "spatial", "ewok", "ewok_agents", "ewok_social", "ewok_physical", "ewok_materials",
           "ewok_interactions", "ewok_quantities")
"""The schemas shipped in ``ontologies/relations/``, loadable by name."""
DEFAULT_SCHEMAS = ("art", "spatial")
"""The schemas loaded unless asked otherwise."""
FORMAT = "prontocheck-relations/1"

_TOP = {"format", "name", "description", "requires", "categories", "relations", "forms", "rules", "background",
        "lexicon"}
_RELATION = {"description", "props", "soft", "default", "converse", "param", "disjoint", "soft_disjoint",
             "categories", "question", "reversible", "arity", "factive", "closed"}
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_STRENGTHS = {s.label: s for s in Strength}


def _read(name: str) -> tuple[str, Any, Path | None]:
    """``(label, document, folder)`` of a shipped schema name or a file path."""
    if name in SHIPPED:
        text = resource("ontologies", f"relations/{name}.json").read_text("utf-8")
        return name, json.loads(text), None
    path = Path(name)
    try:
        text = path.read_text("utf-8")
    except OSError as e:
        raise InputError(name, None, f"cannot read the schema: {e.strerror or e}") from e
    if path.suffix.lower() in (".yaml", ".yml"):
        return name, load_yaml(text, name), path.parent
    try:
        return name, loads(text, max_chars=None), path.parent  # within the depth and number limits
    except json.JSONDecodeError as e:
        raise SchemaError(name, f"line {e.lineno}", f"not JSON: {e.msg}") from e


class _Builder:
    """Accumulates documents in load order, then checks the cross-references."""

    def __init__(self) -> None:
        self.loaded: list[str] = []
        self.relations: dict[str, RelationSpec] = {}
        self.forms: dict[str, tuple[str, ...]] = {}
        self.rule_texts: list[tuple[str, str, Any]] = []
        self.background: list[tuple[str, str, Any]] = []
        self.lexicon = Lexicon()
        self.categories: dict[str, str] = {}

    def load(self, name: str, base: Path | None = None, stack: tuple[str, ...] = ()) -> None:
        if name not in SHIPPED and base is not None and not Path(name).is_absolute():
            name = str(base / name)
        if name in self.loaded:
            return
        if name in stack:
            raise SchemaError(name, "requires", f"circular requirement: {' -> '.join((*stack, name))}")
        label, doc, folder = _read(name)
        if not isinstance(doc, dict):
            raise SchemaError(label, "", f"expected an object at the top, got {type(doc).__name__}")
        for required in _list_of_str(label, doc, "requires"):
            self.load(required, folder, (*stack, name))
        self._document(label, doc)
        self.loaded.append(name)

    def _document(self, src: str, doc: dict[str, Any]) -> None:
        unknown = set(doc) - _TOP
        if unknown:
            raise SchemaError(src, "", f"unknown key(s) {sorted(unknown)}; expected some of {sorted(_TOP)}")
        if doc.get("format", FORMAT) != FORMAT:
            raise SchemaError(src, "format", f"expected {quoted(FORMAT)}, got {quoted(doc['format'])}")
        for key, spec in _mapping(src, doc, "relations").items():
            if not isinstance(key, str) or not _NAME.match(key):
                raise SchemaError(src, "relations", f"bad relation name {quoted(key)} (lower case, digits, _)")
            self.relations[key] = _relation(src, key, spec)
        for form, names in _mapping(src, doc, "forms").items():
            self.forms[form] = tuple(_list_of_str(src, {form: names}, form, where=f"forms.{form}"))
        for i, entry in enumerate(doc.get("rules", [])):
            self.rule_texts.append((src, f"rules[{i}]", entry))
        for i, entry in enumerate(_list_of_str(src, doc, "background")):
            self.background.append((src, f"background[{i}]", entry))
        for key, label in _mapping(src, doc, "categories").items():
            self.categories[category_name(str(key))] = str(label)
        self.lexicon = self.lexicon.merged(Lexicon.from_table(_lexicon(src, _mapping(src, doc, "lexicon"))))

    def build(self) -> Schema:
        schema = Schema(self.relations, self.forms, (), (), self.lexicon, {}, tuple(self.loaded))
        known = {*self.relations, *schema.converses}
        for name, spec in self.relations.items():
            if spec.converse in self.relations:
                raise SchemaError(spec.source, f"relations.{name}.converse",
                                  f"{quoted(spec.converse)} is itself a declared relation")
            for key, others in (("disjoint", spec.disjoint), ("soft_disjoint", spec.soft_disjoint)):
                for other in others:
                    if other not in self.relations:
                        raise SchemaError(spec.source, f"relations.{name}.{key}", f"unknown relation {quoted(other)}")
        for form, names in self.forms.items():
            for n in names:
                if n not in known:
                    raise SchemaError(", ".join(self.loaded), f"forms.{form}", f"unknown relation {quoted(n)}")
        rules = tuple(_rule(schema, src, where, entry) for src, where, entry in self.rule_texts)
        background = tuple(BackgroundFact(_fact(schema, src, where, text), src)
                           for src, where, text in self.background)
        categories = {c: c.replace("_", " ").capitalize() for s in self.relations.values() for c in s.categories}
        categories.update(self.categories)
        return Schema(self.relations, self.forms, rules, background, self.lexicon, categories, tuple(self.loaded))


def _mapping(src: str, doc: Mapping[str, Any], key: str) -> Mapping[Any, Any]:
    value = doc.get(key, {})
    if not isinstance(value, dict):
        raise SchemaError(src, key, f"expected an object, got {quoted(value)}")
    return value


def _list_of_str(src: str, doc: Mapping[str, Any], key: str, where: str | None = None) -> list[str]:
    value = doc.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise SchemaError(src, where or key, f"expected a list of strings, got {quoted(value)}")
    return value


def _relation(src: str, name: str, spec: Any) -> RelationSpec:
    where = f"relations.{name}"
    if not isinstance(spec, dict):
        raise SchemaError(src, where, f"expected an object, got {quoted(spec)}")
    unknown = set(spec) - _RELATION
    if unknown:
        raise SchemaError(src, where, f"unknown key(s) {sorted(unknown)}; expected some of {sorted(_RELATION)}")
    properties: dict[str, Strength] = {}
    for key, strength in (("props", Strength.STRICT), ("soft", Strength.SOFT), ("default", Strength.DEFAULT)):
        for i, prop in enumerate(_list_of_str(src, spec, key, f"{where}.{key}")):
            if prop not in PROPERTIES:
                raise SchemaError(src, f"{where}.{key}[{i}]",
                                  f"unknown property {quoted(prop)}; expected one of {PROPERTIES}")
            if prop in properties:
                raise SchemaError(src, f"{where}.{key}[{i}]", f"property {quoted(prop)} is declared twice")
            properties[prop] = strength
    for key in ("description", "converse", "param", "question"):
        if not isinstance(spec.get(key, ""), str):
            raise SchemaError(src, f"{where}.{key}", f"expected a string, got {quoted(spec[key])}")
    converse = spec.get("converse")
    if converse is not None and not _NAME.match(converse):
        raise SchemaError(src, f"{where}.converse", f"bad relation name {quoted(converse)}")
    arity = spec.get("arity", 2)
    if not isinstance(arity, int) or isinstance(arity, bool) or arity < 1:
        raise SchemaError(src, f"{where}.arity", f"expected a positive integer, got {quoted(arity)}")
    if arity != 2 and (properties or converse or spec.get("disjoint") or spec.get("soft_disjoint")):
        raise SchemaError(src, where, "properties, converse and disjoint need a binary relation (arity 2)")
    reversible, factive, closed = spec.get("reversible", True), spec.get("factive", False), spec.get("closed", False)
    for key, value in (("reversible", reversible), ("factive", factive), ("closed", closed)):
        if not isinstance(value, bool):
            raise SchemaError(src, f"{where}.{key}", f"expected true or false, got {quoted(value)}")
    return RelationSpec(
        name, spec.get("description", ""), properties, converse, spec.get("param"),
        tuple(_list_of_str(src, spec, "disjoint", f"{where}.disjoint")),
        tuple(category_name(c) for c in _list_of_str(src, spec, "categories", f"{where}.categories")),
        spec.get("question"), reversible, arity, src, factive,
        tuple(_list_of_str(src, spec, "soft_disjoint", f"{where}.soft_disjoint")), closed)


def _lexicon(src: str, table: Mapping[Any, Any]) -> dict[str, dict[str, list[str]]]:
    for dimension, sides in table.items():
        where = f"lexicon.{dimension}"
        if not isinstance(sides, dict) or set(sides) - {"more", "less"}:
            raise SchemaError(src, where, f"expected {{\"more\": [...], \"less\": [...]}}, got {quoted(sides)}")
        for side in sides:
            for pair in _list_of_str(src, sides, side, f"{where}.{side}"):
                if pair.count("/") != 1 or not all(pair.split("/")):
                    raise SchemaError(src, f"{where}.{side}", f"expected 'adjective/comparative', got {quoted(pair)}")
    return dict(table)


def _canonical(schema: Schema, src: str, where: str, atom: Atom) -> Atom:
    try:
        return schema.canonical(atom)
    except UnknownRelation as e:
        raise SchemaError(src, where, str(e)) from e


def _rule(schema: Schema, src: str, where: str, entry: Any) -> Rule:
    if isinstance(entry, str):
        entry = {"rule": entry}
    if not isinstance(entry, dict) or not isinstance(entry.get("rule"), str) or set(entry) - {"rule", "strength",
                                                                                             "name"}:
        raise SchemaError(src, where, f"expected a rule string or {{rule, strength, name}}, got {quoted(entry)}")
    text = entry["rule"]
    strength = entry.get("strength", "strict")
    if strength not in _STRENGTHS:
        raise SchemaError(src, f"{where}.strength", f"expected one of {sorted(_STRENGTHS)}, got {quoted(strength)}")
    try:
        body, head = parse_rule(text)
    except SentenceParseError as e:
        raise SchemaError(src, where, str(e)) from e
    body = tuple(_canonical(schema, src, where, a) for a in body)
    head = _canonical(schema, src, where, head) if head is not None else None
    try:
        return Rule(str(entry.get("name", text)), body, head, _STRENGTHS[strength])
    except ValueError as e:
        raise SchemaError(src, where, str(e)) from e


def _fact(schema: Schema, src: str, where: str, text: str) -> Atom:
    try:
        atom = parse_atom(text)
    except SentenceParseError as e:
        raise SchemaError(src, where, str(e)) from e
    if any(isinstance(t, Var) for t in atom.args):
        raise SchemaError(src, where,
                          f"a background fact has no variables (write constants in lower case): {quoted(text)}")
    return _canonical(schema, src, where, atom)


def load_schema(paths: Iterable[str | Path] = (), *, defaults: bool = True) -> Schema:
    """Load the default schemas (unless ``defaults=False``) and then the given files or shipped names.

    Raises:
        SchemaError: a file is malformed or refers to something undeclared (names the file and the place).
        InputError: a file cannot be read.
    """
    builder = _Builder()
    for name in (*(DEFAULT_SCHEMAS if defaults else ()), *(str(p) for p in paths)):
        builder.load(name)
    return builder.build()


@cache
def shipped_schema() -> Schema:
    """The default schemas (``art`` and ``spatial``), loaded once."""
    return load_schema()


@cache
def ewok_schema() -> Schema:
    """The default schemas and the EWoK world knowledge (``ewok``), loaded once: what ``relations pairs``
    and ``relations ewok-score`` read with.

    >>> "looking_at" in ewok_schema().relations
    True
    """
    return load_schema(["ewok"])
