"""YAML reading that refuses YAML 1.1's boolean trap instead of silently falling into it.

PyYAML implements YAML 1.1, where a bare ``yes``, ``no``, ``on``, ``off`` (and ``y``, ``n``) is a
boolean; YAML 1.2 and people read them as words. The loader here keeps ``true``/``false`` as
booleans and reads the other words as :class:`BareWord` strings, so an entity called ``no`` stays
``"no"``, and :func:`prontocheck.relations.items.as_bool` can reject ``gold: yes`` with a message
instead of guessing. PyYAML is optional: it is imported on first use.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from prontocheck.errors import InputError

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


def load_yaml(text: str, name: str) -> Any:
    """Parse YAML text (``name`` is for messages) with the trap-aware loader.

    Raises:
        InputError: PyYAML is not installed, or the text is not YAML.
    """
    try:
        import yaml
    except ImportError:
        raise InputError(name, None, "reading YAML needs PyYAML (pip install pyyaml), or use JSON") from None
    try:
        return yaml.load(text, Loader=_loader())  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as e:
        raise InputError(name, None, f"not YAML: {e}") from e
