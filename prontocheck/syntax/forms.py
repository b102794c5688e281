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
from typing import Literal

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
