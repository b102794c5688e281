"""The PrOntoQA sentence grammar: every form of the v1 generator and of models writing in its style."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prontocheck import parse_query, parse_statement
from prontocheck.errors import UnparseableSentence
from prontocheck.syntax import Since, Statements, parse_sentence, plural, singular
from prontocheck.syntax.grammar import grammar_text
from prontocheck.syntax.vocabulary import PRONOUNS

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
    # PrOntoQA-OOD forms (original-prontoqa-analyzer.md §1.3)
    ("Every wumpus is a yumpus and a dumpus.", "∀x(wumpus(x) → yumpus(x) ∧ dumpus(x))"),
    ("Wumpuses are kind and yumpuses.", "∀x(wumpus(x) → kind(x) ∧ yumpus(x))"),
    ("Every wumpus is both kind and a yumpus.", "∀x(wumpus(x) → kind(x) ∧ yumpus(x))"),
    ("Every wumpus is a yumpus or a dumpus.", "∀x(wumpus(x) → yumpus(x) ∨ dumpus(x))"),
    ("Every wumpus is either a yumpus or a dumpus.", "∀x(wumpus(x) → yumpus(x) ∨ dumpus(x))"),
    ("Everything that is a wumpus or a yumpus is a dumpus.", "∀x(wumpus(x) ∨ yumpus(x) → dumpus(x))"),
    ("Everything that is kind and a wumpus is a yumpus.", "∀x(kind(x) ∧ wumpus(x) → yumpus(x))"),
    ("Everything that is a wumpus, a yumpus, or a dumpus is a zumpus, a rompus, and a numpus.",
     "∀x(wumpus(x) ∨ yumpus(x) ∨ dumpus(x) → zumpus(x) ∧ rompus(x) ∧ numpus(x))"),
    ("Kind wumpuses are yumpuses.", "∀x(kind(x) ∧ wumpus(x) → yumpus(x))"),
    ("Every kind wumpus is a yumpus.", "∀x(kind(x) ∧ wumpus(x) → yumpus(x))"),
    ("Every wumpus is a kind yumpus.", "∀x(wumpus(x) → kind(x) ∧ yumpus(x))"),
    ("Rex is an angry vumpus.", "angry(Rex) ∧ vumpus(Rex)"),
    ("Fae is a wumpus and a yumpus.", "wumpus(Fae) ∧ yumpus(Fae)"),
    ("Fae is a wumpus, a yumpus, and a dumpus.", "wumpus(Fae) ∧ yumpus(Fae) ∧ dumpus(Fae)"),
    ("Fae is kind and a wumpus.", "kind(Fae) ∧ wumpus(Fae)"),
    ("Fae is a wumpus or a yumpus.", "wumpus(Fae) ∨ yumpus(Fae)"),
    ("Fae is a wumpus and Fae is a yumpus.", "wumpus(Fae) ∧ yumpus(Fae)"),
    ("Fae is not a wumpus and Fae is not a yumpus.", "¬wumpus(Fae) ∧ ¬yumpus(Fae)"),
    ("Fae is not a wumpus or a yumpus.", "¬wumpus(Fae) ∧ ¬yumpus(Fae)"),
    # clause lists, as a proof by contradiction with three cases concludes
    ("Fae is not a wumpus, Fae is not a yumpus, and Fae is not a dumpus.",
     "¬wumpus(Fae) ∧ ¬yumpus(Fae) ∧ ¬dumpus(Fae)"),
    ("Fae is a wumpus, Fae is kind, Fae is a dumpus and Fae is a rompus.",
     "wumpus(Fae) ∧ kind(Fae) ∧ dumpus(Fae) ∧ rompus(Fae)"),
    ("Fae is a wumpus and a yumpus, Fae is kind, and Fae is a dumpus.",
     "wumpus(Fae) ∧ yumpus(Fae) ∧ kind(Fae) ∧ dumpus(Fae)"),
    ("Fae is not an angry vumpus.", "¬angry(Fae) ∨ ¬vumpus(Fae)"),
    ("Therefore, Fae is a yumpus.", "yumpus(Fae)"),
    ("However, Fae is a yumpus.", "yumpus(Fae)"),
    ("This proves Fae is a yumpus.", "yumpus(Fae)"),
    ("According to the given information, Fae is a yumpus.", "yumpus(Fae)"),
    ("127 is a real number.", "real_number(127)"),
    # negation inside coordinations: a later item's own "not" leaves the leading one to the first item
    ("Fae is kind and not a wumpus.", "kind(Fae) ∧ ¬wumpus(Fae)"),
    ("Fae is not kind and not a wumpus.", "¬kind(Fae) ∧ ¬wumpus(Fae)"),
    ("Fae is not a wumpus, not a yumpus, and not a dumpus.", "¬wumpus(Fae) ∧ ¬yumpus(Fae) ∧ ¬dumpus(Fae)"),
    ("Every wumpus is kind and not a yumpus.", "∀x(wumpus(x) → kind(x) ∧ ¬yumpus(x))"),
    ("Wumpuses are kind and not yumpuses.", "∀x(wumpus(x) → kind(x) ∧ ¬yumpus(x))"),
    ("Everything that is a wumpus or not kind is a dumpus.", "∀x(wumpus(x) ∨ ¬kind(x) → dumpus(x))"),
    # a list's "and" before a word and "is" stays in the list (a new clause names its individual)
    ("Everything that is a wumpus and a yumpus is a dumpus.", "∀x(wumpus(x) ∧ yumpus(x) → dumpus(x))"),
    ("Everything that is kind and red is a dumpus.", "∀x(kind(x) ∧ red(x) → dumpus(x))"),
    # discourse markers, adverbs and modals that carry no logical meaning here
    ("As a result, Fae is a yumpus.", "yumpus(Fae)"),
    ("as  a result Fae is a yumpus.", "yumpus(Fae)"),  # one token, any case and spacing
    ("In conclusion, Fae is a yumpus.", "yumpus(Fae)"),
    ("From this, we can conclude that Fae is a yumpus.", "yumpus(Fae)"),
    ("Based on this, we can deduce that Fae is a yumpus.", "yumpus(Fae)"),
    ("It is true that Fae is a yumpus.", "yumpus(Fae)"),
    ("It follows that Fae is not a yumpus.", "¬yumpus(Fae)"),
    ("Yes, Fae is a yumpus.", "yumpus(Fae)"),
    ("Fae is indeed a yumpus.", "yumpus(Fae)"),
    ("Fae is therefore not a yumpus.", "¬yumpus(Fae)"),
    ("Fae must be a yumpus.", "yumpus(Fae)"),
    ("Each wumpus is also a yumpus.", "∀x(wumpus(x) → yumpus(x))"),
    ("Wumpuses are also yumpuses.", "∀x(wumpus(x) → yumpus(x))"),
    ("Fae is a yumpus as well.", "yumpus(Fae)"),
    ("Fae is a yumpus, too.", "yumpus(Fae)"),
    ("It is a yumpus.", "yumpus(It)"),  # a pronoun; check() reads it as the individual named last
    # lead-ins, sources and asides
    ("From the context, Fae is a wumpus.", "wumpus(Fae)"),
    ("Using this rule, we can conclude that Fae is a yumpus.", "yumpus(Fae)"),
    ("Applying this to Fae, Fae is a yumpus.", "yumpus(Fae)"),
    ("First, every wumpus is a yumpus.", "∀x(wumpus(x) → yumpus(x))"),
    ("Because of this, Fae is a yumpus.", "yumpus(Fae)"),
    ("We are given that Fae is a wumpus.", "wumpus(Fae)"),
    ("We know Fae is a wumpus.", "wumpus(Fae)"),
    ("Note that every wumpus is a yumpus.", "∀x(wumpus(x) → yumpus(x))"),
    ("This tells us that Fae is a yumpus.", "yumpus(Fae)"),
    ("Fae is a wumpus according to the context.", "wumpus(Fae)"),
    ("Fae is a wumpus (given).", "wumpus(Fae)"),
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


@pytest.mark.parametrize(("sentence", "reason", "pos"), [
    ("Fae likes cheese.", "the sentence ends after 'cheese'", 10),  # open vocabulary: "is" could still come
    ("Fae has a tail.", "unexpected word 'a'", 8),
    ("Is Fae a wumpus?", "unexpected word 'Is'", 0),
    ("Fae is", "the sentence ends after 'is'", 4),
    ("", "the sentence is empty", 0),
    ("Fae is a wumpus, Fae is a yumpus.", "the sentence ends after 'yumpus'", 26),  # a comma splice is not a list
    ("They are yumpuses.", "unexpected word 'They'", 0),  # a pronoun is no noun
])
def test_unparseable_sentences_raise_with_reason(sentence: str, reason: str, pos: int) -> None:
    with pytest.raises(UnparseableSentence) as e:
        parse_statement(sentence)
    assert (e.value.reason, e.value.pos) == (reason, pos)


KEYWORDS = set(re.findall(r'"([a-z]+)"i', grammar_text("prontoqa"))) | PRONOUNS  # (pronouns stand for individuals)
WORDS = st.from_regex(r"[a-z]{2,8}", fullmatch=True).filter(lambda w: not {w, plural(w)} & KEYWORDS)


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


STEP_FORMS = [
    ("Assume Fae is a wumpus.", "Assumption", ["wumpus(Fae)"]),
    ("This contradicts with Fae is not a yumpus.", "Contradiction", ["¬yumpus(Fae)"]),
    ("This contradicts the fact that Fae is kind.", "Contradiction", ["kind(Fae)"]),
    ("This is a contradiction.", "Contradiction", [None]),
    ("Since Fae is a wumpus or a yumpus, Fae is a dumpus.", "Since", ["wumpus(Fae) ∨ yumpus(Fae)", "dumpus(Fae)"]),
    ("Since Fae is a wumpus, Fae is a yumpus.", "Since", ["wumpus(Fae)", "yumpus(Fae)"]),
    ("As Fae is a wumpus, Fae is a yumpus.", "Since", ["wumpus(Fae)", "yumpus(Fae)"]),
    # "as a" starts a premise unless "result" follows (the grammar's one former shift/reduce conflict)
    ("As a wumpus is a yumpus, Fae is a yumpus.", "Since", ["∀x(wumpus(x) → yumpus(x))", "yumpus(Fae)"]),
    ("Fae is a wumpus, so Fae is a yumpus.", "Since", ["wumpus(Fae)", "yumpus(Fae)"]),
    ("Fae is a wumpus, and therefore Fae is a yumpus.", "Since", ["wumpus(Fae)", "yumpus(Fae)"]),
    ("Fae is a yumpus because Fae is a wumpus.", "Since", ["wumpus(Fae)", "yumpus(Fae)"]),
    ("Given that Fae is a wumpus, Fae is a yumpus.", "Since", ["wumpus(Fae)", "yumpus(Fae)"]),
    # the other ways models join a premise and a conclusion
    ("Fae is a wumpus, which means Fae is a yumpus.", "Since", ["wumpus(Fae)", "yumpus(Fae)"]),
    ("Fae is a wumpus and thus Fae is a yumpus.", "Since", ["wumpus(Fae)", "yumpus(Fae)"]),
    ("Fae is a yumpus, since Fae is a wumpus.", "Since", ["wumpus(Fae)", "yumpus(Fae)"]),
    ("Fae is not a yumpus, because every wumpus is not a yumpus.", "Since",
     ["∀x(wumpus(x) → ¬yumpus(x))", "¬yumpus(Fae)"]),
    ("Since Fae is a wumpus and Fae is kind, Fae is a yumpus.", "Since", ["wumpus(Fae) ∧ kind(Fae)", "yumpus(Fae)"]),
    # several statements in one sentence: one step each
    ("Since Fae is a wumpus and every wumpus is a yumpus, Fae is a yumpus.", "Statements",
     ["wumpus(Fae)", "∀x(wumpus(x) → yumpus(x))", "yumpus(Fae)"]),
    ("Fae is a wumpus, and every wumpus is a yumpus, so Fae is a yumpus.", "Statements",
     ["wumpus(Fae)", "∀x(wumpus(x) → yumpus(x))", "yumpus(Fae)"]),
    ("Fae is a yumpus because Fae is a wumpus and wumpuses are yumpuses.", "Statements",
     ["wumpus(Fae)", "∀x(wumpus(x) → yumpus(x))", "yumpus(Fae)"]),
    ("Every wumpus is a yumpus and Fae is a wumpus.", "Statements", ["∀x(wumpus(x) → yumpus(x))", "wumpus(Fae)"]),
    ("Fae is a wumpus and Rex is a yumpus.", "Statements", ["wumpus(Fae)", "yumpus(Rex)"]),
]


@pytest.mark.parametrize(("sentence", "form", "formulas"), STEP_FORMS, ids=[f[0] for f in STEP_FORMS])
def test_step_forms(sentence: str, form: str, formulas: list[str | None]) -> None:
    parsed = parse_sentence(sentence)
    assert type(parsed).__name__ == form
    if isinstance(parsed, Since | Statements):
        assert [str(f) for f in parsed.statements()] == formulas
    else:
        f = parsed.formula  # type: ignore[union-attr]
        assert [None if f is None else str(f)] == formulas
    with pytest.raises(UnparseableSentence):
        parse_statement(sentence)  # not a plain statement
