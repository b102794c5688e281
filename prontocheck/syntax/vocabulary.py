"""Reading with the problem's vocabulary: which words name individuals, concepts and properties.

The context defines its individuals (``Max``), concepts (``wumpus``) and properties (``dull``). A
sentence of a chain of thought is read against them:

- an individual's name matches whatever its case (``max`` is ``Max``);
- a concept is never an individual: ``Rompus is tumpus.`` is the rule ∀x(rompus(x) → tumpus(x)) (a bare
  generic), not a fact about someone called Rompus;
- a function word or pronoun is never an individual (``That is false.`` states nothing about "That");
  pronouns are kept for the chain to resolve (``she`` is the individual named last);
- a plural where a singular belongs is the concept (``Polly is a sterpuses`` is sterpus(Polly));
- a new word (or a listed compound noun, ``real number``) used as a concept or property (``Fae is a
  blicket.``, ``Alex is blue.``) stays what it is, a predicate the model made up (the step is then
  invalid); a phrase of unknown words (``irrelevant here``, ``i think dumpus``) or a word about the
  reasoning rather than the problem (``irrelevant``, ``unknown``, ``true``) means the sentence was not read
  right, and it is rejected with the words named;
- a word one letter away (or with two neighbouring letters swapped) from exactly one concept or property of
  the problem and no word of the generator's vocabularies (``rompusses`` beside ``rompuses``, ``numpas``
  beside ``numpus``) is a slip of the pen, read as meant like a number slip (careful readers do; a word of the
  generator's, ``tumpus`` beside ``numpus``, is a concept the model made up); a word one letter from two of
  the problem's words is rejected with both named.

With an empty vocabulary (no context) nothing is checked: the open-vocabulary reading stands.

>>> from prontocheck.syntax import parse_statement as p
>>> v = Vocabulary.of([p("Every rompus is a tumpus."), p("Max is a rompus."), p("Tumpuses are dull.")])
>>> str(v.read(p("Rompus is tumpus"), "Rompus is tumpus")), str(v.read(p("max is dull"), "max is dull"))
('∀x(rompus(x) → tumpus(x))', 'dull(Max)')
>>> v.read(p("That is false"), "That is false")
Unread(reason="'That' is not an individual", subject_is_function_word=True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

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
    X,
    atoms,
    constants_of,
    replace_term,
    rule,
    symbols,
)
from prontocheck.syntax.lexicon import compound_nouns, known_words
from prontocheck.syntax.morphology import plural, singular

PRONOUNS = frozenset({"he", "she", "it", "they", "him", "her", "them"})
"""Words that stand for an individual named earlier ("Since Fae is a wumpus, she is a yumpus")."""

FUNCTION_WORDS = frozenset(
    """i me my we us our you your this that these those which who whom whose what where when why how there here
    but and or so then thus therefore hence now also yes no not nothing something anything everything everyone
    someone anyone nobody none each every all both either neither another other such same one answer answers
    statement statements question questions context option options step steps conclusion premise premises rule
    rules fact facts proof goal result reasoning query claim hypothesis information chain case wait hmm ok okay
    well let lets first second third next finally however moreover furthermore additionally actually maybe
    perhaps clearly indeed because since given thing things something true false correct incorrect right wrong
    instead otherwise overall summary note some many most few several others any much more less""".split()
)
"""Words that are never an individual's name, even capitalised at the start of a sentence."""

META_WORDS = frozenset(
    """relevant irrelevant important unimportant crucial key true false correct incorrect right wrong unknown unclear
    possible impossible necessary unnecessary needed useful useless certain uncertain sure different same similar
    consistent inconsistent valid invalid given mentioned stated defined known unknown related unrelated connected
    independent determined undetermined clear obvious evident implied mentioned specified listed provided applicable
    here there it this that so also indeed""".split()
)
"""Words that describe the reasoning, not the problem: "Dumpuses are irrelevant." is a remark, not a property."""

VACUOUS_NOUNS = frozenset({"thing", "things", "object", "objects", "entity", "entities", "one", "ones", "individual",
                           "individuals"})
"""Nouns that add nothing next to an adjective: "every small thing" is every small x."""



@dataclass(frozen=True, slots=True)
class Unread:
    """Why a parse does not fit the problem's vocabulary.

    Attributes:
        reason: one line naming the word that does not fit.
        subject_is_function_word: the subject is a function word ("That is false"): a remark, not a
            statement about an individual.
    """

    reason: str
    subject_is_function_word: bool = False


