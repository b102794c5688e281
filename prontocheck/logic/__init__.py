"""Logical forms (frozen dataclasses) and their printing in the paper's notation."""

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
    X,
    and_,
    atom,
    literal,
    negate,
    or_,
    replace_term,
    rule,
    substitute,
)
from prontocheck.logic.printing import to_str

__all__ = [
    "And", "Atom", "Const", "Exists", "ForAll", "Formula", "Implies", "Not", "Or", "Term", "Var", "X",
    "and_", "atom", "literal", "negate", "or_", "replace_term", "rule", "substitute", "to_str",
]
