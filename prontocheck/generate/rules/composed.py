"""Composed questions (PrOntoQA-OOD ``Composed``): a random composition of the deduction rules.

The original grows a random proof tree and rejects it until it has enough distinct rules; here a
proof is a random walk over what is known about the entity, drawn constructively: every stage
applies one rule to the last conclusion (a concept, a conjunction, a disjunction or a negated
concept), and a table of which walks can still be completed (to exactly the hops asked, with at
least ``rule_types`` distinct rules) keeps every draw feasible, so nothing is rejected.

======================== =================================== ===========================================
stage                    from → to                           gold steps
======================== =================================== ===========================================
modus ponens             concept, conjunction or disjunction the rule ("Every A is a B", "Every kind A
                         → concept, negated concept,         is a B", "Everything that is A or B is a
                         conjunction ("a kind B") or         C", "Every A is a B or a C"), the conclusion
                         disjunction ("a B or a C")
and-introduction         concept → conjunction               the new property facts, the conjunction
and-elimination          conjunction → its concept           the concept
or-introduction          concept → disjunction               the disjunction
or-elimination           disjunction of concepts → concept   per case "Assume …", its rule, the
                                                             conclusion; "Since …, E is a C."
proof by contradiction   negated concept C → negated concept "Assume E is a B. Every B is a C. E is a
                         (one case, modus tollens)           C. This contradicts with E is not a C.
                                                             E is not a B."
proof by contradiction   negated concept → conjunction of    the proof-by-contradiction question's cases
(last stage only)        negated concepts                    and the conjunction
======================== =================================== ===========================================

An and-elimination never undoes an and-introduction, nor an or-elimination an or-introduction
(the proof would not be the only one). Hops are the rule applications outside the cases (what
``lint-dataset`` counts for ``composed``): every stage is one, except the closing proof by
contradiction, which is one a case plus the conjunction. The premise is the first stage's input
(a concept, a conjunction, a disjunction or a negated concept). Metadata ``composition`` lists the
stages.

Relevant distractors: every concept the walk reaches outside a case has a second rule "Every A is
a X" (X a concept nothing else mentions).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from prontocheck.generate.config import GenerationError, GeneratorConfig
from prontocheck.generate.render import Lexicon
from prontocheck.generate.rules._ood import MAX_OOD_HOPS, Draft, OODRule, Pool, open_form, rule_of
from prontocheck.generate.rules.base import Assume, Contradicts, Since
from prontocheck.logic.formulas import And, Const, Formula

MP, AI, AE, OI, OE, PBC = ("modus-ponens", "and-intro", "and-elim", "or-intro", "or-elim",
                           "proof-by-contradiction")
RULE_TYPES = (MP, AI, AE, OI, OE, PBC)
"""The rules a composed proof mixes (``rule_types`` counts the distinct ones it uses)."""

# What is known about the entity after a stage: a concept; a conjunction or disjunction (from a
# rule or the premise, or introduced: "…I", which may not be eliminated again); a negated concept;
# a conjunction of negated concepts (only at the end).
POS, CONJ, CONJI, DISJ, DISJI, NEG, NEGCONJ = "pos", "conj", "conj-i", "disj", "disj-i", "neg", "neg-conj"
STARTS = (POS, CONJ, DISJ, NEG)


@dataclass(frozen=True, slots=True)
class Stage:
    """One stage of a composed proof: a rule applied to what is known, and what it gives."""

    name: str
    source: str
    target: str
    rules: frozenset[str]
    closing: bool = False  # the proof by contradiction with every case (its cost is width + 1)

    def cost(self, width: int) -> int:
        """Rule applications outside the cases."""
        return width + 1 if self.closing else 1


def _s(name: str, source: str, target: str, *rules: str, closing: bool = False) -> Stage:
    return Stage(name, source, target, frozenset(rules), closing)


STAGES = (
    *(_s(MP, POS, t, MP) for t in (POS, NEG, CONJ, DISJ)),
    *(_s(MP, s, t, MP) for s in (CONJ, CONJI, DISJ, DISJI) for t in (POS, NEG)),
    _s(AI, POS, CONJI, AI),
    _s(AE, CONJ, POS, AE),
    _s(OI, POS, DISJI, OI),
    _s(OE, DISJ, POS, OE, MP),
    _s(PBC, NEG, NEG, PBC, MP),
    _s(PBC, NEG, NEGCONJ, PBC, OI, MP, AI, closing=True),
)


@cache
def _feasible(state: str, left: int, covered: frozenset[str], wanted: int, width: int) -> bool:
    if left == 0:
        return len(covered) >= wanted
    return any(_feasible(s.target, left - s.cost(width), covered | s.rules, wanted, width)
               for s in STAGES if s.source == state and s.cost(width) <= left)


def walk(hops: int, wanted: int, width: int, rng: random.Random) -> tuple[str, list[Stage]]:
    """A start and stages of exactly ``hops`` hops using at least ``wanted`` distinct rules.

    Raises:
        GenerationError: no such walk exists.

    >>> start, stages = walk(3, 3, 2, random.Random(1))
    >>> sum(s.cost(2) for s in stages), len(frozenset().union(*(s.rules for s in stages))) >= 3
    (3, True)
    """
    starts = [s for s in STARTS if _feasible(s, hops, frozenset(), wanted, width)]
    if not starts:
        raise GenerationError(f"no composed proof of {hops} hops uses {wanted} distinct rules")
    state, covered, left = rng.choice(starts), frozenset[str](), hops
    start, stages = state, []
    while left:
        options = [s for s in STAGES if s.source == state and s.cost(width) <= left
                   and _feasible(s.target, left - s.cost(width), covered | s.rules, wanted, width)]
        stage = rng.choice(options)
        stages.append(stage)
        state, covered, left = stage.target, covered | stage.rules, left - stage.cost(width)
    return start, stages


class Composed(OODRule):
    """The composed rule module (see the module docstring)."""

    name = "composed"

    def needs(self, hops: int, width: int, relevant: bool) -> tuple[int, int]:
        """At most ``width`` concepts and ``width − 1`` properties a stage (and the premise)."""
        concepts = (hops + 1) * width + (hops + 1 if relevant else 0)
        return concepts, (hops + 1) * (width - 1)

    def min_hops(self, config: GeneratorConfig) -> tuple[int, str]:
        """The fewest hops that can use ``rule_types`` distinct rules, and why."""
        fewest = next((h for h in range(1, MAX_OOD_HOPS + 1) if _feasible_any(h, config.rule_types, config.width)), 0)
        if not fewest:
            return MAX_OOD_HOPS + 1, f"no composed proof uses {config.rule_types} distinct rules"
        return fewest, (f"a composed proof with {config.rule_types} distinct rules needs at least {fewest} hops "
                        f"(width {config.width})")

    def details(self, config: GeneratorConfig) -> dict[str, object]:
        """Width and the asked rule types (the walk's stages are added per question)."""
        return {"width": config.width, "rule_types": config.rule_types}

    def draft(self, pool: Pool, lexicon: Lexicon, entity: Const, hops: int, config: GeneratorConfig,
              relevant: bool, rng: random.Random) -> Draft:
        """Write a proof along a random walk (see the module docstring)."""
        start, stages = walk(hops, config.rule_types, config.width, rng)
        d = _Writer(pool, lexicon, entity, config.width, relevant).write(start, stages)
        d.details["composition"] = [s.name for s in stages]
        return d


def _feasible_any(hops: int, wanted: int, width: int) -> bool:
    return any(_feasible(s, hops, frozenset(), wanted, width) for s in STARTS)


class _Writer:
    """Writes the gold steps of a walk, one stage at a time, about one entity."""

    def __init__(self, pool: Pool, lexicon: Lexicon, entity: Const, width: int, relevant: bool) -> None:
        self.pool, self.lexicon, self.width, self.relevant = pool, lexicon, width, relevant
        self.d = Draft(entity, lexicon)
        self.stated = False  # whether the current formula has been stated in the gold
        self.kind = "lit"
        self.preds: list[str] = []  # the current formula's predicates (for a conjunction: adjectives, then the noun)
        self.positive = True

    def noun(self) -> str:
        return self.lexicon.noun(self.pool.concept())

    def adjective(self) -> str:
        return self.lexicon.adjective(self.pool.adjective())

    @property
    def current(self) -> Formula:
        return self.d.fact(self.preds, self.kind, self.positive)

    def state(self) -> None:
        """State the current formula if the gold has not (the premise, before a stage that uses it)."""
        if not self.stated:
            self.d.add(self.current)
            self.stated = True

    def reach(self, kind: str, preds: list[str], positive: bool = True, stated: bool = True) -> None:
        self.kind, self.preds, self.positive, self.stated = kind, preds, positive, stated
        if self.relevant and kind == "lit" and positive:
            self.d.branch_rules.append(rule_of(open_form(preds), open_form([self.noun()])))

    def write(self, start: str, stages: list[Stage]) -> Draft:
        w = self.width
        if start == POS:
            self.reach("lit", [self.noun()], stated=False)
        elif start == CONJ:
            self.reach("and", [*(self.adjective() for _ in range(w - 1)), self.noun()], stated=False)
        elif start == DISJ:
            self.reach("or", [self.noun() for _ in range(w)], stated=False)
        else:
            self.reach("lit", [self.noun()], positive=False, stated=False)
        self.d.facts.append(self.current)
        for stage in stages:
            getattr(self, "_" + stage.name.replace("-", "_"))(stage)
        return self.d

    def _modus_ponens(self, stage: Stage) -> None:
        self.state()
        w, antecedent = self.width, open_form(self.preds, self.kind)
        if stage.target == POS:
            kind, preds, positive = "lit", [self.noun()], True
        elif stage.target == NEG:
            kind, preds, positive = "lit", [self.noun()], False
        elif stage.target == CONJ:
            kind, preds, positive = "and", [*(self.adjective() for _ in range(w - 1)), self.noun()], True
        else:
            kind, preds, positive = "or", [self.noun() for _ in range(w)], True
        r = rule_of(antecedent, open_form(preds, kind, positive))
        self.d.rules.append(r)
        self.d.add(r, self.d.fact(preds, kind, positive))
        self.reach(kind, preds, positive)

    def _and_intro(self, stage: Stage) -> None:
        self.state()
        adjectives = [self.adjective() for _ in range(self.width - 1)]
        facts = [self.d.fact([a]) for a in adjectives]
        self.d.facts += facts
        preds = [*adjectives, *self.preds]
        self.d.add(*facts, self.d.fact(preds, "and"))
        self.reach("and", preds)

    def _and_elim(self, stage: Stage) -> None:
        self.state()
        noun = self.preds[-1]
        self.d.add(self.d.fact([noun]))
        self.reach("lit", [noun])

    def _or_intro(self, stage: Stage) -> None:
        self.state()
        preds = [*(self.adjective() for _ in range(self.width - 1)), *self.preds]
        self.d.add(self.d.fact(preds, "or"))
        self.reach("or", preds)

    def _or_elim(self, stage: Stage) -> None:
        disjunction, conclusion = self.current, self.noun()
        for case in self.preds:
            r = rule_of(open_form([case]), open_form([conclusion]))
            self.d.rules.append(r)
            self.d.paragraph()
            self.d.add(Assume(self.d.fact([case])), r, self.d.fact([conclusion]))
        self.d.paragraph()
        self.d.add(Since(disjunction, self.d.fact([conclusion])))
        self.d.paragraph()
        self.reach("lit", [conclusion])

    def _proof_by_contradiction(self, stage: Stage) -> None:
        denied, not_denied = self.preds[0], self.current
        if not stage.closing:
            case = self.noun()
            r = rule_of(open_form([case]), open_form([denied]))
            self.d.rules.append(r)
            self.d.paragraph()
            self.d.add(Assume(self.d.fact([case])), r, self.d.fact([denied]), Contradicts(not_denied),
                       self.d.fact([case], positive=False))
            self.d.paragraph()
            self.reach("lit", [case], positive=False)
            return
        cases = [self.noun() for _ in range(self.width)]
        r = rule_of(open_form(cases, "or"), open_form([denied]))
        self.d.rules.append(r)
        order = cases[::-1]
        for case in order:
            self.d.paragraph()
            self.d.add(Assume(self.d.fact([case])), self.d.fact(cases, "or"), r, self.d.fact([denied]),
                       Contradicts(not_denied), self.d.fact([case], positive=False))
        self.d.paragraph()
        self.d.add(And(tuple(self.d.fact([c], positive=False) for c in order)))
        self.reach("and", order, positive=False)
