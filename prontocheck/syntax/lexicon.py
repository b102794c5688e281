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


@cache
def known_words() -> frozenset[str]:
    """Every word of the generator's vocabularies (concepts, properties, names, true ontologies) and the listed
    adjectives, lower case, with the plurals of nouns: a word outside these that is one letter away from a word
    of the problem is taken for a misspelling of it (:meth:`~prontocheck.syntax.vocabulary.Vocabulary.read`).

    >>> "wumpus" in known_words(), "wumpuses" in known_words(), "rompusses" in known_words()
    (True, True, False)
    """
    from prontocheck.syntax.morphology import plural

    words: set[str] = set(_lexicon()[0])
    for name in ("prontoqa/vocabulary.json", "prontoqa/true_ontologies.json"):
        stack: list[object] = [json.loads(read_text("ontologies", name))]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                stack.extend(v for k, v in item.items() if not k.startswith("_"))
            elif isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, str):
                words.update(w.lower() for w in item.split() if w.isalpha())
    return frozenset(words | {plural(w) for w in words})
