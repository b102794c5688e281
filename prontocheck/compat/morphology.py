"""The originals' vocabulary: an explicit noun/plural table and the proper nouns (no rules).

The tables are data (``ontologies/compat/morphology.{main,v1}.json``), copied from the
original ``Morphology`` of each version. Lookups are exact: ``is_noun("Wumpus")`` is false; the
grammar lower-cases where the original does.

>>> m = morphology("main")
>>> m.is_noun("wumpus"), m.is_plural_noun("wumpuses"), m.to_root("people"), m.is_proper_noun("fae")
(True, True, 'person', False)
>>> m.is_noun("worpus") and m.is_plural_noun("worpus")
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Literal

from prontocheck._resources import read_text

Version = Literal["main", "v1"]
"""Which original: ``main`` @ 0a6412b (PrOntoQA-OOD) or ``v1`` @ 066f73f (ICLR 2023)."""


@dataclass(frozen=True, slots=True)
class Morphology:
    """A noun -> plural table and a set of proper nouns, as in the original ``Morphology`` class.

    Attributes:
        plural_of: singular -> plural.
        singular_of: plural -> singular.
        proper_nouns: the entity names (case-sensitive).
    """

    plural_of: dict[str, str]
    singular_of: dict[str, str]
    proper_nouns: frozenset[str]

    def is_noun(self, word: str) -> bool:
        return word in self.plural_of

    def is_plural_noun(self, word: str) -> bool:
        return word in self.singular_of

    def is_proper_noun(self, word: str) -> bool:
        return word in self.proper_nouns

    def is_any_noun(self, word: str) -> bool:
        return self.is_noun(word) or self.is_plural_noun(word) or self.is_proper_noun(word)

    def to_root(self, plural: str) -> str:
        return self.singular_of[plural]


@cache
def morphology(version: Version) -> Morphology:
    """The vocabulary of one original version (read once from the shipped JSON table)."""
    data = json.loads(read_text("ontologies", f"compat/morphology.{version}.json"))
    nouns = [(str(s), str(p)) for s, p in data["nouns"]]
    return Morphology(
        plural_of=dict(nouns),
        singular_of={p: s for s, p in nouns},
        proper_nouns=frozenset(str(n) for n in data["proper_nouns"]),
    )
