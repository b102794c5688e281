"""English noun inflection for open vocabularies: ``wumpuses → wumpus``, ``daxes → dax``.

PrOntoQA users bring their own nouns, so a fixed lexicon (the original's) is not enough: the
regular English rules below cover invented words, and ``ontologies/irregular_plurals.json``
(shipped as package data) holds the exceptions. Adjectives are not inflected, so words that
cannot be regular plurals (``nervous``, ``glass``, ``wumpus``) come back unchanged.
"""

from __future__ import annotations

import json
from functools import cache

from prontocheck._resources import read_text

_ES_ENDINGS = ("uses", "sses", "xes", "zzes", "ches", "shes")
_NOT_PLURAL_ENDINGS = ("ss", "us", "is", "ous")


@cache
def irregular_plurals() -> dict[str, str]:
    """Return the shipped table of irregular plurals (plural → singular).

    >>> irregular_plurals()["people"]
    'person'
    """
    text = read_text("ontologies", "irregular_plurals.json")
    return {k: v for k, v in json.loads(text).items() if not k.startswith("_")}


@cache
def _singular_to_plural() -> dict[str, str]:
    return {s: p for p, s in irregular_plurals().items()}


def singular(word: str) -> str:
    """Return the singular of a (lower-case) plural noun; non-plurals come back unchanged.

    >>> [singular(w) for w in ["wumpuses", "daxes", "feps", "ladies", "people", "nervous", "kind"]]
    ['wumpus', 'dax', 'fep', 'lady', 'person', 'nervous', 'kind']
    """
    table = irregular_plurals()
    if word in table:
        return table[word]
    if word.endswith(_NOT_PLURAL_ENDINGS) or not word.endswith("s"):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(_ES_ENDINGS):
        return word[:-2]
    return word[:-1]


def plural(word: str) -> str:
    """Return the plural of a singular noun (the inverse of :func:`singular` on nouns).

    >>> [plural(w) for w in ["wumpus", "dax", "fep", "lady", "person", "sheep", "day"]]
    ['wumpuses', 'daxes', 'feps', 'ladies', 'people', 'sheep', 'days']
    """
    table = _singular_to_plural()
    if word in table:
        return table[word]
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and len(word) > 1 and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"
