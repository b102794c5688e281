"""Probability operators: parse, decide exactly with certificates, validate gold labels, score answers.

The benchmark of Hasan, Greff and Grissom (arXiv:2607.27405) asks yes/no questions about inferences
with *probably*, *might*, *must* and *at least as likely as*. This package reads its sentences into
logical forms (:mod:`prontocheck.logic.modal`), decides what premises license under a configurable
probabilistic semantics with exact rational arithmetic, and backs every verdict with a certificate
(a countermodel, or a Motzkin proof that there is none) checked by a small independent checker.

>>> from prontocheck.modal import judge, parse_prompt
>>> premises, question = parse_prompt("Savir might be at the party. "
...                                   "Is it true that it is probable that Savir will be at the party?")
>>> j = judge(premises, question.embedded)
>>> j.verdict, question.answer(j), j.without_conclusion.text()
('undetermined', None, 'at_party(Savir): 1/2; ¬at_party(Savir): 1/2')

See ``docs/modal.md`` for the commands, the input and output formats and the semantics options.
"""

import typing

from prontocheck.common import lazy

if typing.TYPE_CHECKING:
    from prontocheck.modal.benchmark import GridItem, Pattern, Template, generate, patterns, templates
    from prontocheck.modal.certificates import Certificate, Countermodel, NoRanking, Proof, ProofCase
    from prontocheck.modal.checker import CertificateError, check, holds
    from prontocheck.modal.decide import Judgement, Verdict, abstract, judge, satisfiable
    from prontocheck.modal.items import ItemError, ModalItem, ModalParseError, parse_item, read_items
    from prontocheck.modal.metrics import PairComparison, Scored, Summary, mcnemar_exact, summarize
    from prontocheck.modal.parse import parse_modal_formula, parse_prompt, parse_question, parse_statement
    from prontocheck.modal.questions import Form, Question
    from prontocheck.modal.render import render
    from prontocheck.modal.score import ScoreReport, read_answer, score, score_file, score_records
    from prontocheck.modal.semantics import COLUMNS, DEFAULT, READINGS, Semantics
    from prontocheck.modal.validate import (
        GoldStatus,
        ItemResult,
        SemanticsReport,
        ValidationBuilder,
        ValidationReport,
        summarize_validation,
        validate_file,
        validate_item,
        validate_items,
    )

# Imported on first use (prontocheck.common.lazy): importing one module of the package does not import the rest.
lazy.export_lazily("prontocheck.modal", {
    "prontocheck.modal.benchmark": "GridItem Pattern Template generate patterns templates",
    "prontocheck.modal.certificates": "Certificate Countermodel NoRanking Proof ProofCase",
    "prontocheck.modal.checker": "CertificateError check holds",
    "prontocheck.modal.decide": "Judgement Verdict abstract judge satisfiable",
    "prontocheck.modal.items": "ItemError ModalItem ModalParseError parse_item read_items",
    "prontocheck.modal.metrics": "PairComparison Scored Summary mcnemar_exact summarize",
    "prontocheck.modal.parse": "parse_modal_formula parse_prompt parse_question parse_statement",
    "prontocheck.modal.questions": "Form Question",
    "prontocheck.modal.render": "render",
    "prontocheck.modal.score": "ScoreReport read_answer score score_file score_records",
    "prontocheck.modal.semantics": "COLUMNS DEFAULT READINGS Semantics",
    "prontocheck.modal.validate": "GoldStatus ItemResult SemanticsReport ValidationBuilder "
        "ValidationReport summarize_validation validate_file validate_item "
        "validate_items",
})

__all__ = [
    "COLUMNS", "DEFAULT", "Certificate", "CertificateError", "Countermodel", "Form", "GoldStatus", "GridItem",
    "ItemError", "ItemResult", "Judgement", "ModalItem", "ModalParseError", "NoRanking", "PairComparison", "Pattern",
    "Proof",
    "ProofCase", "Question", "READINGS", "ScoreReport", "Scored", "Semantics", "SemanticsReport", "Summary", "Template",
    "ValidationBuilder", "ValidationReport", "Verdict", "abstract", "check", "generate", "holds", "judge",
    "mcnemar_exact", "parse_item", "parse_modal_formula", "parse_prompt", "parse_question", "parse_statement",
    "patterns", "read_answer", "read_items", "render", "satisfiable", "score", "score_file", "score_records",
    "summarize", "summarize_validation", "templates", "validate_file", "validate_item", "validate_items",
]
