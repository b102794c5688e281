"""Table 2 of the PrOntoQA paper and the table of paper-semantics.md, as tests."""

from __future__ import annotations

import pytest

from prontocheck import Problem, check
from prontocheck.prontoqa.results import Utility, Validity

GOLD = (
    "Fae is a cat. Cats are carnivores. Fae is a carnivore. Every carnivore is not herbivorous. "
    "Fae is not herbivorous."
)
SKIP = "Fae is a cat. Fae is a carnivore. Every carnivore is not herbivorous. Fae is not herbivorous. True"
BRANCH = "Fae is a cat. Cats are carnivores. Fae is a carnivore. Every carnivore is a mammal. Fae is a mammal."
CONTEXT = (
    "Every cat is a carnivore. Every carnivore is not herbivorous. Every carnivore is a mammal. "
    "Every mammal is a vertebrate. Fae is a cat."
)
PROBLEM = Problem(CONTEXT, "True or false: Fae is not herbivorous.", gold_cot=GOLD + " True")


def steps_of(output: str):  # type: ignore[no-untyped-def]
    return check(PROBLEM, output).steps


def test_gold_chain_is_all_canonical() -> None:
    r = check(PROBLEM, GOLD + " True")
    assert [s.kind for s in r.steps] == ["strict-atomic-useful"] * 5
    assert all(s.canonical for s in r.steps)
    assert r.first_error is None
    assert r.proof.to_json() == {"strict": True, "non_atomic": True, "broad": True, "valid": True}
    assert r.label.correct is True


# (chain of thought, index of the step in question, validity, atomic, utility) — paper-semantics.md
TABLE_2 = [
    pytest.param(
        "Fae is a cat. Cats are carnivores. Fae is a carnivore. Every carnivore is a mammal. Fae is a mammal.",
        3, Validity.STRICT, True, Utility.MISLEADING, id="strict-atomic-misleading",
    ),
    pytest.param(
        "Fae is a cat. Fae is a carnivore. Every carnivore is not herbivorous. Fae is not herbivorous. True",
        1, Validity.STRICT, False, Utility.USEFUL, id="strict-non-atomic-useful",
    ),
    pytest.param(
        "Fae is a cat. Cats are carnivores. Fae is a carnivore. Fae is a mammal. Every mammal is a vertebrate.",
        3, Validity.STRICT, False, Utility.MISLEADING, id="strict-non-atomic-misleading",
    ),
    pytest.param(
        "Fae is a cat. Every cat is not herbivorous. Fae is not herbivorous. True",
        1, Validity.BROAD, False, Utility.USEFUL, id="broad-useful",
    ),
    pytest.param(
        "Fae is a cat. Every cat is a mammal. Fae is a mammal.",
        1, Validity.BROAD, False, Utility.MISLEADING, id="broad-misleading",
    ),
    pytest.param(
        "Fae is a cat. Cats are carnivores. Fae is a carnivore. Every carnivore is a cat. Fae is a cat.",
        3, Validity.INVALID, None, None, id="invalid",
    ),
]


@pytest.mark.parametrize(("cot", "index", "validity", "atomic", "utility"), TABLE_2)
def test_table_2(cot: str, index: int, validity: Validity, atomic: bool | None, utility: Utility | None) -> None:
    step = steps_of(cot)[index]
    assert (step.validity, step.atomic, step.utility) == (validity, atomic, utility)


def test_table_2_proof_accuracies() -> None:
    skip = check(PROBLEM, SKIP)
    assert skip.proof.to_json() == {"strict": False, "non_atomic": True, "broad": False, "valid": True}
    broad = check(PROBLEM, "Fae is a cat. Every cat is not herbivorous. Fae is not herbivorous. True")
    assert broad.proof.to_json() == {"strict": False, "non_atomic": True, "broad": True, "valid": True}
    wrong = check(PROBLEM, "Fae is a cat. Every cat is a mammal. Fae is a mammal. False")
    assert wrong.proof.to_json() == {"strict": False, "non_atomic": False, "broad": False, "valid": False}
    assert wrong.label.correct is False


def test_continuing_a_misleading_branch_is_off_path() -> None:
    steps = steps_of(BRANCH)
    assert steps[4].kind == "strict-atomic-off-path"
    assert steps[4].premises == (3, 2)


def test_premises_of_a_hop_are_the_rule_and_the_fact() -> None:
    steps = steps_of(GOLD)
    assert [s.premises for s in steps] == [(), (), (1, 0), (), (3, 2)]


def test_repeat_is_redundant_and_keeps_first_utility() -> None:
    steps = steps_of("Fae is a cat. Cats are carnivores. Fae is a carnivore. Fae is a cat. Fae is a carnivore.")
    assert steps[3].redundant and steps[3].validity is Validity.STRICT and steps[3].atomic
    assert steps[3].utility is Utility.USEFUL and steps[3].premises == (0,)
    mammal = steps_of("Fae is a cat. Cats are carnivores. Fae is a carnivore. Fae is a mammal. Fae is a mammal.")
    assert mammal[3].utility is Utility.MISLEADING
    assert mammal[4].redundant and mammal[4].utility is Utility.OFF_PATH


def test_tautology_is_broad_off_path() -> None:
    step = steps_of("Fae is a cat. Every cat is a cat.")[1]
    assert (step.validity, step.atomic, step.utility) == (Validity.BROAD, False, Utility.OFF_PATH)


def test_unparseable_step_never_aborts() -> None:
    r = check(PROBLEM, "Fae is a cat. Fae likes cheese. Cats are carnivores. Fae is a carnivore. "
                       "Every carnivore is not herbivorous. Fae is not herbivorous. True")
    assert r.steps[1].validity is Validity.UNPARSEABLE
    assert r.steps[1].formula is None and r.steps[1].reason
    assert r.proof.strict  # unparseable steps elsewhere do not break a proof
    assert r.first_error is not None and r.first_error.kind == "unparseable"


def test_invalid_steps_are_never_premises() -> None:
    steps = steps_of("Every carnivore is a cat. Fae is a carnivore. Fae is a dog.")
    assert steps[0].validity is Validity.INVALID
    assert steps[2].validity is Validity.INVALID


def test_only_the_goal_is_non_atomic_and_valid() -> None:
    r = check(PROBLEM, "Fae is not herbivorous. True")
    assert r.proof.to_json() == {"strict": False, "non_atomic": True, "broad": False, "valid": True}


def test_misleading_and_invalid_steps_elsewhere_keep_a_proof_correct() -> None:
    r = check(PROBLEM, BRANCH + " Fae is a dog. Every carnivore is not herbivorous. Fae is not herbivorous. True")
    assert r.proof.strict
    assert r.steps_to_return == 3  # misleading rule at 3, next useful step at 6


def test_gold_is_derived_when_absent() -> None:
    r = check(Problem(CONTEXT, "True or false: Fae is herbivorous."), GOLD + " False")
    assert r.gold.source == "derived"
    assert r.gold.chain == (
        "cat(Fae)", "∀x(cat(x) → carnivore(x))", "carnivore(Fae)", "∀x(carnivore(x) → ¬herbivorous(x))",
        "¬herbivorous(Fae)",
    )
    assert r.label.gold is False and r.label.correct is True
    assert all(s.canonical for s in r.steps) and r.proof.strict


def test_prove_queries_have_no_label() -> None:
    r = check(Problem(CONTEXT, "Prove: Fae is not herbivorous."), GOLD)
    assert r.label.gold is None and r.label.correct is None
    assert r.proof.strict
