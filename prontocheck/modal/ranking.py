"""The variably strict conditional: a ranking of the worlds, and the exact search for one.

The reading (``-s vs``, :class:`~prontocheck.modal.semantics.Semantics` ``conditional="variably_strict"``)
combines the probabilistic information state with a ranked model, the semantics of Lewis (1973,
*Counterfactuals*: systems of spheres), Stalnaker (1968, *A theory of conditionals*) and of the rational
consequence relations of Kraus, Lehmann and Magidor (1990, *Nonmonotonic reasoning, preferential models and
cumulative logics*; Lehmann and Magidor 1992 for the ranked models):

* a model is a distribution ``p`` over the worlds (truth assignments to the atoms) and a **ranking** of some of
  the worlds by 0, 1, 2, … (the others are not entertained at all), whose rank 0 is exactly the support of
  ``p``: the worlds the information state leaves open are the most normal ones (Stalnaker 1975, *Indicative
  conditionals*: an indicative selects within the context set when its antecedent is compatible with it;
  Spohn's ranking functions, whose belief set is the rank-0 worlds);
* "if φ, ψ" holds when ψ holds in every lowest-ranked φ-world, and vacuously when no φ-world is ranked;
* plain statements (known), *must*, *might*, *probably* and comparatives read ``p`` as in the other readings
  (Yalcin 2007, 2012: informational consequence); a modal in a consequent is restricted to the antecedent, and a
  nested conditional "if φ, then if χ, ψ" is "if φ ∧ χ, ψ" (the ranking restricted to the φ-worlds).

So where φ is live (p(φ) > 0) the conditional is the certain one, p(φ ∧ ¬ψ) = 0, and modus ponens, modus
tollens, the chancy patterns and "conditional to comparative" hold as they do under ``cert``; where φ is dead,
only the ranking of the dead worlds speaks, and contraposition, antecedent strengthening, hypothetical syllogism
and conditional excluded middle fail (a Lewis, not a Stalnaker, conditional: a rank may hold several worlds).

**The search.** The linear form (:mod:`prontocheck.modal.linear`) splits each conditional on whether its
antecedent is live: live, it is a row; dead, a :class:`~prontocheck.modal.linear.RankLiteral` beside the row
p(φ) = 0. Every world of a dead antecedent has probability 0, so the ranking literals of a case constrain only
ranks above 0 and are independent of the rows: a case has a model iff its rows have one (the LP) and its
literals have a ranking (:func:`rank`), and the two combine into one model.

:func:`rank` is exact. Given a ranking that satisfies the literals, number the distinct lowest ranks of their
antecedents 1, 2, …, k (a level per antecedent, ∞ for one with no ranked world). Every lowest-ranked world of an
antecedent α lies at α's level, every antecedent that holds in it has a level at most that one, and it meets the
consequent of every positive literal whose antecedent holds in it and has that level. Conversely, for a
placement of the antecedents on levels 1…k and ∞, put at level ℓ every world whose antecedents all have finite
levels, the highest of them ℓ, and that meets the consequents of the positive literals at level ℓ whose
antecedents hold in it; this ranking satisfies the literals iff every antecedent at a finite level has a world
at its level and every negative literal's antecedent has one there that falsifies its consequent (the lowest
antecedent-worlds are exactly those at its level, as a world at a lower level has no antecedent above it).
So the literals have a ranking iff one of the (n + 1)**n placements of the n antecedents passes that test: the
finite-model bound is the worlds themselves (a valuation ranked twice only counts at its lowest rank), and the
search tries every placement.

>>> from prontocheck.logic.formulas import Atom, Const, Not
>>> from prontocheck.modal.linear import RankLiteral
>>> a, b = Atom("a", (Const("x"),)), Atom("b", (Const("x"),))
>>> rank([RankLiteral(a, b, True), RankLiteral(a, b, False)], (a, b)) is None
True
>>> rank([RankLiteral(a, b, True), RankLiteral(Not(b), Not(a), False)], (a, b))  # contraposition fails
(1, 2, None, 2)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from prontocheck.errors import BudgetExceeded
from prontocheck.limits import MODAL_ANTECEDENTS
from prontocheck.logic.formulas import Atom
from prontocheck.modal.linear import RankLiteral, truth, worlds

Ranks = tuple[int | None, ...]
"""One rank per world (the order of :func:`~prontocheck.modal.linear.worlds`), ``None`` for a world not ranked."""


def rank(literals: Sequence[RankLiteral], atoms: Sequence[Atom]) -> Ranks | None:
    """A ranking of worlds, all at ranks 1 and above, that satisfies every literal; ``None`` when there is none.

    The search is exhaustive (the argument is in the module docstring); the first placement that passes, in the
    order of :func:`itertools.product`, gives the ranking.

    Raises:
        BudgetExceeded: more distinct antecedents than the limit ``modal_antecedents``.

    >>> from prontocheck.logic.formulas import Atom, Const
    >>> a = Atom("a", (Const("x"),))
    >>> rank([], (a,))
    (None, None)
    """
    ws = worlds(len(atoms))
    everywhere = range(len(ws))
    ants: dict[frozenset[int], int] = {}
    parsed = []
    for literal in literals:
        ant = frozenset(i for i in everywhere if truth(literal.antecedent, atoms, ws[i]))
        good = frozenset(i for i in everywhere if truth(literal.consequent, atoms, ws[i]))
        parsed.append((ants.setdefault(ant, len(ants)), good, literal.positive))
    if len(ants) > MODAL_ANTECEDENTS:
        raise BudgetExceeded("modal_antecedents", MODAL_ANTECEDENTS,
                             f"a ranking of the worlds of {len(ants)} antecedents")
    sets = list(ants)
    n = len(sets)
    holding = [tuple(j for j in range(n) if i in sets[j]) for i in everywhere]  # the antecedents true in world i
    for levels in itertools.product(range(n + 1), repeat=n):  # 0 stands for ∞ (no ranked world)
        used = {x for x in levels if x}
        if used != set(range(1, len(used) + 1)):
            continue
        ranks = _place(levels, holding, parsed)
        if ranks is not None and _passes(levels, ranks, sets, parsed):
            return ranks
    return None


def _place(levels: Sequence[int], holding: Sequence[tuple[int, ...]],
           parsed: Sequence[tuple[int, frozenset[int], bool]]) -> Ranks | None:
    """Every world at its level (the highest of its antecedents'), if it may stand there; else unranked."""
    ranks: list[int | None] = []
    for i, mine in enumerate(holding):
        if not mine or any(levels[j] == 0 for j in mine):
            ranks.append(None)
            continue
        top = max(levels[j] for j in mine)
        ok = all(i in good for j, good, positive in parsed if positive and levels[j] == top and j in mine)
        ranks.append(top if ok else None)
    return tuple(ranks)


def _passes(levels: Sequence[int], ranks: Ranks, sets: Sequence[frozenset[int]],
            parsed: Sequence[tuple[int, frozenset[int], bool]]) -> bool:
    for j, ant in enumerate(sets):
        if levels[j] and not any(ranks[i] == levels[j] for i in ant):
            return False
    return all(levels[j] and any(ranks[i] == levels[j] and i not in good for i in sets[j])
               for j, good, positive in parsed if not positive)
