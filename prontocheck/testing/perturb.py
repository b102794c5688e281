"""Model-like outputs: a generated example's gold answer with one controlled perturbation, and what
the checker must say about it under the paper profile (paper-semantics.md).

=================== ======================================================== ============ =====================
perturbation        what changes                                             proof s/n/b/v non-canonical steps
=================== ======================================================== ============ =====================
gold                nothing                                                  T T T T      —
skip-rule           a rule step is left out                                  F T F T      strict-non-atomic-useful
skip-fact           an intermediate conclusion is left out (≥ 2 hops)         F T F T      strict-non-atomic-useful
compose-rules       rule, fact, rule → the composed rule (≥ 2 hops)          F T T T      broad-useful
wrong-branch        a context rule off the proof and its conclusion are      T T T T      strict-atomic-misleading,
                    inserted after a gold fact (the proof then goes on)                    strict-atomic-off-path
invalid-insert      a sentence that parses but does not follow is inserted   T T T T      invalid
unparseable-insert  a sentence outside the grammar is inserted               T T T T      unparseable
flip-label          the answer is the wrong label (True-or-false only)       T T T T      —
=================== ======================================================== ============ =====================

(s/n/b/v: the strict, non_atomic, broad and valid proof accuracies.) Only ``flip-label`` makes the
label wrong. ``wrong-branch`` needs a branch point: a context rule leaving the proof from one of its
facts (there is none with ``irrelevant`` distractors, where the proof's concepts have no other rule).

>>> from prontocheck.generate import GeneratorConfig, generate
>>> [ex] = generate(GeneratorConfig(hops=3), 1, seed=5)
>>> out = perturb(ex, "skip-rule", random.Random(0))
>>> out.expected.proof, out.expected.noncanonical
({'strict': False, 'non_atomic': True, 'broad': False, 'valid': True}, ('strict-non-atomic-useful',))
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from prontocheck.engine.theory import Theory, as_ground_literal, as_simple_rule, ground
from prontocheck.errors import UnparseableSentence, UsageError
from prontocheck.generate.example import Example
from prontocheck.generate.render import render_checked
from prontocheck.logic.formulas import Const, ForAll, Formula, Implies, Not, rule
from prontocheck.prontoqa.problem import derive_gold
from prontocheck.syntax.sentences import parse_statement

PERTURBATIONS = ("gold", "skip-rule", "skip-fact", "compose-rules", "wrong-branch", "invalid-insert",
                 "unparseable-insert", "flip-label")
"""The perturbations, by name (see the module docstring)."""

_ACCURACIES = {
    "skip-rule": (False, True, False, True),
    "skip-fact": (False, True, False, True),
    "compose-rules": (False, True, True, True),
}
_NONCANONICAL = {
    "skip-rule": ("strict-non-atomic-useful",),
    "skip-fact": ("strict-non-atomic-useful",),
    "compose-rules": ("broad-useful",),
    "wrong-branch": ("strict-atomic-misleading", "strict-atomic-off-path"),
    "invalid-insert": ("invalid",),
    "unparseable-insert": ("unparseable",),
}
_UNPARSEABLE = ("{e} has a tail.", "{e} likes cheese.", "We need to find out what {e} is.", "{e} lives in a house.")


@dataclass(frozen=True, slots=True)
class Expected:
    """What the checker must report for a perturbed output.

    Attributes:
        strict: strict proof accuracy.
        non_atomic: "skip" proof accuracy (non-atomic steps admitted).
        broad: broad proof accuracy (rule composition admitted).
        valid: valid proof accuracy.
        label_correct: whether the answer is right; ``None`` for ``Prove:`` queries.
        noncanonical: the kinds of the steps that are not canonical, sorted.
    """

    strict: bool
    non_atomic: bool
    broad: bool
    valid: bool
    label_correct: bool | None
    noncanonical: tuple[str, ...]

    @property
    def proof(self) -> dict[str, bool]:
        """The four proof accuracies by JSON key."""
        return {"strict": self.strict, "non_atomic": self.non_atomic, "broad": self.broad, "valid": self.valid}


@dataclass(frozen=True, slots=True)
class ModelOutput:
    """A model-like output on a generated example.

    Attributes:
        example: the question.
        perturbation: which perturbation (one of :data:`PERTURBATIONS`).
        text: the output: chain of thought, then the label for True-or-false queries.
        expected: what the checker must report.
        position: the index of the gold step the perturbation applies at (``None`` for none).
    """

    example: Example
    perturbation: str
    text: str
    expected: Expected
    position: int | None = None

    def to_record(self) -> dict[str, Any]:
        """The native record of the example with this output (what ``analyze`` reads)."""
        from prontocheck.generate.writers import native_record

        record = native_record(self.example)
        record["output"] = self.text
        record["perturbation"] = self.perturbation
        return record


def _theory(example: Example) -> Theory:
    return Theory.from_axioms(example.scene.axioms)


def _branches(example: Example) -> list[tuple[int, Formula]]:
    """(index of a gold fact, a context rule leaving it that the proof does not use)."""
    proof, theory = example.scene.proof, _theory(example)
    gold = set(proof)
    out = []
    for i in range(0, len(proof) - 1, 2):
        lit = as_ground_literal(proof[i])
        if lit is not None:
            out += [(i, e.formula) for e in theory.rules_from.get(lit[0], ()) if e.formula not in gold]
    return out


def _invalid_facts(example: Example) -> list[Formula]:
    """Facts about the entity that parse but are not derivable: the negations of its concepts."""
    theory, proof = _theory(example), example.scene.proof
    candidates = [Not(f) for f in proof[0:-1:2] if as_ground_literal(f) is not None and not isinstance(f, Not)]
    return [f for f in candidates if f not in theory and derive_gold(theory, f) is None]


def _unparseable(entity: str) -> str | None:
    for template in _UNPARSEABLE:
        text = template.format(e=entity)
        try:
            parse_statement(text)
        except UnparseableSentence:
            return text
    return None


def applicable(example: Example) -> tuple[str, ...]:
    """The perturbations that can be applied to an example.

    >>> from prontocheck.generate import GeneratorConfig, generate
    >>> [ex] = generate(GeneratorConfig(hops=1, distractors="irrelevant", query="prove"), 1)
    >>> applicable(ex)
    ('gold', 'skip-rule', 'invalid-insert', 'unparseable-insert')
    """
    hops = example.scene.hops
    entity = str(_entity(example).name)
    ok = {"gold", "skip-rule"}
    if hops >= 2:
        ok |= {"skip-fact", "compose-rules"}
    if _branches(example):
        ok.add("wrong-branch")
    if _invalid_facts(example):
        ok.add("invalid-insert")
    if _unparseable(entity) is not None:
        ok.add("unparseable-insert")
    if example.gold_label is not None:
        ok.add("flip-label")
    return tuple(p for p in PERTURBATIONS if p in ok)


def _entity(example: Example) -> Const:
    lit = as_ground_literal(example.scene.proof[0])
    assert lit is not None, "a modus ponens proof starts with a fact"
    return lit[1]


def perturb(example: Example, perturbation: str, rng: random.Random) -> ModelOutput:
    """Apply one perturbation to an example's gold answer (positions drawn from ``rng``).

    Raises:
        UsageError: an unknown perturbation, or one that does not apply to this example
            (see :func:`applicable`).
    """
    if perturbation not in PERTURBATIONS:
        raise UsageError(f"unknown perturbation {perturbation!r}; expected one of {', '.join(PERTURBATIONS)}")
    if perturbation not in applicable(example):
        raise UsageError(f"perturbation {perturbation!r} does not apply to example {example.id} "
                         f"(applicable: {', '.join(applicable(example))})")
    steps, proof, lexicon = list(example.gold_cot), example.scene.proof, example.scene.lexicon
    hops, position = example.scene.hops, None
    if perturbation == "skip-rule":
        position = 2 * rng.randint(1, hops) - 1
        del steps[position]
    elif perturbation == "skip-fact":
        position = 2 * rng.randint(1, hops - 1)
        del steps[position]
    elif perturbation == "compose-rules":
        i = rng.randint(1, hops - 1)
        first, second = proof[2 * i - 1], proof[2 * i + 1]
        assert isinstance(first, ForAll) and isinstance(first.body, Implies)
        assert isinstance(second, ForAll) and isinstance(second.body, Implies)
        composed = rule(first.body.antecedent, second.body.consequent)
        position = 2 * i - 1
        steps[position : position + 3] = [render_checked(composed, lexicon, rng)]
    elif perturbation == "wrong-branch":
        position, branch = rng.choice(_branches(example))
        text = example.context[example.scene.axioms.index(branch)]
        edge = as_simple_rule(branch)
        assert edge is not None
        steps[position + 1 : position + 1] = [text, render_checked(ground(edge[1], _entity(example)), lexicon)]
    elif perturbation == "invalid-insert":
        position = rng.randint(0, len(steps))
        steps.insert(position, render_checked(rng.choice(_invalid_facts(example)), lexicon))
    elif perturbation == "unparseable-insert":
        position = rng.randint(0, len(steps))
        steps.insert(position, str(_unparseable(str(_entity(example).name))))
    label = example.gold_label
    if perturbation == "flip-label" and label is not None:
        label = not label
    text = " ".join(steps) + ("" if label is None else f" {label}")
    accuracies = _ACCURACIES.get(perturbation, (True, True, True, True))
    correct = None if example.gold_label is None else label == example.gold_label
    expected = Expected(*accuracies, correct, tuple(sorted(_NONCANONICAL.get(perturbation, ()))))
    return ModelOutput(example, perturbation, text, expected, position)

