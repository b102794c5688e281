"""What a deduction-rule module gives the generator: a :class:`Scene`, the logical content of one question.

The generator is split so that a new deduction rule (the OOD paper's and/or introduction and
elimination, proof by contradiction, composed proofs) is a new module here and nothing else: the
module builds the ontology, the proof and the distractors as formulas; writing sentences, queries,
labels, few-shot prompts and files is shared.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from prontocheck.generate.config import GeneratorConfig
from prontocheck.generate.render import Lexicon
from prontocheck.logic.formulas import Formula


@dataclass(frozen=True)
class Scene:
    """The logical content of one question.

    Attributes:
        axioms: the context's formulas in context order, the premises last.
        proof: the gold chain of formulas (premise, rule, fact, …), the goal last.
        lexicon: the surface words of every predicate used.
        hops: the number of rule applications in the proof.
        distractors: the axioms added as distractors (a subset of ``axioms``).
        details: extra metadata for the record (e.g. which true ontology).
    """

    axioms: tuple[Formula, ...]
    proof: tuple[Formula, ...]
    lexicon: Lexicon
    hops: int
    distractors: tuple[Formula, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def goal(self) -> Formula:
        """The last formula of the proof."""
        return self.proof[-1]


class RuleModule(Protocol):
    """A deduction rule the generator can build questions for."""

    name: str
    """The name ``--rule`` takes (``modus-ponens``)."""

    def max_hops(self, config: GeneratorConfig) -> tuple[int, str]:
        """The most hops this configuration's vocabulary allows (0: none), and why, in words."""
        ...

    def build(self, config: GeneratorConfig, hops: int, rng: random.Random) -> Scene:
        """Build one question of exactly ``hops`` hops, constructively (no unbounded retries)."""
        ...
