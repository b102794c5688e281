"""Graph search shared by the rule graphs (literals, shapes, gold rules)."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping
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


def shortest_path(successors: Mapping[T, Iterable[T]], predecessors: Mapping[T, Iterable[T]], source: T,
                  target: T) -> list[T] | None:
    """A shortest path from ``source`` to ``target`` (``None``: none), by a breadth-first search from both ends
    that meet in the middle: the search of ``networkx.shortest_path`` on a directed graph without weights, step
    for step, so that it picks the same path among several as short when the adjacency is in the graph's order
    (``tests/test_graphs.py`` compares the two). As in networkx, no node is ``None``.

    >>> succ = {"a": ["b", "c"], "b": ["d"], "c": ["d"], "d": ["e"]}
    >>> pred = {"b": ["a"], "c": ["a"], "d": ["b", "c"], "e": ["d"]}
    >>> shortest_path(succ, pred, "a", "e"), shortest_path(succ, pred, "e", "a")
    (['a', 'b', 'd', 'e'], None)
    """
    if source == target:
        return [source]
    before: dict[T, T | None] = {source: None}  # (each node's predecessor on the path from the source)
    after: dict[T, T | None] = {target: None}  # (each node's successor on the path to the target)
    forward, backward = [source], [target]
    meet: T | None = None  # (the node where the two searches meet)
    while forward and backward and meet is None:
        if len(forward) <= len(backward):
            level, forward = forward, []
            for v in level:
                for w in successors.get(v, ()):
                    if w not in before:
                        forward.append(w)
                        before[w] = v
                    if w in after:
                        meet = w
                        break
                if meet is not None:
                    break
        else:
            level, backward = backward, []
            for v in level:
                for w in predecessors.get(v, ()):
                    if w not in after:
                        after[w] = v
                        backward.append(w)
                    if w in before:
                        meet = w
                        break
                if meet is not None:
                    break
    if meet is None:
        return None
    path: list[T] = []
    node: T | None = meet
    while node is not None:
        path.append(node)
        node = before[node]
    path.reverse()
    node = after[path[-1]]
    while node is not None:
        path.append(node)
        node = after[node]
    return path


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
