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

Questions of the OOD rules (and-intro, …, composed) take these perturbations, and two of their own:

=================== ======================================================== ============ =====================
perturbation        what changes (OOD rules)                                 proof s/n/b/v non-canonical steps
=================== ======================================================== ============ =====================
gold, flip-label    as above (every OOD rule)                                T T T T      —
skip-rule           the first statement of a rule used outside the cases     F T F T      strict-non-atomic-useful
                    is left out (≥ 2 hops; not composed)
skip-fact           an intermediate conjunction or disjunction is left out   F T F T      strict-non-atomic-useful
                    (and-intro, and-elim, or-intro; ≥ 2 hops)
wrong-branch        as above, from a fact stated outside the cases           T T T T      strict-atomic-misleading,
                    (relevant distractors)                                                 strict-atomic-off-path
invalid-insert      the negation of a concept the proof establishes,         T T T T      invalid
                    inserted before the first "Assume …"
unparseable-insert  as above, inserted outside the cases                     T T T T      unparseable
skip-assumption     the first case's "Assume …" is left out: or-elim         F F F F      invalid
                    proof-by-contradiction (its first case falls apart; the  F F b T      broad-useful, invalid ×4
                    goal follows by one modus tollens, b: broad iff hops ≥ 2,
                    where "E is not a C" is stated before the cases)
wrong-disjunct      proof-by-contradiction, 1 hop: the first case discharges F T F T      invalid,
                    the other disjunct ("Fae is not a lempus" after assuming               strict-non-atomic-useful
                    Fae is an impus)
=================== ======================================================== ============ =====================

Every expectation is what prontocheck's checker reports (the tests verify them on every rule, hop
count, width and distractor setting). Leaving out a rule or a case inside a proof by cases is not
offered: the checker does not close an assumption at the next "Assume", so the case's conclusion
reads as a repeat of the previous case's (canonical, under the previous assumption) and only the
proof accuracies show the error.

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

from prontocheck.engine.shapes import ground_shape, rule_shapes, to_formula
from prontocheck.engine.theory import Theory, as_ground_literal, as_simple_rule, ground
from prontocheck.errors import UnparseableSentence, UsageError
from prontocheck.generate.example import Example
from prontocheck.generate.render import render_checked
from prontocheck.generate.rules.base import Assume, Contradicts, Since
from prontocheck.logic.formulas import And, Atom, Const, ForAll, Formula, Implies, Not, Or, rule
from prontocheck.prontoqa.check import check
from prontocheck.prontoqa.problem import derive_gold
from prontocheck.syntax.sentences import parse_statement

PERTURBATIONS = ("gold", "skip-rule", "skip-fact", "compose-rules", "wrong-branch", "invalid-insert",
                 "unparseable-insert", "flip-label", "skip-assumption", "wrong-disjunct")
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


def _is_ood(example: Example) -> bool:
    return bool(example.scene.steps)


class _Ood:
    """The gold of an OOD question, sentence by sentence: its steps, and which are outside the cases."""

    def __init__(self, example: Example) -> None:
        self.example = example
        self.steps = list(example.scene.gold_steps)
        self.rule = str(example.metadata.get("rule", ""))
        result = check(example.problem, " ".join(example.gold_cot))
        # The checker makes two steps of a "Since" sentence: map its steps back to sentences.
        open_after: list[bool] = []
        k = 0
        for step in self.steps:
            n = 2 if isinstance(step, Since) else 1
            open_after.append(any(s.assumptions for s in result.steps[k : k + n]) or isinstance(step, Assume))
            k += n
        self.inside = open_after

    def outside_positions(self) -> list[int]:
        """Where a sentence can be inserted outside every case."""
        n = len(self.steps)
        return [p for p in range(n + 1) if (p == 0 or not self.inside[p - 1])
                and (p == n or not self.inside[p] or isinstance(self.steps[p], Assume))]

    def rule_to_skip(self) -> int | None:
        """The first statement of a rule used outside the cases, if the proof has ≥ 2 hops."""
        if self.example.scene.hops < 2 or self.rule == "composed":
            return None
        for i, step in enumerate(self.steps):
            if isinstance(step, ForAll) and not self.inside[i] and i + 1 < len(self.steps) and not self.inside[i + 1]:
                return i
        return None

    def facts_to_skip(self) -> list[int]:
        """Intermediate conjunctions or disjunctions (chained intro/elim rules)."""
        if self.rule not in ("and-intro", "and-elim", "or-intro") or self.example.scene.hops < 2:
            return []
        axioms = set(self.example.scene.axioms)
        return [i for i, step in enumerate(self.steps[:-1]) if isinstance(step, And | Or) and step not in axioms]

    def invalid_facts(self) -> list[Formula]:
        """Negations of the concepts the proof establishes outside the cases."""
        axioms = set(self.example.scene.axioms)
        facts = [step.conclusion if isinstance(step, Since) else step for i, step in enumerate(self.steps)
                 if not self.inside[i]]
        return [Not(f) for f in facts if isinstance(f, Atom) and Not(f) not in axioms]

    def branches(self) -> list[tuple[int, Formula, Formula]]:
        """(a gold sentence outside the cases, a distractor rule leaving its statement, the conclusion)."""
        out = []
        for i, step in enumerate(self.steps):
            if self.inside[i] or isinstance(step, Assume | Contradicts | Since | ForAll):
                continue
            g = ground_shape(step)
            if g is None:
                continue
            for r in self.example.scene.distractors:
                shapes = rule_shapes(r)
                if shapes is not None and shapes[0] == g[0]:
                    out.append((i, r, to_formula(shapes[1], g[1])))
        return out

    def first_assumption(self) -> int | None:
        return next((i for i, s in enumerate(self.steps) if isinstance(s, Assume)), None)

    def first_discharge(self) -> int | None:
        """The sentence after the first "This contradicts with …" (the discharged assumption's negation)."""
        i = next((i for i, s in enumerate(self.steps) if isinstance(s, Contradicts)), None)
        return None if i is None or i + 1 >= len(self.steps) else i + 1


