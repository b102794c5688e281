"""Why an invalid step does not follow, in one line of the problem's own words.

The step classifier (:mod:`.steps`) calls :func:`with_reasons` on its results. A reason is computed only for an
invalid step, against the context axioms and the valid steps before it, in the generator's English
(:mod:`prontocheck.syntax.english`), on one line without a final full stop. The first that applies:

- A predicate no context sentence uses: ``not derivable: 'blicket' is not a concept or property of
  the context``.
- A fact about an individual that neither the context nor an earlier valid step mentions: ``not
  derivable: nothing is known about Bob``.
- The negation of a fact follows: ``contradicts the context: every jompus is not shy, and Max is a
  jompus`` (the rule that gives the negation and the fact it applies to, or the fact itself when
  the context or an earlier step states it; ``every wumpus is a yumpus, and Fae is not a yumpus``
  by modus tollens; ``Polly is a shumpus or a wumpus, and Polly is a rompus either way`` by cases).
  ``contradicts the assumption that Fae is a wumpus: …`` when it follows only under an assumption.
- Proofs by contradiction: ¬α concluded while no valid ⊥ rests on the assumption α: ``not derivable:
  no contradiction has been derived from the assumption that Fae is an impus``; right after a ⊥,
  another conclusion: ``not derivable: the contradiction rests on the assumption that Fae is an
  impus, not that Fae is a lempus``.
- A conjunction: its first conjunct (as written) that does not follow, with the conjunct's own reason:
  ``not derivable: the conjunct Stella is a tumpus does not follow (no rule leads from brimpus to
  tumpus)``. A disjunction none of whose disjuncts follows: ``not derivable: neither Stella is a
  tumpus nor Stella is orange follows`` (``none of its disjuncts follows (…)`` for three or more).
- A fact that follows only by a proof the chain did not make: ``not derivable: it needs a proof by
  cases on Polly is a shumpus or a wumpus`` (each case leads to it) or ``not derivable: it needs a
  proof by contradiction from the assumption that Fae is an impus`` (its negation leads to one).
- Otherwise, a fact g(c): ``not derivable: no rule leads from wumpus to dull``, where wumpus is what
  the individual is known to be: the concept (a noun) of the most recent valid step about it that
  states one, a conjunction counting by its conjuncts, else of its context facts; failing a noun,
  the most recent property, then the most recent negative literal. Concepts are what rules chain
  through (properties end the chains), so this is the premise the model most likely reasoned from;
  and as it holds, the reason is exact: had a path of rules led from it to g, g(c) would have
  followed. With no literal known: ``not derivable: no rule leads to dull from what is known
  about Fae``.
- A rule ∀x(f → g): ``contradicts the context: every f is not g`` (the rules lead from f to ¬g),
  ``not derivable: the rules lead from g to f, not from f to g`` (reversed), ``not derivable: no
  rule leads from f to g``; a conjunctive consequent names its first unreachable conjunct, or says
  ``the rules lead from f to g and to h only separately (composition does not join them)``.
- ``This contradicts with χ`` where nothing contradicts: ``no contradiction: Fae is not a shumpus
  does not follow`` (χ or its negation, whichever does not), adding ``(but Fae is not a lorpus is
  contradicted)`` when the steps do contradict another fact; a bare ``This is a contradiction``:
  ``no contradiction: no fact stated so far is contradicted``. An ``Assume`` of anything but a
  fact: ``an assumption must be a fact about one individual``.
- Otherwise :data:`GENERIC`: ``not derivable from the context and the earlier steps``.

A conclusion under open assumptions is valid (it carries them; see :mod:`.steps`), so no step is
invalid for depending on one: the proof accuracies treat it. What follows about an individual is
read from a forward closure of its facts under the context's and the stated rules
(:mod:`prontocheck.engine.consequences`), which records for each fact the rule and premise that
first gave it; the classifiers alone decide validity. Facts stated under
an assumption count while the assumption is in force: until a step discharges it (or-elimination,
proof by contradiction) or a new ``Assume`` opens the next case (case splits are not nested).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from operator import attrgetter
from typing import TYPE_CHECKING

from prontocheck.engine.consequences import (
    Consequences,
    How,
    Hyps,
    RuleIndex,
    Triggers,
    Why,
    index_edges,
    predicates,
    rule_edges,
)
from prontocheck.engine.graphs import path_exists
from prontocheck.engine.shapes import (
    Compound,
    Op,
    Shape,
    complement,
    ground_shape,
    parts,
    rule_shapes,
    sort_key,
    sorted_shapes,
)
from prontocheck.engine.theory import Theory
from prontocheck.logic.formulas import And, Const, Formula, Or
from prontocheck.prontoqa.phrasing import fact_sentence, phrase, rule_sentence, sentence
from prontocheck.prontoqa.results import BROAD, INVALID, STRICT, StepResult
from prontocheck.syntax.english import Wording, coordinate
from prontocheck.syntax.forms import ASSUME, CONTRADICTION

if TYPE_CHECKING:
    from prontocheck.prontoqa.steps import StepInput

GENERIC = "not derivable from the context and the earlier steps"
"""The reason when no more specific one applies."""

_DISCHARGING = frozenset({"OrElim", "Contradiction"})
"""The rules of a statement that discharge assumptions (proof by cases, proof by contradiction)."""

_VALIDITY = attrgetter("validity")

MAX_CASE_DEPTH = 4
"""How deep the reasons nest case splits when they look for what follows by cases."""


def _operands(formula: Formula, shape: Shape) -> list[Shape]:
    """The conjuncts or disjuncts of a compound ground shape in the order the step writes them."""
    written = [g[0] for o in formula.operands if (g := ground_shape(o)) is not None] if isinstance(
        formula, And | Or) else []
    if not isinstance(shape, Compound) or set(written) != shape.parts:
        return sorted_shapes(shape.parts if isinstance(shape, Compound) else frozenset())
    return list(dict.fromkeys(written))


class _Knowledge:
    """The context and the valid steps so far, as the reasons read them."""

    def __init__(self, theory: Theory, wording: Wording) -> None:
        self.theory = theory
        self.wording = wording
        self.context = RuleIndex.of(theory)
        self.extra: dict[Shape, set[Shape]] = defaultdict(set)  # stated rules not in the context
        self.extra_triggers: Triggers = {}
        self.closures: dict[tuple[Const, bool, tuple[Shape, ...]], Consequences] = {}  # since the last step
        # valid facts, each once, in the order last stated (a dict as an ordered set)
        self.about: dict[Const, dict[tuple[Shape, Hyps], None]] = defaultdict(dict)
        self.assumed: dict[int, tuple[Shape, Const]] = {}
        self.closed: set[int] = set()  # assumptions whose case or proof by contradiction has ended
        self.falsa: list[Hyps] = []  # the assumptions of each valid ⊥
        self.last_falsum: Hyps | None = None  # the most recent valid step was a ⊥ with these assumptions

    # -- what the valid steps add --------------------------------------------------------------------

    def add(self, index: int, step: StepInput, result: StepResult) -> None:
        """Record a valid step (what follows is computed again only when the step adds something: a statement
        repeated thousands of times costs each repeat a lookup, not a new closure).
        """
        hyps = frozenset(result.assumptions)
        self.last_falsum = None
        if step.kind == CONTRADICTION:
            self.closures.clear()
            self.falsa.append(hyps)
            self.last_falsum = hyps
            return
        if step.formula is None:
            return
        closed = len(self.closed)
        if result.rule in _DISCHARGING:  # or-elimination and proof by contradiction end their cases
            self.closed.update(a for a in self.assumed if a not in hyps)
        changed = len(self.closed) != closed
        if (g := ground_shape(step.formula)) is not None:
            if step.kind == ASSUME:  # a new case: the cases before it have ended (splits are not nested)
                self.closed.update(self.assumed)
                self.assumed[index] = g
                changed = True
            about, fact = self.about[g[1]], (g[0], hyps)
            if next(reversed(about), None) != fact:  # new, or stated again after others: now the latest
                about.pop(fact, None)
                about[fact] = None
                changed = True
        elif (r := rule_shapes(step.formula)) is not None and step.formula not in self.theory.axiom_set:
            if r[1] not in self.extra[r[0]]:
                self.extra[r[0]].add(r[1])
                index_edges(rule_edges(r[0], r[1], step.formula), self.extra_triggers)
                changed = True
        if changed:
            self.closures.clear()

    def _in_force(self, hyps: Hyps) -> bool:
        return not hyps & self.closed

    # -- what follows ----------------------------------------------------------------------------------

    def closure(self, c: Const, *, with_hyps: bool = True, cases: tuple[Shape, ...] = ()) -> Consequences:
        """What follows about ``c`` from the context and the valid steps (``with_hyps``: also those that
        rest on assumptions still in force), and from the ``cases`` supposed.
        """
        key = (c, with_hyps, cases)
        found = self.closures.get(key)
        if found is None:
            seeds = [(s, Why(How.GIVEN, frozenset())) for s in sorted_shapes(frozenset(self.context.facts.get(c, ())))]
            seeds += [(s, Why(How.GIVEN, h)) for s, h in self.about.get(c, ())
                      if not h or with_hyps and self._in_force(h)]
            seeds += [(case, Why(How.CASE, frozenset())) for case in cases]
            found = self.closures[key] = Consequences(seeds, (self.context.triggers, self.extra_triggers))
        return found

    def reaches(self, source: Shape, target: Shape) -> bool:
        """A path of rules (context and stated) and and-eliminations, as rule composition takes it."""
        def successors(node: Shape) -> set[Shape]:
            return self.context.after.get(node, set()) | self.extra.get(node, set()) | parts(node, "and")
        return source == target or path_exists(successors, source, target)

    # -- words ---------------------------------------------------------------------------------------------

    def fact(self, shape: Shape, c: Const) -> str:
        return fact_sentence(shape, c, self.wording) or f"{c.name} is {phrase(shape, self.wording)}"

    def rule(self, antecedent: Shape, consequent: Shape) -> str:
        return rule_sentence(antecedent, consequent, self.wording) or (
            f"everything that is {phrase(antecedent, self.wording)} is {phrase(consequent, self.wording)}")

    def because(self, closure: Consequences, support: list[Shape], c: Const) -> str:
        """What establishes the supporting shapes: the rule and the fact it applies to, or the fact as given."""
        out = []
        for shape in support:
            why = closure.known[shape]
            while why.how is How.AND_ELIM:  # a conjunct: say where the conjunction came from
                shape = why.premises[0]
                why = closure.known[shape]
            if why.rule is None:
                out.append(self.fact(shape, c))
                continue
            premise = why.premises[0] if len(why.premises) == 1 else Compound(Op.AND, frozenset(why.premises))
            out.append(f"{sentence(why.rule, self.wording)}, and {self.fact(premise, c)}")
        return "; ".join(dict.fromkeys(out))

    # -- reasons -----------------------------------------------------------------------------------------

    def reason(self, step: StepInput) -> str:
        """Why an invalid step does not follow (see the module doc)."""
        phi = step.formula
        if step.kind == CONTRADICTION:
            return self._no_contradiction(phi)
        if phi is None:
            return step.reason or GENERIC
        if step.kind == ASSUME:
            return "an assumption must be a fact about one individual"
        unknown = [p for p in predicates(phi) if p not in self.context.predicates]
        if unknown:
            words = [f"'{self.wording.word(p).text}'" for p in unknown]
            if len(words) == 1:
                return f"not derivable: {words[0]} is not a concept or property of the context"
            return f"not derivable: {coordinate(words, 'and')} are not concepts or properties of the context"
        if (g := ground_shape(phi)) is not None:
            shape, c = g
            if c not in self.context.facts and not self.about.get(c):
                return f"not derivable: nothing is known about {c.name}"
            return self._fact(shape, c, _operands(phi, shape))
        if (r := rule_shapes(phi)) is not None:
            return self._rule(*r)
        return GENERIC

    def _fact(self, shape: Shape, c: Const, order: list[Shape]) -> str:
        found = self._unrefuted(shape, c) or self._contradicted(shape, c) or self._wrong_discharge(shape, c)
        if found is not None:
            return found
        closure = self.closure(c)
        if parts(shape, "and"):
            for part in order:
                if closure.support(part) is None:
                    detail = self._literal(part, c, closure) if isinstance(part[1], bool) else GENERIC
                    return (f"not derivable: the conjunct {self.fact(part, c)} does not follow"
                            + (f" ({detail.removeprefix('not derivable: ')})" if detail != GENERIC else ""))
            return GENERIC
        if parts(shape, "or"):
            if any(closure.support(d) is not None for d in order):
                return GENERIC
            texts = [self.fact(d, c) for d in order]
            if len(texts) == 2:
                return f"not derivable: neither {texts[0]} nor {texts[1]} follows"
            return f"not derivable: none of its disjuncts follows ({', '.join(texts)})"
        return self._literal(shape, c, closure)

    def _literal(self, shape: Shape, c: Const, closure: Consequences) -> str:
        """A literal that does not follow (nor does its negation)."""
        if closure.support(shape) is not None:
            return GENERIC
        return self._by_cases(shape, c, closure) or self._by_contradiction(shape, c) or self._no_rule(shape, c)

    def _display_order(self, shapes: frozenset[Shape]) -> list[Shape]:
        return sorted(shapes, key=lambda s: (not isinstance(s[1], bool) or not s[1], sort_key(s)))

    def _contradicted(self, shape: Shape, c: Const) -> str | None:
        """``contradicts …`` when the negation of ``shape`` follows."""
        opposite = complement(shape)
        closure = self.closure(c, with_hyps=False)
        if (support := closure.support(opposite)) is not None:
            return f"contradicts the context: {self.because(closure, support, c)}"
        if (cases := self._cases(opposite, c, closure, with_hyps=False)) is not None:
            return f"contradicts the context: {self.fact(cases, c)}, and {self.fact(opposite, c)} either way"
        if not any(h and self._in_force(h) for _, h in self.about.get(c, ())):
            return None
        closure = self.closure(c)
        if (support := closure.support(opposite)) is None:
            return None
        because = self.because(closure, support, c)
        hyps = closure.hyps(support)
        assumed = self.assumed.get(max(hyps)) if hyps else None
        if assumed is None:
            return f"contradicts the context: {because}"
        what = self.fact(*assumed)
        return f"contradicts the assumption that {what}" + ("" if because == what else f": {because}")

    def _unrefuted(self, shape: Shape, c: Const) -> str | None:
        """The negation of an assumption concluded before a contradiction rests on it."""
        negation = (complement(shape), c)
        for a in sorted(self.assumed, reverse=True):
            if self.assumed[a] == negation:
                if any(a in hyps for hyps in self.falsa):
                    return None
                return ("not derivable: no contradiction has been derived from the assumption that "
                        f"{self.fact(*negation)}")
        return None

    def _wrong_discharge(self, shape: Shape, c: Const) -> str | None:
        """Right after a ⊥: a conclusion other than the negation of an assumption the ⊥ rests on."""
        if not self.last_falsum:
            return None
        negation = (complement(shape), c)
        if negation in (self.assumed.get(a) for a in self.last_falsum):
            return None
        latest = self.assumed.get(max(self.last_falsum))
        if latest is None:
            return None
        return (f"not derivable: the contradiction rests on the assumption that {self.fact(*latest)}, "
                f"not that {self.fact(*negation)}")

    def _cases(self, shape: Shape, c: Const, closure: Consequences, *, with_hyps: bool = True,
               supposed: tuple[Shape, ...] = ()) -> Shape | None:
        """A disjunction in ``closure`` each of whose cases leads to ``shape`` (or-elimination, with
        case splits nested up to :data:`MAX_CASE_DEPTH` deep), or ``None``.
        """
        def follows(case: Shape) -> bool:
            inner = self.closure(c, with_hyps=with_hyps, cases=(*supposed, case))
            return inner.support(shape) is not None or (
                len(supposed) + 1 < MAX_CASE_DEPTH
                and self._cases(shape, c, inner, with_hyps=with_hyps, supposed=(*supposed, case)) is not None)

        for known in sorted_shapes(frozenset(closure.known)):
            cases = parts(known, "or")
            if cases and shape not in cases and not cases & set(supposed) and all(follows(case) for case in cases):
                return known
        return None

    def _by_cases(self, shape: Shape, c: Const, closure: Consequences) -> str | None:
        """A claim that follows from each case of a known disjunction, claimed without the proof by cases."""
        disjunction = self._cases(shape, c, closure)
        if disjunction is None:
            return None
        return f"not derivable: it needs a proof by cases on {self.fact(disjunction, c)}"

    def _by_contradiction(self, shape: Shape, c: Const) -> str | None:
        """A claim whose negation leads to a contradiction, claimed without the proof by contradiction."""
        negation = complement(shape)
        if (self.closure(c, with_hyps=False).clash() is None
                and self.closure(c, with_hyps=False, cases=(negation,)).clash() is not None):
            return ("not derivable: it needs a proof by contradiction from the assumption that "
                    f"{self.fact(negation, c)}")
        return None

    def _premise(self, c: Const) -> Shape | None:
        """What the individual is known to be (see the module doc)."""
        stated = [s for s, h in reversed(self.about.get(c, ())) if self._in_force(h)]
        literals = [lit for shape in (*stated, *sorted_shapes(frozenset(self.context.facts.get(c, ()))))
                    for lit in ([shape] if isinstance(shape[1], bool) else sorted_shapes(parts(shape, "and")))
                    if isinstance(lit[1], bool)]
        nouns = [lit for lit in literals if lit[1] and self.wording.word(str(lit[0])).noun]
        return next(iter(nouns or [lit for lit in literals if lit[1]] or literals), None)

    def _no_rule(self, shape: Shape, c: Const) -> str:
        premise = self._premise(c)
        target = phrase(shape, self.wording)
        if premise is not None and premise != shape and not self.reaches(premise, shape):
            return f"not derivable: no rule leads from {phrase(premise, self.wording)} to {target}"
        return f"not derivable: no rule leads to {target} from what is known about {c.name}"

    def _rule(self, antecedent: Shape, consequent: Shape) -> str:
        for part in [consequent] if isinstance(consequent[1], bool) else sorted_shapes(parts(consequent, "and")):
            if isinstance(part[1], bool) and self.reaches(antecedent, complement(part)):
                return f"contradicts the context: {self.rule(antecedent, complement(part))}"
        a, b = phrase(antecedent, self.wording), phrase(consequent, self.wording)
        if antecedent != consequent and self.reaches(consequent, antecedent):
            return f"not derivable: the rules lead from {b} to {a}, not from {a} to {b}"
        if conjuncts := self._display_order(parts(consequent, "and")):
            missing = [p for p in conjuncts if not self.reaches(antecedent, p)]
            if missing:
                return f"not derivable: no rule leads from {a} to {phrase(missing[0], self.wording)}"
            each = coordinate([f"to {phrase(p, self.wording)}" for p in conjuncts], "and")
            return f"not derivable: the rules lead from {a} {each} only separately (composition does not join them)"
        if not self.reaches(antecedent, consequent):
            return f"not derivable: no rule leads from {a} to {b}"
        return GENERIC

    def _no_contradiction(self, chi: Formula | None) -> str:
        if chi is None:
            return "no contradiction: no fact stated so far is contradicted"
        g = ground_shape(chi)
        if g is None:
            return "no contradiction: only a fact about one individual can be contradicted"
        shape, c = g
        closure = self.closure(c)
        for claim in (shape, complement(shape)):
            if closure.support(claim) is None:
                clash = closure.clash()
                if clash is None:
                    return f"no contradiction: {self.fact(claim, c)} does not follow"
                if closure.known[clash].how is not How.GIVEN or closure.known[clash].hyps:
                    clash = complement(clash)  # name the fact as given, as the generator's proofs do
                return (f"no contradiction: {self.fact(claim, c)} does not follow "
                        f"(but {self.fact(clash, c)} is contradicted)")
        return GENERIC


def with_reasons(theory: Theory, steps: Sequence[StepInput], results: tuple[StepResult, ...], *,
                 wording: Wording | None = None) -> tuple[StepResult, ...]:
    """The results with a one-line reason on every invalid step (see the module doc); the rest as they were.

    Args:
        theory: the context's axioms.
        steps: the steps as classified.
        results: their classification, one per step.
        wording: how the context writes its predicates (default: nouns, but for listed adjectives).

    >>> from prontocheck.syntax import parse_statement as p
    >>> from prontocheck.prontoqa.steps import StepInput, classify_steps
    >>> t = Theory.from_axioms([p(s) for s in ["Every jompus is not shy.", "Max is a jompus."]])
    >>> steps = [StepInput(s, p(s)) for s in ["Max is a jompus.", "Max is shy.", "Bob is a jompus."]]
    >>> [r.reason for r in with_reasons(t, steps, classify_steps(t, [], steps))]  # doctest: +NORMALIZE_WHITESPACE
    [None, 'contradicts the context: every jompus is not shy, and Max is a jompus',
     'not derivable: nothing is known about Bob']
    """
    if INVALID not in map(_VALIDITY, results):  # most outputs: nothing to explain
        return results
    knowledge = _Knowledge(theory, wording or Wording())
    out = list(results)
    last = max(i for i, r in enumerate(results) if r.validity is INVALID)
    for i, (step, result) in enumerate(zip(steps[:last + 1], results)):
        if result.validity is INVALID:
            out[i] = replace(result, reason=knowledge.reason(step))
        elif result.validity is STRICT or result.validity is BROAD:
            knowledge.add(i, step, result)
    return tuple(out)


def reason(theory: Theory, steps: Sequence[StepInput], results: Sequence[StepResult], step: StepInput, *,
           wording: Wording | None = None) -> str:
    """Why ``step`` does not follow from the context and the valid ones among the earlier ``steps``.

    Args:
        theory: the context's axioms.
        steps: the steps before it.
        results: their classification (only valid steps count, with their assumptions).
        step: an invalid step.
        wording: how the context writes its predicates.

    >>> from prontocheck.syntax import parse_statement as p
    >>> from prontocheck.prontoqa.steps import StepInput
    >>> t = Theory.from_axioms([p(s) for s in ["Every wumpus is a yumpus.", "Fae is a wumpus."]])
    >>> reason(t, [], [], StepInput("Every yumpus is a wumpus.", p("Every yumpus is a wumpus.")))
    'not derivable: the rules lead from wumpus to yumpus, not from yumpus to wumpus'
    """
    knowledge = _Knowledge(theory, wording or Wording())
    for i, (s, r) in enumerate(zip(steps, results)):
        if r.validity is STRICT or r.validity is BROAD:
            knowledge.add(i, s, r)
    return knowledge.reason(step)
