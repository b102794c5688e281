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
whose formula is the goal γ is established under M.
"""

from __future__ import annotations

from collections.abc import Sequence

from prontocheck.engine.theory import Theory, as_ground_literal, as_simple_rule, ground
from prontocheck.logic.formulas import Formula
from prontocheck.prontoqa.results import ProofResult


class _Established:
    """E_M for one metric."""

    def __init__(self, theory: Theory, *, chains: bool, composes: bool) -> None:
        self.theory = theory
        self.chains = chains  # any number of Hops (else exactly one)
        self.composes = composes  # rule composition admitted
        self.formulas: set[Formula] = set()

    def admits(self, phi: Formula) -> bool:
        if phi in self.formulas or phi in self.theory:
            return True
        lit = as_ground_literal(phi)
        if lit is not None:
            key, c = lit
            if self.chains:
                # Every rule established under these metrics is a rule path of A, so chaining Hops
                # from the established and context facts is reachability in A's rule graph.
                sources = {k for k in self.theory.facts.get(c, ())}
                sources.update(k for f in self.formulas if (fl := as_ground_literal(f)) and fl[1] == c for k in (fl[0],))
                return any(self.theory.reachable(s, key) for s in sources)
            for edge in self.theory.rules_into.get(key, ()):
                if edge.formula in self.formulas and ground(edge.antecedent, c) in self.formulas:
                    return True
            if self.composes:
                for f in self.formulas:
                    simple = as_simple_rule(f)
                    if simple is not None and simple[1] == key and ground(simple[0], c) in self.formulas:
                        return True
            return False
        simple = as_simple_rule(phi)
        return self.composes and simple is not None and self.theory.reachable(*simple)

    def add(self, phi: Formula) -> bool:
        if self.admits(phi):
            self.formulas.add(phi)
            return True
        return False


def proof_accuracies(theory: Theory, formulas: Sequence[Formula | None], goal: Formula | None) -> ProofResult:
    """Whether the chain of thought proves ``goal`` under each of the four proof accuracies.

    ``formulas`` are the steps' logical forms in order (``None`` for unparseable steps).

    >>> from prontocheck.syntax import parse_statement as p
    >>> t = Theory.from_axioms([p("Every cat is a carnivore."), p("Fae is a cat.")])
    >>> proof_accuracies(t, [p("Fae is a cat."), p("Fae is a carnivore.")], p("Fae is a carnivore."))
    ProofResult(strict=False, non_atomic=True, broad=False, valid=True)
    """
    if goal is None:
        return ProofResult(False, False, False, False)
    metrics = {
        "strict": _Established(theory, chains=False, composes=False),
        "non_atomic": _Established(theory, chains=True, composes=False),
        "broad": _Established(theory, chains=False, composes=True),
        "valid": _Established(theory, chains=True, composes=True),
    }
    proved = dict.fromkeys(metrics, False)
    for phi in formulas:
        if phi is None:
            continue
        for name, established in metrics.items():
            if established.add(phi) and phi == goal:
                proved[name] = True
    return ProofResult(**proved)
