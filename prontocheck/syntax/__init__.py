"""Syntax: the reading front-end of every grammar, the transformer to logical forms, and text splitting."""

from prontocheck.syntax.forms import Assumption, Contradiction, Query, Sentence, Since, Statements
from prontocheck.syntax.morphology import plural, singular
from prontocheck.syntax.sentences import normalize, parse_formula, parse_query, parse_sentence, parse_statement

__all__ = [
    "Assumption", "Contradiction", "Query", "Sentence", "Since", "Statements", "normalize", "parse_formula",
    "parse_query", "parse_sentence", "parse_statement", "plural", "singular",
]
