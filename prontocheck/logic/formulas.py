"""Logical forms: immutable terms and first-order formulas with structural equality.

Every node is a frozen, slotted dataclass with tuple children; equality is structural, hashing is
constant time (cached at construction), and equality, ``repr``, ``str`` and pickling work without
recursion at any depth (:mod:`prontocheck.logic.nodes`). Printing lives in
:mod:`prontocheck.logic.printing`; ``str(f)`` gives the paper's notation and ``repr(f)`` the exact constructor form.

>>> rule = ForAll("x", Implies(Atom("cat", (Var("x"),)), Atom("carnivore", (Var("x"),))))
>>> str(rule)
'∀x(cat(x) → carnivore(x))'
>>> str(Not(Atom("herbivorous", (Const("fae"),))))
'¬herbivorous(fae)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from prontocheck.logic.nodes import _Printable, hashed


@hashed
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _Named(_Printable):
    """A term that is its name: equal to a term of its own kind with the same name."""

    name: str

    _hash: Callable[[], int] = field(init=False, repr=False, compare=False)
    """The name's own ``__hash__``, bound (see :func:`~prontocheck.logic.nodes.hashed`)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", self.name.__hash__)

    def __eq__(self, other: object) -> bool:  # the common case, without the generic walk
        return isinstance(other, type(self)) and other.name == self.name  # (no subclasses: the same type)

    def __ne__(self, other: object) -> bool:
        return not (isinstance(other, type(self)) and other.name == self.name)


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Const(_Named):
    """A constant: an entity name (``fae``, ``Fae``) or a number (``127``)."""


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Var(_Named):
    """A variable bound by a quantifier (``x``)."""


Term = Const | Var


@hashed
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Atom(_Printable):
    """A predicate applied to terms: ``cat(fae)``, ``real_number(x)``."""

    predicate: str
    args: tuple[Term, ...]

    _hash: Callable[[], int] = field(init=False, repr=False, compare=False)
    """The hash, bound (see :func:`~prontocheck.logic.nodes.hashed`): set by the constructor, ``_atom_init``."""

    def __eq__(self, other: object) -> bool:  # flat (its arguments are terms): no generic walk
        if type(other) is not Atom:
            return NotImplemented
        return self is other or (self._hash() == other._hash() and self.predicate == other.predicate
                                 and self.args == other.args)

    def __ne__(self, other: object) -> bool:
        if type(other) is not Atom:
            return NotImplemented
        return not self == other


_SET_PREDICATE = Atom.__dict__["predicate"].__set__
_SET_ARGS = Atom.__dict__["args"].__set__
_SET_HASH = Atom.__dict__["_hash"].__set__


def _atom_init(self: Atom, predicate: str, args: tuple[Term, ...]) -> None:
    """``Atom``'s constructor, in place of the dataclass's: each slot, its hash too, set through its descriptor
    instead of the frozen class's ``object.__setattr__`` by name: half the time, and a relational closure makes
    atoms by the hundred thousand (:func:`~prontocheck.common.slots.slot_init` does this for classes without a
    computed field).
    """
    _SET_PREDICATE(self, predicate)
    _SET_ARGS(self, args)
    _SET_HASH(self, hash(("Atom", predicate, args)).__index__)


Atom.__init__ = _atom_init  # type: ignore[method-assign]


@hashed
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Not(_Printable):
    """Negation ``¬φ``."""

    operand: Formula

    _hash: Callable[[], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("Not", self.operand)).__index__)


@hashed
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class And(_Printable):
    """Conjunction ``φ ∧ ψ ∧ …`` of two or more operands (order kept)."""

    operands: tuple[Formula, ...]

    _hash: Callable[[], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("And", self.operands)).__index__)


@hashed
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Or(_Printable):
    """Disjunction ``φ ∨ ψ ∨ …`` of two or more operands (order kept)."""

    operands: tuple[Formula, ...]

    _hash: Callable[[], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("Or", self.operands)).__index__)


@hashed
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Implies(_Printable):
    """Material implication ``φ → ψ``."""

    antecedent: Formula
    consequent: Formula

    _hash: Callable[[], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("Implies", self.antecedent, self.consequent)).__index__)


@hashed
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class ForAll(_Printable):
    """Universal quantification ``∀x φ``."""

    variable: str
    body: Formula

    _hash: Callable[[], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("ForAll", self.variable, self.body)).__index__)


