"""Step classification of the paper profile: validity, atomicity, utility, redundancy, premises.

The definitions are those of ``paper-semantics.md`` (shipped in the README): cost(φ) is the least
number of rule applications that derive φ when every earlier valid step is free; strict iff the
cost is finite, atomic iff it is at most 1; broad iff a rule is derivable once rule composition
is added; utility against the gold proof.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from itertools import chain, islice

import networkx as nx

from prontocheck.engine.graphs import descend, path_exists
from prontocheck.engine.theory import Key, RuleEdge, Theory, as_ground_literal, as_simple_rule, ground
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
from prontocheck.syntax.english import Wording


def _complement(key: Key) -> Key:
    return key[0], not key[1]


MAX_PATHS = 256
"""How many rule paths are compared when choosing a broad step's premises."""


@dataclass(frozen=True, slots=True)
class Derivation:
    """A cheapest derivation of a ground literal.

    Attributes:
        cost: rule applications needed (0: already stated).
        premises: indices of the stated steps it uses, most recent first.
        all_useful: every premise is a useful step.
        root: the fact the chain starts from (an earlier step or a context fact).
        rules: the rules it applies, stated or not, in order.
    """

    cost: int
    premises: tuple[int, ...]
    all_useful: bool
    root: Formula
    rules: tuple[Formula, ...]

    def rank(self) -> tuple[int, bool, tuple[int, ...]]:
        """Order of preference: cheapest, then all premises useful, then the most recent premises.

        A context fact (no premises) wins a tie with a derivation from stated steps.
        """
        return (self.cost, not self.all_useful, tuple(-p for p in self.premises))


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

    @property
    def simple(self) -> bool:
        """A statement of the v1 calculus: a ground literal or a literal-to-literal rule (or unparseable)."""
        f = self.formula
        return self.kind == "statement" and (
            f is None or as_ground_literal(f) is not None or as_simple_rule(f) is not None
        )


