"""Step classification of the paper profile: validity, atomicity, utility, redundancy, premises.

The definitions are those of ``paper-semantics.md`` (shipped in the README), extended to the rules of
PrOntoQA-OOD: cost(φ) is the least number of rule applications that derive φ when every earlier valid
step is free (:mod:`prontocheck.engine.calculus` finds it); strict iff a derivation with strict rules
exists, atomic iff its cost is at most 1; broad iff one exists once the broad rules (rule composition,
modus tollens) are added; utility against the gold proof.

Strict rules (one application each): Ax (restate a context sentence), Hop (modus ponens, also with
compound antecedents and consequents), and-introduction, and-elimination, or-introduction,
or-elimination (proof by cases: φ stated under the assumption of each disjunct of an established
disjunction), ⊥-introduction ("This contradicts with χ": χ and its negation both established) and
proof by contradiction (¬α after a ⊥ that depends on the assumption α), and Assume.

Every valid step depends on a set of open assumptions (the ``Assume`` steps its derivation rests
on); a conclusion under open assumptions proves nothing about the goal. A restatement of an earlier
step is ``redundant`` unless it is derived afresh under assumptions the earlier statements lacked
(the second case of a proof by cases).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from prontocheck.engine.calculus import (
    FALSUM,
    NO_HYPS,
    Derivation,
    Fact,
    Rule,
    RuleKey,
    StatementKey,
    View,
    statement_key,
)
from prontocheck.engine.graphs import path_exists
from prontocheck.engine.shapes import Shape
from prontocheck.engine.theory import Theory
from prontocheck.logic.formulas import Formula
from prontocheck.prontoqa.reasons import with_reasons
from prontocheck.prontoqa.results import (
    BROAD,
    INVALID,
    MISLEADING,
    OFF_PATH,
    STRICT,
    UNPARSEABLE,
    USEFUL,
    StepResult,
    Utility,
    Validity,
)
from prontocheck.syntax.english import Wording


@dataclass(frozen=True, slots=True)
class StepInput:
    """A step to classify: its text, its formula or the reason it did not parse, and its kind.

    Attributes:
        kind: ``"statement"``; ``"assume"`` (``Assume φ``); ``"contradiction"`` (``This contradicts
            with φ``, or a bare ``This is a contradiction`` with ``formula`` ``None``).
    """

    text: str
    formula: Formula | None
    reason: str | None = None
    kind: str = "statement"


@dataclass(frozen=True, slots=True)
class _Gold:
    """The gold proof as the utility axis reads it (worked out once per problem and gold)."""

    keys: frozenset[StatementKey]
    assumptions: frozenset[StatementKey]
    rules: dict[Shape, set[Shape]]
    fact_shapes: frozenset[Shape]  # the shapes of its facts that the context states


@lru_cache(maxsize=1 << 10)
def _gold_index(theory: Theory, gold: tuple[Formula, ...], gold_assumptions: tuple[Formula, ...]) -> _Gold:
    rules: dict[Shape, set[Shape]] = defaultdict(set)
    fact_shapes = set()
    keys = [statement_key(g) for g in gold]
    for g, k in zip(gold, keys):
        if isinstance(k, RuleKey):
            rules[k.antecedent].add(k.consequent)
        elif isinstance(k, Fact) and g in theory.axiom_set:
            fact_shapes.add(k.shape)
    return _Gold(frozenset(keys), frozenset(map(statement_key, gold_assumptions)), dict(rules), frozenset(fact_shapes))


class _Classifier:
    """Walks the steps in order, keeping the stated set S (a :class:`View`) and the gold bookkeeping."""

    def __init__(self, theory: Theory, gold: Sequence[Formula], gold_assumptions: Sequence[Formula]) -> None:
        self.theory = theory
        self.useful: list[bool] = []
        self.view = View(theory.shapes, self.useful, {})
        found = _gold_index(theory, tuple(gold), tuple(gold_assumptions))
        self.gold, self.gold_assumptions, self.gold_rules = found.keys, found.assumptions, found.rules
        # The shapes f with a gold fact f(c): a fact of G that is a context fact or stated by a useful step.
        self.gold_fact_shapes = set(found.fact_shapes)
        self.misleading_rules: set[Formula] = set()

    def run(self, steps: Sequence[StepInput]) -> tuple[StepResult, ...]:
        return tuple(self.classify(i, s) for i, s in enumerate(steps))

    def _result(self, i: int, step: StepInput, validity: Validity, atomic: bool | None, utility: Utility | None,
                d: Derivation | None, redundant: bool = False, shown: str | None = None) -> StepResult:
        return StepResult(
            i, step.text, shown if shown is not None else (None if step.formula is None else str(step.formula)),
            validity, atomic, utility, redundant, d.premises if d else (), step.reason,
            rule=d.rule if d else None, assumptions=tuple(sorted(d.hyps)) if d and d.hyps else (),
        )

    def _invalid(self, i: int, step: StepInput, shown: str | None = None) -> StepResult:
        return self._record(self._result(i, step, INVALID, None, None, None, shown=shown), None, None)

    def classify(self, i: int, step: StepInput) -> StepResult:
        phi = step.formula
        if step.kind == "contradiction":
            return self._contradiction(i, step)
        if phi is None:
            return self._record(self._result(i, step, UNPARSEABLE, None, None, None), None, None)
        key = statement_key(phi)
        if step.kind == "assume":
            if not isinstance(key, Fact):
                return self._invalid(i, step)
            utility = USEFUL if key in self.gold_assumptions else OFF_PATH
            assumed = Derivation(Rule.ASSUME, 1, (), frozenset({i}), True, key)
            self.view.assumptions[i] = key
            return self._record(self._result(i, step, STRICT, True, utility, assumed), key, assumed, phi)
        d: Derivation | None
        if isinstance(key, Fact):
            d, repeat = self.view.best_for_step(key, broad=False)
            validity = STRICT
            if d is None:
                d, repeat, validity = self.view.derive(key.shape, key.constant, broad=True, mask=key), False, BROAD
            if d is None:
                return self._invalid(i, step)
            if repeat:
                return self._repeat(i, step, key, d, phi)
            atomic = d.cost <= 1 if validity is STRICT else False
            return self._record(self._result(i, step, validity, atomic, self._fact_utility(key, d), d), key, d, phi)
        if self.view.stated.get(key):
            d = Derivation(Rule.REPEAT, 0, (self.view.stated[key][-1][0],), NO_HYPS, True, key)
            return self._repeat(i, step, key, d, phi)
        if phi in self.theory.axiom_set:
            d = Derivation(Rule.AX, 1, root=key)
            utility = self._rule_utility(key, phi) if isinstance(key, RuleKey) else \
                (USEFUL if key in self.gold else OFF_PATH)
            return self._record(self._result(i, step, STRICT, True, utility, d), key, d, phi)
        if isinstance(key, RuleKey) and (d := self.view.composition(key)) is not None:
            utility = OFF_PATH if key.antecedent == key.consequent else self._rule_utility(key, phi)
            return self._record(self._result(i, step, BROAD, False, utility, d), key, d, phi)
        return self._invalid(i, step)

    def _repeat(self, i: int, step: StepInput, key: StatementKey, d: Derivation, phi: Formula) -> StepResult:
        """A restatement: useful as its first statement was."""
        utility = USEFUL if self.useful[self.view.stated[key][0][0]] else OFF_PATH
        return self._record(self._result(i, step, STRICT, True, utility, d, redundant=True), key, d, phi)

    def _contradiction(self, i: int, step: StepInput) -> StepResult:
        d = self.view.contradiction(step.formula, broad=False)
        validity = STRICT
        if d is None:
            d, validity = self.view.contradiction(step.formula, broad=True), BROAD
        shown = "⊥" if step.formula is None else f"⊥ ({step.formula})"
        if d is None:
            return self._invalid(i, step, shown)
        utility = USEFUL if self._gold_has_contradiction() else OFF_PATH
        atomic = d.cost <= 1 if validity is STRICT else False
        return self._record(self._result(i, step, validity, atomic, utility, d, shown=shown), FALSUM, d)

    def _gold_has_contradiction(self) -> bool:
        return bool(self.gold_assumptions) and any(isinstance(k, Fact) for k in self.gold)

    def _rule_utility(self, key: RuleKey, formula: Formula) -> Utility:
        ante, cons = key
        if key in self.gold or (ante != cons and path_exists(self.gold_rules.get, ante, cons)):
            return USEFUL  # in the gold proof, or a shortcut along it
        return MISLEADING if ante in self.gold_fact_shapes else OFF_PATH

    def _fact_utility(self, key: Fact, d: Derivation) -> Utility:
        if key in self.gold:
            return USEFUL
        root = d.root
        gold_root = root in self.gold and isinstance(root, Fact) and root.shape in self.gold_fact_shapes
        if gold_root and not any(r in self.misleading_rules for r in d.uses):
            return MISLEADING
        return OFF_PATH

    def _record(self, result: StepResult, key: StatementKey | None, d: Derivation | None,
                formula: Formula | None = None) -> StepResult:
        self.useful.append(result.utility is USEFUL)
        if key is None or d is None:
            return result
        in_context = formula is not None and formula in self.theory.axiom_set
        self.view.add(key, result.index, d.hyps, formula, in_context)
        if result.redundant:
            return result
        if isinstance(key, RuleKey) and result.utility is MISLEADING and formula is not None:
            self.misleading_rules.add(formula)
        if isinstance(key, Fact) and result.utility is USEFUL and key in self.gold:
            self.gold_fact_shapes.add(key.shape)
        return result


def classify_steps(theory: Theory, gold: Sequence[Formula], steps: Sequence[StepInput], *,
                   gold_assumptions: Sequence[Formula] = (), wording: Wording | None = None) -> tuple[StepResult, ...]:
    """Classify every step of a chain of thought on the three axes of the paper; an invalid step
    gets its reason (:func:`~prontocheck.prontoqa.reasons.with_reasons`, in ``wording``'s words).

    >>> from prontocheck.syntax import parse_statement as p
    >>> t = Theory.from_axioms([p(s) for s in ["Every cat is a carnivore.", "Fae is a cat."]])
    >>> gold = [p("Fae is a cat."), p("Every cat is a carnivore."), p("Fae is a carnivore.")]
    >>> steps = [StepInput(s, p(s)) for s in ["Fae is a cat.", "Fae is a carnivore."]]
    >>> [r.kind for r in classify_steps(t, gold, steps)]
    ['strict-atomic-useful', 'strict-non-atomic-useful']
    """
    results = _Classifier(theory, gold, gold_assumptions).run(steps)
    return with_reasons(theory, steps, results, wording=wording)
