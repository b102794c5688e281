"""Printing of logical forms in the paper's notation, with precedence-aware parentheses.

The output is readable and exact: :func:`prontocheck.syntax.parse_formula` reads it back to
an equal formula (a property test checks ``parse_formula(to_str(f)) == f``).

>>> from prontocheck.logic.formulas import Const, X, atom, rule, Not
>>> to_str(rule(atom("cat", X), atom("carnivore", X)))
'∀x(cat(x) → carnivore(x))'
>>> to_str(Not(atom("real_number", Const("127"))))
'¬real_number(127)'
"""

from __future__ import annotations

from functools import lru_cache
from typing import assert_never

from prontocheck.logic.formulas import (
    And,
    Atom,
    Const,
    Exists,
    ForAll,
    Formula,
    Implies,
    Not,
    Or,
    Term,
    Var,
)
from prontocheck.logic.modal import (
    AtLeastAsLikely,
    Conditional,
    Might,
    ModalAnd,
    ModalFormula,
    ModalNot,
    ModalOr,
    Must,
    Probably,
)

# Binding strength: higher binds tighter.
_PRECEDENCE = {Implies: 1, Or: 2, And: 3, Not: 4, Atom: 5, ForAll: 5, Exists: 5}


def _wrap(child: Formula, min_precedence: int) -> str:
    text = to_str(child)
    return f"({text})" if _PRECEDENCE[type(child)] < min_precedence else text


# Statement level (logic/modal.py): comparatives and conditionals are parenthesised under every
# statement connective, so "¬a ⪰ b" never has to be disambiguated.
_MODAL_PRECEDENCE = {ModalOr: 1, ModalAnd: 2, ModalNot: 3, Probably: 3, Might: 3, Must: 3,
                     AtLeastAsLikely: 0, Conditional: 0}


def _modal_wrap(child: ModalFormula, min_precedence: int) -> str:
    text = to_str(child)
    return f"({text})" if _MODAL_PRECEDENCE[type(child)] < min_precedence else text


@lru_cache(maxsize=1 << 14)
def to_str(node: Formula | Term | ModalFormula) -> str:
    """Print a formula, term or modal statement (:mod:`.modal`) in the paper's notation.

    Statements read back with :func:`prontocheck.modal.parse_modal_formula`.

    >>> from prontocheck.logic.formulas import X, atom, and_, or_
    >>> to_str(or_(and_(atom("a", X), atom("b", X)), atom("c", X)))
    'a(x) ∧ b(x) ∨ c(x)'

    Memoised: the same formulas are printed for record after record.
    """
    match node:
        case Const(name) | Var(name):
            return name
        case Atom(predicate, args):
            return f"{predicate}({', '.join(to_str(a) for a in args)})"
        case Not(operand):
            return "¬" + _wrap(operand, 4)
        case And(operands):
            # Nested conjunctions are parenthesised so that the tree shape round-trips.
            return " ∧ ".join(_wrap(o, 4) if isinstance(o, And) else _wrap(o, 3) for o in operands)
        case Or(operands):
            return " ∨ ".join(_wrap(o, 3) if isinstance(o, Or) else _wrap(o, 2) for o in operands)
        case Implies(antecedent, consequent):
            return f"{_wrap(antecedent, 2)} → {_wrap(consequent, 1)}"
        case ForAll(variable, body):
            return f"∀{variable}({to_str(body)})"
        case Exists(variable, body):
            return f"∃{variable}({to_str(body)})"
        case Probably(operand):
            return f"Pr({to_str(operand)})"
        case Might(operand):
            return "◇" + _wrap(operand, 4)
        case Must(operand):
            return "□" + _wrap(operand, 4)
        case AtLeastAsLikely(left, right):
            return f"{_wrap(left, 4)} ⪰ {_wrap(right, 4)}"
        case Conditional(antecedent, consequent):
            return f"{_wrap(antecedent, 4)} ⇒ {_wrap(consequent, 4)}"
        case ModalNot(operand):
            return "¬" + _modal_wrap(operand, 3)
        case ModalAnd(operands):
            return " ∧ ".join(_modal_wrap(o, 3) if isinstance(o, ModalAnd) else _modal_wrap(o, 2) for o in operands)
        case ModalOr(operands):
            return " ∨ ".join(_modal_wrap(o, 2) if isinstance(o, ModalOr) else _modal_wrap(o, 1) for o in operands)
        case _:
            assert_never(node)
