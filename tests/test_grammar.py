"""The PrOntoQA sentence grammar: every form of the v1 generator and of models writing in its style."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prontocheck import parse_query, parse_statement
from prontocheck.errors import UnparseableSentence
from prontocheck.syntax import plural, singular

FORMS = [
    ("Every wumpus is a yumpus.", "∀x(wumpus(x) → yumpus(x))"),
    ("Each wumpus is a yumpus.", "∀x(wumpus(x) → yumpus(x))"),
    ("Wumpuses are yumpuses.", "∀x(wumpus(x) → yumpus(x))"),
    ("All wumpuses are yumpuses.", "∀x(wumpus(x) → yumpus(x))"),
    ("Every wumpus is kind.", "∀x(wumpus(x) → kind(x))"),
    ("Wumpuses are kind.", "∀x(wumpus(x) → kind(x))"),
    ("Each wumpus is not kind.", "∀x(wumpus(x) → ¬kind(x))"),
    ("Wumpuses are not yumpuses.", "∀x(wumpus(x) → ¬yumpus(x))"),
    ("Numpuses are not nervous.", "∀x(numpus(x) → ¬nervous(x))"),
    ("No wumpuses are yumpuses.", "∀x(wumpus(x) → ¬yumpus(x))"),
    ("No wumpus is a yumpus.", "∀x(wumpus(x) → ¬yumpus(x))"),
    ("A wumpus is an impus.", "∀x(wumpus(x) → impus(x))"),
    ("Every real number is a number.", "∀x(real_number(x) → number(x))"),
    ("Real numbers are numbers.", "∀x(real_number(x) → number(x))"),
    ("Painted ladies are butterflies.", "∀x(painted_lady(x) → butterfly(x))"),
    ("Every mammal is warm-blooded.", "∀x(mammal(x) → warm-blooded(x))"),
    ("Fae is a wumpus.", "wumpus(Fae)"),
    ("Fae is an impus.", "impus(Fae)"),
    ("Fae is an wumpus.", "wumpus(Fae)"),
    ("Fae is kind.", "kind(Fae)"),
    ("Fae is not a wumpus.", "¬wumpus(Fae)"),
    ("Fae is not kind.", "¬kind(Fae)"),
    ("Sally is a painted lady.", "painted_lady(Sally)"),
    ("127 is a Mersenne prime.", "mersenne_prime(127)"),
    ("127 is not composite.", "¬composite(127)"),
    ("Every dax is a blicket.", "∀x(dax(x) → blicket(x))"),
    ("Daxes are blickets.", "∀x(dax(x) → blicket(x))"),
    ("Feps are wugs.", "∀x(fep(x) → wug(x))"),
    ("People are mammals.", "∀x(person(x) → mammal(x))"),
    ("So Fae is a wumpus.", "wumpus(Fae)"),
    ("So, Fae is a wumpus.", "wumpus(Fae)"),
    ("Thus, Fae is a wumpus.", "wumpus(Fae)"),
    ("Therefore, Fae is a wumpus.", "wumpus(Fae)"),
    ("Hence, Fae is a wumpus.", "wumpus(Fae)"),
    ("We know that Fae is a wumpus.", "wumpus(Fae)"),
    ("So we know that Fae is not kind.", "¬kind(Fae)"),
    ("  Fae   is a\n wumpus  ", "wumpus(Fae)"),
]


@pytest.mark.parametrize(("sentence", "formula"), FORMS, ids=[f[0] for f in FORMS])
def test_sentence_forms(sentence: str, formula: str) -> None:
    assert str(parse_statement(sentence)) == formula


def test_queries() -> None:
    q = parse_query("True or false: Fae is not herbivorous.")
    assert (q.kind, str(q.formula)) == ("true_or_false", "¬herbivorous(Fae)")
    q = parse_query("Prove: Rex is a dax.")
    assert (q.kind, str(q.formula)) == ("prove", "dax(Rex)")
    with pytest.raises(UnparseableSentence):
        parse_query("Fae is a cat.")
    with pytest.raises(UnparseableSentence):
        parse_statement("True or false: Fae is a cat.")


@pytest.mark.parametrize("sentence", ["Fae likes cheese.", "Fae has a tail.", "Is Fae a wumpus?", "Fae is", ""])
def test_unparseable_sentences_raise_with_reason(sentence: str) -> None:
    with pytest.raises(UnparseableSentence) as e:
        parse_statement(sentence)
    assert e.value.reason


WORDS = st.from_regex(r"[a-z]{2,8}", fullmatch=True).filter(
    lambda w: w not in {"is", "are", "not", "no", "all", "every", "each", "any", "an", "the", "was", "were",
                        "so", "thus", "therefore", "hence", "then", "consequently", "now", "also", "and", "next",
                        "finally", "clearly", "accordingly", "we", "it", "this", "since", "true", "prove"}
)


@given(WORDS, WORDS)
def test_any_invented_noun_parses_in_both_numbers(a: str, b: str) -> None:
    # Users generate with their own vocabularies: singular and plural forms give one rule.
    every = parse_statement(f"Every {a} is a {b}.")
    bare = parse_statement(f"{plural(a).capitalize()} are {plural(b)}.")
    if singular(plural(a)) == a and singular(plural(b)) == b:
        assert every == bare


@pytest.mark.parametrize("noun", ["wumpus", "dax", "fep", "lady", "person", "sheep", "box", "church", "wug"])
def test_plural_round_trip(noun: str) -> None:
    assert singular(plural(noun)) == noun
