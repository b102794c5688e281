"""The OOD deduction rules under the paper profile: natural deduction with tracked assumptions.

This extends the modus-ponens calculus of :mod:`prontocheck.prontoqa.steps` to the rules of
PrOntoQA-OOD, with the same three axes and the same cost: cost(φ) is the least number of rule
applications deriving φ when the earlier valid steps are free.

Strict rules (one application each): Ax (restate a context sentence), Hop (modus ponens, also with
compound antecedents and consequents), and-introduction, and-elimination, or-introduction,
or-elimination (proof by cases: φ stated under the assumption of each disjunct of an established
disjunction), ⊥-introduction ("This contradicts with χ": χ and its negation both established) and
proof by contradiction (¬α after a ⊥ that depends on the assumption α), and Assume. Broad rules:
rule composition and modus tollens.

Every valid step depends on a set of open assumptions (the ``Assume`` steps its derivation rests
on); a conclusion under open assumptions proves nothing about the goal. A restatement of an earlier
step is ``redundant`` unless it is derived afresh under assumptions the earlier statements lacked
(the second case of a proof by cases).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from prontocheck.engine.graphs import descend, path_exists
from prontocheck.engine.shapes import (
    Shape,
    ShapeIndex,
    ShapeRule,
    complement,
    ground_shape,
    parts,
    rule_shapes,
    sorted_shapes,
)
from prontocheck.engine.theory import Theory
from prontocheck.errors import BudgetExceeded
from prontocheck.limits import DERIVE_WORK
from prontocheck.logic.formulas import Const, Formula
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
)
from prontocheck.prontoqa.steps import StepInput
from prontocheck.syntax.english import Wording

SKey = tuple[object, ...]
"""What a step states: ("g", shape, constant), ("r", antecedent, consequent), ("f", formula) or ("⊥",)."""
FALSUM: SKey = ("⊥",)
Hyps = frozenset[int]
NO_HYPS: Hyps = frozenset()


def skey(formula: Formula) -> SKey:
    """The order-insensitive identity of a stated formula."""
    if (g := ground_shape(formula)) is not None:
        return ("g", g[0], g[1])
    if (r := rule_shapes(formula)) is not None:
        return ("r", r[0], r[1])
    return ("f", formula)


@dataclass(frozen=True, slots=True)
class Derivation:
    """A cheapest derivation in the natural-deduction calculus.

    Attributes:
        cost: rule applications (0: already stated).
        premises: indices of the stated steps used, most recent first.
        hyps: the assumption steps it depends on.
        all_useful: every premise is a useful step.
        rule: the last rule applied (``Ax``, ``Hop``, ``AndElim``, ``OrElim``, …).
        root: what the chain starts from (a stated step's or context fact's key).
        rules: the context or stated rules it applies.
        broad: it needs a broad rule (modus tollens).
    """

    cost: int
    premises: tuple[int, ...]
    hyps: Hyps
    all_useful: bool
    rule: str
    root: SKey | None
    rules: tuple[Formula, ...] = ()
    broad: bool = False

    def rank(self) -> tuple[int, int, bool, tuple[int, ...]]:
        """Cheapest, then fewest assumptions, then useful premises, then the most recent premises."""
        return (self.cost, len(self.hyps), not self.all_useful, tuple(-p for p in self.premises))


def _merge(*groups: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted({p for g in groups for p in g}, reverse=True))


@dataclass
class View:
    """A set of stated (or established) steps over a theory, able to derive ground shapes.

    The classifier keeps one view (the stated set S); each proof accuracy keeps its own (E_M).
    """

    index: ShapeIndex
    useful: list[bool]
    assumptions: dict[int, SKey]
    stated: dict[SKey, list[tuple[int, Hyps]]] = field(default_factory=lambda: defaultdict(list))
    best_stated: dict[SKey, tuple[int, Hyps]] = field(default_factory=dict)
    stated_under: dict[SKey, list[tuple[int, Hyps]]] = field(default_factory=lambda: defaultdict(list))
    """The stated copies that rest on assumptions (what a proof by cases looks for), apart from the rest."""
    """For each key, its stated copy a repeat cites: the one on the fewest assumptions, the latest among those
    (kept as steps are added: a statement repeated thousands of times is not scanned at each repeat)."""
    shapes: dict[Const, set[Shape]] = field(default_factory=lambda: defaultdict(set))
    compounds: dict[Const, set[Shape]] = field(default_factory=lambda: defaultdict(set))
    """The conjunctions and disjunctions among :attr:`shapes` (what and- and or-elimination start from: kept
    apart, so that a step's derivation does not scan every fact stated before it)."""
    _facts_compounds: dict[Const, frozenset[Shape]] = field(default_factory=dict)
    _version: int = 0
    _memo_state: tuple[int, int] = (-1, -1)
    _memos: dict[tuple[object, ...], dict[Shape, Derivation | None]] = field(default_factory=dict)
    """The derivations found since the view last changed (a step added, an assumption made), for each
    constant, calculus, mask and preference: the next step's derivation reuses them instead of walking the
    same rule chains again (without it, a proof's steps take time quadratic in its length)."""
    extra: ShapeIndex = field(default_factory=ShapeIndex)
    _closed: bool = False
    work: int = 0
    """Derivation work done so far (shapes derived, stated copies compared), against ``limits.DERIVE_WORK``."""

    def add(self, key: SKey, index: int, hyps: Hyps, formula: Formula | None, in_context: bool) -> None:
        """Record a step as stated."""
        self._version += 1
        self.stated[key].append((index, hyps))
        best = self.best_stated.get(key)
        if best is None or len(hyps) <= len(best[1]):  # (steps are added in order: the latest wins a tie)
            self.best_stated[key] = (index, hyps)
        if hyps:
            self.stated_under[key].append((index, hyps))
        if key[0] == "g":
            self.shapes[key[2]].add(key[1])  # type: ignore[index,arg-type]
            if isinstance(key[1][1], frozenset):  # type: ignore[index]
                self.compounds[key[2]].add(key[1])  # type: ignore[index,arg-type]
        elif key[0] == "r" and not in_context and formula is not None and len(self.stated[key]) == 1:
            self.extra.add_rule(key[1], key[2], formula)  # type: ignore[arg-type]

    def _fact_compounds(self, c: Const) -> frozenset[Shape]:
        found = self._facts_compounds.get(c)
        if found is None:
            found = frozenset(s for s in self.index.facts.get(c, ()) if isinstance(s[1], frozenset))
            self._facts_compounds[c] = found
        return found

    def _rule_index(self, r: ShapeRule) -> int | None:
        occurrences = self.stated.get(("r", r.antecedent, r.consequent))
        return occurrences[-1][0] if occurrences else None

    def reaches(self, source: Shape, target: Shape) -> bool:
        """Rule composition over the context's and the stated rules."""
        return source == target or path_exists(
            lambda node: self.index.successors(node) | self.extra.successors(node), source, target
        )

    def derive(self, shape: Shape, c: Const, *, broad: bool, mask: SKey | None = None,
               closed: bool = False) -> Derivation | None:
        """The cheapest derivation of ``shape(c)``; ``mask`` hides the stated copies of one key.

        With ``closed``, a derivation free of assumptions is preferred to a cheaper one that rests
        on an assumption (proof accuracies ask whether the goal is established without any).
        """
        self._closed = closed
        if mask is not None and not self.stated.get(mask):
            mask = None  # nothing to hide: the same derivations as without a mask
        state = (self._version, len(self.assumptions))
        if state != self._memo_state:  # the view changed: every derivation may have
            self._memos.clear()
            self._memo_state = state
        memo = self._memos.setdefault((c, broad, mask, closed), {})
        visiting: set[Shape] = set()
        return descend(self._derive(shape, c, broad, mask, memo, visiting),
                       lambda target: self._derive(target, c, broad, mask, memo, visiting))[0]

    def _rank(self, d: Derivation) -> tuple[object, ...]:
        return (bool(d.hyps), *d.rank()) if self._closed else d.rank()

    def _derive(  # noqa: C901 - one case per rule of the calculus
        self, shape: Shape, c: Const, broad: bool, mask: SKey | None,
        memo: dict[Shape, Derivation | None], visiting: set[Shape],
    ) -> Generator[Shape, tuple[Derivation | None, bool], tuple[Derivation | None, bool]]:
        """The cheapest derivation of ``shape(c)`` and whether the cycle guard cut it short; it yields each
        shape it needs derived first (run by :func:`~prontocheck.engine.graphs.descend`, any depth).
        """
        key: SKey = ("g", shape, c)
        repeat = None
        self.work += 1 + len(self.assumptions)
        if self.work > DERIVE_WORK:
            raise BudgetExceeded("derive_work", DERIVE_WORK, "the derivations this output's steps need")
        if key != mask and (best_stated := self.best_stated.get(key)) is not None:
            idx, hyps = best_stated
            repeat = Derivation(0, (idx,), hyps, self.useful[idx], "Repeat", key)
            if not (self._closed and hyps):
                return repeat, False
        if shape in memo:
            return memo[shape], False
        best: Derivation | None = repeat

        def consider(candidate: Derivation) -> None:
            nonlocal best
            if best is None or self._rank(candidate) < self._rank(best):
                best = candidate

        if shape in self.index.facts.get(c, ()):
            consider(Derivation(1, (), NO_HYPS, True, "Ax", key))
        visiting.add(shape)
        cyclic = False
        found: Derivation | None
        cy: bool

        hop_rules = [(r, 0) for ix in (self.index, self.extra) for r in ix.into.get(shape, ())]
        hop_rules += [(r, 1) for ix in (self.index, self.extra) for r in ix.into_conjunct.get(shape, ())]
        for r, elim in hop_rules:
            rule_idx = self._rule_index(r)
            in_context = (r.antecedent, r.consequent) in self.index.rule_keys
            if rule_idx is None and not in_context:
                continue
            d, cy = (None, True) if r.antecedent in visiting else (yield r.antecedent)
            cyclic |= cy
            if d is not None:
                consider(Derivation(
                    d.cost + (1 if rule_idx is None else 0) + 1 + elim,
                    d.premises if rule_idx is None else _merge(d.premises, (rule_idx,)),
                    d.hyps, d.all_useful and (rule_idx is None or self.useful[rule_idx]),
                    "Hop" if not elim else "Hop+AndElim", d.root, (*d.rules, r.formula), d.broad,
                ))
        known = sorted_shapes(self._fact_compounds(c) | self.compounds.get(c, set()))  # the and/or shapes known of c
        self.work += len(hop_rules) + len(known)
        for k in known:
            if shape not in parts(k, "and"):
                continue
            d, cy = (None, True) if k in visiting else (yield k)
            cyclic |= cy
            if d is not None:
                consider(Derivation(d.cost + 1, d.premises, d.hyps, d.all_useful, "AndElim", d.root, d.rules, d.broad))
        if conjuncts := parts(shape, "and"):
            subs = []
            for p in sorted_shapes(conjuncts):
                found, cy = (None, True) if p in visiting else (yield p)
                cyclic |= cy
                subs.append(found)
            if all(s is not None for s in subs):
                ds = [s for s in subs if s is not None]
                consider(Derivation(
                    1 + sum(s.cost for s in ds), _merge(*(s.premises for s in ds)),
                    frozenset().union(*(s.hyps for s in ds)), all(s.all_useful for s in ds), "AndIntro",
                    ds[0].root, tuple(r for s in ds for r in s.rules), any(s.broad for s in ds),
                ))
        for disjunct in sorted_shapes(parts(shape, "or")):
            d, cy = (None, True) if disjunct in visiting else (yield disjunct)
            cyclic |= cy
            if d is not None:
                consider(Derivation(d.cost + 1, d.premises, d.hyps, d.all_useful, "OrIntro", d.root, d.rules, d.broad))
        for k in known:
            if (cases := parts(k, "or")) and (by_cases := self._by_cases(key, c, cases)) is not None:
                d, cy = (None, True) if k in visiting else (yield k)
                cyclic |= cy
                if d is not None:
                    premises, hyps = by_cases
                    consider(Derivation(d.cost + 1, _merge(d.premises, premises), d.hyps | hyps,
                                        d.all_useful, "OrElim", d.root, d.rules, d.broad))
        for a, assumed in self.assumptions.items():
            if assumed[0] == "g" and assumed[2] == c and complement(assumed[1]) == shape:  # type: ignore[arg-type]
                contradictions = self.stated.get(FALSUM, ())
                self.work += len(contradictions)
                for idx, hyps in contradictions:
                    if a in hyps:
                        consider(Derivation(1, (idx,), hyps - {a}, self.useful[idx], "Contradiction", FALSUM))
        if broad:
            for ix in (self.index, self.extra):
                for r in ix.from_antecedent.get(complement(shape), ()):
                    rule_idx = self._rule_index(r)
                    if rule_idx is None and (r.antecedent, r.consequent) not in self.index.rule_keys:
                        continue
                    target = complement(r.consequent)
                    d, cy = (None, True) if target in visiting else (yield target)
                    cyclic |= cy
                    if d is not None:
                        consider(Derivation(
                            d.cost + (1 if rule_idx is None else 0) + 1,
                            d.premises if rule_idx is None else _merge(d.premises, (rule_idx,)),
                            d.hyps, d.all_useful, "ModusTollens", d.root, (*d.rules, r.formula), True,
                        ))
        visiting.discard(shape)
        if not cyclic:  # a result cut short by the cycle guard may not be reused elsewhere
            memo[shape] = best
        return best, cyclic

    def _by_cases(self, key: SKey, c: Const, cases: frozenset[Shape]) -> tuple[tuple[int, ...], Hyps] | None:
        """Or-elimination: ``key`` stated under the assumption of every case; the discharged result."""
        premises: list[int] = []
        hyps: set[int] = set()
        occurrences = self.stated_under.get(key, ())  # (a copy on no assumption discharges none)
        self.work += len(cases) * len(occurrences)
        for case in sorted_shapes(cases):
            found = None
            for idx, h in reversed(occurrences):
                a = next((a for a in h if self.assumptions.get(a) == ("g", case, c)), None)
                if a is not None:
                    found = (idx, h - {a})
                    break
            if found is None:
                return None
            premises.append(found[0])
            hyps |= found[1]
        return tuple(premises), frozenset(hyps)

    def best_for_step(self, key: SKey, *, broad: bool, closed: bool = False) -> tuple[Derivation | None, bool]:
        """A ground statement's derivation and whether it is a mere repeat (see the module doc)."""
        _, shape, c = key
        fresh = self.derive(shape, c, broad=broad, mask=key, closed=closed)  # type: ignore[arg-type]
        best = self.best_stated.get(key)
        if best is not None and (fresh is None or not best[1] or self._stated_within(key, fresh.hyps)):
            idx, hyps = best
            return Derivation(0, (idx,), hyps, self.useful[idx], "Repeat", key), True
        return fresh, False

    def _stated_within(self, key: SKey, hyps: Hyps) -> bool:
        """Some stated copy of ``key`` rests only on assumptions among ``hyps``."""
        existing = self.stated.get(key, ())
        self.work += len(existing)
        return any(h <= hyps for _, h in existing)

    def contradiction(self, chi: Formula | None, *, broad: bool) -> Derivation | None:
        """⊥ from χ and its negation (χ given), or from the latest stated fact and its negation."""
        candidates: list[tuple[Any, Any, int | None]]
        if chi is not None:
            g = ground_shape(chi)
            candidates = [] if g is None else [(g[0], g[1], None)]
        else:  # "This is a contradiction.": the most recent stated fact against its negation
            candidates = [(k[1], k[2], max(i for i, _ in occ)) for k, occ in self.stated.items() if k[0] == "g"]
            candidates.sort(key=lambda t: -t[2])  # type: ignore[arg-type,operator]
        for shape, c, _ in candidates:
            d1 = self.derive(shape, c, broad=broad)  # type: ignore[arg-type]
            d2 = self.derive(complement(shape), c, broad=broad)  # type: ignore[arg-type]
            if d1 is not None and d2 is not None:
                return Derivation(max(1, d1.cost + d2.cost), _merge(d1.premises, d2.premises), d1.hyps | d2.hyps,
                                  d1.all_useful and d2.all_useful, "Contradiction", d1.root,
                                  (*d1.rules, *d2.rules), d1.broad or d2.broad)
        return None


def classify_natural(theory: Theory, gold: Sequence[Formula], gold_assumptions: Sequence[Formula],
                     steps: Sequence[StepInput], *, wording: Wording | None = None) -> tuple[StepResult, ...]:
    """Classify every step in the natural-deduction calculus (OOD rules); an invalid step gets its
    reason (:func:`~prontocheck.prontoqa.reasons.with_reasons`, in ``wording``'s words).
    """
    return with_reasons(theory, steps, _NaturalClassifier(theory, gold, gold_assumptions).run(steps), wording=wording)


class _NaturalClassifier:
    def __init__(self, theory: Theory, gold: Sequence[Formula], gold_assumptions: Sequence[Formula]) -> None:
        self.theory = theory
        self.index = theory.shapes
        self.useful: list[bool] = []
        self.view = View(self.index, self.useful, {})
        self.gold = {skey(g) for g in gold}
        self.gold_assumptions = {skey(a) for a in gold_assumptions}
        self.gold_rules: dict[Shape, set[Shape]] = defaultdict(set)
        self.gold_fact_shapes: set[Shape] = set()
        for g in gold:
            k = skey(g)
            if k[0] == "r":
                self.gold_rules[k[1]].add(k[2])  # type: ignore[index,arg-type]
            elif k[0] == "g" and g in theory.axiom_set:
                self.gold_fact_shapes.add(k[1])  # type: ignore[arg-type]
        self.misleading_rules: set[Formula] = set()

    def run(self, steps: Sequence[StepInput]) -> tuple[StepResult, ...]:
        return tuple(self.classify(i, s) for i, s in enumerate(steps))

    def _result(self, i: int, step: StepInput, validity: object, atomic: bool | None, utility: Utility | None,
                d: Derivation | None, redundant: bool = False, shown: str | None = None) -> StepResult:
        return StepResult(
            i, step.text, shown if shown is not None else (None if step.formula is None else str(step.formula)),
            validity, atomic, utility, redundant, d.premises if d else (), step.reason,  # type: ignore[arg-type]
            rule=d.rule if d else None, assumptions=tuple(sorted(d.hyps)) if d else (),
        )

    def classify(self, i: int, step: StepInput) -> StepResult:
        phi = step.formula
        if step.kind == "contradiction":
            return self._contradiction(i, step)
        if phi is None:
            return self._record(self._result(i, step, UNPARSEABLE, None, None, None), None, None)
        key = skey(phi)
        if step.kind == "assume":
            if key[0] != "g":
                return self._record(self._result(i, step, INVALID, None, None, None), None, None)
            utility = USEFUL if key in self.gold_assumptions else OFF_PATH
            assumed = Derivation(1, (), frozenset({i}), True, "Assume", key)
            self.view.assumptions[i] = key
            return self._record(self._result(i, step, STRICT, True, utility, assumed), key, assumed, phi)
        d: Derivation | None
        if key[0] == "g":
            d, repeat = self.view.best_for_step(key, broad=False)
            validity = STRICT
            if d is None:
                d, repeat, validity = self.view.derive(key[1], key[2], broad=True, mask=key), False, BROAD  # type: ignore[arg-type]
            if d is None:
                return self._record(self._result(i, step, INVALID, None, None, None), None, None)
            if repeat:
                first = self.view.stated[key][0][0]
                utility = USEFUL if self.useful[first] else OFF_PATH
                return self._record(self._result(i, step, STRICT, True, utility, d, redundant=True), key, d, phi)
            utility = self._fact_utility(key, d)
            atomic = d.cost <= 1 if validity is STRICT else False
            return self._record(self._result(i, step, validity, atomic, utility, d), key, d, phi)
        if (occurrences := self.view.stated.get(key)) is not None and occurrences:
            first = occurrences[0][0]
            d = Derivation(0, (occurrences[-1][0],), NO_HYPS, self.useful[first], "Repeat", key)
            utility = USEFUL if self.useful[first] else OFF_PATH
            return self._record(self._result(i, step, STRICT, True, utility, d, redundant=True), key, d, phi)
        if phi in self.theory.axiom_set:
            d = Derivation(1, (), NO_HYPS, True, "Ax", key)
            utility = self._rule_utility(key, phi) if key[0] == "r" else (USEFUL if key in self.gold else OFF_PATH)
            return self._record(self._result(i, step, STRICT, True, utility, d), key, d, phi)
        if key[0] == "r" and self.view.reaches(key[1], key[2]):  # type: ignore[arg-type]
            d = Derivation(1, (), NO_HYPS, True, "Composition", key)
            utility = OFF_PATH if key[1] == key[2] else self._rule_utility(key, phi)
            return self._record(self._result(i, step, BROAD, False, utility, d), key, d, phi)
        return self._record(self._result(i, step, INVALID, None, None, None), None, None)

    def _contradiction(self, i: int, step: StepInput) -> StepResult:
        d = self.view.contradiction(step.formula, broad=False)
        validity = STRICT
        if d is None:
            d, validity = self.view.contradiction(step.formula, broad=True), BROAD
        shown = "⊥" if step.formula is None else f"⊥ ({step.formula})"
        if d is None:
            return self._record(self._result(i, step, INVALID, None, None, None, shown=shown), None, None)
        utility = USEFUL if self._gold_has_contradiction() else OFF_PATH
        atomic = d.cost <= 1 if validity is STRICT else False
        return self._record(self._result(i, step, validity, atomic, utility, d, shown=shown), FALSUM, d)

    def _gold_has_contradiction(self) -> bool:
        return bool(self.gold_assumptions) and any(k[0] == "g" for k in self.gold)

    def _rule_utility(self, key: SKey, formula: Formula) -> Utility:
        ante, cons = key[1], key[2]
        if key in self.gold or (ante != cons and path_exists(self.gold_rules.get, ante, cons)):  # type: ignore[arg-type]
            return USEFUL
        return MISLEADING if ante in self.gold_fact_shapes else OFF_PATH

    def _fact_utility(self, key: SKey, d: Derivation) -> Utility:
        if key in self.gold:
            return USEFUL
        root = d.root
        gold_root = root in self.gold and root is not None and root[0] == "g" and root[1] in self.gold_fact_shapes
        if gold_root and not any(r in self.misleading_rules for r in d.rules):
            return MISLEADING
        return OFF_PATH

    def _record(self, result: StepResult, key: SKey | None, d: Derivation | None,
                formula: Formula | None = None) -> StepResult:
        self.useful.append(result.utility is USEFUL)
        if key is None or d is None:
            return result
        in_context = formula is not None and formula in self.theory.axiom_set
        self.view.add(key, result.index, d.hyps, formula, in_context)
        if result.redundant:
            return result
        if key[0] == "r" and result.utility is MISLEADING and formula is not None:
            self.misleading_rules.add(formula)
        if key[0] == "g" and result.utility is USEFUL and key in self.gold:
            self.gold_fact_shapes.add(key[1])  # type: ignore[arg-type]
        return result
