"""Syntax: grammars (package data), the transformer to logical forms, and text splitting."""

from prontocheck.syntax.morphology import plural, singular
from prontocheck.syntax.sentences import normalize, parse_formula, parse_query, parse_statement
from prontocheck.syntax.transform import Query

__all__ = ["Query", "normalize", "parse_formula", "parse_query", "parse_statement", "plural", "singular"]
