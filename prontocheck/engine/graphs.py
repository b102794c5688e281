"""Graph search shared by the rule graphs (literals, shapes, gold rules)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")


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
