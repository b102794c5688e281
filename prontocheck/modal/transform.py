"""The transformer from ``grammars/modal.lark`` to logical forms: one method per rule, nothing else.

A clause "X will be at the party" becomes the atom ``at_party(X)``: the activity's words, without
a leading *be* and without articles, name the predicate; the subject's name is the constant.
Negation inside a clause scopes over a coordinated activity and under a coordinated subject
("X and Y will not be there" is ¬there(X) ∧ ¬there(Y)); two negations cancel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from lark import Token, v_args

from prontocheck.logic.formulas import And, Atom, Const, Formula, Implies, Not, Or
from prontocheck.logic.modal import (
    MODAL_TYPES,
    AtLeastAsLikely,
    Conditional,
    Might,
    ModalFormula,
    ModalNot,
    Must,
    Probably,
    statement_and,
    statement_or,
)
from prontocheck.modal.questions import Form, Negation, Polarity, Question
from prontocheck.syntax.frontend import RejectedSentence
from prontocheck.syntax.transform import FormulaTransformer

_ARTICLES = frozenset({"a", "an", "the"})

STRUCTURAL_WORDS = frozenset(
    "not no and or if then that as than is are will won't isn't aren't it it's might may must probably possibly "
    "certainly likely probable possible certain less least both either".split()
)
"""Grammar words that are never part of an activity. The contextual lexer reads them as activity words
where the grammar expects no keyword ("X might be there or not"), so the transformer rejects them."""

Conj = Literal["and", "or"] | None


@dataclass(frozen=True, slots=True)
class Subject:
    """One name, or two joined by *and* / *or*, and the offset where it starts in the sentence."""

    names: tuple[str, ...]
    conj: Conj
    pos: int | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Activity:
    """One activity predicate, or two joined by *and* / *or*."""

    predicates: tuple[str, ...]
    conj: Conj


Tail = Callable[[Subject], tuple[Formula, Formula]]
"""The second half of a comparative: given the subject, the two propositions compared."""


def predicate(words: list[str]) -> str:
    """The predicate an activity names: its words without a leading *be* and without articles.

    >>> predicate(["be", "at", "the", "party"]), predicate(["give", "a", "presentation"])
    ('at_party', 'give_presentation')
    """
    if len(words) > 1 and words[0] == "be":
        words = words[1:]
    kept = [w for w in words if w not in _ARTICLES] or words
    return "_".join(kept)


def _combine(parts: list[Formula], conj: Conj) -> Formula:
    if conj is None:
        return parts[0]
    return And(tuple(parts)) if conj == "and" else Or(tuple(parts))


def _not(formula: Formula, negated: bool) -> Formula:
    if not negated:
        return formula
    return formula.operand if isinstance(formula, Not) else Not(formula)


def proposition(subject: Subject, activity: Activity, negated: bool = False) -> Formula:
    """The proposition "subject does activity" (negated when ``negated``)."""
    per_name = [
        _not(_combine([Atom(p, (Const(name),)) for p in activity.predicates], activity.conj), negated)
        for name in subject.names
    ]
    return _combine(per_name, subject.conj)


def _negated(*flags: object) -> bool:
    """Parity of the negations present (a ``NOT`` token or a true flag)."""
    return sum(1 for f in flags if f is not None and f is not False) % 2 == 1


def _statement(statement: ModalFormula, negated: bool) -> ModalFormula:
    return ModalNot(statement) if negated else statement


def _single(subject: Subject) -> Subject:
    if len(subject.names) != 1:
        raise RejectedSentence(f"a comparative compares one person's chances, not {' and '.join(subject.names)}'s",
                               subject.pos)
    return subject


@v_args(inline=True)
class ModalTransformer(FormulaTransformer):
    """Map ``grammars/modal.lark`` rules to statements, questions and (for ``formula``) notation."""

    # ---------------------------------------------------------------- words
    def name(self, *tokens: Token) -> Token:
        # A token still, so that a subject knows where it starts (for the reason of a rejection).
        return Token.new_borrow_pos("NAME", "_".join(str(t) for t in tokens), tokens[0])

    def subject_one(self, name: Token) -> Subject:
        return Subject((str(name),), None, name.start_pos)

    def subject_and(self, first: Token, second: Token) -> Subject:
        return Subject((str(first), str(second)), "and", first.start_pos)

    def subject_or(self, first: Token, second: Token) -> Subject:
        return Subject((str(first), str(second)), "or", first.start_pos)

    def vp(self, *words: object) -> str:
        for w in words:
            if isinstance(w, Token) and w.lower() in STRUCTURAL_WORDS:
                raise RejectedSentence.word(w)
        return predicate([str(w) for w in words])

    copula = vp

    def at_word(self) -> str:
        return "at"

    def to_word(self) -> str:
        return "to"

    def the_word(self) -> str:
        return "the"

    def vpd_one(self, vp: str) -> Activity:
        return Activity((vp,), None)

    def vpd_and(self, first: str, second: str) -> Activity:
        return Activity((first, second), "and")

    def vpd_or(self, first: str, second: str) -> Activity:
        return Activity((first, second), "or")

    def be_neg(self, *children: object) -> bool:
        return _negated(*children)

    will_neg = be_neg

    def it_be(self, *children: object) -> bool:
        return _negated(*(c for c in children if not (isinstance(c, Token) and c.type == "IT_IS")))

    # ---------------------------------------------------------------- clauses
    def clause_will(self, subject: Subject, negated: bool, activity: Activity) -> Formula:
        return proposition(subject, activity, negated)

    def clause_going(self, subject: Subject, negated: bool, not_: Token | None, activity: Activity) -> Formula:
        return proposition(subject, activity, _negated(negated, not_))

    def clause_copula(self, subject: Subject, negated: bool, predicate: str) -> Formula:
        return proposition(subject, Activity((predicate,), None), negated)

    # ---------------------------------------------------------------- statements
    def statement(self, statement: ModalFormula) -> ModalFormula:
        return statement

    def pr_going(self, subject: Subject, outer: bool, inner: Token | None, activity: Activity) -> ModalFormula:
        return _statement(Probably(proposition(subject, activity, _negated(inner))), outer)

    def pr_will(self, subject: Subject, inner: Token | None, activity: Activity) -> ModalFormula:
        return Probably(proposition(subject, activity, _negated(inner)))

    def pr_adverb(self, subject: Subject, inner: bool, activity: Activity) -> ModalFormula:
        return Probably(proposition(subject, activity, inner))

    def pr_clause(self, *children: Formula) -> ModalFormula:
        return Probably(children[-1])

    def pr_that(self, outer: bool, clause: Formula) -> ModalFormula:
        return _statement(Probably(clause), outer)

    def pr_likely(self, subject: Subject, outer: bool, inner: Token | None, activity: Activity) -> ModalFormula:
        return _statement(Probably(proposition(subject, activity, _negated(inner))), outer)

    def might(self, subject: Subject, inner: Token | None, activity: Activity) -> ModalFormula:
        return Might(proposition(subject, activity, _negated(inner)))

    possibly_will = might

    def possible_that(self, outer: bool, clause: Formula) -> ModalFormula:
        return _statement(Might(clause), outer)

    def must(self, subject: Subject, inner: Token | None, activity: Activity) -> ModalFormula:
        return Must(proposition(subject, activity, _negated(inner)))

    certainly_will = must

    def certain_that(self, outer: bool, clause: Formula) -> ModalFormula:
        return _statement(Must(clause), outer)

    def certainly_going(self, subject: Subject, outer: bool, inner: Token | None, activity: Activity) -> ModalFormula:
        return _statement(Must(proposition(subject, activity, _negated(inner))), outer)

    certain_to = certainly_going

    def geq(self, subject: Subject, outer: bool, tail: Tail) -> ModalFormula:
        return _statement(AtLeastAsLikely(*tail(_single(subject))), outer)

    def less(self, subject: Subject, outer: bool, tail: Tail) -> ModalFormula:
        # "less likely than" is the negation of "at least as likely as".
        return _statement(AtLeastAsLikely(*tail(_single(subject))), not outer)

    def geq_that(self, outer: bool, left: Formula, right: Formula) -> ModalFormula:
        return _statement(AtLeastAsLikely(left, right), outer)

    def less_that(self, outer: bool, left: Formula, right: Formula) -> ModalFormula:
        return _statement(AtLeastAsLikely(left, right), not outer)

    def tail_subject_first(self, other: Subject, inner: Token | None, activity: Activity) -> Tail:
        return lambda s: (proposition(s, activity, _negated(inner)),
                          proposition(_single(other), activity, _negated(inner)))

    def tail_subject_last(self, inner: Token | None, activity: Activity, other: Subject) -> Tail:
        return self.tail_subject_first(other, inner, activity)

    def tail_self(self, inner: Token | None, activity: Activity, other_inner: Token | None,
                  other: Activity) -> Tail:
        return lambda s: (proposition(s, activity, _negated(inner)), proposition(s, other, _negated(other_inner)))

    def tail_self_not(self, inner: Token | None, activity: Activity, _not: Token,
                      other: Activity | None = None) -> Tail:
        def tail(s: Subject) -> tuple[Formula, Formula]:
            left = proposition(s, activity, _negated(inner))
            return left, (proposition(s, other, True) if other is not None else _not_formula(left))

        return tail

    def if_then(self, *children: Formula) -> ModalFormula:
        antecedent, consequent = (c for c in children if c is not None)
        return Conditional(antecedent, consequent)

    def then_if(self, consequent: Formula, antecedent: Formula) -> ModalFormula:
        return Conditional(antecedent, consequent)

    # ---------------------------------------------------------------- questions
    def adj_true(self) -> tuple[Form, Polarity, Negation]:
        return Form.TRUTH, "aff", "none"

    def adj_false(self) -> tuple[Form, Polarity, Negation]:
        return Form.TRUTH, "neg", "lexical"

    def adj_correct(self) -> tuple[Form, Polarity, Negation]:
        return Form.CORRECT, "aff", "none"

    def adj_incorrect(self) -> tuple[Form, Polarity, Negation]:
        return Form.CORRECT, "neg", "prefix"

    def adj_valid(self) -> tuple[Form, Polarity, Negation]:
        return Form.VALID, "aff", "none"

    def adj_invalid(self) -> tuple[Form, Polarity, Negation]:
        return Form.VALID, "neg", "prefix"

    def q_truth(self, adjective: tuple[Form, Polarity, Negation], statement: ModalFormula) -> Question:
        return Question(*adjective, statement)

    def q_truth_not(self, _not: Token, adjective: tuple[Form, Polarity, Negation], statement: ModalFormula) -> Question:
        return _not_wrapper(adjective, statement)

    def q_valid(self, not_: Token | None, adjective: tuple[Form, Polarity, Negation],
                statement: ModalFormula) -> Question:
        return Question(*adjective, statement) if not_ is None else _not_wrapper(adjective, statement)

    def q_can_conclude(self, statement: ModalFormula) -> Question:
        return Question(Form.VALID, "aff", "none", statement)

    def q_follow(self, not_: Token | None, *children: ModalFormula) -> Question:
        statement = children[-1]
        return Question(Form.FOLLOW, "aff", "none", statement) if not_ is None else \
            Question(Form.FOLLOW, "neg", "not", statement)

    def q_probable(self, not_: Token | None, clause: Formula) -> Question:
        return _direct(Probably(clause), not_ is not None)

    def q_possible(self, not_: Token | None, clause: Formula) -> Question:
        return _direct(Might(clause), not_ is not None)

    def q_certain(self, not_: Token | None, clause: Formula) -> Question:
        return _direct(Must(clause), not_ is not None)

    def q_geq(self, subject: Subject, tail: Tail) -> Question:
        return _direct(AtLeastAsLikely(*tail(_single(subject))), False)

    def q_less(self, subject: Subject, tail: Tail) -> Question:
        return _direct(AtLeastAsLikely(*tail(_single(subject))), True)

    # ---------------------------------------------------------------- notation (atoms are inherited)
    # One Boolean layer (grammars/modal.lark): a connective over propositions only is a proposition;
    # over a statement, a statement, its plain operands made plain statements (Fact).
    def or_form(self, *operands: Formula | ModalFormula) -> Formula | ModalFormula:
        return Or(operands) if _all_plain(operands) else statement_or(operands)  # type: ignore[arg-type]

    def and_form(self, *operands: Formula | ModalFormula) -> Formula | ModalFormula:
        return And(operands) if _all_plain(operands) else statement_and(operands)  # type: ignore[arg-type]

    def not_form(self, operand: Formula | ModalFormula) -> Formula | ModalFormula:
        return Not(operand) if _all_plain((operand,)) else ModalNot(operand)  # type: ignore[arg-type]

    def implies_form(self, antecedent: Formula | ModalFormula, consequent: Formula | ModalFormula) -> Formula:
        return Implies(_proposition(antecedent, "→"), _proposition(consequent, "→"))

    def probably_form(self, operand: Formula | ModalFormula) -> ModalFormula:
        return Probably(_proposition(operand, "Pr"))

    def might_form(self, _diamond: Token, operand: Formula | ModalFormula) -> ModalFormula:
        return Might(_proposition(operand, "◇"))

    def must_form(self, operand: Formula | ModalFormula) -> ModalFormula:
        return Must(_proposition(operand, "□"))

    def at_least_as_likely(self, left: Formula | ModalFormula, _geq: Token,
                           right: Formula | ModalFormula) -> ModalFormula:
        return AtLeastAsLikely(_proposition(left, "⪰"), _proposition(right, "⪰"))

    def conditional_form(self, antecedent: Formula | ModalFormula, consequent: Formula | ModalFormula) -> ModalFormula:
        return Conditional(_proposition(antecedent, "⇒"), consequent)


def _all_plain(operands: tuple[Formula | ModalFormula, ...]) -> bool:
    return not any(isinstance(o, MODAL_TYPES) for o in operands)


def _proposition(node: Formula | ModalFormula, operator: str) -> Formula:
    if isinstance(node, MODAL_TYPES):
        raise RejectedSentence(f"{operator} takes a proposition, not the statement {node}", None)
    return node  # type: ignore[return-value]


def _not_formula(formula: Formula) -> Formula:
    return _not(formula, True)


def _not_wrapper(adjective: tuple[Form, Polarity, Negation], statement: ModalFormula) -> Question:
    """"not" before the wrapper's adjective: "not correct" (NOT-CORRECT), "not valid" (NOT-VALID),
    "not true"; before a negative adjective ("not false", "not invalid") the negations cancel.
    """
    form, polarity, _ = adjective
    if polarity == "neg":
        return Question(form, "aff", "double", statement)
    form = {Form.CORRECT: Form.NOT_CORRECT, Form.VALID: Form.NOT_VALID}.get(form, form)
    return Question(form, "neg", "not", statement)


def _direct(statement: ModalFormula, negated: bool) -> Question:
    return Question(Form.DIRECT, "neg" if negated else "aff", "proposition" if negated else "none", statement)
