"""Meaning postulates: what the words of an item mean beyond its logic, given by the user as data.

"If it's raining hard, then it's not raining" is refuted by nothing in the logic alone: that raining hard is
raining is a fact about the words. A postulate is a plain statement about one individual, written in the
notation with the placeholder constant ``x``: ``raining_hard(x) → raining(x)``, ``¬(asleep(x) ∧ awake(x))``.
For an item, every postulate is instantiated for each constant that occurs, in the item's statements, with
every predicate of the postulate, and added to the premises as known (p = 1), like any plain statement.

>>> from prontocheck.modal.parse import parse_modal_formula as f
>>> ps = read_postulates('["exercise_strenuously(x) → exercise(x)"]')
>>> [str(s) for s in instances(ps, [f("exercise(Ann) ⇒ ¬exercise_strenuously(Ann)"), f("exercise(Bo)")])]
['exercise_strenuously(Ann) → exercise(Ann)']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from prontocheck.common.decode import option_document
from prontocheck.errors import UnparseableSentence, UsageError
from prontocheck.logic.formulas import Atom, Const
from prontocheck.logic.modal import Fact, ModalFormula, map_atoms

PLACEHOLDER = Const("x")
"""The constant a postulate is written about."""


@dataclass(frozen=True, slots=True)
class Postulate:
    """One meaning postulate.

    Attributes:
        text: as written.
        statement: the plain statement about the placeholder ``x``.
        predicates: the predicates it speaks of.
    """

    text: str
    statement: Fact
    predicates: frozenset[str]


def _atoms(node: object) -> list[Atom]:
    found: list[Atom] = []
    map_atoms(node, lambda a: found.append(a) or a)  # type: ignore[func-returns-value]
    return found


def read_postulates(text: str, *, source: str = "postulates") -> tuple[Postulate, ...]:
    """Postulates from JSON text: a list of statements in the notation about ``x``.

    Raises:
        UsageError: not a list of strings, or a postulate that is not a plain statement about ``x`` alone
            (named, with the reason).
    """
    from prontocheck.modal.parse import parse_modal_formula  # (the notation's parser: only when postulates are read)

    data = option_document(text, source)
    if not isinstance(data, list) or not all(isinstance(x, str) for x in data):
        raise UsageError(f"{source}: expected a list of statements such as 'raining_hard(x) → raining(x)'")
    out = []
    for written in data:
        try:
            statement = parse_modal_formula(written)
        except UnparseableSentence as e:
            raise UsageError(f"{source}: postulate {written!r}: {e.reason}") from None
        atoms = _atoms(statement)
        if not isinstance(statement, Fact) or not atoms or any(a.args != (PLACEHOLDER,) for a in atoms):
            raise UsageError(f"{source}: postulate {written!r} must be a plain statement (no modal) whose every "
                             "atom is about x")
        out.append(Postulate(written, statement, frozenset(a.predicate for a in atoms)))
    return tuple(out)


def _about(statement: Fact, constant: Const) -> Fact:
    """The postulate's statement about ``constant`` instead of ``x``."""
    about: Fact = map_atoms(statement, lambda a: Atom(a.predicate, (constant,)))
    return about


def instances(postulates: Sequence[Postulate], statements: Iterable[ModalFormula]) -> tuple[Fact, ...]:
    """The postulates' instances an item's statements call for: one per postulate and constant that occurs with
    every predicate of the postulate (in order, without repeats).
    """
    by_constant: dict[Const, set[str]] = {}
    for statement in statements:
        for atom in _atoms(statement):
            for arg in atom.args:
                if isinstance(arg, Const):
                    by_constant.setdefault(arg, set()).add(atom.predicate)
    out: dict[Fact, None] = {}
    for postulate in postulates:
        for constant, predicates in by_constant.items():
            if postulate.predicates <= predicates:
                out.setdefault(_about(postulate.statement, constant), None)
    return tuple(out)

