"""What to generate: the knobs of ``prontocheck generate``, validated, and the generator's error.

>>> GeneratorConfig(hops=(1, 5), distractors="relevant").hop_range
(1, 5)
>>> GeneratorConfig(traversal="sideways")
Traceback (most recent call last):
...
prontocheck.errors.UsageError: traversal must be one of bottom-up, top-down, random; got 'sideways'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from prontocheck.errors import ProntocheckError, UsageError
from prontocheck.generate.vocabulary import Vocabulary, default_vocabulary

ONTOLOGIES = ("fictional", "false", "true")
"""Concept names: invented words, real words in a random (false) hierarchy, or a true hierarchy."""
TRAVERSALS = ("bottom-up", "top-down", "random")
"""Order of the context sentences: as the proof goes (postorder), reversed (preorder), or shuffled."""
DISTRACTORS = ("none", "v1", "relevant", "irrelevant")
"""Distractor sentences: none, the paper's single sentence (appendix A.2), or the OOD paper's kinds."""
QUERIES = ("true-or-false", "prove")
"""``True or false: S`` (a label, S negated with probability ½) or ``Prove: S`` (no label)."""


MAX_WIDTH = 4
"""The widest conjunction, disjunction or case split (the original's default ``--proof-width`` is 2)."""
MAX_RULE_TYPES = 6
"""Distinct deduction rules a composed proof can mix: modus ponens, and/or introduction and
elimination, proof by contradiction."""


class GenerationError(ProntocheckError, ValueError):
    """A configuration that cannot be generated (more hops than the vocabulary allows, fewer than the
    rule needs, an unknown rule), or a generated sentence that the grammar does not read back.
    """


def _choice(name: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise UsageError(f"{name} must be one of {', '.join(choices)}; got {value!r}")


@dataclass(frozen=True, slots=True)
class GeneratorConfig:
    """The knobs of one generated data set.

    Attributes:
        hops: proof length (modus ponens steps; for the OOD rules, applications of the rule as
            each rule module counts them), or an inclusive range ``(low, high)`` drawn from
            uniformly per example.
        ontology: ``fictional``, ``false`` or ``true`` (see :data:`ONTOLOGIES`).
        traversal: ``bottom-up``, ``top-down`` or ``random`` (see :data:`TRAVERSALS`).
        distractors: ``none``, ``v1``, ``relevant`` or ``irrelevant`` (see :data:`DISTRACTORS`).
        query: ``true-or-false`` or ``prove``.
        rule: the deduction rule (``modus-ponens``, ``and-intro``, ``and-elim``, ``or-intro``,
            ``or-elim``, ``proof-by-contradiction``, ``composed``; see ``prontocheck.generate.rules``).
        few_shot: number of in-context examples in each record's ``prompt`` (0: no prompt).
        vocabulary: the words to draw from.
        width: the OOD rules' proof width (the original's ``--proof-width``): conjuncts of an
            and-introduction or -elimination, disjuncts of an or-introduction, cases of a proof
            by cases or by contradiction. Modus ponens ignores it.
        rule_types: for ``composed``, the fewest distinct deduction rules in a proof (the
            original's ``--rule-types``). Other rules ignore it.
    """

    hops: int | tuple[int, int] = 3
    ontology: str = "fictional"
    traversal: str = "bottom-up"
    distractors: str = "v1"
    query: str = "true-or-false"
    rule: str = "modus-ponens"
    few_shot: int = 0
    vocabulary: Vocabulary = field(default_factory=default_vocabulary, repr=False)
    width: int = 2
    rule_types: int = 3

    def __post_init__(self) -> None:
        low, high = self.hop_range
        if not (isinstance(low, int) and isinstance(high, int)) or low < 1 or high < low:
            raise UsageError(f"hops must be a positive integer or a range (low, high) with 1 <= low <= high; "
                             f"got {self.hops!r}")
        _choice("ontology", self.ontology, ONTOLOGIES)
        _choice("traversal", self.traversal, TRAVERSALS)
        _choice("distractors", self.distractors, DISTRACTORS)
        _choice("query", self.query, QUERIES)
        if not isinstance(self.few_shot, int) or self.few_shot < 0:
            raise UsageError(f"few_shot must be a non-negative integer; got {self.few_shot!r}")
        if not isinstance(self.width, int) or isinstance(self.width, bool) or not 2 <= self.width <= MAX_WIDTH:
            raise UsageError(f"width must be an integer from 2 to {MAX_WIDTH}; got {self.width!r}")
        if not isinstance(self.rule_types, int) or isinstance(self.rule_types, bool) or \
                not 1 <= self.rule_types <= MAX_RULE_TYPES:
            raise UsageError(f"rule_types must be an integer from 1 to {MAX_RULE_TYPES}; got {self.rule_types!r}")

    @property
    def hop_range(self) -> tuple[int, int]:
        """``(low, high)``, both inclusive; ``(h, h)`` for a single hop count."""
        return (self.hops, self.hops) if isinstance(self.hops, int) else (self.hops[0], self.hops[1])
