"""The comparative lexicon: which dimension a comparative measures, and in which direction.

"bigger" is more of ``size``, "smaller" is less of it; "more shiny" is more of ``shininess``;
"less shiny" is less of it. A comparative that the lexicon lacks is guessed from its form:
"fluffier" becomes more of ``fluffy``. A guessed dimension is only ever its own order, so a
wrong guess cannot create a conflict; it can only miss one.

>>> lex = Lexicon.from_table({"size": {"more": ["big/bigger"], "less": ["small/smaller"]}})
>>> lex.measure(("smaller",)), lex.measure(("more", "big")), lex.measure(("fluffier",))
(('size', False), ('size', True), ('fluffy', True))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

_VOWELS = set("aeiou")


def guess_adjective(comparative: str) -> str | None:
    """The adjective of an ``-er`` comparative by English spelling rules, or ``None``.

    >>> [guess_adjective(w) for w in ("fluffier", "wetter", "colder", "table")]
    ['fluffy', 'wet', 'cold', None]
    """
    w = comparative.lower()
    if len(w) < 4 or not w.endswith("er"):
        return None
    if w.endswith("ier"):
        return w[:-3] + "y"
    stem = w[:-2]
    if len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in _VOWELS:
        return stem[:-1]
    return stem


@dataclass(frozen=True, slots=True)
class Lexicon:
    """Comparatives and adjectives, each with its dimension and direction (``True``: more of it).

    Attributes:
        comparatives: ``"smaller"`` → ``("size", False)``.
        adjectives: ``"small"`` → ``("size", False)``.
        names: each dimension's first "more" comparative (``"size"`` → ``"bigger"``), for questions.
    """

    comparatives: Mapping[str, tuple[str, bool]] = field(default_factory=dict)
    adjectives: Mapping[str, tuple[str, bool]] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_table(cls, table: Mapping[str, Mapping[str, list[str]]]) -> Lexicon:
        """Build from ``{dimension: {"more": ["adj/comparative", …], "less": […]}}`` (already validated)."""
        comparatives: dict[str, tuple[str, bool]] = {}
        adjectives: dict[str, tuple[str, bool]] = {}
        names: dict[str, str] = {}
        for dimension, sides in table.items():
            for side, pairs in sides.items():
                for pair in pairs:
                    adjective, _, comparative = pair.partition("/")
                    adjectives[adjective.lower()] = (dimension, side == "more")
                    comparatives[comparative.lower()] = (dimension, side == "more")
                    if side == "more":
                        names.setdefault(dimension, comparative.lower())
        return cls(comparatives, adjectives, names)

    def merged(self, other: Lexicon) -> Lexicon:
        """This lexicon with ``other``'s entries added (``other`` wins on a clash)."""
        return Lexicon({**self.comparatives, **other.comparatives}, {**self.adjectives, **other.adjectives},
                       {**self.names, **other.names})

    def measure(self, words: tuple[str, ...]) -> tuple[str, bool] | None:
        """The dimension and direction of ``("bigger",)`` or ``("more"|"less", adjective)``; ``None`` if
        it is no comparative (not in the lexicon and not an ``-er`` word).
        """
        if len(words) == 2 and words[0] in ("more", "less"):
            dimension, more = self.adjectives.get(words[1], (words[1], True))
            return dimension, more == (words[0] == "more")
        if len(words) != 1:
            return None
        found = self.comparatives.get(words[0])
        if found is not None:
            return found
        adjective = guess_adjective(words[0])
        if adjective is None:
            return None
        return self.adjectives.get(adjective, (adjective, True))

    def dimension(self, word: str) -> str | None:
        """The dimension a word names (``"size"``) or measures as an adjective (``"big"``, ``"small"``: size), as
        in "about the same size as", "about as big as"; ``None`` for a word the lexicon does not know.

        >>> lex = Lexicon.from_table({"size": {"more": ["big/bigger"], "less": ["small/smaller"]}})
        >>> lex.dimension("size"), lex.dimension("small"), lex.dimension("fluffy")
        ('size', 'size', None)
        """
        word = word.lower()
        if word in self.names or any(d == word for d, _ in self.comparatives.values()):
            return word
        found = self.adjectives.get(word)
        return None if found is None else found[0]

    def comparative(self, dimension: str) -> str:
        """The word for "more of ``dimension``" in a question (``"bigger"``; ``"more fluffy"`` if unknown)."""
        return self.names.get(dimension) or f"more {dimension}"
