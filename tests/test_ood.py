"""The PrOntoQA-OOD deduction rules under the paper profile (natural deduction with assumptions)."""

from __future__ import annotations

from pathlib import Path

import pytest

from prontocheck import Problem, check
from prontocheck.engine.calculus import statement_key
from prontocheck.generate import GeneratorConfig, generate
from prontocheck.generate.rules import OOD_RULES
from prontocheck.io import Record, read_records
from prontocheck.logic.negation import negate_inward
from prontocheck.prontoqa.accuracy import natural_accuracies
from prontocheck.prontoqa.check import _all_atomic_proof, read_steps
from prontocheck.prontoqa.derive import derive_natural
from prontocheck.prontoqa.problem import prepare
from prontocheck.prontoqa.results import BROAD, STRICT, Validity
from prontocheck.prontoqa.steps import StepInput, classify_steps

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

# One gold proof per rule, in the OOD generator's own words (original-prontoqa-analyzer.md §3).
GOLD = {
    "modus-ponens": ("Every shumpus is large. Alex is a shumpus.", "Prove: Alex is large.",
                     "Alex is a shumpus. Every shumpus is large. Alex is large."),
    "and-intro": ("Stella is a brimpus. Stella is orange. Everything that is orange and a brimpus is a tumpus.",
                  "Prove: Stella is a tumpus.",
                  "Stella is a brimpus. Stella is orange. Stella is orange and a brimpus. "
                  "Everything that is orange and a brimpus is a tumpus. Stella is a tumpus."),
    "and-elim": ("Polly is a lorpus and a wumpus. Lorpuses are wumpuses and impuses.", "Prove: Polly is an impus.",
                 "Polly is a lorpus and a wumpus. Polly is a lorpus. Lorpuses are wumpuses and impuses. "
                 "Polly is a wumpus and an impus. Polly is an impus."),
    "and-elim-adjective": ("Rex is an angry vumpus.", "Prove: Rex is a vumpus.",
                           "Rex is an angry vumpus. Rex is a vumpus."),
    "or-intro": ("Stella is a brimpus. Everything that is orange or a brimpus is a tumpus.",
                 "Prove: Stella is dull or a tumpus.",
                 "Stella is a brimpus. Stella is orange or a brimpus. Everything that is orange or a brimpus is a "
                 "tumpus. Stella is a tumpus. Stella is dull or a tumpus."),
    "or-elim": ("Shumpuses are rompuses. Wumpuses are rompuses. Polly is a shumpus or a wumpus.",
                "Prove: Polly is a rompus.",
                "Assume Polly is a shumpus. Shumpuses are rompuses. Polly is a rompus.\n\n"
                "Assume Polly is a wumpus. Wumpuses are rompuses. Polly is a rompus.\n\n"
                "Since Polly is a shumpus or a wumpus, Polly is a rompus."),
    "proof-by-contradiction": (
        "Everything that is a lempus or an impus is a shumpus. Fae is not a shumpus.",
        "Prove: Fae is not an impus and Fae is not a lempus.",
        "Assume Fae is an impus. Fae is a lempus or an impus. Everything that is a lempus or an impus is a "
        "shumpus. Fae is a shumpus. This contradicts with Fae is not a shumpus. Fae is not an impus.\n\n"
        "Assume Fae is a lempus. Fae is a lempus or an impus. Everything that is a lempus or an impus is a "
        "shumpus. Fae is a shumpus. This contradicts with Fae is not a shumpus. Fae is not a lempus.\n\n"
        "Fae is not an impus and Fae is not a lempus."),
    "composed": ("Polly is a yumpus. Everything that is a jompus, a gorpus, or a yumpus is a grimpus, a rompus, "
                 "and a numpus.", "Prove: Polly is a numpus.",
                 "Polly is a yumpus. Polly is a jompus, a gorpus, or a yumpus. Everything that is a jompus, a gorpus, "
                 "or a yumpus is a grimpus, a rompus, and a numpus. Polly is a grimpus, a rompus, and a numpus. "
                 "Polly is a numpus."),
}


def problem(name: str) -> Problem:
    context, query, gold = GOLD[name]
    return Problem(context, query, gold_cot=gold)


