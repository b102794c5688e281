"""Negating a formula the way "not" reads in PrOntoQA's sentences: through "and" and "or".

:func:`negate_inward` is the negation of a formula with ``¬`` pushed through ``∧`` and ``∨`` by De
Morgan's laws (``¬(a ∧ b)`` is ``¬a ∨ ¬b``), down to the operands that are neither: such an operand
loses its own negation (``¬¬a`` is ``a``, classically) or gains one. It is *not* a negation normal
form: ``¬`` stops at a quantifier or an implication (``¬∀x φ`` stays as it is) and does not enter a
negated operand (``¬¬(a ∧ b)`` is ``a ∧ b``). The sentence reader uses it for "Fae is not a wumpus and
a yumpus" read as a whole; the analyses use it for the negation of a ``True or false`` query.
"""

from __future__ import annotations

from prontocheck.logic.formulas import And, Formula, Not, Or, and_, or_


def negate_inward(formula: Formula) -> Formula:
    """The negation of ``formula``, ``¬`` pushed through ``∧`` and ``∨`` (see the module docstring).

    The formula is walked with an explicit stack: any nesting of ``∧`` and ``∨`` is negated without
    recursion.

    >>> from prontocheck.logic.formulas import Const, ForAll, X, atom, rule
    >>> fae = Const("Fae")
    >>> str(negate_inward(And((atom("wumpus", fae), Or((atom("kind", fae), Not(atom("shy", fae))))))))
    '¬wumpus(Fae) ∨ ¬kind(Fae) ∧ shy(Fae)'
    >>> str(negate_inward(rule(atom("cat", X), atom("dog", X))))
    '¬∀x(cat(x) → dog(x))'
    """
    done: list[Formula] = []
    stack: list[tuple[Formula, bool]] = [(formula, False)]
    while stack:
        f, expanded = stack.pop()
        if not isinstance(f, And | Or):
            done.append(f.operand if isinstance(f, Not) else Not(f))
        elif expanded:
            negated = done[len(done) - len(f.operands):]
            del done[len(done) - len(f.operands):]
            done.append(or_(*negated) if isinstance(f, And) else and_(*negated))
        else:
            stack.append((f, True))
            stack.extend((o, False) for o in reversed(f.operands))
    return done[0]
