"""Property tests of prontocheck with its own strategies (prontocheck.testing.strategies).

parse(print(φ)) == φ for arbitrary formulas is in test_logic.py; here the library's ``formulas()``
strategy is checked to feed it, and the PrOntoQA-specific properties are tested.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from prontocheck import check, parse_formula, parse_statement
from prontocheck.generate import Lexicon, render_checked
from prontocheck.testing import PERTURBATIONS, assert_sound, generator_test, lint_record
from prontocheck.testing.strategies import Sentence, examples, formulas, model_outputs, ontologies, sentences


@given(formulas(max_leaves=6))
def test_formulas_round_trip_through_the_paper_notation(f: object) -> None:
    assert parse_formula(str(f)) == f


@given(sentences(prefixes=True))
def test_generated_sentences_always_parse_to_their_formula(s: Sentence) -> None:
    assert parse_statement(s.text) == s.formula


@given(ontologies(max_concepts=6), st.sampled_from(["bottom-up", "top-down", "random"]), st.randoms())
def test_ontology_sentences_parse_back(onto: object, traversal: str, rng: random.Random) -> None:
    lexicon = Lexicon()
    for formula in onto.ordered(lexicon, traversal, rng):  # type: ignore[attr-defined]
        assert parse_statement(render_checked(formula, lexicon, rng)) == formula


@given(examples(max_hops=6) | examples(max_hops=4, rule="composed", width=3))
def test_every_generated_gold_proof_is_canonical_with_every_accuracy(ex: object) -> None:
    result = check(ex.problem, ex.answer_text)  # type: ignore[attr-defined]
    assert all(step.canonical for step in result.steps)
    assert result.proof.to_json() == {"strict": True, "non_atomic": True, "broad": True, "valid": True}
    assert result.label.correct is (None if ex.gold_label is None else True)  # type: ignore[attr-defined]
    assert lint_record({"context": ex.context_text, "query": ex.query, "gold_cot": list(ex.gold_cot),  # type: ignore
                        "gold_label": ex.gold_label, **ex.metadata}) == ()  # type: ignore[attr-defined]


def _source(perturbation: str) -> object:
    """Examples to which the perturbation often applies."""
    if perturbation == "wrong-branch":  # a branch point: the irrelevant setting has none
        return examples(max_hops=5, distractors="relevant")
    if perturbation == "skip-assumption":
        return examples(max_hops=3, rule="or-elim") | examples(max_hops=3, rule="proof-by-contradiction")
    if perturbation == "wrong-disjunct":
        return examples(max_hops=1, rule="proof-by-contradiction", width=3)
    if perturbation == "compose-rules":
        return examples(min_hops=2, max_hops=5, rule="modus-ponens")
    return examples(min_hops=2, max_hops=5)


@pytest.mark.parametrize("perturbation", PERTURBATIONS)
def test_each_perturbation_moves_exactly_its_figures(perturbation: str) -> None:
    source = _source(perturbation)

    @settings(suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow], max_examples=15)
    @given(model_outputs(source, perturbations=(perturbation,)))  # type: ignore[arg-type]
    def run(out: object) -> None:
        result = check(out.example.problem, out.text)  # type: ignore[attr-defined]
        expected = out.expected  # type: ignore[attr-defined]
        assert result.proof.to_json() == expected.proof
        assert result.label.correct == expected.label_correct
        assert tuple(sorted(s.kind for s in result.steps if not s.canonical)) == expected.noncanonical

    run()


@pytest.mark.parametrize("call,message", [
    (lambda: examples(min_hops=0), "min_hops=0"),
    (lambda: examples(min_hops=4, max_hops=2), "max_hops=2"),
    (lambda: examples(ontology="imaginary"), "ontology='imaginary'"),
    (lambda: examples(max_hops=12, ontology="true"), "at most 11"),
    (lambda: model_outputs(perturbations=("typo",)), "typo"),
    (lambda: model_outputs(examples=42), "42"),  # type: ignore[arg-type]
    (lambda: ontologies(max_concepts=500), "500"),
    (lambda: formulas(max_leaves=0), "max_leaves=0"),
    (lambda: examples(few_shot=-1), "few_shot=-1"),
    (lambda: examples(rule="modus-tollens"), "rule='modus-tollens'"),
    (lambda: examples(width=9), "width=9"),
    (lambda: examples(max_hops=1, rule="composed"), "needs at least 2 hops"),
])
def test_bad_arguments_raise_invalid_argument(call: object, message: str) -> None:
    with pytest.raises(InvalidArgument, match=message):
        call()  # type: ignore[operator]


def sound_generator(rng: random.Random) -> dict[str, object]:
    a, b, c = rng.sample(["wumpus", "yumpus", "zumpus", "dumpus"], 3)
    return {"context": f"Every {a} is a {b}. Every {c} is not kind. Every {b} is kind. Fae is a {a}.",
            "query": f"True or false: Fae is {rng.choice(['', 'not '])}kind.".replace("  ", " "),
            "gold_cot": [f"Fae is a {a}.", f"Every {a} is a {b}.", f"Fae is a {b}.", f"Every {b} is kind.",
                         "Fae is kind."],
            "hops": 2, "distractors": "v1"}


def add_label(record: dict[str, object]) -> dict[str, object]:
    return {**record, "gold_label": "not" not in str(record["query"])}


test_sound_generator = generator_test(lambda rng: add_label(sound_generator(rng)), max_examples=10)


def test_generator_test_catches_an_unsound_generator() -> None:
    unsound = generator_test(sound_generator, max_examples=10)  # no label: the check must fail
    with pytest.raises(AssertionError, match="no gold label"):
        unsound()
    with pytest.raises(InvalidArgument, match="unknown check"):
        generator_test(sound_generator, ignore=["nonsense"])
    assert_sound(add_label(sound_generator(random.Random(1))))


@pytest.mark.parametrize("module", ["prontocheck.generate", "prontocheck.testing", "prontocheck.testing.strategies"])
def test_public_names_are_declared(module: str) -> None:
    import importlib

    mod = importlib.import_module(module)
    assert all(hasattr(mod, name) for name in mod.__all__)
    prefix = module if module.endswith("strategies") else module + "."
    public = {n for n, v in vars(mod).items() if not n.startswith("_") and callable(v)
              and getattr(v, "__module__", "").startswith(prefix)}
    assert public <= set(mod.__all__), public - set(mod.__all__)


@pytest.mark.parametrize("rule", ["and-intro", "and-elim", "or-intro", "or-elim", "proof-by-contradiction",
                                  "composed"])
def test_ood_outputs_of_every_rule_get_their_expected_figures(rule: str) -> None:
    @settings(max_examples=10, suppress_health_check=[HealthCheck.too_slow])  # (drawing runs check(): slow under load)
    @given(model_outputs(examples(max_hops=3, rule=rule)))
    def run(out: object) -> None:
        result = check(out.example.problem, out.text)  # type: ignore[attr-defined]
        expected = out.expected  # type: ignore[attr-defined]
        assert result.proof.to_json() == expected.proof, out.perturbation  # type: ignore[attr-defined]
        assert tuple(sorted(s.kind for s in result.steps if not s.canonical)) == expected.noncanonical

    run()
