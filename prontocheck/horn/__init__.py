"""The Horn closure: the least model of facts under Horn rules over relations, with strengths, derivation
records, violated constraints, what-if additions and retractions. :mod:`prontocheck.relations` decides with it.

Why it is not the PrOntoQA calculus (:mod:`prontocheck.engine.calculus`). Both chain rules and record how
each conclusion came about, but they answer different questions with different procedures:

* The PrOntoQA calculus is natural deduction over unary predicates: assumptions, proof by cases and by
  contradiction, modus tollens as a broad rule, and a *cost* per derivation. Its question is backward and
  local: the cheapest derivation of one formula from what a chain of thought has stated so far, asked again
  after every step (the stated set changes, so nothing is saturated once).
* The relational checks need the whole least model of function-free Horn clauses over binary relations
  (transitivity, inverses, inheritance: joins of several variables), built once per item set, layered by
  strength (strict, soft, default), with integrity constraints, and then asked "what if this fact were added?"
  and "what is lost without this source?" (delete and re-derive). None of that is natural deduction: it has no
  assumptions, and a derivation's weight is the weakest rule on it, not a sum of costs.

One procedure for both would either lose the calculus's assumptions and costs or give relations a
goal-directed search without the incremental what-if and retraction they are built on. The two share
everything below them (the formulas of :mod:`prontocheck.logic`, the budgets of :mod:`prontocheck.limits`);
each rule is written once in its own engine.

>>> from prontocheck.logic.formulas import Atom, Const, Var
>>> X, Y, Z = Var("X"), Var("Y"), Var("Z")
>>> rules = [Rule("transitive(r)", (Atom("r", (X, Y)), Atom("r", (Y, Z))), Atom("r", (X, Z)))]
>>> Atom("r", (Const("a"), Const("c"))) in Closure(rules, {Atom("r", (Const("a"), Const("b"))): ["i1"],
...                                                         Atom("r", (Const("b"), Const("c"))): ["i2"]})
True
"""

from prontocheck.horn.closure import (
    Closure,
    Derivation,
    Hypothesis,
    Retraction,
    Rule,
    Strength,
    Support,
    Violation,
)

__all__ = ["Closure", "Derivation", "Hypothesis", "Retraction", "Rule", "Strength", "Support", "Violation"]