class _Classifier:
    """Walks the steps in order, keeping the stated set S_i and the gold bookkeeping."""

    def __init__(self, theory: Theory, gold: Sequence[Formula]) -> None:
        self.theory = theory
        self.gold = frozenset(gold)
        self.latest: dict[Formula, int] = {}  # formula → most recent valid step stating it
        self.first: dict[Formula, int] = {}  # formula → first valid step stating it
        self.extra_rules_into: dict[Key, list[RuleEdge]] = defaultdict(list)  # stated rules not in A
        self.useful: list[bool] = []
        self.misleading_rules: set[Formula] = set()
        # Keys f with a gold fact f(c): a fact of G that is a context fact or stated by a useful step.
        self.gold_fact_keys: set[Key] = set()
        self.gold_rules_from: dict[Key, list[Key]] = defaultdict(list)
        for g in gold:
            lit = as_ground_literal(g)
            if lit is not None and g in theory.axiom_set:
                self.gold_fact_keys.add(lit[0])
            simple = as_simple_rule(g)
            if simple is not None:
                self.gold_rules_from[simple[0]].append(simple[1])

    # -- derivations of ground literals ---------------------------------------------------

    def _one_hop(self, key: Key, c: Const) -> Derivation | None:
        """The derivation :meth:`derive` finds when one context rule leads to ``key`` and the rule and
        its antecedent fact are both stated (a canonical Hop, most steps); else ``None``.
        """
        edges = self.theory.rules_into.get(key, ())
        if len(edges) != 1 or key in self.extra_rules_into:
            return None
        edge = edges[0]
        rule_idx = self.latest.get(edge.formula)
        if rule_idx is None:
            return None
        fact = ground(edge.antecedent, c)
        fact_idx = self.latest.get(fact)
        if fact_idx is None:
            return None
        premises = (rule_idx, fact_idx) if rule_idx > fact_idx else (fact_idx, rule_idx)
        useful = self.useful[rule_idx] and self.useful[fact_idx]
        return Derivation(1, premises, useful, fact, (edge.formula,))

    def derive(self, key: Key, constant: Const, broad: bool = False) -> Derivation | None:
        """The cheapest derivation of ``key(constant)`` from A and the stated steps; with ``broad``,
        modus tollens (a broad rule) may be used too.
        """
        memo: dict[Key, Derivation | None] = {}
        visiting: set[Key] = set()
        return descend(self._derive(key, constant, memo, visiting, broad),
                       lambda premise: self._derive(premise, constant, memo, visiting, broad))[0]

    def _derive(
        self, key: Key, c: Const, memo: dict[Key, Derivation | None], visiting: set[Key], broad: bool = False
    ) -> Generator[Key, tuple[Derivation | None, bool], tuple[Derivation | None, bool]]:
        """The cheapest derivation of ``key(c)`` and whether the cycle guard cut it short; it yields each
        premise it needs derived first (run by :func:`~prontocheck.engine.graphs.descend`, any depth).
        """
        fact = ground(key, c)
        idx = self.latest.get(fact)
        if idx is not None:
            return Derivation(0, (idx,), self.useful[idx], fact, ()), False
        if key in memo:
            return memo[key], False
        best = Derivation(1, (), True, fact, ()) if key in self.theory.facts.get(c, ()) else None
        visiting.add(key)
        cyclic = False
        # Hop: ∀x(f(x) → g(x)) and f(c) give g(c). Modus tollens (broad): ∀x(f(x) → g(x)) and ¬g(c) give ¬f(c).
        into = chain(self.theory.rules_into.get(key, ()), self.extra_rules_into.get(key, ()))
        steps = [(e, e.antecedent) for e in into]
        if broad:
            steps += [(e, _complement(e.consequent)) for e in self.theory.rules_from.get(_complement(key), ())]
        for edge, premise in steps:
            if premise in visiting:
                cyclic = True
                continue
            sub, sub_cyclic = yield premise
            cyclic |= sub_cyclic
            if sub is None:
                continue
            rule_idx = self.latest.get(edge.formula)
            premises = sub.premises if rule_idx is None else tuple(sorted((*sub.premises, rule_idx), reverse=True))
            candidate = Derivation(
                sub.cost + (1 if rule_idx is None else 0) + 1,
                premises,
                sub.all_useful and (rule_idx is None or self.useful[rule_idx]),
                sub.root,
                (*sub.rules, edge.formula),
            )
            if best is None or candidate.rank() < best.rank():
                best = candidate
        visiting.discard(key)
        if not cyclic:  # a result cut short by the cycle guard may not be reused elsewhere
            memo[key] = best
        return best, cyclic

    # -- rule composition (broad validity) ---------------------------------------------------

    def _rule_graph(self) -> nx.DiGraph:
        g = self.theory.graph.copy()
        for edges in self.extra_rules_into.values():
            for e in edges:
                g.add_edge(e.antecedent, e.consequent, formula=e.formula)
        return g

    def composition_premises(self, ante: Key, cons: Key) -> tuple[int, ...] | None:
        """Premises of ``∀x(ante → cons)`` by composition, or ``None`` if no rule path exists.

        Among the paths, the one that uses the most stated rules (then the shortest) is chosen.
        """
        if ante == cons:
            return ()
        # Every stated rule is itself a rule path of A (or a tautology), so A decides reachability.
        if not self.theory.reachable(ante, cons):
            return None
        graph = self._rule_graph()
        best: tuple[tuple[int, int], tuple[int, ...]] | None = None
        for path in islice(nx.all_simple_paths(graph, ante, cons), MAX_PATHS):
            used = (self.latest.get(graph.edges[a, b]["formula"]) for a, b in zip(path, path[1:]))
            stated = tuple(sorted((i for i in used if i is not None), reverse=True))
            rank = (-len(stated), len(path))
            if best is None or rank < best[0]:
                best = (rank, stated)
        return None if best is None else best[1]

    # -- one step ------------------------------------------------------------------------------

    def _rule_utility(self, formula: Formula, ante: Key, cons: Key) -> Utility:
        if formula in self.gold or (ante != cons and path_exists(self.gold_rules_from.get, ante, cons)):
            return USEFUL  # in the gold proof, or a shortcut along it
        return MISLEADING if ante in self.gold_fact_keys else OFF_PATH

    def _fact_utility(self, formula: Formula, derivation: Derivation) -> Utility:
        if formula in self.gold:
            return USEFUL
        root = derivation.root
        root_is_gold_fact = root in self.gold and (root in self.theory.axiom_set or self._stated_useful(root))
        if root_is_gold_fact and not any(r in self.misleading_rules for r in derivation.rules):
            return MISLEADING
        return OFF_PATH

    def _stated_useful(self, formula: Formula) -> bool:
        idx = self.latest.get(formula)
        return idx is not None and self.useful[idx]

    def classify(self, index: int, step: StepInput) -> StepResult:
        phi = step.formula
        if phi is None:
            unparseable = StepResult(index, step.text, None, UNPARSEABLE, None, None, False, (), step.reason)
            return self._record(unparseable)
        text, shown = step.text, str(phi)
        if phi in self.latest:  # a repeat: cost 0
            first = self.first[phi]
            utility = USEFUL if self.useful[first] else OFF_PATH
            return self._record(
                StepResult(index, text, shown, STRICT, True, utility, True, (self.latest[phi],), rule="Repeat"), phi
            )
        simple = as_simple_rule(phi)
        lit = as_ground_literal(phi)
        if phi in self.theory.axiom_set:  # one Ax application
            if simple is not None:
                utility = self._rule_utility(phi, *simple)
            elif lit is not None:
                utility = USEFUL if phi in self.gold else OFF_PATH
            else:
                utility = USEFUL if phi in self.gold else OFF_PATH
            return self._record(StepResult(index, text, shown, STRICT, True, utility, False, (), rule="Ax"), phi)
        if lit is not None:
            derivation = self._one_hop(*lit) or self.derive(*lit)
            if derivation is None and (derivation := self.derive(*lit, broad=True)) is not None:
                utility = self._fact_utility(phi, derivation)
                broad_fact = StepResult(index, text, shown, BROAD, False, utility, False, derivation.premises,
                                        rule="ModusTollens")
                return self._record(broad_fact, phi)
            if derivation is not None:
                utility = self._fact_utility(phi, derivation)
                return self._record(
                    StepResult(
                        index, text, shown, STRICT, derivation.cost <= 1, utility, False, derivation.premises,
                        rule="Hop",
                    ),
                    phi,
                )
        if simple is not None:
            premises = self.composition_premises(*simple)
            if premises is not None:
                utility = OFF_PATH if simple[0] == simple[1] else self._rule_utility(phi, *simple)
                broad = StepResult(index, text, shown, BROAD, False, utility, False, premises, rule="Composition")
                return self._record(broad, phi)
        return self._record(StepResult(index, text, shown, INVALID, None, None, False, ()))

    def _record(self, result: StepResult, formula: Formula | None = None) -> StepResult:
        useful = result.utility is USEFUL
        self.useful.append(useful)
        if formula is None:
            return result
        self.latest[formula] = result.index
        self.first.setdefault(formula, result.index)
        if result.redundant:
            return result
        simple = as_simple_rule(formula)
        if simple is not None:
            if result.utility is MISLEADING:
                self.misleading_rules.add(formula)
            if formula not in self.theory.axiom_set:
                self.extra_rules_into[simple[1]].append(RuleEdge(simple[0], simple[1], formula))
        elif useful and formula in self.gold:
            lit = as_ground_literal(formula)
            if lit is not None:
                self.gold_fact_keys.add(lit[0])
        return result


def classify_steps(theory: Theory, gold: Sequence[Formula], steps: Sequence[StepInput], *,
                   wording: Wording | None = None) -> tuple[StepResult, ...]:
    """Classify every step of a chain of thought on the three axes of the paper; an invalid step
    gets its reason (:func:`~prontocheck.prontoqa.reasons.with_reasons`, in ``wording``'s words).

    >>> from prontocheck.syntax import parse_statement as p
    >>> t = Theory.from_axioms([p(s) for s in ["Every cat is a carnivore.", "Fae is a cat."]])
    >>> gold = [p("Fae is a cat."), p("Every cat is a carnivore."), p("Fae is a carnivore.")]
    >>> steps = [StepInput(s, p(s)) for s in ["Fae is a cat.", "Fae is a carnivore."]]
    >>> [r.kind for r in classify_steps(t, gold, steps)]
    ['strict-atomic-useful', 'strict-non-atomic-useful']
    """
    classifier = _Classifier(theory, gold)
    return with_reasons(theory, steps, tuple(classifier.classify(i, s) for i, s in enumerate(steps)), wording=wording)
