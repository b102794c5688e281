"""Question and statement parsing, and resolution to canonical relation atoms."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prontocheck.errors import UnparseableSentence
from prontocheck.relations import AmbiguousForm, UnknownRelation, parse_atom, parse_sentence, shipped_schema
from prontocheck.relations.grammar import parse_rule

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "relations"
TABLE1 = [json.loads(line) for line in (FIXTURES / "art_table1.jsonl").read_text("utf-8").splitlines()]


def resolve(text: str, category: str | None = None) -> str:
    return str(shipped_schema().resolve(parse_sentence(text), category))


@pytest.mark.parametrize("row", TABLE1, ids=[f"{r['id']}-{r['category']}" for r in TABLE1])
def test_every_art_table1_example_parses_to_its_relation(row: dict[str, str]) -> None:
    assert resolve(row["question"], row["category"]) == row["expected_atom"]


def test_table1_covers_the_16_art_relations() -> None:
    assert len({r["category"] for r in TABLE1}) == 16
    assert {r["category"] for r in TABLE1} == set(shipped_schema().categories) - {"spatial_relations",
                                                                                   "physical_relations"}


@pytest.mark.parametrize(("text", "atom"), [
    ("Is a town smaller than a country?", "more[size](country, town)"),
    ("Is a country bigger than a town?", "more[size](country, town)"),
    ("Is a country larger than a town?", "more[size](country, town)"),
    ("Is a rope shorter than a river?", "more[length](river, rope)"),
    ("Is coal more shiny than aluminium foil?", "more[shininess](coal, aluminium_foil)"),
    ("Is coal less shiny than aluminium foil?", "more[shininess](aluminium_foil, coal)"),
    ("Is coal duller than aluminium foil?", "more[shininess](aluminium_foil, coal)"),
    ("Is a cloud fluffier than a rock?", "more[fluffy](cloud, rock)"),
    ("Are tin cans heavier than feathers?", "more[weight](tin_cans, feathers)"),
    ("Does a car have a wheel?", "part_of(wheel, car)"),
    ("Is a wheel part of a car?", "part_of(wheel, car)"),
    ("Can a bird fly?", "capable_of(bird, fly)"),
    ("Is a slice of bread a part of a loaf?", "part_of(slice_of_bread, loaf)"),
    ("Does rain cause a flood?", "causes(rain, flood)"),
    ("Do clouds cause rain?", "causes(clouds, rain)"),  # "do" before a bare noun (was a shift/reduce conflict)
    ("Do the clouds cause the rain?", "causes(clouds, rain)"),
    ("In terms of troponym, is crushing a type of breaking?", "troponym(crushing, breaking)"),
    ("Is the cup to the left of the plate?", "left_of(cup, plate)"),
])
def test_questions_normalise_to_canonical_atoms(text: str, atom: str) -> None:
    assert resolve(text) == atom


@pytest.mark.parametrize(("text", "atom", "negated"), [
    ("The cup is to the left of the plate.", "left_of(cup, plate)", False),
    ("The plate is to the right of the cup.", "left_of(cup, plate)", False),
    ("The plate is on the right of the cup.", "left_of(cup, plate)", False),
    ("The cup is not to the left of the plate.", "left_of(cup, plate)", True),
    ("The lamp is on top of the table.", "above(lamp, table)", False),
    ("The rug is under the table.", "above(table, rug)", False),
    ("The ball is behind the chair.", "in_front_of(chair, ball)", False),
    ("The cup is in the box.", "inside(cup, box)", False),
    ("The box contains the cup.", "inside(cup, box)", False),
    ("The cat is close to the door.", "near(cat, door)", False),
    ("The cat is far away from the door.", "far_from(cat, door)", False),
    ("Paris is north of Madrid.", "north_of(paris, madrid)", False),
    ("Madrid is south of Paris.", "north_of(paris, madrid)", False),
    ("Lisbon is to the west of Madrid.", "east_of(madrid, lisbon)", False),
    ("The cup is smaller than the big plate.", "more[size](big_plate, cup)", False),
    ("The cup is not more shiny than the plate", "more[shininess](cup, plate)", True),
])
def test_ewok_statements(text: str, atom: str, negated: bool) -> None:
    surface = parse_sentence(text)
    assert str(shipped_schema().resolve(surface)) == atom
    assert surface.negated is negated


@pytest.mark.parametrize(("text", "categories"), [
    ("Can a helmet be driven?", {"associated_quality": "can_be(helmet, driven)",
                                 "capable_of": "capable_of(helmet, driven)"}),
    ("Is haiku a type of art?", {"has_member": "is_a(haiku, art)", "troponym": "troponym(haiku, art)"}),
])
def test_the_category_decides_an_ambiguous_form(text: str, categories: dict[str, str]) -> None:
    for category, atom in categories.items():
        assert resolve(text, category) == atom
    with pytest.raises(AmbiguousForm, match="give the item a category"):
        resolve(text)
    with pytest.raises(AmbiguousForm, match="does not fit"):
        resolve(text, "order_of_size")


def test_joined_to_needs_no_category_since_both_boundaries_are_one_relation() -> None:
    assert resolve("Is Iran joined to Pakistan?") == "joined_to(iran, pakistan)"


@pytest.mark.parametrize(("text", "column"), [
    ("Is a core of an apple?", 22),
    ("Must a rope?", 12),
    ("Why is the sky blue?", 8),
    ("The cup is to the left of.", 26),
])
def test_unparseable_sentences_say_where(text: str, column: int) -> None:
    with pytest.raises(UnparseableSentence) as e:
        parse_sentence(text)
    assert e.value.column == column
    assert text in str(e.value)


def test_a_word_that_is_no_comparative_is_an_error() -> None:
    with pytest.raises(UnknownRelation, match="not a comparative"):
        resolve("Is a country table than a town?")


def test_datalog_atoms_and_rules() -> None:
    assert parse_atom('part_of(core, "Apple Tree")') == parse_atom("part_of(core, apple_tree)")
    body, head = parse_rule("r(X, Y), s(Y, Z) → t(X, Z)")
    assert [a.predicate for a in body] == ["r", "s"] and head is not None and head.predicate == "t"
    assert parse_rule("r(X, X) -> false")[1] is None
    with pytest.raises(UnparseableSentence):
        parse_atom("part_of(core")


_WORDS = st.from_regex(r"[bdfgklmnprstvz][aeiou][bdfgklmnprstvz][aeiou]x", fullmatch=True)


@given(st.lists(_WORDS, min_size=1, max_size=3), st.lists(_WORDS, min_size=1, max_size=3))
def test_multi_word_nouns_survive_every_form(x: list[str], y: list[str]) -> None:
    a, b = " ".join(x), " ".join(y)
    ca, cb = "_".join(x), "_".join(y)
    assert resolve(f"Is a {a} a part of the {b}?") == f"part_of({ca}, {cb})"
    assert resolve(f"Is a {a} smaller than a {b}?") == f"more[size]({cb}, {ca})"
    assert resolve(f"The {a} is to the right of the {b}.") == f"left_of({cb}, {ca})"
    assert resolve(f"Can a {a} be contained in a {b}?") == f"fits_in({ca}, {cb})"