@pytest.mark.parametrize("name", list(GOLD))
def test_gold_proofs_of_every_rule_are_all_canonical(name: str) -> None:
    r = check(problem(name), GOLD[name][2])
    assert [s.kind for s in r.steps] == ["strict-atomic-useful"] * len(r.steps), [s.rule for s in r.steps]
    assert r.proof.to_json() == {"strict": True, "non_atomic": True, "broad": True, "valid": True}
    assert r.steps[-1].assumptions == ()


def test_rules_are_named() -> None:
    rules = [s.rule for s in check(problem("proof-by-contradiction"), GOLD["proof-by-contradiction"][2]).steps]
    assert rules[:6] == ["Assume", "OrIntro", "Ax", "Hop", "Contradiction", "Contradiction"]
    assert rules[-1] == "AndIntro"
    or_elim = check(problem("or-elim"), GOLD["or-elim"][2]).steps
    assert [s.rule for s in or_elim][-2:] == ["Ax", "OrElim"]
    assert or_elim[2].assumptions == (0,) and or_elim[5].assumptions == (3,) and or_elim[7].assumptions == ()


def test_second_case_is_not_redundant() -> None:
    steps = check(problem("or-elim"), GOLD["or-elim"][2]).steps
    assert not steps[5].redundant  # "Polly is a rompus" again, but now under the second assumption


def test_a_conclusion_under_open_assumptions_is_not_a_proof() -> None:
    r = check(problem("or-elim"), "Assume Polly is a shumpus. Shumpuses are rompuses. Polly is a rompus.")
    assert r.steps[-1].validity is Validity.STRICT and r.steps[-1].assumptions == (0,)
    assert r.proof.to_json() == {"strict": False, "non_atomic": False, "broad": False, "valid": False}


def test_discharging_the_wrong_assumption_is_invalid() -> None:
    out = ("Assume Fae is an impus. Fae is a lempus or an impus. Everything that is a lempus or an impus is a "
           "shumpus. Fae is a shumpus. This contradicts with Fae is not a shumpus. Fae is not a lempus.")
    assert check(problem("proof-by-contradiction"), out).steps[-1].validity is Validity.INVALID


def test_skipping_the_case_split_is_non_atomic() -> None:
    r = check(problem("proof-by-contradiction"), "Fae is not an impus and Fae is not a lempus.")
    assert r.steps[0].validity is Validity.BROAD  # modus tollens from the rule and ¬shumpus(Fae)
    assert r.proof.to_json() == {"strict": False, "non_atomic": False, "broad": False, "valid": True}


def test_modus_tollens_is_broad() -> None:
    p = Problem("Every wumpus is a yumpus. Fae is not a yumpus.", "Prove: Fae is not a wumpus.")
    out = "Every wumpus is a yumpus. Fae is not a yumpus. Fae is not a wumpus."
    r = check(Problem(p.context, p.query, gold_cot=out), out)
    assert r.steps[2].validity is Validity.BROAD and r.steps[2].atomic is False
    assert r.proof.to_json() == {"strict": False, "non_atomic": False, "broad": True, "valid": True}


def test_and_elim_from_an_unstated_rule_is_non_atomic() -> None:
    r = check(problem("and-elim"), "Polly is a lorpus and a wumpus. Polly is a lorpus. Polly is an impus.")
    assert r.steps[2].kind == "strict-non-atomic-useful" and r.steps[2].rule == "Hop+AndElim"
    assert r.proof.non_atomic and not r.proof.strict


def test_conjunct_order_does_not_matter() -> None:
    r = check(problem("proof-by-contradiction"),
              GOLD["proof-by-contradiction"][2].replace(
                  "Fae is not an impus and Fae is not a lempus.", "Fae is not a lempus and Fae is not an impus."))
    assert r.proof.strict and r.steps[-1].canonical


