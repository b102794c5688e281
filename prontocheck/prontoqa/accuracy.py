"""Proof accuracies of one chain of thought: is the goal established under each metric?

Steps are read in order; for each metric M the set E_M of formulas established so far grows
(paper-semantics.md, "Proof accuracies"):

========== ======================================================================================
strict     one rule application (Ax; Hop whose fact and rule are in E_strict; …) from E_strict
non_atomic any number of strict rule applications from E_non_atomic ∪ A
broad      one rule application, broad rules (composition, modus tollens) included, from E_broad
valid      any number of rule applications, broad rules included, from E_valid ∪ A
========== ======================================================================================

A repeat of an established formula is established. The proof is correct under M iff some step
whose formula is the goal γ is established under M free of open assumptions. Each E_M is a
:class:`~prontocheck.engine.calculus.View` of the one derivation engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from prontocheck.engine import calculus
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
from prontocheck.engine.theory import Theory
from prontocheck.logic.formulas import Formula
from prontocheck.prontoqa.results import BROAD, METRICS, STRICT, ProofResult, StepResult
from prontocheck.prontoqa.steps import StepInput


def proof_accuracies(theory: Theory, formulas: Sequence[Formula | None], goal: Formula | None) -> ProofResult:
    """Whether the chain of thought proves ``goal`` under each of the four proof accuracies.

    ``formulas`` are the valid steps' logical forms in order (``None`` for the other steps).

    >>> from prontocheck.syntax import parse_statement as p
    >>> t = Theory.from_axioms([p("Every cat is a carnivore."), p("Fae is a cat.")])
    >>> proof_accuracies(t, [p("Fae is a cat."), p("Fae is a carnivore.")], p("Fae is a carnivore."))
    ProofResult(strict=False, non_atomic=True, broad=False, valid=True)
    """
    steps = [StepInput("", f) for f in formulas]
    return natural_accuracies(theory, steps, [f is not None for f in formulas], goal)


_LIMITS = {"strict": (1, False), "non_atomic": (None, False), "broad": (1, True), "valid": (None, True)}


def natural_accuracies(theory: Theory, steps: Sequence[StepInput], valid: Sequence[bool],
                       goal: Formula | None, *, results: Sequence[StepResult] | None = None) -> ProofResult:
    """The four proof accuracies of the steps offered (``valid``: the valid steps not abandoned).

    A step is established under a metric when it is obtainable from the steps established before it
    (and the context) in one rule application (``strict``, ``broad``) or any number
    (``non_atomic``, ``valid``), with broad rules only under ``broad`` and ``valid``; the proof is
    correct when the goal is established without open assumptions. ``results``, the steps' classification,
    spares a search where it already shows a one-step derivation from steps established here.
    """
    if goal is None:
        return ProofResult(False, False, False, False)
    goal_key = statement_key(goal)
    keys = [FALSUM if step.kind == "contradiction" or step.formula is None else statement_key(step.formula)
            for step in steps]
    stating = [i for i, (step, ok, key) in enumerate(zip(steps, valid, keys))
               if ok and key == goal_key and step.kind == "statement"]
    if not stating:  # no step states the goal: nothing to establish
        return ProofResult(False, False, False, False)
    assumes = any(ok and step.kind == "assume" for step, ok in zip(steps, valid))
    # The valid steps up to the goal's last statement (those after it change nothing).
    offered = [_Offered(i, step, key, step.formula in theory.axiom_set)
               for i, (step, ok, key) in enumerate(zip(steps, valid, keys)) if ok and i <= stating[-1]]
    goal_step = offered[-1]  # the goal's last statement
    index = theory.shapes
    proved = dict.fromkeys(METRICS, False)
    spent = 0  # the metrics share one derivation budget (limits.DERIVE_WORK)
    by_strict: set[int] = set()  # the steps established under strict, when no step assumes anything
    tried_strict: set[int] = set()  # the steps strict looked at (established or not), then
    for name in METRICS:
        limit, broad = _LIMITS[name]
        if limit is None and not assumes and calculus.SHORTCUTS:
            # Without assumptions E_M holds only consequences of the context, so a step is established under a
            # chaining metric iff it follows from the context alone: only a statement of the goal need be asked.
            # (And non_atomic ⊆ valid: what strict rules derive from the context, broad ones do too.) The
            # classification may show that without a search: the goal derived through steps each so derived.
            if not (broad and proved["non_atomic"]):
                if results is not None and _from_context(results, goal_step.at, broad):
                    proved[name] = True
                else:
                    view = View(index, [], {}, work=spent)
                    proved[name] = any(not d.hyps for d in _candidates(view, goal_step, broad))
                    spent = view.work
            proved[name] |= broad and proved["non_atomic"]
            continue
        view = View(index, [True] * len(steps), {}, work=spent)
        free: set[int] = set()  # the steps established here on no assumption
        classified = results if limit is not None and calculus.SHORTCUTS else None  # (what it spares: below)
        as_strict = broad  # E_broad = E_strict so far
        recording = name == "strict" and not assumes
        for o in offered:
            if recording:
                tried_strict.add(o.at)
            if classified is not None and (_one_step(classified[o.at], o, free) or broad and o.at in by_strict):
                # (What the search below finds: a derivation of cost 1 on no assumption exists. Without assumptions
                # E_strict ⊆ E_broad at every step, so what strict establishes broad does too.)
                hyps = NO_HYPS
            else:
                # Any derivation within the metric's limit will do; one free of assumptions is preferred.
                # (No strict step of the classification's length or less; or, under broad while E_broad = E_strict,
                # none that strict found.)
                strict = classified is None or bool(view.assumptions) or not (
                    _beyond_one_strict_step(classified[o.at]) or as_strict and o.at in tried_strict)
                if not strict and not broad:
                    continue
                within = [d for d in _candidates(view, o, broad, limit, strict=strict)
                          if limit is None or d.cost <= limit]
                if not within:
                    continue
                hyps = min(within, key=lambda d: (bool(d.hyps), d.cost)).hyps
            view.add(o.key, o.at, hyps, o.step.formula, o.in_context)
            if not hyps:
                free.add(o.at)
            if recording:
                by_strict.add(o.at)
            as_strict &= o.at in by_strict
            if o.key == goal_key and not hyps:
                proved[name] = True
                break
        spent = view.work
    return ProofResult(**proved)


def _one_step(result: StepResult, offered: _Offered, free: set[int]) -> bool:
    """The classification derived a fact in one strict step on no assumption, from steps established here on
    none: the same derivation establishes it under every metric.
    """
    return (result.validity is STRICT and bool(result.atomic) and not result.assumptions
            and offered.step.kind == "statement" and isinstance(offered.key, Fact) and free.issuperset(result.premises))


def _from_context(results: Sequence[StepResult], at: int, broad: bool) -> bool:
    """The classification derived step ``at`` on no assumption from the context and earlier steps each so
    derived, with strict rules (and broad ones, with ``broad``): then its formula follows from the context alone
    in that calculus (by induction on the steps; ``False`` says nothing).
    """
    todo, seen = [at], {at}
    while todo:
        result = results[todo.pop()]
        if result.assumptions or not (result.validity is STRICT or broad and result.validity is BROAD):
            return False
        for premise in result.premises:
            if premise not in seen:
                seen.add(premise)
                todo.append(premise)
    return True


def _beyond_one_strict_step(result: StepResult) -> bool:
    """The classification found no strict derivation of the step, or only ones of more than one rule application:
    from the steps established under a metric (a subset of those stated before it) none is shorter.
    """
    return result.validity is BROAD or result.validity is STRICT and result.atomic is False


class _Offered(NamedTuple):
    """An offered step, with what it states and whether the context states it (worked out once)."""

    at: int
    step: StepInput
    key: StatementKey
    in_context: bool


def _candidates(view: View, offered: _Offered, broad: bool, limit: int | None = None, *,
                strict: bool = True) -> list[Derivation]:
    """The derivations a metric may use for a step: strict ones (unless ``strict`` says none is within reach),
    broad ones under broad metrics, and for each the cheapest and the cheapest free of assumptions (of at most
    ``limit`` cost where it says).
    """
    found: list[Derivation | None] = []
    i, step, key, in_context = offered
    if step.kind == "contradiction":
        found = [view.contradiction(step.formula, broad=False, max_cost=limit),
                 view.contradiction(step.formula, broad=True, max_cost=limit) if broad else None]
    elif step.kind == "assume":
        view.assumptions[i] = key
        found = [Derivation(Rule.ASSUME, 1, (), frozenset({i}), True, key)]
    elif isinstance(key, Fact):
        # (Without assumptions every derivation is closed: one search per calculus. A broad derivation does not
        # beat a strict one that fits the limit and rests on nothing.)
        for closed in (True, False) if view.assumptions else (False,):
            narrow = view.best_for_step(key, broad=False, closed=closed, max_cost=limit)[0] if strict else None
            found.append(narrow)
            if broad and (narrow is None or narrow.hyps or limit is None or not calculus.SHORTCUTS):
                found.append(view.derive(key.shape, key.constant, broad=True, mask=key, closed=closed,
                                         max_cost=limit))
    elif view.stated.get(key):
        found = [Derivation(Rule.REPEAT, 0, (), NO_HYPS, True, key)]
    elif in_context or (isinstance(key, RuleKey) and tuple(key) in view.index.rule_keys):
        found = [Derivation(Rule.AX, 1, root=key)]
    elif broad and isinstance(key, RuleKey) and view.reaches(*key):
        found = [Derivation(Rule.COMPOSITION, 1, root=key)]
    return [d for d in found if d is not None]
