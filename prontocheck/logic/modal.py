"""Modal logical forms: probability operators over propositional formulas.

The propositional layer is :mod:`prontocheck.logic.formulas` (``Atom``, ``Not``, ``And``, ``Or``,
``Implies``); this module adds the statement layer of the probability-operator benchmark on top
of it. A statement is a probability operator applied to propositions, or a Boolean combination of
statements. Statement-level connectives (:class:`ModalNot`, :class:`ModalAnd`, :class:`ModalOr`)
are separate classes because they combine *constraints on a distribution*, not truth values in a
world; a conditional is a constraint too and never a proposition (the Lewis triviality results),
so it cannot occur under ``Pr``.

Printing (in :mod:`prontocheck.logic.printing`) uses the paper's notation, and
:func:`prontocheck.modal.parse_modal_formula` reads it back:

>>> from prontocheck.logic.formulas import Atom, Const, Not
>>> a = Atom("at_party", (Const("Savir"),))
>>> str(Probably(Not(a)))
'Pr(¬at_party(Savir))'
>>> str(ModalNot(Probably(Not(a))))
'¬Pr(¬at_party(Savir))'
>>> str(AtLeastAsLikely(a, Not(a)))
'at_party(Savir) ⪰ ¬at_party(Savir)'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from prontocheck.logic.formulas import And, Atom, Formula, Implies, Not, Or
from prontocheck.logic.nodes import _Printable, hashed


@hashed
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Probably(_Printable):
    """``Pr(φ)``: φ is probable (p(φ) above the threshold θ)."""

    operand: Formula

    _hash: Callable[[], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("Probably", self.operand)).__index__)


@hashed
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Might(_Printable):
    """``◇φ``: φ might be the case (p(φ) > 0)."""

    operand: Formula

    _hash: Callable[[], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("Might", self.operand)).__index__)


@hashed
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Must(_Printable):
    """``□φ``: φ must be / is certain (p(φ) = 1)."""

    operand: Formula

    _hash: Callable[[], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("Must", self.operand)).__index__)


@hashed
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class AtLeastAsLikely(_Printable):
    """``φ ⪰ ψ``: φ is at least as likely as ψ (p(φ) ≥ p(ψ))."""

    left: Formula
    right: Formula

    _hash: Callable[[], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("AtLeastAsLikely", self.left, self.right)).__index__)


@hashed
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Conditional(_Printable):
    """``φ ⇒ ψ``: the indicative conditional "if φ, then ψ" (its reading is a semantics option).

    The probability-operator benchmark's conditionals are flat (ψ a proposition); the consequent may also
    be a statement ("if φ, then ψ must …": ``φ ⇒ □ψ``; a nested conditional ``φ ⇒ (χ ⇒ ψ)``), which the
    decision procedure does not take (:mod:`prontocheck.modal.linear` refuses it).
    """

    antecedent: Formula
    consequent: Formula | ModalFormula

    _hash: Callable[[], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("Conditional", self.antecedent, self.consequent)).__index__)


@hashed
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Fact(_Printable):
    """``φ`` as a statement: a plain statement without a modal ("Mary was at the wedding").

    It prints as φ itself. Its place among statements is canonical: a Boolean combination of plain
    statements is one :class:`Fact` of the combined proposition (``Fact(φ ∧ ψ)``, never
    ``ModalAnd((Fact(φ), Fact(ψ)))``), which is what the notation reads back (:func:`statement_and` and
    the other builders below keep it so).
    """

    operand: Formula

    _hash: Callable[[], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("Fact", self.operand)).__index__)


@hashed
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class ModalNot(_Printable):
    """``¬S``: the statement S does not hold ("it is not probable that …")."""

    operand: ModalFormula

    _hash: Callable[[], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("ModalNot", self.operand)).__index__)


@hashed
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class ModalAnd(_Printable):
    """``S ∧ T ∧ …``: all of two or more statements hold (order kept)."""

    operands: tuple[ModalFormula, ...]

    _hash: Callable[[], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("ModalAnd", self.operands)).__index__)


@hashed
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class ModalOr(_Printable):
    """``S ∨ T ∨ …``: at least one of two or more statements holds (order kept)."""

    operands: tuple[ModalFormula, ...]

    _hash: Callable[[], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("ModalOr", self.operands)).__index__)


ModalFormula = Probably | Might | Must | AtLeastAsLikely | Conditional | Fact | ModalNot | ModalAnd | ModalOr
"""A statement of the probability-operator language."""

MODAL_TYPES = (Probably, Might, Must, AtLeastAsLikely, Conditional, Fact, ModalNot, ModalAnd, ModalOr)
"""The statement classes, for ``isinstance`` checks."""


def modal_negate(statement: ModalFormula) -> ModalFormula:
    """Negate a statement, removing a double negation instead of adding one.

    >>> from prontocheck.logic.formulas import Atom, Const
    >>> s = Might(Atom("at_party", (Const("X"),)))
    >>> modal_negate(modal_negate(s)) == s
    True
    """
    return statement.operand if isinstance(statement, ModalNot) else ModalNot(statement)


def flat_consequent(conditional: Conditional) -> Formula:
    """The consequent of a flat conditional (a proposition), the only kind the decision procedure takes.

    Raises:
        ValueError: the consequent is a statement ("φ ⇒ □ψ", a nested conditional).
    """
    consequent = conditional.consequent
    if isinstance(consequent, MODAL_TYPES):
        raise ValueError(f"a conditional whose consequent is a statement is not decided: {conditional}")
    return consequent  # type: ignore[return-value]


def statement_of(node: Formula | ModalFormula) -> ModalFormula:
    """A statement as it is, a proposition as the plain statement :class:`Fact`.

    >>> from prontocheck.logic.formulas import Const
    >>> s = statement_of(Atom("inside", (Const("Fido"),)))
    >>> type(s).__name__, str(s), statement_of(s) is s
    ('Fact', 'inside(Fido)', True)
    """
    return node if isinstance(node, MODAL_TYPES) else Fact(node)  # type: ignore[arg-type]


def _plain(node: Formula | ModalFormula) -> Formula | None:
    """The proposition of a plain statement (or of a proposition itself); ``None`` for a modal one."""
    if isinstance(node, Fact):
        return node.operand
    return None if isinstance(node, MODAL_TYPES) else node  # type: ignore[return-value]


def statement_not(node: Formula | ModalFormula) -> ModalFormula:
    """¬S, canonical: the negation of a plain statement is the plain statement of ¬φ.

    >>> from prontocheck.logic.formulas import Const
    >>> a = Atom("inside", (Const("Fido"),))
    >>> str(statement_not(Fact(a))), statement_not(Fact(a)) == Fact(Not(a)), str(statement_not(Must(a)))
    ('¬inside(Fido)', True, '¬□inside(Fido)')
    """
    plain = _plain(node)
    return Fact(Not(plain)) if plain is not None else ModalNot(node)  # type: ignore[arg-type]


def statement_and(nodes: Sequence[Formula | ModalFormula]) -> ModalFormula:
    """S ∧ T ∧ …, canonical: plain statements alone combine into one :class:`Fact`.

    >>> from prontocheck.logic.formulas import Const
    >>> a, b = Atom("a", (Const("x"),)), Atom("b", (Const("x"),))
    >>> statement_and([Fact(a), b]) == Fact(And((a, b))), str(statement_and([a, Might(b)]))
    (True, 'a(x) ∧ ◇b(x)')
    """
    plains = [_plain(n) for n in nodes]
    if all(p is not None for p in plains):
        return Fact(And(tuple(plains)))  # type: ignore[arg-type]
    return ModalAnd(tuple(statement_of(n) for n in nodes))


def statement_or(nodes: Sequence[Formula | ModalFormula]) -> ModalFormula:
    """S ∨ T ∨ …, canonical as :func:`statement_and`.

    >>> from prontocheck.logic.formulas import Const
    >>> a, b = Atom("a", (Const("x"),)), Atom("b", (Const("x"),))
    >>> str(statement_or([a, Must(b)]))
    'a(x) ∨ □b(x)'
    """
    plains = [_plain(n) for n in nodes]
    if all(p is not None for p in plains):
        return Fact(Or(tuple(plains)))  # type: ignore[arg-type]
    return ModalOr(tuple(statement_of(n) for n in nodes))


def map_atoms(node: Any, change: Callable[[Atom], Atom]) -> Any:
    """A modal statement or propositional formula with every atom replaced by ``change(atom)`` (the same
    connectives and operators around them).

    >>> from prontocheck.logic.formulas import Const
    >>> str(map_atoms(Probably(Not(Atom("rain", (Const("a"),)))), lambda a: Atom("snow", a.args)))
    'Pr(¬snow(a))'

    Raises:
        TypeError: ``node`` is neither (a first-order quantifier, say).
    """
    match node:
        case Atom():
            return change(node)
        case Not(op) | Probably(op) | Might(op) | Must(op) | Fact(op) | ModalNot(op):
            return type(node)(map_atoms(op, change))
        case And(ops) | Or(ops) | ModalAnd(ops) | ModalOr(ops):
            return type(node)(tuple(map_atoms(op, change) for op in ops))
        case Implies(a, b) | AtLeastAsLikely(a, b) | Conditional(a, b):
            return type(node)(map_atoms(a, change), map_atoms(b, change))
    raise TypeError(f"not a statement or formula: {node!r}")
