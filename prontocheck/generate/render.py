"""From logical forms to PrOntoQA sentences, and the check that the parser reads them back.

A :class:`Lexicon` knows the surface words of each predicate (``real_number`` is the noun "real
number", ``warm-blooded`` an adjective). :func:`render` writes a ground literal or a simple rule
in one of the paper's sentence forms; :func:`render_checked` also parses the sentence and refuses
it unless it reads back to the same formula, so a generator can never emit a sentence its own
checker rejects (the original could: "No A is a B").

>>> lex = Lexicon()
>>> cat, fel, furry = lex.noun("cat"), lex.noun("feline"), lex.adjective("furry")
>>> from prontocheck.logic import X, Const, atom, literal, rule
>>> render(rule(atom(cat, X), atom(fel, X)), lex, style="plural")
'Cats are felines.'
>>> render(rule(atom(fel, X), literal(furry, X, False)), lex, style="each")
'Each feline is not furry.'
>>> render_checked(literal(fel, Const("Fae"), True), lex)
'Fae is a feline.'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from prontocheck.engine.theory import as_ground_literal, as_simple_rule
from prontocheck.errors import UnparseableSentence
from prontocheck.generate.config import GenerationError
from prontocheck.generate.words import Word, capitalised, predicate_of
from prontocheck.logic.formulas import Formula
from prontocheck.syntax.sentences import parse_statement

RULE_STYLES = ("every", "each", "plural")
"""The sentence forms of a rule: "Every cat is a feline.", "Each cat is …", "Cats are felines."."""


@dataclass
class Lexicon:
    """Predicate name → surface word, for every predicate an example uses."""

    words: dict[str, Word] = field(default_factory=dict)

    def noun(self, text: str) -> str:
        """Register a noun and return its predicate name."""
        return self._add(text, True)

    def adjective(self, text: str) -> str:
        """Register an adjective and return its predicate name."""
        return self._add(text, False)

    def _add(self, text: str, noun: bool) -> str:
        name = predicate_of(text)
        known = self.words.get(name)
        if known is not None and known.noun != noun:
            raise GenerationError(f"{text!r} is used both as a noun and as an adjective")
        self.words.setdefault(name, Word(text, noun))
        return name

    def __getitem__(self, predicate: str) -> Word:
        try:
            return self.words[predicate]
        except KeyError:
            raise GenerationError(f"no word for the predicate {predicate!r}") from None


def render(formula: Formula, lexicon: Lexicon, *, style: str = "every") -> str:
    """Write a ground literal or a simple rule as a sentence (with its full stop).

    Args:
        formula: ``p(c)``, ``¬p(c)`` or ``∀x(p(x) → (¬)q(x))``.
        lexicon: the surface words of the predicates.
        style: for rules, one of :data:`RULE_STYLES`.

    Raises:
        GenerationError: another shape of formula (a future deduction rule brings its own forms).
    """
    lit = as_ground_literal(formula)
    if lit is not None:
        (predicate, positive), constant = lit
        return f"{constant.name} is {'' if positive else 'not '}{lexicon[predicate].singular()}."
    simple = as_simple_rule(formula)
    if simple is not None:
        (subject, _), (predicate, positive) = simple
        not_ = "" if positive else "not "
        if style == "plural":
            return f"{capitalised(lexicon[subject].plural())} are {not_}{lexicon[predicate].plural()}."
        quantifier = {"every": "Every", "each": "Each"}.get(style)
        if quantifier is None:
            raise GenerationError(f"unknown rule style {style!r}; expected one of {RULE_STYLES}")
        return f"{quantifier} {lexicon[subject].text} is {not_}{lexicon[predicate].singular()}."
    raise GenerationError(f"cannot write {formula} as a PrOntoQA sentence (not a literal or a simple rule)")


def render_checked(formula: Formula, lexicon: Lexicon, rng: random.Random | None = None) -> str:
    """Render (in a random rule style when ``rng`` is given) and check that the parser reads it back.

    Raises:
        GenerationError: the sentence does not parse, or parses to another formula.
    """
    style = rng.choice(RULE_STYLES) if rng is not None else "every"
    text = render(formula, lexicon, style=style)
    try:
        back = parse_statement(text)
    except UnparseableSentence as e:
        raise GenerationError(f"generated sentence {text!r} does not parse ({e.reason}); check the vocabulary") from e
    if back != formula:
        raise GenerationError(f"generated sentence {text!r} reads back as {back}, not {formula}; check the vocabulary")
    return text
