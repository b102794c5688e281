"""Proof accuracies of one chain of thought: is the goal established under each metric?

Steps are read in order; for each metric M the set E_M of formulas established so far grows
(paper-semantics.md, "Proof accuracies"):

========== ======================================================================================
strict     one Ax (φ ∈ A), or one Hop whose fact and rule are both in E_strict
non_atomic any number of Ax/Hop applications from E_non_atomic ∪ A
broad      one Ax, one Hop with premises in E_broad, or one composition along rules of E_broad ∪ A
valid      any number of Ax/Hop/composition applications from E_valid ∪ A
========== ======================================================================================

A repeat of an established formula is established. The proof is correct under M iff some step
whose formula is the goal γ is established under M. :func:`proof_accuracies` computes this for the
modus-ponens calculus, :func:`natural_accuracies` for the natural-deduction one (OOD rules), where the
goal must moreover be established free of assumptions.
"""

from __future__ import annotations

from collections.abc import Sequence

from prontocheck.engine.theory import Key, Theory, as_ground_literal, as_simple_rule
from prontocheck.logic.formulas import Const, Formula
from prontocheck.prontoqa.natural import FALSUM, NO_HYPS, Derivation, View, skey
from prontocheck.prontoqa.results import METRICS, ProofResult
from prontocheck.prontoqa.steps import StepInput


class _Established:
    """E_M for one metric."""

    def __init__(self, theory: Theory, *, chains: bool, composes: bool) -> None:
        self.theory = theory
        self.chains = chains  # any number of Hops (else exactly one)
        self.composes = composes  # rule composition admitted
        self.formulas: set[Formula] = set()
        self.fact_keys: dict[Const, set[Key]] = {}  # established facts, by constant
        self.composed: dict[Key, list[Key]] = {}  # established rules not in A: consequent → antecedents

    def admits(self, phi: Formula, lit: tuple[Key, Const] | None, simple: tuple[Key, Key] | None) -> bool:
        """Whether ``phi`` (with its literal or simple-rule split) is obtainable from E_M ∪ A."""
        if phi in self.formulas or phi in self.theory.axiom_set:
            return True
        if lit is not None:
            key, c = lit
            if self.chains:
                # Every rule established under these metrics is a rule path of A, and every
                # established fact is derivable from A's facts: chaining Hops (and, under valid,
                # modus tollens) from E_M ∪ A is reachability in A's rule graph from the context's facts.
                sources = self.theory.facts.get(c, ())
                if self.composes:
                    return any(s == key or key in self.theory.broad_descendants(s) for s in sources)
                return any(self.theory.reachable(s, key) for s in sources)
            facts = self.fact_keys.get(c)
            if not facts:
                return False
            for edge in self.theory.rules_into.get(key, ()):
                if edge.antecedent in facts and edge.formula in self.formulas:
                    return True
            if not self.composes:
                return False
            for edge in self.theory.rules_from.get((key[0], not key[1]), ()):  # one modus tollens
                if (edge.consequent[0], not edge.consequent[1]) in facts and edge.formula in self.formulas:
                    return True
            return any(a in facts for a in self.composed.get(key, ()))
        return self.composes and simple is not None and self.theory.reachable(*simple)

    def add(self, phi: Formula, lit: tuple[Key, Const] | None, simple: tuple[Key, Key] | None) -> None:
        """Record an admitted formula as established."""
        if self.chains or phi in self.formulas:
            return  # admission under a chaining metric does not depend on E_M
        self.formulas.add(phi)
        if lit is not None:
            self.fact_keys.setdefault(lit[1], set()).add(lit[0])
        elif simple is not None and phi not in self.theory.axiom_set:
            self.composed.setdefault(simple[1], []).append(simple[0])


