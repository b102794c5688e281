"""Logical forms: immutable terms and first-order formulas with structural equality.

Every node is a frozen, slotted dataclass with tuple children, so equality and hashing are
structural and free. Printing lives in :mod:`prontocheck.logic.printing`; ``str(f)`` gives the
paper's notation and ``repr(f)`` the exact constructor form.

>>> rule = ForAll("x", Implies(Atom("cat", (Var("x"),)), Atom("carnivore", (Var("x"),))))
>>> str(rule)
'∀x(cat(x) → carnivore(x))'
>>> str(Not(Atom("herbivorous", (Const("fae"),))))
'¬herbivorous(fae)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields
from functools import cache, lru_cache


@cache
def _printer() -> Callable[[object], str]:
    # printing imports this module, so it is looked up on first use rather than at import.
    from prontocheck.logic.printing import to_str

    return to_str  # type: ignore[return-value]


class _Printable:
    """Mixin: ``str()`` prints in the paper's notation (see :mod:`.printing`).

    Composite nodes compute their hash once, at construction: formulas are dictionary keys
    everywhere in the checker, and a recomputed structural hash is a tree walk per lookup.
    """

    __slots__ = ()

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        # Rebuild through the constructor: a pickled cached hash would be stale in a process with
        # another string-hash seed (multiprocessing workers).
        return type(self), tuple(getattr(self, f.name) for f in fields(self) if f.init)  # type: ignore[arg-type]

    def __str__(self) -> str:
        return _printer()(self)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Const(_Printable):
    """A constant: an entity name (``fae``, ``Fae``) or a number (``127``)."""

    name: str


@dataclass(frozen=True, slots=True)
class Var(_Printable):
    """A variable bound by a quantifier (``x``)."""

    name: str


Term = Const | Var


@dataclass(frozen=True, slots=True)
class Atom(_Printable):
    """A predicate applied to terms: ``cat(fae)``, ``real_number(x)``."""

    predicate: str
    args: tuple[Term, ...]

    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("Atom", self.predicate, self.args)))

    def __hash__(self) -> int:
        return self._hash


@dataclass(frozen=True, slots=True)
class Not(_Printable):
    """Negation ``¬φ``."""

    operand: Formula

    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("Not", self.operand)))

    def __hash__(self) -> int:
        return self._hash


@dataclass(frozen=True, slots=True)
class And(_Printable):
    """Conjunction ``φ ∧ ψ ∧ …`` of two or more operands (order kept)."""

    operands: tuple[Formula, ...]

    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("And", self.operands)))

    def __hash__(self) -> int:
        return self._hash


@dataclass(frozen=True, slots=True)
class Or(_Printable):
    """Disjunction ``φ ∨ ψ ∨ …`` of two or more operands (order kept)."""

    operands: tuple[Formula, ...]

    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("Or", self.operands)))

    def __hash__(self) -> int:
        return self._hash


@dataclass(frozen=True, slots=True)
class Implies(_Printable):
    """Material implication ``φ → ψ``."""

    antecedent: Formula
    consequent: Formula

    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("Implies", self.antecedent, self.consequent)))

    def __hash__(self) -> int:
        return self._hash


@dataclass(frozen=True, slots=True)
class ForAll(_Printable):
    """Universal quantification ``∀x φ``."""

    variable: str
    body: Formula

    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("ForAll", self.variable, self.body)))

    def __hash__(self) -> int:
        return self._hash


@dataclass(frozen=True, slots=True)
class Exists(_Printable):
    """Existential quantification ``∃x φ``."""

    variable: str
    body: Formula

    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("Exists", self.variable, self.body)))

    def __hash__(self) -> int:
        return self._hash


Formula = Atom | Not | And | Or | Implies | ForAll | Exists

X = Var("x")
"""The variable every sentence-level rule quantifies over."""


def atom(predicate: str, term: Term) -> Atom:
    """Build a unary atom.

    >>> str(atom("cat", Const("fae")))
    'cat(fae)'
    """
    return Atom(predicate, (term,))


def literal(predicate: str, term: Term, positive: bool = True) -> Formula:
    """Build ``p(t)`` or ``¬p(t)``.

    >>> str(literal("kind", Const("fae"), positive=False))
    '¬kind(fae)'
    """
    a = Atom(predicate, (term,))
    return a if positive else Not(a)


def negate(formula: Formula) -> Formula:
    """Negate, removing a double negation instead of adding one.

    >>> str(negate(Not(atom("cat", Const("fae")))))
    'cat(fae)'
    """
    return formula.operand if isinstance(formula, Not) else Not(formula)


def rule(antecedent: Formula, consequent: Formula, variable: str = "x") -> ForAll:
    """Build ``∀x(antecedent → consequent)``.

    >>> str(rule(atom("cat", X), Not(atom("herbivorous", X))))
    '∀x(cat(x) → ¬herbivorous(x))'
    """
    return ForAll(variable, Implies(antecedent, consequent))


def and_(*operands: Formula) -> Formula:
    """Conjunction that flattens nested conjunctions; one operand is returned as is.

    >>> str(and_(atom("a", X), and_(atom("b", X), atom("c", X))))
    'a(x) ∧ b(x) ∧ c(x)'
    """
    flat: list[Formula] = []
    for op in operands:
        flat.extend(op.operands if isinstance(op, And) else (op,))
    if not flat:
        raise ValueError("and_() needs at least one operand")
    return flat[0] if len(flat) == 1 else And(tuple(flat))


def or_(*operands: Formula) -> Formula:
    """Disjunction that flattens nested disjunctions; one operand is returned as is.

    >>> str(or_(atom("a", X), atom("b", X)))
    'a(x) ∨ b(x)'
    """
    flat: list[Formula] = []
    for op in operands:
        flat.extend(op.operands if isinstance(op, Or) else (op,))
    if not flat:
        raise ValueError("or_() needs at least one operand")
    return flat[0] if len(flat) == 1 else Or(tuple(flat))


def substitute(formula: Formula, variable: str, term: Term) -> Formula:
    """Replace the free occurrences of ``variable`` by ``term``.

    >>> str(substitute(atom("cat", X), "x", Const("fae")))
    'cat(fae)'
    """
    return replace_term(formula, Var(variable), term)


def replace_term(formula: Formula, old: Term, new: Term) -> Formula:
    """Replace every occurrence of the term ``old`` by ``new``, except under a quantifier that
    binds a variable of the same name (where ``old`` would mean something else).

    >>> str(replace_term(atom("cat", Const("x")), Const("x"), X))
    'cat(x)'
    """
    match formula:
        case Atom(p, args):
            return Atom(p, tuple(new if a == old else a for a in args))
        case Not(op):
            return Not(replace_term(op, old, new))
        case And(ops):
            return And(tuple(replace_term(o, old, new) for o in ops))
        case Or(ops):
            return Or(tuple(replace_term(o, old, new) for o in ops))
        case Implies(a, c):
            return Implies(replace_term(a, old, new), replace_term(c, old, new))
        case ForAll(v, _) | Exists(v, _) if v == old.name:
            return formula
        case ForAll(v, body):
            return ForAll(v, replace_term(body, old, new))
        case Exists(v, body):
            return Exists(v, replace_term(body, old, new))
    raise TypeError(f"not a formula: {formula!r}")


def mentions(formula: Formula) -> set[tuple[str, bool]]:
    """The (predicate, polarity as written) pairs of every atom a formula mentions.

    >>> sorted(mentions(rule(Or((atom("wumpus", X), atom("yumpus", X))), Not(atom("dumpus", X)))))
    [('dumpus', False), ('wumpus', True), ('yumpus', True)]
    """
    match formula:
        case Atom(predicate, _):
            return {(predicate, True)}
        case Not(Atom(predicate, _)):
            return {(predicate, False)}
        case Not(operand):
            return mentions(operand)
        case And(operands) | Or(operands):
            return set().union(*(mentions(o) for o in operands))
        case Implies(antecedent, consequent):
            return mentions(antecedent) | mentions(consequent)
        case ForAll(_, body) | Exists(_, body):
            return mentions(body)
    return set()


def atoms(formula: Formula) -> Iterator[Atom]:
    """The atoms of a formula, each occurrence once.

    >>> [str(a) for a in atoms(rule(atom("cat", X), Not(atom("dog", X))))]
    ['dog(x)', 'cat(x)']
    """
    stack = [formula]
    while stack:
        f = stack.pop()
        if isinstance(f, Atom):
            yield f
        elif isinstance(f, Not):
            stack.append(f.operand)
        elif isinstance(f, And | Or):
            stack.extend(f.operands)
        elif isinstance(f, Implies):
            stack.extend((f.antecedent, f.consequent))
        elif isinstance(f, ForAll | Exists):
            stack.append(f.body)


@lru_cache(maxsize=1 << 16)
def symbols(formula: Formula) -> tuple[frozenset[str], frozenset[str]]:
    """The predicates and the constants' names a formula mentions (cached: formulas recur).

    >>> sorted(symbols(rule(atom("cat", X), Not(atom("dog", Const("Rex")))))[0])
    ['cat', 'dog']
    """
    if isinstance(formula, Atom):  # (the common case, without the walk)
        return frozenset((formula.predicate,)), frozenset([t.name for t in formula.args if isinstance(t, Const)])
    predicates: set[str] = set()
    constants: set[str] = set()
    for a in atoms(formula):
        predicates.add(a.predicate)
        constants.update(t.name for t in a.args if isinstance(t, Const))
    return frozenset(predicates), frozenset(constants)


@lru_cache(maxsize=1 << 16)
def compound(formula: Formula) -> bool:
    """The formula has a conjunction or disjunction anywhere in it.

    >>> compound(rule(atom("cat", X), atom("dog", X))), compound(And((atom("a", X), atom("b", X))))
    (False, True)
    """
    stack = [formula]
    while stack:
        f = stack.pop()
        if isinstance(f, And | Or):
            return True
        if isinstance(f, Not):
            stack.append(f.operand)
        elif isinstance(f, Implies):
            stack.extend((f.antecedent, f.consequent))
        elif isinstance(f, ForAll | Exists):
            stack.append(f.body)
    return False


def constants_of(formula: Formula) -> set[Const]:
    """The constants a formula mentions.

    >>> sorted(c.name for c in constants_of(And((atom("cat", Const("Fae")), atom("dog", Const("Rex"))))))
    ['Fae', 'Rex']
    """
    return {t for a in atoms(formula) for t in a.args if isinstance(t, Const)}
