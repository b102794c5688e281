"""Syntax: the reading front-end of every grammar, the transformer to logical forms, questions with their
answer options, and reading model text (segmentation, sentence kinds, answers, the problem's vocabulary).
"""

import typing

from prontocheck.common import lazy

if typing.TYPE_CHECKING:
    from prontocheck.syntax.forms import Assumption, Contradiction, Query, Sentence, Since, Statements
    from prontocheck.syntax.morphology import plural, singular
    from prontocheck.syntax.questions import Option, cut_options, read_options, read_query
    from prontocheck.syntax.sentences import normalize, parse_formula, parse_query, parse_sentence, parse_statement

# Imported on first use (prontocheck.common.lazy): importing one module of the package does not import the rest.
lazy.export_lazily("prontocheck.syntax", {
    "prontocheck.syntax.forms": "Assumption Contradiction Query Sentence Since Statements",
    "prontocheck.syntax.morphology": "plural singular",
    "prontocheck.syntax.questions": "Option cut_options read_options read_query",
    "prontocheck.syntax.sentences": "normalize parse_formula parse_query parse_sentence parse_statement",
})

__all__ = [
    "Assumption", "Contradiction", "Option", "Query", "Sentence", "Since", "Statements", "cut_options", "normalize",
    "parse_formula", "parse_query", "parse_sentence", "parse_statement", "plural", "read_options", "read_query",
    "singular",
]
