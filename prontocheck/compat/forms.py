"""The original analyzers' notion of a logical form, expressed with prontocheck's formula types.

The originals (``fol.py`` of asaparov/prontoqa) compare formulas structurally, with operand order
mattering, and treat their pseudo-predicates (``ASSUME``, ``CONTRADICTS``, ``SINCE``, ...) as
function applications. Here a formula is one of prontocheck's :mod:`prontocheck.logic.formulas`
types, the original's only variable (``1``) is ``x``, and a pseudo-predicate is a :class:`Marker`.
The helpers reproduce the originals' own ``substitute`` (which ignores binding) and one-sided
``unify``, so that the emulation takes the same decisions.

>>> from prontocheck.logic.formulas import Const, X, atom, rule
>>> to_tptp(Marker("SINCE", (atom("wumpus", Const("Fae")), atom("yumpus", Const("Fae")))))
'SINCE(wumpus(Fae),yumpus(Fae))'
>>> to_tptp(rule(atom("wumpus", X), atom("yumpus", X)))
'![X1]:((wumpus(X1) => yumpus(X1)))'
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ParamSpec, TypeAlias, TypeGuard, TypeVar, cast

from prontocheck.logic.formulas import And, Atom, Const, Exists, ForAll, Formula, Implies, Not, Or, Term, Var, X

__all__ = [
    "CLAUSE_LIMIT", "MARKERS", "RECURSION_LIMIT", "Marker", "Node", "OriginalCrash", "Steps", "Term", "X", "app_name",
    "bounded", "conjuncts", "depth", "disjuncts", "is_app", "is_rule", "negate_dm", "rule_body", "substitute",
    "to_tptp", "unify",
]

RECURSION_LIMIT = 400
"""The emulation's stand-in for the original's recursion limit on logical forms: a sentence whose logical form
nests deeper (``Fae is not not … a wumpus``, :func:`depth`) is the original's ``RecursionError`` (the sentence
is dropped, an error for the file). The original, under Python's default limit of 1,000 frames, fails somewhat
deeper, at a depth that depends on its call stack; a fixed limit makes the verdict depend on the sentence alone
(never on the emulation's own stack, ``--jobs`` or the test runner), and leaves the emulation's recursive walks
of a kept sentence room below Python's limit.
"""

CLAUSE_LIMIT = 100
"""The same for the emulated parser's nesting of clauses (``Assume Assume …``, ``φ so ψ so …``;
:func:`bounded`): each level costs the emulation several frames, so its limit is lower."""

MARKERS = ("ASSUME", "CONTRADICTS", "SINCE", "THEREFORE", "HOWEVER", "BACKTRACK", "START_OVER")
"""The originals' pseudo-predicates (main; v1 knows ``ASSUME`` and ``CONTRADICTS`` only)."""


class OriginalCrash(Exception):
    """A place where the original program itself fails (an exception in its code, not a verdict).

    Raised by the emulation where the original raises something other than an ``IndexError`` or
    a ``KeyError`` that Python would raise here too; callers treat both kinds alike.
    """


@dataclass(frozen=True, slots=True)
class Marker:
    """A pseudo-step of the original grammar: ``ASSUME(φ)``, ``CONTRADICTS(φ)``, ``CONTRADICTS()``,
    ``SINCE(φ, ψ)``, ``THEREFORE(φ)``, ``HOWEVER(φ)``, ``BACKTRACK(φ)`` or ``START_OVER()``.

    Attributes:
        kind: the pseudo-predicate's name, one of :data:`MARKERS`.
        args: its arguments (formulas, or markers for nested forms such as ``ASSUME(SINCE(...))``).
    """

    kind: str
    args: tuple[Node, ...] = ()

    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(("Marker", self.kind, self.args)))

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return to_tptp(self)


Node: TypeAlias = Formula | Marker
"""What one parsed sentence is: a formula, or a pseudo-step."""

Steps: TypeAlias = "list[Node | None]"
"""Parsed sentences in order, ``None`` for a whitelisted unparseable one."""


_P = ParamSpec("_P")
_R = TypeVar("_R")
_nesting = threading.local()