@dataclass(frozen=True, eq=False)
class Vocabulary:
    """The individuals, predicates and words of a problem's context and query.

    Attributes:
        individuals: lower-case name → the name as the context writes it.
        predicates: every predicate the context and query use (concepts and properties).
        words: every lower-case word of those predicates, with the plurals of concepts.
    """

    individuals: dict[str, str] = field(default_factory=dict)
    predicates: frozenset[str] = frozenset()
    words: frozenset[str] = frozenset()
    names: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", frozenset(self.individuals.values()))

    @classmethod
    def of(cls, formulas: Iterable[Formula]) -> Vocabulary:
        """The vocabulary of some formulas (a context's axioms and its query)."""
        found = [symbols(formula) for formula in formulas]
        predicates = frozenset[str]().union(*(names for names, _ in found))
        individuals: dict[str, str] = {}
        for _, constants in found:
            for name in constants:
                if name.lower() not in PRONOUNS:
                    individuals.setdefault(name.lower(), name)
        return cls(individuals, predicates, frozenset[str]().union(*map(_forms, predicates)) | frozenset(individuals))

    @property
    def empty(self) -> bool:
        """No context to read against: every reading is accepted as it is."""
        return not self.predicates

    def knows(self, formula: Formula) -> bool:
        """Every predicate and name of the formula is the context's own (then it is read as it is).

        >>> Vocabulary.of([Atom("rompus", (X,))]).knows(Atom("rompus", (X,)))
        True
        """
        predicates, constants = symbols(formula)
        return predicates <= self.predicates and constants <= self.names

    def concept(self, word: str) -> str | None:
        """The concept a word names, singular or plural, in any case; ``None`` if it names none.

        >>> Vocabulary.of([Atom("rompus", (X,))]).concept("Rompuses")
        'rompus'
        """
        lower = word.lower()
        for candidate in (lower, singular(lower)):
            if candidate in self.predicates:
                return candidate
        return None

    def read(self, formula: Formula, text: str) -> Formula | Unread:
        """The formula with the problem's names, or why it does not fit (see the module doc).

        Args:
            formula: a parsed statement.
            text: the clause it was parsed from.
        """
        if self.empty:
            return formula
        if self.knows(formula):
            return formula  # every word the context's own (most sentences)
        if not symbols(formula)[0].isdisjoint(VACUOUS_NOUNS):
            formula = _drop_vacuous(formula)
        for c in constants_of(formula):
            if c.name.lower() in FUNCTION_WORDS and c.name.lower() not in self.individuals:
                return Unread(f"{c.name!r} is not an individual", subject_is_function_word=True)
        renamed: dict[str, str] = {}
        for a in atoms(formula):
            if a.predicate in self.predicates or a.predicate in renamed:
                continue
            if a.predicate in self.individuals:
                return Unread(f"{self.individuals[a.predicate]!r} is an individual, not a concept or property")
            if a.predicate in FUNCTION_WORDS:
                return Unread(f"{a.predicate!r} is not a concept or property", subject_is_function_word=True)
            known = self.concept(a.predicate)
            if known is not None:
                renamed[a.predicate] = known
            elif "_" not in a.predicate and (near := self.misspelled(a.predicate)) is not None:
                meant = self.concept(near)
                if meant is None:
                    return Unread(f"unknown word {a.predicate!r} (a misspelling of {near!r}?)")
                renamed[a.predicate] = meant  # a slip read as meant, like a number slip
            elif ("_" in a.predicate and a.predicate not in compound_nouns()) or a.predicate in META_WORDS:
                unknown = [w for w in a.predicate.split("_") if w not in self.words] or a.predicate.split("_")
                shown = " ".join(unknown)
                return Unread(f"unknown word{'s' if len(unknown) > 1 else ''} {shown!r}")
        if renamed:
            formula = _rename(formula, renamed)
        for c in sorted(constants_of(formula), key=lambda c: c.name):
            lower = c.name.lower()
            if c.name.isdigit() or lower in PRONOUNS:
                continue
            if lower in self.individuals:
                if self.individuals[lower] != c.name:
                    formula = replace_term(formula, c, Const(self.individuals[lower]))
                continue
            concept = self.concept(c.name)
            if concept is not None and not _quantified(formula) and len(constants_of(formula)) == 1:
                return rule(Atom(concept, (X,)), replace_term(formula, c, X))
            if lower in FUNCTION_WORDS:
                return Unread(f"{c.name!r} is not an individual", subject_is_function_word=True)
            if not (c.name[:1].isupper() and c.name.isalpha()):
                return Unread(f"unknown word {c.name!r}")
        return formula

    def misspelled(self, word: str) -> str | None:
        """The problem's word that ``word`` misspells: one letter away from it (one added, dropped or changed) and
        not itself a word of the generator's vocabularies (so "tumpus" next to the context's "numpus" is a concept
        the model made up, not a slip); "a or b" when it is one letter from two; else ``None``.

        >>> v = Vocabulary.of([Atom("rompus", (X,)), Atom("numpus", (X,))])
        >>> v.misspelled("rompusses"), v.misspelled("numpas"), v.misspelled("tumpus"), v.misspelled("blicket")
        ('rompus', 'numpus', None, None)
        """
        lower = word.lower()
        if len(lower) < 4 or lower in known_words():
            return None
        near = sorted({self.concept(w) or w for w in self.words if one_edit(lower, w)})
        return near[0] if len(near) == 1 else " or ".join(near) or None

    def mentions(self, words: Iterable[str]) -> list[str]:
        """The words of a text that belong to the problem's vocabulary (lower-case, in order).

        >>> Vocabulary.of([Atom("rompus", (Const("Max"),))]).mentions(["So", "Max", "likes", "rompuses"])
        ['max', 'rompuses']
        """
        return [w.lower() for w in words if w.lower() in self.words or self.concept(w) is not None]