def test_three_cases_conclude_with_a_clause_list() -> None:
    # A width-3 proof by contradiction, its conclusion written as a model would extend the 2-wide one.
    context = "Everything that is a lempus, a timpus, or a sterpus is a bompus. Rex is not a bompus."
    cases = " ".join(
        f"Assume Rex is a {x}. Rex is a lempus, a timpus, or a sterpus. Everything that is a lempus, a timpus, "
        f"or a sterpus is a bompus. Rex is a bompus. This contradicts with Rex is not a bompus. Rex is not a {x}."
        for x in ("sterpus", "timpus", "lempus"))
    gold = cases + " Rex is not a sterpus, a timpus, or a lempus."
    p = Problem(context, "Prove: Rex is not a sterpus, a timpus, or a lempus.", gold_cot=gold)
    r = check(p, cases + " Rex is not a sterpus, Rex is not a timpus, and Rex is not a lempus.")
    assert r.proof.strict and all(s.canonical for s in r.steps)
    assert r.steps[-1].formula == "¬sterpus(Rex) ∧ ¬timpus(Rex) ∧ ¬lempus(Rex)"


def test_since_sentence_makes_two_steps() -> None:
    r = check(problem("modus-ponens"), "Since Alex is a shumpus, Alex is large.")
    assert [s.formula for s in r.steps] == ["shumpus(Alex)", "large(Alex)"]
    assert r.steps[1].kind == "strict-non-atomic-useful"


def _records(pattern: str) -> list[Record]:
    if not DATA.is_dir():
        pytest.skip("what this test reads is missing from ../shared/data")
    return [r for path in sorted(DATA.glob(pattern)) for r in read_records(str(path)) if isinstance(r, Record)]


@pytest.mark.shared
def test_real_ood_gold_proofs_are_all_canonical() -> None:
    records = _records("prontoqa-ood-onehop/*/*.log.gz")
    assert len(records) == 3200
    for rec in records:
        r = check(rec.problem, str(rec.problem.gold_cot))
        assert all(s.canonical for s in r.steps), (rec.id, [s.kind for s in r.steps])
        assert all(r.proof.to_json().values()), rec.id


@pytest.mark.shared
def test_real_ood_outputs_parse() -> None:
    steps = unparseable = 0
    for rec in _records("prontoqa-ood-onehop/*/*.log.gz"):
        r = check(rec.problem, rec.output)
        steps += len(r.steps)
        unparseable += sum(s.validity is Validity.UNPARSEABLE for s in r.steps)
    assert steps > 10_000 and unparseable / steps < 0.01


@pytest.mark.shared
def test_the_all_atomic_shortcut_agrees_with_the_full_accuracies_on_real_outputs() -> None:
    # check() skips the accuracy computation when every offered step up to the goal is strict and atomic.
    shortcut = 0
    for rec in [*_records("prontoqa-v1-llama/*/*.log.gz"), *_records("prontoqa-ood-onehop/*/*.log.gz")][::3]:
        r = check(rec.problem, rec.output)
        pp = prepare(rec.problem)
        inputs = read_steps(rec.problem, rec.output)
        offered = [s.validity in (STRICT, BROAD) and s.index not in r.abandoned for s in r.steps]
        full = natural_accuracies(pp.theory, inputs, offered, pp.goal)
        assert r.proof == full, rec.id
        shortcut += _all_atomic_proof(r.steps, inputs, offered, pp.goal) is not None
    assert shortcut > 300


def test_an_assumption_that_repeats_a_context_fact_does_not_leave_the_goal_open() -> None:
    p = Problem("Every wumpus is a yumpus. Fae is a wumpus.", "Prove: Fae is a yumpus.",
                gold_cot="Fae is a wumpus. Every wumpus is a yumpus. Fae is a yumpus.")
    r = check(p, "Assume Fae is a wumpus. Every wumpus is a yumpus. Fae is a yumpus.")
    assert r.steps[2].assumptions == (0,)  # its cheapest derivation uses the assumption
    assert r.proof.non_atomic and r.proof.valid  # but the context proves it without one


