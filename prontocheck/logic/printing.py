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
    MODAL_TYPES,
    AtLeastAsLikely,
    Conditional,
    Fact,
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

# Statement level (logic/modal.py): comparatives and conditionals are parenthesised under every
# statement connective, so "¬a ⪰ b" never has to be disambiguated.
_MODAL_PRECEDENCE = {ModalOr: 1, ModalAnd: 2, ModalNot: 3, Probably: 3, Might: 3, Must: 3,
                     AtLeastAsLikely: 0, Conditional: 0}

_Node = Formula | Term | ModalFormula
_Piece = str | _Node


def _wrap(child: Formula, min_precedence: int) -> tuple[_Piece, ...]:
    return ("(", child, ")") if _PRECEDENCE[type(child)] < min_precedence else (child,)


# A plain statement (Fact) binds as its proposition does: ∨ as a statement disjunction, ∧ as a
# conjunction, ¬ and atoms as an operator; → only at the top.
_FACT_PRECEDENCE = {Implies: 0, Or: 1, And: 2, Not: 3, Atom: 3, ForAll: 3, Exists: 3}


def _modal_wrap(child: ModalFormula, min_precedence: int) -> tuple[_Piece, ...]:
    level = _FACT_PRECEDENCE[type(child.operand)] if isinstance(child, Fact) else _MODAL_PRECEDENCE[type(child)]
    return ("(", child, ")") if level < min_precedence else (child,)


def _nested(child: ModalFormula, statement: type, proposition: type) -> bool:
    """Whether a statement's operand is itself a conjunction (disjunction): parenthesised, so the shape round-trips."""
    return isinstance(child, statement) or (isinstance(child, Fact) and isinstance(child.operand, proposition))


def _joined(separator: str, parts: list[tuple[_Piece, ...]]) -> list[_Piece]:
    out: list[_Piece] = []
    for i, part in enumerate(parts):
        if i:
            out.append(separator)
        out.extend(part)
    return out


def _pieces(node: _Node) -> list[_Piece]:
    """One node's text as pieces: strings, and the child nodes to print in their place."""
    match node:
        case Const(name) | Var(name):
            return [name]
        case Atom():
            return [_atom_text(node)]
        case Not(operand):
            return ["¬", *_wrap(operand, 4)]
        case And(operands):
            # Nested conjunctions are parenthesised so that the tree shape round-trips.
            return _joined(" ∧ ", [_wrap(o, 4) if isinstance(o, And) else _wrap(o, 3) for o in operands])
        case Or(operands):
            return _joined(" ∨ ", [_wrap(o, 3) if isinstance(o, Or) else _wrap(o, 2) for o in operands])
        case Implies(antecedent, consequent):
            return [*_wrap(antecedent, 2), " → ", *_wrap(consequent, 1)]
        case ForAll(variable, body):
            return [f"∀{variable}(", body, ")"]
        case Exists(variable, body):
            return [f"∃{variable}(", body, ")"]
        case Probably(operand):
            return ["Pr(", operand, ")"]
        case Might(operand):
            return ["◇", *_wrap(operand, 4)]
        case Must(operand):
            return ["□", *_wrap(operand, 4)]
        case AtLeastAsLikely(left, right):
            return [*_wrap(left, 4), " ⪰ ", *_wrap(right, 4)]
        case Conditional(antecedent, consequent) if isinstance(consequent, MODAL_TYPES):
            # A statement as consequent ("φ ⇒ □ψ", "φ ⇒ (χ ⇒ ψ)"); never a Fact (that is the proposition).
            return [*_wrap(antecedent, 4), " ⇒ ", *_modal_wrap(consequent, 3)]  # type: ignore[arg-type]
        case Conditional(antecedent, consequent):
            return [*_wrap(antecedent, 4), " ⇒ ", *_wrap(consequent, 4)]  # type: ignore[arg-type]
        case Fact(operand):
            return [operand]
        case ModalNot(operand):
            return ["¬", *_modal_wrap(operand, 3)]
        case ModalAnd(operands):
            return _joined(" ∧ ", [_modal_wrap(o, 3) if _nested(o, ModalAnd, And) else _modal_wrap(o, 2)
                                   for o in operands])
        case ModalOr(operands):
            return _joined(" ∨ ", [_modal_wrap(o, 2) if _nested(o, ModalOr, Or) else _modal_wrap(o, 1)
                                   for o in operands])
        case _:
            assert_never(node)


@lru_cache(maxsize=1 << 14)
def _atom_text(atom: Atom) -> str:
    return f"{atom.predicate}({', '.join(a.name for a in atom.args)})"


def to_str(node: _Node) -> str:
    """Print a formula, term or modal statement (:mod:`.modal`) in the paper's notation.

    Statements read back with :func:`prontocheck.modal.parse_modal_formula`.

    >>> from prontocheck.logic.formulas import X, atom, and_, or_
    >>> to_str(or_(and_(atom("a", X), atom("b", X)), atom("c", X)))
    'a(x) ∧ b(x) ∨ c(x)'

    Memoised: the same formulas are printed for record after record (the last :data:`MEMO_SIZE` texts of
    at most :data:`MEMO_CHARS` characters are kept, looked up by the node's cached hash). The tree is walked
    with an explicit stack, so any depth prints (a chain of 10⁵ negations too), in time linear in the output.
    """
    if type(node) is Atom:  # the common case, without the stack
        return _atom_text(node)
    text = _TEXTS.get(node)
    if text is not None:
        return text
    out: list[str] = []
    stack: list[_Piece] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
        else:
            stack.extend(reversed(_pieces(item)))
    text = "".join(out)
    if len(text) <= MEMO_CHARS:
        if len(_TEXTS) >= MEMO_SIZE:
            _TEXTS.clear()
        _TEXTS[node] = text
    return text


MEMO_SIZE = 1 << 14
"""How many printed formulas :func:`to_str` keeps (all are dropped when it is full)."""
MEMO_CHARS = 1_000
"""The longest printed formula :func:`to_str` keeps (a huge one is printed again each time)."""
_TEXTS: dict[_Node, str] = {}