def one_edit(a: str, b: str) -> bool:
    """``a`` and ``b`` differ by one letter added, dropped or changed, or two neighbours swapped (not equal).

    >>> one_edit("zhropus", "zhorpus"), one_edit("numpas", "numpus"), one_edit("rompus", "tumpus")
    (True, True, False)
    """
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        differ = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
        return len(differ) == 1 or (len(differ) == 2 and differ[1] == differ[0] + 1
                                    and a[differ[0]] == b[differ[1]] and a[differ[1]] == b[differ[0]])
    short, long = (a, b) if len(a) < len(b) else (b, a)
    i = next((i for i, (x, y) in enumerate(zip(short, long)) if x != y), len(short))
    return short[i:] == long[i + 1:]


@lru_cache(maxsize=1 << 14)
def _forms(predicate: str) -> frozenset[str]:
    """The words of a predicate, with the plural of its last word ("real_number" → real, number, numbers)."""
    return frozenset({*predicate.split("_"), plural(predicate.rsplit("_", 1)[-1])})


def _quantified(formula: Formula) -> bool:
    return isinstance(formula, ForAll | Exists) or any(
        isinstance(a, Const) is False for atom in atoms(formula) for a in atom.args
    )


def _drop_vacuous(formula: Formula) -> Formula:
    """Drop "thing" from a conjunction with something else ("every small thing" → small(x))."""
    match formula:
        case And(ops):
            kept = [_drop_vacuous(o) for o in ops if not (isinstance(o, Atom) and o.predicate in VACUOUS_NOUNS)]
            return kept[0] if len(kept) == 1 else And(tuple(kept)) if kept else formula
        case Not(op):
            return Not(_drop_vacuous(op))
        case Or(ops):
            return Or(tuple(_drop_vacuous(o) for o in ops))
        case Implies(a, c):
            return Implies(_drop_vacuous(a), _drop_vacuous(c))
        case ForAll(v, body):
            return ForAll(v, _drop_vacuous(body))
        case Exists(v, body):
            return Exists(v, _drop_vacuous(body))
    return formula


def _rename(formula: Formula, names: dict[str, str]) -> Formula:
    match formula:
        case Atom(p, args):
            return Atom(names.get(p, p), args)
        case Not(op):
            return Not(_rename(op, names))
        case And(ops):
            return And(tuple(_rename(o, names) for o in ops))
        case Or(ops):
            return Or(tuple(_rename(o, names) for o in ops))
        case Implies(a, c):
            return Implies(_rename(a, names), _rename(c, names))
        case ForAll(v, body):
            return ForAll(v, _rename(body, names))
        case Exists(v, body):
            return Exists(v, _rename(body, names))
    raise TypeError(f"not a formula: {formula!r}")
