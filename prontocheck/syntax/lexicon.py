"""Which noun phrases are one concept and which are adjective + noun (``ontologies/lexicon.json``).

>>> concepts(["angry", "vumpus"]), concepts(["real", "number"]), concepts(["blorp", "wumpus"])
(('angry', 'vumpus'), ('real_number',), ('blorp_wumpus',))
"""

from __future__ import annotations

import json
from functools import cache

from prontocheck._resources import read_text


@cache
def _lexicon() -> tuple[frozenset[str], frozenset[str]]:
    data = json.loads(read_text("ontologies", "lexicon.json"))
    compounds = frozenset("_".join(c.lower().split()) for c in data["compound_nouns"])
    return frozenset(a.lower() for a in data["adjectives"]), compounds


def adjectives() -> frozenset[str]:
    """The listed adjectives, lower case: a predicate named so is never a noun.

    >>> "shy" in adjectives(), "wumpus" in adjectives()
    (True, False)
    """
    return _lexicon()[0]


def concepts(words: list[str]) -> tuple[str, ...]:
    """Split a (lower-case) noun phrase into the predicates it asserts.

    A listed compound noun is one predicate; otherwise each leading listed adjective is a
    predicate of its own and the rest is one (possibly compound) noun.
    """
    adjectives, compounds = _lexicon()
    out: list[str] = []
    i = 0
    while i < len(words) - 1 and words[i] in adjectives and "_".join(words[i:]) not in compounds:
        out.append(words[i])
        i += 1
    out.append("_".join(words[i:]))
    return tuple(out)


def compound_nouns() -> frozenset[str]:
    """The listed compound nouns, lower case, words joined by ``_``.

    >>> "real_number" in compound_nouns(), "blorp_wumpus" in compound_nouns()
    (True, False)
    """
    return _lexicon()[1]
