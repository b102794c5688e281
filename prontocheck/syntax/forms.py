"""What a sentence can be besides a plain statement: a query, an assumption, a contradiction, a
"since" sentence that makes two steps ("Since φ, ψ", "φ, so ψ", "ψ because φ"), or several
statements in one sentence.

>>> from prontocheck.syntax import parse_sentence
>>> s = parse_sentence("Since Fae is a wumpus, Fae is a yumpus.")
>>> [str(f) for f in s.statements()]
['wumpus(Fae)', 'yumpus(Fae)']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, NamedTuple

from prontocheck.logic.formulas import Formula


@dataclass(frozen=True, slots=True)
class Query:
    """A parsed query: ``True or false: S`` or ``Prove: S``.

    Attributes:
        kind: ``"true_or_false"`` (a label is expected) or ``"prove"`` (proof only).
        formula: the logical form of S.
    """

    kind: Literal["true_or_false", "prove"]
    formula: Formula


@dataclass(frozen=True, slots=True)
class Assumption:
    """``Assume φ.``: opens a hypothesis (proof by cases, proof by contradiction)."""

    formula: Formula


@dataclass(frozen=True, slots=True)
class Contradiction:
    """``This contradicts with φ.`` (φ given) or ``This is a contradiction.`` (φ is ``None``)."""

    formula: Formula | None


@dataclass(frozen=True, slots=True)
class Since:
    """``Since φ, ψ`` / ``φ, so ψ`` / ``ψ because φ``: the premise φ, then the conclusion ψ."""

    premise: Formula
    conclusion: Formula

    def statements(self) -> tuple[Formula, Formula]:
        """The two steps the sentence makes, premise first."""
        return self.premise, self.conclusion


@dataclass(frozen=True, slots=True)
class Statements:
    """Several statements in one sentence, one step each: "Every wumpus is a yumpus and Fae is a
    wumpus", "Since Fae is a wumpus and every wumpus is a yumpus, Fae is a yumpus".
    """

    formulas: tuple[Formula, ...]

    def statements(self) -> tuple[Formula, ...]:
        """The steps the sentence makes, in order."""
        return self.formulas


Sentence = Formula | Assumption | Contradiction | Since | Statements
"""A chain-of-thought sentence as parsed: a statement or one of the step forms above."""


STATEMENT, ASSUME, CONTRADICTION = "statement", "assume", "contradiction"


class ProofLine(NamedTuple):
    """One line of a proof: a step as a sentence makes it.

    Attributes:
        kind: ``"statement"``, ``"assume"`` (``Assume φ``) or ``"contradiction"`` (``This
            contradicts with φ``; ``formula`` ``None`` for a bare "This is a contradiction").
        formula: what the line states, assumes, or contradicts.
    """

    kind: str
    formula: Formula | None

    def __str__(self) -> str:
        if self.kind == ASSUME:
            return f"assume {self.formula}"
        if self.kind == CONTRADICTION:
            return "⊥" if self.formula is None else f"⊥ ({self.formula})"
        return str(self.formula)


@lru_cache(maxsize=1 << 14)
def proof_lines(sentence: Sentence) -> tuple[ProofLine, ...]:
    """The steps a parsed sentence makes, in order: one, or one per statement of a "since" sentence.

    >>> from prontocheck.syntax import parse_sentence
    >>> [str(line) for line in proof_lines(parse_sentence("Since Fae is a wumpus, Fae is a yumpus."))]
    ['wumpus(Fae)', 'yumpus(Fae)']
    """
    if isinstance(sentence, Assumption):
        return (ProofLine(ASSUME, sentence.formula),)
    if isinstance(sentence, Contradiction):
        return (ProofLine(CONTRADICTION, sentence.formula),)
    if isinstance(sentence, Since | Statements):
        return tuple(ProofLine(STATEMENT, f) for f in sentence.statements())
    return (ProofLine(STATEMENT, sentence),)
