"""``similar[DIM]``: "about the same size as", read, resolved and checked against the order ``more[DIM]``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prontocheck.relations import (
    Answer,
    ItemError,
    Severity,
    UnknownRelation,
    item_from_record,
    load_schema,
    parse_sentence,
    score,
    shipped_schema,
    validate,
)
from prontocheck.relations.validate import Validation

SCHEMA = shipped_schema()


def _validate(*rows: tuple[str, bool]) -> Validation:
    items = [item_from_record({"id": f"i{n}", "question": q, "gold": gold}, SCHEMA) for n, (q, gold) in enumerate(rows)]
    return validate(items, SCHEMA)


@pytest.mark.parametrize(("text", "atom", "negated"), [
    ("Is a cat about the same size as a dog?", "similar[size](cat, dog)", False),
    ("Is a cat the same size as a dog?", "similar[size](cat, dog)", False),
    ("Is a cat roughly the same weight as a dog?", "similar[weight](cat, dog)", False),
    ("Is a cat about as big as a dog?", "similar[size](cat, dog)", False),
    ("Is a cat as small as a dog?", "similar[size](cat, dog)", False),  # an adjective of either side
    ("Is a cat nearly as heavy as a dog?", "similar[weight](cat, dog)", False),
    ("A cat is about the same size as a dog.", "similar[size](cat, dog)", False),
    ("The cup is not about as big as the plate.", "similar[size](cup, plate)", True),
    ("In terms of order of size, is a house cat about the same size as a fox?", "similar[size](house_cat, fox)",
     False),
])
def test_questions_and_statements_read_as_similar(text: str, atom: str, negated: bool) -> None:
    surface = parse_sentence(text)
    assert (str(SCHEMA.resolve(surface)), surface.negated) == (atom, negated)


@pytest.mark.parametrize(("text", "atom"), [
    ("Is the same dog bigger than a cat?", "more[size](same_dog, cat)"),
    ("Is a dog such as a poodle bigger than a cat?", "more[size](dog_such_as_a_poodle, cat)"),
    ("Is a glass as a container a part of a kitchen?", "part_of(glass_as_a_container, kitchen)"),
    ("Is a dog such as a poodle about as big as a cat?", "similar[size](dog_such_as_a_poodle, cat)"),
    ("Is the same dog about the same size as a cat?", "similar[size](same_dog, cat)"),
])
def test_as_and_the_same_stay_words_of_a_noun_phrase(text: str, atom: str) -> None:
    # Only "the same WORD as" and "as WORD as" are the construction.
    assert str(SCHEMA.resolve(parse_sentence(text))) == atom


def test_a_word_that_names_no_dimension_is_refused() -> None:
    with pytest.raises(UnknownRelation, match="fluffiness.*not a dimension"):
        SCHEMA.resolve(parse_sentence("Is a cat about the same fluffiness as a dog?"))
    with pytest.raises(ItemError, match="item 'x': unknown relation 'purple'"):
        item_from_record({"id": "x", "question": "Is a cat about as purple as a dog?", "gold": True}, SCHEMA)


def test_similar_is_symmetric() -> None:
    v = _validate(("Is a cat about the same size as a dog?", True), ("Is a dog about the same size as a cat?", False))
    assert [(c.severity, c.constraint) for c in v.conflicts] == [(Severity.ERROR, "denied by item i1")]


def test_similar_and_more_conflict_softly_in_either_direction() -> None:
    for comparative in ("bigger", "smaller"):
        v = _validate(("Is a cat about the same size as a dog?", True), (f"Is a cat {comparative} than a dog?", True))
        assert [(c.severity, c.constraint, c.items) for c in v.conflicts] == [
            (Severity.WARNING, "disjoint(similar[size], more[size])", ("i0", "i1"))]
        assert v.consistent  # a warning: "about the same" tolerates a small difference
    # Through a chain of the order as well: cat > mouse > ant, yet "ant about the same size as cat".
    v = _validate(("Is a cat bigger than a mouse?", True), ("Is a mouse bigger than an ant?", True),
                  ("Is an ant about as big as a cat?", True))
    assert [(c.severity, c.items) for c in v.conflicts] == [(Severity.WARNING, ("i0", "i1", "i2"))]


def test_similarity_is_not_transitive() -> None:
    # Tolerance: a ~ b and b ~ c, yet a is not about the same as c (small differences add up), and may be bigger.
    chain = (("Is a cat about the same size as a fox?", True), ("Is a fox about the same size as a dog?", True))
    v = _validate(*chain, ("Is a cat about the same size as a dog?", False))
    assert v.conflicts == ()
    assert v.results[2].implied is None  # the others do not decide it
    v = _validate(*chain, ("Is a dog bigger than a cat?", True))
    assert v.conflicts == ()
    assert v.results[2].implied is None


def test_dimensions_do_not_interact() -> None:
    v = _validate(("Is a cat about the same size as a dog?", True), ("Is a dog heavier than a cat?", True))
    assert v.conflicts == ()


def test_reversed_questions_are_asked_and_implied() -> None:
    v = _validate(("Is a cat about the same size as a dog?", True))
    assert [(r.question, r.implied.value) for r in v.reversals] == [("Is a dog about the same size as a cat?", True)]
    assert SCHEMA.question(v.results[0].item.atom, {"cat": "a cat", "dog": "a dog"}) == \
        "Is a cat about the same size as a dog?"


def test_answers_are_scored_with_the_symmetric_reversal_check() -> None:
    rows = [("s1", "Is a cat about the same size as a dog?", True),
            ("s2", "Is a dog about the same size as a cat?", True), ("s3", "Is an ant about as big as a whale?", False)]
    items = [item_from_record({"id": i, "question": q, "gold": g, "category": "order_of_size"}, SCHEMA)
             for i, q, g in rows]
    answers = [Answer("m", "s1", True), Answer("m", "s2", False), Answer("m", "s3", False)]
    model = score(answers, items, SCHEMA).models[0]
    assert (model.accuracy.successes, model.accuracy.n) == (2, 3)
    assert model.reversal_summary()["symmetric_mismatch"] == {"pairs": 1, "inconsistent": 1, "rate": 1.0}


def test_a_user_schema_declares_a_soft_disjointness(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"format": "prontocheck-relations/1", "name": "kin", "relations": {
        "sibling_of": {"props": ["symmetric", "irreflexive"], "soft_disjoint": ["friend_of"]},
        "friend_of": {"props": ["symmetric"]}}}), "utf-8")
    schema = load_schema([path], defaults=False)
    items = [item_from_record({"id": "a", "atom": "sibling_of(ann, bob)", "gold": True}, schema),
             item_from_record({"id": "b", "atom": "friend_of(bob, ann)", "gold": True}, schema)]
    assert [(c.severity, c.constraint) for c in validate(items, schema).conflicts] == [
        (Severity.WARNING, "disjoint(sibling_of, friend_of)")]
