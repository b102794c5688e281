"""Relational gold labels: relation schemas, question parsing, consistency checking, model scoring.

Validate the gold labels of ART-style relational questions (and EWoK-style statements) with a Horn
closure over the relation algebra, find every conflict with its severity and derivation, and
score model answers against ART's human reference intervals.

>>> from prontocheck.relations import item_from_record, shipped_schema, validate
>>> s = shipped_schema()
>>> items = [item_from_record({"id": "a", "question": "Is a core a part of an apple?", "gold": True}, s),
...          item_from_record({"id": "b", "question": "Does a core have an apple?", "gold": True,
...                            "category": "has_part"}, s)]
>>> [(c.severity.value, c.constraint, c.items) for c in validate(items, s).conflicts]
[('error', 'asymmetric(part_of)', ('a', 'b'))]
"""

import typing

from prontocheck.common import lazy

if typing.TYPE_CHECKING:
    from prontocheck.relations.conflicts import Conflict, Recheck, Severity, Step
    from prontocheck.relations.errors import (
        AmbiguousForm,
        ItemError,
        LabelError,
        RelationsError,
        SchemaError,
        UnknownRelation,
    )
    from prontocheck.relations.ewok import Cell, PairResult, Verdict, analyze_pair, analyze_pairs, pairs_summary
    from prontocheck.relations.grammar import Surface, parse_atom, parse_rule, parse_sentence
    from prontocheck.relations.implied import Implied, Reversal
    from prontocheck.relations.items import Item, as_bool, item_from_record, read_items, read_records
    from prontocheck.relations.lexicon import Lexicon
    from prontocheck.relations.loading import DEFAULT_SCHEMAS, SHIPPED, load_schema, shipped_schema
    from prontocheck.relations.schema import BackgroundFact, RelationSpec, Schema
    from prontocheck.relations.score import (
        Answer,
        CategoryScore,
        ModelScore,
        PairCheck,
        Reference,
        ScoreReport,
        art_reference,
        read_answers,
        score,
    )
    from prontocheck.relations.validate import ItemResult, Validation, build_closure, validate

# Imported on first use (prontocheck.common.lazy): a command imports only the modules it runs.
lazy.export_lazily("prontocheck.relations", {
    "prontocheck.relations.conflicts": "Conflict Recheck Severity Step",
    "prontocheck.relations.errors": "AmbiguousForm ItemError LabelError RelationsError SchemaError UnknownRelation",
    "prontocheck.relations.ewok": "Cell PairResult Verdict analyze_pair analyze_pairs pairs_summary",
    "prontocheck.relations.grammar": "Surface parse_atom parse_rule parse_sentence",
    "prontocheck.relations.implied": "Implied Reversal",
    "prontocheck.relations.items": "Item as_bool item_from_record read_items read_records",
    "prontocheck.relations.lexicon": "Lexicon",
    "prontocheck.relations.loading": "DEFAULT_SCHEMAS SHIPPED load_schema shipped_schema",
    "prontocheck.relations.schema": "BackgroundFact RelationSpec Schema",
    "prontocheck.relations.score": "Answer CategoryScore ModelScore PairCheck Reference ScoreReport art_reference "
                                   "read_answers score",
    "prontocheck.relations.validate": "ItemResult Validation build_closure validate",
})

__all__ = [
    "DEFAULT_SCHEMAS", "SHIPPED", "AmbiguousForm", "Answer", "BackgroundFact", "CategoryScore", "Cell", "Conflict",
    "Implied", "Item", "ItemError", "ItemResult", "LabelError", "Lexicon", "ModelScore", "PairCheck", "PairResult",
    "Recheck", "Reference", "RelationSpec", "RelationsError", "Reversal", "Schema", "SchemaError", "ScoreReport",
    "Severity", "Step", "Surface", "UnknownRelation", "Validation", "Verdict", "analyze_pair", "analyze_pairs",
    "art_reference", "as_bool", "build_closure", "item_from_record", "load_schema", "pairs_summary", "parse_atom",
    "parse_rule", "parse_sentence", "read_answers", "read_items", "read_records", "score", "shipped_schema",
    "validate",
]
