"""Facts and rules in the PrOntoQA generator's English, in the words a context uses for its predicates.

:func:`sentence` writes a formula the way the generator would, with the words of a
:class:`~prontocheck.syntax.english.Wording`: "Max is a jompus", "every jompus is not shy",
"everything that is orange and a brimpus is a tumpus". Rules are written with a lower-case "every"
(they are quoted inside a longer line); :func:`phrase` gives a shape's bare words ("not dull",
"orange and brimpus"). The reasons for invalid steps are written with these.

>>> from prontocheck.syntax.sentences import parse_statement as p
>>> w = Wording("Jompuses are not shy. Max is a jompus. Every real number is a number.")
>>> sentence(p("Every jompus is not shy."), w), sentence(p("Max is a real number."), w)
('every jompus is not shy', 'Max is a real number')
>>> sentence(p("Everything that is shy or a jompus is not a number."), w)
'everything that is shy or a jompus is not a number'
"""

from __future__ import annotations

from prontocheck.engine.shapes import Compound, Lit, Shape, ground_shape, rule_shapes, sort_key
from prontocheck.logic.formulas import Const, Formula
from prontocheck.syntax.english import Wording, article, coordinate


def _literals(shape: Shape) -> list[Lit] | None:
    """The literals of a literal, conjunction or disjunction of literals; ``None`` for deeper shapes."""
    if isinstance(shape, Lit):
        return [shape]
    lits = [lit for lit in shape.parts if isinstance(lit, Lit)]
    return lits if len(lits) == len(shape.parts) else None


def _op(shape: Shape) -> str | None:
    return shape.op.value if isinstance(shape, Compound) else None


def _ordered(lits: list[Lit], wording: Wording) -> list[Lit]:
    """Positive before negative (a later item carries its own "not"), adjectives before nouns, then by name."""
    return sorted(lits, key=lambda lit: (not lit[1], wording.word(lit[0]).noun, lit[0]))


def _predicate(shape: Shape, wording: Wording) -> str | None:
    """A shape as the object of "is": "a jompus", "not shy", "kind and not a wumpus", "an angry vumpus"."""
    lits = _literals(shape)
    if lits is None:
        return None
    lits = _ordered(lits, wording)
    words = [wording.word(p) for p, _ in lits]
    if _op(shape) == "and" and all(pos for _, pos in lits) and words[-1].noun and not any(w.noun for w in words[:-1]):
        adjectives_ = " ".join(w.text for w in words[:-1])
        return f"{article(adjectives_)} {adjectives_} {words[-1].text}"  # "an angry vumpus"
    items = [("" if pos else "not ") + w.singular() for (_, pos), w in zip(lits, words)]
    return items[0] if len(items) == 1 else coordinate(items, _op(shape) or "and")


def fact_sentence(shape: Shape, constant: Const, wording: Wording) -> str | None:
    """A ground shape as the generator writes it: "Max is a jompus", "Fae is not a lempus and Fae is not
    an impus"; ``None`` for a shape nested deeper than a conjunction or disjunction of literals.

    >>> from prontocheck.engine.shapes import Op
    >>> fact_sentence(Compound(Op.AND, frozenset({Lit("impus", False), Lit("lempus", False)})), Const("Fae"), Wording())
    'Fae is not an impus and Fae is not a lempus'
    """
    lits = _literals(shape)
    if lits is not None and _op(shape) == "and" and not any(pos for _, pos in lits):
        clauses = [f"{constant.name} is not {wording.word(p).singular()}" for p, _ in _ordered(lits, wording)]
        return coordinate(clauses, "and")
    predicate = _predicate(shape, wording)
    return None if predicate is None else f"{constant.name} is {predicate}"


def rule_sentence(antecedent: Shape, consequent: Shape, wording: Wording) -> str | None:
    """A rule as the generator writes it, with a lower-case "every": "every jompus is not shy",
    "everything that is orange and a brimpus is a tumpus"; ``None`` for deeper shapes.

    >>> rule_sentence(Lit("cat", True), Lit("carnivore", True), Wording())
    'every cat is a carnivore'
    """
    consequent_text = _predicate(consequent, wording)
    lits = _literals(antecedent)
    if consequent_text is None or lits is None:
        return None
    words = [wording.word(p) for p, _ in _ordered(lits, wording)]
    if all(pos for _, pos in lits) and words[-1].noun and not any(w.noun for w in words[:-1]) and (
            len(lits) == 1 or _op(antecedent) == "and"):
        subject = " ".join(w.text for w in words)  # "every jompus", "every angry vumpus"
        return f"every {subject} is {consequent_text}"
    return f"everything that is {_predicate(antecedent, wording)} is {consequent_text}"


def sentence(formula: Formula, wording: Wording) -> str:
    """A fact or rule in the generator's English, or the formula in the paper's notation when it has
    no such wording (a formula about two individuals, say).

    >>> from prontocheck.syntax.sentences import parse_statement as p
    >>> sentence(p("Fae is kind or not a wumpus."), Wording("Fae is a wumpus."))
    'Fae is kind or not a wumpus'
    """
    g = ground_shape(formula)
    text = None
    if g is not None:
        text = fact_sentence(g[0], g[1], wording)
    elif (r := rule_shapes(formula)) is not None:
        text = rule_sentence(r[0], r[1], wording)
    return text if text is not None else str(formula)


def phrase(shape: Shape, wording: Wording) -> str:
    """A shape's bare words, as in "no rule leads from wumpus to not dull".

    >>> from prontocheck.engine.shapes import Op
    >>> either = Compound(Op.OR, frozenset({Lit("a", True), Lit("b", True)}))
    >>> phrase(Lit("real_number", False), Wording()), phrase(either, Wording())
    ('not real number', 'a or b')
    """
    if isinstance(shape, Lit):
        return ("" if shape.positive else "not ") + wording.word(shape.predicate).text
    return coordinate([phrase(p, wording) for p in sorted(shape.parts, key=sort_key)], shape.op.value)
