"""What every logical-form node shares: structural equality, ``repr``, ``str`` and pickling, all without
recursion, so that a formula nested 10⁵ deep (a chain of negations, say) is as usable as a small one.

A node is a frozen, slotted dataclass declared with ``eq=False`` whose constructor fields
(``__match_args__``) hold plain values, child nodes, or tuples of child nodes. Composite nodes compute
their hash at construction from their children's (cached) hashes, so hashing is constant time at any
depth; equality, ``repr`` and pickling walk the tree with an explicit stack.

>>> from prontocheck.logic.formulas import Atom, Const, Not
>>> deep = Atom("p", (Const("a"),))
>>> for _ in range(100_000):
...     deep = Not(deep)
>>> len(str(deep)), len(repr(deep)) > 1_000_000
(100004, True)
>>> import pickle
>>> pickle.loads(pickle.dumps(deep)) == deep
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar, cast


@cache
def _printer() -> Callable[[object], str]:
    # printing imports the node modules, so it is looked up on first use rather than at import.
    from prontocheck.logic.printing import to_str

    return cast(Callable[[object], str], to_str)


class _Printable:
    """Mixin of every node: ``str()`` prints in the paper's notation (see :mod:`.printing`); ``==``,
    ``repr()`` and pickling are iterative.

    Subclasses are ``@hashed @dataclass(frozen=True, slots=True, eq=False)`` (composite nodes compute their
    hash at construction: formulas are dictionary keys everywhere in the checker, and a recomputed structural
    hash is a tree walk per lookup).
    """

    __slots__ = ()
    __match_args__: tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return equal(self, other)

    def __ne__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return not equal(self, other)

    def __hash__(self) -> int:  # overridden by every node class
        return hash(tuple(getattr(self, name) for name in self.__match_args__))

    def __repr__(self) -> str:
        return "".join(_repr_pieces(self))

    def __reduce__(self) -> tuple[Callable[[tuple[Any, ...]], Any], tuple[tuple[Any, ...]]]:
        # Rebuild through the constructors, from a flat post-order list: the pickled form has no nesting
        # (pickle recurses into nested objects), and no cached hash is pickled (it would be stale in a
        # process with another string-hash seed, as multiprocessing workers are).
        return _rebuild, (_flatten(self),)

    def __copy__(self) -> _Printable:
        return self  # immutable

    def __deepcopy__(self, memo: dict[int, Any]) -> _Printable:
        return self  # immutable, down to the leaves

    def __str__(self) -> str:
        return _printer()(self)


_N = TypeVar("_N", bound=type)


def hashed(cls: _N) -> _N:
    """Class decorator of a node that keeps its hash in the slot ``_hash`` as a bound method that returns it (a
    term: its name's ``__hash__``; a composite node: ``__index__`` of the int it computed at construction):
    the class's ``__hash__`` becomes that slot, so that ``hash(node)`` takes the bound method from the slot and
    calls it, with no Python frame (formulas and terms are dictionary keys everywhere).

    >>> from prontocheck.logic.formulas import Atom, Const
    >>> hash(Atom("p", (Const("a"),))) == hash(("Atom", "p", (Const("a"),))), hash(Const("a")) == hash("a")
    (True, True)
    """
    cls.__hash__ = cls.__dict__["_hash"]  # type: ignore[method-assign]
    return cls


def equal(first: object, second: object) -> bool:
    """Structural equality of two nodes, walked with an explicit stack (shared subtrees are skipped by
    identity, different subtrees rejected early on their cached hashes).

    >>> from prontocheck.logic.formulas import Atom, Const, Not
    >>> equal(Not(Atom("p", (Const("a"),))), Not(Atom("p", (Const("a"),)))), equal(Const("a"), Const("b"))
    (True, False)
    """
    stack = [(first, second)]
    while stack:
        x, y = stack.pop()
        if x is y:
            continue
        cls = type(x)
        if cls is not type(y):
            return False
        if not isinstance(x, _Printable):
            if x != y:
                return False
            continue
        if hash(x) != hash(y):
            return False
        for name in x.__match_args__:
            u, v = getattr(x, name), getattr(y, name)
            if u is v:
                continue
            if isinstance(u, tuple):
                if type(v) is not tuple or len(u) != len(v):
                    return False
                stack.extend(zip(u, v))
            else:
                stack.append((u, v))
    return True


def _repr_pieces(node: _Printable) -> list[str]:
    """The pieces of the constructor form ``Not(operand=Atom(predicate='p', args=(Const(name='a'),)))``."""
    out: list[str] = []
    stack: list[object] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        if not isinstance(item, _Printable):
            out.append(repr(item))
            continue
        parts: list[object] = [type(item).__qualname__ + "("]
        for i, name in enumerate(type(item).__match_args__):
            parts.append(("" if i == 0 else ", ") + name + "=")
            value = getattr(item, name)
            if isinstance(value, tuple):
                parts.append("(")
                for j, element in enumerate(value):
                    if j:
                        parts.append(", ")
                    parts.append(element if isinstance(element, _Printable) else repr(element))
                parts.append(",)" if len(value) == 1 else ")")
            else:
                parts.append(value if isinstance(value, _Printable) else repr(value))
        parts.append(")")
        stack.extend(reversed(parts))
    return out


_CHILD = -1
"""A field holding one child node, in a flattened node's field codes (a tuple of n children is ``n``)."""


def _flatten(node: _Printable) -> tuple[Any, ...]:
    """The nodes in post-order, each ``(class, number of children, code, …)``: a code is :data:`_CHILD`
    for a child node, ``n`` for a tuple of ``n`` child nodes, or ``(value,)`` for a plain value.
    """
    reverse_post: list[tuple[Any, ...]] = []
    stack: list[_Printable] = [node]
    while stack:
        item = stack.pop()
        cls = type(item)
        codes: list[Any] = [cls, 0]
        kids = 0
        for name in cls.__match_args__:
            value = getattr(item, name)
            if isinstance(value, _Printable):
                codes.append(_CHILD)
                stack.append(value)
                kids += 1
            elif type(value) is tuple and all(isinstance(v, _Printable) for v in value):
                codes.append(len(value))
                stack.extend(value)
                kids += len(value)
            else:
                codes.append((value,))
        codes[1] = kids
        reverse_post.append(tuple(codes))
    reverse_post.reverse()
    return tuple(reverse_post)


def _rebuild(entries: tuple[tuple[Any, ...], ...]) -> Any:
    """Inverse of :func:`_flatten`: build the nodes bottom-up through their constructors."""
    built: list[Any] = []
    for cls, wanted, *codes in entries:
        if not wanted:
            built.append(cls(*[() if type(code) is int else code[0] for code in codes]))
            continue
        kids = built[-wanted:]
        del built[-wanted:]
        args: list[Any] = []
        at = 0
        for code in codes:
            if code == _CHILD:
                args.append(kids[at])
                at += 1
            elif type(code) is int:
                args.append(tuple(kids[at:at + code]))
                at += code
            else:
                args.append(code[0])
        built.append(cls(*args))
    return built[0]
