"""Every invalid step says why, in one line of the problem's own words (prontoqa.reasons)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from prontocheck import Problem, check
from prontocheck.engine.calculus import statement_key
from prontocheck.engine.shapes import ground_shape, rule_shapes
from prontocheck.engine.theory import Theory
from prontocheck.io import Record, read_records
from prontocheck.logic.formulas import Atom, Const, Or
from prontocheck.prontoqa.phrasing import sentence
from prontocheck.prontoqa.reasons import GENERIC, reason
from prontocheck.prontoqa.results import Validity
from prontocheck.prontoqa.steps import StepInput
from prontocheck.syntax import parse_statement
from prontocheck.syntax.english import Wording
from prontocheck.testing import PERTURBATIONS
from prontocheck.testing.strategies import examples, model_outputs

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

WUMPUS = "Every wumpus is a yumpus. Every yumpus is not shy. Every dumpus is kind. Fae is a wumpus."
OR_CONTEXT = "Everything that is a lempus or an impus is a shumpus. Fae is not a shumpus."
CASES = "Shumpuses are rompuses. Wumpuses are rompuses. Polly is a shumpus or a wumpus."
STELLA = "Stella is a brimpus. Every brimpus is a lorpus. Every tumpus is orange. Every gorpus is dull."
STELLA_OOD = STELLA + " Everything that is a gorpus or a rompus is dull."
"""A context with a disjunction: conjunctions are read as such (in the v1 calculus, as their facts)."""


def reasons(context: str, output: str) -> dict[str, str | None]:
    """The reason of each step, by its sentence (the last step stating it)."""
    result = check(Problem(context, "Prove: Fae is a yumpus."), output)
    return {s.text: s.reason for s in result.steps}


def reason_of(context: str, output: str, sentence: str) -> str | None:
    result = check(Problem(context, "Prove: Fae is a yumpus."), output)
    [step] = [s for s in result.steps if s.text == sentence]
    assert step.validity is Validity.INVALID, step
    return step.reason


@pytest.mark.parametrize(("context", "output", "expected"), [
    # the negation follows: the rule that gives it, and the fact it applies to
    ("Every jompus is not shy. Max is a jompus.", "Max is a jompus. Max is shy.",
     "contradicts the context: every jompus is not shy, and Max is a jompus"),
    ("Jompuses are not shy. Max is a jompus.", "Max is shy.",  # a plural rule, written as "every"
     "contradicts the context: every jompus is not shy, and Max is a jompus"),
    ("Max is a wumpus. Every wumpus is a jompus. Each jompus is not shy.", "Max is shy.",  # the last rule of a chain
     "contradicts the context: every jompus is not shy, and Max is a jompus"),
    ("Max is not shy. Max is a jompus.", "Max is shy.", "contradicts the context: Max is not shy"),
    ("Every wumpus is a yumpus. Fae is not a yumpus.", "Fae is a wumpus.",  # modus tollens
     "contradicts the context: every wumpus is a yumpus, and Fae is not a yumpus"),
    ("Every Mersenne prime is a prime. 127 is a Mersenne prime. Every prime is not even.", "127 is even.",
     "contradicts the context: every prime is not even, and 127 is a prime"),
    ("Every cat is a carnivore. Fae is an angry cat.", "Fae is a cat. Fae is not a carnivore.",
     "contradicts the context: every cat is a carnivore, and Fae is a cat"),
    # unknown individuals and concepts
    ("Every jompus is not shy. Max is a jompus.", "Bob is a jompus.", "not derivable: nothing is known about Bob"),
    ("Every jompus is not shy. Max is a jompus.", "Max is a blicket.",
     "not derivable: 'blicket' is not a concept or property of the context"),
    ("Every jompus is not shy. Max is a jompus.", "Every blicket is a real number.",
     "not derivable: 'blicket' and 'real number' are not concepts or properties of the context"),
    ("Every wumpus is a yumpus. Max is a wumpus.", "Bob is a blicket.",  # the concept is named first
     "not derivable: 'blicket' is not a concept or property of the context"),
    # no rule leads there: from what the most recent valid step says the individual is
    ("Every wumpus is a yumpus. Every dumpus is dull. Fae is a wumpus.", "Fae is dull.",
     "not derivable: no rule leads from wumpus to dull"),
    ("Every wumpus is a yumpus. Every dumpus is dull. Fae is a wumpus.",
     "Fae is a wumpus. Every wumpus is a yumpus. Fae is a yumpus. Fae is not dull.",
     "not derivable: no rule leads from yumpus to not dull"),
    ("Every wumpus is a yumpus. Every dumpus is dull. Fae is a wumpus. Fae is kind.",
     "Fae is a yumpus. Fae is kind. Fae is a dumpus.",  # a noun is preferred to an adjective
     "not derivable: no rule leads from yumpus to dumpus"),
    # rules
    (WUMPUS, "Every yumpus is a wumpus.",
     "not derivable: the rules lead from wumpus to yumpus, not from yumpus to wumpus"),
    (WUMPUS, "Every wumpus is shy.", "contradicts the context: every wumpus is not shy"),
    (WUMPUS, "Wumpuses are not yumpuses.", "contradicts the context: every wumpus is a yumpus"),
    ("Every wumpus is kind. Every dumpus is a wumpus.", "Every dumpus is not kind.",
     "contradicts the context: every dumpus is kind"),
    (WUMPUS, "Every dumpus is a wumpus.", "not derivable: no rule leads from dumpus to wumpus"),
    (WUMPUS, "Every wumpus is kind and a yumpus.", "not derivable: no rule leads from wumpus to kind"),
    # conjunctions and disjunctions
    (STELLA_OOD, "Stella is a brimpus and a tumpus.",
     "not derivable: the conjunct Stella is a tumpus does not follow (no rule leads from brimpus to tumpus)"),
    (STELLA, "Stella is a tumpus or orange.", "not derivable: neither Stella is a tumpus nor Stella is orange follows"),
    (STELLA, "Stella is a tumpus, orange, or dull.",
     "not derivable: none of its disjuncts follows (Stella is a tumpus, Stella is orange, Stella is dull)"),
    (STELLA_OOD, "Stella is a lorpus and not a lorpus.",
     "contradicts the context: every brimpus is a lorpus, and Stella is a brimpus"),
    # proofs by cases and by contradiction
    (CASES, "Polly is a rompus.", "not derivable: it needs a proof by cases on Polly is a shumpus or a wumpus"),
    (CASES, "Polly is not a rompus.",
     "contradicts the context: Polly is a shumpus or a wumpus, and Polly is a rompus either way"),
    (OR_CONTEXT, "Fae is not an impus.",
     "not derivable: it needs a proof by contradiction from the assumption that Fae is an impus"),
    (OR_CONTEXT, "Fae is a lempus or an impus.",
     "contradicts the context: everything that is an impus or a lempus is a shumpus, and Fae is not a shumpus"),
])
def test_the_reason_of_an_invalid_step(context: str, output: str, expected: str) -> None:
    steps = check(Problem(context, "Prove: Fae is a yumpus."), output).steps
    invalid = [s for s in steps if s.validity is Validity.INVALID]
    assert len(invalid) == 1, steps
    assert invalid[0].reason == expected


def test_contradiction_steps_say_what_does_not_follow() -> None:
    got = reasons(OR_CONTEXT, "This contradicts with Fae is not a shumpus. This is a contradiction.")
    assert got == {"This contradicts with Fae is not a shumpus.": "no contradiction: Fae is a shumpus does not follow",
                   "This is a contradiction.": "no contradiction: no fact stated so far is contradicted"}
    out = ("Assume Fae is an impus. Fae is a lempus or an impus. Everything that is a lempus or an impus is a "
           "shumpus. Fae is a shumpus. This contradicts with Fae is not an impus.")
    assert reason_of(OR_CONTEXT, out, "This contradicts with Fae is not an impus.") == (
        "no contradiction: Fae is not an impus does not follow (but Fae is not a shumpus is contradicted)")


def test_proofs_by_contradiction_that_go_wrong() -> None:
    out = "Assume Fae is an impus. Fae is not an impus."  # no ⊥ yet
    assert reason_of(OR_CONTEXT, out, "Fae is not an impus.") == (
        "not derivable: no contradiction has been derived from the assumption that Fae is an impus")
    out = ("Assume Fae is an impus. Fae is a lempus or an impus. Everything that is a lempus or an impus is a "
           "shumpus. Fae is a shumpus. This contradicts with Fae is not a shumpus. Fae is not a lempus.")
    assert reason_of(OR_CONTEXT, out, "Fae is not a lempus.") == (
        "not derivable: the contradiction rests on the assumption that Fae is an impus, not that Fae is a lempus")


def test_a_contradiction_under_an_assumption_names_it() -> None:
    out = "Assume Fae is a wumpus. Fae is shy."
    assert reason_of("Every wumpus is not shy. Fae is a dumpus.", out, "Fae is shy.") == (
        "contradicts the assumption that Fae is a wumpus: every wumpus is not shy, and Fae is a wumpus")


def test_an_ended_case_no_longer_counts() -> None:
    # The first case's fact (Fae is a wumpus, so not shy) holds only inside it: after the next
    # "Assume", "Fae is shy" does not contradict it.
    context = "Every wumpus is not shy. Every dumpus is a wumpus. Fae is a wumpus or a yumpus."
    out = "Assume Fae is a wumpus. Fae is not shy. Assume Fae is a yumpus. Fae is shy."
    assert reason_of(context, out, "Fae is shy.") == "not derivable: no rule leads from yumpus to shy"


def test_an_assumption_must_be_a_fact() -> None:
    assert reason_of(WUMPUS, "Assume every wumpus is shy.", "Assume every wumpus is shy.") == (
        "an assumption must be a fact about one individual")


def test_a_conjunctive_rule_that_composition_cannot_join() -> None:
    # check() reads "Wumpuses are kind and yumpuses." as two rules (two steps); the classifier, given the one
    # conjunctive rule, says why it does not follow as one.
    context = "Every wumpus is kind. Every wumpus is a yumpus. Fae is a wumpus."
    theory = Theory.from_axioms([parse_statement(s) for s in context.split(". ")])
    step = StepInput("Wumpuses are kind and yumpuses.", parse_statement("Wumpuses are kind and yumpuses."))
    assert reason(theory, [], [], step, wording=Wording(context)) == (
        "not derivable: the rules lead from wumpus to kind and to yumpus only separately "
        "(composition does not join them)")


def test_valid_and_unparseable_steps_keep_their_reasons() -> None:
    result = check(Problem(WUMPUS, "Prove: Fae is a yumpus."), "Fae is a wumpus. Fae likes cheese. Fae is shy.")
    assert [s.validity.value for s in result.steps] == ["strict", "unparseable", "invalid"]
    assert result.steps[0].reason is None
    assert result.steps[1].reason == "the sentence ends after 'cheese'"
    assert result.steps[2].reason == "contradicts the context: every yumpus is not shy, and Fae is a yumpus"
    assert result.to_json()["steps"][2]["reason"] == result.steps[2].reason


def test_the_generic_reason_is_the_fallback() -> None:
    theory = Theory.from_axioms([parse_statement(s) for s in ("Fae is a wumpus.", "Every wumpus is a yumpus.")])
    two = Or((Atom("wumpus", (Const("Fae"),)), Atom("yumpus", (Const("Rex"),))))  # about two individuals
    assert reason(theory, [], [], StepInput("Fae is a wumpus or Rex is a yumpus.", two)) == GENERIC


def _one_line(text: str | None) -> bool:
    return bool(text) and text == text.strip() and "\n" not in text and not text.endswith(".")  # type: ignore[union-attr]


@pytest.mark.parametrize("perturbation", PERTURBATIONS)
def test_every_invalid_step_of_generated_outputs_has_a_one_line_reason(perturbation: str) -> None:
    source = (examples(max_hops=4) | examples(max_hops=3, rule="or-elim")
              | examples(max_hops=3, rule="proof-by-contradiction") | examples(max_hops=3, rule="and-intro")
              | examples(min_hops=2, max_hops=3, rule="composed"))

    # (drawing an output checks perturbations with check(): slow on a loaded machine, not a fault)
    @settings(suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow], max_examples=10, deadline=None)
    @given(model_outputs(source, perturbations=(perturbation,)))
    def run(out: object) -> None:
        result = check(out.example.problem, out.text)  # type: ignore[attr-defined]
        for step in result.steps:
            if step.validity is Validity.INVALID:
                assert _one_line(step.reason) and step.reason != GENERIC, step
                if perturbation == "invalid-insert":  # the negation of a concept the proof establishes
                    assert step.reason.startswith("contradicts the context: "), step  # type: ignore[union-attr]
            elif step.validity is not Validity.UNPARSEABLE:
                assert step.reason is None

    run()


@given(examples(max_hops=4) | examples(max_hops=3, rule="and-intro") | examples(max_hops=3, rule="or-elim")
       | examples(min_hops=2, max_hops=3, rule="composed"))
@settings(max_examples=25, deadline=None)
def test_the_context_in_its_own_words_reads_back(ex: object) -> None:
    # What the reasons quote is the generator's English: each context sentence, rewritten by
    # syntax.english in the context's own words, parses back to the same formula.
    wording = Wording(ex.context_text)  # type: ignore[attr-defined]
    for formula in ex.scene.axioms:  # type: ignore[attr-defined]
        text = sentence(formula, wording)
        assert ground_shape(formula) is not None or rule_shapes(formula) is not None
        assert statement_key(parse_statement(text[0].upper() + text[1:] + ".")) == statement_key(formula), text


def _records(pattern: str) -> list[Record]:
    if not DATA.is_dir():
        pytest.skip("what this test reads is missing from ../shared/data")
    return [r for path in sorted(DATA.glob(pattern)) for r in read_records(str(path)) if isinstance(r, Record)]


@pytest.mark.shared
@pytest.mark.parametrize(("pattern", "figures"), [
    # Issue 10 read a few steps anew (listed in the closing note of that session): number slips ("Each dumpus is a
    # jompuses."), a bare generic ("Numpus is not cold."), a conjunctive rule ("Every numpus is a dull impus.") and
    # adjective-noun facts ("Sally is a dull impus.") in the v1 calculus, and a restated "Prove: …" (commentary).
    ("prontoqa-v1-llama/*/*.log.gz", {"strict": 3291, "broad": 63, "invalid": 312}),
    ("prontoqa-ood-onehop/*/*.log.gz", {"strict": 15402, "broad": 104, "invalid": 776, "unparseable": 2}),
])
def test_real_outputs_keep_their_validity_and_say_why(pattern: str, figures: dict[str, int]) -> None:
    validity: Counter[str] = Counter()
    for rec in _records(pattern):
        for step in check(rec.problem, rec.output).steps:
            validity[step.validity.value] += 1
            if step.validity is Validity.INVALID:
                assert _one_line(step.reason) and step.reason != GENERIC, (rec.id, step)
    assert dict(validity) == figures
