"""Graph search shared by the rule graphs (literals, shapes, gold rules)."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from typing import Any, TypeVar, cast

T = TypeVar("T")
R = TypeVar("R")


def reach(successors: Callable[[T], Iterable[T] | None], source: T) -> set[T]:
    """Every node a path of length ≥ 1 leads to from ``source``.

    >>> sorted(reach({1: [2], 2: [3], 3: [1], 4: [5]}.get, 1))
    [1, 2, 3]
    """
    seen: set[T] = set()
    todo = [source]
    while todo:
        for nxt in successors(todo.pop()) or ():
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def path_exists(successors: Callable[[T], Iterable[T] | None], source: T, target: T) -> bool:
    """Whether a path of length ≥ 1 leads from ``source`` to ``target`` (stops at the first).

    >>> path_exists({"a": ["b"], "b": ["c"]}.get, "a", "c"), path_exists({"a": ["b"]}.get, "b", "a")
    (True, False)
    """
    seen = {source}
    todo = [source]
    while todo:
        for nxt in successors(todo.pop()) or ():
            if nxt == target:
                return True
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


def descend(root: Generator[Any, Any, R], spawn: Callable[[Any], Generator[Any, Any, Any]]) -> R:
    """Run a recursive computation written as generators, with an explicit stack instead of Python's.

    A step ``yield``-s a request where it would recurse; ``spawn(request)`` makes the generator that
    computes it, and its return value is sent back as the value of the ``yield``. Any depth runs (a
    chain of 10⁵ rules too), in the order the recursive version would.

    >>> def length(n):
    ...     return 0 if n == 0 else 1 + (yield n - 1)
    >>> descend(length(100_000), length)
    100000
    """
    stack = [root]
    reply: Any = None
    while True:
        try:
            request = stack[-1].send(reply)
        except StopIteration as done:
            stack.pop()
            if not stack:
                return cast(R, done.value)
            reply = done.value
            continue
        stack.append(spawn(request))
        reply = None