def test_broad_accuracy_takes_one_modus_tollens_when_the_strict_derivation_is_longer() -> None:
    context = "Fae is a dumpus. Every dumpus is not a wumpus. Every wumpus is a yumpus. Fae is not a yumpus."
    gold = "Fae is a dumpus. Every dumpus is not a wumpus. Fae is not a wumpus."
    out = "Fae is a dumpus. Every wumpus is a yumpus. Fae is not a yumpus. Fae is not a wumpus."
    p = Problem(context, "Prove: Fae is not a wumpus.", gold_cot=gold)
    pp = prepare(p)
    inputs = read_steps(p, out)
    steps = classify_steps(pp.theory, pp.gold, inputs)
    assert steps[-1].kind == "strict-non-atomic-useful"  # strict wins the classification (cost 2)
    natural = natural_accuracies(pp.theory, inputs, [True] * len(inputs), pp.goal)
    assert natural.to_json() == {"strict": False, "non_atomic": True, "broad": True, "valid": True}
    assert check(p, out).proof == natural  # the fast path agrees


# --- derived gold proofs (records without gold_cot) ----------------------------------------------


def _keys(formulas: object) -> set[object]:
    return {statement_key(f) for f in formulas}  # type: ignore[attr-defined]


def _same_gold(problem: Problem) -> bool:
    """The gold derived without ``gold_cot`` states what the given one states, and assumes the same."""
    given, derived = prepare(problem), prepare(Problem(problem.context, problem.query))
    assert derived.gold_source == "derived", derived.warnings
    return (_keys(given.gold), _keys(given.gold_assumptions)) == (_keys(derived.gold), _keys(derived.gold_assumptions))


def _derived_proof_is_canonical(problem: Problem) -> int:
    """Check the derived proof as an output against itself; its number of lines."""
    prepared = prepare(Problem(problem.context, problem.query))
    assert prepared.query is not None
    lines = (derive_natural(prepared.theory, prepared.query.formula)
             or derive_natural(prepared.theory, negate_inward(prepared.query.formula)))
    assert lines is not None
    inputs = [StepInput(str(line), line.formula, kind=line.kind) for line in lines]
    steps = classify_steps(prepared.theory, prepared.gold, inputs, gold_assumptions=prepared.gold_assumptions)
    assert [s.kind for s in steps if not s.canonical] == []
    valid = [s.validity in (STRICT, BROAD) for s in steps]
    assert natural_accuracies(prepared.theory, inputs, valid, prepared.goal).to_json() == {
        "strict": True, "non_atomic": True, "broad": True, "valid": True}
    return len(lines)


@pytest.mark.parametrize("name", list(GOLD))
def test_derived_gold_of_every_rule_is_the_given_one(name: str) -> None:
    assert _same_gold(problem(name))
    _derived_proof_is_canonical(problem(name))
    r = check(Problem(*GOLD[name][:2]), GOLD[name][2])  # the given gold, checked against the derived one
    assert r.gold.source == "derived" and all(s.canonical for s in r.steps) and r.proof.strict


@pytest.mark.shared
def test_derived_gold_is_the_given_one_on_real_ood_problems() -> None:
    records = _records("prontoqa-ood-onehop/*/*.log.gz")
    assert len(records) == 3200
    assert [r.id for r in records if not _same_gold(r.problem)] == []


@pytest.mark.parametrize("rule", OOD_RULES)
def test_derived_gold_of_generated_problems_is_canonical_and_short(rule: str) -> None:
    settings = [(1, 2), (2, 3), (3, 2)] if rule != "composed" else [(3, 2), (4, 2)]
    for hops, width in settings:
        config = GeneratorConfig(hops, distractors="relevant", query="prove", rule=rule, width=width,
                                 rule_types=2 if rule == "composed" else 1)
        for ex in generate(config, 6, seed=hops * 10 + width):
            lines = _derived_proof_is_canonical(ex.problem)
            assert lines <= len(prepare(ex.problem).gold_shown) + 1, ex.problem
            r = check(Problem(ex.problem.context, ex.problem.query), ex.answer_text)
            # The generator's proof is read against the derived gold: canonical exactly when the two agree.
            assert all(s.canonical for s in r.steps) == _same_gold(ex.problem), ex.problem


def test_no_derived_gold_when_the_context_proves_neither() -> None:
    p = prepare(Problem("Everything that is a lempus or an impus is a shumpus. Fae is a shumpus.",
                        "Prove: Fae is an impus."))
    assert (p.gold_source, p.gold) == ("none", ())
    assert p.warnings == ("no gold proof: the context proves neither the query nor its negation",)
