"""Transformers from parse trees to logical forms: one method per grammar rule, nothing else."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from lark import Token, Transformer, v_args

from prontocheck.logic.formulas import (
    And,
    Atom,
    Const,
    Exists,
    ForAll,
    Formula,
    Implies,
    Not,
    Or,
    Var,
    X,
    replace_term,
    rule,
)
from prontocheck.syntax.morphology import singular


@dataclass(frozen=True, slots=True)
class Query:
    """A parsed query: ``True or false: S`` or ``Prove: S``.

    Attributes:
        kind: ``"true_or_false"`` (a label is expected) or ``"prove"`` (proof only).
        formula: the logical form of S.
    """

    kind: Literal["true_or_false", "prove"]
    formula: Formula


def _predicate(words: list[str]) -> str:
    return "_".join(words)


def _pluralised(words: list[str]) -> list[str]:
    # In a multi-word noun only the head (the last word) is inflected: "real numbers".
    return [*words[:-1], singular(words[-1])]


def _negated(formula: Formula, nots: int) -> Formula:
    # "not not kind" is kind: classical double negation.
    return Not(formula) if nots % 2 else formula


@v_args(inline=True)
class SentenceTransformer(Transformer[Token, object]):
    """Map ``grammars/prontoqa.lark`` rules to formulas (and queries to :class:`Query`)."""

    def true_or_false(self, statement: Formula) -> Query:
        return Query("true_or_false", statement)

    def prove(self, statement: Formula) -> Query:
        return Query("prove", statement)

    def statement(self, *children: object) -> object:
        return children[-1]  # the prefixes carry no meaning

    def prefix(self, *_: object) -> None:
        return None

    def entity(self, token: Token) -> Const:
        return Const(str(token))

    def words(self, *tokens: Token) -> list[str]:
        return [t.lower() for t in tokens]

    def neg(self, *nots: Token) -> int:
        return len(nots)

    def noun(self, words: list[str]) -> str:
        return _predicate(words)

    def plural_noun(self, words: list[str]) -> str:
        return _predicate(_pluralised(words))

    def singular_predicate(self, words: list[str]) -> str:
        return _predicate(words)

    def singular_words(self, words: list[str]) -> str:
        return _predicate(words)

    def plural_words(self, words: list[str]) -> str:
        return _predicate(_pluralised(words))

    def fact(self, entity: Const, nots: int, predicate: str) -> Formula:
        return _negated(Atom(predicate, (entity,)), nots)

    def every_rule(self, noun: str, nots: int, predicate: str) -> Formula:
        return rule(Atom(noun, (X,)), _negated(Atom(predicate, (X,)), nots))

    def plural_rule(self, *children: object) -> Formula:
        *_, noun, nots, predicate = children  # an optional leading "All"
        return rule(Atom(str(noun), (X,)), _negated(Atom(str(predicate), (X,)), int(nots)))  # type: ignore[call-overload]

    def no_plural_rule(self, _no: Token, noun: str, predicate: str) -> Formula:
        # "No wumpuses are yumpuses" is read as ∀x(wumpus(x) → ¬yumpus(x)), the form the
        # checker's rule graph uses (equivalent to ¬∃x(wumpus(x) ∧ yumpus(x))).
        return rule(Atom(noun, (X,)), Not(Atom(predicate, (X,))))

    no_singular_rule = no_plural_rule


@v_args(inline=True)
class FormulaTransformer(Transformer[Token, Formula]):
    """Map ``grammars/formula.lark`` (the paper's notation) back to formulas.

    An identifier inside an atom is read as a constant; the quantifier that binds a name turns
    its occurrences into the variable. Operand lists are kept as written (a parenthesised
    conjunction inside a conjunction stays nested), so printing and parsing are inverse.
    """

    def implies(self, antecedent: Formula, consequent: Formula) -> Formula:
        return Implies(antecedent, consequent)

    def or_(self, *operands: Formula) -> Formula:
        return Or(operands)

    def and_(self, *operands: Formula) -> Formula:
        return And(operands)

    def not_(self, operand: Formula) -> Formula:
        return Not(operand)

    def forall(self, variable: Token, body: Formula) -> Formula:
        return ForAll(str(variable), replace_term(body, Const(str(variable)), Var(str(variable))))

    def exists(self, variable: Token, body: Formula) -> Formula:
        return Exists(str(variable), replace_term(body, Const(str(variable)), Var(str(variable))))

    def atom(self, predicate: Token, *args: Token) -> Formula:
        return Atom(str(predicate), tuple(Const(str(a)) for a in args))