def bounded(parse: Callable[_P, _R]) -> Callable[_P, _R]:
    """Count the nesting of an emulated parse function's calls: past :data:`CLAUSE_LIMIT` nested calls it
    raises ``RecursionError``, as the original does (deeper).
    """

    @functools.wraps(parse)
    def counted(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        level = getattr(_nesting, "level", 0)
        if level >= CLAUSE_LIMIT:
            raise RecursionError(f"the sentence nests deeper than {CLAUSE_LIMIT} clauses")
        _nesting.level = level + 1
        try:
            return parse(*args, **kwargs)
        finally:
            _nesting.level = level

    return counted


def depth(node: Node) -> int:
    """How deep a node nests (an atom: 1), measured without recursion.

    >>> from prontocheck.logic.formulas import atom
    >>> depth(Marker("ASSUME", (Not(Not(atom("cat", Const("Fae")))),)))
    4
    """
    deepest = 0
    stack: list[tuple[object, int]] = [(node, 1)]
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        if isinstance(item, Not):
            stack.append((item.operand, level + 1))
        elif isinstance(item, And | Or):
            stack.extend((o, level + 1) for o in item.operands)
        elif isinstance(item, Implies):
            stack.extend(((item.antecedent, level + 1), (item.consequent, level + 1)))
        elif isinstance(item, ForAll | Exists):
            stack.append((item.body, level + 1))
        elif isinstance(item, Marker):
            stack.extend((a, level + 1) for a in item.args)
    return deepest


def is_app(node: object) -> bool:
    """Whether the original would see a function application (an atom, or a pseudo-step)."""
    return isinstance(node, Atom | Marker)


def app_name(node: Atom | Marker) -> str:
    """The function name of an atom (its predicate) or of a pseudo-step (its kind)."""
    return node.predicate if isinstance(node, Atom) else node.kind


def is_rule(node: object) -> TypeGuard[ForAll]:
    """Whether the node is ``∀x(A → C)``."""
    return isinstance(node, ForAll) and isinstance(node.body, Implies)


def disjuncts(node: Node) -> tuple[Node, ...]:
    """The operands of a disjunction, or the node alone."""
    return node.operands if isinstance(node, Or) else (node,)


def conjuncts(node: Node) -> tuple[Node, ...]:
    """The operands of a conjunction, or the node alone."""
    return node.operands if isinstance(node, And) else (node,)


def rule_body(rule: ForAll) -> Implies:
    """The ``A → C`` of a rule (one that :func:`is_rule` accepted)."""
    return cast(Implies, rule.body)


def substitute(node: Node, src: Term, dst: Term) -> Node:
    """Replace every occurrence of the term ``src`` by ``dst``, under quantifiers too.

    This is the original's ``fol.substitute``, which does not respect binding; the grammar never
    nests quantifiers, so the difference from :func:`prontocheck.logic.formulas.replace_term` is
    only one of faithfulness.
    """
    match node:
        case Atom(p, args):
            return Atom(p, tuple(dst if a == src else a for a in args))
        case Not(op):
            return Not(substitute(op, src, dst))  # type: ignore[arg-type]
        case And(ops):
            return And(tuple(substitute(o, src, dst) for o in ops))  # type: ignore[misc]
        case Or(ops):
            return Or(tuple(substitute(o, src, dst) for o in ops))  # type: ignore[misc]
        case Implies(a, c):
            return Implies(substitute(a, src, dst), substitute(c, src, dst))  # type: ignore[arg-type]
        case ForAll(v, body):
            return ForAll(v, substitute(body, src, dst))  # type: ignore[arg-type]
        case Exists(v, body):
            return Exists(v, substitute(body, src, dst))  # type: ignore[arg-type]
        case Marker(kind, args):
            return Marker(kind, tuple(substitute(a, src, dst) for a in args))
    return node


def _unify_term(first: object, second: object, first_map: dict[str, Term], second_map: dict[str, Term]) -> bool:
    if isinstance(first, Var):
        if not isinstance(second, Const | Var):
            return False
        if first.name in first_map:
            return first_map[first.name] == second
        first_map[first.name] = second
        return True
    if isinstance(second, Var):
        if not isinstance(first, Const | Var):
            return False
        if second.name in second_map:
            return second_map[second.name] == first
        second_map[second.name] = first
        return True
    return first == second


def unify(first: object, second: object, first_map: dict[str, Term], second_map: dict[str, Term]) -> bool:
    """The original's ``fol.unify``: bind variables of either side, mutating both maps.

    Like the original, a failed unification may leave partial bindings in the maps, and the
    bindings of a quantified variable are removed again only on success.

    >>> from prontocheck.logic.formulas import atom
    >>> m1, m2 = {}, {}
    >>> unify(atom("cat", Const("Fae")), atom("cat", X), m1, m2), m2
    (True, {'x': Const(name='Fae')})
    """
    if type(first) is not type(second):
        return False
    match first:
        case And(ops) | Or(ops):
            other = second.operands  # type: ignore[attr-defined]
            if len(ops) != len(other):
                return False
            return all(unify(a, b, first_map, second_map) for a, b in zip(ops, other))
        case Not(op):
            return unify(op, second.operand, first_map, second_map)  # type: ignore[attr-defined]
        case Implies(a, c):
            return unify(a, second.antecedent, first_map, second_map) and unify(  # type: ignore[attr-defined]
                c, second.consequent, first_map, second_map  # type: ignore[attr-defined]
            )
        case ForAll(v, body) | Exists(v, body):
            w = second.variable  # type: ignore[attr-defined]
            first_map[v], second_map[w] = Var(w), Var(v)
            if not unify(body, second.body, first_map, second_map):  # type: ignore[attr-defined]
                return False
            del first_map[v]
            del second_map[w]
            return True
        case Atom(p, args):
            if p != second.predicate or len(args) != len(second.args):  # type: ignore[attr-defined]
                return False
            return all(_unify_term(a, b, first_map, second_map) for a, b in zip(args, second.args))  # type: ignore[attr-defined]
        case Marker(kind, args):
            if kind != second.kind or len(args) != len(second.args):  # type: ignore[attr-defined]
                return False
            return all(_unify_term(a, b, first_map, second_map) for a, b in zip(args, second.args))  # type: ignore[attr-defined]
    raise TypeError(f"unify: not a formula: {first!r}")


def negate_dm(node: Node) -> Node:
    """The originals' De Morgan negation: ``¬φ → φ``, ``A∧B → ¬A∨¬B``, ``A∨B → ¬A∧¬B``, else ``¬φ``."""
    if isinstance(node, Not):
        return node.operand
    if isinstance(node, And):
        return Or(tuple(o.operand if isinstance(o, Not) else Not(o) for o in node.operands))
    if isinstance(node, Or):
        return And(tuple(o.operand if isinstance(o, Not) else Not(o) for o in node.operands))
    return Not(node)  # type: ignore[arg-type]


def _var_tptp(name: str) -> str:
    return "X1" if name == X.name else f"X_{name}"


def to_tptp(node: object) -> str:
    """Print a node as the original's ``fol.fol_to_tptp`` does (``x`` is printed ``X1``).

    >>> from prontocheck.logic.formulas import atom
    >>> to_tptp(Not(Or((atom("a", Const("Fae")), atom("b", Const("Fae"))))))
    '~(a(Fae) | b(Fae))'
    """
    match node:
        case Var(name):
            return _var_tptp(name)
        case Const(name):
            return name
        case Atom(p, args):
            return p + "(" + ",".join(to_tptp(a) for a in args) + ")"
        case Marker(kind, args):
            return kind + "(" + ",".join(to_tptp(a) for a in args) + ")"
        case And(ops):
            return "(" + " & ".join(to_tptp(o) for o in ops) + ")"
        case Or(ops):
            return "(" + " | ".join(to_tptp(o) for o in ops) + ")"
        case Not(op):
            return "~" + to_tptp(op)
        case Implies(a, c):
            return "(" + to_tptp(a) + " => " + to_tptp(c) + ")"
        case ForAll(v, body):
            return f"![{_var_tptp(v)}]:(" + to_tptp(body) + ")"
        case Exists(v, body):
            return f"?[{_var_tptp(v)}]:(" + to_tptp(body) + ")"
        case None:
            return "None"
    raise TypeError(f"to_tptp: not a formula: {node!r}")
