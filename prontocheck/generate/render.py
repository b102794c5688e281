"""From logical forms to PrOntoQA sentences, and the check that the parser reads them back.

A :class:`Lexicon` knows the surface words of each predicate (``real_number`` is the noun "real
number", ``warm-blooded`` an adjective). :func:`render` writes a ground formula or a rule in one of
the paper's sentence forms: literals and simple rules (v1), and the compound forms of the OOD
rules (an adjective before a noun, coordinated predicates, "Everything that is …", coordinated
negated clauses). :func:`render_checked` also parses the sentence and refuses it unless it reads
back to the same formula, so a generator can never emit a sentence its own checker rejects (the
original could: "No A is a B"). :func:`render_step` writes the chain-of-thought forms "Assume φ.",
"This contradicts with φ." and "Since φ, ψ.", checked the same way.

>>> lex = Lexicon()
>>> cat, fel, furry = lex.noun("cat"), lex.noun("feline"), lex.adjective("furry")
>>> from prontocheck.logic import X, Const, Not, and_, atom, literal, or_, rule
>>> render(rule(atom(cat, X), atom(fel, X)), lex, style="plural")
'Cats are felines.'
>>> render(rule(atom(fel, X), literal(furry, X, False)), lex, style="each")
'Each feline is not furry.'
>>> render_checked(literal(fel, Const("Fae"), True), lex)
'Fae is a feline.'
>>> angry, fae = lex.adjective("angry"), Const("Fae")
>>> render_checked(and_(atom(angry, fae), atom(cat, fae)), lex)
'Fae is an angry cat.'
>>> render_checked(rule(or_(atom(angry, X), atom(cat, X)), atom(fel, X)), lex)
'Everything that is angry or a cat is a feline.'
>>> render_checked(and_(Not(atom(cat, fae)), Not(atom(fel, fae))), lex)
'Fae is not a cat and Fae is not a feline.'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from prontocheck.engine.theory import as_ground_literal, as_simple_rule
from prontocheck.errors import UnparseableSentence
from prontocheck.generate.config import GenerationError
from prontocheck.generate.words import capitalised, predicate_of
from prontocheck.logic.formulas import And, Atom, Const, ForAll, Formula, Implies, Not, Or, Term, Var
from prontocheck.syntax.english import Word, article, coordinate
from prontocheck.syntax.forms import Assumption, Contradiction, Since
from prontocheck.syntax.sentences import parse_sentence, parse_statement

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


Lit = tuple[str, bool]
"""A literal without its argument: (predicate, positive)."""


def _literal(formula: Formula) -> tuple[Lit, Term] | None:
    positive = True
    if isinstance(formula, Not):
        formula, positive = formula.operand, False  # type: ignore[assignment]
    if isinstance(formula, Atom) and len(formula.args) == 1:
        return (formula.predicate, positive), formula.args[0]
    return None


def _operands(formula: Formula) -> tuple[str, list[Lit], Term] | None:
    """A literal (``"lit"``) or a conjunction/disjunction of literals about one term."""
    if (lit := _literal(formula)) is not None:
        return "lit", [lit[0]], lit[1]
    if isinstance(formula, And | Or):
        lits = [_literal(op) for op in formula.operands]
        if all(lit is not None for lit in lits) and len({lit[1] for lit in lits if lit is not None}) == 1:
            term = lits[0][1]  # type: ignore[index]
            return ("and" if isinstance(formula, And) else "or"), [lit[0] for lit in lits if lit is not None], term
    return None


def _adjective_noun(lits: list[Lit], lexicon: Lexicon) -> bool:
    """Adjectives then one noun, all positive: "an angry vumpus" (the original's 1-hop wording)."""
    words = [lexicon[p] for p, _ in lits]
    return (len(lits) >= 2 and all(pos for _, pos in lits) and words[-1].noun
            and not any(w.noun for w in words[:-1]))


def _phrases(kind: str, lits: list[Lit], lexicon: Lexicon, *, plural: bool) -> list[str]:
    """Ways to write positive predicates as the object of "is"/"are" (or a subject), best first."""
    words = [lexicon[p] for p, _ in lits]
    out = []
    if kind == "and" and _adjective_noun(lits, lexicon):
        adjectives = " ".join(w.text for w in words[:-1])
        noun = words[-1].plural() if plural else words[-1].text
        out.append(f"{adjectives} {noun}" if plural else f"{article(adjectives)} {adjectives} {noun}")
    parts = [w.plural() if plural else w.singular() for w in words]
    out.append(parts[0] if kind == "lit" else coordinate(parts, kind))
    return out


def _fact_forms(formula: Formula, lexicon: Lexicon) -> list[str]:
    found = _operands(formula)
    if found is None or not isinstance(found[2], Const):
        return []
    kind, lits, term = found
    name = term.name
    if all(pos for _, pos in lits):
        return [f"{name} is {p}." for p in _phrases(kind, lits, lexicon, plural=False)]
    if not any(pos for _, pos in lits) and kind != "lit":
        positive = [(p, True) for p, _ in lits]
        if kind == "and":  # ¬A ∧ ¬B: "Fae is not a A and Fae is not a B" (the original's clause coordination)
            clauses = [f"{name} is not {lexicon[p].singular()}" for p, _ in lits]
            return [coordinate(clauses, "and") + ".",
                    f"{name} is not {coordinate([lexicon[p].singular() for p, _ in lits], 'or')}."]
        return [f"{name} is not {p}." for p in _phrases("and", positive, lexicon, plural=False)]
    if kind == "lit":
        return [f"{name} is not {lexicon[lits[0][0]].singular()}."]
    return []


def _rule_forms(formula: Formula, lexicon: Lexicon, style: str) -> list[str]:
    if not (isinstance(formula, ForAll) and isinstance(formula.body, Implies)):
        return []
    var = Var(formula.variable)
    ante, cons = _operands(formula.body.antecedent), _operands(formula.body.consequent)
    if ante is None or cons is None or ante[2] != var or cons[2] != var or not all(p for _, p in ante[1]):
        return []
    (a_kind, a_lits, _), (c_kind, c_lits, _) = ante, cons
    negative = c_kind == "lit" and not c_lits[0][1]
    if not negative and not all(p for _, p in c_lits):
        return []
    c_lits = [(p, True) for p, _ in c_lits]
    not_ = "not " if negative else ""
    singular_c = _phrases(c_kind, c_lits, lexicon, plural=False)
    plural_c = _phrases(c_kind, c_lits, lexicon, plural=True)
    simple_subject = a_kind == "lit" and lexicon[a_lits[0][0]].noun
    forms = []
    if simple_subject or (a_kind == "and" and _adjective_noun(a_lits, lexicon)):
        subject = _phrases(a_kind, a_lits, lexicon, plural=False)[0]
        subjects = _phrases(a_kind, a_lits, lexicon, plural=True)[0]
        if a_kind == "lit":
            subject = lexicon[a_lits[0][0]].text
        else:
            subject = subject.split(" ", 1)[1]  # without its article
        if style == "plural":
            forms += [f"{capitalised(subjects)} are {not_}{c}." for c in plural_c]
        else:
            quantifier = {"every": "Every", "each": "Each"}.get(style)
            if quantifier is None:
                raise GenerationError(f"unknown rule style {style!r}; expected one of {RULE_STYLES}")
            forms += [f"{quantifier} {subject} is {not_}{c}." for c in singular_c]
    everything = coordinate([lexicon[p].singular() for p, _ in a_lits], "and" if a_kind == "lit" else a_kind)
    forms += [f"Everything that is {everything} is {not_}{c}." for c in singular_c]
    return forms


def render_forms(formula: Formula, lexicon: Lexicon, *, style: str = "every") -> list[str]:
    """Every way this module writes a formula as a sentence, best first (empty: no way)."""
    if style not in RULE_STYLES:
        raise GenerationError(f"unknown rule style {style!r}; expected one of {RULE_STYLES}")
    return _fact_forms(formula, lexicon) or _rule_forms(formula, lexicon, style)


def render(formula: Formula, lexicon: Lexicon, *, style: str = "every") -> str:
    """Write a ground formula or a rule as a sentence (with its full stop).

    Args:
        formula: ``p(c)``, ``¬p(c)``, ``∀x(p(x) → (¬)q(x))``, or an OOD form: a conjunction or
            disjunction of positive literals about one constant, a conjunction (or disjunction) of
            negative ones, a rule whose antecedent and consequent are such conjunctions or
            disjunctions (a compound consequent is positive).
        lexicon: the surface words of the predicates.
        style: for rules, one of :data:`RULE_STYLES` (a rule with a disjunctive antecedent is
            always written "Everything that is A or B is C").

    Raises:
        GenerationError: another shape of formula.
    """
    lit = as_ground_literal(formula)
    if lit is not None:
        (predicate, positive), constant = lit
        return f"{constant.name} is {'' if positive else 'not '}{lexicon[predicate].singular()}."
    simple = as_simple_rule(formula)
    if simple is not None and lexicon[simple[0][0]].noun:
        (subject, _), (predicate, positive) = simple
        not_ = "" if positive else "not "
        if style == "plural":
            return f"{capitalised(lexicon[subject].plural())} are {not_}{lexicon[predicate].plural()}."
        quantifier = {"every": "Every", "each": "Each"}.get(style)
        if quantifier is None:
            raise GenerationError(f"unknown rule style {style!r}; expected one of {RULE_STYLES}")
        return f"{quantifier} {lexicon[subject].text} is {not_}{lexicon[predicate].singular()}."
    forms = render_forms(formula, lexicon, style=style)
    if not forms:
        raise GenerationError(f"cannot write {formula} as a PrOntoQA sentence")
    return forms[0]


def render_checked(formula: Formula, lexicon: Lexicon, rng: random.Random | None = None) -> str:
    """Render (in a random rule style when ``rng`` is given) and check that the parser reads it back.

    A compound formula has several wordings; the first that reads back is taken (an adjective
    before a compound noun may not: then "Fae is kind and a real number").

    Raises:
        GenerationError: no wording parses back to the formula.
    """
    style = rng.choice(RULE_STYLES) if rng is not None else "every"
    simple = as_ground_literal(formula) is not None or (
        (r := as_simple_rule(formula)) is not None and lexicon[r[0][0]].noun)
    forms = [render(formula, lexicon, style=style)] if simple else render_forms(formula, lexicon, style=style)
    if not forms:
        raise GenerationError(f"cannot write {formula} as a PrOntoQA sentence")
    why = ""
    for text in forms:
        try:
            back = parse_statement(text)
        except UnparseableSentence as e:
            why = f"generated sentence {text!r} does not parse ({e.reason}); check the vocabulary"
            continue
        if back == formula:
            return text
        why = f"generated sentence {text!r} reads back as {back}, not {formula}; check the vocabulary"
    raise GenerationError(why)


def render_step(kind: str, formulas: tuple[Formula, ...], lexicon: Lexicon, written: dict[Formula, str]) -> str:
    """Write a chain-of-thought step of the OOD rules and check that it parses back.

    Args:
        kind: ``"assume"`` ("Assume φ."), ``"contradicts"`` ("This contradicts with φ.") or
            ``"since"`` ("Since φ, ψ.", two formulas).
        formulas: φ (and ψ).
        lexicon: the surface words.
        written: sentences already written for formulas (reused, so that a restated premise reads
            as in the context).

    Raises:
        GenerationError: the step does not parse back.
    """
    def sentence(f: Formula) -> str:
        return written.get(f) or render_checked(f, lexicon)

    expected: Assumption | Contradiction | Since
    if kind == "assume":
        text, expected = f"Assume {sentence(formulas[0])}", Assumption(formulas[0])
    elif kind == "contradicts":
        text, expected = f"This contradicts with {sentence(formulas[0])}", Contradiction(formulas[0])
    elif kind == "since":
        text = f"Since {sentence(formulas[0])[:-1]}, {sentence(formulas[1])}"
        expected = Since(formulas[0], formulas[1])
    else:
        raise GenerationError(f"unknown step kind {kind!r}")
    try:
        back = parse_sentence(text)
    except UnparseableSentence as e:
        raise GenerationError(f"generated step {text!r} does not parse ({e.reason})") from e
    if back != expected:
        raise GenerationError(f"generated step {text!r} reads back as {back}, not {expected}")
    return text
