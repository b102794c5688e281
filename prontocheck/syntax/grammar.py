"""The Lark parsers, built once per process from the grammars shipped as package data.

Each parser applies its transformer while parsing (LALR with ``transformer=``), so no parse
tree is built: a sentence goes straight to its logical form.
"""

from __future__ import annotations

from functools import cache

from lark import Lark

from prontocheck._resources import read_text
from prontocheck.syntax.transform import FormulaTransformer, SentenceTransformer

_TRANSFORMERS = {"prontoqa": SentenceTransformer, "formula": FormulaTransformer}


def grammar_text(name: str) -> str:
    """Return the text of a shipped grammar (``"prontoqa"``, ``"formula"``).

    >>> grammar_text("formula").startswith("//")
    True
    """
    return read_text("grammars", f"{name}.lark")


@cache
def parser(name: str) -> Lark:
    """Return the cached LALR parser of a shipped grammar, with its transformer built in."""
    return Lark(grammar_text(name), parser="lalr", transformer=_TRANSFORMERS[name]())
