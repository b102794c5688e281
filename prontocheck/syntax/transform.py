"""Transformers from parse trees to logical forms: one method per grammar rule, nothing else."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

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
    Term,
    Var,
    X,
    and_,
    or_,
    replace_term,
    rule,
)
from prontocheck.logic.negation import negate_inward
from prontocheck.syntax.forms import Assumption, Contradiction, Query, Since, Statements
from prontocheck.syntax.frontend import RejectedSentence
from prontocheck.syntax.lexicon import concepts
from prontocheck.syntax.morphology import singular

STRUCTURAL_WORDS = frozenset(
    "not no is are was were and or a an the every each all both either that this since because as so therefore "
    "thus hence he she it they".split()
)
"""Words that are never part of a noun or adjective, even where the parser expects one."""


def _since(premise: Formula | Statements, conclusion: Formula | Statements) -> Since | Statements:
    """"Since φ, ψ": two steps; with several premises ("Since φ and χ, ψ"), one step each."""
    if isinstance(premise, Formula) and isinstance(conclusion, Formula):
        return Since(premise, conclusion)
    return Statements((*_formulas(premise), *_formulas(conclusion)))


def _formulas(part: Formula | Statements) -> tuple[Formula, ...]:
    return part.formulas if isinstance(part, Statements) else (part,)


@dataclass(frozen=True, slots=True)
class _Concepts:
    """A predicate phrase before it is applied to a term: "an angry vumpus" → (angry, vumpus)."""

    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Negated:
    """A later item of a list with its own "not": "kind and *not a wumpus*" (and the first item, when the
    copula's "not" is read as its own).
    """

    phrase: _Concepts | _Negated | _List


@dataclass(frozen=True, slots=True)
class _List:
    """A coordinated predicate: "a wumpus, a yumpus, and a dumpus" (``op`` is "and" or "or")."""

    op: str
    items: tuple[_Concepts | _Negated | _List, ...]

    @property
    def itemwise(self) -> bool:
        """Some later item is negated on its own, so a leading "not" belongs to the first item only."""
        return any(isinstance(i, _Negated) for i in self.items)


@lru_cache(maxsize=1 << 14)
def _apply(phrase: _Concepts | _Negated | _List, term: Term) -> Formula:
    # (cached: a predicate phrase recurs in sentence after sentence, "every wumpus", "is a wumpus"; the
    # phrase and the term are immutable, and so is the formula)
    if isinstance(phrase, _Concepts):
        return and_(*(Atom(name, (term,)) for name in phrase.names))
    if isinstance(phrase, _Negated):
        return negate_inward(_apply(phrase.phrase, term))
    parts = [_apply(item, term) for item in phrase.items]
    return and_(*parts) if phrase.op == "and" else or_(*parts)


def _apply_negated(phrase: _Concepts | _List, term: Term, nots: int) -> Formula:
    """Apply a predicate under the copula's "not"s: to all of it, or to the first item only when a
    later item has its own "not" ("not kind and not a wumpus").
    """
    if isinstance(phrase, _List) and phrase.itemwise and nots % 2:
        first, *rest = phrase.items
        return _apply(_List(phrase.op, (_Negated(first), *rest)), term)
    return _negated(_apply(phrase, term), nots)


def _negated(formula: Formula, nots: int) -> Formula:
    # "not not kind" is kind: classical double negation.
    return negate_inward(formula) if nots % 2 else formula


def _individual(formula: Formula) -> Term | None:
    """The one constant that a ground literal, or a nesting of ``∧`` and ``∨`` over such literals, is
    about; ``None`` for any other formula (a rule, a literal of a variable, literals about two
    individuals).

    >>> from prontocheck.logic.formulas import atom
    >>> fae = Const("Fae")
    >>> _individual(Or((atom("kind", fae), Not(atom("shy", fae))))), _individual(rule(atom("a", X), atom("b", X)))
    (Const(name='Fae'), None)
    """
    found: set[Term] = set()
    stack = [formula]
    while stack:
        f = stack.pop()
        if isinstance(f, And | Or):
            stack.extend(f.operands)
            continue
        literal = f.operand if isinstance(f, Not) else f
        if not isinstance(literal, Atom) or len(literal.args) != 1:
            return None
        found.add(literal.args[0])
        if len(found) > 1:
            return None
    (term,) = found
    return term if isinstance(term, Const) else None


def _pluralised(words: list[str]) -> list[str]:
    # In a multi-word noun only the head (the last word) is inflected: "real numbers".
    return [*words[:-1], singular(words[-1])]


@v_args(inline=True)
class SentenceTransformer(Transformer[Token, object]):
    """Map ``grammars/prontoqa.lark`` rules to formulas, step forms and queries."""

    def true_or_false(self, statement: Formula) -> Query:
        return Query("true_or_false", statement)

    def prove(self, statement: Formula) -> Query:
        return Query("prove", statement)

    def sentence(self, *children: object) -> object:
        return children[-1]  # the prefixes carry no meaning

    def prefix(self, *_: object) -> None:
        return None

    def assume(self, clause: Formula) -> Assumption:
        return Assumption(clause)

    def contradicts(self, clause: Formula) -> Contradiction:
        return Contradiction(clause)

    def bare_contradiction(self) -> Contradiction:
        return Contradiction(None)

    def since(self, *children: object) -> Since | Statements:
        premise, conclusion = children[0], children[-1]  # prefixes in between carry no meaning
        return _since(premise, conclusion)  # type: ignore[arg-type]

    def because(self, conclusion: Formula | Statements, premise: Formula | Statements) -> Since | Statements:
        return _since(premise, conclusion)

    def entity(self, token: Token) -> Const:
        return Const(str(token))

    def words(self, *tokens: Token) -> list[str]:
        words = [t.lower() for t in tokens]
        for token, word in zip(tokens, words):
            if word in STRUCTURAL_WORDS:  # the lexer lets them through where it expects no keyword
                raise RejectedSentence.word(token)
        return words

    def neg(self, *nots: Token) -> int:
        return len(nots)

    def noun(self, words: list[str]) -> _Concepts:
        return _Concepts(concepts(words))

    def plural_noun(self, words: list[str]) -> _Concepts:
        return _Concepts(concepts(_pluralised(words)))

    singular_predicate = noun
    plural_words = plural_noun

    def negated_singular(self, _not: Token, phrase: _Concepts) -> _Negated:
        return _Negated(phrase)

    negated_plural = negated_singular

    def and_list(self, *items: _Concepts | _Negated | _List) -> _List:
        return _List("and", items)

    def or_list(self, *items: _Concepts | _Negated | _List) -> _List:
        return _List("or", items)

    def fact(self, entity: Const, nots: int, phrase: _Concepts | _List) -> Formula:
        return _apply_negated(phrase, entity, nots)

    def clause_list(self, *clauses: Formula) -> Formula | Statements:
        # "Fae is not a wumpus and Fae is not a yumpus": facts about one individual make one conjunction;
        # "Every wumpus is a yumpus and Fae is a wumpus" makes two statements.
        found = {_individual(c) for c in clauses}
        if len(found) == 1 and None not in found:
            return and_(*clauses)
        return Statements(clauses)

    def every_rule(self, noun: _Concepts, nots: int, phrase: _Concepts | _List) -> Formula:
        return rule(_apply(noun, X), _apply_negated(phrase, X, nots))

    def plural_rule(self, *children: object) -> Formula:
        *_, noun, nots, phrase = children  # an optional leading "All"
        return self.every_rule(noun, nots, phrase)  # type: ignore[arg-type]

    def no_plural_rule(self, _no: Token, noun: _Concepts, phrase: _Concepts | _List) -> Formula:
        # "No wumpuses are yumpuses" is read as ∀x(wumpus(x) → ¬yumpus(x)), the form the
        # checker's rule graph uses (equivalent to ¬∃x(wumpus(x) ∧ yumpus(x))).
        return rule(_apply(noun, X), negate_inward(_apply(phrase, X)))

    no_singular_rule = no_plural_rule

    def everything_rule(self, nots1: int, ante: _Concepts | _List, nots2: int, cons: _Concepts | _List) -> Formula:
        return rule(_apply_negated(ante, X, nots1), _apply_negated(cons, X, nots2))


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
