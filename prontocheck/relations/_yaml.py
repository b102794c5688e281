"""YAML reading that refuses YAML 1.1's boolean trap instead of silently falling into it.

PyYAML implements YAML 1.1, where a bare ``yes``, ``no``, ``on``, ``off`` (and ``y``, ``n``) is a
boolean; YAML 1.2 and people read them as words. The loader here keeps ``true``/``false`` as
booleans and reads the other words as :class:`BareWord` strings, so an entity called ``no`` stays
``"no"``, and :func:`prontocheck.relations.items.as_bool` can reject ``gold: yes`` with a message
instead of guessing. PyYAML is optional: it is imported on first use.

Aliases are counted as copies of their anchors: a document that would expand to more than
:data:`~prontocheck.limits.YAML_NODES` nodes (an alias bomb, "billion laughs") or that refers to
itself is refused with the line of the offending anchor, before anything is built from it.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from prontocheck.errors import InputError
from prontocheck.limits import YAML_NODES

_BARE_TAG = "tag:prontocheck,2025:bareword"


class BareWord(str):
    """A plain (unquoted) YAML scalar that YAML 1.1 reads as a boolean and YAML 1.2 as a string."""

    __slots__ = ()


@cache
def _loader() -> Any:
    import yaml

    class Loader(yaml.SafeLoader):
        """SafeLoader with only ``true``/``false`` as booleans; yes/no/on/off/y/n are BareWords."""

    Loader.yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                                 list("tTfF"))
    Loader.add_implicit_resolver(_BARE_TAG, re.compile(r"^(?:yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF|[yYnN])$"),
                                 list("yYnNoO"))
    Loader.add_constructor(_BARE_TAG, lambda loader, node: BareWord(loader.construct_scalar(node)))
    return Loader


def load_yaml(text: str, name: str, *, limit: int = YAML_NODES) -> Any:
    """Parse YAML text (``name`` is for messages) with the trap-aware loader.

    Raises:
        InputError: PyYAML is not installed, the text is not YAML, or it expands to more than ``limit``
            nodes through its aliases (or contains itself), with the line of the offending node.

    >>> load_yaml("a: &x [1, 2]\\nb: *x", "doc.yaml")
    {'a': [1, 2], 'b': [1, 2]}
    >>> load_yaml("a: &x [1, 2]\\nb: [*x, *x, *x]", "doc.yaml", limit=8)
    Traceback (most recent call last):
    ...
    prontocheck.errors.InputError: doc.yaml:2: the YAML expands to more than 8 nodes through its aliases (the ...
    """
    try:
        import yaml
    except ImportError:
        raise InputError(name, None, "reading YAML needs PyYAML (pip install pyyaml), or use JSON") from None
    try:
        loader = _loader()(text)  # (the reader refuses control characters already here)
    except yaml.YAMLError as e:
        raise InputError(name, None, f"not YAML: {e}") from e
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_expansion(node, name, limit)
        return loader.construct_document(node)
    except yaml.YAMLError as e:
        raise InputError(name, None, f"not YAML: {e}") from e
    finally:
        loader.dispose()


def _check_expansion(root: Any, name: str, limit: int) -> None:
    """Refuse a node graph (aliases share their anchor's node) that expands to more than ``limit``
    nodes, or that contains itself; the error names the line of the smallest node too large.
    """
    import yaml

    sizes: dict[int, int] = {}
    # Iterative post-order walk: (node, children done?). A node on the path is "open" (size -1).
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if isinstance(node, yaml.ScalarNode):
            sizes[key] = 1
            continue
        children = [c for pair in node.value for c in pair] if isinstance(node, yaml.MappingNode) else node.value
        if not done:
            if key in sizes:
                if sizes[key] < 0:
                    raise InputError(name, node.start_mark.line + 1, "a YAML alias refers to a node that contains it")
                continue
            sizes[key] = -1
            stack.append((node, True))
            stack.extend((c, False) for c in children if id(c) not in sizes or sizes[id(c)] < 0)
            continue
        size = 1 + sum(sizes[id(c)] for c in children)
        if size > limit:
            raise InputError(name, node.start_mark.line + 1,
                             f"the YAML expands to more than {limit} nodes through its aliases (the limit yaml_nodes)")
        sizes[key] = size
