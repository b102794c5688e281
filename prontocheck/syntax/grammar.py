"""The PrOntoQA sentence grammar and the paper's formula notation, as read by the front-end
(:mod:`prontocheck.syntax.frontend`): each grammar with the transformer that gives its rules their
logical forms.

>>> from prontocheck.syntax.frontend import parse
>>> str(parse(FORMULA, "¬kind(Fae)"))
'¬kind(Fae)'
"""

from __future__ import annotations

from prontocheck.syntax.frontend import Grammar, grammar_text
from prontocheck.syntax.transform import FormulaTransformer, SentenceTransformer

__all__ = ["FORMULA", "PRONTOQA", "grammar_text"]

PRONTOQA = Grammar("prontoqa", {"start": SentenceTransformer}, templates=True)
"""``grammars/prontoqa.lark``: context sentences, queries and chain-of-thought sentences."""

FORMULA = Grammar("formula", {"start": FormulaTransformer}, max_chars=None)  # (no record is read with it)
"""``grammars/formula.lark``: formulas in the paper's notation (what ``str`` of a formula prints)."""