def proof_accuracies(theory: Theory, formulas: Sequence[Formula | None], goal: Formula | None) -> ProofResult:
    """Whether the chain of thought proves ``goal`` under each of the four proof accuracies.

    ``formulas`` are the steps' logical forms in order (``None`` for unparseable steps).

    >>> from prontocheck.syntax import parse_statement as p
    >>> t = Theory.from_axioms([p("Every cat is a carnivore."), p("Fae is a cat.")])
    >>> proof_accuracies(t, [p("Fae is a cat."), p("Fae is a carnivore.")], p("Fae is a carnivore."))
    ProofResult(strict=False, non_atomic=True, broad=False, valid=True)
    """
    if goal is None or goal not in formulas:
        return ProofResult(False, False, False, False)
    # Steps after the last statement of the goal cannot change the verdict.
    last = max(i for i, phi in enumerate(formulas) if phi == goal)
    formulas = formulas[: last + 1]
    strict = _Established(theory, chains=False, composes=False)
    non_atomic = _Established(theory, chains=True, composes=False)
    broad = _Established(theory, chains=False, composes=True)
    valid = _Established(theory, chains=True, composes=True)
    proved = dict.fromkeys(METRICS, False)
    for phi in formulas:
        if phi is None:
            continue
        lit, simple = as_ground_literal(phi), as_simple_rule(phi)
        # E_strict ⊆ E_non_atomic ⊆ E_valid and E_strict ⊆ E_broad ⊆ E_valid, so what strict
        # admits every metric admits, and what non_atomic or broad admits valid admits.
        if strict.admits(phi, lit, simple):
            admitted: tuple[bool, ...] = (True, True, True, True)
        else:
            na, br = non_atomic.admits(phi, lit, simple), broad.admits(phi, lit, simple)
            admitted = (False, na, br, na or br or valid.admits(phi, lit, simple))
        for name, established, ok in zip(METRICS, (strict, non_atomic, broad, valid), admitted):
            if ok:
                established.add(phi, lit, simple)
                if phi == goal:
                    proved[name] = True
    return ProofResult(**proved)


# -- the natural-deduction calculus (OOD rules) --------------------------------------------------

_LIMITS = {"strict": (1, False), "non_atomic": (None, False), "broad": (1, True), "valid": (None, True)}


def natural_accuracies(theory: Theory, steps: Sequence[StepInput], valid: Sequence[bool],
                       goal: Formula | None) -> ProofResult:
    """The four proof accuracies in the natural-deduction calculus.

    A step is established under a metric when it is obtainable from the steps established before it
    (and the context) in one rule application (``strict``, ``broad``) or any number
    (``non_atomic``, ``valid``), with broad rules only under ``broad`` and ``valid``; the proof is
    correct when the goal is established without open assumptions.
    """
    if goal is None:
        return ProofResult(False, False, False, False)
    goal_key = skey(goal)
    index = theory.shapes
    proved = dict.fromkeys(METRICS, False)
    spent = 0  # the metrics share one derivation budget (limits.DERIVE_WORK)
    for name in METRICS:
        limit, broad = _LIMITS[name]
        useful: list[bool] = []
        view = View(index, useful, {}, work=spent)
        for i, (step, ok) in enumerate(zip(steps, valid)):
            useful.append(True)
            if not ok:
                continue
            # Any derivation within the metric's limit will do; one free of assumptions is preferred.
            within = [d for d in _candidates(theory, view, i, step, broad) if limit is None or d.cost <= limit]
            if not within:
                continue
            d = min(within, key=lambda d: (bool(d.hyps), d.cost))
            key = FALSUM if step.kind == "contradiction" else skey(step.formula)  # type: ignore[arg-type]
            view.add(key, i, d.hyps, step.formula, step.formula in theory.axiom_set)
            if key == goal_key and not d.hyps:
                proved[name] = True
                break
        spent = view.work
    return ProofResult(**proved)


def _candidates(theory: Theory, view: View, i: int, step: StepInput, broad: bool) -> list[Derivation]:
    """The derivations a metric may use for a step: strict ones, broad ones under broad metrics, and
    for each the cheapest and the cheapest free of assumptions.
    """
    found: list[Derivation | None] = []
    phi = step.formula
    if step.kind == "contradiction":
        found = [view.contradiction(phi, broad=False), view.contradiction(phi, broad=True) if broad else None]
    elif phi is None:
        return []
    elif step.kind == "assume":
        key = skey(phi)
        view.assumptions[i] = key
        found = [Derivation(1, (), frozenset({i}), True, "Assume", key)]
    elif (key := skey(phi))[0] == "g":
        for closed in (True, False):
            found.append(view.best_for_step(key, broad=False, closed=closed)[0])
            if broad:
                found.append(view.derive(key[1], key[2], broad=True, mask=key, closed=closed))  # type: ignore[arg-type]
    elif view.stated.get(key):
        found = [Derivation(0, (), NO_HYPS, True, "Repeat", key)]
    elif phi in theory.axiom_set or (key[0] == "r" and (key[1], key[2]) in view.index.rule_keys):
        found = [Derivation(1, (), NO_HYPS, True, "Ax", key)]
    elif broad and key[0] == "r" and view.reaches(key[1], key[2]):  # type: ignore[arg-type]
        found = [Derivation(1, (), NO_HYPS, True, "Composition", key)]
    return [d for d in found if d is not None]