def _ood_applicable(example: Example) -> set[str]:
    gold = _Ood(example)
    ok = {"gold"}
    if gold.rule_to_skip() is not None:
        ok.add("skip-rule")
    if gold.facts_to_skip():
        ok.add("skip-fact")
    if gold.branches():
        ok.add("wrong-branch")
    if gold.invalid_facts():
        ok.add("invalid-insert")
    if _unparseable(str(_entity(example).name)) is not None:
        ok.add("unparseable-insert")
    if gold.rule in ("or-elim", "proof-by-contradiction") and gold.first_assumption() is not None:
        ok.add("skip-assumption")
    if gold.rule == "proof-by-contradiction" and example.scene.hops == 1:
        ok.add("wrong-disjunct")
    if example.gold_label is not None:
        ok.add("flip-label")
    return ok


def applicable(example: Example) -> tuple[str, ...]:
    """The perturbations that can be applied to an example.

    >>> from prontocheck.generate import GeneratorConfig, generate
    >>> [ex] = generate(GeneratorConfig(hops=1, distractors="irrelevant", query="prove"), 1)
    >>> applicable(ex)
    ('gold', 'skip-rule', 'invalid-insert', 'unparseable-insert')
    """
    if _is_ood(example):
        return tuple(p for p in PERTURBATIONS if p in _ood_applicable(example))
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
    g = ground_shape(example.scene.goal)
    assert g is not None, "a proof ends in a fact about its entity"
    return g[1]


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
    if _is_ood(example):
        steps, position, accuracies = _perturb_ood(example, perturbation, rng)
        return _output(example, perturbation, steps, position, accuracies)
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
    return _output(example, perturbation, steps, position, _ACCURACIES.get(perturbation, (True, True, True, True)))


_OOD_NONCANONICAL = {
    **_NONCANONICAL,
    "wrong-disjunct": ("invalid", "strict-non-atomic-useful"),
}


def _output(example: Example, perturbation: str, steps: list[str], position: int | None,
            accuracies: tuple[bool, bool, bool, bool], noncanonical: tuple[str, ...] | None = None) -> ModelOutput:
    label = example.gold_label
    if perturbation == "flip-label" and label is not None:
        label = not label
    text = " ".join(steps) + ("" if label is None else f" {label}")
    correct = None if example.gold_label is None else label == example.gold_label
    if noncanonical is None:
        table = _OOD_NONCANONICAL if _is_ood(example) else _NONCANONICAL
        noncanonical = table.get(perturbation, ())
    if _is_ood(example) and perturbation == "skip-assumption":
        rule_name = example.metadata.get("rule")
        noncanonical = ("invalid",) if rule_name == "or-elim" else ("broad-useful", *("invalid",) * 4)
    expected = Expected(*accuracies, correct, tuple(sorted(noncanonical)))
    return ModelOutput(example, perturbation, text, expected, position)


def _perturb_ood(example: Example, perturbation: str,
                 rng: random.Random) -> tuple[list[str], int | None, tuple[bool, bool, bool, bool]]:
    gold, steps, lexicon = _Ood(example), list(example.gold_cot), example.scene.lexicon
    position: int | None = None
    accuracies = (True, True, True, True)
    if perturbation == "skip-rule":
        position = gold.rule_to_skip()
        assert position is not None
        del steps[position]
        accuracies = (False, True, False, True)
    elif perturbation == "skip-fact":
        position = rng.choice(gold.facts_to_skip())
        del steps[position]
        accuracies = (False, True, False, True)
    elif perturbation == "wrong-branch":
        position, branch, conclusion = rng.choice(gold.branches())
        text = example.context[example.scene.axioms.index(branch)]
        steps[position + 1 : position + 1] = [text, render_checked(conclusion, lexicon)]
    elif perturbation == "invalid-insert":
        # Before any assumption: the checker never closes one, so a later step may use one (a modus
        # tollens from a fact stated in a case is valid, under that case's assumption).
        first = gold.first_assumption()
        position = rng.choice([p for p in gold.outside_positions() if first is None or p <= first])
        steps.insert(position, render_checked(rng.choice(gold.invalid_facts()), lexicon))
    elif perturbation == "unparseable-insert":
        position = rng.choice(gold.outside_positions())
        steps.insert(position, str(_unparseable(str(_entity(example).name))))
    elif perturbation == "skip-assumption":
        position = gold.first_assumption()
        assert position is not None
        del steps[position]
        if example.metadata.get("rule") == "or-elim":
            accuracies = (False, False, False, False)
        else:  # "E is not a C" stated before the cases (≥ 2 hops): the goal is one modus tollens away
            accuracies = (False, False, example.scene.hops >= 2, True)
    elif perturbation == "wrong-disjunct":
        position = gold.first_discharge()
        assumed = [s.formula for s in gold.steps if isinstance(s, Assume)]
        assert position is not None and len(assumed) >= 2
        steps[position] = render_checked(Not(assumed[1]), lexicon)
        accuracies = (False, True, False, True)
    return steps, position, accuracies