@hashed
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Exists(_Printable):
    """Existential quantification ``∃x φ``."""

    variable: str
    body: Formula

    _hash: Callable[[], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("Exists", self.variable, self.body)).__index__)


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


def operands(formula: Formula) -> tuple[Formula, ...]:
    """The immediate subformulas of a formula, in order (none for an atom).

    >>> [str(o) for o in operands(rule(atom("cat", X), atom("dog", X)))]
    ['cat(x) → dog(x)']
    """
    if isinstance(formula, Not):
        return (formula.operand,)
    if isinstance(formula, And | Or):
        return formula.operands
    if isinstance(formula, Implies):
        return formula.antecedent, formula.consequent
    if isinstance(formula, ForAll | Exists):
        return (formula.body,)
    return ()


def with_operands(formula: Formula, new: Sequence[Formula]) -> Formula:
    """The formula with its immediate subformulas replaced by ``new`` (itself when they are the same).

    >>> str(with_operands(Not(atom("cat", X)), [atom("dog", X)]))
    '¬dog(x)'
    """
    old = operands(formula)
    if len(old) == len(new) and all(a is b for a, b in zip(old, new)):
        return formula
    if isinstance(formula, Not):
        return Not(new[0])
    if isinstance(formula, And):
        return And(tuple(new))
    if isinstance(formula, Or):
        return Or(tuple(new))
    if isinstance(formula, Implies):
        return Implies(new[0], new[1])
    if isinstance(formula, ForAll):
        return ForAll(formula.variable, new[0])
    if isinstance(formula, Exists):
        return Exists(formula.variable, new[0])
    raise TypeError(f"not a compound formula: {formula!r}")


def rewrite(formula: Formula, leaf: Callable[[Formula], Formula | None]) -> Formula:
    """Rebuild a formula bottom-up, with an explicit stack (any depth): ``leaf(f)`` gives the
    replacement of a subformula ``f`` and ends the descent there, or ``None`` to rebuild ``f`` from its
    rewritten operands (an atom is kept as it is). Unchanged parts stay the same objects.

    >>> str(rewrite(Not(And((atom("a", X), atom("b", X)))), lambda f: Not(f) if isinstance(f, Atom) else None))
    '¬(¬a(x) ∧ ¬b(x))'
    """
    done: list[Formula] = []
    stack: list[tuple[Formula, bool]] = [(formula, False)]
    while stack:
        f, expanded = stack.pop()
        if expanded:
            k = len(operands(f))
            done[len(done) - k:] = [with_operands(f, done[len(done) - k:])]
            continue
        replacement = leaf(f)
        if replacement is not None:
            done.append(replacement)
        elif isinstance(f, Atom):
            done.append(f)
        elif isinstance(f, Not | And | Or | Implies | ForAll | Exists):
            stack.append((f, True))
            stack.extend((o, False) for o in reversed(operands(f)))
        else:
            raise TypeError(f"not a formula: {f!r}")
    return done[0]


def replace_term(formula: Formula, old: Term, new: Term) -> Formula:
    """Replace every occurrence of the term ``old`` by ``new``, except under a quantifier that
    binds a variable of the same name (where ``old`` would mean something else).

    >>> str(replace_term(atom("cat", Const("x")), Const("x"), X))
    'cat(x)'
    """

    def leaf(f: Formula) -> Formula | None:
        if isinstance(f, Atom):
            return Atom(f.predicate, tuple(new if a == old else a for a in f.args)) if old in f.args else f
        if isinstance(f, ForAll | Exists) and f.variable == old.name:
            return f
        return None

    return rewrite(formula, leaf)


def mentions(formula: Formula) -> set[tuple[str, bool]]:
    """The (predicate, polarity as written) pairs of every atom a formula mentions.

    >>> sorted(mentions(rule(Or((atom("wumpus", X), atom("yumpus", X))), Not(atom("dumpus", X)))))
    [('dumpus', False), ('wumpus', True), ('yumpus', True)]
    """
    found: set[tuple[str, bool]] = set()
    stack = [formula]
    while stack:
        f = stack.pop()
        if isinstance(f, Atom):
            found.add((f.predicate, True))
        elif isinstance(f, Not) and isinstance(f.operand, Atom):
            found.add((f.operand.predicate, False))
        else:
            stack.extend(operands(f))
    return found


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
